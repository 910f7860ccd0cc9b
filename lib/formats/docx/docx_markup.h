// Word formatting and the model's markup, both ways: a field's runs (bold, italic, code) as plain
// text, Markdown or HTML on import; a question's text (plain, Markdown, HTML) as runs on export.
#ifndef QBANK_FORMATS_DOCX_DOCX_MARKUP_H_
#define QBANK_FORMATS_DOCX_DOCX_MARKUP_H_

#include <optional>
#include <string>
#include <vector>

#include "formats/docx/docx_document.h"
#include "model/bank.h"

namespace qbank::formats::docx {

// A field as read: its paragraphs' runs (a stem may go on over several paragraphs).
using FieldRuns = std::vector<std::vector<Run>>;

// What of a run's formatting is the field's markup: bold is not when it marks the key.
struct MarkupOptions {
  bool bold = true;
};

// The text, paragraphs joined by a blank line ("\n\n"), without formatting.
std::string PlainText(const FieldRuns& field);
// True when some run of the field is bold (unless options.bold is false), italic or code.
bool HasFormatting(const FieldRuns& field, const MarkupOptions& options);
// The field as HTML: paragraphs as <p> (a lone one without it), bold as <strong>, italic as <em>,
// code as <code>, line breaks as <br />.
std::string FieldHtml(const FieldRuns& field, const MarkupOptions& options);
// The field as Markdown (HtmlToMarkdown of FieldHtml: checked to render back the same), or
// nullopt when it has none (a code span holding a backtick).
std::optional<std::string> FieldMarkdown(const FieldRuns& field, const MarkupOptions& options);

// `text` of a question in markup `kind` as runs of one paragraph: Markdown rendered (cmark) and
// HTML read as a browser reads it, <strong>/<b> bold, <em>/<i> italic, <code> code, <br> and the
// break between paragraphs as line breaks ("\n", "\n\n"). `lost` is set when the text holds
// markup runs cannot show (a list, a link's target, an image, a table: their text is kept).
std::vector<Run> RunsOf(const std::string& text, model::Markup kind, bool& lost);

}  // namespace qbank::formats::docx

#endif  // QBANK_FORMATS_DOCX_DOCX_MARKUP_H_
