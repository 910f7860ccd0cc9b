// Moodle's checks, from its question types' edit forms (qtype_multichoice, qtype_shortanswer,
// qtype_numerical), over the model's weights.
#include "formats/moodle_save_checks.h"

#include <cmath>
#include <cstdio>

namespace qbank::formats {
namespace {

using model::QuestionType;

// Moodle compares fractions of 1 within 0.0001: percentage points within 0.01.
constexpr double kTolerance = 0.01;

std::string Percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.5g%%", v);
  return buf;
}

}  // namespace

std::vector<std::string> MoodleSaveProblems(const model::Question& q) {
  std::vector<std::string> problems;
  size_t keys = q.KeyIndexes().size();
  auto grade = [&](const model::Option& o) {
    if (o.weight.has_value()) return *o.weight;
    if (!o.correct) return 0.0;
    return q.type == QuestionType::kMultipleAnswer && keys > 0 ? 100.0 / static_cast<double>(keys)
                                                               : 100.0;
  };
  if (q.type == QuestionType::kMultipleAnswer && !q.options.empty()) {
    double total = 0;
    for (const model::Option& o : q.options) total += std::max(0.0, grade(o));
    if (std::fabs(total - 100) > kTolerance) {
      problems.push_back("the positive grades of this multiple-answer question add up to " +
                         Percent(total) +
                         ", not 100%; Moodle refuses to save it (\"The grades do not add up to "
                         "100%\")");
    }
  }
  if ((q.type == QuestionType::kShortAnswer || q.type == QuestionType::kNumerical) &&
      !q.options.empty()) {
    bool full = false;
    for (const model::Option& o : q.options) full = full || grade(o) >= 100 - kTolerance;
    if (!full) {
      problems.push_back(
          "no answer of this " + std::string(model::QuestionTypeName(q.type)) +
          " question has a score of 100%; Moodle refuses to save it (\"One of the answers should "
          "have a score of 100% so it is possible to get full marks for this question\")");
    }
  }
  return problems;
}

}  // namespace qbank::formats
