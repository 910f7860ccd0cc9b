// required-metadata: looks each configured field up in the question.
#include "lint/rules/house_style/required_metadata.h"

#include <algorithm>

#include "lint/rules/shared/file_wide.h"

namespace qbank::lint {
namespace {

bool Has(const model::Text& t) { return t.value.find_first_not_of(" \t\r\n") != std::string::npos; }

// True when `field` is present on `q`.
bool Present(const model::Question& q, std::string_view field) {
  if (field == "exam") return Has(q.exam);
  if (field == "domain") return Has(q.domain);
  if (field == "trap") return Has(q.trap);
  if (field == "difficulty") return Has(q.difficulty);
  if (field == "tags") return !q.tags.empty();
  if (field == "authors") return !q.authors.empty();
  if (field == "authors.name") {
    return !q.authors.empty() && std::all_of(q.authors.begin(), q.authors.end(),
                                             [](const model::Person& p) { return Has(p.name); });
  }
  if (field == "authors.credentials") {
    return !q.authors.empty() &&
           std::all_of(q.authors.begin(), q.authors.end(),
                       [](const model::Person& p) { return Has(p.credentials); });
  }
  if (field == "review.date") return Has(q.review->date);
  if (field == "review.reviewer") return Has(q.review->reviewer);
  if (field == "review.checked_against") return Has(q.review->checked_against);
  if (field == "origin.statement") return Has(q.origin->statement);
  if (field == "origin.references") return !q.origin->references.empty();
  return true;
}

}  // namespace

const std::vector<std::string_view>& RequiredMetadataRule::KnownFields() {
  static const std::vector<std::string_view> kFields = {"exam",
                                                        "domain",
                                                        "trap",
                                                        "difficulty",
                                                        "tags",
                                                        "authors",
                                                        "authors.name",
                                                        "authors.credentials",
                                                        "review.date",
                                                        "review.reviewer",
                                                        "review.checked_against",
                                                        "origin.statement",
                                                        "origin.references"};
  return kFields;
}

Status RequiredMetadataRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"fields", kFileWidePercentOption}));
  QBANK_RETURN_IF_ERROR(ReadFileWidePercent(options, &file_wide_percent_));
  std::vector<std::string> fields = fields_;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "fields", &fields));
  for (const std::string& f : fields) {
    const auto& known = KnownFields();
    if (std::find(known.begin(), known.end(), f) == known.end()) {
      return Status::InvalidInput("option 'fields': unknown field '" + f +
                                  "'; see `qbank explain required-metadata` for the names");
    }
  }
  fields_ = std::move(fields);
  return Status::Ok();
}

void RequiredMetadataRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                     Reporter& reporter) const {
  const model::Bank& bank = *ctx.bank;
  // A whole-question span would underline many lines: point at its first line only.
  auto first_line = [](const model::Question& q) {
    SourceSpan span = q.span.known() ? q.span : q.stem.span;
    if (span.known()) {
      span.end_line = span.line;
      span.end_column = span.column + 1;
    }
    return span;
  };
  for (const FileQuestions& file : GroupByFile(bank, indexes)) {
    for (const std::string& field : fields_) {
      std::vector<size_t> missing;
      for (size_t index : file.indexes) {
        if (!Present(bank.questions[index], field)) missing.push_back(index);
      }
      if (IsFileWide(missing.size(), file.indexes.size(), file_wide_percent_)) {
        reporter.ReportAt(
            missing.front(), first_line(bank.questions[missing.front()]), field, "file-wide",
            "required field '" + field + "' is missing " +
                FileWideCount(missing.size(), file.indexes.size()) + " (one finding for the file)");
        continue;
      }
      for (size_t index : missing) {
        reporter.ReportAt(index, first_line(bank.questions[index]), field, "",
                          "required field '" + field + "' is missing");
      }
    }
  }
}

}  // namespace qbank::lint
