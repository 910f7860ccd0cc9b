// review-age: month arithmetic on the review date.
#include "lint/rules/house_style/review_age.h"

#include <chrono>
#include <cstdio>
#include <string>

#include "model/iso_date.h"

namespace qbank::lint {
namespace {

std::string FormatDate(const Date& d) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
  return buf;
}

}  // namespace

std::optional<Date> ParseReviewDate(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
    s.remove_suffix(1);
  std::optional<model::IsoDate> iso = model::ParseIsoDate(s);
  if (!iso) return std::nullopt;
  Date d{iso->year, iso->month, iso->day};
  if (d.day != 0) {  // the schema's grammar takes 02-31; the calendar does not
    std::chrono::year_month_day ymd{std::chrono::year(d.year),
                                    std::chrono::month(static_cast<unsigned>(d.month)),
                                    std::chrono::day(static_cast<unsigned>(d.day))};
    if (!ymd.ok()) return std::nullopt;
  }
  return d;
}

Status ReviewAgeRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"max-months"}));
  return ReadIntOption(options, "max-months", 1, 1200, &max_months_);
}

void ReviewAgeRule::CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  const model::Text& field = q.review->date;
  if (field.value.find_first_not_of(" \t\r\n") == std::string::npos) return;
  std::optional<Date> date = ParseReviewDate(field.value);
  if (!date) {
    reporter.Report(index, field, "review.date",
                    "review date '" + field.value +
                        "' is not a date; expected YYYY-MM or "
                        "YYYY-MM-DD");
    return;
  }
  const Date& today = ctx.today;
  bool future = date->day == 0 ? (date->year * 12 + date->month > today.year * 12 + today.month)
                               : *date > today;
  if (future) {
    reporter.Report(
        index, field, "review.date",
        "review date " + field.value + " is in the future (today is " + FormatDate(today) + ")");
    return;
  }
  // Whole months between the review and today; a month-only date counts from its first day.
  int64_t months = (today.year - date->year) * 12 + (today.month - date->month);
  if (date->day != 0 && today.day < date->day) --months;
  if (months > max_months_) {
    reporter.Report(index, field, "review.date",
                    "last review " + field.value + " is " + std::to_string(months) +
                        " months old; expected at most " + std::to_string(max_months_) +
                        " (review it again)");
  }
}

}  // namespace qbank::lint
