#include "text/unicode.h"

#include <gtest/gtest.h>

namespace qbank::text {
namespace {

TEST(Utf8Test, RejectsMalformedSequencesWithOffset) {
  size_t off = 99;
  EXPECT_TRUE(IsValidUtf8("plain \xE2\x9C\x93 text"));
  EXPECT_FALSE(IsValidUtf8("ab\xC3", &off));  // truncated
  EXPECT_EQ(off, 2u);
  EXPECT_FALSE(IsValidUtf8("\xC0\xAF", &off));          // overlong
  EXPECT_FALSE(IsValidUtf8("\xED\xA0\x80", &off));      // surrogate
  EXPECT_FALSE(IsValidUtf8("\xF4\x90\x80\x80", &off));  // above U+10FFFF
  EXPECT_FALSE(IsValidUtf8("x\xFFy", &off));
  EXPECT_EQ(off, 1u);
}

TEST(NormalizeTest, ComposesAndCollapsesWhiteSpace) {
  EXPECT_EQ(ToNfc("e\xCC\x81"), "\xC3\xA9");
  EXPECT_TRUE(IsNfc("\xC3\xA9"));
  EXPECT_FALSE(IsNfc("e\xCC\x81"));
  EXPECT_EQ(NormalizeField("  a \t b  \r\n\r\n\r\n\n c  \n"), "a b\n\nc");
  EXPECT_EQ(NormalizeField("one\ntwo"), "one\ntwo");
  EXPECT_EQ(NormalizeField(" \n "), "");
}

TEST(FoldCaseTest, FoldsBeyondAscii) {
  EXPECT_EQ(FoldCase("ABC"), "abc");
  EXPECT_EQ(FoldCase("STRASSE \xC3\x9C"), "strasse \xC3\xBC");
}

}  // namespace
}  // namespace qbank::text
