// Reading XML into a Node tree and writing it back, over pugixml, with the safety checks the
// formats rely on (no DOCTYPE, no entities, bounded depth).
#include "xml/xml_tree.h"

#include <cctype>
#include <cstdio>
#include <exception>
#include <pugixml.hpp>
#include <utility>

#include "base/utf8_text.h"
#include "text/unicode.h"

namespace qbank::xml {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// HTML's inline elements: white space next to one is part of the text ("<b>a</b> <i>b</i>"),
// while white space between other elements is layout.
bool IsInlineHtml(std::string_view name) {
  if (size_t colon = name.find(':'); colon != std::string_view::npos) name.remove_prefix(colon + 1);
  static constexpr std::string_view kInline[] = {
      "a",     "abbr", "acronym", "b",      "bdi", "bdo", "big",  "br",   "cite", "code", "del",
      "dfn",   "em",   "font",    "i",      "img", "ins", "kbd",  "mark", "q",    "s",    "samp",
      "small", "span", "strike",  "strong", "sub", "sup", "time", "tt",   "u",    "var",  "math"};
  for (std::string_view n : kInline) {
    if (n == name) return true;
  }
  return false;
}

bool IsInlineHtml(const pugi::xml_node& n) {
  return n.type() == pugi::node_element && IsInlineHtml(std::string_view(n.name()));
}

// What pugixml's status means, phrased as what the reader expected.
std::string DescribeParseError(pugi::xml_parse_status status) {
  switch (status) {
    case pugi::status_unrecognized_tag:
      return "expected an element name after '<'";
    case pugi::status_bad_pi:
      return "expected a well-formed declaration or processing instruction";
    case pugi::status_bad_comment:
      return "expected a well-formed comment ending with '-->'";
    case pugi::status_bad_cdata:
      return "expected a CDATA section ending with ']]>'";
    case pugi::status_bad_doctype:
      return "expected a well-formed DOCTYPE (and DOCTYPE is not accepted anyway)";
    case pugi::status_bad_pcdata:
      return "expected well-formed character data";
    case pugi::status_bad_start_element:
      return "expected a well-formed start tag (name, attributes, '>')";
    case pugi::status_bad_attribute:
      return "expected a well-formed attribute (name=\"value\")";
    case pugi::status_bad_end_element:
      return "expected a well-formed end tag";
    case pugi::status_end_element_mismatch:
      return "expected the end tag of the element that is open here (start and end tags do not "
             "match)";
    case pugi::status_append_invalid_root:
    case pugi::status_no_document_element:
      return "expected a root element";
    case pugi::status_out_of_memory:
      return "not enough memory to read the document";
    default:
      return "expected a well-formed XML document";
  }
}

// True for the code points XML 1.0 (2.2) counts as characters, less the C0 controls: tab, line
// feed, carriage return, U+0020-U+D7FF, U+E000-U+FFFD and U+10000-U+10FFFF. A reference to a C0
// control (&#27;) names a character qbank can hold, and the import check refuses it at its question
// (docs/reliability.md); a reference to anything else names no character at all.
bool IsReferenceableCodePoint(unsigned long cp) {
  return (cp >= 0x1 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         (cp >= 0x10000 && cp <= 0x10FFFF);
}

// The first reference that names nothing outside comments, CDATA sections and processing
// instructions: an entity other than the five predefined ones (without a DOCTYPE it is
// undefined, and pugixml would keep it as literal text), or a character reference to no character
// (&#0;, a surrogate, U+FFFE, U+FFFF, past U+10FFFF: pugixml cuts the text at &#0; and turns the
// others into U+FFFD). Sets `message` and returns the offset of its '&'; npos when there is none.
size_t FindBadReference(std::string_view s, std::string* message) {
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (c == '<') {
      std::string_view rest = s.substr(i);
      std::string_view close;
      if (rest.starts_with("<!--")) {
        close = "-->";
      } else if (rest.starts_with("<![CDATA[")) {
        close = "]]>";
      } else if (rest.starts_with("<?")) {
        close = "?>";
      }
      if (!close.empty()) {
        size_t end = s.find(close, i + 2);
        if (end == std::string_view::npos) return std::string_view::npos;  // the parser says so
        i = end + close.size();
        continue;
      }
      ++i;
      continue;
    }
    if (c == '&') {
      // A name is looked at up to 64 bytes; a character reference whole, however many digits
      // (pugixml reads them all: a long one once went past this check and wrapped round).
      const bool numeric = i + 1 < s.size() && s[i + 1] == '#';
      size_t j = i + 1;
      while (j < s.size() && (j - i < 64 || numeric) &&
             (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == '-' ||
              s[j] == '.' || s[j] == ':' || s[j] == '#' ||
              static_cast<unsigned char>(s[j]) >= 0x80)) {
        ++j;
      }
      if (j < s.size() && s[j] == ';' && j > i + 1) {
        std::string_view ref = s.substr(i + 1, j - i - 1);
        if (ref.starts_with('#')) {
          std::string_view digits = ref.substr(1);
          int radix = 10;
          if (digits.starts_with('x')) {
            digits.remove_prefix(1);
            radix = 16;
          }
          unsigned long cp = 0;
          bool valid = !digits.empty();
          for (char d : digits) {
            int v = std::isdigit(static_cast<unsigned char>(d)) ? d - '0'
                    : radix == 16 && std::isxdigit(static_cast<unsigned char>(d))
                        ? std::tolower(static_cast<unsigned char>(d)) - 'a' + 10
                        : -1;
            if (v < 0) {
              valid = false;
              break;
            }
            cp = cp * radix + static_cast<unsigned long>(v);
            if (cp > 0x10FFFF) cp = 0x110000;  // stays past the range, never wraps
          }
          if (!valid) {
            *message = "malformed character reference '&" + std::string(ref) +
                       ";'; expected &#DIGITS; or &#xHEX;";
            return i;
          }
          if (!IsReferenceableCodePoint(cp)) {
            *message = "character reference '&" + std::string(ref) +
                       ";' names no XML character (XML 1.0 allows tab, line breaks, U+0020-U+D7FF, "
                       "U+E000-U+FFFD and U+10000-U+10FFFF); expected a character";
            return i;
          }
        } else if (ref != "lt" && ref != "gt" && ref != "amp" && ref != "apos" && ref != "quot") {
          *message = "reference to undefined entity '&" + std::string(ref) +
                     ";'; expected only &lt; &gt; &amp; &apos; &quot; or a character reference";
          return i;
        }
      }
    }
    ++i;
  }
  return std::string_view::npos;
}

class Converter {
 public:
  // Offsets reported are the offset in `buffer` plus `base` minus `shift`, clamped at zero.
  Converter(const SourceText& source, std::string_view buffer, size_t base, size_t shift,
            size_t max_depth)
      : source_(source), buffer_(buffer), base_(base), shift_(shift), max_depth_(max_depth) {}

