// answer-mismatch: matches the stated answer against the options and their marks.
#include "lint/rules/answer_mismatch.h"

#include <cctype>

#include "lint/option_references.h"
#include "text/words.h"

namespace qbank::lint {
namespace {

// An explanation that names a wrong answer dozens of times needs one fix, not dozens of findings.
constexpr int kMaxFindingsPerField = 5;

std::string KeyLetters(const model::Question& q) {
  std::string letters;
  for (size_t k : q.KeyIndexes()) letters += (letters.empty() ? "" : ", ") + model::OptionLetter(k);
  return letters;
}

}  // namespace

void AnswerMismatchRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.empty()) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.empty()) return;  // key-count reports it; there is nothing to compare with
  std::string key_letters = KeyLetters(q);
  std::string key_word = keys.size() == 1 ? "the key is " : "the keys are ";

  if (!q.stated_answer.empty()) {
    std::string stated = text::OptionComparisonKey(q.stated_answer.value);
    std::optional<size_t> named;
    for (size_t i = 0; i < q.options.size() && !named; ++i) {
      if (text::OptionComparisonKey(q.options[i].text.value) == stated) named = i;
    }
    if (!named && stated.size() == 1) {
      // A bare letter: "C" or "c".
      char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(stated[0])));
      if (letter >= 'A' && letter <= 'Z' && static_cast<size_t>(letter - 'A') < q.options.size()) {
        named = static_cast<size_t>(letter - 'A');
      }
    }
    if (!named) {
      reporter.Report(
          index, q.stated_answer, "stated_answer",
          "the correct-answer block names no option of this question; " + key_word + key_letters);
    } else if (!q.options[*named].correct) {
      reporter.Report(index, q.stated_answer, "stated_answer",
                      "the correct-answer block names option " + model::OptionLetter(*named) +
                          ", which is not marked correct; " + key_word + key_letters);
    }
  }

  int reported = 0;
  for (const OptionReference& ref : FindOptionReferences(q.explanation.value)) {
    if (!ref.states_answer || ref.option >= q.options.size()) continue;
    if (q.options[ref.option].correct) continue;
    if (++reported > kMaxFindingsPerField) return;
    reporter.ReportRange(index, q.explanation, ref.begin, ref.end, "explanation",
                         "the explanation says the answer is " + model::OptionLetter(ref.option) +
                             ", but " + key_word + key_letters);
  }
}

}  // namespace qbank::lint
