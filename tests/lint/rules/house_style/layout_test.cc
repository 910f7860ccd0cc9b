// layout: what a hunk's message names, and the rule's findings and fixes over a canonical form
// given by the environment (the command line's comes from commands::FormatText; commands_test and
// the fixtures test it with fmt's).
#include "lint/rules/house_style/layout.h"

#include <gtest/gtest.h>

#include "lint/engine.h"
#include "lint/test_bank.h"

namespace qbank::lint {
namespace {

TEST(LayoutTest, TheMessageNamesWhatDiffers) {
  EXPECT_EQ(LayoutDifference("a\n\n\nb\n", "a\n\nb\n"), "blank lines differ");
  EXPECT_EQ(LayoutDifference("## Options\n", "\n## Options\n"), "blank lines differ");
  EXPECT_EQ(LayoutDifference("a  \nb\t\n", "a\nb\n"), "trailing white space differs");
  EXPECT_EQ(LayoutDifference("    \"x\": 1\n", "  \"x\": 1\n"), "indentation differs");
  EXPECT_EQ(LayoutDifference("a. Paris\nb. Lyon\n", "A) Paris\nB) Lyon\n"), "label style differs");
  EXPECT_EQ(LayoutDifference("* [x] Paris\n", "- [x] Paris\n"), "label style differs");
  EXPECT_EQ(LayoutDifference("{\"a\": 1, \"b\": 2}\n", "{\n  \"a\": 1,\n  \"b\": 2\n}\n"),
            "spacing differs");
  EXPECT_EQ(LayoutDifference("\"b\": 2,\n\"a\": 1\n", "\"a\": 1,\n\"b\": 2\n"), "layout differs");
  // A changed word after a label is no label style.
  EXPECT_EQ(LayoutDifference("a. Paris\n", "A) Lyon\n"), "layout differs");
}

struct LayoutRun {
  std::vector<Finding> findings;
  std::string fixed;  // the file with every fix applied
};

// The layout rule over a one-question bank read from `file`, whose canonical form is `canonical`
// (nullopt: none).
LayoutRun RunLayout(const std::string& file, std::optional<std::string> canonical) {
  testing::BankBuilder builder("bank.md");
  builder.AddQuestion("q1", "stem", {"a", "b"}, 0);
  model::Bank bank = builder.Build();
  bank.sources[0] = std::make_shared<SourceText>("bank.md", file);
  RuleEnvironment env(RealFileSystem(), "");
  env.set_canonical_form([&](const SourceText&) { return canonical; });
  auto rule = std::make_shared<LayoutRule>();
  EXPECT_TRUE(rule->Configure(model::Value(), env).ok());
  EngineOptions options;
  options.threads = 1;
  LayoutRun run;
  run.findings = RunRules(bank, {PlannedRule{rule, Severity::kWarning, {}}}, options).findings;
  run.fixed = file;
  for (auto it = run.findings.rbegin(); it != run.findings.rend(); ++it) {
    const Fix& fix = *it->fix;
    run.fixed.replace(fix.begin, fix.end - fix.begin, fix.replacement);
  }
  return run;
}

TEST(LayoutTest, OneFindingPerHunkAtItsFirstDifferenceWithAFixForExactlyIt) {
  std::string file =
      "## Question\n\n\nWhich city?\n\n## Options\n\n* [x] Paris\n* [ ] Lyon\n\n## Explanation\n"
      "\nIt is.\n  \n";
  std::string canonical =
      "## Question\n\nWhich city?\n\n## Options\n\n- [x] Paris\n- [ ] Lyon\n\n## Explanation\n"
      "\nIt is.\n";
  LayoutRun run = RunLayout(file, canonical);
  ASSERT_EQ(run.findings.size(), 3u);
  EXPECT_EQ(run.findings[0].message, "blank lines differ from `qbank fmt`");
  EXPECT_EQ(run.findings[0].span.line, 3u);  // the second blank line goes
  EXPECT_EQ(run.findings[1].message, "label style differs from `qbank fmt`");
  EXPECT_EQ(run.findings[1].span.line, 8u);
  EXPECT_EQ(run.findings[1].span.column, 1u);
  EXPECT_EQ(run.findings[2].message, "blank lines differ from `qbank fmt`");
  EXPECT_EQ(run.findings[2].span.line, 14u);
  EXPECT_TRUE(run.findings[1].question_id.empty());
  // Each fix replaces whole lines of its hunk; together they make the canonical form.
  const Fix& labels = *run.findings[1].fix;
  EXPECT_EQ(file.substr(labels.begin, labels.end - labels.begin), "* [x] Paris\n* [ ] Lyon\n");
  EXPECT_EQ(labels.replacement, "- [x] Paris\n- [ ] Lyon\n");
  EXPECT_EQ(run.fixed, canonical);
  EXPECT_TRUE(RunLayout(run.fixed, canonical).findings.empty());
}

TEST(LayoutTest, NoCanonicalFormNoFinding) {
  EXPECT_TRUE(RunLayout("anything\n", std::nullopt).findings.empty());
  EXPECT_TRUE(RunLayout("same\n", "same\n").findings.empty());
}

}  // namespace
}  // namespace qbank::lint
