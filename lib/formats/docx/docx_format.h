// The `docx` format: Word documents (.docx), in the two layouts banks are written in. A numbered
// list: question paragraphs ("1." typed or Word's list numbering), lettered options ("A." "a)" or
// a lettered list), the key marked by an asterisk before its letter, bold, highlight or an
// "Answer: B" line, optional "Explanation:" / "Feedback:" paragraphs (the Respondus / plain Word
// layout). Or one table per question, as Moodle's Word table import (qformat_wordtable) reads and
// writes it. Places are paragraphs ("bank.docx:¶37"). docs/formats/docx.md has the mapping.
#ifndef QBANK_FORMATS_DOCX_DOCX_FORMAT_H_
#define QBANK_FORMATS_DOCX_DOCX_FORMAT_H_

#include "formats/format.h"

namespace qbank::formats {

class DocxFormat : public Format {
 public:
  std::string_view name() const override { return "docx"; }
  std::string_view summary() const override {
    return "Word documents: a numbered list of questions with lettered options (Respondus), or "
           "one table per question (Moodle's Word tables)";
  }
  std::vector<std::string_view> extensions() const override { return {".docx"}; }
  // 70 for a zip archive whose first entries name a word/ part; 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;
  // Never: the writer writes the numbered-list layout alone, so a document's styles, tables,
  // pictures and page layout would be lost (`qbank fmt` skips a .docx with a note).
  bool CanWriteBack(std::string_view path, std::string_view content) const override;

  // Reads the body in order. Each question that cannot be read (no options, no key, a key that
  // names no option, a table of a type qbank does not read) is one error at its paragraph, and
  // the next question is read; a picture is kept as a file of its question (media_files.h) and
  // an <img> in its HTML text; a picture the package lacks, an equation (read as its linear
  // text) and paragraphs outside any question are warnings at their paragraph. Returns
  // non-OK when the file is not a Word document (ReadDocument's errors).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // The numbered-list layout: single answer, multiple answer (a "Type: MA" line), true/false
  // ("Type: TF") and essay ("Type: E") questions, bold/italic/code of Markdown and HTML questions
  // as Word formatting, the key marked by an asterisk, rationales as "@" paragraphs, the
  // explanation as "Explanation:", the domain as a heading, an id that is not derived from the
  // content as "Title:", each picture whose file the question holds as an inline drawing of a
  // word/media part. Other types and fields are recorded in `loss`.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_DOCX_DOCX_FORMAT_H_
