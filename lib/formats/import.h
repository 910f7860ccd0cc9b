// The import pipeline: turns the inputs a user names (files, folders, "-" for stdin) into one Bank,
// choosing each file's format by --from, extension or content.
#ifndef QBANK_FORMATS_IMPORT_H_
#define QBANK_FORMATS_IMPORT_H_

#include <atomic>
#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/file_system.h"
#include "base/status.h"
#include "formats/format.h"
#include "formats/registry.h"
#include "model/bank.h"

namespace qbank::formats {

// The source path of what was read from standard input ("-"); no file has this name.
inline constexpr std::string_view kStdinSourceName = "<stdin>";

struct ImportOptions {
  std::string from;      // forced format name; empty to detect per file
  std::string encoding;  // the input encoding when not UTF-8 (formats that support it)
  SheetOptions sheet;    // how csv, xlsx and ods read their header and rows
  std::istream* stdin_stream = nullptr;  // where "-" reads from
  // The name "-" goes by (`lint --stdin-filename`): its format is detected from this name and
  // its content when `from` is empty, and its questions' source path is this name. Empty: "-"
  // needs `from` and is called kStdinSourceName.
  std::string stdin_name;
  const Registry* registry = nullptr;  // defaults to Registry::Default()
  // When set, receives the files found in folders that were skipped because their content does
  // not look like their extension's format (a README.md beside a bank of drafts).
  std::vector<std::string>* skipped = nullptr;
  // When set, receives the readers' warnings: what was read anyway or dropped on purpose, as
  // Moodle reads or drops it (ImportContext::AddWarning). They are not input errors.
  std::vector<Diagnostic>* warnings = nullptr;
  // When set, the files read and the questions read so far, for a progress display that reads
  // them from another thread.
  std::atomic<size_t>* files_read = nullptr;
  std::atomic<size_t>* questions_read = nullptr;
  // When set, receives one entry for each Diagnostic ImportInputs adds to `errors`, in order: true
  // when the input it belongs to (a file, or a package) still gave questions (a question its
  // reader refused among others that were read), false when nothing of that input was read (it
  // could not be found, read or parsed, or every question of it was refused).
  std::vector<bool>* others_read = nullptr;
  // False: questions the file gives no id keep an empty one (`qbank fmt` writes no id the user
  // did not write).
  bool assign_ids = true;
  // Threads that read files of the formats that read a file alone (Format::ReadsAlone: json, csv,
  // md, aiken, page), each into a bank of its own merged in the order of the walk, so the bank,
  // its errors and warnings are the same as with one thread. 0: one per core; 1: none beside the
  // caller's.
  unsigned threads = 1;
  // True: "-" without `from` and `stdin_name` has its format detected from its content (`qbank
  // fmt -`); false: that is a usage error (lint, convert).
  bool detect_stdin_format = false;
  // True: each file's bytes are released (SourceText::Release) as soon as its reader is done, so
  // a run over many files holds one file's bytes at a time, not all of them (lint, which needs
  // the bytes again only for its findings' source lines, read back through the file system).
  bool release_sources = false;
};

// One input file as WalkInputs found it, read once: the bytes every later step works on.
struct InputFile {
  std::string path;     // as named or found in a folder; for "-", stdin_name or kStdinSourceName
  std::string content;  // the file's bytes
  const Format* format = nullptr;  // --from, or detected from the name and content; never null
  bool in_folder = false;          // found in a folder walk rather than named
  bool from_stdin = false;         // read from "-"
  bool reloadable = false;  // `path` can be read again for the same bytes (a file, not a pipe)
};

// What WalkInputs hands each input to.
class InputVisitor {
 public:
  virtual ~InputVisitor() = default;
  // One file to read.
  virtual void File(InputFile file) = 0;
  // A folder `format` reads as a whole (a QTI content package folder): true when the visitor
  // took it so, false to have its files walked one by one.
  virtual bool Package(const std::string& dir, const Format& format) = 0;
  // Called before the walk records an error of its own: a visitor still reading earlier inputs
  // (on other threads) finishes them first, so errors stay in the order of the inputs.
  virtual void Settle() {}
};

// The one walk over the inputs a user names, shared by ImportInputs and `qbank fmt`: "-" is
// read from options.stdin_stream; a folder a format claims goes to visitor.Package; other folders
// are walked recursively (hidden entries skipped) for every file with an extension some format
// (or the --from format) claims, and a file whose content its format does not recognise (a
// README.md, a lint baseline) is skipped (named in options.skipped) unless --from forces the
// format; files named directly are always taken. Each file is read once and handed to
// visitor.File with its format. A file that cannot be read, whose format cannot be told, or a
// folder with no question file becomes a Diagnostic in `errors`, and the walk goes on. Returns a
// non-OK Status only for usage errors (an unknown or unreadable --from format, "-" without
// --from or a stdin name unless options.detect_stdin_format, stdin named twice).
Status WalkInputs(const std::vector<std::string>& inputs, const ImportOptions& options,
                  FileSystem& fs, std::vector<Diagnostic>& errors, InputVisitor& visitor);

// Reads `file` (as WalkInputs hands it; its bytes become the bank's source) into `bank` as
// ImportInputs reads each file: the same checks (text within limits, a failed file's questions
// taken back, refused questions dropped and reported), errors to `errors`, warnings to
// options.warnings. Ids are left as the file gives them.
void ImportFile(InputFile file, const ImportOptions& options, FileSystem& fs, model::Bank& bank,
                std::vector<Diagnostic>& errors);

// Reads every input into `bank`. Folders are walked recursively (hidden entries skipped) and
// every file with an extension some format claims, and content that format recognises, is read,
// unless a format claims the folder as a whole (a QTI content package). Files named directly are
// always read. A file that cannot be read or parsed becomes a Diagnostic in
// `errors` (its questions are not added) and the others are still read; a malformed question in
// a file that is otherwise readable becomes a Diagnostic at its place, and the file's other
// questions are added. Questions without an id (unless options.assign_ids is false)
// get one derived from their content (copies of the same content get "-2", "-3", ... appended).
// Returns a non-OK Status only for usage errors (an unknown
// --from format, "-" without --from or a stdin name, stdin read twice); everything input-related
// goes to `errors`.
Status ImportInputs(const std::vector<std::string>& inputs, const ImportOptions& options,
                    FileSystem& fs, model::Bank& bank, std::vector<Diagnostic>& errors);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_IMPORT_H_
