// Tests for changed-files mode: running git without a shell, the changed and untracked files of a
// scratch repository, unknown and hostile refs, mapping to bank sources, and the findings filter.
#include "commands/changed_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "commands/process.h"

namespace qbank::commands {
namespace {

using lint::Finding;

namespace fs = std::filesystem;

// A scratch git repository under the test temp dir, removed at the end.
class ScratchRepo {
 public:
  ScratchRepo() {
    root_ = fs::weakly_canonical(fs::path(::testing::TempDir()) /
                                 ("qbank_changed_" + std::to_string(::getpid())));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~ScratchRepo() { fs::remove_all(root_); }

  std::string root() const { return root_.generic_string(); }
  std::string Path(const std::string& rel) const { return (root_ / rel).generic_string(); }

  void Write(const std::string& rel, const std::string& text) const {
    fs::create_directories((root_ / rel).parent_path());
    std::ofstream(root_ / rel, std::ios::binary) << text;
  }
  // Runs git in the repository; fails the test when git fails.
  void Git(std::vector<std::string> args) const {
    std::vector<std::string> argv = {"git",
                                     "-C",
                                     root(),
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

 private:
  fs::path root_;
};

bool HaveGit() {
  Result<ProcessOutput> run = RunProcess({"git", "--version"});
  return run.ok() && run->exit_code == 0;
}

TEST(RunProcessTest, CollectsOutputAndExitCode) {
  Result<ProcessOutput> run = RunProcess({"sh", "-c", "printf out; printf err >&2; exit 3"});
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  EXPECT_EQ(run->out, "out");
  EXPECT_EQ(run->err, "err");
  EXPECT_EQ(run->exit_code, 3);
}

TEST(RunProcessTest, PassesArgumentsWithoutAShell) {
  Result<ProcessOutput> run = RunProcess({"printf", "%s|", "a b", "$(echo no)", "; rm -rf x"});
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  EXPECT_EQ(run->out, "a b|$(echo no)|; rm -rf x|");
}

TEST(RunProcessTest, LargeOutputOnBothStreamsDoesNotDeadlock) {
  Result<ProcessOutput> run =
      RunProcess({"sh", "-c",
                  "i=0; while [ $i -lt 3000 ]; do echo 0123456789012345678901234567890123456789; "
                  "echo abcdefghijabcdefghijabcdefghijabcdefghij >&2; i=$((i+1)); done"});
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  EXPECT_EQ(run->out.size(), 3000u * 41);
  EXPECT_EQ(run->err.size(), 3000u * 41);
}

TEST(RunProcessTest, MissingProgramIsAnError) {
  Result<ProcessOutput> run = RunProcess({"qbank-no-such-program-here"});
  if (run.ok()) {
    // Where spawning is emulated by fork and exec (valgrind), the child reports it instead.
    EXPECT_EQ(run->exit_code, 127);
    return;
  }
  EXPECT_NE(run.status().ToString().find("qbank-no-such-program-here: cannot run"),
            std::string::npos);
}

TEST(ChangedFilesTest, ListsChangedStagedAndUntrackedFiles) {
  if (!HaveGit()) GTEST_SKIP() << "git is not installed";
  ScratchRepo repo;
  repo.Git({"init", "-q"});
  repo.Write(".gitignore", "*.tmp\n");
  repo.Write("bank/a.txt", "a\n");
  repo.Write("bank/b.txt", "b\n");
  repo.Write("bank/c.txt", "c\n");
  repo.Write("bank/name with spaces.txt", "s\n");
  repo.Git({"add", "."});
  repo.Git({"commit", "-q", "-m", "first"});
  repo.Git({"tag", "v1"});

  repo.Write("bank/a.txt", "a changed and committed\n");
  repo.Git({"commit", "-q", "-am", "second"});
  repo.Write("bank/b.txt", "b changed, not staged\n");
  repo.Write("bank/name with spaces.txt", "staged\n");
  repo.Git({"add", "bank/name with spaces.txt"});
  repo.Write("bank/new.txt", "untracked\n");
  repo.Write("bank/ignored.tmp", "ignored\n");

  Result<std::vector<std::string>> changed = ChangedFilesSince("v1", repo.Path("bank"));
  ASSERT_TRUE(changed.ok()) << changed.status().ToString();
  EXPECT_EQ(*changed, (std::vector<std::string>{repo.Path("bank/a.txt"), repo.Path("bank/b.txt"),
                                                repo.Path("bank/name with spaces.txt"),
                                                repo.Path("bank/new.txt")}));

  // Since HEAD: only the work tree's changes and the untracked file.
  changed = ChangedFilesSince("HEAD", repo.root());
  ASSERT_TRUE(changed.ok()) << changed.status().ToString();
  EXPECT_EQ(*changed, (std::vector<std::string>{repo.Path("bank/b.txt"),
                                                repo.Path("bank/name with spaces.txt"),
                                                repo.Path("bank/new.txt")}));
}

TEST(ChangedFilesTest, UnknownAndHostileRefsAreClearErrors) {
  if (!HaveGit()) GTEST_SKIP() << "git is not installed";
  ScratchRepo repo;
  repo.Git({"init", "-q"});
  repo.Write("a.txt", "a\n");
  repo.Git({"add", "."});
  repo.Git({"commit", "-q", "-m", "first"});

  Result<std::vector<std::string>> r = ChangedFilesSince("no-such-branch", repo.root());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.status().IsNotFound());
  EXPECT_EQ(r.status().ToString().rfind("--changed-since: unknown git ref 'no-such-branch' in ", 0),
            0u)
      << r.status().ToString();

  r = ChangedFilesSince("--output=" + repo.Path("clobbered"), repo.root());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().ToString().find("cannot start with '-'"), std::string::npos);
  EXPECT_FALSE(fs::exists(repo.Path("clobbered")));

  std::string marker = repo.Path("injected");
  r = ChangedFilesSince("HEAD; touch " + marker + " $(touch " + marker + ")", repo.root());
  ASSERT_FALSE(r.ok());
  EXPECT_FALSE(fs::exists(marker));

  r = ChangedFilesSince("", repo.root());
  EXPECT_FALSE(r.ok());
}

TEST(ChangedFilesTest, OutsideAWorkTreeIsAnError) {
  if (!HaveGit()) GTEST_SKIP() << "git is not installed";
  fs::path dir = fs::path(::testing::TempDir()) / ("qbank_nogit_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  Result<std::vector<std::string>> r = ChangedFilesSince("HEAD", dir.generic_string());
  fs::remove_all(dir);
  // TempDir may itself sit inside some work tree; only check the error when it does not.
  if (!r.ok()) {
    EXPECT_NE(r.status().ToString().find("not inside a git work tree"), std::string::npos)
        << r.status().ToString();
  }
}

model::Bank BankWithSources(const std::vector<std::string>& paths) {
  model::Bank bank;
  for (const std::string& p : paths) bank.AddSource(std::make_shared<SourceText>(p, ""));
  for (uint32_t i = 0; i < paths.size(); ++i) {
    model::Question q;
    q.id.value = "q" + std::to_string(i);
    q.span = SourceSpan{i, 1, 1, 2, 1};
    bank.questions.push_back(q);
  }
  return bank;
}

TEST(ChangedFilesTest, MapsChangedPathsToSources) {
  model::Bank bank = BankWithSources({"/r/bank/a.txt", "/r/bank/../bank/b.txt", "/r/c.txt", "-"});
  std::vector<bool> changed = ChangedSources(bank, {"/r/bank/b.txt", "/r/c.txt", "/r/zzz.txt"});
  EXPECT_EQ(changed, (std::vector<bool>{false, true, true, false}));
}

// Standard input is read as a source named "<stdin>"; a changed file of that name in the current
// folder is another file.
TEST(ChangedFilesTest, StandardInputIsNeverAChangedFile) {
  fs::path dir = fs::path(::testing::TempDir()) / ("qbank_stdin_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "<stdin>") << "a file with the name standard input's source has\n";
  fs::path before = fs::current_path();
  fs::current_path(dir);
  model::Bank bank = BankWithSources({"<stdin>"});
  std::vector<bool> changed = ChangedSources(bank, {(dir / "<stdin>").generic_string()});
  fs::current_path(before);
  fs::remove_all(dir);
  EXPECT_EQ(changed, std::vector<bool>{false});
}

TEST(ChangedFilesTest, KeepsFindingsTouchingChangedFiles) {
  model::Bank bank = BankWithSources({"/r/a.txt", "/r/b.txt", "/r/c.txt"});
  std::vector<bool> changed = {false, true, false};
  auto finding = [](std::string name, uint32_t file, size_t question) {
    Finding f;
    f.message = std::move(name);
    f.span.file = file;
    if (file != SourceSpan::kNoFile) f.span.line = 1;
    f.question_index = question;
    return f;
  };
  std::vector<Finding> findings;
  findings.push_back(finding("in a", 0, 0));
  findings.push_back(finding("in b", 1, 1));
  findings.push_back(finding("b by question", SourceSpan::kNoFile, 1));
  Finding dup = finding("dup of a with b", 0, 0);
  dup.related.push_back({SourceSpan{1, 3, 1, 3, 9}, "the other copy", "q1", ""});
  findings.push_back(dup);
  Finding dup_c = finding("dup of a with c", 0, 0);
  dup_c.related.push_back({SourceSpan{2, 3, 1, 3, 9}, "the other copy", "q2", ""});
  findings.push_back(dup_c);
  findings.push_back(finding("bank-wide", SourceSpan::kNoFile, Finding::kNoQuestion));

  std::vector<Finding> kept = KeepChangedFindings(bank, findings, changed);
  std::vector<std::string> names;
  names.reserve(kept.size());
  for (const Finding& f : kept) names.push_back(f.message);
  EXPECT_EQ(names, (std::vector<std::string>{"in b", "b by question", "dup of a with b"}));
}

}  // namespace
}  // namespace qbank::commands
