// Chi-square tests of the answer key: the incomplete gamma function, and the counts.
#include "lint/key_statistics.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "base/ascii_text.h"
#include "base/source_text.h"

namespace qbank::lint {
namespace {

// The regularised lower incomplete gamma P(a, x) by its power series (converges fast for
// x < a + 1).
double GammaPSeries(double a, double x) {
  double term = 1.0 / a, sum = term;
  for (int n = 1; n < 1000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-15) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// The regularised upper incomplete gamma Q(a, x) by its continued fraction (modified Lentz;
// converges fast for x >= a + 1).
double GammaQFraction(double a, double x) {
  constexpr double kTiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / kTiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 1000; ++i) {
    double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-15) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

CountTest Test(const std::vector<double>& observed, const std::vector<double>& expected,
               double min_expected) {
  CountTest t;
  double total = 0;
  bool enough = !expected.empty();
  for (size_t i = 0; i < observed.size(); ++i) {
    total += observed[i];
    if (expected[i] < min_expected) enough = false;
    if (expected[i] > 0) {
      double diff = observed[i] - expected[i];
      t.chi_square += diff * diff / expected[i];
    }
  }
  t.total = static_cast<size_t>(total);
  t.degrees_of_freedom = static_cast<int>(observed.size()) - 1;
  t.enough = enough && t.degrees_of_freedom >= 1;
  t.p_value = t.degrees_of_freedom >= 1 ? ChiSquarePValue(t.chi_square, t.degrees_of_freedom) : 1;
  return t;
}

size_t CodePoints(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return CountCodePoints(s);
}

// 1 for "True", 0 for "False" (any case, end punctuation aside), -1 otherwise.
int TruthValue(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '.')) {
    s.remove_suffix(1);
  }
  if (AsciiEqualIgnoringCase(s, "true")) return 1;
  if (AsciiEqualIgnoringCase(s, "false")) return 0;
  return -1;
}

}  // namespace

double ChiSquarePValue(double statistic, int degrees_of_freedom) {
  if (!(statistic > 0) || degrees_of_freedom < 1) return 1.0;
  double a = degrees_of_freedom / 2.0, x = statistic / 2.0;
  if (x < a + 1.0) return std::max(0.0, 1.0 - GammaPSeries(a, x));
  return std::min(1.0, GammaQFraction(a, x));
}

KeyStatistics ComputeKeyStatistics(const model::Bank& bank, std::span<const size_t> indexes,
                                   const KeyStatisticsOptions& options) {
  KeyStatistics s;
  std::map<size_t, std::vector<size_t>> positions;  // option count -> counts
  for (size_t index : indexes) {
    const model::Question& q = bank.questions[index];
    // The one key (questions with none or several take no part), without a vector per question.
    size_t key_count = 0, key = 0;
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (!q.options[i].correct) continue;
      ++key_count;
      key = i;
    }
    if (key_count != 1) continue;
    const size_t n = q.options.size();
    bool two_truths = n == 2 && TruthValue(q.options[0].text.value) >= 0 &&
                      TruthValue(q.options[1].text.value) >= 0 &&
                      TruthValue(q.options[0].text.value) != TruthValue(q.options[1].text.value);
    if (q.type == model::QuestionType::kTrueFalse ||
        (q.type == model::QuestionType::kSingleAnswer && two_truths)) {
      int truth = TruthValue(q.options[key].text.value);
      if (truth == 1) ++s.true_false.true_keys;
      if (truth == 0) ++s.true_false.false_keys;
      continue;
    }
    if (q.type != model::QuestionType::kSingleAnswer || n < 2) continue;
    std::vector<size_t>& counts = positions[n];
    counts.resize(n, 0);
    ++counts[key];
    size_t longest = 0, longest_at = 0;
    bool tie = false;
    for (size_t i = 0; i < n; ++i) {
      size_t length = CodePoints(q.options[i].text.value);
      if (i == 0 || length > longest) {
        longest = length;
        longest_at = i;
        tie = false;
      } else if (length == longest) {
        tie = true;
      }
    }
    if (tie) continue;
    ++s.longest.questions;
    s.longest.key_longest += longest_at == key;
    double chance = 1.0 / static_cast<double>(n);
    s.longest.expected += chance;
  }
  for (auto& [n, counts] : positions) {
    KeyPositions kp;
    kp.options = n;
    kp.counts = counts;
    double total = 0;
    for (size_t c : counts) total += static_cast<double>(c);
    std::vector<double> observed(counts.begin(), counts.end());
    kp.test = Test(observed, std::vector<double>(n, total / static_cast<double>(n)),
                   options.min_expected);
    s.positions.push_back(std::move(kp));
  }
  double tf = static_cast<double>(s.true_false.true_keys + s.true_false.false_keys);
  s.true_false.test = Test(
      {static_cast<double>(s.true_false.true_keys), static_cast<double>(s.true_false.false_keys)},
      {tf / 2, tf / 2}, options.min_expected);
  double q = static_cast<double>(s.longest.questions);
  s.longest.test = Test(
      {static_cast<double>(s.longest.key_longest), q - static_cast<double>(s.longest.key_longest)},
      {s.longest.expected, q - s.longest.expected}, options.min_expected);
  return s;
}

namespace {

// What SharedKeyStatistics keeps: the questions the statistics are of, to tell apart two sets of
// questions whose keys in ctx.shared collide, and the statistics.
struct SharedEntry {
  std::vector<size_t> indexes;
  KeyStatistics statistics;
};

}  // namespace

std::shared_ptr<const KeyStatistics> SharedKeyStatistics(const LintContext& ctx,
                                                         std::span<const size_t> indexes,
                                                         const KeyStatisticsOptions& options) {
  uint64_t hash = 14695981039346656037ULL;  // FNV-1a over the indexes
  for (size_t i : indexes) hash = (hash ^ i) * 1099511628211ULL;
  char key[96];
  std::snprintf(key, sizeof key, "key-statistics %.17g %zu %016llx", options.min_expected,
                indexes.size(), static_cast<unsigned long long>(hash));
  std::shared_ptr<const SharedEntry> entry = ctx.shared->Get<SharedEntry>(key, [&] {
    auto made = std::make_shared<SharedEntry>();
    made->indexes.assign(indexes.begin(), indexes.end());
    made->statistics = ComputeKeyStatistics(*ctx.bank, indexes, options);
    return made;
  });
  if (!std::equal(entry->indexes.begin(), entry->indexes.end(), indexes.begin(), indexes.end())) {
    return std::make_shared<const KeyStatistics>(ComputeKeyStatistics(*ctx.bank, indexes, options));
  }
  return std::shared_ptr<const KeyStatistics>(entry, &entry->statistics);
}

double CohensW(const CountTest& test) {
  if (test.total == 0) return 0;
  return std::sqrt(test.chi_square / static_cast<double>(test.total));
}

std::string FormatPValue(double p) {
  char buf[32];
  if (p < 0.001) {
    std::snprintf(buf, sizeof buf, "%.1e", p);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", p);
  }
  return buf;
}

model::Value CountTestValue(const CountTest& test) {
  model::Value::Object o;
  o["n"] = static_cast<int64_t>(test.total);
  o["chi_square"] = std::round(test.chi_square * 1000) / 1000;
  o["degrees_of_freedom"] = static_cast<int64_t>(test.degrees_of_freedom);
  o["p_value"] = test.p_value;
  o["cohens_w"] = std::round(CohensW(test) * 1000) / 1000;
  return model::Value(std::move(o));
}

}  // namespace qbank::lint
