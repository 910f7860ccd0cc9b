#include "text/script_check.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace qbank::text {
namespace {

TEST(InvisibleCharactersTest, FindsEachKindWithItsOffset) {
  std::string text = "a\u200Bb c\u00ADd \u202Eevil\u202C e\u2060f g\u180Eh";
  auto found = FindInvisibleCharacters(text);
  ASSERT_EQ(found.size(), 6u);
  EXPECT_EQ(found[0].offset, 1u);
  EXPECT_EQ(found[0].length, 3u);
  EXPECT_EQ(found[0].kind, InvisibleKind::kZeroWidth);
  EXPECT_EQ(found[1].kind, InvisibleKind::kSoftHyphen);
  EXPECT_EQ(found[2].kind, InvisibleKind::kBidiControl);
  EXPECT_EQ(found[3].kind, InvisibleKind::kBidiControl);
  EXPECT_EQ(found[4].kind, InvisibleKind::kZeroWidth);
  EXPECT_EQ(found[5].kind, InvisibleKind::kOtherIgnorable);
  EXPECT_EQ(CodePointLabel(found[0].code_point), "U+200B ZERO WIDTH SPACE");
}

TEST(InvisibleCharactersTest, AllowsWhatOrdinaryWritingNeeds) {
  // Emoji ZWJ sequence (man, ZWJ, laptop), emoji variation selector, Persian ZWNJ.
  EXPECT_TRUE(FindInvisibleCharacters("\U0001F468\u200D\U0001F4BB ok").empty());
  EXPECT_TRUE(FindInvisibleCharacters("\u2764\uFE0F").empty());
  EXPECT_TRUE(FindInvisibleCharacters("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645").empty());
  // A ZWNJ or variation selector inside an English word is reported.
  EXPECT_EQ(FindInvisibleCharacters("pass\u200Cword").size(), 1u);
  EXPECT_EQ(FindInvisibleCharacters("a\uFE0Fb").size(), 1u);
  EXPECT_TRUE(FindInvisibleCharacters("plain ascii text\n").empty());
  EXPECT_TRUE(FindInvisibleCharacters("bad \xFF utf8").empty());
}

TEST(LookalikeWordsTest, FlagsMixedScriptWords) {
  std::string text = "Reset the p\u0430ssword now";  // Cyrillic a
  auto found = FindLookalikeWords(text);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, LookalikeWord::Kind::kMixedScript);
  EXPECT_EQ(text.substr(found[0].begin, found[0].end - found[0].begin), "p\u0430ssword");
  EXPECT_EQ(found[0].scripts, "Latin+Cyrillic");
  EXPECT_EQ(found[0].looks_like, "password");
  EXPECT_EQ(found[0].replacement, "password");
}

TEST(LookalikeWordsTest, RetypesOnlyWhenEachForeignLetterImitatesOneLetter) {
  // "во" in Cyrillic with a Latin "l": the word is Cyrillic, and no Cyrillic letter is an "l".
  auto found = FindLookalikeWords("Is the word \u0432\u043El here a planet of the solar system?");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].replacement, "");
  // Armenian "օ" in "cool" is a Latin "o".
  found = FindLookalikeWords("Is the word c\u0585ol here a planet of the solar system?");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].replacement, "cool");
}

TEST(LookalikeWordsTest, FlagsWordsMostlyMadeOfLookAlikes) {
  auto found = FindLookalikeWords("A walk by the s\u0435\u0430 at dawn");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].looks_like, "sea");
}

TEST(LookalikeWordsTest, FlagsForeignWordsThatLookLatin) {
  // "рор" wholly in Cyrillic inside English text.
  auto found = FindLookalikeWords("Use the \u0440\u043E\u0440 instruction");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, LookalikeWord::Kind::kForeignScript);
  EXPECT_EQ(found[0].looks_like, "pop");
}

