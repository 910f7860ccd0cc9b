// Variant families a bank declares on purpose (forms A/B/C, generated variants): near-duplicate
// reports a group whose members all belong to one declared family as one info note.
#ifndef QBANK_LINT_RULES_SHARED_VARIANT_FAMILIES_H_
#define QBANK_LINT_RULES_SHARED_VARIANT_FAMILIES_H_

#include <memory>
#include <span>
#include <string>

#include "base/status.h"
#include "model/bank.h"
#include "model/value.h"
#include "similarity/duplicate_finder.h"

namespace qbank::text {
class Pattern;
}  // namespace qbank::text

namespace qbank::lint {

// A question's family, from the first of these the rule's options set and the question has:
// - "family-field": a string field of the question's extensions ("family": "orchard", or
//   "variant_of": "orchard-1", naming the question the variant was made from);
// - "family-tag-prefix": a tag starting with it ("family:orchard" with prefix "family:");
// - "family-id-pattern": a regular expression (RE2's syntax, text::Pattern) matching the whole id;
// its first
//   group, or the whole id without a group, names the family ("^(.+)-v[0-9]+$": "orchard-v2"
//   and "orchard-v3" are family "orchard").
// A question none of them places is a family of its own, named by its id, so the question a
// `variant_of` field names and an id the pattern leaves as it is ("orchard") join their variants.
class VariantFamilies {
 public:
  // Reads the three options (each optional); InvalidInput for a wrong type or a bad expression.
  Status Configure(const model::Value& options);
  bool enabled() const { return !field_.empty() || !tag_prefix_.empty() || pattern_ != nullptr; }
  std::string FamilyOf(const model::Question& q) const;
  // The family every member of `group` at positions `lead` and `others` belongs to; empty when
  // they are not all of one family or no family option is set.
  std::string CommonFamily(const similarity::BankFeatures& features,
                           const similarity::NearGroup& group, size_t lead,
                           std::span<const size_t> others) const;

 private:
  std::string field_;
  std::string tag_prefix_;
  std::shared_ptr<const text::Pattern> pattern_;  // text/ is linked only to lint's sources
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_VARIANT_FAMILIES_H_
