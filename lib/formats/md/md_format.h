// The `md` format: Markdown drafts for question writers. Each question is YAML front matter
// (metadata) followed by the sections "## Question", "## Trap", "## Options" (a task list: "- [x]"
// marks a key, "> " lines under an option are its rationale) and "## Explanation"; a file holds
// one question or many. docs/formats/md.md describes it with a full example.
#ifndef QBANK_FORMATS_MD_MD_FORMAT_H_
#define QBANK_FORMATS_MD_MD_FORMAT_H_

#include "formats/format.h"

namespace qbank::formats {

class MdFormat : public Format {
 public:
  std::string_view name() const override { return "md"; }
  // Reads nothing of the bank but appends (threads may read its files side by side).
  bool ReadsAlone() const override { return true; }
  std::string_view summary() const override {
    return "Markdown drafts: YAML front matter and ## Question/Trap/Options/Explanation sections";
  }
  std::vector<std::string_view> extensions() const override { return {".md", ".markdown"}; }
  // 90 when the content has a "## Question" heading and a "## Options" heading; 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Reads every question; every field gets the span of its text in the file (front matter
  // values included). A malformed question (bad YAML, an unknown front matter key, a stray line
  // outside the sections, a malformed option line, an unclosed front matter) becomes one
  // Diagnostic in ctx.errors with its line and column, and the next question is read. Returns
  // non-OK only when the file is not UTF-8 and no --encoding was given.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Writes every field of the model; `loss` stays empty, except for text that has a line the
  // format reads as structure and cannot escape (recorded as "<field> (line read as structure)").
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MD_MD_FORMAT_H_
