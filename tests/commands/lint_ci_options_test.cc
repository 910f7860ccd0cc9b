// Tests for `qbank lint`'s pull-request options through RunLint: --format sarif|github|junit,
// --output, --write-baseline and --baseline (surviving inserted lines), --statistics and
// --changed-since on a scratch git repository.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands/changed_files.h"
#include "commands/lint.h"
#include "commands/process.h"
#include "formats/registry.h"
#include "json/document.h"

namespace qbank::commands {
namespace {

using lint::Date;

namespace fs = std::filesystem;

constexpr const char* kClean =
    "Which data structure serves items in first-in, first-out order?\n"
    "A) Stack\nB) Queue\nC) Heap\nD) Trie\nANSWER: B\n";
constexpr const char* kThreeOptions =
    "Which sorting algorithm is stable in its usual textbook form?\n"
    "A) Heapsort\nB) Merge sort\nC) Quicksort\nANSWER: B\n";
// Aiken has no explanations or rationales: switch those rules off, keep option-count.
constexpr const char* kConfig = R"({
  "extends": "recommended",
  "rules": {"empty-field": "off", "missing-rationale": "off", "field-length": "off",
            "option-count": {"options": {"single": 4}}}
})";

class LintCiOptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (formats::Registry::Default().Find("aiken") == nullptr) {
      GTEST_SKIP() << "the aiken format is not registered in this build";
    }
    for (const char* rel :
         {"schemas/config.schema.json", "rules/presets/recommended.json",
          "rules/presets/strict.json", "rules/terms/dump-markers.txt",
          "rules/terms/binary-options.txt", "rules/terms/generic-stem-words.txt",
          "rules/terms/function-words.txt", "rules/terms/paraphrase-function-words.txt"}) {
      Result<std::string> text =
          RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/" + rel);
      ASSERT_TRUE(text.ok()) << rel;
      fs_.Add(std::string("/data/") + rel, text.value());
    }
    fs_.Add("/data/rules/option-count.md", "# option-count\n\nCounts options.\n");
    fs_.Add("/w/.qbank.json", kConfig);
    fs_.Add("/w/bank/three.aiken", kThreeOptions);
    options_.fs = &fs_;
    options_.data_dir = "/data";
    options_.today = Date{2026, 11, 30};
    options_.out_is_terminal = false;
    options_.inputs = {"/w/bank"};
    options_.repo_root = "/w";
    options_.fail_on = "warning";
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

TEST_F(LintCiOptionsTest, SarifGoesToStdout) {
  options_.format = "sarif";
  EXPECT_EQ(Run(), 1) << err_.str();
  Result<json::Node> log = json::Parse(SourceText("out.sarif", out_.str()));
  ASSERT_TRUE(log.ok()) << log.status().ToString() << out_.str();
  const json::Node& run = log->Find("runs")->items().at(0);
  const json::Node& result = run.Find("results")->items().at(0);
  EXPECT_EQ(result.Find("ruleId")->as_string(), "option-count");
  EXPECT_EQ(result.Find("locations")
                ->items()[0]
                .Find("physicalLocation")
                ->Find("artifactLocation")
                ->Find("uri")
                ->as_string(),
            "bank/three.aiken");
  // The doc page of a rule that ran is in the log.
  EXPECT_NE(out_.str().find("Counts options."), std::string::npos);
}

TEST_F(LintCiOptionsTest, GithubAndJunitFormats) {
  options_.format = "github";
  EXPECT_EQ(Run(), 1);
  EXPECT_EQ(out_.str().rfind("::warning file=bank/three.aiken,line=", 0), 0u) << out_.str();
  options_.format = "junit";
  EXPECT_EQ(Run(), 1);
  EXPECT_NE(out_.str().find("<testcase name=\""), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("classname=\"option-count\""), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("<failure type=\"warning\""), std::string::npos);
  options_.fail_on = "error";
  EXPECT_EQ(Run(), 0);
  EXPECT_EQ(out_.str().find("<failure"), std::string::npos) << out_.str();
}

TEST_F(LintCiOptionsTest, UnknownFormatListsEveryFormat) {
  options_.format = "xml";
  EXPECT_EQ(Run(), 2);
  EXPECT_NE(err_.str().find("sarif, github, junit"), std::string::npos) << err_.str();
}

TEST_F(LintCiOptionsTest, OutputFileIsWrittenAndNeverAnInput) {
  options_.format = "sarif";
  options_.output = "/w/out/qbank.sarif";
  EXPECT_EQ(Run(), 1);
  EXPECT_EQ(out_.str(), "");
  ASSERT_TRUE(fs_.Exists("/w/out/qbank.sarif"));
  EXPECT_NE(fs_.files().at("/w/out/qbank.sarif").find("\"version\": \"2.1.0\""), std::string::npos);

  options_.format = "text";
  options_.output = "/w/bank/three.aiken";
  EXPECT_EQ(Run(), 2);
  EXPECT_EQ(fs_.files().at("/w/bank/three.aiken"), kThreeOptions);
  EXPECT_NE(err_.str().find("qbank lint: "), std::string::npos) << err_.str();
}

