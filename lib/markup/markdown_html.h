// Markdown to HTML (cmark, the CommonMark reference implementation from Debian's libcmark-dev,
// its one door) and the common inline HTML back to Markdown, for formats that carry HTML but not
// Markdown (QTI) and for Markdown drafts written from HTML.
#ifndef QBANK_MARKUP_MARKDOWN_HTML_H_
#define QBANK_MARKUP_MARKDOWN_HTML_H_

#include <optional>
#include <string>
#include <string_view>

namespace qbank::markup {

// CommonMark rendered as HTML (cmark's XHTML-style output: `<br />`, `<hr />`), trimmed. Raw HTML
// in the Markdown is passed through when `raw_html` is true, else replaced by a comment, as cmark's
// safe mode does.
std::string RenderMarkdown(std::string_view markdown, bool raw_html);

// The HTML as Markdown when it uses only what Markdown writes back the same: paragraphs, em/i,
// strong/b, code, pre, links (a href), line breaks and flat ul/ol lists of such text; nullopt for
// anything else (a table, an image, an attribute Markdown has no notation for), which stays HTML.
std::optional<std::string> HtmlToMarkdown(std::string_view html);

// The Markdown HtmlToMarkdown writes for `html`, without checking that it renders back to the same
// HTML (for a caller that already has the rendering to compare); nullopt where HtmlToMarkdown
// gives nullopt for want of a notation.
std::optional<std::string> MarkdownNotationOf(std::string_view html);

// `html` without the <p> and </p> around it when it is one paragraph (as cmark renders a text
// of one paragraph, and as a writer may wrap a text that cannot stand alone); else `html`.
std::string_view WithoutLoneParagraph(std::string_view html);

// True when two HTML fragments are the same but for how they are written: read as a browser
// reads them (character references decoded, `<br>` as `<br />`) and written back as XML, runs
// of white space as one space (but in <pre>), white space that holds a line break between two
// tags ignored, attributes in any order, and a lone paragraph taken as its content.
bool SameHtml(std::string_view a, std::string_view b);

}  // namespace qbank::markup

#endif  // QBANK_MARKUP_MARKDOWN_HTML_H_