  // `preserve`: an ancestor says xml:space="preserve" (XML 1.0 2.10), so white space is text.
  Status Convert(const pugi::xml_node& from, Node& to, size_t depth, bool preserve = false) {
    to.kind = Node::Kind::kElement;
    to.name = from.name();
    to.offset = OffsetOf(from);
    if (to.offset != Node::kNoOffset && to.offset > 0) --to.offset;  // point at '<'
    if (depth > max_depth_) {
      return source_.ErrorAt(to.offset == Node::kNoOffset ? 0 : to.offset,
                             "elements nested deeper than " + std::to_string(max_depth_) +
                                 " levels; expected a shallower document");
    }
    for (pugi::xml_attribute a = from.first_attribute(); a; a = a.next_attribute()) {
      to.attributes.push_back({a.name(), a.value()});
    }
    if (pugi::xml_attribute space = from.attribute("xml:space")) {
      preserve = std::string_view(space.value()) == "preserve";
    }
    bool mixed = preserve;
    for (pugi::xml_node c = from.first_child(); c; c = c.next_sibling()) {
      if (c.type() == pugi::node_pcdata && !IsBlank(c.value())) mixed = true;
    }
    for (pugi::xml_node c = from.first_child(); c; c = c.next_sibling()) {
      switch (c.type()) {
        case pugi::node_element: {
          Node child;
          QBANK_RETURN_IF_ERROR(Convert(c, child, depth + 1, preserve));
          to.children.push_back(std::move(child));
          break;
        }
        case pugi::node_pcdata:
        case pugi::node_cdata: {
          if (c.type() == pugi::node_pcdata && !mixed && IsBlank(c.value()) &&
              !IsInlineHtml(c.previous_sibling()) && !IsInlineHtml(c.next_sibling())) {
            break;
          }
          Node child;
          child.kind = c.type() == pugi::node_cdata ? Node::Kind::kCData : Node::Kind::kText;
          child.text = c.value();
          child.offset = OffsetOf(c);
          child.verbatim =
              child.offset != Node::kNoOffset && child.offset <= source_.content().size() &&
              std::string_view(source_.content()).substr(child.offset, child.text.size()) ==
                  child.text;
          to.children.push_back(std::move(child));
          break;
        }
        default:
          break;  // comments, processing instructions: not kept
      }
    }
    return Status::Ok();
  }

