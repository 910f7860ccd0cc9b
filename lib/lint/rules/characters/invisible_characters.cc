// invisible-characters: one finding per field with invisible characters.
#include "lint/rules/characters/invisible_characters.h"

#include "lint/rules/shared/question_fields.h"
#include "text/script_check.h"

namespace qbank::lint {

void InvisibleCharactersRule::CheckQuestion(const LintContext& ctx, size_t index,
                                            Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  auto check = [&](const QuestionField& field) {
    std::vector<text::InvisibleChar> found = text::FindInvisibleCharacters(field.text->value);
    if (found.empty()) return;
    const text::InvisibleChar& c = found.front();
    std::string message = "invisible " + std::string(text::InvisibleKindName(c.kind)) + " " +
                          text::CodePointLabel(c.code_point);
    if (found.size() > 1) {
      message += " and " + std::to_string(found.size() - 1) + " more invisible character" +
                 (found.size() > 2 ? "s" : "");
    }
    bool bare =
        field.kind == QuestionField::Kind::kOption || field.kind == QuestionField::Kind::kTag;
    message += (bare ? " in " : " in the ") + field.label() + "; delete " +
               (found.size() > 1 ? "them" : "it");
    Finding& finding = reporter.ReportRange(index, *field.text, c.offset, c.offset + c.length,
                                            field.path(), message);
    // One edit over the first to the last invisible character, keeping what lies between.
    size_t begin = c.offset, end = found.back().offset + found.back().length;
    std::string kept;
    size_t at = begin;
    for (const text::InvisibleChar& k : found) {
      kept.append(field.text->value, at, k.offset - at);
      at = k.offset + k.length;
    }
    finding.fix = reporter.FixRange(*field.text, begin, end, std::move(kept));
  };
  ForEachAuthoredTextField(q, check);
  // The id too: a U+FEFF that starts a later CSV row (files joined with their marks) stays in it.
  if (!q.id.empty()) check(QuestionField{&q.id, QuestionField::Kind::kId, 0});
}

}  // namespace qbank::lint
