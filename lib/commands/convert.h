// `qbank import`, `qbank export` and `qbank convert`: read inputs in any format into one bank and
// write it in one format, with a loss report.
#ifndef QBANK_COMMANDS_CONVERT_H_
#define QBANK_COMMANDS_CONVERT_H_

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "base/file_system.h"

namespace qbank::commands {

struct ConvertOptions {
  std::vector<std::string> inputs;  // files, folders, "-"
  std::string from;                 // forced input format; empty to detect
  std::string to = "json";          // output format
  std::string output;               // output path; empty for standard output
  std::string encoding;             // input encoding when not UTF-8
  std::string loss_report;          // where to write the loss report as JSON; empty for none
  bool strict = false;              // refuse an export that would drop fields
  bool quiet = false;               // no loss report on `err` (still refused under strict)
  bool keep_going = false;          // write the questions that were read despite input errors
  // Spreadsheets (csv, xlsx, ods): how a sheet's header and rows are read (--columns,
  // --keep-unknown, --delimiter, --sheet, --verbose), and the columns an export writes
  // (--layout, and the same --columns).
  struct Sheet {
    std::string columns;
    bool keep_unknown = false;
    char delimiter = 0;  // 0: detect
    std::string sheet;
    bool verbose = false;
  } sheet;
  std::string layout;
};

// Imports `options.inputs` into one bank and writes it in `options.to`. Import errors and warnings
// are printed to `err` ("path:line:col: error: ..." with the source line and a caret). On an input
// error nothing is written (exit 2), unless `keep_going`: then the questions that were read are
// written and the exit code is 1 (2 when no question was read). What the target format cannot
// carry (a question it cannot hold at all is skipped) is reported on `err`, each field with the
// questions that lost it (the first five, then "and N more"), and written whole as JSON to
// `loss_report` when given (even when the export is refused); with `strict` any loss refuses the
// export (exit 2). Returns 0, 1 or 2.
int RunConvert(const ConvertOptions& options, FileSystem& fs, std::istream& in, std::ostream& out,
               std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_CONVERT_H_
