// exact-duplicate: groups questions by the hash of their stem key and option-key multiset.
#include "lint/rules/exact_duplicate.h"

#include "lint/rules/bank_features.h"

namespace qbank::lint {

void ExactDuplicateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                   Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx);
  for (const similarity::ExactGroup& group : similarity::FindExactDuplicates(*features)) {
    const size_t first = group.members.front();
    const model::Question& original = ctx.bank->questions[first];
    for (size_t i = 1; i < group.members.size(); ++i) {
      const size_t index = group.members[i];
      if (!Applies(indexes, index)) continue;
      const model::Question& copy = ctx.bank->questions[index];
      std::string message = "exact duplicate of " + DescribeQuestion(*ctx.bank, original);
      bool keys_differ = features->features[index].key_hash != features->features[first].key_hash;
      if (keys_differ) {
        message += ", but the keys differ: " + KeyLetters(copy) + " here, " + KeyLetters(original) +
                   " there";
      }
      Finding& f = reporter.Report(index, copy.stem, "stem", message);
      if (keys_differ) f.severity = Severity::kError;
      f.related.push_back({original.stem.span, "the first copy is here", original.id.value,
                           reporter.QuestionPath(first) + ".stem"});
    }
  }
}

}  // namespace qbank::lint
