// QTI packages read as folders follow the zip reader's rules (no symbolic links, the same size
// budget), and a zip package inflates only the entries its manifest names.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "formats/import.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

namespace stdfs = std::filesystem;

const stdfs::path kPackage = stdfs::path(QBANK_SOURCE_DIR) / "tests/formats/testdata/qti/package21";

class PackageLimitsTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = stdfs::temp_directory_path() /
           ("qbank_pkg_" + std::to_string(::getpid()) + "_" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    stdfs::remove_all(dir_);
    stdfs::create_directories(dir_);
    stdfs::copy(kPackage, dir_ / "pkg", stdfs::copy_options::recursive);
  }
  void TearDown() override { stdfs::remove_all(dir_); }

  // The errors of importing `input` (a folder or a zip) from the real disk.
  std::vector<Diagnostic> Import(const std::string& input, size_t* questions = nullptr) {
    model::Bank bank;
    std::vector<Diagnostic> errors;
    EXPECT_TRUE(ImportInputs({input}, {}, RealFileSystem(), bank, errors).ok());
    if (questions != nullptr) *questions = bank.questions.size();
    return errors;
  }
  stdfs::path dir_;
};

TEST_F(PackageLimitsTest, TheFolderAsCopiedReads) {
  size_t questions = 0;
  auto errors = Import((dir_ / "pkg").string(), &questions);
  EXPECT_TRUE(errors.empty()) << errors[0].ToString();
  EXPECT_EQ(questions, 2u);
}

TEST_F(PackageLimitsTest, ASymbolicLinkedItemFileIsRefused) {
  // The item file points out of the package (here at a copy of itself, which would read fine).
  stdfs::copy_file(dir_ / "pkg/items/phys-1.xml", dir_ / "outside.xml");
  stdfs::remove(dir_ / "pkg/items/phys-1.xml");
  stdfs::create_symlink(dir_ / "outside.xml", dir_ / "pkg/items/phys-1.xml");
  auto errors = Import((dir_ / "pkg").string());
  ASSERT_EQ(errors.size(), 1u);
  std::string item = (dir_ / "pkg/items/phys-1.xml").string();
  EXPECT_EQ(errors[0].ToString(),
            (dir_ / "pkg/imsmanifest.xml").string() +
                ":33:5: error: resource file 'items/phys-1.xml' cannot be read: " + item +
                ": is a symbolic link; a package folder is read like a zip archive: expected only "
                "files and folders");
}

TEST_F(PackageLimitsTest, ASymbolicLinkedFolderIsRefused) {
  stdfs::rename(dir_ / "pkg/items", dir_ / "items");
  stdfs::create_directory_symlink(dir_ / "items", dir_ / "pkg/items");
  // Each item under it is refused.
  auto errors = Import((dir_ / "pkg").string());
  ASSERT_EQ(errors.size(), 2u);
  for (const Diagnostic& d : errors) {
    EXPECT_NE(d.ToString().find(": resource file 'items/"), std::string::npos) << d.ToString();
    EXPECT_NE(d.ToString().find("cannot be read: " + (dir_ / "pkg/items").string() +
                                ": is a symbolic link; a package folder is read like a zip "
                                "archive: expected only files and folders"),
              std::string::npos)
        << d.ToString();
  }
}

TEST_F(PackageLimitsTest, AFileOverTheSizeBudgetIsRefusedUnread) {
  // A sparse file of 1 GiB and one byte: refused by its size, without reading it.
  std::string big = (dir_ / "pkg/items/phys-1.xml").string();
  ASSERT_EQ(::truncate(big.c_str(), (1ll << 30) + 1), 0);
  auto errors = Import((dir_ / "pkg").string());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            (dir_ / "pkg/imsmanifest.xml").string() +
                ":33:5: error: resource file 'items/phys-1.xml' cannot be read: " + big +
                ": would bring the package to more than 1073741824 bytes; expected a smaller "
                "package");
}

// The package's files as zip entries, plus `extra`.
std::string PackageZip(const std::vector<zip::Entry>& extra) {
  std::vector<zip::Entry> entries;
  for (const char* name : {"imsmanifest.xml", "test.xml", "items/phys-1.xml", "items/phys 2.xml"}) {
    std::ifstream in(kPackage / name, std::ios::binary);
    entries.push_back({name, std::string(std::istreambuf_iterator<char>(in), {})});
  }
  entries.insert(entries.end(), extra.begin(), extra.end());
  Result<std::string> bytes = zip::Write(entries);
  EXPECT_TRUE(bytes.ok());
  return bytes.ok() ? *bytes : "";
}

TEST_F(PackageLimitsTest, AZipEntryTheManifestDoesNotNameIsNotInflated) {
  // A corrupt entry nothing refers to: inflating it would fail, so reading succeeds only when
  // it is never inflated.
  std::string bytes = PackageZip({{"junk/unused.bin", std::string(100000, 'j') + "end"}});
  size_t header = bytes.find("junk/unused.bin");
  ASSERT_NE(header, std::string::npos);
  size_t data = header + std::string("junk/unused.bin").size();
  for (size_t i = 10; i < 40; ++i) bytes[data + i] = static_cast<char>(0xFF);
  std::string path = (dir_ / "pkg.zip").string();
  std::ofstream(path, std::ios::binary) << bytes;
  // The eager reader sees the damage, which shows the entry really is corrupt.
  Result<std::vector<zip::Entry>> all = zip::Read(bytes, path);
  ASSERT_FALSE(all.ok());
  EXPECT_NE(all.status().message().find("'junk/unused.bin' is corrupt"), std::string::npos)
      << all.status().message();
  size_t questions = 0;
  auto errors = Import(path, &questions);
  EXPECT_TRUE(errors.empty()) << errors[0].ToString();
  EXPECT_EQ(questions, 2u);
}

TEST(ZipArchiveTest, InflatesOnRequestWithinOneBudget) {
  Result<std::string> bytes =
      zip::Write({{"a.txt", std::string(600, 'a')}, {"b.txt", std::string(600, 'b')}});
  ASSERT_TRUE(bytes.ok());
  zip::ReadLimits limits;
  limits.max_total_size = 1000;
  Result<zip::Archive> archive = zip::Archive::Open(*bytes, "t.zip", limits);
  ASSERT_TRUE(archive.ok());
  EXPECT_EQ(archive->names(), (std::vector<std::string>{"a.txt", "b.txt"}));
  EXPECT_EQ(archive->Read("a.txt").value(), std::string(600, 'a'));
  Result<std::string> b = archive->Read("b.txt");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().ToString(),
            "t.zip: entry 'b.txt' would bring the archive to more than 1000 uncompressed bytes; "
            "expected a smaller archive");
  EXPECT_TRUE(archive->Read("c.txt").status().IsNotFound());
}

}  // namespace
}  // namespace qbank::formats
