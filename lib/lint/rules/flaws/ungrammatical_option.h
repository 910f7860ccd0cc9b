// ungrammatical-option (flaws): an option that does not complete the stem grammatically where the
// other options do.
#ifndef QBANK_LINT_RULES_FLAWS_UNGRAMMATICAL_OPTION_H_
#define QBANK_LINT_RULES_FLAWS_UNGRAMMATICAL_OPTION_H_

#include "lint/rule.h"

namespace qbank::lint {

// Reads choice questions (three options or more) whose stem is an unfinished sentence the options
// complete, in two shapes a reviewer agrees on:
// - the stem ends with "a" or "an" (a trailing blank dropped): reports the one option whose first
//   sound does not fit the article when every other option's does ("an" ... "organ", "enzyme",
//   "cell"); the sound as grammatical-cue reads it, and a question any option's sound is unsure of
//   is left alone;
// - the stem ends with an infinitive's "to" after a verb or "is" ("The role of the kidney is to",
//   "in order to", "is used to", "helps to", "is able to"): reports the one option that starts
//   with an article ("the", "a", "an"), a noun phrase, when every other option starts with a
//   lower-case word that is no article, determiner or pronoun (a verb phrase).
// English stems. No options.
class UngrammaticalOptionRule : public Rule {
 public:
  std::string_view id() const override { return "ungrammatical-option"; }
  std::string_view summary() const override {
    return "An option does not complete the stem grammatically where the other options do.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_UNGRAMMATICAL_OPTION_H_
