// The real and the in-memory file systems.
#include "base/file_system.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "base/atomic_file.h"
#include "base/huge_pages.h"

namespace qbank {
namespace {

namespace fs = std::filesystem;

bool IsHidden(const fs::path& p) {
  std::string name = p.filename().string();
  return !name.empty() && name[0] == '.' && name != "." && name != "..";
}

// Reserves `bytes` in `s`, backed by huge pages where the system offers them (one page fault per
// 2 MiB instead of one per 4 KiB while the file is read into it).
void ReserveLarge(std::string& s, size_t bytes) {
  s.reserve(bytes);
  AdviseHugePages(s.data(), bytes);
}

class DiskFileSystem : public FileSystem {
 public:
  Result<std::string> ReadFile(const std::string& path) const override {
    return Read(path, /*pipes=*/false);
  }
  Result<std::string> ReadInput(const std::string& path) const override {
    return Read(path, /*pipes=*/true);
  }
  std::optional<std::string> FileIdentity(const std::string& path) const override {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
  }

 private:
  // ReadFile, and with `pipes` ReadInput.
  Result<std::string> Read(const std::string& path, bool pipes) const {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
      if (S_ISDIR(st.st_mode)) return Status::InvalidInput("is a directory").At(path);
      bool pipe = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
      if (!S_ISREG(st.st_mode) && !(pipes && pipe)) {
        // Refused before it is opened: opening a FIFO waits for a writer, and /dev/zero never ends.
        std::string kind = S_ISFIFO(st.st_mode)   ? "a FIFO"
                           : S_ISSOCK(st.st_mode) ? "a socket"
                           : S_ISCHR(st.st_mode)  ? "a character device"
                           : S_ISBLK(st.st_mode)  ? "a block device"
                                                  : "a special file";
        return Status::InvalidInput("not a regular file (" + kind + "); expected a file" +
                                    (pipes ? " or a pipe (give '-' for standard input)" : ""))
            .At(path);
      }
      if (pipe) return ReadPipe(path);
    }
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
      int err = errno;
      if (err == ENOENT) return Status::NotFound("no such file").At(path);
      return Status::IoError(std::string("cannot open: ") + std::strerror(err)).At(path);
    }
    // Read straight into a buffer of the file's size (growing by doubling would hold up to twice
    // a large file); a file that changes size meanwhile is read to its end all the same.
    std::string content;
    std::error_code size_ec;
    uintmax_t size = fs::file_size(path, size_ec);
    if (size_ec || size >= (uintmax_t{1} << 40)) size = 0;
    ReserveLarge(content, static_cast<size_t>(size));
    content.resize(static_cast<size_t>(size));
    size_t filled = std::fread(content.data(), 1, content.size(), f);
    if (filled == content.size()) {
      // The file may have grown since its size was taken: read on to its end.
      char buf[1 << 16];
      size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) content.append(buf, n);
      filled = content.size();
    }
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return Status::IoError("read error").At(path);
    content.resize(filled);
    return content;
  }

  // A pipe's bytes to its end, refused past kMaxPipeBytes (`yes > fifo` never ends).
  static Result<std::string> ReadPipe(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
      return Status::IoError(std::string("cannot open: ") + std::strerror(errno)).At(path);
    }
    std::string content;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
      content.append(buf, n);
      if (content.size() > kMaxPipeBytes) {
        std::fclose(f);
        return Status::InvalidInput("more than " + std::to_string(kMaxPipeBytes) +
                                    " bytes from this pipe without its end; at most " +
                                    std::to_string(kMaxPipeBytes) + " are read from a pipe")
            .At(path);
      }
    }
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return Status::IoError("read error").At(path);
    return content;
  }

 public:
  Status WriteFileAtomic(const std::string& path, std::string_view content) override {
    return WriteFileAtomically(path, content);
  }
  Status WriteFileAtomicStreamed(const std::string& path,
                                 const std::function<Status(std::ostream&)>& produce) override {
    return WriteFileAtomicallyStreamed(path, produce);
  }

  bool IsDirectory(const std::string& path) const override {
    std::error_code ec;
    return fs::is_directory(path, ec);
  }
  bool Exists(const std::string& path) const override {
    std::error_code ec;
    return fs::exists(path, ec);
  }
  bool IsSymbolicLink(const std::string& path) const override {
    std::error_code ec;
    return fs::is_symlink(path, ec);
  }
  std::optional<uint64_t> FileSize(const std::string& path) const override {
    std::error_code ec;
    uintmax_t size = fs::file_size(path, ec);
    if (ec) return std::nullopt;
    return static_cast<uint64_t>(size);
  }

  Result<std::vector<std::string>> ListFiles(const std::string& dir) const override {
    std::error_code ec;
    std::vector<std::string> out;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
    if (ec) return Status::IoError("cannot list: " + ec.message()).At(dir);
    for (auto end = fs::recursive_directory_iterator(); it != end; it.increment(ec)) {
      if (ec) return Status::IoError("cannot list: " + ec.message()).At(dir);
      if (IsHidden(it->path())) {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) out.push_back(it->path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

}  // namespace

FileSystem& RealFileSystem() {
  static DiskFileSystem fs;
  return fs;
}

Result<std::string> InMemoryFileSystem::ReadFile(const std::string& path) const {
  auto it = files_.find(path);
  if (it == files_.end()) {
    if (IsDirectory(path)) return Status::InvalidInput("is a directory").At(path);
    return Status::NotFound("no such file").At(path);
  }
  return it->second;
}

Status FileSystem::WriteFileAtomicStreamed(const std::string& path,
                                           const std::function<Status(std::ostream&)>& produce) {
  std::ostringstream content;
  QBANK_RETURN_IF_ERROR(produce(content));
  return WriteFileAtomic(path, std::move(content).str());
}

Status InMemoryFileSystem::WriteFileAtomic(const std::string& path, std::string_view content) {
  files_[path] = std::string(content);
  return Status::Ok();
}

bool InMemoryFileSystem::IsDirectory(const std::string& path) const {
  std::string prefix = path;
  if (!prefix.empty() && prefix.back() != '/') prefix += '/';
  auto it = files_.lower_bound(prefix);
  return it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
}

std::optional<std::string> InMemoryFileSystem::FileIdentity(const std::string& path) const {
  if (files_.count(path) == 0) return std::nullopt;
  return fs::path(path).lexically_normal().generic_string();
}

std::optional<uint64_t> InMemoryFileSystem::FileSize(const std::string& path) const {
  auto it = files_.find(path);
  if (it == files_.end()) return std::nullopt;
  return it->second.size();
}

bool InMemoryFileSystem::Exists(const std::string& path) const {
  return files_.count(path) != 0 || IsDirectory(path);
}

Result<std::vector<std::string>> InMemoryFileSystem::ListFiles(const std::string& dir) const {
  std::string prefix = dir;
  if (!prefix.empty() && prefix.back() != '/') prefix += '/';
  std::vector<std::string> out;
  for (auto it = files_.lower_bound(prefix);
       it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    bool hidden = false;
    std::string_view rest = std::string_view(it->first).substr(prefix.size());
    size_t pos = 0;
    while (pos < rest.size()) {
      if (rest[pos] == '.') hidden = true;
      size_t slash = rest.find('/', pos);
      if (slash == std::string_view::npos) break;
      pos = slash + 1;
    }
    if (!hidden) out.push_back(it->first);
  }
  return out;
}

}  // namespace qbank
