// Naming another question in a finding's message.
#include "lint/rules/shared/question_description.h"

#include <algorithm>

#include "base/str_cat.h"

namespace qbank::lint {

namespace {

// The number a dump prints for `question` (extensions "dump_question"), null for another.
const model::Value* DumpNumber(const model::Question& question) {
  const model::Value* dump =
      question.extensions.is_object() ? question.extensions.Find("dump_question") : nullptr;
  return dump != nullptr && dump->is_string() ? dump : nullptr;
}

std::string Named(const model::Question& question, const std::string& place) {
  const model::Value* dump = DumpNumber(question);
  return dump != nullptr ? "dump question " + dump->as_string() + " (" + place + ")"
                         : "question \"" + question.id.value + "\" (" + place + ")";
}

}  // namespace

std::string DescribeQuestion(const model::Bank& bank, const model::Question& question) {
  const SourceSpan& span = question.stem.span.known() ? question.stem.span : question.span;
  std::string place = bank.SourcePath(span.file);
  if (span.line != 0) {
    place += StrCat({":", std::to_string(span.line)});
    // A dump question with its column too (dump HTML is often one line).
    if (DumpNumber(question) != nullptr) place += StrCat({":", std::to_string(span.column)});
  }
  return Named(question, place);
}

std::string DescribeQuestionAt(const model::Bank& bank, const model::Question& question,
                               const SourceSpan& at) {
  if (at.line == 0) return DescribeQuestion(bank, question);
  return Named(question, bank.SourcePath(at.file) + ":" + std::to_string(at.line) + ":" +
                             std::to_string(at.column));
}

std::string ShortQuote(std::string text) {
  constexpr size_t kQuoteBytes = 100;
  std::replace(text.begin(), text.end(), '\n', ' ');  // a rendered line break reads as a space
  if (text.size() <= kQuoteBytes) return text;
  size_t cut = kQuoteBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "…";
}

std::string DescribeRecord(const similarity::BankFeatures& features, size_t record) {
  const similarity::QuestionRef& ref = features.refs[record];
  return DescribeQuestion(*features.banks[ref.bank], features.question(record));
}

}  // namespace qbank::lint
