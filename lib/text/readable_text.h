// Text as a person reads it: HTML rendered to lines of text, PDF-to-text output repaired (words
// hyphenated at line ends joined, repeated page headers and footers dropped), each byte of the
// result mapped back to the byte of the source it came from, so findings can point into the source.
#ifndef QBANK_TEXT_READABLE_TEXT_H_
#define QBANK_TEXT_READABLE_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace qbank::text {

struct ReadableText {
  std::string text;
  // text.size() + 1 entries: the source byte offset each byte of `text` came from (a decoded
  // entity maps to its "&", a line break made for a block element to its tag), then the source
  // size.
  std::vector<uint32_t> source;

  // The source offset of text byte `offset` (offset <= text.size()).
  size_t SourceOffset(size_t offset) const { return source[offset]; }
  // True when text bytes [begin, end) are the source bytes from source[begin] on, unchanged.
  bool Verbatim(std::string_view source_text, size_t begin, size_t end) const;
};

// `text` itself, each byte mapped to itself.
ReadableText Identity(std::string_view text);

// True when `text` reads as HTML rather than text that mentions a tag: it has at least three tags
// of elements that lay out text (p, div, br, li, span, td, h1-h6, html, body, ...).
bool LooksLikeHtml(std::string_view text);

// The text of an HTML document or fragment as a browser lays it out, in lines: tags removed;
// script, style, head, template and comment contents dropped; block elements (p, div, li, tr,
// h1-h6, br, hr, table, section, ...) end a line; runs of white space are one space; character
// references decoded (HTML 4's named references, &nbsp; &eacute; &mdash; ..., XML's &apos;,
// &#NN; &#xHH;; an unknown name is kept as written). Lines are trimmed, and blank lines fold to
// one.
ReadableText HtmlToText(std::string_view html);

// The character reference at `at` in `s` ("&amp;", "&nbsp;", "&#233;", "&#xE9;"; the names
// HtmlToText knows): its length, with the character's UTF-8 in `decoded`; 0 when there is none.
size_t DecodeHtmlReference(std::string_view s, size_t at, std::string* decoded);

// PDF-to-text output read as the page was: a word hyphenated at the end of a line ("config-" then
// "uration") is joined ("configuration") when the next line starts with a small letter, and lines
// that repeat as page headers and footers are dropped: a line (digits counted as one, so "Page 3 of
// 40" and "Page 4 of 40" are the same) that stands next to a form feed or a blank line at least
// `min_repeats` times and is not a question heading, option or answer line. Other text is kept.
ReadableText RepairPdfText(const ReadableText& in, size_t min_repeats = 3);

// Whether RepairPdfText would change `text` (RepairPdfText(Identity(text)).text != text), found
// without mapping each byte: a form feed, a page line, a hyphenation at a line end.
bool NeedsPdfRepair(std::string_view text, size_t min_repeats = 3);

// What `value` (a bank field) reads as once markup is removed: HtmlToText when the text has HTML
// tags or character references, with line breaks as spaces; `value` unchanged otherwise. The bank
// side of comparisons with rendered references ("A<br/>B" reads "A B").
std::string StripMarkup(std::string_view value);

}  // namespace qbank::text

#endif  // QBANK_TEXT_READABLE_TEXT_H_
