// The `dump` format (import only): leaked-exam dump text and HTML as dump sites publish it, read
// into questions so a bank can be compared with a dump question by question. Layouts read:
// VCE/PDF text ("QUESTION 37", options "A. ...", "Correct Answer: B", "Explanation/Reference:"),
// dump-site HTML ("Question #112Topic 1", "Suggested Answer: B", "Community vote distribution"),
// PDF-to-text output (words hyphenated at line ends, page headers and footers), forum copy-paste
// ("Most Voted", "Selected Answer: D", comments), and one-line minified HTML.
#ifndef QBANK_FORMATS_DUMP_DUMP_FORMAT_H_
#define QBANK_FORMATS_DUMP_DUMP_FORMAT_H_

#include "formats/format.h"

namespace qbank::formats {

class DumpFormat : public Format {
 public:
  std::string_view name() const override { return "dump"; }
  std::string_view summary() const override {
    return "exam dump text or HTML (QUESTION n, A. ..., Correct Answer: X), import only";
  }
  std::vector<std::string_view> extensions() const override {
    return {".dump", ".html", ".htm", ".txt"};
  }
  // 95 when the leading content (rendered first when it is HTML) has two dump question headings
  // at line starts ("QUESTION 37", "NEW QUESTION 4", "Question #112Topic 1", "Topic 2 Question
  // #5"), or one and a dump answer or vote line ("Correct Answer: B", "Suggested Answer: B",
  // "Community vote distribution"); 0 otherwise, so Aiken and GIFT files are never taken for one.
  int Sniff(std::string_view path, std::string_view content) const override;
  bool can_export() const override { return false; }

  // Renders HTML to text and repairs PDF-to-text output (text::HtmlToText, text::RepairPdfText),
  // then reads each question from its heading to the next: the stem, the options (wrapped lines
  // joined), the stated answer, the explanation; vote and forum residue and comments are left
  // out. Each question's id is "q<number>" ("t<topic>-q<number>" with a topic) and its
  // extensions hold {"dump_question": "<number as printed>"}; spans point into the file as it is
  // (line and column in one-line HTML too). A heading with no question text after it is an error
  // at the heading; a file with no heading at all is an error at its start.
  Status Import(const SourceText& source, ImportContext& ctx) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_DUMP_DUMP_FORMAT_H_
