// The files of a content package (IMS QTI 2/3, Canvas QTI 1.2, Blackboard pools), from a zip
// archive or from a folder read by the zip reader's rules: what the qti and qti12 readers share.
#ifndef QBANK_FORMATS_PACKAGE_FILES_H_
#define QBANK_FORMATS_PACKAGE_FILES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/file_system.h"
#include "base/status.h"

namespace qbank::zip {
class Archive;  // zip/zip_archive.h, which only formats/ sources include
}  // namespace qbank::zip

namespace qbank::formats {

// A package's files, from a zip or a folder.
class PackageFiles {
 public:
  virtual ~PackageFiles() = default;
  // The content of the file at package path `path`, or an error naming it.
  virtual Result<std::string> Read(const std::string& path) const = 0;
  // The name users see for package path `path` ("pkg.zip!/items/q1.xml", "pkg/items/q1.xml").
  virtual std::string DisplayPath(const std::string& path) const = 0;
};

// A zip package: only the files a reader asks for are inflated (zip::Archive), all of them
// counted against the archive's budget of uncompressed bytes.
class ZipPackageFiles : public PackageFiles {
 public:
  // `zip_path` names the archive in display paths.
  ZipPackageFiles(std::string zip_path, zip::Archive archive);
  ~ZipPackageFiles() override;
  Result<std::string> Read(const std::string& path) const override;
  std::string DisplayPath(const std::string& path) const override;
  // The package path of the file named `manifest_name` at the root, or else in the one top folder
  // that holds one; nullopt when there is none or several.
  std::optional<std::string> FindManifest(std::string_view manifest_name) const;

 private:
  std::string zip_path_;
  std::unique_ptr<zip::Archive>
      archive_;  // reading inflates, counting against the archive's budget
};

// A package folder, read by the zip reader's rules: only safe relative names, no symbolic link
// on the way from the folder to a file (it could point out of the package), and the same budget
// of uncompressed bytes for all files read together.
class FolderPackageFiles : public PackageFiles {
 public:
  // `fs` must outlive this object.
  FolderPackageFiles(const FileSystem& fs, std::string dir);
  Result<std::string> Read(const std::string& path) const override;
  std::string DisplayPath(const std::string& path) const override;

 private:
  const FileSystem& fs_;
  std::string dir_;
  uint64_t max_total_size_;    // zip::ReadLimits' budget
  mutable uint64_t read_ = 0;  // bytes read so far
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_PACKAGE_FILES_H_
