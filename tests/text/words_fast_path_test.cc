// CountWords' and OptionComparisonKey's ASCII paths against their ICU paths on generated ASCII
// text and on MMLU.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
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

TEST(OptionComparisonKeyFastPathTest, SameKeyAsIcuOnGeneratedAsciiText) {
  // Words of every length and case, white space of every kind, trailing punctuation, quotes in
  // and out of pairs, signs and controls.
  const std::vector<std::string> pieces = {
      "a", "Ab", "ABC", "The", "kidney", "Bb", "CO", "3",  "14", ".",    ",",    ";",    ":",
      "!", "?",  "'",   "\"",  "\"\"",   "''", " ",  "  ", "\t", "\n",   "\r",   "\v",   "\f",
      "-", "+",  "(",   ")",   "x",      "_",  "%",  "=",  "/",  "\x01", "\x7f", "e.g.", "Don't"};
  std::mt19937 rng(32);
  std::uniform_int_distribution<size_t> count(0, 12), pick(0, pieces.size() - 1);
  for (int i = 0; i < 100000; ++i) {
    std::string text;
    for (size_t n = count(rng); n > 0; --n) text += pieces[pick(rng)];
    ASSERT_EQ(OptionComparisonKey(text), OptionComparisonKeyWithIcu(text))
        << "text: \"" << text << "\"";
  }
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
