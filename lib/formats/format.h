// Format: one importer/exporter pair for one file format, behind the format registry.
#ifndef QBANK_FORMATS_FORMAT_H_
#define QBANK_FORMATS_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/file_system.h"
#include "base/source_text.h"
#include "base/status.h"
#include "formats/loss_report.h"
#include "model/bank.h"

namespace qbank::formats {

// How the spreadsheet formats (csv, xlsx, ods) read a sheet: the user's --columns, --keep-unknown,
// --delimiter, --sheet and --verbose (docs/formats/csv.md).
struct SheetOptions {
  std::string columns = "";   // "HEADER=FIELD,..." (sheet::ParseColumnMapping), "" for none
  bool keep_unknown = false;  // unknown columns go to the question's extensions, not an error
  char delimiter = 0;         // ',', ';' or '\t'; 0 to detect it from the header row
  std::string sheet = "";     // the workbook sheet to read; "" for the first
  bool verbose = false;       // report which header cell was read as which field
};

// What an importer reads into and reports to.
struct ImportContext {
  model::Bank* bank = nullptr;                // questions are appended; bank fields set when empty
  uint32_t file = SourceSpan::kNoFile;        // this source's index in bank->sources
  FileSystem* fs = nullptr;                   // for formats that read more than one file (packages)
  std::vector<Diagnostic>* errors = nullptr;  // problems that do not stop the rest of the file
  std::vector<Diagnostic>* warnings = nullptr;  // what was read anyway, or dropped as Moodle does
  std::string encoding;                         // the user's --encoding, empty for UTF-8
  SheetOptions sheet = {};                      // spreadsheet formats only

  // Records a problem that leaves the rest of the file readable (one malformed question) at byte
  // `offset` of `source`. Dropped when `errors` is null.
  void AddError(const SourceText& source, size_t offset, std::string_view message);
  // The same for a failed Status (placed in the file it names).
  void AddError(const Status& error);
  // Records what the reader took in a way the user should know of (letters read as labels, an
  // empty answer dropped as Moodle drops it) at byte `offset` of `source`. Dropped when
  // `warnings` is null.
  void AddWarning(const SourceText& source, size_t offset, std::string_view message);
};

// Something a user wrote that a reader leaves out of the model (an XML comment): where it starts
// in the source, and what it is ("an XML comment").
struct UnkeptContent {
  size_t offset = 0;
  std::string what;
};

struct ExportOptions {
  std::string output_path;  // where the result will be written ("" for stdout)
  // The file the result will replace, as its reader read it (`qbank fmt`), or null. A writer may
  // keep what is the user's choice of layout in it rather than its own: the csv writer keeps its
  // header (columns, their order and spelling, the MMLU layout).
  const SourceText* written_over = nullptr;
  // The spreadsheet formats: the columns to write, as a layout name (qbank, mmlu, simple,
  // kahoot; "" for qbank) or as "HEADER=FIELD,..." pairs (`--columns`, which wins).
  std::string layout = "";
  std::string columns = "";
  char delimiter = ',';  // csv only
};

class Format {
 public:
  virtual ~Format() = default;
  // The name users type after --from/--to ("page", "csv", ...).
  virtual std::string_view name() const = 0;
  // One line for `qbank formats`.
  virtual std::string_view summary() const = 0;
  // File name endings that select this format (".txt"), most specific first.
  virtual std::vector<std::string_view> extensions() const = 0;
  // How sure this format is that a file with this path and (leading) content is its own:
  // 0 not at all, 100 certain. Used when the extension is ambiguous or missing.
  virtual int Sniff(std::string_view path, std::string_view content) const;
  // True when `content` says this format whatever the extension of `path` says (a .txt saved by
  // Excel as "Unicode Text" is a tab-separated sheet): detection asks this first.
  virtual bool ClaimsDespiteExtension(std::string_view /*path*/,
                                      std::string_view /*content*/) const {
    return false;
  }
  virtual bool can_import() const { return true; }
  virtual bool can_export() const { return true; }
  // True when Export, given `path` as its output, writes a file of the kind Import read from
  // `path` with this `content`, so `qbank fmt` can write the file back in its own format. By
  // default, every format that can be both imported and exported.
  virtual bool CanWriteBack(std::string_view /*path*/, std::string_view /*content*/) const {
    return can_import() && can_export();
  }
  // True when Import reads a file on its own: it appends questions to ctx.bank, sets the bank's
  // own fields only where they are still empty, and reads nothing else of the bank (no ids of
  // earlier files) and no other file. Files of such formats are read on several threads, each
  // into a bank of its own, and merged in the order of the walk (ImportOptions::threads).
  virtual bool ReadsAlone() const { return false; }
  // True when Export writes the byte-order mark its reader read (page keeps it): a mark at the
  // front of its output is the file's, and ExportBank adds none.
  virtual bool WritesByteOrderMark() const { return false; }

  // Reads one file into ctx.bank. Returns a non-OK Status (placed where the input is wrong, as
  // SourceText::ErrorAt makes it) for an error that stops reading the file; errors that leave the
  // rest readable go to ctx.AddError.
  virtual Status Import(const SourceText& source, ImportContext& ctx) const;
  // What the reader of this format leaves out of the model in `source` although the user wrote
  // it, so writing the file back would lose it (`qbank fmt` refuses such a file). Empty by
  // default: the readers keep or refuse everything else.
  virtual std::vector<UnkeptContent> Unkept(const SourceText& source) const;
  // True when `dir` is one input of this format as a whole (a QTI package folder).
  virtual bool ClaimsDirectory(const FileSystem& fs, const std::string& dir) const;
  // Reads a folder this format claims.
  virtual Status ImportDirectory(const std::string& dir, ImportContext& ctx) const;
  // Writes the bank as one file's bytes; records what the format cannot carry in `loss`.
  virtual Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                                     LossReport& loss) const;
};

// The one door every export goes through: `format.Export`, then a check that the bytes are text a
// reader can take back: valid UTF-8 (each member of a zip package). An exporter that produced
// anything else has a bug; the bytes are refused (an error naming the format and byte offset)
// rather than written. Text that starts with U+FEFF gets a byte-order mark in front, unless the
// format writes its marks itself (Format::WritesByteOrderMark).
Result<std::string> ExportBank(const Format& format, const model::Bank& bank,
                               const ExportOptions& options, LossReport& loss);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_FORMAT_H_
