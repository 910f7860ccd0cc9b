// lookalike-characters: words that mix scripts or are written in letters of another script that
// look like the question's own (the trick used to dodge duplicate checks).
#ifndef QBANK_LINT_RULES_CHARACTERS_LOOKALIKE_CHARACTERS_H_
#define QBANK_LINT_RULES_CHARACTERS_LOOKALIKE_CHARACTERS_H_

#include "lint/rule.h"

namespace qbank::lint {

// Uses text::FindLookalikeWords with the question's dominant script as context: a word mixing
// scripts where a letter looks like one of the word's own script ("pаssword" with a Cyrillic a),
// or a word of two or more letters wholly in another script whose every letter looks like a
// letter of the question's script. Text wholly in Greek, Russian, Japanese or any other script is
// never reported. One finding per word, saying how it reads.
class LookalikeCharactersRule : public Rule {
 public:
  std::string_view id() const override { return "lookalike-characters"; }
  std::string_view summary() const override {
    return "A word uses look-alike letters from another script (Cyrillic a in a Latin word).";
  }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "retypes the word in the script it imitates, when each foreign letter imitates one "
           "letter of it";
  }
  Severity default_severity() const override { return Severity::kError; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CHARACTERS_LOOKALIKE_CHARACTERS_H_
