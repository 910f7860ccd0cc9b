// Out of memory and oversized input end in a clean error naming the file (exit 2), never an abort:
// huge inputs are generated at test time and qbank runs in a child with a low address-space limit.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "sanitized.h"

namespace {

namespace stdfs = std::filesystem;

using qbank::testing::kSanitized;

struct Outcome {
  int exit_code = -1;
  bool signalled = false;
  std::string err;
};

// Runs `command` with sh, capturing stdout and stderr together.
Outcome Shell(const std::string& command, const stdfs::path& err_file) {
  Outcome r;
  int status = std::system((command + " >" + err_file.string() + " 2>&1").c_str());
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  // sh reports a child killed by a signal as 128 + the signal.
  r.signalled = WIFSIGNALED(status) || r.exit_code > 128;
  std::ifstream in(err_file);
  r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return r;
}

class MemoryTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = stdfs::temp_directory_path() / ("qbank_memory_" + std::to_string(::getpid()));
    stdfs::create_directories(dir_);
  }
  void TearDown() override { stdfs::remove_all(dir_); }
  // A GIFT file of one question on one line whose stem is `bytes` long.
  std::string HugeGift(size_t bytes) {
    std::string path = (dir_ / "huge.gift").string();
    std::ofstream out(path, std::ios::binary);
    out << "::Q1::";
    std::string chunk(1 << 20, 'w');
    for (size_t i = 0; i < 64; ++i) chunk[i * 1000] = ' ';
    for (size_t done = 0; done < bytes; done += chunk.size()) out << chunk;
    out << " {=yes ~no}\n";
    return path;
  }
  stdfs::path dir_;
};

TEST_F(MemoryTest, AStemOverTheFieldLimitIsRefusedWithItsPlace) {
  std::string path = HugeGift(3 << 20);
  Outcome r = Shell(std::string(QBANK_BINARY) + " convert " + path + " --to json", dir_ / "err");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(path + ":1:8: error: stem: 3145727 bytes long; at most 1048576 bytes a field"),
      std::string::npos)
      << r.err;
}

TEST_F(MemoryTest, LintOfAHugeOneLineFileUnderALowMemoryLimitIsACleanError) {
  if (kSanitized) GTEST_SKIP() << "the sanitizers reserve more address space than the limit";
  std::string path = HugeGift(200 << 20);
  // 600 MB of address space: enough to start and read the file, not to parse it several times.
  Outcome r =
      Shell("ulimit -v 600000; " + std::string(QBANK_BINARY) + " lint " + path, dir_ / "err");
  EXPECT_FALSE(r.signalled) << r.err;
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(path), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("bad_alloc"), std::string::npos) << r.err;
}

}  // namespace
