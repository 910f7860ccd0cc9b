// Statistics of a bank's answer key, each against chance with its test: where the keys sit
// (chi-square per option count), how often true/false questions key "True", and how often the key
// is the longest option. Computed once here for the bank-level lint rules and for any statistics
// view of a bank.
#ifndef QBANK_LINT_KEY_STATISTICS_H_
#define QBANK_LINT_KEY_STATISTICS_H_

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "lint/rule.h"
#include "model/bank.h"
#include "model/value.h"

namespace qbank::lint {

// P(X >= statistic) for X chi-square distributed with `degrees_of_freedom` (>= 1): the regularised
// upper incomplete gamma function Q(df/2, statistic/2). 1 for statistic <= 0.
double ChiSquarePValue(double statistic, int degrees_of_freedom);

// A goodness-of-fit test of observed counts against expected ones.
struct CountTest {
  size_t total = 0;
  double chi_square = 0;
  int degrees_of_freedom = 0;
  double p_value = 1;
  // Every expected count is at least the minimum the test was computed with (see
  // KeyStatisticsOptions::min_expected): below it the chi-square approximation, and with it the
  // p-value, does not hold, and the test is not reported.
  bool enough = false;
};

// Where the keys of single-answer questions with `options` options and one key sit.
struct KeyPositions {
  size_t options = 0;
  std::vector<size_t> counts;  // counts[p]: keys at position p (A = 0)
  CountTest test;              // against 1/options at each position
};

// True/false questions (type true-false, or single-answer with the two options "True" and "False"
// in any case) with one key, by what the key says.
struct TrueFalseKeys {
  size_t true_keys = 0;
  size_t false_keys = 0;
  CountTest test;  // against half and half
};

// Single-answer questions with one key and a single longest option (in code points of the trimmed
// text; ties for the longest take no part): how often the key is that option, against 1/n for a
// question of n options. The test is the chi-square of the two counts (key longest or not) against
// their expected sums, one degree of freedom; with mixed option counts it is conservative (the
// variance of a sum of unequal chances is below that of equal ones with the same mean).
struct LongestKeys {
  size_t questions = 0;
  size_t key_longest = 0;
  double expected = 0;  // the sum of 1/n over the questions
  CountTest test;
};

struct KeyStatistics {
  std::vector<KeyPositions> positions;  // one per option count that occurs, ascending
  TrueFalseKeys true_false;
  LongestKeys longest;
};

struct KeyStatisticsOptions {
  // The smallest expected count in every cell for a test to be reported (Cochran's rule asks for
  // 5; 10 keeps the approximation sound down to the small p-values the rules flag at).
  double min_expected = 10;
  // The smallest effect (Cohen's w) the bank-level rules report: with many questions a tiny
  // imbalance is significant yet gives a test-taker nothing to exploit. 0.1, Cohen's "small".
  double min_effect = 0.1;
};

// The statistics of questions `indexes` of `bank` (any order). Questions of other types, or with
// no key or several, take no part.
KeyStatistics ComputeKeyStatistics(const model::Bank& bank, std::span<const size_t> indexes,
                                   const KeyStatisticsOptions& options = {});

// ComputeKeyStatistics of ctx.bank, made once per lint run for the same questions and
// min_expected (ctx.shared): key-balance, longest-key-rate and true-false-balance read the same
// counts.
std::shared_ptr<const KeyStatistics> SharedKeyStatistics(const LintContext& ctx,
                                                         std::span<const size_t> indexes,
                                                         const KeyStatisticsOptions& options);

// Cohen's w, the effect size of a goodness-of-fit test: sqrt(chi-square / n), 0 for an empty test.
// Cohen called 0.1 a small effect, 0.3 medium and 0.5 large. For two cells (true/false) w is twice
// the distance of the share from one half: w 0.1 is a 55/45 split.
double CohensW(const CountTest& test);

// "2.4e-06", "0.031", "0.5": a p-value as messages print it.
std::string FormatPValue(double p);

// The test as a JSON-ready value: {"n", "chi_square", "degrees_of_freedom", "p_value",
// "cohens_w"}.
model::Value CountTestValue(const CountTest& test);

}  // namespace qbank::lint

#endif  // QBANK_LINT_KEY_STATISTICS_H_
