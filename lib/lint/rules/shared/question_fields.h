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

// Calls visit(const QuestionField&) for each field AuthoredTextFields lists, in its order, without
// making the list (the rules that read every field run on every question).
template <typename Visit>
void ForEachAuthoredTextField(const model::Question& q, Visit&& visit) {
  using Kind = QuestionField::Kind;
  auto field = [&](const model::Text& t, Kind kind, size_t index = 0) {
    if (!t.value.empty()) visit(QuestionField{&t, kind, index});
  };
  field(q.stem, Kind::kStem);
  field(q.trap, Kind::kTrap);
  field(q.stated_answer, Kind::kStatedAnswer);
  field(q.explanation, Kind::kExplanation);
  for (size_t i = 0; i < q.options.size(); ++i) {
    field(q.options[i].text, Kind::kOption, i);
    field(q.options[i].rationale, Kind::kRationale, i);
  }
  field(q.exam, Kind::kExam);
  field(q.domain, Kind::kDomain);
  field(q.difficulty, Kind::kDifficulty);
  for (size_t i = 0; i < q.tags.size(); ++i) field(q.tags[i], Kind::kTag, i);
}

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_QUESTION_FIELDS_H_
