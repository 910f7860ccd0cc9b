// near-duplicate: the similarity join's groups, one finding per group on its first member.
#include "lint/rules/duplicates/near_duplicate.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "lint/rules/shared/applies.h"
#include "lint/rules/shared/bank_features.h"
#include "lint/rules/shared/group_members.h"
#include "lint/rules/shared/near_duplicate_pairs.h"
#include "lint/rules/shared/other_banks.h"
#include "lint/rules/shared/question_description.h"
#include "lint/rules/shared/term_lists.h"

namespace qbank::lint {
namespace {

std::string QuotedList(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ", ";
    out += "\"" + w + "\"";
  }
  return out.empty() ? "nothing" : out;
}

int Percent(double similarity) { return static_cast<int>(std::floor(similarity * 100.0 + 1e-9)); }

// "only here: ...; only there: ..." for question `a` (here) against `b` (there).
std::string Differences(const model::Question& a, const model::Question& b) {
  similarity::WordDifference diff = similarity::DifferingWords(a, b, 6);
  if (diff.only_in_a.empty() && diff.only_in_b.empty()) {
    return "the same words in another order or layout";
  }
  return "only here: " + QuotedList(diff.only_in_a) + "; only there: " + QuotedList(diff.only_in_b);
}

}  // namespace

Status NearDuplicateRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"min-similarity", "against-min-similarity", "frequent-share",
                                "frequent-min-questions", "min-words", "against", "family-field",
                                "family-tag-prefix", "family-id-pattern", "stem-differences"}));
  QBANK_RETURN_IF_ERROR(ReadJoinOptions(options, &join_));
  wording_only_ = false;
  if (const model::Value* v = options.Find("stem-differences"); v != nullptr) {
    if (!v->is_string() || (v->as_string() != "any" && v->as_string() != "wording")) {
      return Status::InvalidInput("option 'stem-differences': expected \"any\" or \"wording\"");
    }
    wording_only_ = v->as_string() == "wording";
  }
  function_words_.clear();
  if (wording_only_) {
    Result<std::string> list = ReadTermList(env, "function-words.txt", "function words");
    if (!list.ok()) return list.status();
    for (const auto& entry : TermLines(*list)) {
      text::TextKey key = text::MakeTextKey(entry.second);
      for (size_t i = 0; i < key.size(); ++i) function_words_.emplace(key.Word(i));
    }
  }
  QBANK_RETURN_IF_ERROR(families_.Configure(options));
  return LoadOtherBanks(options, env, &others_);
}

bool NearDuplicateRule::SameQuestion(const similarity::BankFeatures& features, uint32_t lead,
                                     const similarity::QuestionText& lead_text,
                                     uint32_t other) const {
  if (!wording_only_) return true;
  // The very same stem with other options is same-stem's finding.
  if (features.features[lead].stem_hash == features.features[other].stem_hash) return false;
  return similarity::SameStemWording(
      lead_text, similarity::KeyQuestionText(features.question(other)), function_words_);
}

// Which members a group finding names (PickGroupMembers), less those that share only a reading
// passage with the lead (questions on one passage that ask different things are a test layout)
// and, under `stem-differences` "wording", those whose stem asks another thing.
GroupMembers NearDuplicateRule::SelectMembers(const LintContext& ctx,
                                              const similarity::BankFeatures& features,
                                              const similarity::NearGroup& group,
                                              std::span<const size_t> indexes) const {
  std::vector<size_t> records(group.members.begin(), group.members.end());
  GroupMembers m = PickGroupMembers(*ctx.bank, records, features.linted_records, indexes, id());
  if (m.lead == GroupMembers::kNone) return m;
  const uint32_t lead_record = group.members[m.lead];
  // Only stems long enough to hold a passage are keyed (the lead's once).
  auto long_stem = [&](size_t i) {
    return features.features[group.members[i]].stem_words >= similarity::kMinPassageWords;
  };
  if (!long_stem(m.lead) && !wording_only_) return m;
  const similarity::QuestionText lead = similarity::KeyQuestionText(features.question(lead_record));
  if (wording_only_) {
    std::erase_if(m.others, [&](size_t i) {
      return !SameQuestion(features, lead_record, lead, group.members[i]);
    });
  }
  if (!long_stem(m.lead)) return m;
  std::erase_if(m.others, [&](size_t i) {
    return long_stem(i) &&
           similarity::SharePassageOnly(
               lead, similarity::KeyQuestionText(features.question(group.members[i])));
  });
  return m;
}

