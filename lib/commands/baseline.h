// Baselines: a file that records the findings a bank has today by fingerprint (not by line), so a
// later run reports only new findings and counts the recorded ones that no longer occur.
#ifndef QBANK_COMMANDS_BASELINE_H_
#define QBANK_COMMANDS_BASELINE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"
#include "lint/rule.h"

namespace qbank::commands {

// One recorded finding. Only `fingerprint` is matched; the rest is for people reading the file.
struct BaselineEntry {
  std::string fingerprint;
  std::string rule_id;
  std::string question_id;           // empty for findings on the bank as a whole
  std::string message;               // shortened to kBaselineMessageBytes
  std::vector<std::string> members;  // a group finding's member ids (Finding::group_members)
  friend bool operator==(const BaselineEntry&, const BaselineEntry&) = default;
};

struct Baseline {
  static constexpr int kVersion = 1;
  std::vector<BaselineEntry> entries;  // one per finding: duplicates are kept
};

// Longest message kept in an entry, in bytes (cut at a character boundary, "…" appended).
inline constexpr size_t kBaselineMessageBytes = 160;

// A baseline with one entry per finding (the same finding twice gives two entries), sorted by
// rule id, question id, fingerprint and message so the file diffs well.
Baseline MakeBaseline(const std::vector<lint::Finding>& findings);

// The baseline file (schemas/baseline.schema.json): {"entries": [{"fingerprint", "message",
// "question", "rule", and "members" for a group}...], "generator": generator, "kind":
// "qbank-baseline", "version": 1}, two-space indented with a final newline.
std::string WriteBaseline(const Baseline& baseline, std::string_view generator);

// Reads a baseline file. InvalidInput "path:line:col: expected ..." when it is not JSON, not a
// qbank baseline, of a version this build does not read, or an entry lacks a string fingerprint.
Result<Baseline> ReadBaseline(const SourceText& source);

// What filtering findings against a baseline gave.
struct BaselineMatch {
  std::vector<lint::Finding> new_findings;  // findings not covered by the baseline, in their order
  size_t matched = 0;                       // findings the baseline covered (and dropped)
  std::vector<BaselineEntry> gone;          // entries no finding used
  // Of `gone`, the entries that a new finding of the same rule and message stands for (one new
  // finding each): the finding is still there under another fingerprint (its question's id or
  // text changed), so it is counted as changed, not fixed.
  size_t changed = 0;
};

// Drops each finding whose fingerprint has an unused baseline entry, using that entry up: an entry
// covers one finding, so a second identical finding is new unless the baseline records it twice.
// A group finding (Finding::group_members) is also dropped when all its members were members of
// one baselined group of the same rule: a member that left the group, or an edited stem, does not
// make the rest new; a question that joined it does, and the finding's message then names the
// members the baseline did not have.
BaselineMatch ApplyBaseline(const Baseline& baseline, std::vector<lint::Finding> findings);

// "baseline: 3 findings matched, 1 new; 2 entries no longer occur (fixed): regenerate the
// baseline with --write-baseline to shrink it" (the last part only when some are gone); when
// some gone entries are changed: "...; 5 entries no longer occur (0 fixed, 5 changed: a new
// finding of the same rule and message, its question edited or renamed): regenerate ...".
std::string BaselineSummary(const BaselineMatch& match);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_BASELINE_H_
