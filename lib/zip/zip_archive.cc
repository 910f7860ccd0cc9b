// Reading and writing zip archives in memory over libzip, with limits and path checks.
#include "zip/zip_archive.h"

#include <zip.h>

#include <ctime>
#include <memory>
#include <set>

#include "base/utf8_text.h"

namespace qbank::zip {
namespace {

constexpr uint32_t kUnixFileTypeMask = 0170000;
constexpr uint32_t kUnixSymlink = 0120000;

struct ArchiveCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct FileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using ArchivePtr = std::unique_ptr<zip_t, ArchiveCloser>;
using FilePtr = std::unique_ptr<zip_file_t, FileCloser>;

std::string ErrorText(zip_error_t* error) {
  const char* s = zip_error_strerror(error);
  return s != nullptr ? s : "unknown error";
}

// Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on `"'" + std::string(name)`.
std::string Quote(std::string_view name) {
  std::string quoted;
  quoted.reserve(name.size() + 2);
  quoted += '\'';
  quoted += name;
  quoted += '\'';
  return quoted;
}

}  // namespace

bool IsSafeEntryName(std::string_view name) {
  if (name.empty() || name.front() == '/') return false;
  if (name.find('\\') != std::string_view::npos) return false;
  if (name.size() >= 2 && name[1] == ':') return false;  // a drive letter
  for (size_t i = 0; i < name.size();) {
    char32_t c = 0;
    size_t len = Utf8SequenceLength(name, i, &c);
    if (len == 0 || c < 0x20 || c == 0x7f) return false;
    i += len;
  }
  size_t start = 0;
  while (start <= name.size()) {
    size_t slash = name.find('/', start);
    if (slash == std::string_view::npos) slash = name.size();
    std::string_view part = name.substr(start, slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = slash + 1;
  }
  return true;
}

namespace {

// Opens `bytes` as a zip archive (libzip reads them in place; they must outlive the archive).
Result<ArchivePtr> OpenArchive(std::string_view bytes, const std::string& path) {
  constexpr size_t kEndOfCentralDirectorySize = 22;  // the smallest zip archive
  if (bytes.size() < kEndOfCentralDirectorySize) {
    return Status::InvalidInput("not a readable zip archive (only " + std::to_string(bytes.size()) +
                                " bytes); expected a zip file such as a QTI content package")
        .At(path);
  }
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (source == nullptr) {
    std::string msg = "cannot read zip archive: " + ErrorText(&error);
    zip_error_fini(&error);
    return Status::IoError(msg).At(path);
  }
  ArchivePtr archive(zip_open_from_source(source, ZIP_RDONLY, &error));
  if (!archive) {
    zip_source_free(source);
    std::string msg = "not a readable zip archive (" + ErrorText(&error) +
                      "); expected a zip file such as a QTI content package";
    zip_error_fini(&error);
    return Status::InvalidInput(msg).At(path);
  }
  zip_error_fini(&error);
  return archive;
}

// Checks the name of entry `i` (a file, or a folder when it ends in '/'): a safe relative path,
// and not a symbolic link.
Status CheckEntryName(zip_t* archive, zip_uint64_t i, const std::string& name, bool is_folder,
                      const std::string& path) {
  std::string checked = is_folder ? name.substr(0, name.size() - 1) : name;
  if (!IsSafeEntryName(checked)) {
    return Status::InvalidInput("entry " + Quote(name) +
                                " is not a safe relative path (absolute, '..', '.', '\\' or "
                                "empty parts); expected names inside the archive's folder")
        .At(path);
  }
  zip_uint8_t opsys = 0;
  zip_uint32_t attributes = 0;
  if (zip_file_get_external_attributes(archive, i, 0, &opsys, &attributes) == 0 &&
      opsys == ZIP_OPSYS_UNIX && ((attributes >> 16) & kUnixFileTypeMask) == kUnixSymlink) {
    return Status::InvalidInput("entry " + Quote(name) +
                                " is a symbolic link; expected only files and folders")
        .At(path);
  }
  return Status::Ok();
}

// Checks file entry `i` before it is inflated: not encrypted, and (by its declared size) within
// `max_total_size` once added to the `total` read so far.
Status CheckEntryStat(zip_t* archive, zip_uint64_t i, const std::string& name,
                      const std::string& path, uint64_t max_total_size, uint64_t total) {
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(archive, i, 0, &st) != 0) {
    return Status::InvalidInput("entry " + Quote(name) + " cannot be read").At(path);
  }
  if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 && st.encryption_method != ZIP_EM_NONE) {
    return Status::InvalidInput("entry " + Quote(name) +
                                " is encrypted; expected an unencrypted archive")
        .At(path);
  }
  if ((st.valid & ZIP_STAT_SIZE) != 0 && st.size > max_total_size - total) {
    return Status::InvalidInput("entry " + Quote(name) + " would bring the archive to " +
                                "more than " + std::to_string(max_total_size) +
                                " uncompressed bytes; expected a smaller archive")
        .At(path);
  }
  return Status::Ok();
}

// Inflates entry `i` into `data`, adding its size to `total`, which must stay within
// `max_total_size` (the declared size may lie). `buffer` is scratch space.
Status InflateEntry(zip_t* archive, zip_uint64_t i, const std::string& name,
                    const std::string& path, uint64_t max_total_size, uint64_t& total,
                    std::string& buffer, std::string& data) {
  FilePtr file(zip_fopen_index(archive, i, 0));
  if (!file) {
    return Status::InvalidInput("entry " + Quote(name) +
                                " cannot be opened: " + zip_strerror(archive))
        .At(path);
  }
  for (;;) {
    zip_int64_t n = zip_fread(file.get(), buffer.data(), buffer.size());
    if (n < 0) {
      return Status::InvalidInput("entry " + Quote(name) +
                                  " is corrupt: " + zip_file_strerror(file.get()))
          .At(path);
    }
    if (n == 0) return Status::Ok();
    total += static_cast<uint64_t>(n);
    if (total > max_total_size) {
      return Status::InvalidInput("entry " + Quote(name) + " inflates past the limit of " +
                                  std::to_string(max_total_size) +
                                  " uncompressed bytes; expected a smaller archive")
          .At(path);
    }
    data.append(buffer.data(), static_cast<size_t>(n));
  }
}

}  // namespace

