// A Markdown question's texts in the formats that carry HTML (Moodle XML, GIFT [html], QTI):
// rendered with cmark on export, the draft's own text carried where the HTML written does not
// convert back to it, and the draft restored on import unless the HTML was edited since
// (docs/formats/README.md, "Markdown drafts in LMS formats"). The formats use them through
// lms_carrier.h.
#ifndef QBANK_FORMATS_MARKDOWN_FIELDS_H_
#define QBANK_FORMATS_MARKDOWN_FIELDS_H_

#include <functional>
#include <string>

#include "formats/loss_report.h"
#include "model/bank.h"

namespace qbank::formats {

// How a format writes a Markdown text as HTML, the same on export and on import.
struct LmsHtml {
  // Raw HTML in the Markdown that is not well-formed XML is left out (cmark's safe mode) and
  // reported as `markup (...)`: QTI, whose items are XML.
  bool xml_only = false;
  // What the format does to a rendered field's HTML at the place it writes it before it is in
  // the file (QTI's allow-list for that place, qti_html.h: a gap's choices are cleaned harder
  // than a prompt), for comparing with what a reader reads; none when empty. `written` is the
  // question as the format writes it (markup html), `place` the text's place in it ("stem",
  // "explanation", "after_gap", "options.N.text", "options.N.rationale", "options.N.match").
  // It reports nothing: the writer reports its own changes.
  std::function<std::string(const model::Question& written, const std::string& place,
                            const std::string& html)>
      as_written;
};

// True when some text of `shown` (markup html, as PrepareForLms gives it) holds an element once
// written as `how` says, at its place: a format without a markup flag (QTI) reads a question
// none of whose texts does as plain text.
bool WritesAnElement(const model::Question& shown, const LmsHtml& how);

// A Markdown draft rendered for an HTML format.
struct RenderedDraft {
  // The question with its texts as HTML and markup html: stem, explanation, the text after a
  // gap, choice and matching option texts, rationales and matches, each rendered once (a lone
  // paragraph unwrapped, so the text can stand inline). The answers a learner types (short
  // answer, numerical) stay as they are.
  model::Question rendered;
  // What the format carries of the draft: markup markdown and the draft's texts where the HTML
  // written (`how.as_written` of the rendering) would not read back as them (HtmlToMarkdown),
  // empty where it would.
  model::Question carried;
};
RenderedDraft RenderDraft(const model::Question& q, const LmsHtml& how, LossReport& loss);

// `q`, read from a file holding the rendering of a Markdown question (as HTML, or as plain text
// where the format has no markup flag), made Markdown again: each field becomes `carried`'s text
// (RenderDraft's) when the HTML in the file is still what writing that text as `how` says gives,
// else the HTML converted (HtmlToMarkdown: the HTML was edited in the LMS, or the text was not
// carried). When a field's HTML has no Markdown form, `q` stays as read. True when restored.
bool RestoreMarkdown(const model::Question& carried, const LmsHtml& how, model::Question& q);

// True for Markdown in Moodle's own markdown text format, as read from GIFT's [markdown] or
// Moodle XML's format="markdown" (extensions gift.format, moodle_xml.questiontext_format): Moodle
// renders it itself, so those formats write it back as it is, not rendered.
bool IsMoodleMarkdown(const model::Question& q);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MARKDOWN_FIELDS_H_
