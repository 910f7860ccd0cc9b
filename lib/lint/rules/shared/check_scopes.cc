// File and bank scopes for the bank-level statistics rules.
#include "lint/rules/shared/check_scopes.h"

#include <cstdio>
#include <map>

#include "lint/engine.h"

namespace qbank::lint {

Status ReadStatisticsOptions(const model::Value& options, KeyStatisticsOptions* out) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"min-expected", "min-effect"}));
  int64_t min_expected = 10;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-expected", 5, 1000000, &min_expected));
  out->min_expected = static_cast<double>(min_expected);
  if (const model::Value* effect = options.Find("min-effect")) {
    bool number = effect->is_int() || effect->is_double();
    if (!number || effect->as_double() < 0 || effect->as_double() > 1) {
      return Status::Usage("option 'min-effect' must be a number from 0 to 1 (Cohen's w)");
    }
    out->min_effect = effect->as_double();
  }
  return Status::Ok();
}

bool Reportable(const CountTest& test, const KeyStatisticsOptions& options) {
  return test.enough && test.p_value < kSignificance && CohensW(test) >= options.min_effect;
}

std::string FormatEffect(const CountTest& test) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "Cohen's w = %.2f", CohensW(test));
  return buf;
}

std::vector<CheckScope> CheckScopes(const LintContext& ctx, std::span<const size_t> indexes) {
  const model::Bank& bank = *ctx.bank;
  std::map<uint32_t, CheckScope> files;
  for (size_t index : indexes) {
    const model::Question& q = bank.questions[index];
    uint32_t file = QuestionFile(q);
    CheckScope& scope = files[file];
    if (scope.indexes.empty()) {
      scope.file = file == SourceSpan::kNoFile ? "" : bank.SourcePath(file);
      scope.name = scope.file.empty() ? "questions without a file" : "file " + scope.file;
      const SourceSpan& start = q.span.known() ? q.span : q.stem.span;
      scope.span.file = start.file;
      scope.span.line = start.line;
      scope.span.column = start.column;
      scope.span.end_line = start.line;
      scope.span.end_column = start.column;
    }
    scope.indexes.push_back(index);
  }
  std::vector<CheckScope> scopes;
  scopes.reserve(files.size());
  for (auto& [file, scope] : files) scopes.push_back(std::move(scope));
  if (scopes.size() > 1) {
    CheckScope all;
    all.name = "the bank (" + std::to_string(scopes.size()) + " files)";
    all.indexes.assign(indexes.begin(), indexes.end());
    scopes.push_back(std::move(all));
  }
  return scopes;
}

void ReportScope(Reporter& reporter, const CheckScope& scope, std::string message,
                 model::Value statistics) {
  Finding& f = reporter.ReportBank(scope.span, "", scope.file.empty() ? "<bank>" : scope.file,
                                   std::move(message));
  f.statistics = std::move(statistics);
}

std::string WithThousands(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Percent(double part, double whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100.0 * part / whole : 0.0);
  return buf;
}

}  // namespace qbank::lint
