// The key statistics: chi-square tail probabilities against published table values, and the counts
// behind key-balance, true-false-balance and longest-key-rate.
#include "lint/key_statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "lint/rules/shared/check_scopes.h"

namespace qbank::lint {
namespace {

TEST(ChiSquarePValueTest, MatchesTableValues) {
  // Critical values from standard chi-square tables.
  EXPECT_NEAR(ChiSquarePValue(3.841, 1), 0.05, 1e-4);
  EXPECT_NEAR(ChiSquarePValue(10.828, 1), 0.001, 1e-5);
  EXPECT_NEAR(ChiSquarePValue(7.815, 3), 0.05, 1e-4);
  EXPECT_NEAR(ChiSquarePValue(16.266, 3), 0.001, 1e-5);
  EXPECT_NEAR(ChiSquarePValue(18.307, 10), 0.05, 1e-4);
  EXPECT_NEAR(ChiSquarePValue(0.455, 1), 0.5, 1e-3);
  // Two degrees of freedom have the closed form exp(-x/2).
  for (double x : {0.1, 1.0, 2.0, 9.0, 40.0}) {
    EXPECT_NEAR(ChiSquarePValue(x, 2), std::exp(-x / 2), 1e-12 + 1e-10 * std::exp(-x / 2)) << x;
  }
  EXPECT_EQ(ChiSquarePValue(0, 3), 1.0);
  EXPECT_EQ(ChiSquarePValue(-1, 3), 1.0);
  EXPECT_LT(ChiSquarePValue(200, 3), 1e-40);
  EXPECT_GT(ChiSquarePValue(200, 3), 0.0);
}

model::Question Choice(std::vector<std::string> texts, size_t key,
                       model::QuestionType type = model::QuestionType::kSingleAnswer) {
  model::Question q;
  q.type = type;
  q.stem = model::Text("stem");
  for (size_t i = 0; i < texts.size(); ++i) {
    model::Option o;
    o.text = model::Text(texts[i]);
    o.correct = i == key;
    q.options.push_back(o);
  }
  return q;
}

std::vector<size_t> All(const model::Bank& bank) {
  std::vector<size_t> v(bank.questions.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = i;
  return v;
}

TEST(KeyStatisticsTest, CountsPositionsPerOptionCount) {
  model::Bank bank;
  for (int i = 0; i < 25; ++i) bank.questions.push_back(Choice({"a", "b", "c", "d"}, 0));
  for (int k = 1; k < 4; ++k) {
    for (int i = 0; i < 5; ++i) bank.questions.push_back(Choice({"a", "b", "c", "d"}, k));
  }
  bank.questions.push_back(Choice({"a", "b", "c"}, 2));
  model::Question two_keys = Choice({"a", "b", "c", "d"}, 0);
  two_keys.options[1].correct = true;
  bank.questions.push_back(two_keys);  // takes no part
  KeyStatistics s = ComputeKeyStatistics(bank, All(bank));
  ASSERT_EQ(s.positions.size(), 2u);
  EXPECT_EQ(s.positions[0].options, 3u);
  EXPECT_FALSE(s.positions[0].test.enough);  // one question: expected 1/3 per position
  const KeyPositions& four = s.positions[1];
  EXPECT_EQ(four.counts, (std::vector<size_t>{25, 5, 5, 5}));
  EXPECT_EQ(four.test.total, 40u);
  EXPECT_NEAR(four.test.chi_square, 30.0, 1e-9);  // (15^2 + 3 * 5^2) / 10
  EXPECT_EQ(four.test.degrees_of_freedom, 3);
  EXPECT_TRUE(four.test.enough);  // expected 10 at each position
  EXPECT_LT(four.test.p_value, 0.001);
  // 39 questions are one short of an expected 10 per position.
  bank.questions.erase(bank.questions.begin());
  EXPECT_FALSE(ComputeKeyStatistics(bank, All(bank)).positions[1].test.enough);
  EXPECT_TRUE(ComputeKeyStatistics(bank, All(bank), {.min_expected = 5}).positions[1].test.enough);
}

TEST(KeyStatisticsTest, TrueFalseKeysAreReadFromTheKeyText) {
  model::Bank bank;
  for (int i = 0; i < 15; ++i) {
    bank.questions.push_back(Choice({"True", "False"}, 0, model::QuestionType::kTrueFalse));
  }
  for (int i = 0; i < 5; ++i) bank.questions.push_back(Choice({"false.", "TRUE"}, 0));
  bank.questions.push_back(Choice({"Yes", "No"}, 0));  // a two-option single answer, not true/false
  KeyStatistics s = ComputeKeyStatistics(bank, All(bank));
  EXPECT_EQ(s.true_false.true_keys, 15u);
  EXPECT_EQ(s.true_false.false_keys, 5u);
  EXPECT_NEAR(s.true_false.test.chi_square, 5.0, 1e-9);
  EXPECT_TRUE(s.true_false.test.enough);
  ASSERT_EQ(s.positions.size(), 1u);  // the Yes/No question
  EXPECT_EQ(s.positions[0].test.total, 1u);
}

TEST(KeyStatisticsTest, LongestKeySkipsTiesAndSumsTheChances) {
  model::Bank bank;
  bank.questions.push_back(Choice({"long option", "b", "c", "d"}, 0));  // key longest, 1/4
  bank.questions.push_back(Choice({"a", "long option", "c"}, 0));       // key not longest, 1/3
  bank.questions.push_back(Choice({"same", "same", "c", "d"}, 0));      // tie: no part
  bank.questions.push_back(Choice({"  x  ", "yy", "c", "d"}, 1));       // trimmed: key longest
  KeyStatistics s = ComputeKeyStatistics(bank, All(bank));
  EXPECT_EQ(s.longest.questions, 3u);
  EXPECT_EQ(s.longest.key_longest, 2u);
  EXPECT_NEAR(s.longest.expected, 0.25 + 1.0 / 3 + 0.25, 1e-12);
  EXPECT_FALSE(s.longest.test.enough);
}

TEST(KeyStatisticsTest, FormatsPValues) {
  EXPECT_EQ(FormatPValue(0.5), "0.5");
  EXPECT_EQ(FormatPValue(0.0312), "0.0312");
  EXPECT_EQ(FormatPValue(2.44e-6), "2.4e-06");
}

}  // namespace
}  // namespace qbank::lint

namespace qbank::lint {
namespace {

// The bank rules report a significant test only with an effect a test-taker could exploit.
TEST(ReportableTest, NeedsSignificanceAndAnEffect) {
  KeyStatisticsOptions options;
  CountTest t;
  t.enough = true;
  t.total = 14000;
  t.degrees_of_freedom = 3;
  t.chi_square = 47.3;  // MMLU's keys as one bank: p = 3e-10, w = 0.058
  t.p_value = ChiSquarePValue(t.chi_square, 3);
  EXPECT_LT(t.p_value, kSignificance);
  EXPECT_NEAR(CohensW(t), 0.058, 0.001);
  EXPECT_FALSE(Reportable(t, options));
  EXPECT_EQ(FormatEffect(t), "Cohen's w = 0.06");
  t.chi_square = 140;  // w = 0.1
  t.p_value = ChiSquarePValue(t.chi_square, 3);
  EXPECT_TRUE(Reportable(t, options));
  options.min_effect = 0;
  t.chi_square = 47.3;
  t.p_value = ChiSquarePValue(t.chi_square, 3);
  EXPECT_TRUE(Reportable(t, options));
  t.enough = false;
  EXPECT_FALSE(Reportable(t, options));
  // Large but not significant: a small bank.
  CountTest small;
  small.enough = true;
  small.total = 40;
  small.degrees_of_freedom = 3;
  small.chi_square = 6;
  small.p_value = ChiSquarePValue(6, 3);
  EXPECT_GT(CohensW(small), 0.3);
  EXPECT_FALSE(Reportable(small, KeyStatisticsOptions{}));
}

}  // namespace
}  // namespace qbank::lint
