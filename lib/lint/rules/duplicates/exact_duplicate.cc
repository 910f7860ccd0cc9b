// exact-duplicate: groups questions by the hash of their stem key and option-key multiset.
#include "lint/rules/duplicates/exact_duplicate.h"

#include <algorithm>

#include "lint/rules/shared/applies.h"
#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/other_banks.h"
#include "lint/rules/shared/question_description.h"

namespace qbank::lint {
namespace {

// The keyed options with their letters: "C \"Paris\"", "A \"2\", C \"4\""; "none" when no
// option is marked correct.
std::string KeyTexts(const model::Question& question) {
  std::string out;
  for (size_t k : question.KeyIndexes()) {
    if (!out.empty()) out += ", ";
    out += model::OptionLetter(k) + " \"" + question.options[k].text.value + "\"";
  }
  return out.empty() ? "none" : out;
}

}  // namespace

Status ExactDuplicateRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"against"}));
  return LoadOtherBanks(options, env, &others_);
}

void ExactDuplicateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                   Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  const size_t mine = features->linted_records;  // records below are ctx.bank's questions
  for (const similarity::ExactGroup& group : similarity::FindExactDuplicates(*features)) {
    for (size_t i = 0; i < group.members.size(); ++i) {
      const size_t index = group.members[i];
      if (index >= mine || !Applies(indexes, index)) continue;
      // The first copy is named by the later ones; it names the first copy in another bank.
      size_t first = group.members.front();
      if (i == 0) {
        auto other = std::find_if(group.members.begin(), group.members.end(),
                                  [&](uint32_t r) { return r >= mine; });
        if (other == group.members.end()) continue;
        first = *other;
      }
      const model::Question& copy = ctx.bank->questions[index];
      const model::Question& original = features->question(first);
      std::string message = "exact duplicate of " + DescribeRecord(*features, first);
      bool keys_differ = features->features[index].key_hash != features->features[first].key_hash;
      if (keys_differ) {
        // Options may be shuffled: the letters can coincide while the keyed texts differ.
        message +=
            ", but the keys differ: " + KeyTexts(copy) + " here, " + KeyTexts(original) + " there";
      }
      Finding& f = reporter.Report(index, copy.stem, "stem", message);
      if (keys_differ) f.severity = Severity::kError;
      if (first < mine) {
        f.related.push_back({original.stem.span, "the first copy is here", original.id.value,
                             reporter.QuestionPath(first) + ".stem"});
      }
    }
  }
}

}  // namespace qbank::lint
