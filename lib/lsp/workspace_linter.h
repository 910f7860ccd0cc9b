// Lints an edited document with the workspace it belongs to: the configuration found exactly as
// `qbank lint` finds it, the per-question rules run again only on the questions whose text
// changed (their findings on the others kept from earlier runs), and the bank rules (duplicates,
// key balance) over every file of the workspace, so a duplicate in another file is found as the
// writer types.
#ifndef QBANK_LSP_WORKSPACE_LINTER_H_
#define QBANK_LSP_WORKSPACE_LINTER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lint/config.h"
#include "lint/rule.h"
#include "lsp/utf16.h"

namespace qbank::lsp {

struct TextEdit {
  Range range;
  std::string new_text;
};

// A place a finding refers to, in LSP terms.
struct RelatedPlace {
  std::string path;
  Range range;
  std::string message;
};

// One finding on one file, its places converted to UTF-16 positions of that file's text.
struct FileFinding {
  std::string rule_id;
  lint::Severity severity = lint::Severity::kWarning;
  std::string message;
  Range range;
  std::string question_id;
  std::optional<TextEdit> fix;      // the rule's lint::Fix, as an edit of this file
  std::optional<TextEdit> disable;  // the format's suppression directive for the rule here
  std::vector<RelatedPlace> related;
};

// One question of a file, for the editor's outline.
struct QuestionSymbol {
  std::string name;    // the id the file gives the question, else the stem's first line
  std::string detail;  // the stem's first line
  Range range;         // the whole question
  Range selection;     // its first line
};

struct FileResult {
  std::vector<FileFinding> findings;
  std::vector<QuestionSymbol> symbols;
};

// How long the steps of the last run took, in seconds (QBANK_TIMING=1 qbank lsp logs them).
struct LintTimings {
  double import = 0;
  double bank_rules = 0;
  double question_rules = 0;
  double convert = 0;
  size_t questions = 0;          // in the workspace bank
  size_t questions_checked = 0;  // by the per-question rules (the rest were kept)
};

struct LinterOptions {
  FileSystem* fs = nullptr;  // the overlay of open documents; required
  std::string data_dir;      // rules/ and schemas/
  // Workspace folders (absolute): a document below one is linted with the whole folder.
  std::vector<std::string> roots;
  unsigned threads = 0;  // for the per-question rules; 0: all cores
};

class WorkspaceLinter {
 public:
  explicit WorkspaceLinter(LinterOptions options) : options_(std::move(options)) {}

  // Lints the workspace of `path` after `path` changed. Returns the results of every file read
  // (by path; `path` always among them, with its symbols). An error for a configuration that does
  // not load (its message names the config file's line); import problems are findings.
  Result<std::map<std::string, FileResult>> Lint(const std::string& path);

  // The file at `path` changed outside the editor (or was deleted): its kept findings are
  // dropped. Folder listings are made again, since files may have come or gone.
  void FileChanged(const std::string& path);
  // A configuration file (or a preset) changed: configurations are loaded again.
  void ConfigChanged() {
    configs_.clear();
    question_cache_.clear();
  }

  const LintTimings& last_timings() const { return timings_; }

  // The workspace folder holding `path`, or "" when it is in none.
  std::string RootOf(const std::string& path) const;

 private:
  Result<const lint::LintConfig*> ConfigFor(const std::string& path);
  std::vector<std::string> InputsFor(const std::string& path);

  LinterOptions options_;
  LintTimings timings_;
  // Configurations by the config file found ("" for the preset).
  std::map<std::string, lint::LintConfig> configs_;
  // Files found in each root, by root.
  std::map<std::string, std::vector<std::string>> listings_;
  // The findings of per-question rules on each question, by file and a hash of the question's
  // text, with lines counted from the question's first line: a question that did not change is
  // not checked again, wherever it moved in its file.
  std::map<std::string, std::map<uint64_t, std::vector<FileFinding>>> question_cache_;
};

}  // namespace qbank::lsp

#endif  // QBANK_LSP_WORKSPACE_LINTER_H_
