// paraphrased-options (answers): two options of one question that say the same thing in other
// words, matched by Snowball stems and WordNet synonyms.
#ifndef QBANK_LINT_RULES_ANSWERS_PARAPHRASED_OPTIONS_H_
#define QBANK_LINT_RULES_ANSWERS_PARAPHRASED_OPTIONS_H_

#include <memory>
#include <set>
#include <string>

#include "lint/rule.h"
#include "text/wordnet.h"

namespace qbank::lint {

// Compares each pair of options of a choice question by their content words (function words and
// light predicates from rules/terms/paraphrase-function-words.txt left out): two words match when
// their Snowball stems are equal, when they share a WordNet sense ("cease" and "stop"), when one
// sense is one WordNet link from the other (derived forms, pertainyms, a noun's or verb's hypernym:
// "bacterial" and "bacteria", "population" and "group"), or, once per pair and only beside three
// other matches, when the first gloss of one names the other ("current": "a flow of electricity").
// Reports the later option of a pair when every content word of each is matched in the other (at
// least two), no two words are opposites in WordNet ("open", "closed"), words of negation agree,
// and the pair is a rewording rather than a distractor written by changing one word: two or more
// words said otherwise, or the phrase reshaped (its function words changed: "contact lens", "lens
// for contact"); with no word in common, three words said otherwise. Words may swap places once,
// and only in a reshaped phrase whose words have no roles ("from", "to", "than", "into", "by").
// Options with numbers or formula signs, lists with commas item by item, and options that are
// the same after normalisation (duplicate-options) are left alone. Option `wordnet`: the WordNet
// folder (default /usr/share/wordnet, Debian's wordnet-base); when the default is absent the rule
// reports nothing and lint prints a note, when a folder given is absent the configuration is
// refused.
class ParaphrasedOptionsRule : public Rule {
 public:
  std::string_view id() const override { return "paraphrased-options"; }
  std::string_view summary() const override {
    return "Two options of a question say the same thing in other words.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  std::vector<std::string_view> path_options() const override { return {"wordnet"}; }
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  std::shared_ptr<const text::WordNet> wordnet_;  // null: no WordNet, the rule is silent
  std::set<std::string, std::less<>> function_words_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ANSWERS_PARAPHRASED_OPTIONS_H_