 private:
  size_t OffsetOf(const pugi::xml_node& node) const {
    ptrdiff_t off = node.offset_debug();
    if (off < 0 || static_cast<size_t>(off) > buffer_.size()) return Node::kNoOffset;
    size_t at = static_cast<size_t>(off) + base_;
    return at < shift_ ? 0 : at - shift_;
  }

  const SourceText& source_;
  std::string_view buffer_;
  size_t base_;
  size_t shift_;
  size_t max_depth_;
};

// Parses `content`; positions are reported against `source`, whose text starts `shift` bytes into
// `content` (ParseFragment wraps the text in an element of its own).
Result<Node> ParseImpl(const SourceText& source, std::string_view content, size_t shift,
                       const ParseOptions& options) {
  auto error_at = [&](size_t offset, std::string_view message) {
    return source.ErrorAt(offset < shift ? 0 : offset - shift, message);
  };
  size_t base = 0;
  if (content.starts_with(kUtf8Bom)) base = kUtf8Bom.size();
  std::string_view body = content.substr(base);
  size_t bad = 0;
  if (!text::IsValidUtf8(body, &bad)) {
    return error_at(base + bad, "invalid UTF-8; expected a UTF-8 encoded XML document");
  }
  pugi::xml_document doc;
  // parse_fragment keeps text outside the root element, which pugixml otherwise drops unseen.
  unsigned flags =
      pugi::parse_default | pugi::parse_doctype | pugi::parse_ws_pcdata | pugi::parse_fragment;
  pugi::xml_parse_result parsed =
      doc.load_buffer(body.data(), body.size(), flags, pugi::encoding_utf8);
  if (!parsed) {
    size_t off = parsed.offset < 0 ? 0 : static_cast<size_t>(parsed.offset);
    return error_at(base + off, DescribeParseError(parsed.status));
  }
  pugi::xml_node root;
  for (pugi::xml_node n = doc.first_child(); n; n = n.next_sibling()) {
    if (n.type() == pugi::node_doctype) {
      // Find the declaration itself for the location: pugixml gives the offset of its value.
      size_t at = body.find("<!DOCTYPE");
      if (at == std::string_view::npos) at = 0;
      return error_at(base + at,
                      "DOCTYPE declarations are not accepted (they can declare entities and "
                      "external resources); expected the root element");
    }
    if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) {
      std::string_view text = n.value();
      size_t at = n.type() == pugi::node_pcdata ? text.find_first_not_of(" \t\r\n") : 0;
      if (at == std::string_view::npos) continue;  // layout between the declaration and elements
      ptrdiff_t off = n.offset_debug();
      return error_at(
          base + (off < 0 ? 0 : static_cast<size_t>(off)) + at,
          std::string(root ? "text after the root element <" + std::string(root.name()) + ">"
                           : "text before the root element") +
              "; expected a single root element holding everything");
    }
    if (n.type() != pugi::node_element) continue;
    if (root) {
      // Two documents joined (cat a.xml b.xml) or a second item in one file: reading only the
      // first would drop the rest without a word.
      ptrdiff_t off = n.offset_debug();
      return error_at(base + (off > 0 ? static_cast<size_t>(off) - 1 : 0),
                      "second root element <" + std::string(n.name()) + "> after <" +
                          std::string(root.name()) +
                          ">; expected a single root element (an XML document holds one: "
                          "import joined files one by one)");
    }
    root = n;
  }
  if (!root) {
    return error_at(content.size(), "expected a root element");
  }
  std::string message;
  size_t at = FindBadReference(body, &message);
  if (at != std::string_view::npos) return error_at(base + at, message);
  Node out;
  Converter converter(source, body, base, shift, options.max_depth);
  QBANK_RETURN_IF_ERROR(converter.Convert(root, out, 1));
  return out;
}

