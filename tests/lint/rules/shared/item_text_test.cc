// OptionStandsForAllOptions, the shortcut the "all/none of the above" rules take, against what it
// stands for (StandsForAllOptions of the LoosePhrase) on generated option texts and on MMLU.
#include "lint/rules/shared/item_text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "generated_text.h"

namespace qbank::lint {
namespace {

bool Reference(std::string_view text, std::initializer_list<std::string_view> leads) {
  return StandsForAllOptions(LoosePhrase(text), leads);
}

TEST(OptionStandsForAllOptionsTest, AnswersTheWrittenForms) {
  EXPECT_TRUE(OptionStandsForAllOptions("All of the above", {"all"}));
  EXPECT_TRUE(OptionStandsForAllOptions("  **All of the above.** ", {"all"}));
  EXPECT_TRUE(OptionStandsForAllOptions("(all of the above)", {"all"}));
  EXPECT_TRUE(OptionStandsForAllOptions("<b>All</b> of the above", {"all"}));
  EXPECT_TRUE(OptionStandsForAllOptions("_None_ of these", {"none", "neither"}));
  EXPECT_TRUE(OptionStandsForAllOptions("Neither of the above", {"none", "neither"}));
  EXPECT_FALSE(OptionStandsForAllOptions("Always check the above", {"all"}));
  EXPECT_FALSE(OptionStandsForAllOptions("#All of the above", {"all"}));
  EXPECT_FALSE(OptionStandsForAllOptions("Both of the above", {"all"}));
  EXPECT_FALSE(OptionStandsForAllOptions("", {"all"}));
  EXPECT_FALSE(OptionStandsForAllOptions("...", {"all"}));
  EXPECT_FALSE(OptionStandsForAllOptions("\u00c0ll of the above", {"all"}));
}

TEST(OptionStandsForAllOptionsTest, SameAnswerAsTheLoosePhraseOnGeneratedOptions) {
  // Leads, names of the options and other words, in every case, behind and between markup, tags,
  // quotes, brackets, trimmed punctuation, kept punctuation, digits and non-ASCII letters.
  const std::vector<std::string> pieces = {
      "all", "All",     "ALL", "a",     "A",    "none",   "None",      "neither", "both",
      "of",  "the",     "The", "these", "them", "above",  "following", "options", "listed",
      "are", "correct", "1",   "9",     " ",    "  ",     "\t",        "\n",      "*",
      "**",  "_",       "`",   "<b>",   "</b>", "<br/>",  "< 3",       "<",       ">",
      "\"",  "'",       "(",   ")",     "[",    "]",      ".",         ",",       ";",
      ":",   "!",       "?",   "#",     "-",    "\u00e0", "\u00c0ll",  "\u00e9",  "x"};
  std::mt19937 rng(33);
  size_t standing = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string text = testing::RandomPieces(pieces, 8, 2, rng);
    const bool all = OptionStandsForAllOptions(text, {"all"});
    ASSERT_EQ(all, Reference(text, {"all"})) << "text: \"" << text << "\"";
    standing += all ? 1 : 0;
    ASSERT_EQ(OptionStandsForAllOptions(text, {"none", "neither"}),
              Reference(text, {"none", "neither"}))
        << "text: \"" << text << "\"";
    ASSERT_EQ(OptionStandsForAllOptions(text, {"all", "none", "neither", "both"}),
              Reference(text, {"all", "none", "neither", "both"}))
        << "text: \"" << text << "\"";
  }
  EXPECT_GT(standing, 20u) << "too few generated texts stand for all options to test the shortcut";
}

TEST(OptionStandsForAllOptionsTest, SameAnswerAsTheLoosePhraseOnMmlu) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  size_t cells = 0, standing = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".csv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    for (std::string line; std::getline(in, line);) {
      // Each cell of the line, as an option would be (quoted commas split too: more texts).
      for (size_t begin = 0; begin <= line.size();) {
        size_t comma = std::min(line.find(',', begin), line.size());
        std::string cell = line.substr(begin, comma - begin);
        const bool all = OptionStandsForAllOptions(cell, {"all"});
        ASSERT_EQ(all, Reference(cell, {"all"})) << "cell: " << cell;
        const bool none = OptionStandsForAllOptions(cell, {"none", "neither"});
        ASSERT_EQ(none, Reference(cell, {"none", "neither"})) << "cell: " << cell;
        standing += (all ? 1 : 0) + (none ? 1 : 0);
        ++cells;
        begin = comma + 1;
      }
    }
  }
  EXPECT_GT(cells, 70000u);
  EXPECT_GT(standing, 100u);  // MMLU has "All of the above" and "None of these" options
}

}  // namespace
}  // namespace qbank::lint
