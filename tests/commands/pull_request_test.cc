// Tests for the pull-request steps of `qbank lint`: changed-files mode end to end on a scratch git
// repository (per-question rules only on changed files, per-bank rules on the whole bank), baseline
// files, and the CI report formats by name.
#include "commands/pull_request.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "commands/changed_files.h"
#include "commands/process.h"
#include "formats/import.h"
#include "report/ci_fixtures.h"
#include "report/ci_report.h"

namespace qbank::commands {
namespace {

using lint::EngineOptions;
using lint::Finding;
using lint::LintContext;
using lint::PlannedRule;
using lint::Reporter;
using lint::Rule;
using lint::RuleRegistry;
using lint::RuleScope;
using lint::RunRules;
using lint::Severity;

namespace fs = std::filesystem;

// A per-bank rule for the test: reports every question whose stem another question repeats, with
// the other copy as related location (as the duplicate rules do).
class SameStemRule : public Rule {
 public:
  std::string_view id() const override { return "same-stem-test"; }
  std::string_view summary() const override { return "Two questions share a stem."; }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kBank; }
  void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                 Reporter& reporter) const override {
    std::map<std::string, size_t> first;
    for (size_t i : indexes) {
      const model::Question& q = ctx.bank->questions[i];
      auto [it, inserted] = first.emplace(q.stem.value, i);
      if (inserted) continue;
      Finding& f = reporter.Report(i, q.stem, "stem", "this stem repeats another question's");
      f.related.push_back({ctx.bank->questions[it->second].stem.span, "first written here",
                           ctx.bank->questions[it->second].id.value, "stem"});
    }
  }
};

bool HaveGit() {
  Result<ProcessOutput> run = RunProcess({"git", "--version"});
  return run.ok() && run->exit_code == 0;
}

void Git(const std::string& dir, std::vector<std::string> args) {
  std::vector<std::string> argv = {"git",
                                   "-C",
                                   dir,
                                   "-c",
                                   "user.name=qbank test",
                                   "-c",
                                   "user.email=test@example.invalid",
                                   "-c",
                                   "commit.gpgsign=false"};
  argv.insert(argv.end(), args.begin(), args.end());
  Result<ProcessOutput> run = RunProcess(argv);
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  ASSERT_EQ(run->exit_code, 0) << run->err;
}

void WriteFile(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(PullRequestTest, ChangedFilesModeChecksChangedQuestionsAgainstTheWholeBank) {
  if (!HaveGit()) GTEST_SKIP() << "git is not installed";
  fs::path root = fs::weakly_canonical(fs::path(::testing::TempDir()) /
                                       ("qbank_pr_" + std::to_string(::getpid())));
  fs::remove_all(root);
  fs::create_directories(root / "bank");
  const std::string old_question =
      "Which port does HTTPS use by default?\nA. 21\nB. 443\nC. 25\nD. 110\nANSWER: B\n";
  WriteFile(root / "bank/old.txt", testing::kTwoQuestions);
  WriteFile(root / "bank/other.txt", old_question);
  Git(root.generic_string(), {"init", "-q"});
  Git(root.generic_string(), {"add", "."});
  Git(root.generic_string(), {"commit", "-q", "-m", "bank"});
  // The pull request adds a file whose question repeats a stem of an unchanged file.
  WriteFile(root / "bank/new.txt",
            "Which port does HTTPS use by default?\nA. 8443\nB. 443\nC. 80\nANSWER: B\n");

  std::vector<std::string> paths = {(root / "bank/new.txt").generic_string(),
                                    (root / "bank/old.txt").generic_string(),
                                    (root / "bank/other.txt").generic_string()};
  // The same text the files hold, imported from memory.
  model::Bank bank = testing::ImportAiken(
      {{paths[0], "Which port does HTTPS use by default?\nA. 8443\nB. 443\nC. 80\nANSWER: B\n"},
       {paths[1], testing::kTwoQuestions},
       {paths[2], old_question}});

  Result<std::vector<bool>> changed =
      ChangedSourcesSince("HEAD", {(root / "bank").generic_string()}, RealFileSystem(), bank);
  fs::remove_all(root);
  ASSERT_TRUE(changed.ok()) << changed.status().ToString();
  ASSERT_EQ(bank.sources.size(), 3u);
  EXPECT_EQ(*changed, (std::vector<bool>{true, false, false}));

  std::vector<PlannedRule> plan = testing::PlanDefaults({"missing-rationale", "option-count"});
  PlannedRule same;
  same.rule = std::make_shared<SameStemRule>();
  same.severity = Severity::kWarning;
  plan.push_back(same);
  RestrictToChangedSources(plan, *changed);
  EngineOptions options;
  options.threads = 1;
  std::vector<Finding> findings =
      KeepChangedFindings(bank, RunRules(bank, plan, options).findings, *changed);

  // Only new.txt's findings are kept: per-question rules checked only it, and per-file and per-bank
  // rules (missing-rationale, option-count, the same-stem rule) saw every file; the repeat they
  // found with other.txt (on whichever side) is kept because new.txt changed.
  std::multiset<std::string> rules;
  for (const Finding& f : findings) {
    rules.insert(f.rule_id);
    if (f.rule_id != "same-stem-test") {
      EXPECT_EQ(f.span.file, 0u) << f.message;
    }
  }
  EXPECT_EQ(rules,
            (std::multiset<std::string>{"missing-rationale", "option-count", "same-stem-test"}));
}

TEST(PullRequestTest, RestrictsOnlyPerQuestionRules) {
  std::vector<PlannedRule> plan = testing::PlanDefaults({"key-count"});
  plan.push_back(plan[0]);
  plan[1].files = {true, true, false};
  PlannedRule bank_rule;
  bank_rule.rule = std::make_shared<SameStemRule>();
  plan.push_back(bank_rule);
  RestrictToChangedSources(plan, {false, true, true});
  EXPECT_EQ(plan[0].files, (std::vector<bool>{false, true, true}));
  EXPECT_EQ(plan[1].files, (std::vector<bool>{false, true, false}));
  EXPECT_TRUE(plan[2].files.empty());
}

TEST(PullRequestTest, GitDirectoryForInputs) {
  InMemoryFileSystem mem;
  mem.Add("bank/q.txt", "x");
  EXPECT_EQ(GitDirectoryFor({"bank"}, mem), "bank");
  EXPECT_EQ(GitDirectoryFor({"bank/q.txt"}, mem), "bank");
  EXPECT_EQ(GitDirectoryFor({"q.txt"}, mem), ".");
  EXPECT_EQ(GitDirectoryFor({"-"}, mem), ".");
  EXPECT_EQ(GitDirectoryFor({}, mem), ".");
}

TEST(PullRequestTest, BaselineFilesRoundTrip) {
  model::Bank bank = testing::ImportAiken({{"/b/q.txt", testing::kTwoQuestions}});
  std::vector<Finding> findings = testing::LintForTest(bank);
  InMemoryFileSystem mem;
  ASSERT_TRUE(WriteBaselineFile("base.json", findings, "1.2.3", bank, mem).ok());
  Status over_input = WriteBaselineFile("/b/../b/q.txt", findings, "1.2.3", bank, mem);
  EXPECT_EQ(over_input.ToString(),
            "refusing to overwrite the input /b/../b/q.txt (write elsewhere; `qbank fmt --write "
            "/b/../b/q.txt` rewrites a file in its own format)");
  EXPECT_FALSE(mem.Exists("/b/q.txt"));
  EXPECT_NE(mem.files().at("base.json").find("\"generator\": \"qbank 1.2.3\""), std::string::npos);
  Result<BaselineMatch> match = ApplyBaselineFile("base.json", mem, findings);
  ASSERT_TRUE(match.ok()) << match.status().ToString();
  EXPECT_EQ(match->matched, findings.size());
  EXPECT_TRUE(match->new_findings.empty());

  Result<BaselineMatch> missing = ApplyBaselineFile("nope.json", mem, findings);
  EXPECT_FALSE(missing.ok());
  mem.Add("bad.json", "{\"kind\": \"qbank-baseline\",\n\"version\": \"1\"}");
  Result<BaselineMatch> bad = ApplyBaselineFile("bad.json", mem, findings);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().ToString(), "bad.json:2:12: expected \"version\": an integer");
}

