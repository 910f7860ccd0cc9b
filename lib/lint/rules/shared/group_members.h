// Reporting a group of questions (near duplicates, one option set, one reused explanation) as one
// finding: which member it sits on, which it lists, and which leave the group by a suppression.
#ifndef QBANK_LINT_RULES_SHARED_GROUP_MEMBERS_H_
#define QBANK_LINT_RULES_SHARED_GROUP_MEMBERS_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/bank.h"

namespace qbank::lint {

// A group finding lists at most this many other members as related locations.
inline constexpr size_t kListedMembers = 20;

// The members of one group, by position in the group's member list.
struct GroupMembers {
  static constexpr size_t kNone = static_cast<size_t>(-1);
  size_t lead = kNone;             // the member the finding sits on
  std::vector<size_t> others;      // the members it names, ascending
  std::vector<size_t> suppressed;  // members that suppress the rule (they leave the group)
};

// Splits a group whose members are `questions` (indexes into `bank.questions`, ascending; those at
// or above `mine` are in banks compared against, not checked): a member of the checked bank that
// suppresses `rule_id` leaves the group; the lead is the first other member of the checked bank
// among `indexes` (the questions the rule checks); everyone else is listed.
GroupMembers PickGroupMembers(const model::Bank& bank, std::span<const size_t> questions,
                              size_t mine, std::span<const size_t> indexes,
                              std::string_view rule_id);

// True when question `q` suppresses `rule_id` (by its id or "*"). The member's own finding (see
// ReportSuppressedMembers) is then removed by lint/suppressions.h, which counts it as used.
bool SuppressesRule(const model::Question& q, std::string_view rule_id);

// "; 20 listed, and 7 more" when a group has more other members than a finding lists; else "".
std::string MoreMembersNote(size_t others);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_GROUP_MEMBERS_H_
