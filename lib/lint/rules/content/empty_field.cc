// empty-field: fields that are missing or hold only white space.
#include "lint/rules/content/empty_field.h"

#include "base/utf8_text.h"
#include "lint/rules/shared/file_wide.h"

namespace qbank::lint {

Status EmptyFieldRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"fields", kFileWidePercentOption}));
  QBANK_RETURN_IF_ERROR(ReadFileWidePercent(options, &file_wide_percent_));
  std::vector<std::string> fields;
  if (options.Find("fields") == nullptr) return Status::Ok();
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "fields", &fields));
  stem_ = options_ = explanation_ = trap_ = false;
  for (const std::string& f : fields) {
    if (f == "stem") {
      stem_ = true;
    } else if (f == "options") {
      options_ = true;
    } else if (f == "explanation") {
      explanation_ = true;
    } else if (f == "trap") {
      trap_ = true;
    } else {
      return Status::InvalidInput("option 'fields': unknown field '" + f +
                                  "'; expected \"stem\", \"options\", \"explanation\" or \"trap\"");
    }
  }
  return Status::Ok();
}

void EmptyFieldRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                               Reporter& reporter) const {
  const model::Bank& bank = *ctx.bank;
  for (const FileQuestions& file : GroupByFile(bank, indexes)) {
    // Explanations and traps: counted first, so a file without them gets one finding.
    std::vector<size_t> no_explanation, no_trap;
    size_t choice_questions = 0;
    for (size_t index : file.indexes) {
      const model::Question& q = bank.questions[index];
      bool choice = model::IsChoiceType(q.type);
      choice_questions += choice;
      if (explanation_ && choice && IsBlank(q.explanation.value)) no_explanation.push_back(index);
      if (trap_ && IsBlank(q.trap->value)) no_trap.push_back(index);
    }
    bool explanation_file_wide =
        IsFileWide(no_explanation.size(), choice_questions, file_wide_percent_);
    bool trap_file_wide = IsFileWide(no_trap.size(), file.indexes.size(), file_wide_percent_);
    // A missing field has no span of its own: point at the question's first line.
    auto where = [&](const model::Question& q, const model::Text& t) {
      if (t.span.known()) return t.span;
      SourceSpan span = q.span.known() ? q.span : q.stem.span;
      if (span.known()) {
        span.end_line = span.line;
        span.end_column = span.column + 1;
      }
      return span;
    };
    if (explanation_file_wide) {
      const model::Question& q = bank.questions[no_explanation.front()];
      reporter.ReportAt(no_explanation.front(), where(q, q.explanation), "explanation", "file-wide",
                        "the explanation is empty " +
                            FileWideCount(no_explanation.size(), choice_questions) +
                            "; say why each key is right (one finding for the file)");
    }
    if (trap_file_wide) {
      const model::Question& q = bank.questions[no_trap.front()];
      reporter.ReportAt(no_trap.front(), where(q, q.trap), "trap", "file-wide",
                        "the exam-trap note is empty " +
                            FileWideCount(no_trap.size(), file.indexes.size()) +
                            " (one finding for the file)");
    }
    for (size_t index : file.indexes) {
      const model::Question& q = bank.questions[index];
      bool choice = model::IsChoiceType(q.type);
      if (stem_ && q.type != model::QuestionType::kDescription && IsBlank(q.stem.value)) {
        reporter.ReportAt(index, where(q, q.stem), "stem", "", "the stem is empty");
      }
      if (options_ && choice) {
        for (size_t i = 0; i < q.options.size(); ++i) {
          if (!IsBlank(q.options[i].text.value)) continue;
          SourceSpan span =
              q.options[i].text.span.known() ? q.options[i].text.span : q.options[i].span;
          reporter.ReportAt(index, span, "options[" + std::to_string(i) + "].text", "",
                            "option " + model::OptionLetter(i) + " is empty");
        }
      }
      if (explanation_ && !explanation_file_wide && choice && IsBlank(q.explanation.value)) {
        reporter.ReportAt(index, where(q, q.explanation), "explanation", "",
                          "the explanation is empty; say why the key is right");
      }
      if (trap_ && !trap_file_wide && IsBlank(q.trap->value)) {
        reporter.ReportAt(index, where(q, q.trap), "trap", "", "the exam-trap note is empty");
      }
    }
  }
}

}  // namespace qbank::lint
