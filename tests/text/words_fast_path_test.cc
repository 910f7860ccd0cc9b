// CountWords' ASCII path (and its ASCII stretches in mixed-script text) and OptionComparisonKey's
// ASCII path against their ICU paths on generated text and on MMLU.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "generated_text.h"
#include "text/words.h"

namespace qbank::text {
namespace {

TEST(CountWordsFastPathTest, SameCountAsIcuOnGeneratedAsciiText) {
  // Letters, digits and every ASCII class UAX #29 names, the rest of printable ASCII and controls.
  const std::vector<std::string> pieces = {
      "a",  "B",    "z",    "don",  "t",    "3",     "14",  "0",  ".",  ",",  ";",    ":",
      "'",  "\"",   "_",    "__",   "-",    " ",     "  ",  "\t", "\n", "\r", "\r\n", "\v",
      "\f", "@",    "#",    "$",    "%",    "&",     "(",   ")",  "*",  "+",  "/",    "<",
      "=",  ">",    "?",    "[",    "\\",   "]",     "^",   "`",  "{",  "|",  "}",    "~",
      "!",  "\x01", "\x7f", "e.g.", "3.14", "1,000", "a_b", "x:y"};
  std::mt19937 rng(29);
  std::uniform_int_distribution<size_t> count(1, 25), pick(0, pieces.size() - 1);
  for (int i = 0; i < 100000; ++i) {
    std::string text;
    for (size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    ASSERT_EQ(CountWords(text), CountWordsWithIcu(text)) << "text: \"" << text << "\"";
  }
  // Every string of up to four characters from a smaller alphabet.
  const std::string alphabet = "a1.,:'_ \r\n\"-";
  std::vector<std::string> all = {""};
  for (int length = 1; length <= 4; ++length) {
    std::vector<std::string> longer;
    for (const std::string& s : all) {
      for (char c : alphabet) longer.push_back(s + c);
    }
    for (const std::string& s : longer) {
      ASSERT_EQ(CountWords(s), CountWordsWithIcu(s)) << "text: \"" << s << "\"";
    }
    all = std::move(longer);
  }
}

TEST(CountWordsFastPathTest, SameCountAsIcuAcrossEightByteBlocks) {
  // CountWords reads ASCII text eight bytes at a time: every join and word edge at every offset
  // of a block, with the characters beside it in the same block or the next one.
  for (const std::string middle :
       {"a.b", "1.2", "1,2", "1;2", "a'b", "1'2", "a,b", "a;b", "1.a", "a.1", "a@b", "a..b", "a b",
        "ab", ". .", "e.g.", "3.14.15", "x:y"}) {
    for (size_t offset = 0; offset <= 17; ++offset) {
      for (const std::string pad : {"", "q", " ", "7", "."}) {
        std::string text(offset, ' ');
        text.append(pad).append(middle).append(pad).append(" end");
        ASSERT_EQ(CountWords(text), CountWordsWithIcu(text)) << "text: \"" << text << "\"";
        text = std::string(offset, 'w') + middle;
        ASSERT_EQ(CountWords(text), CountWordsWithIcu(text)) << "text: \"" << text << "\"";
      }
    }
  }
}

TEST(CountWordsFastPathTest, SameCountAsIcuOnGeneratedMixedScriptText) {
  // ASCII words, punctuation and white space beside pieces that need ICU: accented Latin,
  // Cyrillic, Greek, CJK (dictionary segments), kana, Hangul, Arabic, Hebrew with its quote
  // rules, emoji with ZWJ and skin tones, regional indicators, combining marks (also right after
  // a space, where WB4 attaches them to it), zero-width and format characters, no-break and
  // ideographic spaces (WB3d joins the latter with an ASCII space), fullwidth digits, and bytes
  // that are not UTF-8.
  const std::vector<std::string> pieces = {"a",
                                           "Word",
                                           "don't",
                                           "3.14",
                                           "1,000",
                                           "e.g.",
                                           "_",
                                           " ",
                                           "  ",
                                           "\t",
                                           "\n",
                                           "\r\n",
                                           ".",
                                           ",",
                                           ":",
                                           "'",
                                           "\"",
                                           "-",
                                           "(",
                                           ")",
                                           "caf\u00e9",
                                           "\u00e9",
                                           "na\u00efve",
                                           "\u00c5",
                                           "\u043f\u0440\u0438\u0432\u0435\u0442",
                                           "\u0430",
                                           "\u03b1\u03b2",
                                           "\u4e2d\u6587",
                                           "\u65e5\u672c\u8a9e",
                                           "\u3072\u3089\u304c\u306a",
                                           "\u30ab\u30bf",
                                           "\ud55c\uad6d\uc5b4",
                                           "\u0645\u0631\u062d\u0628\u0627",
                                           "\u05e9\u05dc\u05d5\u05dd",
                                           "\u05d0\"\u05d1",
                                           "\U0001F600",
                                           "\U0001F468\u200d\U0001F469",
                                           "\U0001F44D\U0001F3FD",
                                           "\U0001F1EB\U0001F1F7",
                                           "\u0301",
                                           "e\u0301",
                                           "\u200b",
                                           "\u200d",
                                           "\u00ad",
                                           "\u2060",
                                           "\u00a0",
                                           "\u3000",
                                           "\u2003",
                                           "\uff11\uff12",
                                           "\u2019",
                                           "\u2014",
                                           "\u201cq\u201d",
                                           "\xff",
                                           "\xc3",
                                           "\xe4\xb8",
                                           "\x80"};
  std::mt19937 rng(2929);
  for (int i = 0; i < 20000; ++i) {
    const std::string text = testing::RandomPieces(pieces, 30, 3, rng);
    ASSERT_EQ(CountWords(text), CountWordsWithIcu(text)) << "text: \"" << text << "\"";
  }
  // A combining mark or a WSegSpace next to an ASCII space, and invalid bytes at the cuts.
  for (std::string_view text :
       {"a \u0301b", "a\u3000 b", "a \u3000b", "\u0301 a", "x \xc3 y", "\xe4\xb8 z", "a\u00ad b",
        "\u4e2d \u6587 abc", "abc \u4e2d\u6587 \u05d0\"\u05d1 def", "\U0001F1EB \U0001F1F7"}) {
    EXPECT_EQ(CountWords(text), CountWordsWithIcu(text)) << "text: \"" << text << "\"";
  }
}

// Calls check(line) for every line of the MMLU CSV files in `dir`; returns how many there were.
template <typename Check>
size_t ForEachMmluLine(const std::filesystem::path& dir, Check&& check) {
  size_t lines = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".csv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    for (std::string line; std::getline(in, line); ++lines) check(line);
  }
  return lines;
}

TEST(CountWordsFastPathTest, SameCountAsIcuOnMmlu) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  size_t lines = ForEachMmluLine(dir, [](const std::string& line) {
    ASSERT_EQ(CountWords(line), CountWordsWithIcu(line)) << "line: " << line;
  });
  EXPECT_GT(lines, 14000u);
}

// Calls visit(text) for 100,000 generated ASCII option texts: words of every length and case,
// white space of every kind, trailing punctuation, quotes in and out of pairs, signs and controls.
template <typename Visit>
void ForEachGeneratedOptionText(unsigned seed, Visit&& visit) {
  const std::vector<std::string> pieces = {
      "a", "Ab", "ABC", "The", "kidney", "Bb", "CO", "3",  "14", ".",    ",",    ";",    ":",
      "!", "?",  "'",   "\"",  "\"\"",   "''", " ",  "  ", "\t", "\n",   "\r",   "\v",   "\f",
      "-", "+",  "(",   ")",   "x",      "_",  "%",  "=",  "/",  "\x01", "\x7f", "e.g.", "Don't"};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<size_t> count(0, 12), pick(0, pieces.size() - 1);
  for (int i = 0; i < 100000; ++i) {
    std::string text;
    for (size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    visit(text);
  }
}

TEST(OptionComparisonKeyFastPathTest, SameKeyAsIcuOnGeneratedAsciiText) {
  ForEachGeneratedOptionText(32, [](const std::string& text) {
    ASSERT_EQ(OptionComparisonKey(text), OptionComparisonKeyWithIcu(text))
        << "text: \"" << text << "\"";
  });
}

// The signature duplicate-options compares first: a text's is its key's, so texts with equal
// keys have equal signatures (and a difference in signature proves the keys differ).
TEST(OptionComparisonSignatureTest, ATextsSignatureIsItsKeys) {
  ForEachGeneratedOptionText(35, [](const std::string& text) {
    const std::optional<uint64_t> signature = OptionComparisonSignature(text);
    ASSERT_TRUE(signature.has_value()) << "text: \"" << text << "\"";
    ASSERT_EQ(signature, OptionComparisonSignature(OptionComparisonKey(text)))
        << "text: \"" << text << "\"";
  });
  EXPECT_EQ(OptionComparisonSignature("The Kidney."), OptionComparisonSignature("the kidney"));
  EXPECT_NE(OptionComparisonSignature("x+1"), OptionComparisonSignature("x+2"));
  EXPECT_FALSE(OptionComparisonSignature("caf\u00e9").has_value());
}

TEST(OptionComparisonKeyFastPathTest, SameKeyAsIcuOnMmlu) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  size_t lines = ForEachMmluLine(dir, [](const std::string& line) {
    // Each cell of the line, as an option would be.
    for (size_t begin = 0; begin <= line.size();) {
      size_t comma = std::min(line.find(',', begin), line.size());
      std::string cell = line.substr(begin, comma - begin);
      ASSERT_EQ(OptionComparisonKey(cell), OptionComparisonKeyWithIcu(cell)) << "cell: " << cell;
      begin = comma + 1;
    }
  });
  EXPECT_GT(lines, 14000u);
}

}  // namespace
}  // namespace qbank::text
