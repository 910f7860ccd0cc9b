// HTML made valid for a QTI item: an allow-list of the XHTML elements and attributes the official
// QTI 2.1 and 3.0 schemas take, each with the content it may hold, applied to a field's HTML
// before it goes into an item body (docs/formats/qti.md, "HTML in items").
#ifndef QBANK_FORMATS_QTI_QTI_HTML_H_
#define QBANK_FORMATS_QTI_QTI_HTML_H_

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "formats/qti/qti_format.h"

namespace qbank::xml {
struct Node;
}  // namespace qbank::xml

namespace qbank::formats {

// True when a browser would run `uri` as code: its scheme is javascript: or vbscript:, ASCII case
// ignored, as are spaces and control characters anywhere (browsers skip tabs and line breaks in
// a URL). The one test for every link an item keeps (HTML's href and src, MathML's href, src,
// altimg and definitionURL).
bool IsScriptUri(std::string_view uri);

// Where a fragment goes, which decides what may stand at its top level.
enum class QtiHtmlPlace {
  kFlow,    // text, inline and block elements (a prompt, a choice, feedback)
  kInline,  // text and inline elements (inside a paragraph; 3.0's inline choice)
  kText,    // text alone (2.1's inline choice)
};

// Cleans HTML for the items of one QTI version. Element by element:
// - kept: an element the version's schema allows where it stands, with the attributes it allows
//   and whose values are valid for it (names lower-cased; `lang` becomes `xml:lang` in 2.1; an
//   <img> without alt gets alt=""; a <param> without valuetype gets valuetype="DATA"; HTML's
//   presence-only booleans such as `controls` become "true"); MathML as qti_mathml.h cleans it;
//   an <audio> or <video> where the version has no place for it becomes an <object> playing its
//   first source of a known media type;
// - unwrapped (the element goes, its content stays, cleaned for the same place): an element the
//   schema does not know (<font>, <center>, <u>, <iframe>, Word's <o:p>) or that cannot stand
//   where it is (<p> inside <span>, <li> outside a list), an <a> without a usable href;
// - dropped with its content: <script>, <style> and the like; an <img> without a usable src (an
//   <object> without data and a media type is unwrapped: its fallback content stays);
// - wrapped: text or inline content where only blocks may stand (2.1's <blockquote>) goes into a
//   <p>, stray content
//   of a list into an <li> (the previous one when there is one), of a table into a <tbody>, a
//   <tr> and a <td>, so nothing is lost;
// - attributes the element may not carry (style, on*, target, border, data-*, ...) and values the
//   schema refuses (width="50px", an id that is not an NCName or already used in the item, a
//   javascript: link) are dropped.
// Each unwrapped or dropped element and each dropped attribute is one entry of `changes`
// ("<font> unwrapped", "<script> dropped", "style attribute dropped"); wrapping and renaming are
// not changes (nothing is lost).
class QtiHtmlCleaner {
 public:
  explicit QtiHtmlCleaner(QtiFormat::Version version) : version_(version) {}

  // Cleans `nodes` (a parsed fragment) for `place`, appending what it dropped to `changes`.
  void Clean(std::vector<xml::Node>& nodes, QtiHtmlPlace place, std::vector<std::string>& changes);

  // True for an element the version takes as a block (p, div, ul, table, ...; 3.0 also section,
  // figure, ...) rather than inline content.
  bool IsBlock(const xml::Node& node) const;

  // Starts a new item: ids are unique per item, so the ids seen so far are forgotten.
  void StartItem() { ids_.clear(); }

 private:
  friend class QtiHtmlFill;
  QtiFormat::Version version_;
  std::set<std::string, std::less<>> ids_;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_QTI_QTI_HTML_H_