TEST_F(LintCiOptionsTest, BaselineSurvivesLinesInsertedAbove) {
  options_.write_baseline = "/w/.qbank-baseline.json";
  EXPECT_EQ(Run(), 0) << err_.str();
  EXPECT_EQ(err_.str(), "qbank lint: wrote 1 findings to the baseline /w/.qbank-baseline.json\n");
  ASSERT_TRUE(fs_.Exists("/w/.qbank-baseline.json"));

  options_.write_baseline.clear();
  options_.baseline = "/w/.qbank-baseline.json";
  EXPECT_EQ(Run(), 0) << out_.str() << err_.str();
  EXPECT_EQ(err_.str(), "baseline: 1 finding matched, 0 new\n");

  // A clean question and blank lines above the recorded finding: still matched.
  fs_.Add("/w/bank/three.aiken", std::string(kClean) + "\n\n" + kThreeOptions);
  EXPECT_EQ(Run(), 0) << out_.str() << err_.str();
  EXPECT_EQ(err_.str(), "baseline: 1 finding matched, 0 new\n");

  // Fixing the question: the entry is gone, and the run says so.
  fs_.Add("/w/bank/three.aiken", kClean);
  EXPECT_EQ(Run(), 0);
  EXPECT_NE(err_.str().find("1 entry no longer occurs"), std::string::npos) << err_.str();

  // A new finding is reported.
  fs_.Add("/w/bank/more.aiken", "Which value is prime?\nA) 4\nB) 7\nC) 9\nANSWER: B\n");
  EXPECT_EQ(Run(), 1);
  EXPECT_NE(out_.str().find("more.aiken"), std::string::npos) << out_.str();
}

TEST_F(LintCiOptionsTest, BaselineErrorsExitTwo) {
  options_.baseline = "/w/missing.json";
  EXPECT_EQ(Run(), 2);
  EXPECT_NE(err_.str().find("missing.json"), std::string::npos) << err_.str();
  fs_.Add("/w/bad.json", "{\"kind\": \"qbank-baseline\", \"version\": 9, \"entries\": []}");
  options_.baseline = "/w/bad.json";
  EXPECT_EQ(Run(), 2);
  EXPECT_NE(err_.str().find("/w/bad.json:1:39: expected baseline version 1"), std::string::npos)
      << err_.str();
  options_.baseline.clear();
  options_.write_baseline = "/w/b.json";
  options_.changed_since = "HEAD";
  EXPECT_EQ(Run(), 2);
  EXPECT_NE(err_.str().find("would record only part of the bank"), std::string::npos);
}

// The statistics row of `rule` in `text` with runs of spaces squeezed ("" when absent).
std::string StatisticsRow(const std::string& text, const std::string& rule) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(rule + " ", 0) != 0) continue;
    std::istringstream words(line);
    std::string word;
    std::string row;
    while (words >> word) row += (row.empty() ? "" : " ") + word;
    return row;
  }
  return "";
}

TEST_F(LintCiOptionsTest, StatisticsStayOffMachineReadableStdout) {
  options_.statistics = true;
  options_.format = "sarif";
  Run();
  EXPECT_EQ(StatisticsRow(err_.str(), "option-count"), "option-count 0 1 0 1") << err_.str();
  EXPECT_EQ(StatisticsRow(out_.str(), "option-count"), "");
  options_.format = "text";
  Run();
  EXPECT_EQ(StatisticsRow(out_.str(), "option-count"), "option-count 0 1 0 1") << out_.str();
  EXPECT_EQ(StatisticsRow(out_.str(), "total"), "total 0 1 0 1") << out_.str();
}

// --changed-since on the real file system: a scratch repository with an old file (a finding) and
// a new untracked one (a finding): only the new one is reported.
TEST(LintChangedSinceTest, ReportsOnlyChangedFiles) {
  Result<ProcessOutput> git = RunProcess({"git", "--version"});
  if (!git.ok() || git->exit_code != 0) GTEST_SKIP() << "git is not installed";
  if (formats::Registry::Default().Find("aiken") == nullptr) GTEST_SKIP() << "no aiken format";
  fs::path root = fs::weakly_canonical(fs::path(::testing::TempDir()) /
                                       ("qbank_lint_changed_" + std::to_string(::getpid())));
  fs::remove_all(root);
  fs::create_directories(root / "bank");
  std::ofstream(root / ".qbank.json") << kConfig;
  std::ofstream(root / "bank/old.aiken") << kThreeOptions;
  auto run_git = [&](std::vector<std::string> args) {
    std::vector<std::string> argv = {"git",
                                     "-C",
                                     root.generic_string(),
                                     "-c",
                                     "user.name=t",
                                     "-c",
                                     "user.email=t@example.invalid",
                                     "-c",
                                     "commit.gpgsign=false"};
    argv.insert(argv.end(), args.begin(), args.end());
    Result<ProcessOutput> r = RunProcess(argv);
    ASSERT_TRUE(r.ok() && r->exit_code == 0) << (r.ok() ? r->err : r.status().ToString());
  };
  run_git({"init", "-q"});
  run_git({"add", "."});
  run_git({"commit", "-q", "-m", "old"});
  std::ofstream(root / "bank/new.aiken") << "Which value is prime?\nA) 4\nB) 7\nC) 9\nANSWER: B\n";

  LintOptions options;
  options.inputs = {(root / "bank").generic_string()};
  options.data_dir = QBANK_SOURCE_DIR;
  options.today = Date{2026, 11, 30};
  options.format = "github";
  options.fail_on = "warning";
  options.changed_since = "HEAD";
  options.repo_root = root.generic_string();
  std::ostringstream out;
  std::ostringstream err;
  int code = RunLint(options, out, err);
  options.changed_since = "no-such-ref";
  std::ostringstream out2;
  std::ostringstream err2;
  int unknown = RunLint(options, out2, err2);
  fs::remove_all(root);

  EXPECT_EQ(code, 1) << err.str();
  EXPECT_NE(out.str().find("file=bank/new.aiken"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("old.aiken"), std::string::npos) << out.str();
  EXPECT_EQ(unknown, 2);
  EXPECT_NE(err2.str().find("--changed-since: unknown git ref 'no-such-ref'"), std::string::npos)
      << err2.str();
}

}  // namespace
}  // namespace qbank::commands
