// Pull-request mode for `qbank lint`: the steps RunLint takes for --changed-since, --baseline and
// --write-baseline around the engine, so the command only calls them in order.
#ifndef QBANK_COMMANDS_PULL_REQUEST_H_
#define QBANK_COMMANDS_PULL_REQUEST_H_

#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "commands/baseline.h"
#include "lint/engine.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::commands {

// The folder git is asked in for `inputs`: the first input when it is a folder, else its parent
// folder ("." for a bare file name or "-").
std::string GitDirectoryFor(const std::vector<std::string>& inputs, const FileSystem& fs);

// Changed-files mode, before the rules run: changed[f] for each source of `bank`, from
// ChangedFilesSince(ref, GitDirectoryFor(inputs)). Errors as ChangedFilesSince (unknown ref: a
// usage-level error, exit 2).
Result<std::vector<bool>> ChangedSourcesSince(const std::string& ref,
                                              const std::vector<std::string>& inputs,
                                              const FileSystem& fs, const model::Bank& bank);

// Limits each per-question rule of `plan` (and each rule that checks suppressions) to the changed
// sources (so unchanged questions are not checked at all); per-bank rules keep every question, so
// duplicate and overlap checks still compare the changed questions with the whole bank. Run
// KeepChangedFindings on the result.
void RestrictToChangedSources(std::vector<lint::PlannedRule>& plan,
                              const std::vector<bool>& changed);

// --write-baseline: writes MakeBaseline(findings) to `path` atomically, with generator
// "qbank VERSION". Refuses what RefuseToOverwriteInput (commands/output.h) refuses.
Status WriteBaselineFile(const std::string& path, const std::vector<lint::Finding>& findings,
                         std::string_view version, const model::Bank& bank, FileSystem& fs);

// --baseline: reads the baseline at `path` and applies it to `findings`. NotFound/IoError for a
// missing file, InvalidInput "path:line:col: ..." for a malformed one.
Result<BaselineMatch> ApplyBaselineFile(const std::string& path, const FileSystem& fs,
                                        std::vector<lint::Finding> findings);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PULL_REQUEST_H_
