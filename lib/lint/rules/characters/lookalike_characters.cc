// lookalike-characters: look-alike words in every authored field.
#include "lint/rules/characters/lookalike_characters.h"

#include "lint/rules/shared/question_fields.h"
#include "similarity/question_features.h"
#include "text/script_check.h"

namespace qbank::lint {

void LookalikeCharactersRule::CheckQuestion(const LintContext& ctx, size_t index,
                                            Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  int script = similarity::QuestionScript(q);
  ForEachAuthoredTextField(q, [&](const QuestionField& field) {
    for (const text::LookalikeWord& w : text::FindLookalikeWords(field.text->value, script)) {
      std::string word = field.text->value.substr(w.begin, w.end - w.begin);
      std::string message = w.kind == text::LookalikeWord::Kind::kMixedScript
                                ? "\"" + word + "\" mixes " + w.scripts +
                                      " letters and reads as \"" + w.looks_like +
                                      "\"; retype it in one script"
                                : "\"" + word + "\" is written in " + w.scripts +
                                      " letters that look like " + text::ScriptName(script) +
                                      " ones and reads as \"" + w.looks_like + "\"; retype it";
      Finding& finding =
          reporter.ReportRange(index, *field.text, w.begin, w.end, field.path(), message);
      // Retyped in the script it imitates, when each letter imitates one letter of it.
      if (!w.replacement.empty()) {
        finding.fix = reporter.FixRange(*field.text, w.begin, w.end, w.replacement);
      }
    }
  });
}

}  // namespace qbank::lint
