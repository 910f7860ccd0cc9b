// The atomic writer on the real disk: modes and owners kept, symbolic links followed, hard links
// split (documented), the temporary file removed on errors and signals, stale ones cleaned, full
// disks named.
#include "base/atomic_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "base/file_system.h"

namespace qbank {
namespace {

namespace stdfs = std::filesystem;

class AtomicFileTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = stdfs::temp_directory_path() /
           ("qbank_atomic_" + std::to_string(::getpid()) + "_" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    stdfs::remove_all(dir_);
    stdfs::create_directories(dir_);
  }
  void TearDown() override {
    SetWriteFunctionForTesting(nullptr);
    stdfs::remove_all(dir_);
  }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string Read(const std::string& path) {
    auto text = RealFileSystem().ReadFile(path);
    return text.ok() ? *text : "<" + text.status().message() + ">";
  }
  // Names in the folder, sorted.
  std::vector<std::string> Names() const {
    std::vector<std::string> out;
    for (const auto& e : stdfs::directory_iterator(dir_)) out.push_back(e.path().filename());
    std::sort(out.begin(), out.end());
    return out;
  }
  stdfs::path dir_;
};

TEST_F(AtomicFileTest, KeepsTheReplacedFilesMode) {
  std::string path = Path("secret.json");
  ASSERT_TRUE(WriteFileAtomically(path, "one").ok());
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  ASSERT_TRUE(WriteFileAtomically(path, "two").ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(Read(path), "two");
  ASSERT_EQ(::chmod(path.c_str(), 0751), 0);
  ASSERT_TRUE(WriteFileAtomically(path, "three").ok());
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0751u);
}

TEST_F(AtomicFileTest, KeepsTheOwnerWhenRunningAsRoot) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to give a file to another user";
  std::string path = Path("owned.json");
  ASSERT_TRUE(WriteFileAtomically(path, "one").ok());
  ASSERT_EQ(::chown(path.c_str(), 4242, 4343), 0);
  ASSERT_TRUE(WriteFileAtomically(path, "two").ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 4242u);
  EXPECT_EQ(st.st_gid, 4343u);
}

TEST_F(AtomicFileTest, WritesThroughASymbolicLinkAndKeepsTheLink) {
  stdfs::create_directories(dir_ / "real");
  std::string target = Path("real/bank.json");
  ASSERT_TRUE(WriteFileAtomically(target, "old").ok());
  stdfs::create_symlink("real/bank.json", dir_ / "link.json");     // relative
  stdfs::create_symlink(dir_ / "link.json", dir_ / "chain.json");  // absolute, to a link
  ASSERT_TRUE(WriteFileAtomically(Path("link.json"), "new").ok());
  EXPECT_TRUE(stdfs::is_symlink(dir_ / "link.json"));
  EXPECT_EQ(Read(target), "new");
  ASSERT_TRUE(WriteFileAtomically(Path("chain.json"), "newer").ok());
  EXPECT_TRUE(stdfs::is_symlink(dir_ / "chain.json"));
  EXPECT_TRUE(stdfs::is_symlink(dir_ / "link.json"));
  EXPECT_EQ(Read(target), "newer");
  EXPECT_EQ(Names(), (std::vector<std::string>{"chain.json", "link.json", "real"}));
  // A dangling link: the file it names is created.
  stdfs::create_symlink("real/new.json", dir_ / "dangling.json");
  ASSERT_TRUE(WriteFileAtomically(Path("dangling.json"), "made").ok());
  EXPECT_TRUE(stdfs::is_symlink(dir_ / "dangling.json"));
  EXPECT_EQ(Read(Path("real/new.json")), "made");
  // A loop is an error, not a hang.
  stdfs::create_symlink("loop_b", dir_ / "loop_a");
  stdfs::create_symlink("loop_a", dir_ / "loop_b");
  Status loop = WriteFileAtomically(Path("loop_a"), "x");
  EXPECT_EQ(loop.message(),
            Path("loop_a") + ": cannot write: too many levels of symbolic links (ELOOP)");
}

TEST_F(AtomicFileTest, AHardLinkKeepsTheOldContent) {
  // Documented: the named path gets the new file; the other name keeps the old one.
  std::string path = Path("a.json");
  ASSERT_TRUE(WriteFileAtomically(path, "old").ok());
  ASSERT_EQ(::link(path.c_str(), Path("b.json").c_str()), 0);
  ASSERT_TRUE(WriteFileAtomically(path, "new").ok());
  EXPECT_EQ(Read(path), "new");
  EXPECT_EQ(Read(Path("b.json")), "old");
}

