// Tests for the libzip door: round trips, and every hostile archive refused with a clear message.
#include "zip/zip_archive.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace qbank::zip {
namespace {

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(QBANK_SOURCE_DIR) + "/tests/formats/testdata/zip/" + name,
                   std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(ZipArchiveTest, WritesAndReadsBackEntriesInOrder) {
  std::vector<Entry> entries = {{"imsmanifest.xml", "<manifest/>"},
                                {"items/q1.xml", std::string(100000, 'x')},
                                {"items/empty.txt", ""}};
  Result<std::string> bytes = Write(entries);
  ASSERT_TRUE(bytes.ok()) << bytes.status().ToString();
  EXPECT_TRUE(bytes->starts_with("PK\x03\x04"));
  EXPECT_LT(bytes->size(), 2000u);  // deflated
  Result<std::vector<Entry>> back = Read(*bytes, "out.zip");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  ASSERT_EQ(back->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*back)[i].path, entries[i].path);
    EXPECT_EQ((*back)[i].data, entries[i].data);
  }
  // The same entries give the same bytes.
  EXPECT_EQ(*Write(entries), *bytes);
}

TEST(ZipArchiveTest, WriteRefusesUnsafeOrRepeatedNames) {
  EXPECT_EQ(Write({{"../x.xml", ""}}).status().code(), Status::Code::kUsage);
  EXPECT_EQ(Write({{"/abs.xml", ""}}).status().code(), Status::Code::kUsage);
  EXPECT_EQ(Write({{"a.xml", ""}, {"a.xml", ""}}).status().code(), Status::Code::kUsage);
}

TEST(ZipArchiveTest, SafeNames) {
  EXPECT_TRUE(IsSafeEntryName("items/q1.xml"));
  EXPECT_TRUE(IsSafeEntryName("a..b/c"));
  EXPECT_FALSE(IsSafeEntryName(""));
  EXPECT_FALSE(IsSafeEntryName("items/phys 2.xm\x01\x1bl"));  // qti_package_fuzz found this name
  EXPECT_FALSE(IsSafeEntryName("items/q\x7f.xml"));
  EXPECT_FALSE(
      IsSafeEntryName("items/phys\xff"
                      "2.xml"));  // not UTF-8 (qti_package_fuzz)
  EXPECT_TRUE(IsSafeEntryName("items/f\xc3\xbcr.xml"));
  EXPECT_TRUE(IsSafeEntryName("items/phys 2.xml"));
  EXPECT_FALSE(IsSafeEntryName("../x"));
  EXPECT_FALSE(IsSafeEntryName("a/../../x"));
  EXPECT_FALSE(IsSafeEntryName("a/./x"));
  EXPECT_FALSE(IsSafeEntryName("/etc/passwd"));
  EXPECT_FALSE(IsSafeEntryName("C:/x"));
  EXPECT_FALSE(IsSafeEntryName("a\\..\\x"));
  EXPECT_FALSE(IsSafeEntryName("a//b"));
}

TEST(ZipArchiveTest, RefusesZipSlip) {
  Result<std::vector<Entry>> r = Read(Fixture("zip_slip.zip"), "slip.zip");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().ToString(),
            "slip.zip: entry '../escaped.xml' is not a safe relative path (absolute, '..', '.', "
            "'\\' or empty parts); expected names inside the archive's folder");
}

TEST(ZipArchiveTest, RefusesAbsoluteAndBackslashPaths) {
  Result<std::vector<Entry>> abs = Read(Fixture("absolute_path.zip"), "abs.zip");
  ASSERT_FALSE(abs.ok());
  EXPECT_NE(abs.status().ToString().find("'/tmp/qbank-absolute.xml' is not a safe relative path"),
            std::string::npos);
  Result<std::vector<Entry>> back = Read(Fixture("backslash_path.zip"), "bs.zip");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.status().ToString().find("is not a safe relative path"), std::string::npos);
}

TEST(ZipArchiveTest, RefusesSymbolicLinks) {
  Result<std::vector<Entry>> r = Read(Fixture("symlink.zip"), "link.zip");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().ToString(),
            "link.zip: entry 'items/link.xml' is a symbolic link; expected only files and folders");
}

TEST(ZipArchiveTest, RefusesTooManyEntries) {
  ReadLimits limits;
  limits.max_entries = 100;
  Result<std::vector<Entry>> r = Read(Fixture("many_entries.zip"), "many.zip", limits);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().ToString(),
            "many.zip: the zip archive has 300 entries; expected at most 100");
  limits.max_entries = 300;
  EXPECT_TRUE(Read(Fixture("many_entries.zip"), "many.zip", limits).ok());
}

TEST(ZipArchiveTest, RefusesCompressionBombs) {
  ReadLimits limits;
  limits.max_total_size = uint64_t{1024} * 1024;
  Result<std::vector<Entry>> declared = Read(Fixture("bomb.zip"), "bomb.zip", limits);
  ASSERT_FALSE(declared.ok());
  EXPECT_NE(declared.status().ToString().find("more than 1048576 uncompressed bytes"),
            std::string::npos);
  // A header that understates the size does not get past the limit either.
  Result<std::vector<Entry>> lying = Read(Fixture("lying_size.zip"), "lying.zip", limits);
  ASSERT_FALSE(lying.ok());
  EXPECT_NE(lying.status().ToString().find("lying.zip: entry 'items/zeros.xml'"), std::string::npos)
      << lying.status().ToString();
}

TEST(ZipArchiveTest, RefusesWhatIsNotAZip) {
  Result<std::vector<Entry>> truncated = Read(Fixture("truncated.zip"), "t.zip");
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.status().ToString().find("t.zip: not a readable zip archive"),
            std::string::npos);
  EXPECT_FALSE(Read("", "empty.zip").ok());
  EXPECT_FALSE(Read("PK\x03\x04garbage", "g.zip").ok());
}

}  // namespace
}  // namespace qbank::zip
