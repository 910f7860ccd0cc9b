// A Word document (.docx, WordprocessingML) read as the docx format needs it: the body's
// paragraphs and tables in order, each paragraph's runs with the formatting that means something
// to a question (bold, italic, code, highlight), its list numbering resolved to "numbered" or
// "lettered", and every paragraph's text as one line of a SourceText, so a place in the document
// is a paragraph (SourceSpan::Unit::kParagraph: "bank.docx:¶37").
#ifndef QBANK_FORMATS_DOCX_DOCX_DOCUMENT_H_
#define QBANK_FORMATS_DOCX_DOCX_DOCUMENT_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"

namespace qbank::formats::docx {

// A stretch of a paragraph's text in one formatting. A line break (w:br) is "\n", a tab "\t".
struct Run {
  std::string text;
  bool bold = false;
  bool italic = false;
  bool code = false;       // a monospaced font or a code character style
  bool highlight = false;  // w:highlight, or a shading fill behind the text
  // Not empty for a run that shows a picture (its text is empty): the picture's package path
  // (word/media/image1.png) when read, the markup's reference (media/image1.png) when written.
  std::string picture;
  // The picture's alt text: its drawing's description (wp:docPr descr, VML's v:shape alt) when
  // read, the <img>'s alt when written.
  std::string picture_alt;
};

// What a paragraph's list numbering shows before it.
enum class ListKind {
  kNone,    // not in a list, or a bullet
  kNumber,  // 1. 2. 3. (decimal, Roman numerals)
  kLetter,  // a. b. c. / A. B. C.
};

struct Paragraph {
  uint32_t number = 0;  // 1-based, every paragraph of the document in order, table cells' too
  size_t offset = 0;    // where its line starts in Document::text
  std::vector<Run> runs;
  // The runs' text as its line shows it: a line break shown as a space (same byte length, so
  // an offset into `text` is an offset into the runs' text).
  std::string text;
  std::string style;  // the paragraph style's id ("Heading1"), empty for the default
  ListKind list = ListKind::kNone;
  std::vector<std::string> images;     // the package paths of the pictures in it (word/media/...)
  std::vector<std::string> equations;  // each equation (m:oMath) in it, as the text it reads as

  bool IsHeading() const;
};

struct Table {
  // rows[r][c]: the paragraphs of one cell (a nested table's paragraphs are its cell's).
  std::vector<std::vector<std::vector<Paragraph>>> rows;
  uint32_t first_paragraph = 0;  // the number of its first paragraph
};

// One block of the body: a paragraph, or a table.
struct Block {
  bool is_table = false;
  Paragraph paragraph;
  Table table;
};

struct Document {
  std::vector<Block> blocks;
  // One line per paragraph, in the order of their numbers; its path is the .docx's, its unit
  // SourceSpan::Unit::kParagraph.
  std::shared_ptr<const SourceText> text;
  // The bytes of each picture the paragraphs show, by package path (word/media/image1.png); a
  // picture whose part is missing or too large for the zip door's limits is not here.
  std::map<std::string, std::string> media;
};

// Reads the Word document whose bytes are `source` (its path names it in errors) through the zip
// and XML doors (their limits apply): the main document part the package's relationships name,
// its numbering and styles parts when there are. Errors: not a zip archive; no main document
// part (not a Word document: "expected a .docx written by Word, LibreOffice or pandoc"); a part
// that is not well-formed XML (placed at its line and column, "bank.docx!/word/document.xml:3:5").
Result<Document> ReadDocument(const SourceText& source);

}  // namespace qbank::formats::docx

#endif  // QBANK_FORMATS_DOCX_DOCX_DOCUMENT_H_
