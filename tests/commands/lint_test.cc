#include "commands/lint.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>

#include "commands/explain.h"
#include "commands/rules.h"
#include "formats/registry.h"
#include "json/document.h"
#include "lint/category.h"
#include "lint/registry.h"

namespace qbank::commands {
namespace {

using lint::CategoryName;
using lint::Date;
using lint::Rule;
using lint::RuleRegistry;

constexpr const char* kGoodAiken =
    "Which planet is known as the red planet of the solar system?\n"
    "A) Venus\nB) Mars\nC) Jupiter\nD) Saturn\nANSWER: B\n";
constexpr const char* kThreeOptions =
    "Which gas makes up most of the air that we breathe on Earth?\n"
    "A) Oxygen\nB) Nitrogen\nC) Argon\nANSWER: B\n";
// Aiken has no explanations or rationales: these tests switch those rules off. Four options per
// single-answer question is this bank's house style, so a three-option question is a warning.
constexpr const char* kConfig = R"({
  "extends": "recommended",
  "rules": {"empty-field": "off", "missing-rationale": "off",
            "option-count": {"options": {"single": 4}}}
})";

class RunLintTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (formats::Registry::Default().Find("aiken") == nullptr) {
      GTEST_SKIP() << "the aiken format is not registered in this build";
    }
    for (const char* rel : {"schemas/config.schema.json", "rules/presets/recommended.json",
                            "rules/presets/practice-page.json", "rules/presets/strict.json",
                            "rules/terms/dump-markers.txt", "rules/terms/binary-options.txt",
                            "rules/terms/generic-stem-words.txt", "rules/terms/function-words.txt",
                            "rules/terms/paraphrase-function-words.txt"}) {
      Result<std::string> text =
          RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/" + rel);
      ASSERT_TRUE(text.ok());
      fs_.Add(std::string("/data/") + rel, text.value());
    }
    fs_.Add("/w/.qbank.json", kConfig);
    options_.fs = &fs_;
    options_.data_dir = "/data";
    options_.today = Date{2026, 11, 30};
    options_.out_is_terminal = false;
  }

  int Run() {
    out_.str("");
    err_.str("");
    return RunLint(options_, out_, err_);
  }

  InMemoryFileSystem fs_;
  LintOptions options_;
  std::ostringstream out_;
  std::ostringstream err_;
};

TEST_F(RunLintTest, CleanInputExitsZero) {
  fs_.Add("/w/good.aiken", kGoodAiken);
  options_.inputs = {"/w/good.aiken"};
  EXPECT_EQ(Run(), 0) << err_.str();
  EXPECT_EQ(out_.str(), "no findings (1 question in 1 file checked)\n");
  EXPECT_EQ(err_.str(), "");
}

// --delimiter is how the csv files are read, over the header row's detection and the config.
TEST_F(RunLintTest, DelimiterFlagDecidesHowACsvIsRead) {
  fs_.Add("/w/gases.csv",
          "stem;option_a;option_b;option_c;option_d;key\n"
          "Which gas makes up most of the air that we breathe on Earth?;Nitrogen;Oxygen;"
          "Argon;Carbon dioxide;A\n");
  options_.inputs = {"/w/gases.csv"};
  options_.select = {"key-count"};
  EXPECT_EQ(Run(), 0) << out_.str() << err_.str();
  options_.delimiter = ';';
  EXPECT_EQ(Run(), 0) << out_.str() << err_.str();
  options_.delimiter = '\t';  // the header is then one unknown column
  EXPECT_NE(Run(), 0);
  EXPECT_NE(out_.str().find("unknown column"), std::string::npos) << out_.str() << err_.str();
}

