// `qbank lint --watch`: a run, another when a file changes, and Ctrl-C ending with the last run's
// exit code; what cannot be watched is refused.
#include "commands/watch.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace qbank::commands {
namespace {

namespace fs = std::filesystem;

// A question with a zero-width space in its stem (invisible-characters), and the same without.
constexpr char kFlawed[] =
    "::Q:: Which gas do plants take in\xE2\x80\x8B? {\n=Carbon dioxide\n"
    "~Helium\n~Neon\n}\n";
constexpr char kClean[] =
    "::Q:: Which gas do plants take in for photosynthesis? {\n"
    "=Carbon dioxide\n~Helium\n~Neon\n}\n";

class WatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("qbank_watch_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    Write(kFlawed);
    options_.inputs = {dir_.string()};
    options_.data_dir = QBANK_SOURCE_DIR;
    options_.color = "never";
    options_.threads = 1;
    options_.fail_on = "warning";  // the flawed file exits 1, the clean one 0
  }
  void TearDown() override { fs::remove_all(dir_); }
  void Write(const char* text) { std::ofstream(dir_ / "quiz.gift") << text; }

  fs::path dir_;
  LintOptions options_;
};

TEST_F(WatchTest, LintsAgainWhenAFileChanges) {
  std::ostringstream out;
  std::ostringstream err;
  std::atomic<bool> stop{false};
  WatchOptions watch;
  watch.poll_ms = 20;
  watch.stop = &stop;
  watch.max_runs = 2;
  int code = -1;
  std::thread runner([&] { code = RunLintWatch(options_, out, err, watch); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  Write(kClean);
  // A watchdog: a watch that never sees the change must not hang the test.
  std::thread watchdog([&] {
    for (int i = 0; i < 200 && !stop.load(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    stop.store(true);
  });
  runner.join();
  stop.store(true);
  watchdog.join();
  std::string report = out.str();
  size_t separator = report.find("---- qbank lint --watch ----");
  ASSERT_NE(separator, std::string::npos) << report << err.str();
  EXPECT_NE(report.substr(0, separator).find("[invisible-characters]"), std::string::npos);
  EXPECT_NE(report.substr(separator).find("no findings"), std::string::npos) << report;
  EXPECT_EQ(code, 0);  // the last run's
  EXPECT_NE(err.str().find("qbank lint --watch: exit 1; 1 files watched"), std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("qbank lint --watch: exit 0"), std::string::npos);
}

TEST_F(WatchTest, InterruptEndsWithTheLastRunsExitCode) {
  std::ostringstream out;
  std::ostringstream err;
  WatchOptions watch;
  watch.poll_ms = 20;
  std::thread interrupter([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::raise(SIGINT);
  });
  int code = RunLintWatch(options_, out, err, watch);
  interrupter.join();
  EXPECT_EQ(code, 1) << err.str();  // the one run found the invisible character
  EXPECT_NE(out.str().find("[invisible-characters]"), std::string::npos);
  EXPECT_EQ(out.str().find("---- qbank lint --watch ----"), std::string::npos);
}

TEST_F(WatchTest, RefusesWhatCannotBeWatched) {
  std::ostringstream out;
  std::ostringstream err;
  LintOptions from_stdin = options_;
  from_stdin.inputs = {"-"};
  EXPECT_EQ(RunLintWatch(from_stdin, out, err), 2);
  EXPECT_EQ(err.str(), "qbank lint: --watch cannot watch standard input; name files or folders\n");
  LintOptions fixing = options_;
  fixing.fix = true;
  EXPECT_EQ(RunLintWatch(fixing, out, err), 2);
  EXPECT_TRUE(out.str().empty());
}

}  // namespace
}  // namespace qbank::commands
