// characters.h: letters and capitals of any script, combining marks with them, no code point none.
#include "text/characters.h"

#include <gtest/gtest.h>

namespace qbank::text {
namespace {

TEST(CharactersTest, LettersOfAnyScriptAndTheirMarks) {
  for (char32_t c :
       {U'a', U'Z', U'\u00E9', U'\u00B5', U'\u03A9', U'\u0436', U'\u4E2D', U'\u0301'}) {
    EXPECT_TRUE(IsLetterOrMark(c)) << static_cast<uint32_t>(c);
  }
  for (char32_t c : {U'1', U'-', U' ', U'\u00D7', U'\u2014', U'\u3000', U'\U0001F600',
                     static_cast<char32_t>(0x110000), static_cast<char32_t>(0xFFFFFFFF)}) {
    EXPECT_FALSE(IsLetterOrMark(c)) << static_cast<uint32_t>(c);
  }
}

TEST(CharactersTest, CapitalsOfAnyScript) {
  for (char32_t c : {U'A', U'\u00C9', U'\u0416', U'\u0301'}) EXPECT_TRUE(IsUpperCaseOrMark(c));
  for (char32_t c : {U'a', U'\u00E9', U'\u4E2D', U'1', static_cast<char32_t>(0xFFFFFFFF)}) {
    EXPECT_FALSE(IsUpperCaseOrMark(c)) << static_cast<uint32_t>(c);
  }
}

}  // namespace
}  // namespace qbank::text
