// base/ascii_text.h: ASCII case-insensitive comparison, the lowered copy, line ends and runs.
#include "base/ascii_text.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

TEST(AsciiTextTest, OnlyAsciiCapitalsAreMadeSmall) {
  EXPECT_EQ(AsciiToLower('A'), 'a');
  EXPECT_EQ(AsciiToLower('Z'), 'z');
  EXPECT_EQ(AsciiToLower('a'), 'a');
  EXPECT_EQ(AsciiToLower('@'), '@');  // the bytes just before 'A' and after 'Z'
  EXPECT_EQ(AsciiToLower('['), '[');
  EXPECT_EQ(AsciiToLower('\xC3'), '\xC3');  // a UTF-8 lead byte stays
  // "ÉCOLE" keeps its É (two UTF-8 bytes); the ASCII letters are made small.
  EXPECT_EQ(AsciiLowered("\xC3\x89"
                         "COLE Polytechnique"),
            "\xC3\x89"
            "cole polytechnique");
  EXPECT_EQ(AsciiLowered(""), "");
}

TEST(AsciiTextTest, ComparesIgnoringAsciiCase) {
  EXPECT_TRUE(AsciiEqualIgnoringCase("JavaScript:", "javascript:"));
  EXPECT_TRUE(AsciiEqualIgnoringCase("", ""));
  EXPECT_FALSE(AsciiEqualIgnoringCase("true", "truE "));
  EXPECT_FALSE(AsciiEqualIgnoringCase("[", "{"));  // 0x5B and 0x7B differ by 32 but are no letters
  EXPECT_FALSE(AsciiEqualIgnoringCase("\xC3\x89", "\xC3\xA9"));  // É and é: not ASCII
  EXPECT_TRUE(AsciiStartsWithIgnoringCase("HTTPS://example.org", "https://"));
  EXPECT_TRUE(AsciiStartsWithIgnoringCase("www", ""));
  EXPECT_FALSE(AsciiStartsWithIgnoringCase("ww", "www."));
  EXPECT_FALSE(AsciiStartsWithIgnoringCase("see:", "see also"));
}

TEST(AsciiTextTest, LineEndsAndRuns) {
  EXPECT_EQ(LineEnd("one\ntwo", 0), 3u);
  EXPECT_EQ(LineEnd("one\ntwo", 3), 3u);
  EXPECT_EQ(LineEnd("one\ntwo", 4), 7u);
  EXPECT_EQ(RunLength("a```b", 1, '`'), 3u);
  EXPECT_EQ(RunLength("a```b", 0, '`'), 0u);
  EXPECT_EQ(RunLength("```", 5, '`'), 0u);
}

}  // namespace
}  // namespace qbank
