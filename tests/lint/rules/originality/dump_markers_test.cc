// dump-markers' one-pass scanner against the term-by-term search it replaced: the same matches on
// generated text full of near and true markers and on every line of the MMLU test split.
#include "lint/rules/originality/dump_markers.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "generated_text.h"

namespace qbank::lint {
namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The shipped list plus terms that start with a placeholder or a space (searched on their own),
// terms that share prefixes or overlap others, and a non-ASCII one.
DumpMarkerScanner TestScanner() {
  std::vector<DumpMarkerTerm> terms = ParseDumpMarkerTerms(
      ReadFile(std::filesystem::path(QBANK_SOURCE_DIR) / "rules/terms/dump-markers.txt"));
  EXPECT_GT(terms.size(), 20u);
  for (const char* extra : {"{n} upvotes", " exam dumps", "^{letter}. correct$", "VCE", "vote",
                            "Question", "R\u00e9ponse {letter}", "{letters} voted$", "^Topic"}) {
    terms.emplace_back(extra);
  }
  return DumpMarkerScanner(std::move(terms));
}

std::string Describe(const std::vector<std::pair<size_t, size_t>>& matches) {
  std::string out;
  for (const auto& [begin, end] : matches) {
    out += std::to_string(begin) + "-" + std::to_string(end) + " ";
  }
  return out;
}

// Pieces of dump text: markers whole and cut, in other cases, glued to words, at line starts and
// ends, with numbers and option letters, among ordinary words and non-ASCII text.
const std::vector<std::string>& Pieces() {
  static const std::vector<std::string> pieces = {
      "QUESTION", "Question", "question", "NO:", "NO", "No", "#", "12", "7", "Topic", "topic",
      "NEW", "Correct", "Answer:", "Answers:", "A", "B", "CD", "H", "I", "Selected", "Suggested",
      "Explanation/Reference:", "Community vote distribution", "Most Voted", "most", "Voted",
      "almost", "Highly", "upvoted", "upvotes", "times", "Reveal Solution", "Hide", "Solution",
      "Discussion", "Exam Simulator", "Braindump", "Brain", "dump", "dumps", "VCE", "PDF", "and",
      "exam", "actual", "real", "questions", "100%", "valid", "pass", "guaranteed", "correct", ".",
      ",", ":", "R\u00e9ponse",
      // The bytes next to the letters and digits
      // in ASCII (the word-start scan's edges).
      "@", "[", "`", "{", "/", "9:", "\u00e9", "\u041e", "x", "the", "Q", "\n", "\n", "\r\n", " ",
      " ", "  ", "\t", "\n  "};
  return pieces;
}

TEST(DumpMarkerScannerTest, SameMatchesAsTermByTermOnGeneratedText) {
  DumpMarkerScanner scanner = TestScanner();
  std::mt19937 rng(32);
  size_t with_matches = 0;
  for (int i = 0; i < 50000; ++i) {
    // Most pieces glued to the next (a space after one in four).
    std::string text = testing::RandomPieces(Pieces(), 30, 4, rng);
    std::vector<std::pair<size_t, size_t>> expected = scanner.MatchesTermByTerm(text);
    ASSERT_EQ(Describe(scanner.Matches(text)), Describe(expected)) << "text: " << text;
    with_matches += expected.empty() ? 0 : 1;
  }
  EXPECT_GT(with_matches, 10000u);  // the texts reach the matching, not only the silent path
}

TEST(DumpMarkerScannerTest, SameMatchesAsTermByTermWithAPrefixThatIsNoWordStart) {
  // A term opening with punctuation can match inside a word: the scanner then finds prefixes at
  // every byte (the automaton), not only at word starts.
  DumpMarkerScanner base = TestScanner();
  std::vector<DumpMarkerTerm> terms = base.terms();
  terms.emplace_back("(QUESTION {n})");
  terms.emplace_back("#Q");
  DumpMarkerScanner scanner(std::move(terms));
  std::vector<std::string> pieces = Pieces();
  for (const char* extra : {"(", ")", "#", "#Q", "(QUESTION 4)", "x(QUESTION 12)"}) {
    pieces.push_back(extra);
  }
  std::mt19937 rng(33);
  size_t with_matches = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = testing::RandomPieces(pieces, 30, 4, rng);
    std::vector<std::pair<size_t, size_t>> expected = scanner.MatchesTermByTerm(text);
    ASSERT_EQ(Describe(scanner.Matches(text)), Describe(expected)) << "text: " << text;
    with_matches += expected.empty() ? 0 : 1;
  }
  EXPECT_GT(with_matches, 4000u);
}

TEST(DumpMarkerScannerTest, FindsMarkersInTextOrder) {
  DumpMarkerScanner scanner(
      ParseDumpMarkerTerms("^QUESTION {n}$\nQUESTION NO: {n}\nMost Voted\nCorrect Answer: "
                           "{letter}{letters}\n"));
  std::string text = "QUESTION 3\nWhich one? most   voted\nCorrect Answer: BD and question no:4";
  std::vector<std::pair<size_t, size_t>> found = scanner.Matches(text);
  ASSERT_EQ(found.size(), 4u) << Describe(found);
  EXPECT_EQ(text.substr(found[0].first, found[0].second - found[0].first), "QUESTION 3");
  EXPECT_EQ(text.substr(found[1].first, found[1].second - found[1].first), "most   voted");
  EXPECT_EQ(text.substr(found[2].first, found[2].second - found[2].first), "Correct Answer: BD");
  EXPECT_EQ(text.substr(found[3].first, found[3].second - found[3].first), "question no:4");
  EXPECT_TRUE(scanner.Matches("almost voted; QUESTION 3 as an option").empty());
}

TEST(DumpMarkerScannerTest, SameMatchesAsTermByTermOnMmlu) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  DumpMarkerScanner scanner = TestScanner();
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".csv") continue;
    // Whole files: matches across lines (headings over a question) count too.
    std::string text = ReadFile(entry.path());
    ASSERT_EQ(Describe(scanner.Matches(text)), Describe(scanner.MatchesTermByTerm(text)))
        << entry.path();
    ++files;
  }
  EXPECT_GT(files, 50u);
}

}  // namespace
}  // namespace qbank::lint
