// FileSystem: every file access of the library goes through this interface, so tests can run on an
// in-memory tree and the command line on the real disk.
#ifndef QBANK_BASE_FILE_SYSTEM_H_
#define QBANK_BASE_FILE_SYSTEM_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace qbank {

class FileSystem {
 public:
  virtual ~FileSystem() = default;
  // The whole content of the regular file `path`; NotFound or IoError naming the path otherwise.
  // What is not a regular file (a FIFO, a socket, /dev/zero or another device) is refused up
  // front, InvalidInput naming it: reading one could block forever or never end.
  virtual Result<std::string> ReadFile(const std::string& path) const = 0;
  // An input named on the command line: a regular file as ReadFile reads it, or a pipe (a FIFO,
  // `<(cmd)`'s /dev/fd/N) read to its end, refused when it gives more than kMaxPipeBytes; a device
  // is refused up front. The default is ReadFile.
  virtual Result<std::string> ReadInput(const std::string& path) const { return ReadFile(path); }
  // What names one file however it is reached (`a.gift`, `./a.gift`, a symbolic link): its device
  // and inode on disk, the normal path in memory; nullopt when it cannot be told.
  virtual std::optional<std::string> FileIdentity(const std::string& path) const = 0;
  // Writes `content` to a temporary file next to `path`, then renames it over `path`, so a
  // failure never leaves a partial or emptied file.
  virtual Status WriteFileAtomic(const std::string& path, std::string_view content) = 0;
  // The same with the content written by `produce` to a stream; when `produce` fails, `path` is
  // untouched and its error returned. The real file system streams to the disk (the content is
  // never all in memory); the default collects it and calls WriteFileAtomic.
  virtual Status WriteFileAtomicStreamed(const std::string& path,
                                         const std::function<Status(std::ostream&)>& produce);
  virtual bool IsDirectory(const std::string& path) const = 0;
  virtual bool Exists(const std::string& path) const = 0;
  // Regular files below `dir`, recursively, sorted by path; hidden entries (".name") skipped.
  virtual Result<std::vector<std::string>> ListFiles(const std::string& dir) const = 0;
  // True when `path` itself is a symbolic link (not followed). False where there are none.
  virtual bool IsSymbolicLink(const std::string& /*path*/) const { return false; }
  // The size in bytes of the file at `path`, or nullopt when it cannot be known without reading.
  virtual std::optional<uint64_t> FileSize(const std::string& /*path*/) const {
    return std::nullopt;
  }
};

// The most read from a pipe or standard input, whose size is not known up front: 1 GiB, as for a
// zip package (docs/reliability.md, "Limits").
inline constexpr uint64_t kMaxPipeBytes = uint64_t{1} << 30;

// The process's real file system.
FileSystem& RealFileSystem();

// A map of path -> content; directories are implied by paths ("a/b.txt" makes "a" a directory).
class InMemoryFileSystem : public FileSystem {
 public:
  void Add(const std::string& path, std::string content) { files_[path] = std::move(content); }
  const std::map<std::string, std::string>& files() const { return files_; }

  Result<std::string> ReadFile(const std::string& path) const override;
  Status WriteFileAtomic(const std::string& path, std::string_view content) override;
  bool IsDirectory(const std::string& path) const override;
  bool Exists(const std::string& path) const override;
  Result<std::vector<std::string>> ListFiles(const std::string& dir) const override;
  std::optional<uint64_t> FileSize(const std::string& path) const override;
  std::optional<std::string> FileIdentity(const std::string& path) const override;

 private:
  std::map<std::string, std::string> files_;
};

}  // namespace qbank

#endif  // QBANK_BASE_FILE_SYSTEM_H_
