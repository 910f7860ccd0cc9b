// The authored text fields of a question.
#include "lint/rules/shared/question_fields.h"

namespace qbank::lint {

std::vector<QuestionField> AuthoredTextFields(const model::Question& q) {
  std::vector<QuestionField> fields;
  auto add = [&](const model::Text& t, std::string path, std::string label) {
    if (!t.value.empty()) fields.push_back({&t, std::move(path), std::move(label)});
  };
  add(q.stem, "stem", "stem");
  add(q.trap, "trap", "trap");
  add(q.stated_answer, "stated_answer", "stated answer");
  add(q.explanation, "explanation", "explanation");
  for (size_t i = 0; i < q.options.size(); ++i) {
    std::string base = "options[" + std::to_string(i) + "]";
    std::string letter = model::OptionLetter(i);
    add(q.options[i].text, base, "option " + letter);
    add(q.options[i].rationale, base + ".rationale", "rationale of option " + letter);
  }
  add(q.exam, "exam", "exam");
  add(q.domain, "domain", "domain");
  add(q.difficulty, "difficulty", "difficulty");
  for (size_t i = 0; i < q.tags.size(); ++i) {
    add(q.tags[i], "tags[" + std::to_string(i) + "]", "tag " + std::to_string(i + 1));
  }
  return fields;
}

}  // namespace qbank::lint
