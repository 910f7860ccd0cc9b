// HTML fragments read as a browser reads them where XML refuses (Moodle's editors write <br>,
// &nbsp; and unquoted attributes), into the xml/ tree the XML writers use.
#ifndef QBANK_MARKUP_HTML_TREE_H_
#define QBANK_MARKUP_HTML_TREE_H_

#include <string>
#include <string_view>
#include <vector>

namespace qbank::xml {
struct Node;
}  // namespace qbank::xml

namespace qbank::markup {

// `html` (UTF-8) as element content. Never fails: tags and attributes (quoted, unquoted or bare:
// `<input disabled>` is disabled="disabled") with names lower-cased; void elements (br, img, hr,
// ...) closed; a start tag of li, dt, dd, p, tr, td or th closes an open element of its kind
// that is the current one; an end tag closes every element opened after its start tag and is
// ignored when there is none; elements still open at the end are closed; character references
// decoded (an unknown one, or a bare '&', kept as written); the text of script, style and
// textarea read raw; comments, <!DOCTYPE> and processing instructions skipped; CDATA sections
// kept as text; a '<' that starts no tag is text. Nesting deeper than 256 elements is flattened.
std::vector<xml::Node> ParseHtmlFragment(std::string_view html);

// The text of `html` without its markup, read as ParseHtmlFragment reads it ("-&gt; 5" is
// "-> 5"): what a learner types for an HTML answer. `had_elements`, when given, says whether
// there was markup to leave out.
std::string HtmlFragmentText(std::string_view html, bool* had_elements = nullptr);

}  // namespace qbank::markup

#endif  // QBANK_MARKUP_HTML_TREE_H_
