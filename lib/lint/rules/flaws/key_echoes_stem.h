// key-echoes-stem (flaws): the key repeats a word of the stem that no distractor repeats.
#ifndef QBANK_LINT_RULES_FLAWS_KEY_ECHOES_STEM_H_
#define QBANK_LINT_RULES_FLAWS_KEY_ECHOES_STEM_H_

#include <set>
#include <string>

#include "lint/rule.h"

namespace qbank::lint {

// In a single-answer question with at least three options, reports the key when it shares a
// content word with the stem and no distractor shares any: the echo points at the key. Words are
// compared by their Snowball stems (text::Stem: "protect" and "protection" match); content words
// are ASCII letter runs of four or more letters, lower-cased, outside
// rules/terms/generic-stem-words.txt. Options that stand for the others ("all of the above") and
// stems of more than "max-stem-words" (default 40) words (a reading passage shares words with
// everything) are not read. English only. One finding per question, at the key, naming the words.
class KeyEchoesStemRule : public Rule {
 public:
  std::string_view id() const override { return "key-echoes-stem"; }
  std::string_view summary() const override {
    return "The key repeats a word of the stem that no distractor repeats, pointing at itself.";
  }
  Severity default_severity() const override { return Severity::kInfo; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  std::set<std::string, std::less<>> generic_words_;
  int64_t max_stem_words_ = 40;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_FLAWS_KEY_ECHOES_STEM_H_