TEST_F(AtomicFileTest, ANonRegularTargetIsWrittenInPlace) {
  ASSERT_TRUE(WriteFileAtomically("/dev/null", "discarded").ok());
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

ssize_t FailNoSpace(int, const void*, size_t) {
  errno = ENOSPC;
  return -1;
}
ssize_t FailQuota(int, const void*, size_t) {
  errno = EDQUOT;
  return -1;
}
ssize_t FailAfterSomeBytes(int fd, const void* buf, size_t count) {
  static size_t written = 0;
  if (written >= 10) {
    errno = EIO;
    return -1;
  }
  size_t n = std::min<size_t>(count, 3);
  written += n;
  return ::write(fd, buf, n);
}

TEST_F(AtomicFileTest, AFullDiskIsNamedAndLeavesTheOldFileAndNoTemporary) {
  std::string path = Path("out.json");
  ASSERT_TRUE(WriteFileAtomically(path, "old").ok());
  SetWriteFunctionForTesting(FailNoSpace);
  Status full = WriteFileAtomically(path, "new content");
  EXPECT_EQ(full.message(), path + ": cannot write: no space left on device (ENOSPC)");
  SetWriteFunctionForTesting(FailQuota);
  Status quota = WriteFileAtomically(path, "new content");
  EXPECT_EQ(quota.message(), path + ": cannot write: disk quota exceeded (EDQUOT)");
  SetWriteFunctionForTesting(FailAfterSomeBytes);
  Status partial = WriteFileAtomically(path, "a longer content than ten bytes");
  EXPECT_EQ(partial.message(), path + ": cannot write: input/output error (EIO)");
  SetWriteFunctionForTesting(nullptr);
  EXPECT_EQ(Read(path), "old");
  EXPECT_EQ(Names(), (std::vector<std::string>{"out.json"}));
}

TEST_F(AtomicFileTest, AFullTmpfsSaysENOSPC) {
  // A real full disk: a 64 KiB tmpfs in a private mount namespace of a child process.
  if (::geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  std::string mount_point = Path("small");
  stdfs::create_directories(mount_point);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::unshare(CLONE_NEWNS) != 0) ::_exit(77);
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) ::_exit(77);
    if (::mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=64k") != 0) ::_exit(77);
    std::string path = mount_point + "/big.json";
    if (!WriteFileAtomically(path, "small").ok()) ::_exit(3);
    Status s = WriteFileAtomically(path, std::string(1 << 20, 'x'));
    bool named = s.message() == path + ": cannot write: no space left on device (ENOSPC)";
    bool kept = RealFileSystem().ReadFile(path).value() == "small";
    size_t entries = 0;
    for (const auto& e : stdfs::directory_iterator(mount_point)) entries += e.exists() ? 1 : 0;
    ::_exit(named && kept && entries == 1 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 77) GTEST_SKIP() << "cannot mount a tmpfs here";
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

int g_ready_fd = -1;
ssize_t SignalThenWait(int fd, const void* buf, size_t count) {
  ssize_t n = ::write(fd, buf, count / 2);  // part of the file is on disk
  char c = 'w';
  if (::write(g_ready_fd, &c, 1) != 1) ::_exit(5);
  for (;;) ::pause();
  return n;
}

class SignalTest : public AtomicFileTest, public testing::WithParamInterface<int> {};

TEST_P(SignalTest, RemovesTheTemporaryFileAndDiesOfTheSignal) {
  std::string path = Path("out.json");
  ASSERT_TRUE(WriteFileAtomically(path, "old").ok());
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(fds[0]);
    g_ready_fd = fds[1];
    SetWriteFunctionForTesting(SignalThenWait);
    (void)WriteFileAtomically(path, std::string(4096, 'n'));
    ::_exit(0);
  }
  ::close(fds[1]);
  char c = 0;
  ASSERT_EQ(::read(fds[0], &c, 1), 1);
  ::close(fds[0]);
  EXPECT_EQ(Names().size(), 2u);  // the target and the temporary
  ::kill(child, GetParam());
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), GetParam());
  EXPECT_EQ(Names(), (std::vector<std::string>{"out.json"}));
  EXPECT_EQ(Read(path), "old");
}

INSTANTIATE_TEST_SUITE_P(Signals, SignalTest, testing::Values(SIGINT, SIGTERM, SIGHUP));

