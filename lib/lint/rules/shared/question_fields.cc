// The authored text fields of a question.
#include "lint/rules/shared/question_fields.h"

namespace qbank::lint {

std::string QuestionField::path() const {
  switch (kind) {
    case Kind::kStem:
      return "stem";
    case Kind::kTrap:
      return "trap";
    case Kind::kStatedAnswer:
      return "stated_answer";
    case Kind::kExplanation:
      return "explanation";
    case Kind::kOption:
      return "options[" + std::to_string(index) + "]";
    case Kind::kRationale:
      return "options[" + std::to_string(index) + "].rationale";
    case Kind::kExam:
      return "exam";
    case Kind::kDomain:
      return "domain";
    case Kind::kDifficulty:
      return "difficulty";
    case Kind::kTag:
      return "tags[" + std::to_string(index) + "]";
    case Kind::kId:
      return "id";
  }
  return "";
}

std::string QuestionField::label() const {
  switch (kind) {
    case Kind::kStatedAnswer:
      return "stated answer";
    case Kind::kOption:
      return "option " + model::OptionLetter(index);
    case Kind::kRationale:
      return "rationale of option " + model::OptionLetter(index);
    case Kind::kTag:
      return "tag " + std::to_string(index + 1);
    default:
      return path();
  }
}

std::vector<QuestionField> AuthoredTextFields(const model::Question& q) {
  std::vector<QuestionField> fields;
  fields.reserve(8 + 2 * q.options.size() + q.tags.size());
  ForEachAuthoredTextField(q, [&](const QuestionField& f) { fields.push_back(f); });
  return fields;
}

}  // namespace qbank::lint
