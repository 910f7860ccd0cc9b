// Atomic replacement of a file on disk, with the temporary file's cleanup on errors and signals.
#include "base/atomic_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>
#include <mutex>
#include <ostream>
#include <random>
#include <streambuf>
#include <vector>

namespace qbank {
namespace {

std::atomic<WriteFunction> g_write{nullptr};

// The temporary file being written, for the signal handler (which may only call
// async-signal-safe functions: unlink, sigaction, raise).
char g_temporary[4096];
volatile std::sig_atomic_t g_temporary_set = 0;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_previous[3];
bool g_installed[3];
std::mutex g_mutex;  // one atomic write at a time owns the globals above

extern "C" void RemoveTemporaryAndReraise(int signal_number) {
  if (g_temporary_set) ::unlink(g_temporary);
  for (int i = 0; i < 3; ++i) {
    if (kSignals[i] == signal_number) ::sigaction(signal_number, &g_previous[i], nullptr);
  }
  ::raise(signal_number);  // delivered with the previous action once this handler returns
}

// Removes the temporary file when it goes out of scope unless released, and while it exists
// removes it on SIGINT, SIGTERM and SIGHUP.
class TemporaryFile {
 public:
  explicit TemporaryFile(const std::string& path) {
    if (path.size() >= sizeof g_temporary) return;  // too long to register: no signal cleanup
    std::memcpy(g_temporary, path.c_str(), path.size() + 1);
    g_temporary_set = 1;
    struct sigaction action {};
    action.sa_handler = RemoveTemporaryAndReraise;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; ++i) {
      g_installed[i] = false;
      struct sigaction previous {};
      if (::sigaction(kSignals[i], nullptr, &previous) != 0) continue;
      if (previous.sa_handler == SIG_IGN) continue;  // an ignored signal stays ignored
      if (::sigaction(kSignals[i], &action, &g_previous[i]) == 0) g_installed[i] = true;
    }
  }
  ~TemporaryFile() {
    if (g_temporary_set && !kept_) ::unlink(g_temporary);
    Uninstall();
  }
  // The file was renamed into place: nothing to remove.
  void Keep() {
    kept_ = true;
    Uninstall();
  }

