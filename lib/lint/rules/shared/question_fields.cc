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
  using Kind = QuestionField::Kind;
  std::vector<QuestionField> fields;
  fields.reserve(8 + 2 * q.options.size() + q.tags.size());
  auto add = [&](const model::Text& t, Kind kind, size_t index = 0) {
    if (!t.value.empty()) fields.push_back({&t, kind, index});
  };
  add(q.stem, Kind::kStem);
  add(q.trap, Kind::kTrap);
  add(q.stated_answer, Kind::kStatedAnswer);
  add(q.explanation, Kind::kExplanation);
  for (size_t i = 0; i < q.options.size(); ++i) {
    add(q.options[i].text, Kind::kOption, i);
    add(q.options[i].rationale, Kind::kRationale, i);
  }
  add(q.exam, Kind::kExam);
  add(q.domain, Kind::kDomain);
  add(q.difficulty, Kind::kDifficulty);
  for (size_t i = 0; i < q.tags.size(); ++i) add(q.tags[i], Kind::kTag, i);
  return fields;
}

}  // namespace qbank::lint
