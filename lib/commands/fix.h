// `qbank lint --fix` and `--fix-dry-run`: the findings' fixes (lint::Fix) applied to the user's own
// files, each file rewritten atomically with only the fixed bytes changed, or shown as a unified
// diff.
#ifndef QBANK_COMMANDS_FIX_H_
#define QBANK_COMMANDS_FIX_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::commands {

// What applying the fixes did (or, for a dry run, would do).
struct FixOutcome {
  size_t findings_fixed = 0;
  size_t files_fixed = 0;
  // Findings of rules that can fix whose text is escaped in the file: they need a manual edit.
  size_t manual = 0;
  // One line per file left alone, with the reason ("PATH: not fixed: ...").
  std::vector<std::string> notes;
  // --fix-dry-run: the unified diff of every file that would change.
  std::string diff;
};

// `content` with `fixes` applied (sorted by their start, none overlapping), from the end.
std::string ApplyEdits(std::string_view content, const std::vector<lint::Fix>& fixes);

// A unified diff (3 lines of context) from `before` to `after`, headed "--- PATH" and "+++ PATH";
// "" when they are equal. `fixes` are the edits that made `after` from `before` (sorted by start):
// each hunk shows the lines they touch.
std::string UnifiedDiff(const std::string& path, std::string_view before, std::string_view after,
                        const std::vector<lint::Fix>& fixes);

// Applies the fixes of `findings` to the files of `bank`: per source file, the non-overlapping
// fixes (the first of overlapping ones wins) from the end, written with WriteFileAtomic, unless
// `dry_run`, which only fills FixOutcome::diff. A UTF-8 byte-order mark the reader dropped stays in
// front of the file (the fixes' offsets are moved by the source's SourceText::file_offset()). A
// file whose bytes on disk are not the bytes that were read (changed since, decoded from another
// encoding, inside an archive, standard input) is left alone with a note. Fails only when a write
// fails.
Result<FixOutcome> ApplyFixes(const model::Bank& bank, const std::vector<lint::Finding>& findings,
                              FileSystem& fs, bool dry_run);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FIX_H_
