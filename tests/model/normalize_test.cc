// NormalizeQuestion: a field comes out as text::NormalizeField makes it, whether the ASCII fast
// path (fields already normal are kept without a copy) or NormalizeField itself handled it.
#include "model/normalize.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "text/unicode.h"

namespace qbank::model {
namespace {

TEST(NormalizeTest, EveryFieldEqualsNormalizeFieldOnMixedWhitespace) {
  // Short strings over letters, every kind of blank and a non-ASCII letter: every run of blanks
  // at either end and inside, in every combination up to the length.
  const std::string pieces[] = {"a", "b", " ", "\n", "\t", "\r", "\u00e9", "e\u0301"};
  std::mt19937 rng(7);
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    size_t length = rng() % 8;
    for (size_t k = 0; k < length; ++k) s += pieces[rng() % std::size(pieces)];
    Question q;
    q.stem.value = s;
    q.stem.verbatim = true;
    Option o;
    o.text.value = s;
    q.options.push_back(o);
    NormalizeQuestion(q);
    std::string expected = text::NormalizeField(s);
    EXPECT_EQ(q.stem.value, expected) << "input: '" << s << "'";
    EXPECT_EQ(q.options[0].text.value, expected) << "input: '" << s << "'";
    // A text normalisation changed is no longer the file's bytes.
    EXPECT_EQ(q.stem.verbatim, expected == s || s.empty()) << "input: '" << s << "'";
  }
}

TEST(NormalizeTest, NormalAsciiIsKeptAndBlankRunsCollapse) {
  Question q;
  q.stem.value = "One line\nand a paragraph\n\nafter it.";
  q.explanation.value = "  two  spaces \n\n\n three breaks ";
  NormalizeQuestion(q);
  EXPECT_EQ(q.stem.value, "One line\nand a paragraph\n\nafter it.");
  EXPECT_EQ(q.explanation.value, "two spaces\n\nthree breaks");
}

TEST(NormalizeTest, LongFieldsEqualNormalizeFieldAtEveryBlockOffset) {
  // Longer strings, mostly letters, so that blocks of eight bytes pass the fast path and the
  // odd bytes and blank pairs fall at every offset of a block and across two.
  const std::string pieces[] = {"abcdefg", "a", "bc", "def", " ", "\n", "\t", "\r", "\u00e9"};
  const unsigned weights[] = {6, 4, 4, 4, 3, 2, 1, 1, 1};
  std::discrete_distribution<size_t> piece(std::begin(weights), std::end(weights));
  std::mt19937 rng(9);
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    size_t length = rng() % 30;
    for (size_t k = 0; k < length; ++k) s += pieces[piece(rng)];
    Question q;
    q.stem.value = s;
    NormalizeQuestion(q);
    ASSERT_EQ(q.stem.value, text::NormalizeField(s)) << "input: '" << s << "'";
  }
}

}  // namespace
}  // namespace qbank::model
