// The `moodle-xml` format: Moodle's XML question export (<quiz> of <question type="...">), with
// categories, per-answer fractions and feedback, tags, id numbers and embedded files.
#ifndef QBANK_FORMATS_MOODLE_XML_MOODLE_XML_FORMAT_H_
#define QBANK_FORMATS_MOODLE_XML_MOODLE_XML_FORMAT_H_

#include <optional>
#include <string>

#include "formats/format.h"

namespace qbank::formats {

class MoodleXmlFormat : public Format {
 public:
  std::string_view name() const override { return "moodle-xml"; }
  std::string_view summary() const override {
    return "Moodle XML: <quiz> with categories, fractions, feedback, tags and files";
  }
  std::vector<std::string_view> extensions() const override { return {".xml"}; }
  // 90 when the content's root element is <quiz>, 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Reads a <quiz>. Category questions set the domain of the questions after them; every other
  // question becomes one model question (types the model does not fully hold keep their
  // type-specific elements in extensions["moodle_xml"], written back unchanged). A malformed
  // question (an answer fraction not on Moodle's list, a boolean that is not true/false/1/0, a
  // question without a type) becomes one Diagnostic in ctx.errors and the next is read. Returns
  // non-OK when the file is not well-formed XML, holds a DOCTYPE or undefined entities, or its
  // root is not <quiz>.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes a <quiz>: a category question wherever the domain changes, then each question. Text
  // holding markup is written as CDATA. Fields Moodle XML cannot hold are recorded in `loss`.
  // Fails (InvalidInput naming the question) when an option weight is not one of Moodle's
  // accepted fractions, or when stored Moodle XML in extensions is not well-formed.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
  // The comments and processing instructions of the XML (the tree keeps neither).
  std::vector<UnkeptContent> Unkept(const SourceText& source) const override;
};

// Moodle's accepted answer grade nearest to `percent` (e.g. "83.33333" for 83.333), when it is
// within 0.001 percentage points (Moodle's own tolerance); nullopt otherwise.
std::optional<std::string> MoodleFraction(double percent);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MOODLE_XML_MOODLE_XML_FORMAT_H_
