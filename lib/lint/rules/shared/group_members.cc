// Choosing the lead, the listed and the suppressed members of a group finding.
#include "lint/rules/shared/group_members.h"

#include "lint/rules/shared/applies.h"

namespace qbank::lint {

GroupMembers PickGroupMembers(const model::Bank& bank, std::span<const size_t> questions,
                              size_t mine, std::span<const size_t> indexes,
                              std::string_view rule_id) {
  GroupMembers m;
  for (size_t i = 0; i < questions.size(); ++i) {
    const size_t q = questions[i];
    if (q < mine && SuppressesRule(bank.questions[q], rule_id)) {
      m.suppressed.push_back(i);
    } else if (m.lead == GroupMembers::kNone && q < mine && Applies(indexes, q)) {
      m.lead = i;
    } else {
      m.others.push_back(i);
    }
  }
  return m;
}

bool SuppressesRule(const model::Question& q, std::string_view rule_id) {
  for (const model::Suppression& s : q.suppressions) {
    if (s.rule == rule_id || s.rule == "*") return true;
  }
  return false;
}

std::string MoreMembersNote(size_t others) {
  if (others <= kListedMembers) return "";
  return "; " + std::to_string(kListedMembers) + " listed, and " +
         std::to_string(others - kListedMembers) + " more";
}

}  // namespace qbank::lint
