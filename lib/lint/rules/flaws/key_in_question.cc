// key-in-question: the last answer statement of each stem and option, when nothing follows it.
#include "lint/rules/flaws/key_in_question.h"

#include <optional>
#include <string>
#include <vector>

#include "base/ascii_text.h"
#include "lint/option_references.h"

namespace qbank::lint {
namespace {

// Only white space, closing brackets and sentence punctuation from `from` to the end of `text`.
bool NothingAfter(std::string_view text, size_t from) {
  for (size_t i = from; i < text.size(); ++i) {
    if (std::string_view(" \t\r\n.,;:!)]*_").find(text[i]) == std::string_view::npos) return false;
  }
  return true;
}

// The statement of the answer that ends `text`, if any, for a question of `options` options.
std::optional<OptionReference> TrailingAnswer(std::string_view text, size_t options) {
  // Every statement of the answer has one of these words (FindOptionReferences' keywords): a
  // cheap look before the full read.
  std::string lowered = AsciiLowered(text);
  if (lowered.find("ans") == std::string::npos && lowered.find("option") == std::string::npos &&
      lowered.find("choice") == std::string::npos && lowered.find("key") == std::string::npos) {
    return std::nullopt;
  }
  std::vector<OptionReference> refs = FindOptionReferences(text);
  if (refs.empty()) return std::nullopt;
  const OptionReference& last = refs.back();
  if (!last.states_answer || last.option >= options || !NothingAfter(text, last.end)) {
    return std::nullopt;
  }
  return last;
}

}  // namespace

void KeyInQuestionRule::CheckQuestion(const LintContext& ctx, size_t index,
                                      Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.size() < 2) return;
  auto report = [&](const model::Text& field, const std::string& path, const std::string& where) {
    std::optional<OptionReference> ref = TrailingAnswer(field.value, q.options.size());
    if (!ref) return;
    std::string letter = model::OptionLetter(ref->option);
    bool keyed = q.options[ref->option].correct;
    reporter.ReportRange(index, field, ref->begin, ref->end, path,
                         where + " ends by stating the answer " + letter + " (" +
                             (keyed ? "the key" : "not the key, which makes it worse") +
                             "): the learner sees it; remove it from the question and keep the "
                             "answer in the key and the explanation");
  };
  report(q.stem, "stem", "the stem");
  for (size_t i = 0; i < q.options.size(); ++i) {
    report(q.options[i].text, "options[" + std::to_string(i) + "]",
           "option " + model::OptionLetter(i));
  }
}

}  // namespace qbank::lint