 private:
  void Uninstall() {
    for (int i = 0; i < 3; ++i) {
      if (g_installed[i]) ::sigaction(kSignals[i], &g_previous[i], nullptr);
      g_installed[i] = false;
    }
    g_temporary_set = 0;
  }
  bool kept_ = false;
};

std::string ParentOf(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string NameOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Follows symbolic links from `path` to the file they end at (which need not exist).
Result<std::string> ResolveLinks(const std::string& path) {
  std::string current = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
    std::string target(static_cast<size_t>(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
    ssize_t n = ::readlink(current.c_str(), target.data(), target.size());
    if (n < 0) {
      return Status::IoError(path + ": cannot follow the link: " + DescribeWriteError(errno));
    }
    target.resize(static_cast<size_t>(n));
    if (target.empty() || target[0] != '/') {
      std::string dir = ParentOf(current);
      if (dir != "." || current.find('/') != std::string::npos) target.insert(0, dir + "/");
    }
    current = target;
  }
  return Status::IoError(path + ": cannot write: too many levels of symbolic links (ELOOP)");
}

// The part of the target's name `base` its temporaries carry: the whole name, or for a long one
// (a legal name is up to 255 bytes) its first bytes, cut at a character, so that "." + it +
// ".tmp" + a 10-digit pid + "-" + a 10-digit random number fits in 255 bytes (NAME_MAX).
std::string TemporaryStem(const std::string& base) {
  constexpr size_t kNameMax = 255;
  constexpr size_t kAround = 1 + 4 + 10 + 1 + 10;
  if (base.size() + kAround <= kNameMax) return base;
  size_t cut = kNameMax - kAround;
  while (cut > 0 && (static_cast<unsigned char>(base[cut]) & 0xC0) == 0x80) --cut;
  return base.substr(0, cut);
}

// True when `name` is "." + TemporaryStem(base) + ".tmp" + digits + "-" + digits.
bool IsTemporaryOf(std::string_view name, const std::string& base) {
  // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on `"." + std::string`.
  std::string prefix = ".";
  prefix += TemporaryStem(base);
  prefix += ".tmp";
  if (!name.starts_with(prefix)) return false;
  std::string_view rest = name.substr(prefix.size());
  size_t dash = rest.find('-');
  if (dash == 0 || dash == std::string_view::npos || dash + 1 == rest.size()) return false;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (i != dash && (rest[i] < '0' || rest[i] > '9')) return false;
  }
  return true;
}

// Removes what an earlier write to `base` that was killed left behind, once it is old enough
// that no running write can own it.
void RemoveStaleTemporaries(const std::string& dir, const std::string& base) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return;
  auto now = std::chrono::system_clock::now();
  while (struct dirent* entry = ::readdir(d)) {
    if (!IsTemporaryOf(entry->d_name, base)) continue;
    std::string full = dir + "/" + entry->d_name;
    struct stat st {};
    if (::lstat(full.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    auto modified = std::chrono::system_clock::from_time_t(st.st_mtime);
    if (now - modified > kStaleTemporaryAge) ::unlink(full.c_str());
  }
  ::closedir(d);
}

ssize_t Write(int fd, const void* buf, size_t count) {
  WriteFunction f = g_write.load();
  return f != nullptr ? f(fd, buf, count) : ::write(fd, buf, count);
}

// Writes all of `content` to `fd`; 0 or the errno of the failure.
int WriteAll(int fd, std::string_view content) {
  size_t done = 0;
  while (done < content.size()) {
    size_t chunk = std::min<size_t>(content.size() - done, size_t{1} << 30);
    ssize_t n = Write(fd, content.data() + done, chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return EIO;
    done += static_cast<size_t>(n);
  }
  return 0;
}

Status WriteError(const std::string& path, int error_number) {
  return Status::IoError(path + ": cannot write: " + DescribeWriteError(error_number));
}

}  // namespace

std::string DescribeWriteError(int error_number) {
  switch (error_number) {
    case ENOSPC:
      return "no space left on device (ENOSPC)";
    case EDQUOT:
      return "disk quota exceeded (EDQUOT)";
    case EROFS:
      return "read-only file system (EROFS)";
    case EACCES:
      return "permission denied (EACCES)";
    case EPERM:
      return "operation not permitted (EPERM)";
    case EIO:
      return "input/output error (EIO)";
    case EFBIG:
      return "file too large (EFBIG)";
    default:
      return std::strerror(error_number);
  }
}

void SetWriteFunctionForTesting(WriteFunction function) { g_write.store(function); }

namespace {

// A stream buffer writing to a file descriptor through Write, 1 MB at a time; remembers the first
// errno.
class FdStreamBuf : public std::streambuf {
 public:
  explicit FdStreamBuf(int fd) : fd_(fd), buffer_(size_t{1} << 20) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  int error() const { return error_; }
  // Writes what is buffered; 0 or the errno.
  int Flush() {
    if (error_ == 0) {
      error_ = WriteAll(fd_, std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())));
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (Flush() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return Flush() == 0 ? 0 : -1; }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n > epptr() - pptr()) {
      if (Flush() != 0) return 0;
      if (n > epptr() - pptr()) {
        error_ = WriteAll(fd_, std::string_view(s, static_cast<size_t>(n)));
        return error_ == 0 ? n : 0;
      }
    }
    std::memcpy(pptr(), s, static_cast<size_t>(n));
    pbump(static_cast<int>(n));
    return n;
  }

 private:
  int fd_;
  std::vector<char> buffer_;
  int error_ = 0;
};

// Writes what `produce` writes to `fd`; the producer's failure, or WriteError for an errno.
Status ProduceInto(int fd, const StreamProducer& produce, int* err) {
  FdStreamBuf buffer(fd);
  std::ostream stream(&buffer);
  Status produced = produce(stream);
  *err = buffer.Flush();
  return produced;
}

// The atomic replacement of `path` with what `write_content` writes to a file descriptor (0 or an
// errno; `*failure` may hold a producer's own Status).
Status ReplaceAtomically(const std::string& path,
                         const std::function<int(int fd, Status* failure)>& write_content) {
  std::lock_guard<std::mutex> lock(g_mutex);
  Result<std::string> resolved = ResolveLinks(path);
  if (!resolved.ok()) return resolved.status();
  const std::string& target = *resolved;
  struct stat old {};
  bool exists = ::stat(target.c_str(), &old) == 0;
  if (exists && S_ISDIR(old.st_mode)) return Status::IoError(path + ": cannot write: is a folder");
  if (exists && !S_ISREG(old.st_mode)) {
    // A target that is not a regular file (a device, a FIFO) is written in place.
    int fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) return WriteError(path, errno);
    Status failure = Status::Ok();
    int err = write_content(fd, &failure);
    if (::close(fd) != 0 && err == 0) err = errno;
    if (!failure.ok()) return failure;
    if (err != 0) return WriteError(path, err);
    return Status::Ok();
  }

  std::string dir = ParentOf(target);
  struct stat dir_stat {};
  if (::stat(dir.c_str(), &dir_stat) != 0 || !S_ISDIR(dir_stat.st_mode)) {
    return Status::IoError(path + ": cannot write: folder " + dir + " does not exist");
  }
  std::string base = NameOf(target);
  RemoveStaleTemporaries(dir, base);

  std::random_device rd;
  std::string temporary = (dir == "." && target.find('/') == std::string::npos ? "" : dir + "/") +
                          "." + TemporaryStem(base) + ".tmp" + std::to_string(::getpid()) + "-" +
                          std::to_string(rd());
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return WriteError(path, errno);
  TemporaryFile guard(temporary);
  Status failure = Status::Ok();
  int err = write_content(fd, &failure);
  if (!failure.ok()) {
    ::close(fd);
    return failure;
  }
  if (err == 0 && exists) {
    if (::geteuid() == 0 && (old.st_uid != ::geteuid() || old.st_gid != ::getegid()) &&
        ::fchown(fd, old.st_uid, old.st_gid) != 0) {
      err = errno;
    }
    // After chown, which may clear set-user-id bits.
    if (err == 0 && ::fchmod(fd, old.st_mode & 07777) != 0) err = errno;
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) return WriteError(path, err);
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    return Status::IoError(path + ": cannot replace: " + DescribeWriteError(errno));
  }
  guard.Keep();
  // Make the rename itself durable.
  int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return Status::Ok();
}

}  // namespace

Status WriteFileAtomically(const std::string& path, std::string_view content) {
  return ReplaceAtomically(path, [&](int fd, Status*) { return WriteAll(fd, content); });
}

Status WriteFileAtomicallyStreamed(const std::string& path, const StreamProducer& produce) {
  return ReplaceAtomically(path, [&](int fd, Status* failure) {
    int err = 0;
    *failure = ProduceInto(fd, produce, &err);
    return err;
  });
}

}  // namespace qbank
