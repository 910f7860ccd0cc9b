// empty-field: fields that are missing or hold only white space.
#include "lint/rules/empty_field.h"

namespace qbank::lint {
namespace {

bool IsBlank(const std::string& s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

}  // namespace

Status EmptyFieldRule::Configure(const model::Value& options) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"fields"}));
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

void EmptyFieldRule::CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  bool choice = model::IsChoiceType(q.type);
  // A missing field has no span of its own: point at the question.
  auto where = [&](const model::Text& t) { return t.span.known() ? t.span : q.span; };
  if (stem_ && q.type != model::QuestionType::kDescription && IsBlank(q.stem.value)) {
    reporter.ReportAt(index, where(q.stem), "stem", "", "the stem is empty");
  }
  if (options_ && choice) {
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (!IsBlank(q.options[i].text.value)) continue;
      SourceSpan span = q.options[i].text.span.known() ? q.options[i].text.span : q.options[i].span;
      reporter.ReportAt(index, span, "options[" + std::to_string(i) + "].text", "",
                        "option " + model::OptionLetter(i) + " is empty");
    }
  }
  if (explanation_ && choice && IsBlank(q.explanation.value)) {
    reporter.ReportAt(index, where(q.explanation), "explanation", "",
                      "the explanation is empty; say why the key is right");
  }
  if (trap_ && IsBlank(q.trap.value)) {
    reporter.ReportAt(index, where(q.trap), "trap", "", "the exam-trap note is empty");
  }
}

}  // namespace qbank::lint
