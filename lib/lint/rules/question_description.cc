// Naming another question in a finding's message.
#include "lint/rules/question_description.h"

namespace qbank::lint {

std::string DescribeQuestion(const model::Bank& bank, const model::Question& question) {
  const SourceSpan& span = question.stem.span.known() ? question.stem.span : question.span;
  std::string place = bank.SourcePath(span.file);
  const model::Value* dump =
      question.extensions.is_object() ? question.extensions.Find("dump_question") : nullptr;
  if (dump != nullptr && dump->is_string()) {
    // A dump question: its number as the dump prints it, and line and column (dump HTML is
    // often one line).
    if (span.line != 0) {
      place += ":" + std::to_string(span.line) + ":" + std::to_string(span.column);
    }
    return "dump question " + dump->as_string() + " (" + place + ")";
  }
  if (span.line != 0) place += ":" + std::to_string(span.line);
  return "question \"" + question.id.value + "\" (" + place + ")";
}

std::string DescribeRecord(const similarity::BankFeatures& features, size_t record) {
  const similarity::QuestionRef& ref = features.refs[record];
  return DescribeQuestion(*features.banks[ref.bank], features.question(record));
}

}  // namespace qbank::lint
