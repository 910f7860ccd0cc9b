// HTML escaping: the one function the report pages, the preview site and the QTI 1.2 reader use
// to put text into HTML.
#ifndef QBANK_BASE_HTML_ESCAPE_H_
#define QBANK_BASE_HTML_ESCAPE_H_

#include <string>
#include <string_view>

namespace qbank {

// Which characters EscapeHtml turns into character references.
enum class HtmlEscape {
  kTextAndAttributes,  // &, <, >, " and ': safe in text and in quoted attribute values
  kText,               // &, < and > only: text an HTML field holds, quotes left as written
};

// `text` with the characters `what` names as character references (&amp; &lt; &gt; &quot;
// &#39;), and invalid UTF-8 replaced with U+FFFD.
std::string EscapeHtml(std::string_view text, HtmlEscape what = HtmlEscape::kTextAndAttributes);

}  // namespace qbank

#endif  // QBANK_BASE_HTML_ESCAPE_H_
