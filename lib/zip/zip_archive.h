// Zip archives read into memory and written from memory, through libzip, with the limits that keep
// a hostile archive from escaping its folder or exhausting memory. This folder is the only place
// that includes libzip.
#ifndef QBANK_ZIP_ZIP_ARCHIVE_H_
#define QBANK_ZIP_ZIP_ARCHIVE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace qbank::zip {

// One file in an archive: a relative path with '/' separators ("items/q1.xml") and its bytes.
struct Entry {
  std::string path;
  std::string data;
  // Written stored (not compressed), as an OpenDocument package's first entry, mimetype, must be
  // so that a reader finds the type at a fixed offset.
  bool stored = false;
};

// The defaults fit a content package of a few hundred thousand items (one file each).
struct ReadLimits {
  size_t max_entries = 1000000;                     // files and folders in the archive
  uint64_t max_total_size = 1024ull * 1024 * 1024;  // uncompressed bytes of all files together
};

// Reads every file of the zip archive in `bytes` (`path` names it in messages), in archive order;
// folder entries are skipped. Errors ("path: ...", with the entry's name when one is at fault):
// not a zip archive; more than limits.max_entries entries; an entry whose name is empty, absolute
// ("/x", "C:x", "\\x"), has a ".." part, or is a symbolic link; a name that appears twice; more
// than limits.max_total_size uncompressed bytes (counted as the data is inflated, so a size the
// archive misstates does not help); a corrupt or encrypted entry.
Result<std::vector<Entry>> Read(std::string_view bytes, const std::string& path,
                                const ReadLimits& limits = {});

// An archive opened for reading: every entry's name and kind is checked when it opens (the rules
// of Read: count, safe names, no symbolic links, no name twice, no encryption), and a file's data
// is inflated only when Read asks for it, within one budget of limits.max_total_size uncompressed
// bytes for all reads together. So an entry nobody asks for (one a package manifest does not
// name) is never inflated. `bytes` must outlive the archive.
class Archive {
 public:
  static Result<Archive> Open(std::string_view bytes, const std::string& path,
                              const ReadLimits& limits = {});
  // The files (not folders), in archive order.
  const std::vector<std::string>& names() const { return names_; }
  bool Contains(const std::string& name) const { return index_.count(name) != 0; }
  // Inflates file `name`: NotFound "PATH: no entry 'NAME'", or the errors of Read (a corrupt
  // entry, the size budget exceeded).
  Result<std::string> Read(const std::string& name);

 private:
  struct Handle;
  std::shared_ptr<Handle> handle_;
  std::string path_;
  ReadLimits limits_;
  std::vector<std::string> names_;
  std::map<std::string, uint64_t, std::less<>> index_;
  uint64_t inflated_ = 0;
};

// True when `name` is a safe relative entry name: not empty, not absolute, no "." or ".." part,
// no backslash, no empty part; valid UTF-8 without a control character (U+0000-U+001F, U+007F).
// libzip refuses to write such names, and a terminal would obey controls in a message (both found
// by qti_package_fuzz).
bool IsSafeEntryName(std::string_view name);

// A zip archive holding `entries` in order (deflated unless an entry is `stored`, with a fixed
// timestamp so the same entries always give the same bytes). Every name must pass IsSafeEntryName
// and appear once; otherwise a Usage error.
Result<std::string> Write(const std::vector<Entry>& entries);

}  // namespace qbank::zip

#endif  // QBANK_ZIP_ZIP_ARCHIVE_H_
