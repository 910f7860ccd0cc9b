// Aiken export: single-answer questions only, one line each for stem and options; the rest is
// reported in the loss report.
#include <algorithm>
#include <cctype>

#include "base/utf8_text.h"
#include "formats/aiken/aiken_format.h"
#include "formats/aiken/aiken_syntax.h"
#include "formats/field_loss.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace {

using namespace aiken_syntax;  // NOLINT(google-build-using-namespace)

// `text` on one line: line breaks (and the white space around them) become one space.
std::string OneLine(std::string_view text, bool& changed) {
  std::string out;
  changed = false;
  while (!text.empty() && (IsSpace(text.front()) || text.front() == '\n')) text.remove_prefix(1);
  while (!text.empty() && (IsSpace(text.back()) || text.back() == '\n')) text.remove_suffix(1);
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r' || c == '\n') {
      changed = true;
      while (!out.empty() && IsSpace(out.back())) out.pop_back();
      while (i + 1 < text.size() && (IsSpace(text[i + 1]) || text[i + 1] == '\n')) ++i;
      if (!out.empty()) out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}
}  // namespace

Result<std::string> AikenFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                        LossReport& loss) const {
  static const FieldSet kHeld = {"stem"};
  ReportBankLoss(bank, kHeld, loss);
  std::string out;
  for (const model::Question& q : bank.questions) {
    LossReport::QuestionScope scope(loss, q);
    bool single =
        q.type == model::QuestionType::kSingleAnswer || q.type == model::QuestionType::kTrueFalse;
    if (!single) {
      loss.Drop("questions of type " + std::string(model::QuestionTypeName(q.type)));
      continue;
    }
    if (q.KeyIndexes().size() != 1 || q.options.size() < 2 || q.options.size() > 26) {
      loss.Drop("questions without one key and 2 to 26 options");
      continue;
    }
    bool changed = false;
    std::string stem = OneLine(q.stem.value, changed);
    if (stem.empty()) {
      // A question starts with its stem's line: without one, the file did not read back.
      loss.Drop("questions without a stem (an Aiken question starts with its line)");
      continue;
    }
    ReportQuestionLoss(q, kHeld, loss);
    if (changed) loss.Drop("stem line breaks");
    if (!out.empty()) out += '\n';
    out += stem + '\n';
    for (size_t i = 0; i < q.options.size(); ++i) {
      std::string text = OneLine(q.options[i].text.value, changed);
      if (changed) loss.Drop("options.text line breaks");
      out += model::OptionLetter(i) + ") " + text + '\n';
    }
    out += "ANSWER: " + model::OptionLetter(q.KeyIndexes().front()) + '\n';
  }
  return out;
}

}  // namespace qbank::formats
