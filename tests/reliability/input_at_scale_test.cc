// Bad input at scale (issue 32): a 200 MB file on one line, a million tiny questions and a question
// with 100,000 options, generated at test time and linted by the qbank binary in a child process
// whose peak memory (wait4) is measured: each ends in a clean result within four times the input's
// size, and running out of memory is an error naming the file (exit 2), never an abort. What the
// full-size runs cost is in docs/performance.md (bench/scale_bench, "Bad input at scale").
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sanitized.h"

namespace {

namespace stdfs = std::filesystem;

using qbank::testing::kSanitized;

struct ChildRun {
  int exit_code = -1;  // -1: killed by a signal
  double peak_mb = 0;  // the child's own peak resident memory
  std::string output;  // stdout and stderr
};

class InputAtScaleTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = stdfs::temp_directory_path() /
           ("qbank_scale_" + std::to_string(::getpid()) + "_" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    stdfs::create_directories(dir_);
  }
  void TearDown() override { stdfs::remove_all(dir_); }

  // Runs qbank with `args` in a child (its address space limited to `limit_mb` when not 0).
  ChildRun Qbank(const std::vector<std::string>& args, size_t limit_mb = 0) {
    std::string log = (dir_ / "out.log").string();
    pid_t pid = fork();
    if (pid == 0) {
      if (limit_mb != 0) {
        rlimit limit{limit_mb << 20, limit_mb << 20};
        setrlimit(RLIMIT_AS, &limit);
      }
      std::FILE* out = std::fopen(log.c_str(), "w");
      if (out == nullptr) _exit(126);
      dup2(fileno(out), STDOUT_FILENO);
      dup2(fileno(out), STDERR_FILENO);
      std::vector<char*> argv = {const_cast<char*>(QBANK_BINARY)};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    ChildRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    std::ifstream in(log);
    r.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return r;
  }

  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  static double SizeMb(const std::string& path) {
    return static_cast<double>(stdfs::file_size(path)) / (1 << 20);
  }
  // The peak memory of linting a one-question file: what the process needs whatever its input.
  double BaseMb() {
    std::ofstream(Path("one.gift")) << "Which gas is a noble gas? {=Neon ~Nitrogen ~Oxygen}\n";
    return Qbank({"lint", Path("one.gift"), "-o", Path("one.txt")}).peak_mb;
  }

  stdfs::path dir_;
};

TEST_F(InputAtScaleTest, AOneLineFileOfTwoHundredMegabytesIsRefusedWithinFourTimesItsSize) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers' shadow memory is not the program's";
  std::string path = Path("line.gift");
  {
    std::ofstream out(path, std::ios::binary);
    out << "::Q1::";
    std::string chunk(1 << 20, 'w');
    for (size_t i = 999; i < chunk.size(); i += 1000) chunk[i] = ' ';
    for (int i = 0; i < 200; ++i) out << chunk;
    out << " {=yes ~no}\n";
  }
  double base = BaseMb();
  ChildRun r = Qbank({"lint", path, "-o", Path("report.txt")});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  std::ifstream in(Path("report.txt"));
  std::string report((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(report.find(path + ":1:7: error: stem: 209715200 bytes long; at most 1048576"),
            std::string::npos)
      << report.substr(0, 500);
  EXPECT_LE(r.peak_mb - base, 4 * SizeMb(path)) << r.peak_mb << " MB against " << base;
}

TEST_F(InputAtScaleTest, AQuestionWithAHundredThousandOptionsIsRefusedWithinFourTimesItsSize) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers' shadow memory is not the program's";
  std::string path = Path("options.gift");
  {
    std::ofstream out(path);
    out << "Which option is right? {=option0";
    for (int i = 1; i < 100000; ++i) out << " ~option" << i;
    out << "}\n";
  }
  double base = BaseMb();
  ChildRun r = Qbank({"lint", path, "-o", Path("report.txt")});
  EXPECT_EQ(r.exit_code, 2) << r.output;
  std::ifstream in(Path("report.txt"));
  std::string report((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(report.find(path + ":1:1: error: question with 100000 answers; at most 1000 options"),
            std::string::npos)
      << report.substr(0, 500);
  // 1 MB of input: the bound is the process's own size plus 4 MB.
  EXPECT_LE(r.peak_mb - base, 4 * SizeMb(path)) << r.peak_mb << " MB against " << base;
}

TEST_F(InputAtScaleTest, AMillionTinyQuestionsOverTheMemoryLimitAreACleanErrorNamingTheFile) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers reserve more address space than the limit";
  std::string path = Path("tiny.gift");
  {
    std::ofstream out(path);
    for (int i = 0; i < 1000000; ++i) out << "Q" << i << "{T}\n\n";
  }
  // 700 MB of address space: enough to start and read the 12 MB file, not for a million
  // questions in the model and the lint (about 1.4 KB each at the peak: docs/performance.md).
  ChildRun r = Qbank({"lint", path}, 700);
  EXPECT_EQ(r.exit_code, 2) << r.output.substr(0, 2000);
  EXPECT_NE(r.output.find(path + ": out of memory"), std::string::npos) << r.output.substr(0, 2000);
  EXPECT_EQ(r.output.find("bad_alloc"), std::string::npos) << r.output.substr(0, 2000);
}

}  // namespace
