// FindDataDir: the installed layout first, then $QBANK_DATA_DIR, then the build's source tree, and
// an error that lists every place looked at.
#include "base/data_dir.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

void AddData(InMemoryFileSystem& fs, const std::string& dir) {
  fs.Add(dir + "/rules/presets/recommended.json", "{}");
  fs.Add(dir + "/schemas/config.schema.json", "{}");
}

TEST(DataDirTest, InstalledLayoutBesideTheBinaryComesFirst) {
  InMemoryFileSystem fs;
  AddData(fs, "/opt/q/share/qbank");
  AddData(fs, "/env");
  AddData(fs, "/src");
  Result<DataDirLocation> found = FindDataDir({"/opt/q/bin/qbank", "/env", "/src"}, fs);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(found->dir, "/opt/q/share/qbank");
  EXPECT_EQ(found->how, "next to the binary");
}

TEST(DataDirTest, EnvironmentThenSourceTree) {
  InMemoryFileSystem fs;
  AddData(fs, "/env");
  AddData(fs, "/src");
  Result<DataDirLocation> found = FindDataDir({"/build/tools/qbank", "/env/", "/src"}, fs);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(found->dir, "/env");
  EXPECT_EQ(found->how, "QBANK_DATA_DIR");

  found = FindDataDir({"/build/tools/qbank", "", "/src"}, fs);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(found->dir, "/src");
  EXPECT_EQ(found->how, "the source tree of this build");
}

TEST(DataDirTest, AFolderWithoutBothMarkersDoesNotCount) {
  InMemoryFileSystem fs;
  fs.Add("/usr/share/qbank/rules/presets/recommended.json", "{}");  // no schemas/
  AddData(fs, "/src");
  Result<DataDirLocation> found = FindDataDir({"/usr/bin/qbank", "", "/src"}, fs);
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_EQ(found->dir, "/src");
}

TEST(DataDirTest, NotFoundListsEveryPlaceLooked) {
  InMemoryFileSystem fs;
  fs.Add("/usr/share/qbank/rules/presets/recommended.json", "{}");
  fs.Add("/data", "a file, not a folder");
  Result<DataDirLocation> found = FindDataDir({"/usr/bin/qbank", "/data", "/gone/src"}, fs);
  ASSERT_FALSE(found.ok());
  EXPECT_TRUE(found.status().IsNotFound());
  EXPECT_EQ(found.status().ToString(),
            "cannot find qbank's data folder (rules/ and schemas/); looked at:\n"
            "  next to the binary: /usr/share/qbank: no schemas/config.schema.json\n"
            "  QBANK_DATA_DIR: /data: not a folder\n"
            "  the source tree of this build: /gone/src: no such folder\n"
            "install qbank (the .deb, or `cmake --install`, which puts the data in share/qbank "
            "beside bin/), or set QBANK_DATA_DIR to a folder holding rules/ and schemas/");

  found = FindDataDir({"", "", "/gone/src"}, fs);
  ASSERT_FALSE(found.ok());
  EXPECT_NE(found.status().ToString().find("  next to the binary: the binary's own path is "
                                           "unknown\n  QBANK_DATA_DIR: not set\n"),
            std::string::npos)
      << found.status().ToString();
}

TEST(DataDirTest, ThisProcessFindsTheSourceTreeOrTheEnvironment) {
  // Test binaries live in build/tests, so nothing is beside them; the source tree holds the data.
  Result<DataDirLocation> found = FindDataDir(ProcessDataDirCandidates(), RealFileSystem());
  ASSERT_TRUE(found.ok()) << found.status().ToString();
  EXPECT_NE(found->how, "next to the binary");
}

}  // namespace
}  // namespace qbank