// Adds `from` under `parent`. With `indent`, elements that hold only elements get a line break and
// two spaces per level before each child; an element holding any text is written as is, since
// white space added there would change its content.
void Build(const Node& from, pugi::xml_node& parent, bool indent, size_t depth) {
  switch (from.kind) {
    case Node::Kind::kElement: {
      pugi::xml_node e = parent.append_child(from.name.c_str());
      for (const Attribute& a : from.attributes) {
        e.append_attribute(a.name.c_str()).set_value(a.value.c_str());
      }
      // Text, or an inline element whose neighbouring white space would be read as text.
      bool has_text = false;
      for (const Node& c : from.children) {
        has_text = has_text || !c.is_element() || IsInlineHtml(std::string_view(c.name));
      }
      bool indent_children = indent && !has_text && !from.children.empty();
      for (const Node& c : from.children) {
        if (indent_children) {
          std::string ws(1 + 2 * (depth + 1), ' ');  // not "\n" + ...: GCC 12's -O3 -Wrestrict
          ws[0] = '\n';
          e.append_child(pugi::node_pcdata).set_value(ws.c_str());
        }
        Build(c, e, indent && !has_text, depth + 1);
      }
      if (indent_children) {
        std::string ws(1 + 2 * depth, ' ');
        ws[0] = '\n';
        e.append_child(pugi::node_pcdata).set_value(ws.c_str());
      }
      break;
    }
    case Node::Kind::kText:
      parent.append_child(pugi::node_pcdata).set_value(from.text.c_str());
      break;
    case Node::Kind::kCData:
      // A carriage return cannot stand in CDATA (a reader turns it into a line feed) and no
      // reference is read there: such text is written as escaped text, the same characters.
      parent
          .append_child(from.text.find('\r') == std::string::npos ? pugi::node_cdata
                                                                  : pugi::node_pcdata)
          .set_value(from.text.c_str());
      break;
  }
}

// pugixml writes a carriage return in text as it is, and every XML reader turns it into a line
// feed (XML 1.0, 2.11): written as a character reference it reads back as itself. Attributes
// already have it escaped, and Build keeps it out of CDATA, so every raw one is in text.
void EscapeCarriageReturns(std::string& out) {
  if (out.find('\r') == std::string::npos) return;
  std::string escaped;
  escaped.reserve(out.size() + 16);
  for (char c : out) {
    if (c == '\r') {
      escaped += "&#13;";
    } else {
      escaped += c;
    }
  }
  out = std::move(escaped);
}

struct StringWriter : pugi::xml_writer {
  std::string out;
  void write(const void* data, size_t size) override {
    out.append(static_cast<const char*>(data), size);
  }
};

}  // namespace

