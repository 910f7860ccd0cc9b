// A Markdown question's texts in the formats that carry HTML (Moodle XML, GIFT [html], QTI):
// rendered with cmark on export, the draft's own text carried where the HTML does not convert
// back to it, and the draft restored on import unless the HTML was edited since
// (docs/formats/README.md, "Markdown drafts in LMS formats").
#ifndef QBANK_FORMATS_MARKDOWN_FIELDS_H_
#define QBANK_FORMATS_MARKDOWN_FIELDS_H_

#include <string>
#include <string_view>

#include "formats/loss_report.h"
#include "model/bank.h"

namespace qbank::formats {

// One field's Markdown as HTML: cmark's rendering with a lone paragraph unwrapped, so the text
// can stand inline (an option, a gap). With `xml_only` raw HTML in the Markdown that is not
// well-formed XML is left out (cmark's safe mode) and reported as `markup (...)`.
std::string RenderMarkdownField(const std::string& markdown, bool xml_only, LossReport& loss);

// `q` (markup markdown) with its texts rendered as HTML and markup html: stem, explanation, the
// text after a gap, choice and matching option texts, rationales and matches. The answers a
// learner types (short answer, numerical) stay as they are.
model::Question RenderMarkdownQuestion(const model::Question& q, bool xml_only, LossReport& loss);

// What a format carries of a Markdown question besides its rendering: a question with markup
// markdown whose texts are the draft's where converting the rendered HTML back (HtmlToMarkdown)
// would not give them, and empty where it would. Markup plain when `q` is not Markdown.
model::Question MarkdownSourceToCarry(const model::Question& q);

// `q`, read from a file holding the rendering of a Markdown question (as HTML, or as plain text
// where the format has no markup flag), made Markdown again: each field becomes `source`'s text
// (MarkdownSourceToCarry's) when the HTML in the file is still what rendering that text gives,
// else the HTML converted (HtmlToMarkdown: the HTML was edited in the LMS, or the text was not
// carried). When a field's HTML has no Markdown form, `q` stays as read. True when restored.
bool RestoreMarkdown(const model::Question& source, model::Question& q);

// True for Markdown in Moodle's own markdown text format, as read from GIFT's [markdown] or
// Moodle XML's format="markdown" (extensions gift.format, moodle_xml.questiontext_format): Moodle
// renders it itself, so those formats write it back as it is, not rendered.
bool IsMoodleMarkdown(const model::Question& q);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MARKDOWN_FIELDS_H_