struct Archive::Handle {
  ArchivePtr archive;
};

Result<Archive> Archive::Open(std::string_view bytes, const std::string& path,
                              const ReadLimits& limits) {
  Result<ArchivePtr> archive = OpenArchive(bytes, path);
  if (!archive.ok()) return archive.status();
  zip_int64_t count = zip_get_num_entries(archive->get(), 0);
  if (count < 0) return Status::InvalidInput("cannot list the zip archive's entries").At(path);
  if (static_cast<uint64_t>(count) > limits.max_entries) {
    return Status::InvalidInput("the zip archive has " + std::to_string(count) +
                                " entries; expected at most " + std::to_string(limits.max_entries))
        .At(path);
  }
  Archive out;
  out.path_ = path;
  out.limits_ = limits;
  for (zip_uint64_t i = 0; i < static_cast<zip_uint64_t>(count); ++i) {
    const char* raw_name = zip_get_name(archive->get(), i, ZIP_FL_ENC_GUESS);
    if (raw_name == nullptr) {
      return Status::InvalidInput("entry " + std::to_string(i + 1) + " has no name").At(path);
    }
    std::string name = raw_name;
    bool is_folder = !name.empty() && name.back() == '/';
    QBANK_RETURN_IF_ERROR(CheckEntryName(archive->get(), i, name, is_folder, path));
    if (is_folder) continue;
    if (!out.index_.emplace(name, i).second) {
      return Status::InvalidInput("entry " + Quote(name) +
                                  " appears twice; expected each name once")
          .At(path);
    }
    // Encryption now; the size against the budget when the entry is read.
    QBANK_RETURN_IF_ERROR(CheckEntryStat(archive->get(), i, name, path, UINT64_MAX, 0));
    out.names_.push_back(std::move(name));
  }
  out.handle_ = std::make_shared<Handle>();
  out.handle_->archive = std::move(archive).value();
  return out;
}

