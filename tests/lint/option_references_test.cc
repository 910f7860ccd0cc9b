#include "lint/option_references.h"

#include <gtest/gtest.h>

#include <string>

#include "lint/rules/content/explanation_only_url.h"
#include "lint/rules/house_style/review_age.h"

namespace qbank::lint {
namespace {

// "C*" for a statement of the answer, "C" for a citation, joined by spaces.
std::string Refs(std::string_view text) {
  std::string out;
  for (const OptionReference& r : FindOptionReferences(text)) {
    if (!out.empty()) out += " ";
    out += static_cast<char>('A' + r.option);
    if (r.states_answer) out += "*";
  }
  return out;
}

TEST(OptionReferencesTest, FindsStatedAnswers) {
  EXPECT_EQ(Refs("Answer: C"), "C*");
  EXPECT_EQ(Refs("The correct answer is B."), "B*");
  EXPECT_EQ(Refs("so the answer is (B), because"), "B*");
  EXPECT_EQ(Refs("Correct option is [D]"), "D*");
  EXPECT_EQ(Refs("the answer would be option A."), "A*");
  EXPECT_EQ(Refs("ANSWER = E"), "E*");
  EXPECT_EQ(Refs("THE CORRECT ANSWER IS C. OPTION B IS WRONG."), "C* B");  // any case
  EXPECT_EQ(Refs("Option B is correct because"), "B*");
  EXPECT_EQ(Refs("so choice (C) is the correct answer."), "C*");
  EXPECT_EQ(Refs("Option C is incorrect; option D is not right."), "C D");
}

// The statement forms found missing on real banks (issue 11).
TEST(OptionReferencesTest, FindsShortAndLetterFirstStatements) {
  EXPECT_EQ(Refs("Answer C"), "C*");
  EXPECT_EQ(Refs("so the answer C."), "C*");
  EXPECT_EQ(Refs("Ans: B"), "B*");
  EXPECT_EQ(Refs("Ans. D"), "D*");
  EXPECT_EQ(Refs("Option A is correct"), "A*");
  EXPECT_EQ(Refs("D is the answer"), "D*");
  EXPECT_EQ(Refs("Hence, (B) is the correct option."), "B*");
  EXPECT_EQ(Refs("Adding up: 12.\nC is the right answer"), "C*");
  EXPECT_EQ(Refs("Taking vitamin D is the answer to the deficiency."), "");
  EXPECT_EQ(Refs("The answer depends on the ans of the user."), "");
}

TEST(OptionReferencesTest, ReadsNoStatementAcrossALineBreak) {
  EXPECT_EQ(Refs("so we need the answer\nP=4016 is the total"), "");
  EXPECT_EQ(Refs("Answer:\nB is why"), "");
  EXPECT_EQ(Refs("the answer P = 4016"), "");
}

TEST(OptionReferencesTest, FindsCitationsThatStateNothing) {
  EXPECT_EQ(Refs("Option E is a distractor."), "E");
  EXPECT_EQ(Refs("Answer B is wrong because"), "B");
  EXPECT_EQ(Refs("Options C and E both mention it; choices A, B or D do not."), "C E A B D");
  EXPECT_EQ(Refs("option A is tempting"), "A");
}

TEST(OptionReferencesTest, LeavesEnglishAlone) {
  EXPECT_EQ(Refs("The answer is A good one to remember."), "");
  EXPECT_EQ(Refs("The answer is not B."), "");
  EXPECT_EQ(Refs("Plan B and vitamin E are unrelated."), "");
  EXPECT_EQ(Refs("The key idea is Bayes."), "");
  EXPECT_EQ(Refs("This option is Cheaper."), "");
  EXPECT_EQ(Refs("answers"), "");
  EXPECT_EQ(Refs("Option-by-option breakdown"), "");
}

TEST(OptionReferencesTest, RangesCoverTheLetter) {
  std::string text = "See the answer: (C) here";
  auto refs = FindOptionReferences(text);
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(text.substr(refs[0].begin, refs[0].end - refs[0].begin), "(C)");
}

TEST(IsOnlyUrlTest, RecognisesALoneLink) {
  EXPECT_TRUE(IsOnlyUrl("https://example.org/docs/page"));
  EXPECT_TRUE(IsOnlyUrl("  See: <http://example.org/a>.  "));
  EXPECT_TRUE(IsOnlyUrl("www.example.org"));
  EXPECT_FALSE(IsOnlyUrl("See https://example.org for the proof of the theorem."));
  EXPECT_FALSE(IsOnlyUrl("Paris is the capital."));
  EXPECT_FALSE(IsOnlyUrl("https://"));
  // Markdown list items of links, and lists of links.
  EXPECT_TRUE(IsOnlyUrl("- https://example.org/docs/page"));
  EXPECT_TRUE(IsOnlyUrl("* [Replication guide](https://example.org/replication)"));
  EXPECT_TRUE(IsOnlyUrl("References:\n1. https://example.org/a\n2. https://example.org/b\n"));
  EXPECT_TRUE(IsOnlyUrl("https://example.org/a\nhttps://example.org/b"));
  EXPECT_FALSE(IsOnlyUrl("- https://example.org/a\n- Replication copies every object."));
  EXPECT_FALSE(IsOnlyUrl("References:"));
  EXPECT_FALSE(IsOnlyUrl("[the guide](not a url)"));
  EXPECT_FALSE(IsOnlyUrl(""));
}

TEST(ParseReviewDateTest, AcceptsMonthsAndDaysOnly) {
  EXPECT_EQ(ParseReviewDate("2026-09"), (Date{2026, 9, 0}));
  EXPECT_EQ(ParseReviewDate("2024-02-29"), (Date{2024, 2, 29}));
  EXPECT_FALSE(ParseReviewDate("2023-02-29"));
  EXPECT_FALSE(ParseReviewDate("2026-13"));
  EXPECT_FALSE(ParseReviewDate("September 2026"));
  EXPECT_FALSE(ParseReviewDate("2026-9"));
  EXPECT_FALSE(ParseReviewDate(""));
}

}  // namespace
}  // namespace qbank::lint
