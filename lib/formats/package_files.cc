// A package's files from a zip archive or a folder (package_files.h).
#include "formats/package_files.h"

#include <utility>

#include "zip/zip_archive.h"

namespace qbank::formats {

ZipPackageFiles::ZipPackageFiles(std::string zip_path, zip::Archive archive)
    : zip_path_(std::move(zip_path)),
      archive_(std::make_unique<zip::Archive>(std::move(archive))) {}

ZipPackageFiles::~ZipPackageFiles() = default;

Result<std::string> ZipPackageFiles::Read(const std::string& path) const {
  if (!archive_->Contains(path)) {
    return Status::NotFound("no such file in the package").At(DisplayPath(path));
  }
  return archive_->Read(path);
}

std::string ZipPackageFiles::DisplayPath(const std::string& path) const {
  return zip_path_ + "!/" + path;
}

std::optional<std::string> ZipPackageFiles::FindManifest(std::string_view manifest_name) const {
  std::string name(manifest_name);
  if (archive_->Contains(name)) return name;
  std::optional<std::string> found;
  for (const std::string& path : archive_->names()) {
    size_t slash = path.find('/');
    if (slash != std::string::npos && path.substr(slash + 1) == name) {
      if (found.has_value()) return std::nullopt;
      found = path;
    }
  }
  return found;
}

FolderPackageFiles::FolderPackageFiles(const FileSystem& fs, std::string dir)
    : fs_(fs), dir_(std::move(dir)), max_total_size_(zip::ReadLimits().max_total_size) {
  while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();
}

Result<std::string> FolderPackageFiles::Read(const std::string& path) const {
  std::string shown = DisplayPath(path);
  if (!zip::IsSafeEntryName(path)) {
    return Status::InvalidInput("not a safe relative path in the package folder").At(shown);
  }
  for (size_t slash = path.find('/');; slash = path.find('/', slash + 1)) {
    std::string part = DisplayPath(path.substr(0, slash));
    if (fs_.IsSymbolicLink(part)) {
      return Status::InvalidInput(
                 "is a symbolic link; a package folder is read like "
                 "a zip archive: expected only files and folders")
          .At(part);
    }
    if (slash == std::string::npos) break;
  }
  std::optional<uint64_t> size = fs_.FileSize(shown);
  if (size.has_value() && *size > max_total_size_ - read_) {
    return Status::InvalidInput("would bring the package to more than " +
                                std::to_string(max_total_size_) +
                                " bytes; expected a smaller package")
        .At(shown);
  }
  Result<std::string> content = fs_.ReadFile(shown);
  if (!content.ok()) return content;
  read_ += content->size();
  if (read_ > max_total_size_) {
    return Status::InvalidInput("brings the package to more than " +
                                std::to_string(max_total_size_) +
                                " bytes; expected a smaller package")
        .At(shown);
  }
  return content;
}

std::string FolderPackageFiles::DisplayPath(const std::string& path) const {
  return dir_.empty() ? path : dir_ + "/" + path;
}

}  // namespace qbank::formats