Result<std::string> Archive::Read(const std::string& name) {
  auto it = index_.find(name);
  if (it == index_.end()) return Status::NotFound("no entry " + Quote(name)).At(path_);
  zip_t* archive = handle_->archive.get();
  QBANK_RETURN_IF_ERROR(
      CheckEntryStat(archive, it->second, name, path_, limits_.max_total_size, inflated_));
  std::string buffer(size_t{64} * 1024, '\0');
  std::string data;
  QBANK_RETURN_IF_ERROR(InflateEntry(archive, it->second, name, path_, limits_.max_total_size,
                                     inflated_, buffer, data));
  return data;
}

Result<std::vector<Entry>> Read(std::string_view bytes, const std::string& path,
                                const ReadLimits& limits) {
  Result<Archive> archive = Archive::Open(bytes, path, limits);
  if (!archive.ok()) return archive.status();
  std::vector<Entry> entries;
  for (const std::string& name : archive->names()) {
    Result<std::string> data = archive->Read(name);
    if (!data.ok()) return data.status();
    entries.push_back({name, std::move(data).value()});
  }
  return entries;
}

Result<std::string> Write(const std::vector<Entry>& entries) {
  std::set<std::string_view> seen;
  for (const Entry& e : entries) {
    if (!IsSafeEntryName(e.path)) {
      return Status::Usage("zip entry " + Quote(e.path) + " is not a safe relative path");
    }
    if (!seen.insert(e.path).second) {
      return Status::Usage("zip entry " + Quote(e.path) + " appears twice");
    }
  }
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* target = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (target == nullptr) {
    std::string msg = "cannot make a zip archive: " + ErrorText(&error);
    zip_error_fini(&error);
    return Status::IoError(msg);
  }
  zip_source_keep(target);  // still ours after zip_close
  zip_t* archive = zip_open_from_source(target, ZIP_TRUNCATE, &error);
  if (archive == nullptr) {
    std::string msg = "cannot make a zip archive: " + ErrorText(&error);
    zip_error_fini(&error);
    zip_source_free(target);
    return Status::IoError(msg);
  }
  zip_error_fini(&error);
  // 2000-01-01 12:00 local time: a fixed stamp so the output does not depend on the clock.
  std::tm stamp = {};
  stamp.tm_year = 100;
  stamp.tm_mday = 1;
  stamp.tm_hour = 12;
  stamp.tm_isdst = -1;
  time_t mtime = std::mktime(&stamp);
  auto fail = [&](const std::string& what) -> Status {
    std::string msg = "cannot make a zip archive: " + what + ": " + zip_strerror(archive);
    zip_discard(archive);
    zip_source_free(target);
    return Status::IoError(msg);
  };
  for (const Entry& e : entries) {
    zip_source_t* data = zip_source_buffer(archive, e.data.data(), e.data.size(), 0);
    if (data == nullptr) return fail(e.path);
    zip_int64_t index = zip_file_add(archive, e.path.c_str(), data, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(data);
      return fail(e.path);
    }
    auto i = static_cast<zip_uint64_t>(index);
    if (zip_file_set_mtime(archive, i, mtime, 0) != 0 ||
        zip_file_set_external_attributes(archive, i, 0, ZIP_OPSYS_UNIX, 0100644u << 16) != 0 ||
        (e.stored && zip_set_file_compression(archive, i, ZIP_CM_STORE, 0) != 0)) {
      return fail(e.path);
    }
  }
  if (zip_close(archive) != 0) return fail("closing");
  std::string out;
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_source_stat(target, &st) != 0 || zip_source_open(target) != 0) {
    zip_source_free(target);
    return Status::IoError("cannot make a zip archive: reading back the result");
  }
  out.resize(static_cast<size_t>(st.size));
  zip_int64_t got = zip_source_read(target, out.data(), st.size);
  zip_source_close(target);
  zip_source_free(target);
  if (got < 0 || static_cast<zip_uint64_t>(got) != st.size) {
    return Status::IoError("cannot make a zip archive: reading back the result");
  }
  return out;
}

}  // namespace qbank::zip
