// The `qti12` format (IMS QTI 1.2 as Canvas writes and reads it: a questestinterop file, a quiz
// export zip, the quiz banks of a course export .imscc) and the `blackboard-pool` format (a
// Blackboard Learn pool package: a zip whose imsmanifest.xml names res00001.dat, Blackboard's
// QTI 1.2). docs/formats/qti12.md.
#ifndef QBANK_FORMATS_QTI12_QTI12_FORMAT_H_
#define QBANK_FORMATS_QTI12_QTI12_FORMAT_H_

#include <string>

#include "formats/format.h"
#include "formats/qti12/qti12_vocabulary.h"

namespace qbank::formats {

class Qti12Format : public Format {
 public:
  explicit Qti12Format(qti12::Flavour flavour) : flavour_(flavour) {}

  std::string_view name() const override {
    return flavour_ == qti12::Flavour::kCanvas ? "qti12" : "blackboard-pool";
  }
  std::string_view summary() const override {
    return flavour_ == qti12::Flavour::kCanvas
               ? "IMS QTI 1.2 as Canvas writes it (.xml, quiz export .zip, course export .imscc)"
               : "Blackboard Learn question pool package (.zip of QTI 1.2, res00001.dat)";
  }
  std::vector<std::string_view> extensions() const override {
    if (flavour_ == qti12::Flavour::kCanvas) return {".imscc", ".zip", ".xml", ".qti"};
    return {".zip"};
  }
  // qti12: 96 for a questestinterop document without Blackboard metadata, 81 for a Canvas or
  // course-export manifest, 62 for a zip whose manifest names an imsqti_xmlv1p2 resource or a
  // non_cc_assessments file (the zip's central directory is read); blackboard-pool: 96 for a
  // questestinterop with bbmd_ metadata, 81 for a manifest naming assessment/x-bb-qti-pool, 62
  // for such a zip. 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Reads a questestinterop document (assessment / section / item, or a Canvas objectbank), a
  // zip package (the manifest's QTI 1.2 resources, or a course export's non_cc_assessments
  // files), or an imsmanifest.xml whose folder holds them. Both flavours read both: a Canvas file
  // read as blackboard-pool is read all the same. An item that cannot be read is an error at its
  // line and the others are still read; an unsafe or hostile package is refused as a whole.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  bool ClaimsDirectory(const FileSystem& fs, const std::string& dir) const override;
  Status ImportDirectory(const std::string& dir, ImportContext& ctx) const override;
  // qti12: a Canvas quiz package for an output ending in .zip or .imscc, else one
  // questestinterop document. blackboard-pool: always the pool package (a zip).
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
  std::vector<UnkeptContent> Unkept(const SourceText& source) const override;
  // A questestinterop document of this flavour; never a package (its other files would be lost).
  bool CanWriteBack(std::string_view path, std::string_view content) const override;

 private:
  qti12::Flavour flavour_;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_QTI12_QTI12_FORMAT_H_
