// Report selection for `qbank lint`: which writer --format names, how it is rendered, and the
// context CI writers need from the world (the repository root).
#ifndef QBANK_COMMANDS_LINT_REPORT_H_
#define QBANK_COMMANDS_LINT_REPORT_H_

#include <optional>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lint/rule.h"
#include "report/report.h"

namespace qbank::commands {

// A --format name resolved to its writer.
struct ReportChoice {
  std::string format;                     // the name given
  report::ReportWriter writer = nullptr;  // text and json
  bool ci = false;                        // sarif, github and junit (report/ci_report.h)
};

// Every --format name lint knows, in the order help lists them (text, json, then the CI formats).
std::vector<std::string> ReportFormats();

// The writer --format `name` selects. Usage "unknown --format 'NAME'; expected one of text, json,
// sarif, github, junit" for a name no writer has.
Result<ReportChoice> ChooseReport(const std::string& name);

// What a report needs beyond its input.
struct ReportRendering {
  bool color = false;                     // ANSI colours (the text report only)
  std::optional<lint::Severity> fail_on;  // JUnit marks findings below it as passing
  const FileSystem* fs = nullptr;         // reads the rule pages CI reports describe
  std::string data_dir;                   // holds rules/<id>.md
  std::string repo_root;                  // as given; RenderReport applies RepoRootFor
  std::string preview_dir;                // html: the preview site findings link to
};

// Writes the report of `input` in the chosen format to `out` (the text and JSON reports as they
// are made, finding by finding; the CI formats whole).
void RenderReport(const ReportChoice& choice, const report::ReportInput& input,
                  const ReportRendering& rendering, std::ostream& out);

// The root that CI reports write file names relative to: `repo_root` when it is not empty, else
// the git work tree holding the current directory, else the current directory.
std::string RepoRootFor(const std::string& repo_root);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_LINT_REPORT_H_
