// key-length-cue: the key is much longer than every distractor.
#ifndef QBANK_LINT_RULES_FLAWS_KEY_LENGTH_CUE_H_
#define QBANK_LINT_RULES_FLAWS_KEY_LENGTH_CUE_H_

#include <cstdint>

#include "lint/rule.h"

namespace qbank::lint {

// Applies to single-answer questions with one key and at least three options. Lengths are in
// characters (code points) of the trimmed option text. Reports the key when it is at least
// `min-ratio` percent of the longest distractor's length and at least `min-difference`
// characters longer than it. Options: "min-ratio" (percent, default 200), "min-difference"
// (characters, default 20).
class KeyLengthCueRule : public Rule {
 public:
  std::string_view id() const override { return "key-length-cue"; }
  std::string_view summary() const override {
    return "The key is much longer than every distractor, so its length gives it away.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  int64_t min_ratio_ = 200;
  int64_t min_difference_ = 20;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_KEY_LENGTH_CUE_H_
