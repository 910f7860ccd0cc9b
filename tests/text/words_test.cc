#include "text/words.h"

#include <gtest/gtest.h>

namespace qbank::text {
namespace {

TEST(CountWordsTest, CountsLatinWordsAndNumbersNotPunctuation) {
  EXPECT_EQ(CountWords(""), 0u);
  EXPECT_EQ(CountWords("  ,.;  "), 0u);
  EXPECT_EQ(CountWords("Which planet is the largest?"), 5u);
  EXPECT_EQ(CountWords("It costs 3.14 dollars, doesn't it?"), 6u);
  EXPECT_EQ(CountWords("e-mail"), 2u);
}

TEST(CountWordsTest, CountsChineseAndJapaneseByDictionaryWords) {
  // 梯度 / 累积 / 是 / 一种 / 节省 / 显存 / 的 / 技术: ICU's dictionary gives about one word per
  // two ideographs, far fewer than the 14 characters and far more than one "word" of no spaces.
  size_t zh = CountWords("梯度累积是一种节省显存的技术。");
  EXPECT_GE(zh, 6u);
  EXPECT_LE(zh, 11u);
  size_t ja = CountWords("勾配累積はメモリを節約する技術です。");
  EXPECT_GE(ja, 6u);
  EXPECT_LE(ja, 12u);
  // Mixed text: Latin words count as usual next to CJK ones.
  EXPECT_EQ(CountWords("GPU 显存"), 1u + CountWords("显存"));
}

TEST(CountWordsTest, SurvivesInvalidUtf8) {
  EXPECT_EQ(CountWords("abc \xFF\xFE def"), 2u + CountWords("\xFF\xFE"));
  EXPECT_EQ(CountWords("\xC3"), CountWords("\xC3"));  // truncated sequence: no crash
}

TEST(OptionComparisonKeyTest, IgnoresCaseSpaceAndTrivialPunctuation) {
  EXPECT_EQ(OptionComparisonKey("The Kidney."), OptionComparisonKey("the kidney"));
  EXPECT_EQ(OptionComparisonKey("  \"Paris\" "), OptionComparisonKey("paris"));
  EXPECT_EQ(OptionComparisonKey("x + 1"), OptionComparisonKey("x+1"));
  // NFKC: a composed and a decomposed é, a fullwidth A and a plain one.
  EXPECT_EQ(OptionComparisonKey("caf\xC3\xA9"), OptionComparisonKey("cafe\xCC\x81"));
  EXPECT_EQ(OptionComparisonKey("\xEF\xBC\xA1\xEF\xBC\xA2"
                                "C"),
            OptionComparisonKey("ABC"));
}

TEST(OptionComparisonKeyTest, KeepsSignsAndMaths) {
  EXPECT_NE(OptionComparisonKey("-1"), OptionComparisonKey("1"));
  EXPECT_NE(OptionComparisonKey("x+1"), OptionComparisonKey("x-1"));
  EXPECT_NE(OptionComparisonKey("a < b"), OptionComparisonKey("a > b"));
  EXPECT_NE(OptionComparisonKey("10%"), OptionComparisonKey("10"));
  EXPECT_NE(OptionComparisonKey("$5"), OptionComparisonKey("5"));
  EXPECT_NE(OptionComparisonKey(".5"), OptionComparisonKey("5"));
}

TEST(OptionComparisonKeyTest, FoldsTypographicApostrophesDashesAndSpaces) {
  EXPECT_EQ(OptionComparisonKey("It isn\u2019t"), OptionComparisonKey("It isn't"));
  EXPECT_EQ(OptionComparisonKey("\u22121"), OptionComparisonKey("-1"));
  EXPECT_EQ(OptionComparisonKey("1990\u20132000"), OptionComparisonKey("1990-2000"));
  EXPECT_EQ(OptionComparisonKey("10\u00A0kg"), OptionComparisonKey("10 kg"));
  EXPECT_NE(OptionComparisonKey("\u22121"), OptionComparisonKey("1"));
}

// Found on real banks: case inside a word, a lone prime and a space between words carry meaning.
TEST(OptionComparisonKeyTest, KeepsMeaningfulCaseQuotesAndSpaces) {
  EXPECT_NE(OptionComparisonKey("BB BB"), OptionComparisonKey("Bb Bb"));
  EXPECT_NE(OptionComparisonKey("Bb Bb"), OptionComparisonKey("Bb bb"));
  EXPECT_NE(OptionComparisonKey("bb \u00d7 bb"), OptionComparisonKey("Bb \u00d7 Bb"));
  EXPECT_NE(OptionComparisonKey("CO"), OptionComparisonKey("Co"));
  EXPECT_NE(OptionComparisonKey("II"), OptionComparisonKey("ii"));
  EXPECT_NE(OptionComparisonKey("Sc \u2261 Ej"), OptionComparisonKey("sC \u2261 eJ"));
  EXPECT_NE(OptionComparisonKey("6'"), OptionComparisonKey("6"));
  EXPECT_NE(OptionComparisonKey("6''"), OptionComparisonKey("6'"));
  EXPECT_NE(OptionComparisonKey("a ab"), OptionComparisonKey("aab"));
  EXPECT_EQ(OptionComparisonKey("Increase     Increase"), OptionComparisonKey("increase increase"));
  EXPECT_EQ(OptionComparisonKey("\u201c'Quoted.'\u201d"), OptionComparisonKey("quoted"));
}

TEST(DisplayWidthTest, WideCharactersTakeTwoCells) {
  EXPECT_EQ(DisplayWidth("abc"), 3u);
  EXPECT_EQ(DisplayWidth("显存"), 4u);
  EXPECT_EQ(DisplayWidth("e\xCC\x81"), 1u);  // combining accent takes no cell
  EXPECT_EQ(DisplayWidth("\xFF"), 1u);
}

}  // namespace
}  // namespace qbank::text