// What was read from standard input has no file: a baseline named like its source ("<stdin>")
// overwrites nothing, so it is written.
TEST(PullRequestTest, ABaselineNamedLikeStandardInputIsWritten) {
  std::istringstream in(testing::kTwoQuestions);
  formats::ImportOptions options;
  options.from = "aiken";
  options.stdin_stream = &in;
  InMemoryFileSystem mem;
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(formats::ImportInputs({"-"}, options, mem, bank, errors).ok());
  ASSERT_EQ(bank.SourcePath(0), "<stdin>");
  Status written = WriteBaselineFile("<stdin>", testing::LintForTest(bank), "1.2.3", bank, mem);
  EXPECT_TRUE(written.ok()) << written.ToString();
  EXPECT_TRUE(mem.Exists("<stdin>"));
}

TEST(PullRequestTest, CiReportsByName) {
  model::Bank bank = testing::ImportAiken({{"/b/q.txt", testing::kTwoQuestions}});
  std::vector<Finding> findings = testing::LintForTest(bank);
  report::ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  input.rules = {RuleRegistry::Default().Find("missing-rationale"),
                 RuleRegistry::Default().Find("option-count")};
  InMemoryFileSystem docs;
  docs.Add("data/rules/option-count.md", "# option-count\n\nCounts the options.\n");
  report::ReportContext ctx = report::MakeReportContext(input, docs, "data", "/b");
  EXPECT_EQ(ctx.repo_root, "/b");
  ASSERT_EQ(ctx.rules.size(), 2u);
  EXPECT_EQ(ctx.rules[1].doc_markdown, "# option-count\n\nCounts the options.\n");
  EXPECT_FALSE(ctx.tool_version.empty());

  EXPECT_EQ(report::WriteCiReport("text", ctx, Severity::kError), std::nullopt);
  std::optional<std::string> sarif = report::WriteCiReport("sarif", ctx, Severity::kError);
  ASSERT_TRUE(sarif.has_value());
  EXPECT_NE(sarif->find("\"uri\": \"q.txt\""), std::string::npos) << *sarif;
  std::optional<std::string> github = report::WriteCiReport("github", ctx, Severity::kError);
  ASSERT_TRUE(github.has_value());
  EXPECT_EQ(github->rfind("::warning file=q.txt,line=", 0), 0u) << *github;
  // --fail-on none: nothing fails in JUnit either.
  std::optional<std::string> junit = report::WriteCiReport("junit", ctx, std::nullopt);
  ASSERT_TRUE(junit.has_value());
  EXPECT_EQ(junit->find("<failure"), std::string::npos);
  junit = report::WriteCiReport("junit", ctx, Severity::kWarning);
  EXPECT_NE(junit->find("<failure type=\"warning\""), std::string::npos);
}

}  // namespace
}  // namespace qbank::commands
