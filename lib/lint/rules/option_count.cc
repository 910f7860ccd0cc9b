// option-count: compares the option count with the configured range.
#include "lint/rules/option_count.h"

namespace qbank::lint {
namespace {

Status ReadRange(const model::Value& options, const std::string& key, OptionCountRule::Range* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  if (v->is_int() || v->is_double()) {
    int64_t n = 0;
    QBANK_RETURN_IF_ERROR(ReadIntOption(options, key, 1, 1000, &n));
    *out = {n, n};
    return Status::Ok();
  }
  if (!v->is_object()) {
    return Status::InvalidInput("option '" + key +
                                "': expected a number of options or {\"min\": N, \"max\": N}");
  }
  if (!CheckOptionKeys(*v, {"min", "max"}).ok()) {
    return Status::InvalidInput("option '" + key + "': expected only \"min\" and \"max\"");
  }
  OptionCountRule::Range range = *out;
  QBANK_RETURN_IF_ERROR(ReadIntOption(*v, "min", 1, 1000, &range.min));
  QBANK_RETURN_IF_ERROR(ReadIntOption(*v, "max", 1, 1000, &range.max));
  if (range.min > range.max) {
    return Status::InvalidInput("option '" + key + "': expected min <= max");
  }
  *out = range;
  return Status::Ok();
}

}  // namespace

Status OptionCountRule::Configure(const model::Value& options) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"single", "multiple", "true-false"}));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "single", &single_));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "multiple", &multiple_));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "true-false", &true_false_));
  return Status::Ok();
}

void OptionCountRule::CheckQuestion(const LintContext& ctx, size_t index,
                                    Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  const Range* range = nullptr;
  switch (q.type) {
    case model::QuestionType::kSingleAnswer:
      range = &single_;
      break;
    case model::QuestionType::kMultipleAnswer:
      range = &multiple_;
      break;
    case model::QuestionType::kTrueFalse:
      range = &true_false_;
      break;
    default:
      return;
  }
  auto n = static_cast<int64_t>(q.options.size());
  if (n >= range->min && n <= range->max) return;
  std::string expected = range->min == range->max
                             ? std::to_string(range->min)
                             : (n < range->min ? "at least " + std::to_string(range->min)
                                               : "at most " + std::to_string(range->max));
  std::string message = std::string(model::QuestionTypeName(q.type)) + " question has " +
                        std::to_string(n) + (n == 1 ? " option" : " options") + "; expected " +
                        expected;
  if (n > range->max) {
    // Point at the first option past the limit.
    const model::Option& extra = q.options[static_cast<size_t>(range->max)];
    reporter.Report(index, extra.text, "options[" + std::to_string(range->max) + "]",
                    std::move(message));
  } else {
    reporter.ReportAt(index, q.stem.span, "options", std::to_string(n), std::move(message));
  }
}

}  // namespace qbank::lint