void NearDuplicateRule::ReportGroup(const LintContext& ctx,
                                    const similarity::BankFeatures& features,
                                    const similarity::NearGroup& group, const GroupMembers& m,
                                    Reporter& reporter) const {
  const size_t mine = features.linted_records;
  const size_t here = group.members[m.lead];
  const model::Question& q = ctx.bank->questions[here];
  std::string message;
  const size_t first_other = group.members[m.others.front()];
  const bool lead_is_centre = here == group.centre;
  // A member's similarity to the lead: known when one of the two is the group's centre.
  auto to_lead = [&](size_t i) -> std::optional<double> {
    if (group.same_as[i] == group.same_as[m.lead]) return 1.0;
    if (lead_is_centre) return group.similarity[i];
    if (group.members[i] == group.centre) return group.similarity[m.lead];
    return std::nullopt;
  };
  if (m.others.size() == 1) {
    std::optional<double> s = to_lead(m.others[0]);
    message = "near duplicate of " + DescribeRecord(features, first_other) + ", " +
              (s ? std::to_string(Percent(*s)) + "% similar; "
                 : "both similar to " + DescribeRecord(features, group.centre) + "; ") +
              Differences(q, features.question(first_other));
  } else {
    double low = 1.0, high = 0.0;
    for (size_t i : m.others) {
      double s = group.similarity[i];
      low = std::min(low, s);
      high = std::max(high, s);
    }
    std::string range = Percent(low) == Percent(high) ? std::to_string(Percent(low)) + "%"
                                                      : std::to_string(Percent(low)) + "-" +
                                                            std::to_string(Percent(high)) + "%";
    message = "one of " + std::to_string(m.others.size() + 1) + " near-duplicate questions (" +
              range + " similar to " +
              (lead_is_centre ? std::string("this one") : DescribeRecord(features, group.centre)) +
              "); the first other, " + DescribeRecord(features, first_other) + ": " +
              Differences(q, features.question(first_other));
    message += MoreMembersNote(m.others.size());
  }
  std::string family = families_.CommonFamily(features, group, m.lead, m.others);
  if (!family.empty()) {
    message = "an intended family of " + std::to_string(m.others.size() + 1) + " variants (" +
              family + "): " + message;
  }
  Finding& f = reporter.Report(here, q.stem, "stem", std::move(message));
  if (!family.empty()) f.severity = Severity::kInfo;
  // The fingerprint names the whole group, so a baseline that holds a group does not hide a
  // question that joins it later (the group is reported again, as new).
  std::vector<std::string> ids;
  for (size_t i : m.others) ids.push_back(features.question(group.members[i]).id.value);
  std::sort(ids.begin(), ids.end());
  std::string members = q.stem.value;
  for (const std::string& id : ids) members += "\n" + id;
  f.fingerprint = Fingerprint(id(), q.id.value, "stem", members);
  f.group_members.push_back(q.id.value);
  f.group_members.insert(f.group_members.end(), ids.begin(), ids.end());
  for (size_t k = 0; k < m.others.size() && k < kListedMembers; ++k) {
    const size_t i = m.others[k];
    const size_t r = group.members[i];
    if (r >= mine) continue;  // in another bank: named in the message only when first
    const model::Question& member = features.question(r);
    std::optional<double> s = to_lead(i);
    std::string note =
        s ? std::to_string(Percent(*s)) + "% similar"
          : std::to_string(Percent(group.similarity[i])) + "% similar to the group's centre";
    f.related.push_back({member.stem.span, "near duplicate, " + note, member.id.value,
                         reporter.QuestionPath(r) + ".stem"});
  }
}

void NearDuplicateRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                  Reporter& reporter) const {
  auto features = LintedBankFeatures(ctx, {}, others_);
  auto groups = SharedNearGroups(ctx, features, join_);
  for (const similarity::NearGroup& group : *groups) {
    GroupMembers m = SelectMembers(ctx, *features, group, indexes);
    if (m.lead != GroupMembers::kNone && !m.others.empty()) {
      ReportGroup(ctx, *features, group, m, reporter);
    }
    for (size_t i : m.suppressed) {
      const size_t r = group.members[i];
      if (!Applies(indexes, r)) continue;
      // Removed by the member's own suppression (which then counts as used).
      reporter.Report(r, ctx.bank->questions[r].stem, "stem",
                      "near duplicate of the other members of its group (suppressed here)");
    }
  }
}

}  // namespace qbank::lint
