// An XML document as a plain tree of elements and text with byte offsets into its source, read and
// written through pugixml. This folder is the only place that includes pugixml.
#ifndef QBANK_XML_XML_TREE_H_
#define QBANK_XML_XML_TREE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_text.h"
#include "base/status.h"

namespace qbank::xml {

struct Attribute {
  std::string name;
  std::string value;
};

// One node: an element (name, attributes, children) or a run of character data.
struct Node {
  static constexpr size_t kNoOffset = static_cast<size_t>(-1);
  enum class Kind { kElement, kText, kCData };

  Kind kind = Kind::kElement;
  std::string name;  // elements: the qualified name as written ("qti:prompt")
  std::string text;  // text and CDATA: the character data, entity references decoded
  std::vector<Attribute> attributes;
  std::vector<Node> children;
  // Byte offset in the parsed source: of the '<' for elements, of the first character for text
  // and CDATA. kNoOffset for nodes built in memory.
  size_t offset = kNoOffset;
  // Text and CDATA: true when `text` appears byte for byte at `offset` (no references decoded).
  bool verbatim = false;

  static Node Element(std::string name);
  static Node Text(std::string text);
  static Node CData(std::string text);

  bool is_element() const { return kind == Kind::kElement; }
  // The name without its namespace prefix ("prompt" for "qti:prompt").
  std::string_view LocalName() const;
  // The value of the attribute named `name` (qualified, as written), or nullptr.
  const std::string* FindAttribute(std::string_view name) const;
  // The attribute's value, or `fallback` when it is absent.
  std::string AttributeOr(std::string_view name, std::string_view fallback = {}) const;
  // Sets (replacing) an attribute; returns *this so calls chain.
  Node& SetAttribute(std::string name, std::string value);
  // Appends `child` and returns a reference to it (valid until the next Append on this node).
  Node& Append(Node child);
  // The first child element whose local name is `local_name`, or nullptr.
  const Node* FirstChild(std::string_view local_name) const;
  // The child elements with local name `local_name` (every child element when it is empty).
  std::vector<const Node*> ChildElements(std::string_view local_name = {}) const;
  // The text and CDATA of this node and all its descendants, in document order.
  std::string TextContent() const;
  // True when some child is an element.
  bool HasChildElements() const;
};

// The encoding the document's XML declaration names ("ISO-8859-1" for
// <?xml version="1.0" encoding="ISO-8859-1"?>), or empty when there is no declaration or it names
// none. Only the declaration at the very start (after a byte-order mark) counts.
std::string DeclaredEncoding(std::string_view content);

struct ParseOptions {
  size_t max_depth = 256;  // deeper element nesting is an error, not a stack overflow
};

// Parses the UTF-8 document in `source` and returns its root element. Errors are
// "path:line:col: ..." and say what was expected. Refused, never expanded: a DOCTYPE (and so any
// ENTITY declaration or external entity), references to undefined entities, invalid UTF-8, and
// nesting deeper than options.max_depth. Comments, processing instructions and the XML
// declaration are not kept. White-space-only text is kept inside mixed content (an element that
// also holds non-blank text) and next to an inline HTML element (b, i, em, span, a, ...), where
// it separates words, and in an element under xml:space="preserve" (a Word document's
// <w:t xml:space="preserve"> </w:t>); elsewhere it is layout and dropped.
Result<Node> Parse(const SourceText& source, const ParseOptions& options = {});

// Parses `text` as element content (mixed text and elements, as in "a <b>bold</b> word"), for
// markup that a format keeps as a string. Offsets in the result are relative to `text`. Errors
// name `path` and the line:col inside `text`.
Result<std::vector<Node>> ParseFragment(std::string_view text,
                                        const std::string& path = "<fragment>");

struct WriteOptions {
  bool declaration = true;  // <?xml version="1.0" encoding="UTF-8"?>
  // Two spaces per level; an element holding text or an inline HTML element is written as is.
  bool indent = true;
  bool expand_empty = false;  // <a></a> rather than <a/> for an element without content
};

// OK when every name, attribute value and text under `node` can be written as XML 1.0: no NUL,
// no control character other than tab, line feed and carriage return, no U+FFFE or U+FFFF.
// Otherwise InvalidInput naming the element and the character ("<prompt> holds U+000B, which XML
// 1.0 cannot carry"). Write() does not check; exporters call this first.
Status CheckWritable(const Node& node);

// `root` as a UTF-8 document ending with a newline. CDATA nodes holding "]]>" are split into
// several sections so the text survives. A carriage return in text is written as &#13; (a raw one
// reads back as a line feed), and CDATA holding one is written as escaped text.
std::string Write(const Node& root, const WriteOptions& options = {});
// Writes a document whose root holds many children one child at a time, so a large document never
// exists as one tree: the output is byte for byte what Write() gives for the root with all the
// children appended.
class StreamWriter {
 public:
  // `root` is the root element without children (its name and attributes are used).
  StreamWriter(const Node& root, const WriteOptions& options);
  // Appends `child` (an element) under the root.
  void Append(const Node& child);
  // The whole document; the writer is spent afterwards.
  std::string Finish();

 private:
  Node root_;
  WriteOptions options_;
  std::string out_;
  std::string tail_;
  size_t count_ = 0;
};

// `nodes` as element content on one line, without declaration or indentation (the inverse of
// ParseFragment).
std::string WriteFragment(const std::vector<Node>& nodes);

}  // namespace qbank::xml

#endif  // QBANK_XML_XML_TREE_H_