TEST_F(RunLintTest, FailOnAndMaxWarningsDecideTheExitCode) {
  fs_.Add("/w/three.aiken", kThreeOptions);
  options_.inputs = {"/w"};
  EXPECT_EQ(Run(), 0);
  EXPECT_EQ(out_.str(),
            "/w/three.aiken:1:1: warning: single question has 3 options; expected 4 "
            "[option-count]\n"
            "Which gas makes up most of the air that we breathe on Earth?\n"
            "^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
            "1 warning in 1 file (1 question in 1 file checked)\n");
  options_.fail_on = "warning";
  EXPECT_EQ(Run(), 1);
  options_.fail_on = "error";
  options_.max_warnings = 1;
  EXPECT_EQ(Run(), 0);
  options_.max_warnings = 0;
  EXPECT_EQ(Run(), 1);
  EXPECT_EQ(err_.str(), "qbank lint: 1 warnings; --max-warnings allows 0\n");
  options_.max_warnings = -1;
  options_.fail_on = "none";
  EXPECT_EQ(Run(), 0);
}

// QBANK_TIMING (options.timing): the steps and every rule that ran, with their times, on `err`;
// the report itself is unchanged.
TEST_F(RunLintTest, TimingListsStepsAndRules) {
  fs_.Add("/w/three.aiken", kThreeOptions);
  options_.inputs = {"/w"};
  EXPECT_EQ(Run(), 0);
  std::string plain = out_.str();
  options_.timing = true;
  EXPECT_EQ(Run(), 0);
  EXPECT_EQ(out_.str(), plain);
  std::string err = err_.str();
  EXPECT_EQ(err.rfind("qbank lint: timing\n", 0), 0u) << err;
  for (const char* line : {"  reading the inputs ", "  rule option-count ",
                           "  rule exact-duplicate ", "  writing the report "}) {
    EXPECT_NE(err.find(line), std::string::npos) << line << "\n" << err;
  }
  EXPECT_EQ(err.find("rule empty-field"), std::string::npos) << "off in the config";
}

TEST_F(RunLintTest, AFileThatFailsToImportIsAFindingAndTheRestIsLinted) {
  fs_.Add("/w/a_broken.aiken", "Which is it?\nA) One\nB) Two\nANSWER: E\n");
  fs_.Add("/w/b_three.aiken", kThreeOptions);
  options_.inputs = {"/w"};
  EXPECT_EQ(Run(), 2);
  std::string out = out_.str();
  EXPECT_NE(out.find("/w/a_broken.aiken:4:"), std::string::npos) << out;
  EXPECT_NE(out.find("[import-error]"), std::string::npos) << out;
  EXPECT_NE(out.find("/w/b_three.aiken:1:1: warning: single question has 3 options"),
            std::string::npos)
      << out;
}

