// review-age: a review date older than the configured age, in the future, or unreadable.
#ifndef QBANK_LINT_RULES_HOUSE_STYLE_REVIEW_AGE_H_
#define QBANK_LINT_RULES_HOUSE_STYLE_REVIEW_AGE_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "lint/rule.h"

namespace qbank::lint {

// Parses "YYYY-MM" (day 0: the whole month) or "YYYY-MM-DD"; nullopt for anything else or an
// impossible date.
std::optional<Date> ParseReviewDate(std::string_view text);

// Option "max-months" (default 24): a review more than that many whole months before today is
// stale. A date after today (for "YYYY-MM": a month after this month) is an error of entry. Today
// comes from LintContext::today, so tests fix it. A missing date is required-metadata's business.
class ReviewAgeRule : public Rule {
 public:
  std::string_view id() const override { return "review-age"; }
  std::string_view summary() const override {
    return "The review date is older than the configured age, in the future, or not a date.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  int64_t max_months_ = 24;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_HOUSE_STYLE_REVIEW_AGE_H_