std::string DeclaredEncoding(std::string_view content) {
  if (content.starts_with(kUtf8Bom)) content.remove_prefix(kUtf8Bom.size());
  if (!content.starts_with("<?xml")) return {};
  size_t end = content.find("?>");
  if (end == std::string_view::npos || end > 256) return {};
  std::string_view decl = content.substr(0, end);
  size_t at = decl.find("encoding");
  if (at == std::string_view::npos) return {};
  size_t eq = decl.find('=', at);
  if (eq == std::string_view::npos) return {};
  size_t quote = decl.find_first_of("\"'", eq);
  if (quote == std::string_view::npos) return {};
  size_t close = decl.find(decl[quote], quote + 1);
  if (close == std::string_view::npos) return {};
  return std::string(decl.substr(quote + 1, close - quote - 1));
}

Node Node::Element(std::string name) {
  Node n;
  n.kind = Kind::kElement;
  n.name = std::move(name);
  return n;
}

Node Node::Text(std::string text) {
  Node n;
  n.kind = Kind::kText;
  n.text = std::move(text);
  return n;
}

Node Node::CData(std::string text) {
  Node n;
  n.kind = Kind::kCData;
  n.text = std::move(text);
  return n;
}

std::string_view Node::LocalName() const {
  std::string_view n = name;
  size_t colon = n.find(':');
  return colon == std::string_view::npos ? n : n.substr(colon + 1);
}

const std::string* Node::FindAttribute(std::string_view attr) const {
  for (const Attribute& a : attributes) {
    if (a.name == attr) return &a.value;
  }
  return nullptr;
}

std::string Node::AttributeOr(std::string_view attr, std::string_view fallback) const {
  const std::string* v = FindAttribute(attr);
  return v != nullptr ? *v : std::string(fallback);
}

Node& Node::SetAttribute(std::string attr, std::string value) {
  for (Attribute& a : attributes) {
    if (a.name == attr) {
      a.value = std::move(value);
      return *this;
    }
  }
  attributes.push_back({std::move(attr), std::move(value)});
  return *this;
}

Node& Node::Append(Node child) {
  children.push_back(std::move(child));
  return children.back();
}

const Node* Node::FirstChild(std::string_view local_name) const {
  for (const Node& c : children) {
    if (c.is_element() && c.LocalName() == local_name) return &c;
  }
  return nullptr;
}

std::vector<const Node*> Node::ChildElements(std::string_view local_name) const {
  std::vector<const Node*> out;
  for (const Node& c : children) {
    if (c.is_element() && (local_name.empty() || c.LocalName() == local_name)) out.push_back(&c);
  }
  return out;
}

std::string Node::TextContent() const {
  if (!is_element()) return text;
  std::string out;
  for (const Node& c : children) out += c.TextContent();
  return out;
}

bool Node::HasChildElements() const {
  for (const Node& c : children) {
    if (c.is_element()) return true;
  }
  return false;
}

Result<Node> Parse(const SourceText& source, const ParseOptions& options) {
  try {
    return ParseImpl(source, source.content(), 0, options);
  } catch (const std::exception& e) {
    return source.ErrorAt(0, std::string("cannot read XML: ") + e.what());
  }
}

Result<std::vector<Node>> ParseFragment(std::string_view text, const std::string& path) {
  constexpr std::string_view kOpen = "<fragment>";
  std::string wrapped = std::string(kOpen) + std::string(text) + "</fragment>";
  SourceText source(path, std::string(text));
  try {
    Result<Node> root = ParseImpl(source, wrapped, kOpen.size(), ParseOptions());
    if (!root.ok()) return root.status();
    return std::move(root->children);
  } catch (const std::exception& e) {
    return source.ErrorAt(0, std::string("cannot read XML: ") + e.what());
  }
}

namespace {

// The first code point XML 1.0 cannot carry in `s` (valid UTF-8), or 0 when there is none.
uint32_t FindUnwritable(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return c == 0 ? 0x110000 : c;
    // U+FFFE and U+FFFF are EF BF BE / EF BF BF.
    if (c == 0xEF && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(s[i + 2]) & 0xFE) == 0xBE) {
      return 0xFFFE + (static_cast<unsigned char>(s[i + 2]) & 1);
    }
  }
  return 0;
}

