// The shortcuts of the item-text helpers against what they stand for: OptionStandsForAllOptions
// (the "all/none of the above" rules) against StandsForAllOptions of the LoosePhrase, on generated
// option texts and on MMLU; QuestionSentence against its first, forward walk on generated stems.
#include "lint/rules/shared/item_text.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "generated_text.h"

namespace qbank::lint {
namespace {

bool Reference(std::string_view text, std::initializer_list<std::string_view> leads) {
  return StandsForAllOptions(LoosePhrase(text), leads);
}

// QuestionSentence as first written (a forward walk, string_view::rfind): the reference for the
// walk back from the line's end.
bool IsSpaceForTest(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

TextRange ReferenceQuestionSentence(std::string_view stem) {
  auto label = [](std::string_view line) {
    size_t i = 0;
    bool open = i < line.size() && line[i] == '(';
    if (open) ++i;
    size_t start = i;
    while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i])) && i - start < 4) {
      ++i;
    }
    if (i == start || i >= line.size()) return false;
    std::string_view l = line.substr(start, i - start);
    bool digits = l.find_first_not_of("0123456789") == std::string_view::npos;
    bool roman = l.find_first_not_of("ivxIVX") == std::string_view::npos;
    bool letter = l.size() == 1 && std::isalpha(static_cast<unsigned char>(l[0]));
    if (!digits && !roman && !letter) return false;
    char close = line[i];
    if (open) return close == ')';
    return close == '.' || close == ')';
  };
  std::optional<TextRange> chosen, first_line;
  for (size_t end = stem.size();;) {
    size_t newline = end == 0 ? std::string_view::npos : stem.rfind('\n', end - 1);
    size_t start = newline == std::string_view::npos ? 0 : newline + 1;
    size_t b = start, e = end;
    while (b < e && IsSpaceForTest(stem[b])) ++b;
    while (e > b && IsSpaceForTest(stem[e - 1])) --e;
    if (e > b) {
      first_line = TextRange{b, e};
      if (!label(stem.substr(b, e - b))) {
        chosen = first_line;
        break;
      }
    }
    if (newline == std::string_view::npos) break;
    end = newline;
  }
  if (!chosen) chosen = first_line;
  if (!chosen) return {stem.size(), stem.size()};
  TextRange line = *chosen;
  std::string_view text = stem.substr(line.begin, line.end - line.begin);
  size_t end = text.size();
  size_t question = text.rfind('?');
  if (question != std::string_view::npos && question + 1 < text.size()) {
    std::string_view after = text.substr(question + 1);
    while (!after.empty() && IsSpaceForTest(after.front())) after.remove_prefix(1);
    if (label(after)) end = question + 1;
  }
  size_t begin = 0;
  for (size_t i = 0; i + 1 < end; ++i) {
    char c = text[i];
    if (c != '.' && c != '?' && c != '!') continue;
    size_t k = i + 1;
    while (k < end && (text[k] == '"' || text[k] == '\'' || text[k] == ')')) ++k;
    if (k + 1 < end && IsSpaceForTest(text[k])) begin = k;
  }
  while (begin < end && IsSpaceForTest(text[begin])) ++begin;
  return {line.begin + begin, line.begin + end};
}

TEST(QuestionSentenceTest, SameSentenceAsTheForwardWalkOnGeneratedStems) {
  // Sentences, sentence ends with closing quotes and brackets, statement labels on lines of their
  // own and after a question, blank lines and edges.
  const std::vector<std::string> pieces = {
      "Which", "of",    "these", "is", "true", "It", "was", "e.g", ".",    "?",    "!",
      "\"",    "'",     ")",     "(",  " ",    "  ", "\t",  "\n",  "\n\n", "\r\n", "I.",
      "II)",   "(iii)", "1.",    "2)", "(b)",  "A.", "x",   "3.5", ":",    "_",    "Mr."};
  std::mt19937 rng(34);
  for (int i = 0; i < 200000; ++i) {
    std::string stem = testing::RandomPieces(pieces, 14, 2, rng);
    const TextRange got = QuestionSentence(stem), want = ReferenceQuestionSentence(stem);
    ASSERT_EQ(got.begin, want.begin) << "stem: \"" << stem << "\"";
    ASSERT_EQ(got.end, want.end) << "stem: \"" << stem << "\"";
  }
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
