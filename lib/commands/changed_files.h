// Changed-files mode: the files a git work tree has changed since a ref, which bank sources they
// are, and the filter that keeps only the findings on those files.
#ifndef QBANK_COMMANDS_CHANGED_FILES_H_
#define QBANK_COMMANDS_CHANGED_FILES_H_

#include <string>
#include <vector>

#include "base/status.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::commands {

// The root of the git work tree that holds `dir` (`git rev-parse --show-toplevel`). NotFound
// "DIR: not inside a git work tree (...)" otherwise.
Result<std::string> GitTopLevel(const std::string& dir);

// The files changed since `ref` in the work tree holding `dir`: `git diff --name-only ref`
// (committed, staged and unstaged changes, against the work tree) plus untracked files that are
// not ignored, as absolute, lexically normal paths, sorted, without duplicates. NotFound
// "--changed-since: unknown git ref 'REF' ..." for a ref git does not know (a ref that starts with
// '-' is refused the same way, so it cannot pass for an option); errors from git name the command.
Result<std::vector<std::string>> ChangedFilesSince(const std::string& ref, const std::string& dir);

// changed[f] is true when source f of `bank` is one of `changed_paths` (absolute paths, as
// ChangedFilesSince gives). Sources are compared by their canonical absolute path (symbolic links
// resolved where the file exists), so relative input paths match. What was read from standard
// input is never changed.
std::vector<bool> ChangedSources(const model::Bank& bank,
                                 const std::vector<std::string>& changed_paths);

// Keeps the findings that touch a changed source: the finding's file (its span's, else its
// question's) is changed, or one of its related locations is in a changed file (so a duplicate
// pair with one question in a changed file is kept whichever side it was reported on). Findings
// with no file anywhere (bank-wide statistics) are dropped: they belong to full runs.
std::vector<lint::Finding> KeepChangedFindings(const model::Bank& bank,
                                               std::vector<lint::Finding> findings,
                                               const std::vector<bool>& changed);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_CHANGED_FILES_H_
