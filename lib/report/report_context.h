// What the CI report writers (SARIF, GitHub annotations, JUnit) share: the findings of one run, the
// rules that ran with their documentation, the tool version, and repo-relative file names.
#ifndef QBANK_REPORT_REPORT_CONTEXT_H_
#define QBANK_REPORT_REPORT_CONTEXT_H_

#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/source_span.h"
#include "lint/registry.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::report {

// A rule as the reports describe it.
struct RuleMetadata {
  std::string id;
  std::string summary;  // one line
  lint::Severity default_severity = lint::Severity::kWarning;
  std::string category;  // "flaws", ...; empty for an id the registry does not know
  // The rule's doc page (rules/<id>.md, Markdown); empty when the rule has none.
  std::string doc_markdown;
};

// Describes the rules `ids` (in the order given, duplicates dropped) from `registry`, reading each
// doc page from "<docs_dir>/<id>.md" through `fs` (a missing page leaves doc_markdown empty). An id
// the registry does not know gets a bare entry: its id as summary, severity error.
std::vector<RuleMetadata> DescribeRules(const lint::RuleRegistry& registry,
                                        const std::vector<std::string>& ids, const FileSystem& fs,
                                        const std::string& docs_dir);

// The first paragraph of a Markdown page as one line of plain text: the first block of text lines
// after any "# title" heading, with '*' emphasis and '`' code marks dropped (code text is kept as
// is) and "[text](target)" links reduced to their text.
// Empty when the page has no paragraph.
std::string FirstParagraph(std::string_view markdown);

// What a rule's doc page says it catches, as one line of plain text: the first paragraph of its
// "What it catches" section and, when that paragraph ends with ':', the items of the list it
// introduces; without such a section, FirstParagraph.
std::string RuleFullDescription(std::string_view markdown);

// One lint run, as every CI writer sees it. The pointers must outlive the writer call.
struct ReportContext {
  const model::Bank* bank = nullptr;
  const std::vector<lint::Finding>* findings = nullptr;
  // Every rule that ran (reports list them even when they found nothing). Findings of a rule
  // missing here are still reported; SARIF adds a bare descriptor for them.
  std::vector<RuleMetadata> rules;
  std::string tool_name = "qbank";
  std::string tool_version;  // e.g. "0.1.0"
  // Absolute path of the repository root; file names are written relative to it. Empty: file
  // names are written as the bank has them (lexically normalised).
  std::string repo_root;
  // Where rule pages are published; a rule's page is docs_base_uri + id + ".md". Empty: no link.
  std::string docs_base_uri;
  // SARIF only: the most results one run may hold (GitHub code scanning rejects a run with more
  // than 25,000); 0 for no limit.
  size_t sarif_max_results = 25000;
};

// The version compiled into the library (QBANK_VERSION).
std::string_view LibraryVersion();

// `path` relative to `repo_root` with '/' separators and no "./" ("bank/q1.md"), both made
// absolute against the current directory and lexically normalised first (then, when the path is
// not under the root, compared again with symbolic links resolved). A path outside the root stays
// absolute; with an empty root the path is only normalised. "-" (stdin) stays "-".
std::string RepoRelativePath(const std::string& path, const std::string& repo_root);

// The file of a finding: its span's file, else that of its question's span or stem, else
// SourceSpan::kNoFile.
uint32_t FindingFile(const model::Bank& bank, const lint::Finding& finding);

// The repo-relative name of source `file` of ctx.bank ("" for kNoFile), valid UTF-8.
std::string SourceName(const ReportContext& ctx, uint32_t file);
// SourceName of every source of ctx.bank, by source index (writers compute them once).
std::vector<std::string> SourceNames(const ReportContext& ctx);

// Replaces each invalid UTF-8 sequence in `text` with U+FFFD, so every writer emits valid UTF-8.
std::string ValidUtf8(std::string_view text);

}  // namespace qbank::report

#endif  // QBANK_REPORT_REPORT_CONTEXT_H_