TEST(LookalikeWordsTest, FlagsCapitalLookAlikesAtWordStartsAndInAcronyms) {
  // Cyrillic Т (U+0422) starting "The"; К, М (U+041A, U+041C) in "KMS"; Н, Т in "HTTPS".
  std::string text = "\u0422he key is in \u041A\u041CS over \u041D\u0422TPS";
  auto found = FindLookalikeWords(text);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].looks_like, "The");
  EXPECT_EQ(found[1].looks_like, "KMS");
  EXPECT_EQ(found[2].looks_like, "HTTPS");
  // Retyped in Latin, each capital a capital.
  EXPECT_EQ(found[0].replacement, "The");
  EXPECT_EQ(found[1].replacement, "KMS");
  EXPECT_EQ(found[2].replacement, "HTTPS");
  // A capital of another script inside a lower-case word is not a capital look-alike.
  EXPECT_TRUE(FindLookalikeWords("the \u0432\u0435\u0442 word").empty());
}

TEST(LookalikeWordsTest, FlagsEveryCyrillicAndGreekCapitalLookAlike) {
  // А В С Е Н К М О Р Т Х and Α Β Ε Η Ι Κ Μ Ν Ο Ρ Τ Χ Υ Ζ, each starting a word and in an acronym.
  const std::vector<std::pair<std::string, std::string>> capitals = {
      {"\u0410", "A"}, {"\u0412", "B"}, {"\u0421", "C"}, {"\u0415", "E"}, {"\u041D", "H"},
      {"\u041A", "K"}, {"\u041C", "M"}, {"\u041E", "O"}, {"\u0420", "P"}, {"\u0422", "T"},
      {"\u0425", "X"}, {"\u0391", "A"}, {"\u0392", "B"}, {"\u0395", "E"}, {"\u0397", "H"},
      {"\u0399", "I"}, {"\u039A", "K"}, {"\u039C", "M"}, {"\u039D", "N"}, {"\u039F", "O"},
      {"\u03A1", "P"}, {"\u03A4", "T"}, {"\u03A7", "X"}, {"\u03A5", "Y"}, {"\u0396", "Z"}};
  for (const auto& [capital, latin] : capitals) {
    std::string text = "the ";
    text.append(capital).append("ool and QS").append(capital).append(" word");
    auto found = FindLookalikeWords(text);
    ASSERT_EQ(found.size(), 2u) << capital;
    EXPECT_EQ(found[0].looks_like, latin + "ool") << capital;
    EXPECT_EQ(found[1].looks_like, "QS" + latin) << capital;
  }
}

TEST(LookalikeWordsTest, NeverFlagsTextWhollyInOneScript) {
  // Greek, Russian and Japanese sentences, and English with a Greek symbol and a Russian name.
  EXPECT_TRUE(FindLookalikeWords("\u03A0\u03BF\u03B9\u03BF \u03B5\u03AF\u03BD\u03B1\u03B9 "
                                 "\u03C4\u03BF \u03C3\u03C9\u03C3\u03C4\u03CC;")
                  .empty());
  EXPECT_TRUE(FindLookalikeWords("\u041A\u0430\u043A\u043E\u0439 \u043F\u043E\u0440\u0442 "
                                 "\u0441\u0432\u043E\u0431\u043E\u0434\u0435\u043D?")
                  .empty());
  EXPECT_TRUE(
      FindLookalikeWords("\u6771\u4EAC\u306F\u65E5\u672C\u306E\u9996\u90FD\u3067\u3059\u3002"
                         "\u30B3\u30FC\u30D2\u30FC\u3092\u98F2\u307F\u307E\u3059")
          .empty());
  EXPECT_TRUE(FindLookalikeWords("The \u03B1 particle and the \u03B2 decay").empty());
  // Maths notation mixing Latin and Greek letters.
  EXPECT_TRUE(FindLookalikeWords("With \u03C3x = 2, n\u03B1eq and 4\u03C0\u03B7r3 and "
                                 "\u03C1v")
                  .empty());
  EXPECT_EQ(FindLookalikeWords("the \u03BFperating system").size(), 1u);  // Greek omicron
  EXPECT_TRUE(
      FindLookalikeWords("She flew to \u041C\u043E\u0441\u043A\u0432\u0430 in May").empty());
  EXPECT_TRUE(FindLookalikeWords("ALL CAPS TEXT IS FINE, Mill and mill too").empty());
}

}  // namespace
}  // namespace qbank::text
