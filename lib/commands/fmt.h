// `qbank fmt`: prints, checks or rewrites question files in their format's canonical form (the
// format's own writer over what its reader read), refusing any file it cannot write back whole.
#ifndef QBANK_COMMANDS_FMT_H_
#define QBANK_COMMANDS_FMT_H_

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/source_text.h"

namespace qbank::formats {
class Format;
class Registry;
}  // namespace qbank::formats

namespace qbank::commands {

// Spreadsheets (csv, xlsx, ods): how a sheet's header is read and written back, as for
// `qbank import` (docs/formats/csv.md).
struct FmtSheet {
  std::string columns;  // --columns "HEADER=FIELD,...": read with it, written back with it
  std::string sheet;    // --sheet NAME: the xlsx or ods sheet to read (the first when empty)
};

struct FmtOptions {
  // Question files of any format that can be written, folders, or "-" for standard input.
  std::vector<std::string> inputs;
  std::string from;      // the files' format; detected per file (as lint does) if empty
  std::string encoding;  // the input encoding when not UTF-8 (written back as UTF-8)
  FmtSheet sheet;
  bool check = false;  // exit 1 and say where a file is not canonical
  bool write = false;  // rewrite the files that are not canonical, in place
  // The name standard input goes by (as `lint --stdin-filename`): its format when `from` is empty,
  // and its name in messages. Without it, the format of "-" is `from` or detected from its
  // content.
  std::string stdin_filename;
  std::istream* stdin_stream = nullptr;         // where "-" reads from; std::cin when null
  const formats::Registry* registry = nullptr;  // defaults to formats::Registry::Default()
};

// What fmt makes of one file: its canonical form, or why it leaves the file as it is.
struct Formatted {
  bool ok = false;
  std::string text;  // when ok: the canonical form (the file's UTF-8 byte-order mark kept)
  // When not ok: why, as `qbank fmt` prints it on stderr (whole lines, each ending in '\n').
  std::string refusal;
  // When ok: the import warnings the canonical form keeps (reading it back gives them again), as
  // `qbank fmt` prints them on stderr ("path:line:col: warning: ...", the line and a caret).
  std::string warnings;
  // The file as read (its bytes and line index), for placing a difference; null when it could
  // not be read at all.
  std::shared_ptr<const SourceText> source;
};

// The canonical form of one file: reads `content`, the bytes of `path`, as `format` (decoded
// from `encoding` when that is not empty or UTF-8), writes the bank back with the format's writer
// and reads the result back. Refused (ok false, the reason in `refusal`) when the file has input
// errors, holds what the reader does not keep (Format::Unkept), when the writer reports a loss,
// when reading the result back does not give each import warning again (the result would not say
// what the warning is about as the file says it), or other values than reading the file did.
// Writes no file; `fs` serves only formats that read other files beside this one; `sheet` says
// how a spreadsheet's header is read and written. `lint --fix` and `qbank fmt` both get a file's
// canonical text here.
Formatted FormatText(const std::string& path, std::string content, const formats::Format& format,
                     FileSystem& fs, const std::string& encoding = "", const FmtSheet& sheet = {});

// For each file (folders are walked as lint walks them, formats::WalkInputs: every file qbank
// reads as questions, never a README.md or a baseline; each file is read once), gets its
// canonical form from FormatText; a refused file is left as it is, its reason printed on `err`,
// and the exit code is 2; the import warnings of a file that is formatted are printed on `err`.
// Without --check or --write, prints each file's canonical form to `out`. With --check, prints
// "path:line:col: not normalised" for each file that differs (at its first difference) and
// returns 1. With --write, rewrites each such file atomically (mode and symbolic links kept) and
// names it on `out`. "-" reads standard input (printed or checked; --write with "-" is a usage
// error). A UTF-8 byte-order mark at the front of a file stays there. Returns 2 when any file was
// refused or could not be read.
int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FMT_H_