TEST_F(AtomicFileTest, RemovesStaleTemporariesOfTheSameNameOnly) {
  auto make = [&](const std::string& name, int hours_old) {
    std::ofstream(Path(name)) << "litter";
    struct utimbuf times {};
    times.actime = times.modtime = ::time(nullptr) - static_cast<time_t>(hours_old) * 3600 - 60;
    ASSERT_EQ(::utime(Path(name).c_str(), &times), 0);
  };
  make(".out.json.tmp123-456", 2);    // what a SIGKILL two hours ago left: removed
  make(".out.json.tmp124-457", 0);    // maybe a write running now: kept
  make(".other.json.tmp125-458", 2);  // another output's: kept
  make(".out.json.tmp12x-459", 2);    // not the pattern: kept
  ASSERT_TRUE(WriteFileAtomically(Path("out.json"), "new").ok());
  EXPECT_EQ(Names(), (std::vector<std::string>{".other.json.tmp125-458", ".out.json.tmp124-457",
                                               ".out.json.tmp12x-459", "out.json"}));
}

TEST_F(AtomicFileTest, AnyLegalNameIsWrittenThoughItsTemporaryNameIsCut) {
  // ".NAME.tmpPID-RANDOM" passed 255 bytes for names of about 236 bytes and more: refused.
  std::string longest(255, 'n');
  Status written = WriteFileAtomically(Path(longest), "new");
  ASSERT_TRUE(written.ok()) << written.ToString();
  EXPECT_EQ(Read(Path(longest)), "new");
  std::string accented;
  for (int i = 0; i < 126; ++i) accented += "\xC3\xA9";  // 252 bytes of two-byte characters
  accented += ".md";
  ASSERT_TRUE(WriteFileAtomically(Path(accented), "new").ok());
  // A stale temporary of the long name, which carries the cut name, is still cleaned up.
  std::string stale = "." + longest.substr(0, 229) + ".tmp123-456";
  std::ofstream(Path(stale)) << "litter";
  struct utimbuf times {};
  times.actime = times.modtime = ::time(nullptr) - 7200;
  ASSERT_EQ(::utime(Path(stale).c_str(), &times), 0);
  ASSERT_TRUE(WriteFileAtomically(Path(longest), "newer").ok());
  EXPECT_EQ(Names(), (std::vector<std::string>{longest, accented}));
}

TEST_F(AtomicFileTest, DescribesErrors) {
  EXPECT_EQ(DescribeWriteError(ENOSPC), "no space left on device (ENOSPC)");
  EXPECT_EQ(DescribeWriteError(EDQUOT), "disk quota exceeded (EDQUOT)");
  EXPECT_EQ(DescribeWriteError(EACCES), "permission denied (EACCES)");
}

// A streamed write (a lint report made finding by finding) is as atomic as a whole one: the bytes
// the producer writes, in chunks larger and smaller than the buffer; a failing producer or a full
// disk leaves the old file and no temporary.
TEST_F(AtomicFileTest, StreamedWritesAreAtomicToo) {
  std::string path = Path("report.json");
  ASSERT_TRUE(WriteFileAtomically(path, "old").ok());
  std::string big(3u << 20, 'x');
  Status written = WriteFileAtomicallyStreamed(path, [&](std::ostream& out) {
    for (int i = 0; i < 1000; ++i) out << "finding " << i << "\n";
    out << big;
    out.put('!');
    return Status::Ok();
  });
  ASSERT_TRUE(written.ok()) << written.ToString();
  std::string content = Read(path);
  EXPECT_EQ(content.size(), 11890u + big.size() + 1);
  EXPECT_EQ(content.substr(0, 10), "finding 0\n");
  EXPECT_EQ(content.back(), '!');

  Status refused = WriteFileAtomicallyStreamed(path, [](std::ostream& out) {
    out << "half a report";
    return Status::InvalidInput("the producer failed");
  });
  EXPECT_EQ(refused.message(), "the producer failed");
  EXPECT_EQ(Read(path), content);
  SetWriteFunctionForTesting(FailNoSpace);
  Status full = WriteFileAtomicallyStreamed(path, [&](std::ostream& out) {
    out << big;
    return Status::Ok();
  });
  EXPECT_EQ(full.message(), path + ": cannot write: no space left on device (ENOSPC)");
  EXPECT_EQ(Read(path), content);
  EXPECT_EQ(Names(), std::vector<std::string>{"report.json"});
}

}  // namespace
}  // namespace qbank
