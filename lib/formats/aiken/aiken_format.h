// The `aiken` format: Moodle's Aiken layout, single-answer questions only. A question is its text,
// options "A) text" or "A. text", then "ANSWER: X".
#ifndef QBANK_FORMATS_AIKEN_AIKEN_FORMAT_H_
#define QBANK_FORMATS_AIKEN_AIKEN_FORMAT_H_

#include "formats/format.h"

namespace qbank::formats {

class AikenFormat : public Format {
 public:
  std::string_view name() const override { return "aiken"; }
  // Reads nothing of the bank but appends (threads may read its files side by side).
  bool ReadsAlone() const override { return true; }
  std::string_view summary() const override {
    return "Aiken: question text, options A) ..., ANSWER: X (single answer only)";
  }
  std::vector<std::string_view> extensions() const override { return {".aiken", ".txt"}; }
  // 80 when the content has an option line ("A) ...") and an "ANSWER: X" line.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Appends every well-formed question; each malformed question (no options, options out of
  // order, a missing ANSWER line, an ANSWER letter naming no option) becomes one Diagnostic in
  // ctx.errors with its line and column, and the next question is read. Returns non-OK only when
  // the whole file cannot be read (not UTF-8 without --encoding).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes single-answer and true/false questions with exactly one key. Everything else is
  // recorded in `loss`: whole questions of other types or key counts, and every field but the
  // stem, the option texts and the key; line breaks in the stem or an option (Aiken items are one
  // line) become spaces and are recorded as "stem line breaks" / "options.text line breaks".
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_AIKEN_AIKEN_FORMAT_H_