// Rules read their data through the run's file system and data folder: dump-markers uses the term
// list under --data-dir (here /data, in memory), not the one the program was built with.
TEST_F(RunLintTest, DumpMarkersUseTheTermListOfTheDataFolder) {
  fs_.Add("/data/rules/terms/dump-markers.txt", "# a list for this test\nleaked from set {n}\n");
  fs_.Add("/w/marked.aiken",
          "Which planet is known as the red planet of the solar system? Leaked from set 12\n"
          "A) Venus\nB) Mars\nC) Jupiter\nD) Saturn\nANSWER: B\n\n"
          "QUESTION NO: 7 Which planet is the largest planet of the solar system?\n"
          "A) Venus\nB) Mars\nC) Jupiter\nD) Saturn\nANSWER: C\n");
  options_.inputs = {"/w/marked.aiken"};
  EXPECT_EQ(Run(), 0) << err_.str();
  std::string out = out_.str();
  EXPECT_NE(out.find("/w/marked.aiken:1:62: warning: \"Leaked from set 12\" is text typical of "
                     "leaked exam dumps"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("QUESTION NO"), out.find("QUESTION NO: 7 Which")) << "not in this list";
  EXPECT_EQ(out.find("[dump-markers]"), out.rfind("[dump-markers]")) << out;

  fs_.Add("/data/rules/terms/dump-markers.txt", "");
  EXPECT_EQ(Run(), 0) << err_.str();
  EXPECT_EQ(out_.str().find("[dump-markers]"), std::string::npos) << out_.str();
}

// --against banks are imported through the run's file system (here in memory).
TEST_F(RunLintTest, AgainstReadsBanksThroughTheRunsFileSystem) {
  fs_.Add("/published/old.aiken", kGoodAiken);
  fs_.Add("/w/good.aiken", kGoodAiken);
  options_.inputs = {"/w/good.aiken"};
  options_.against = {"/published/old.aiken"};
  EXPECT_EQ(Run(), 0) << err_.str();
  EXPECT_NE(out_.str().find("/w/good.aiken:1:1: warning: exact duplicate of question \"q-"),
            std::string::npos)
      << out_.str();
  EXPECT_NE(out_.str().find("(/published/old.aiken:1)"), std::string::npos) << out_.str();

  options_.against = {"/published/missing.aiken"};
  EXPECT_EQ(Run(), 2);
  EXPECT_NE(err_.str().find("option 'against': /published/missing.aiken"), std::string::npos)
      << err_.str();
}

TEST_F(RunLintTest, UsageAndConfigErrorsExitTwo) {
  fs_.Add("/w/good.aiken", kGoodAiken);
  options_.inputs = {"/w/good.aiken"};
  options_.format = "xml";
  EXPECT_EQ(Run(), 2);
  EXPECT_EQ(err_.str(),
            "qbank lint: unknown --format 'xml'; expected one of html, json, text, sarif, github, "
            "junit\n");
  options_.format = "text";
  options_.fail_on = "fatal";
  EXPECT_EQ(Run(), 2);
  options_.fail_on = "error";
  options_.color = "sometimes";
  EXPECT_EQ(Run(), 2);
  options_.color = "auto";
  options_.inputs = {};
  EXPECT_EQ(Run(), 2);
  options_.inputs = {"/w/good.aiken"};
  fs_.Add("/w/.qbank.json", "{\"rules\": {\"no-such-rule\": \"error\"}}");
  EXPECT_EQ(Run(), 2);
  EXPECT_EQ(err_.str(),
            "/w/.qbank.json:1:12: rules.no-such-rule: unknown rule or category; run `qbank rules` "
            "for the "
            "list\n");
  EXPECT_EQ(out_.str(), "");
  options_.config_path = "/w/missing.json";
  EXPECT_EQ(Run(), 2);
}

TEST_F(RunLintTest, ColourFollowsTheFlagTheTerminalAndNoColor) {
  fs_.Add("/w/three.aiken", kThreeOptions);
  options_.inputs = {"/w/three.aiken"};
  options_.color = "always";
  Run();
  EXPECT_NE(out_.str().find("\x1b["), std::string::npos);
  options_.color = "auto";
  options_.out_is_terminal = true;
  ::unsetenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  std::string saved_term = term != nullptr ? term : "";
  ::setenv("TERM", "xterm", 1);
  Run();
  EXPECT_NE(out_.str().find("\x1b["), std::string::npos);
  ::setenv("NO_COLOR", "1", 1);
  Run();
  EXPECT_EQ(out_.str().find("\x1b["), std::string::npos);
  ::unsetenv("NO_COLOR");
  options_.out_is_terminal = false;
  Run();
  EXPECT_EQ(out_.str().find("\x1b["), std::string::npos);
  if (term != nullptr) {
    ::setenv("TERM", saved_term.c_str(), 1);
  } else {
    ::unsetenv("TERM");
  }
}

TEST_F(RunLintTest, JsonFormat) {
  fs_.Add("/w/three.aiken", kThreeOptions);
  options_.inputs = {"/w/three.aiken"};
  options_.format = "json";
  EXPECT_EQ(Run(), 0);
  SourceText report("report.json", out_.str());
  Result<json::Node> root = json::Parse(report);
  ASSERT_TRUE(root.ok()) << root.status().ToString();
  EXPECT_EQ(root->Find("findings")->items().size(), 1u);
  EXPECT_EQ(root->Find("summary")->Find("warnings")->as_int(), 1);
  EXPECT_EQ(out_.str().find("\x1b["), std::string::npos);
}

TEST(ListRulesTest, EveryRuleWithSeverityAndSummary) {
  std::ostringstream out, err;
  EXPECT_EQ(ListRules(out, err), 0);
  std::string text = out.str();
  for (const Rule* r : RuleRegistry::Default().All()) {
    EXPECT_NE(text.find(std::string(r->id())), std::string::npos) << r->id();
    EXPECT_NE(text.find(std::string(r->summary())), std::string::npos) << r->id();
  }
  EXPECT_NE(text.find("  key-count                         error         "), std::string::npos)
      << text;
  EXPECT_NE(text.find("  invisible-characters              warning  fix  "), std::string::npos)
      << text;
}

TEST(ListRulesTest, RulesAreGroupedUnderTheirCategory) {
  std::ostringstream out, err;
  EXPECT_EQ(ListRules(out, err), 0);
  std::string text = out.str();
  const RuleRegistry& registry = RuleRegistry::Default();
  for (const Rule* r : registry.All()) {
    // The rule's line comes after its category's heading and before the next heading.
    std::string heading = std::string(CategoryName(*registry.CategoryOf(r->id()))) + ": ";
    size_t at = text.find("\n" + heading);
    if (text.starts_with(heading)) at = 0;
    ASSERT_NE(at, std::string::npos) << heading;
    size_t next = text.find("\n\n", at + 1);
    size_t line = text.find("\n  " + std::string(r->id()) + " ", at);
    EXPECT_LT(line, next) << r->id() << " not under " << heading << "\n" << text;
  }
  EXPECT_EQ(text.rfind("answers: ", 0), 0u) << text;
}

TEST(ListRulesTest, JsonSaysWhichRulesFixAndHow) {
  std::ostringstream out, err;
  EXPECT_EQ(ListRules(out, err, "json"), 0);
  SourceText text("rules.json", out.str());
  Result<json::Node> root = json::Parse(text);
  ASSERT_TRUE(root.ok()) << root.status().ToString();
  size_t fixable = 0;
  for (const json::Node& rule : root->items()) {
    const Rule* r = RuleRegistry::Default().Find(rule.Find("id")->as_string());
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(rule.Find("fixable")->as_bool(), r->can_fix()) << r->id();
    EXPECT_EQ(rule.Find("category")->as_string(),
              CategoryName(*RuleRegistry::Default().CategoryOf(r->id())));
    if (r->can_fix()) {
      ++fixable;
      EXPECT_EQ(rule.Find("fix")->as_string(), r->fix_summary());
    } else {
      EXPECT_EQ(rule.Find("fix"), nullptr) << r->id();
    }
  }
  EXPECT_EQ(root->items().size(), RuleRegistry::Default().All().size());
  EXPECT_GE(fixable, 4u);
  EXPECT_EQ(ListRules(out, err, "yaml"), 2);
  EXPECT_EQ(err.str(), "qbank rules: unknown format 'yaml'; expected text or json\n");
}

TEST(RuleRegistryFixTest, EveryFixableRuleSaysWhatItsFixDoes) {
  for (const Rule* r : RuleRegistry::Default().All()) {
    EXPECT_EQ(r->can_fix(), !r->fix_summary().empty()) << r->id();
  }
}

TEST(ExplainRuleTest, PrintsTheDocPageOrSaysWhy) {
  std::ostringstream out, err;
  EXPECT_EQ(ExplainRule("key-count", out, err, QBANK_SOURCE_DIR), 0);
  EXPECT_EQ(out.str().rfind("# key-count\n\nfixable: no\n\nCategory: [answers](README.md#answers). "
                            "Default severity",
                            0),
            0u)
      << out.str();
  out.str("");
  EXPECT_EQ(ExplainRule("invisible-characters", out, err, QBANK_SOURCE_DIR), 0);
  EXPECT_EQ(out.str().rfind("# invisible-characters\n\nfixable: yes; `qbank lint --fix` deletes "
                            "the field's invisible characters\n\nCategory: "
                            "[characters](README.md#characters). Default severity",
                            0),
            0u)
      << out.str();
  EXPECT_EQ(ExplainRule("no-such-rule", out, err, QBANK_SOURCE_DIR), 2);
  EXPECT_EQ(err.str(),
            "qbank explain: unknown rule 'no-such-rule'; run `qbank rules` for the list\n");
}

// The seed pages are clean under every preset: they are the house style practice-page encodes.
TEST(SeedsTest, SeedPagesLintCleanUnderEveryPreset) {
  std::string seeds = QBANK_SEEDS_DIR;
  if (!RealFileSystem().IsDirectory(seeds)) GTEST_SKIP() << "no seed pages at " << seeds;
  if (formats::Registry::Default().Find("page") == nullptr) {
    GTEST_SKIP() << "the page format is not registered in this build";
  }
  for (const char* preset : {"recommended", "practice-page", "strict"}) {
    LintOptions options;
    options.inputs = {seeds};
    options.config_path = std::string(QBANK_SOURCE_DIR) + "/rules/presets/" + preset + ".json";
    options.today = Date{2026, 11, 30};
    std::ostringstream out, err;
    EXPECT_EQ(RunLint(options, out, err), 0) << preset << "\n" << out.str() << err.str();
    EXPECT_EQ(out.str(), "no findings (2 questions in 2 files checked)\n") << preset;
  }
}

// samples/: the clean pages stay clean and the drafts make every rule of this issue fire, under
// samples/.qbank.json (found by walking up from the inputs).
TEST(SamplesTest, PagesAreCleanAndDraftsFireEveryRule) {
  if (formats::Registry::Default().Find("json") == nullptr ||
      formats::Registry::Default().Find("page") == nullptr) {
    GTEST_SKIP() << "the json and page formats are not registered in this build";
  }
  std::string samples = std::string(QBANK_SOURCE_DIR) + "/samples";
  LintOptions options;
  options.today = Date{2026, 11, 30};
  options.inputs = {samples + "/pages"};
  std::ostringstream out, err;
  EXPECT_EQ(RunLint(options, out, err), 0) << out.str() << err.str();
  EXPECT_EQ(out.str().rfind("no findings", 0), 0u) << out.str();

  options.inputs = {samples + "/drafts"};
  options.format = "json";
  out.str("");
  EXPECT_EQ(RunLint(options, out, err), 1) << err.str();
  SourceText report("report.json", out.str());
  Result<json::Node> root = json::Parse(report);
  ASSERT_TRUE(root.ok()) << root.status().ToString();
  std::set<std::string> fired;
  for (const json::Node& f : root->Find("findings")->items()) {
    fired.insert(f.Find("rule")->as_string());
  }
  for (const char* id :
       {"answer-mismatch", "duplicate-options", "empty-field", "explanation-cites-missing-option",
        "explanation-only-url", "field-length", "key-count", "missing-rationale", "option-count",
        "required-metadata", "review-age", "unused-suppression",
        // issue 11: item-writing flaws (samples/drafts/item-flaws.json)
        "all-of-the-above", "contradicting-copies", "grammatical-cue", "key-length-cue",
        "negative-stem", "none-of-the-above", "option-debris", "option-order", "statement-options",
        // issue 11: bank-level checks (samples/drafts/key-statistics.json)
        "key-balance", "longest-key-rate", "true-false-balance"}) {
    EXPECT_EQ(fired.count(id), 1u) << id << " does not fire on samples/drafts";
  }
}

}  // namespace
}  // namespace qbank::commands