Status Unwritable(const std::string& where, uint32_t cp) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", cp == 0x110000 ? 0 : cp);
  return Status::InvalidInput(where + " holds " + hex + ", which XML 1.0 cannot carry");
}

}  // namespace

Status CheckWritable(const Node& node) {
  if (!node.is_element()) {
    if (uint32_t cp = FindUnwritable(node.text)) return Unwritable("the text", cp);
    return Status::Ok();
  }
  std::string where = "<" + node.name + ">";
  if (uint32_t cp = FindUnwritable(node.name)) return Unwritable("an element name", cp);
  for (const Attribute& a : node.attributes) {
    if (uint32_t cp = FindUnwritable(a.value)) {
      return Unwritable("attribute " + a.name + " of " + where, cp);
    }
  }
  for (const Node& c : node.children) {
    if (!c.is_element()) {
      if (uint32_t cp = FindUnwritable(c.text)) return Unwritable(where, cp);
    } else {
      QBANK_RETURN_IF_ERROR(CheckWritable(c));
    }
  }
  return Status::Ok();
}

std::string Write(const Node& root, const WriteOptions& options) {
  pugi::xml_document doc;
  Build(root, doc, options.indent, 0);
  StringWriter writer;
  if (options.declaration) writer.out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  unsigned flags = pugi::format_raw | pugi::format_no_declaration;
  if (options.expand_empty) flags |= pugi::format_no_empty_element_tags;
  doc.save(writer, "", flags, pugi::encoding_utf8);
  EscapeCarriageReturns(writer.out);
  writer.out += '\n';
  return std::move(writer.out);
}

namespace {

// The text of `node` as a child of the root (depth 1) of a document written with `options`.
std::string WriteChild(const Node& node, const WriteOptions& options) {
  pugi::xml_document doc;
  Build(node, doc, options.indent, 1);
  StringWriter writer;
  unsigned flags = pugi::format_raw | pugi::format_no_declaration;
  if (options.expand_empty) flags |= pugi::format_no_empty_element_tags;
  doc.save(writer, "", flags, pugi::encoding_utf8);
  EscapeCarriageReturns(writer.out);
  return std::move(writer.out);
}

constexpr std::string_view kSplitMarker = "qbank-stream-writer-split";

}  // namespace

StreamWriter::StreamWriter(const Node& root, const WriteOptions& options)
    : root_(root), options_(options) {
  root_.children.clear();
  // The root with one marker child, cut at the marker: what comes before every child and after
  // the last one.
  Node with_marker = root_;
  with_marker.Append(Node::Element(std::string(kSplitMarker)));
  WriteOptions marker_options = options_;
  marker_options.expand_empty = false;
  std::string whole = Write(with_marker, marker_options);
  std::string marker = "<" + std::string(kSplitMarker) + "/>";
  size_t at = whole.find(marker);
  out_ = whole.substr(0, at);
  tail_ = whole.substr(at + marker.size());
}

void StreamWriter::Append(const Node& child) {
  if (count_++ != 0) out_ += options_.indent ? "\n  " : "";
  out_ += WriteChild(child, options_);
}

std::string StreamWriter::Finish() {
  if (count_ == 0) return Write(root_, options_);
  out_ += tail_;
  return std::move(out_);
}

std::string WriteFragment(const std::vector<Node>& nodes) {
  pugi::xml_document doc;
  pugi::xml_node holder = doc.append_child("fragment");
  for (const Node& n : nodes) Build(n, holder, false, 0);
  StringWriter writer;
  for (pugi::xml_node c = holder.first_child(); c; c = c.next_sibling()) {
    c.print(writer, "", pugi::format_raw, pugi::encoding_utf8);
  }
  EscapeCarriageReturns(writer.out);
  return std::move(writer.out);
}

}  // namespace qbank::xml
