// The text fields of a question with their paths, for rules that check every field alike.
#ifndef QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_
#define QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "model/bank.h"

namespace qbank::lint {

// One field: its text, which field it is and, for an option's text or rationale or a tag, its
// index. The path and label are made only when asked for (most fields have no finding).
struct QuestionField {
  enum class Kind {
    kStem,
    kTrap,
    kStatedAnswer,
    kExplanation,
    kOption,     // options[index]
    kRationale,  // options[index].rationale
    kExam,
    kDomain,
    kDifficulty,
    kTag,  // tags[index]
    kId,
  };
  const model::Text* text = nullptr;
  Kind kind = Kind::kStem;
  size_t index = 0;

  // "stem", "options[1].rationale", "tags[0]", "id".
  std::string path() const;
  // For messages: "stem", "rationale of option B", "option C", "tag 1".
  std::string label() const;
};

// Every non-empty text field of `question` a writer authors: stem, trap, stated answer,
// explanation, each option's text and rationale, exam, domain, difficulty and tags, in that order.
std::vector<QuestionField> AuthoredTextFields(const model::Question& question);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_
