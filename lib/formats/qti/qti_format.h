// The `qti21` and `qti30` formats: IMS QTI 2.1 and 3.0 choice items, as single item files and as
// content packages (a zip, or a folder, whose imsmanifest.xml lists the items).
#ifndef QBANK_FORMATS_QTI_QTI_FORMAT_H_
#define QBANK_FORMATS_QTI_QTI_FORMAT_H_

#include <string>

#include "formats/format.h"

namespace qbank::formats {

class QtiFormat : public Format {
 public:
  enum class Version { k21, k30 };
  explicit QtiFormat(Version version) : version_(version) {}

  std::string_view name() const override { return version_ == Version::k21 ? "qti21" : "qti30"; }
  std::string_view summary() const override {
    return version_ == Version::k21
               ? "IMS QTI 2.1 choice items and content packages (.zip or folder)"
               : "IMS QTI 3.0 choice items and content packages (.zip or folder)";
  }
  std::vector<std::string_view> extensions() const override { return {".zip", ".xml"}; }
  // 95 for an item of this version, 85 for an item of the other version, 80 for a manifest,
  // 60 (qti21) or 59 (qti30) for a zip archive, 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Reads a single item (<assessmentItem> of 2.1 or <qti-assessment-item> of 3.0: both versions
  // are read by both formats), a zip content package (content starting with "PK"), or an
  // imsmanifest.xml whose folder holds the items (read through ctx.fs). Each item must hold one
  // choiceInteraction. In a package, an item that cannot be read becomes a Diagnostic in
  // ctx.errors and the others are still read; an unsafe or hostile package (entry names with
  // "..", absolute paths, symbolic links, too many entries, too many uncompressed bytes, a
  // manifest href leaving the package) is refused as a whole.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // True when `dir` holds an imsmanifest.xml.
  bool ClaimsDirectory(const FileSystem& fs, const std::string& dir) const override;
  // Reads the package in folder `dir` through ctx.fs, as Import does for a zip.
  Status ImportDirectory(const std::string& dir, ImportContext& ctx) const override;
  // For an output path ending in ".zip": a content package (items/<identifier>.xml and an
  // imsmanifest.xml with this version's resource type). Otherwise, when the bank holds exactly
  // one question, that item's XML; a bank of several questions without a .zip output is a Usage
  // error. Only choice questions (single, multiple, true/false) are written; the others, and the
  // fields QTI cannot hold, are recorded in `loss`.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
  // The comments and processing instructions of the XML (the tree keeps neither).
  std::vector<UnkeptContent> Unkept(const SourceText& source) const override;
  // An item file (Export writes the same kind back); not an imsmanifest.xml, whose items are
  // files of their own, nor a zip package, which holds more than the items the exporter writes.
  bool CanWriteBack(std::string_view path, std::string_view content) const override;

 private:
  Version version_;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_QTI_QTI_FORMAT_H_
