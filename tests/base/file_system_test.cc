#include "base/file_system.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace qbank {
namespace {

TEST(InMemoryFileSystemTest, ListsFilesBelowAFolderSkippingHidden) {
  InMemoryFileSystem fs;
  fs.Add("bank/b.txt", "b");
  fs.Add("bank/a.txt", "a");
  fs.Add("bank/.git/config", "x");
  fs.Add("other.txt", "o");
  auto files = fs.ListFiles("bank");
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(*files, (std::vector<std::string>{"bank/a.txt", "bank/b.txt"}));
  EXPECT_TRUE(fs.IsDirectory("bank"));
  EXPECT_FALSE(fs.IsDirectory("other.txt"));
  EXPECT_TRUE(fs.ReadFile("missing").status().IsNotFound());
}

TEST(RealFileSystemTest, AtomicWriteReplacesAndLeavesNoTemporary) {
  namespace stdfs = std::filesystem;
  stdfs::path dir = stdfs::temp_directory_path() / ("qbank_fs_test_" + std::to_string(::getpid()));
  stdfs::create_directories(dir);
  std::string path = (dir / "out.json").string();
  FileSystem& fs = RealFileSystem();
  ASSERT_TRUE(fs.WriteFileAtomic(path, "one").ok());
  ASSERT_TRUE(fs.WriteFileAtomic(path, "two").ok());
  EXPECT_EQ(*fs.ReadFile(path), "two");
  auto files = fs.ListFiles(dir.string());
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(files->size(), 1u);
  Status bad = fs.WriteFileAtomic((dir / "no/such/dir/x").string(), "x");
  EXPECT_FALSE(bad.ok());
  EXPECT_NE(bad.ToString().find("does not exist"), std::string::npos);
  stdfs::remove_all(dir);
}

}  // namespace
}  // namespace qbank
