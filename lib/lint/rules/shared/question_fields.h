// The text fields of a question with their paths, for rules that check every field alike.
#ifndef QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_
#define QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_

#include <string>
#include <vector>

#include "model/bank.h"

namespace qbank::lint {

struct QuestionField {
  const model::Text* text;
  std::string path;   // "stem", "options[1].rationale", "tags[0]"
  std::string label;  // for messages: "stem", "rationale of option B", "tag 1"
};

// Every non-empty text field of `question` a writer authors: stem, trap, stated answer,
// explanation, each option's text and rationale, exam, domain, difficulty and tags, in that order.
std::vector<QuestionField> AuthoredTextFields(const model::Question& question);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_
