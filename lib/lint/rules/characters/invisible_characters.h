// invisible-characters: zero-width characters, bidi controls, soft hyphens and other
// default-ignorable code points in any field.
#ifndef QBANK_LINT_RULES_CHARACTERS_INVISIBLE_CHARACTERS_H_
#define QBANK_LINT_RULES_CHARACTERS_INVISIBLE_CHARACTERS_H_

#include "lint/rule.h"

namespace qbank::lint {

// Uses text::FindInvisibleCharacters (joiners inside emoji sequences and scripts that need them,
// and variation selectors after non-ASCII characters, are allowed). One finding per field, at
// its first invisible character, naming it and counting the others. Its fix deletes them all
// (bytes from the first to the last rewritten without them) where the field is verbatim.
class InvisibleCharactersRule : public Rule {
 public:
  std::string_view id() const override { return "invisible-characters"; }
  std::string_view summary() const override {
    return "A field contains invisible characters (zero width, bidi controls, soft hyphens).";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "deletes the field's invisible characters";
  }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CHARACTERS_INVISIBLE_CHARACTERS_H_
