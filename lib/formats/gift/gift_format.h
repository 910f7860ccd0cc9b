// The `gift` format: Moodle GIFT. Categories, titles, =/~ answers, per-answer feedback
// (rationale), general feedback (explanation), Moodle's answer weights, escapes, text formats,
// comments with [id:...] and [tag:...], and every GIFT question type (true/false, short answer,
// numerical, matching, essay, description) read and written back.
#ifndef QBANK_FORMATS_GIFT_GIFT_FORMAT_H_
#define QBANK_FORMATS_GIFT_GIFT_FORMAT_H_

#include <optional>

#include "formats/format.h"

namespace qbank::formats {

class GiftFormat : public Format {
 public:
  std::string_view name() const override { return "gift"; }
  std::string_view summary() const override {
    return "Moodle GIFT: categories, titles, feedback, weights, every question type";
  }
  std::vector<std::string_view> extensions() const override { return {".gift", ".txt"}; }
  // 90 for a "$CATEGORY:" line or a "::title::" followed by an answer block; 60 for a question
  // line with a {...} block holding =, ~ or T/F; 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Reads questions separated by blank lines, as Moodle's GIFT reader reads them (what Moodle
  // takes in a way the writer may not mean is a warning in ctx.warnings). A malformed question (an
  // unclosed brace, a weight Moodle does not accept, a numerical answer that is not a number, ...)
  // becomes one Diagnostic in ctx.errors naming its line and column, and is skipped; the other
  // questions are read. Returns non-OK only when the file is not UTF-8 and no
  // --encoding was given (or the conversion fails). See docs/formats/gift.md for the mapping.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes every question; fields GIFT cannot carry (trap, authors, review, origin, exam,
  // difficulty, stated answer, bank metadata, other formats' extensions) go to `loss`, as do
  // weights that are not one of Moodle's grades (written as the nearest one).
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

// The Moodle grade (in percent) that `percent` stands for, when it is one of the grades Moodle
// accepts on import (100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20,
// 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0 and their negatives, within 0.001); nullopt
// otherwise.
std::optional<double> MoodleGrade(double percent);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_GIFT_GIFT_FORMAT_H_
