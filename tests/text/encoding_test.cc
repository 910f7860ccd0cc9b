// Tests for text/encoding: legacy encodings converted to UTF-8, bad bytes and unknown names.
#include "text/encoding.h"

#include <gtest/gtest.h>

namespace qbank::text {
namespace {

TEST(EncodingTest, ConvertsLegacyEncodingsToUtf8) {
  Result<std::string> latin1 = ConvertToUtf8("caf\xE9 cr\xE8me", "ISO-8859-1");
  ASSERT_TRUE(latin1.ok()) << latin1.status().ToString();
  EXPECT_EQ(*latin1, "caf\xC3\xA9 cr\xC3\xA8me");
  Result<std::string> cp1252 = ConvertToUtf8("\x93quoted\x94 \x80", "windows-1252");
  ASSERT_TRUE(cp1252.ok());
  EXPECT_EQ(*cp1252, "\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC");
  Result<std::string> utf16 = ConvertToUtf8(std::string("\xFF\xFEh\0i\0", 6), "UTF-16");
  ASSERT_TRUE(utf16.ok());
  EXPECT_EQ(*utf16, "hi");  // the byte-order mark is dropped
}

TEST(EncodingTest, BadBytesAndUnknownNamesAreErrors) {
  // "\x82\xA0" is a valid character; the lone lead byte at the end (byte 12) is not.
  Result<std::string> bad = ConvertToUtf8("ok \x82\xA0 then \x82", "Shift_JIS");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().ToString(), "byte 12 is not valid Shift_JIS");
  Result<std::string> unknown = ConvertToUtf8("x", "klingon-8");
  ASSERT_FALSE(unknown.ok());
  EXPECT_TRUE(unknown.status().IsNotFound());
  EXPECT_EQ(unknown.status().ToString(), "unknown encoding 'klingon-8'");
}

TEST(EncodingTest, Utf8NamesAreRecognised) {
  EXPECT_TRUE(IsUtf8EncodingName("UTF-8"));
  EXPECT_TRUE(IsUtf8EncodingName("utf8"));
  EXPECT_FALSE(IsUtf8EncodingName("utf-16"));
}

TEST(EncodingTest, LargeInputConvertsInChunks) {
  std::string big(100000, '\xE9');
  Result<std::string> out = ConvertToUtf8(big, "latin1");
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->size(), 200000u);
}

}  // namespace
}  // namespace qbank::text
