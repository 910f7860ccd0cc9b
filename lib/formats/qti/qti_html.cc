// The allow-list, taken from the QTI 2.1 schema (imsqti_v2p1.xsd, 2012) and the QTI 3.0 ASI
// schema: which XHTML elements each version knows, what each may hold, and which attributes it
// takes with which values. MathML (<math>, by the MathML 2 or 3 schema each version imports:
// qti_mathml.h) and <object> with its <param>s stand where inline content does in both; 3.0 adds
// <audio> and <video> (with <source> and <track>, where flow content stands; elsewhere, and in
// 2.1, they become an <object> playing their first source) and <ruby> (<rb> <rp> <rt>). Where the
// schema is more permissive than the table (label, bdi and caption hold flow content in 3.0; rtc
// and picture exist), the table keeps the narrower rule: the output is valid either way, and the
// content is kept.
#include "formats/qti/qti_html.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "base/ascii_text.h"
#include "base/utf8_text.h"
#include "formats/qti/qti_mathml.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using Version = QtiFormat::Version;

// What an element may hold.
enum class Model : uint8_t {
  kEmpty,   // nothing (br, img, hr, col)
  kText,    // text alone
  kInline,  // text and inline elements
  kFlow,    // text, inline and block elements
  kFigure,  // flow and a figcaption (3.0)
  kBlocks,  // block elements alone (2.1's blockquote)
  kList,    // li
  kTerms,   // dt, dd
  kTable,   // caption, col, colgroup, thead, tfoot, tbody
  kRows,    // tr
  kCells,   // td, th
  kCols,    // col
  kObject,  // flow and param (object)
  kMedia,   // source and track alone (3.0's audio and video)
  kRuby,    // text, inline elements, rb, rp and rt (3.0's ruby)
};

enum class Kind : uint8_t {
  kInline,
  kBlock,
  kPart,  // stands only in one kind of parent (li, td, tr, caption, ...)
};

constexpr uint8_t k21 = 1;
constexpr uint8_t k30 = 2;
constexpr uint8_t kBoth = k21 | k30;

struct ElementRule {
  std::string_view name;
  Kind kind;
  Model model21;  // what it holds in 2.1 (unused when versions lacks k21)
  Model model30;
  uint8_t versions;
  std::string_view attributes;  // beyond the common ones (class id label xml:lang; 3.0 lang dir
                                // role), space-separated
};

constexpr Kind kI = Kind::kInline;
constexpr Kind kB = Kind::kBlock;
constexpr Kind kP = Kind::kPart;

// Sorted by name (Find is a binary search).
constexpr ElementRule kElements[] = {
    {"a", kI, Model::kInline, Model::kInline, kBoth, "href type"},
    {"abbr", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"acronym", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"address", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"article", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"aside", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"audio", kB, Model::kMedia, Model::kMedia, k30,
     "src crossorigin preload autoplay mediagroup loop muted controls"},
    {"b", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"bdi", kI, Model::kInline, Model::kInline, k30, ""},
    {"bdo", kI, Model::kInline, Model::kInline, k30, ""},
    {"big", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"blockquote", kB, Model::kBlocks, Model::kFlow, kBoth, "cite"},
    {"br", kI, Model::kEmpty, Model::kEmpty, kBoth, ""},
    {"caption", kP, Model::kInline, Model::kInline, kBoth, ""},
    {"cite", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"code", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"col", kP, Model::kEmpty, Model::kEmpty, kBoth, "span"},
    {"colgroup", kP, Model::kCols, Model::kCols, kBoth, "span"},
    {"dd", kP, Model::kFlow, Model::kFlow, kBoth, ""},
    {"dfn", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"div", kB, Model::kFlow, Model::kFlow, kBoth, ""},
    {"dl", kB, Model::kTerms, Model::kTerms, kBoth, ""},
    {"dt", kP, Model::kInline, Model::kInline, kBoth, ""},
    {"em", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"figcaption", kP, Model::kFlow, Model::kFlow, k30, ""},
    {"figure", kB, Model::kFigure, Model::kFigure, k30, ""},
    {"footer", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"h1", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"h2", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"h3", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"h4", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"h5", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"h6", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"header", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"hr", kB, Model::kEmpty, Model::kEmpty, kBoth, ""},
    {"i", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"img", kI, Model::kEmpty, Model::kEmpty, kBoth, "src alt width height longdesc"},
    {"kbd", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"label", kI, Model::kInline, Model::kInline, k30, ""},
    {"li", kP, Model::kFlow, Model::kFlow, kBoth, ""},
    {"nav", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"object", kI, Model::kObject, Model::kObject, kBoth, "data type width height"},
    {"ol", kB, Model::kList, Model::kList, kBoth, ""},
    {"p", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"param", kP, Model::kEmpty, Model::kEmpty, kBoth, "name value valuetype type"},
    {"pre", kB, Model::kInline, Model::kInline, kBoth, ""},
    {"q", kI, Model::kInline, Model::kInline, kBoth, "cite"},
    {"rb", kP, Model::kInline, Model::kInline, k30, ""},
    {"rp", kP, Model::kInline, Model::kInline, k30, ""},
    {"rt", kP, Model::kInline, Model::kInline, k30, ""},
    {"ruby", kI, Model::kRuby, Model::kRuby, k30, ""},
    {"samp", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"section", kB, Model::kFlow, Model::kFlow, k30, ""},
    {"small", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"source", kP, Model::kEmpty, Model::kEmpty, k30, "src type srcset media sizes"},
    {"span", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"strong", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"sub", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"sup", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"table", kB, Model::kTable, Model::kTable, kBoth, "summary"},
    {"tbody", kP, Model::kRows, Model::kRows, kBoth, ""},
    {"td", kP, Model::kFlow, Model::kFlow, kBoth,
     "abbr align axis colspan headers rowspan scope valign"},
    {"tfoot", kP, Model::kRows, Model::kRows, kBoth, ""},
    {"th", kP, Model::kFlow, Model::kFlow, kBoth,
     "abbr align axis colspan headers rowspan scope valign"},
    {"thead", kP, Model::kRows, Model::kRows, kBoth, ""},
    {"tr", kP, Model::kCells, Model::kCells, kBoth, ""},
    {"track", kP, Model::kEmpty, Model::kEmpty, k30, "kind src srclang default"},
    {"tt", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"ul", kB, Model::kList, Model::kList, kBoth, ""},
    {"var", kI, Model::kInline, Model::kInline, kBoth, ""},
    {"video", kB, Model::kMedia, Model::kMedia, k30,
     "src crossorigin preload autoplay mediagroup loop muted controls poster width height"},
};

// 3.0's role values (the schema's enumeration).
constexpr std::string_view kRoles[] = {"alert",         "alertdialog",
                                       "application",   "article",
                                       "banner",        "button",
                                       "checkbox",      "code",
                                       "columnheader",  "combobox",
                                       "complementary", "contentinfo",
                                       "definition",    "deletion",
                                       "dialog",        "document",
                                       "emphasis",      "figure",
                                       "form",          "generic",
                                       "grid",          "gridcell",
                                       "group",         "heading",
                                       "img",           "insertion",
                                       "link",          "list",
                                       "listbox",       "listitem",
                                       "log",           "main",
                                       "marquee",       "math",
                                       "menu",          "menubar",
                                       "menuitem",      "menuitemcheckbox",
                                       "menuitemradio", "meter",
                                       "navigation",    "note",
                                       "option",        "presentation",
                                       "progressbar",   "radio",
                                       "radiogroup",    "region",
                                       "row",           "rowgroup",
                                       "rowheader",     "scrollbar",
                                       "search",        "searchbox",
                                       "separator",     "slider",
                                       "spinbutton",    "status",
                                       "strong",        "subscript",
                                       "superscript",   "switch",
                                       "tab",           "tablist",
                                       "tabpanel",      "term",
                                       "textbox",       "time",
                                       "timer",         "toolbar",
                                       "tooltip",       "tree",
                                       "treegrid",      "treeitem"};

const ElementRule* Find(std::string_view name, Version version) {
  auto it = std::lower_bound(std::begin(kElements), std::end(kElements), name,
                             [](const ElementRule& r, std::string_view n) { return r.name < n; });
  if (it == std::end(kElements) || it->name != name) return nullptr;
  uint8_t bit = version == Version::k21 ? k21 : k30;
  return (it->versions & bit) != 0 ? &*it : nullptr;
}

// Elements whose content is code or page furniture, not text for the reader: dropped whole.
bool DroppedWithContent(std::string_view name) {
  return name == "script" || name == "style" || name == "noscript" || name == "template" ||
         name == "head" || name == "title" || name == "meta" || name == "link";
}

bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }

bool IsNcName(std::string_view s) {
  if (s.empty() || !(IsAsciiAlpha(s[0]) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return IsAsciiAlpha(c) || IsAsciiDigit(c) || c == '_' || c == '-' || c == '.';
  });
}

// xs:language: [a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*
bool IsLanguage(std::string_view s) {
  size_t start = 0;
  bool first = true;
  while (true) {
    size_t dash = s.find('-', start);
    std::string_view part = s.substr(start, dash == std::string_view::npos ? s.npos : dash - start);
    if (part.empty() || part.size() > 8) return false;
    for (char c : part) {
      if (!IsAsciiAlpha(c) && (first || !IsAsciiDigit(c))) return false;
    }
    if (dash == std::string_view::npos) return true;
    start = dash + 1;
    first = false;
  }
}

// xs:int as HTML writes it.
bool IsInt(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), IsAsciiDigit);
}

// Length.Type: [0-9]+%?
bool IsLength(std::string_view s) {
  if (!s.empty() && s.back() == '%') s.remove_suffix(1);
  return !s.empty() && std::all_of(s.begin(), s.end(), IsAsciiDigit);
}

// MimeType.Type: type/subtype in printable ASCII without the separators.
bool IsMimeType(std::string_view s) {
  size_t slash = s.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == s.size()) return false;
  constexpr std::string_view kSeparators = "()<>@,;:\\\"/[]?= ";
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (i == slash) continue;
    if (c <= ' ' || c > '~' || kSeparators.find(c) != std::string_view::npos) return false;
  }
  return true;
}

bool OneOf(std::string_view s, std::initializer_list<std::string_view> values) {
  return std::find(values.begin(), values.end(), s) != values.end();
}

bool Listed(std::string_view list, std::string_view word) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t space = list.find(' ', start);
    size_t end = space == std::string_view::npos ? list.size() : space;
    if (list.substr(start, end - start) == word) return true;
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  return false;
}

bool AcceptsText(Model m) {
  return m == Model::kText || m == Model::kInline || m == Model::kFlow || m == Model::kFigure ||
         m == Model::kObject || m == Model::kRuby;
}

// MathML's <math> stands where inline content does, in both versions (qti_mathml.h).
constexpr ElementRule kMathRule = {"math",         Kind::kInline, Model::kInline,
                                   Model::kInline, kBoth,         ""};

// Attributes the schemas type xs:boolean, which HTML writes by presence (controls, controls="",
// controls="controls").
bool IsBooleanAttribute(std::string_view name) {
  return OneOf(name, {"autoplay", "controls", "default", "loop", "muted"});
}

// The media type a file name's extension says, for an <object> made of 2.1's <audio> or <video>.
std::string_view MediaTypeOfName(std::string_view src, std::string_view element) {
  size_t dot = src.find_last_of("./");
  if (dot == std::string_view::npos || src[dot] != '.') return {};
  std::string ext = AsciiLowered(src.substr(dot + 1));
  if (size_t end = ext.find_first_of("?#"); end != std::string::npos) ext.resize(end);
  if (ext == "mp3") return "audio/mpeg";
  if (ext == "wav") return "audio/wav";
  if (ext == "m4a") return "audio/mp4";
  if (ext == "ogg" || ext == "oga") return element == "video" ? "video/ogg" : "audio/ogg";
  if (ext == "mp4" || ext == "m4v") return element == "audio" ? "audio/mp4" : "video/mp4";
  if (ext == "webm") return element == "audio" ? "audio/webm" : "video/webm";
  return {};
}

// The element a stray piece of content is wrapped in, for a model that has one.
std::string_view WrapperOf(Model m) {
  switch (m) {
    case Model::kBlocks:
      return "p";
    case Model::kList:
      return "li";
    case Model::kTerms:
      return "dd";
    case Model::kTable:
      return "tbody";
    case Model::kRows:
      return "tr";
    case Model::kCells:
      return "td";
    default:
      return {};
  }
}

// The order QTI's schemas want a table's parts in.
int TableRank(std::string_view name) {
  if (name == "caption") return 0;
  if (name == "col") return 1;
  if (name == "colgroup") return 2;
  if (name == "thead") return 3;
  if (name == "tfoot") return 4;
  return 5;
}

void AppendText(std::vector<xml::Node>& out, std::string text) {
  if (!out.empty() && !out.back().is_element()) {
    out.back().text += text;
    return;
  }
  out.push_back(xml::Node::Text(std::move(text)));
}

}  // namespace

bool IsScriptUri(std::string_view uri) {
  std::string compact;
  for (char c : uri) {
    if (static_cast<unsigned char>(c) > ' ') compact.push_back(c);
  }
  return AsciiStartsWithIgnoringCase(compact, "javascript:") ||
         AsciiStartsWithIgnoringCase(compact, "vbscript:");
}

// One Clean call: where content goes (a slot: a list of nodes and what it may hold) and how each
// node is kept, wrapped, unwrapped or dropped there.
class QtiHtmlFill {
 public:
  QtiHtmlFill(QtiHtmlCleaner& cleaner, std::vector<std::string>& changes)
      : cleaner_(cleaner), changes_(changes) {}

  // A list being filled: the root list or the children of an element of the parent slot (found
  // by index, since the parent's list may grow while this slot is in use).
  struct Slot {
    explicit Slot(Model m) : model(m) {}
    Model model;
    std::vector<xml::Node>* root = nullptr;
    Slot* parent = nullptr;
    size_t index = 0;
    size_t run = kNone;           // index of the wrapper the current run of stray content fills
    std::unique_ptr<Slot> inner;  // that wrapper's slot
    int captions = 0;

    std::vector<xml::Node>& Out() const {
      return parent != nullptr ? parent->Out()[index].children : *root;
    }
  };
  static constexpr size_t kNone = static_cast<size_t>(-1);

  void Fill(std::vector<xml::Node> nodes, Slot& slot) {
    for (xml::Node& n : nodes) Put(std::move(n), slot);
  }

 private:
  const ElementRule* RuleOf(const std::string& name) const {
    if (name.find(':') != std::string::npos) return nullptr;
    return Find(name, cleaner_.version_);
  }
  Model ModelOf(const ElementRule& rule) const {
    return cleaner_.version_ == Version::k21 ? rule.model21 : rule.model30;
  }

  void Put(xml::Node n, Slot& slot) {
    if (!n.is_element()) {
      PutText(std::move(n), slot);
      return;
    }
    std::string name = AsciiLowered(n.name);
    if (DroppedWithContent(name)) {
      changes_.push_back("<" + name + "> dropped");
      return;
    }
    if (IsMathMlRoot(n)) {
      PutMath(std::move(n), slot);
      return;
    }
    const ElementRule* rule = RuleOf(name);
    if ((name == "audio" || name == "video") &&
        (rule == nullptr || (!Accepts(slot, *rule) && !Wraps(slot.model, rule))) &&
        AsObject(n, name)) {
      name = "object";
      rule = RuleOf(name);
    }
    if (rule != nullptr && Accepts(slot, *rule)) {
      if (!HasRequiredAttributes(n, name)) {
        Unwrap(std::move(n), name, rule, slot);  // an <object>'s fallback content stays
        return;
      }
      if (name != "a" || UsableLink(n, "href")) {
        if (slot.model != Model::kTable) CloseRun(slot);
        Keep(std::move(n), name, *rule, slot);
        return;
      }
    } else if (Wraps(slot.model, rule)) {
      PutInRun(std::move(n), slot);
      return;
    }
    Unwrap(std::move(n), name, rule, slot);
  }

  // MathML: kept whole where inline content stands (cleaned by its own schema's names), its text
  // where only text does.
  void PutMath(xml::Node n, Slot& slot) {
    if (Accepts(slot, kMathRule)) {
      CloseRun(slot);
      CleanMathMl(n, cleaner_.version_, changes_);
      slot.Out().push_back(std::move(n));
    } else if (Wraps(slot.model, &kMathRule)) {
      PutInRun(std::move(n), slot);
    } else {
      changes_.push_back("<math> unwrapped");
      PutText(xml::Node::Text(n.TextContent()), slot);
    }
  }

  // Where the schema has no place for <audio> or <video> (2.1 has neither; 3.0 takes them where
  // flow content stands, not in a paragraph), media plays in an <object data type>. The first
  // source whose type is known (given, or said by its file name) becomes the object; the
  // element's other attributes, sources and tracks are dropped. False (`n` as it was) without
  // such a source.
  bool AsObject(xml::Node& n, const std::string& name) {
    std::vector<const xml::Node*> sources = {&n};
    for (const xml::Node& c : n.children) {
      if (c.is_element() && AsciiEqualIgnoringCase(c.name, "source")) sources.push_back(&c);
    }
    for (const xml::Node* source : sources) {
      const std::string* src = source->FindAttribute("src");
      if (src == nullptr || Trim(*src).empty() || IsScriptUri(*src)) continue;
      const std::string* given = source->FindAttribute("type");
      std::string type = given != nullptr && IsMimeType(*given)
                             ? *given
                             : std::string(MediaTypeOfName(*src, name));
      if (type.empty()) continue;
      xml::Node object = xml::Node::Element("object");
      object.SetAttribute("data", *src);
      object.SetAttribute("type", type);
      for (const xml::Attribute& a : n.attributes) {
        if (a.name == "src" && source == &n) continue;
        if ((a.name == "width" || a.name == "height") && IsLength(a.value)) {
          object.SetAttribute(a.name, a.value);
        } else {
          changes_.push_back(AsciiLowered(a.name) + " attribute dropped");
        }
      }
      for (const xml::Node& c : n.children) {
        if (c.is_element() && &c != source)
          changes_.push_back("<" + AsciiLowered(c.name) + "> dropped");
        if (!c.is_element() && !IsBlank(c.text)) changes_.push_back("text dropped");
      }
      n = std::move(object);
      return true;
    }
    return false;
  }

  // An element the schema requires attributes of, without them: an <img> without a usable src,
  // an <object> without data and a media type, a <param> without name and value, a <track>
  // without src.
  bool HasRequiredAttributes(const xml::Node& n, std::string_view name) const {
    if (name == "img" || name == "track") return UsableLink(n, "src");
    if (name == "object") {
      const std::string* type = n.FindAttribute("type");
      return UsableLink(n, "data") && type != nullptr && IsMimeType(*type);
    }
    if (name == "param") return n.FindAttribute("name") != nullptr && n.FindAttribute("value");
    return true;
  }

  void PutText(xml::Node n, Slot& slot) {
    if (AcceptsText(slot.model)) {
      CloseRun(slot);
      AppendText(slot.Out(), std::move(n.text));
    } else if (IsBlank(n.text)) {
      if (slot.inner != nullptr && slot.model != Model::kTable) Put(std::move(n), *slot.inner);
    } else if (!WrapperOf(slot.model).empty()) {
      PutInRun(std::move(n), slot);
    } else {
      changes_.push_back("text dropped");
    }
  }

  bool Accepts(Slot& slot, const ElementRule& rule) const {
    std::string_view name = rule.name;
    switch (slot.model) {
      case Model::kEmpty:
      case Model::kText:
        return false;
      case Model::kInline:
        return rule.kind == Kind::kInline;
      case Model::kFlow:
        return rule.kind != Kind::kPart;
      case Model::kFigure:
        return rule.kind != Kind::kPart || name == "figcaption";
      case Model::kBlocks:
        return rule.kind == Kind::kBlock;
      case Model::kList:
        return name == "li";
      case Model::kTerms:
        return name == "dt" || name == "dd";
      case Model::kTable:
        if (name == "caption") return slot.captions++ == 0;
        return OneOf(name, {"col", "colgroup", "thead", "tbody", "tfoot"});
      case Model::kRows:
        return name == "tr";
      case Model::kCells:
        return name == "td" || name == "th";
      case Model::kCols:
        return name == "col";
      case Model::kObject:
        return rule.kind != Kind::kPart || name == "param";
      case Model::kMedia:
        return name == "source" || name == "track";
      case Model::kRuby:
        return rule.kind == Kind::kInline || OneOf(name, {"rb", "rp", "rt"});
    }
    return false;
  }

  // Whether stray content of this kind goes into the model's wrapper element.
  static bool Wraps(Model m, const ElementRule* rule) {
    if (rule == nullptr || WrapperOf(m).empty()) return false;
    if (rule->kind != Kind::kPart) return m != Model::kBlocks || rule->kind == Kind::kInline;
    std::string_view name = rule->name;
    if (m == Model::kTable) return OneOf(name, {"tr", "td", "th"});
    if (m == Model::kRows) return name == "td" || name == "th";
    return false;
  }

  void PutInRun(xml::Node n, Slot& slot) {
    if (slot.run == kNone) {
      std::vector<xml::Node>& out = slot.Out();
      std::string_view wrapper = WrapperOf(slot.model);
      bool reuse = (slot.model == Model::kList || slot.model == Model::kTerms ||
                    slot.model == Model::kRows) &&
                   !out.empty() && out.back().is_element() && out.back().name == wrapper;
      if (!reuse) out.push_back(xml::Node::Element(std::string(wrapper)));
      slot.run = out.size() - 1;
      const ElementRule* rule = Find(wrapper, cleaner_.version_);
      slot.inner = std::make_unique<Slot>(ModelOf(*rule));
      slot.inner->parent = &slot;
      slot.inner->index = slot.run;
    }
    Put(std::move(n), *slot.inner);
  }

  static void CloseRun(Slot& slot) {
    slot.run = kNone;
    slot.inner.reset();
  }

  void Unwrap(xml::Node n, const std::string& name, const ElementRule* rule, Slot& slot) {
    bool has_content = !n.children.empty();
    changes_.push_back("<" + name + (has_content ? "> unwrapped" : "> dropped"));
    Fill(std::move(n.children), slot);
    // A line or paragraph break between words that now run together in text.
    bool breaks = name == "br" || (rule != nullptr && rule->kind != Kind::kInline);
    if (breaks && (slot.model == Model::kInline || slot.model == Model::kText)) {
      AppendText(slot.Out(), " ");
    }
  }

  void Keep(xml::Node n, std::string name, const ElementRule& rule, Slot& slot) {
    std::vector<xml::Node> children = std::move(n.children);
    n.children.clear();
    n.name = std::move(name);
    FilterAttributes(n, rule);
    std::vector<xml::Node>& out = slot.Out();
    out.push_back(std::move(n));
    size_t at = out.size() - 1;
    Slot inner(ModelOf(rule));
    inner.parent = &slot;
    inner.index = at;
    Fill(std::move(children), inner);
    inner.inner.reset();
    Finish(at, slot);
  }

  // Checks that need the element's content: empty table parts go, a table gets its parts in order
  // and a tbody (or is unwrapped when it has no rows at all).
  void Finish(size_t at, Slot& slot) {
    std::vector<xml::Node>& out = slot.Out();
    xml::Node& e = out[at];
    if (OneOf(e.name, {"tr", "thead", "tbody", "tfoot", "colgroup"}) &&
        std::none_of(e.children.begin(), e.children.end(),
                     [](const xml::Node& c) { return c.is_element(); })) {
      if (e.name != "colgroup") out.erase(out.begin() + static_cast<std::ptrdiff_t>(at));
      return;
    }
    if (e.name != "table") return;
    if (OrderTable(e)) return;
    xml::Node table = std::move(out[at]);
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(at));
    Unwrap(std::move(table), "table", Find("table", cleaner_.version_), slot);
  }

  // False when the table has no row.
  static bool OrderTable(xml::Node& table) {
    std::stable_sort(table.children.begin(), table.children.end(),
                     [](const xml::Node& a, const xml::Node& b) {
                       return TableRank(a.name) < TableRank(b.name);
                     });
    int heads = 0;
    int feet = 0;
    xml::Node* last_part = nullptr;
    bool body = false;
    for (xml::Node& c : table.children) {
      if (c.name == "thead" && heads++ > 0) c.name = "tbody";
      if (c.name == "tfoot" && feet++ > 0) c.name = "tbody";
      if (OneOf(c.name, {"thead", "tfoot"})) last_part = &c;
      body = body || c.name == "tbody";
    }
    if (!body && last_part == nullptr) return false;
    if (!body) last_part->name = "tbody";
    std::stable_sort(table.children.begin(), table.children.end(),
                     [](const xml::Node& a, const xml::Node& b) {
                       return TableRank(a.name) < TableRank(b.name);
                     });
    return true;
  }

  bool UsableLink(const xml::Node& n, std::string_view attribute) const {
    for (const xml::Attribute& a : n.attributes) {
      if (AsciiEqualIgnoringCase(a.name, attribute))
        return !Trim(a.value).empty() && !IsScriptUri(a.value);
    }
    return false;
  }

  void FilterAttributes(xml::Node& n, const ElementRule& rule) {
    std::vector<xml::Attribute> kept;
    bool v21 = cleaner_.version_ == Version::k21;
    bool has_xml_lang = n.FindAttribute("xml:lang") != nullptr;
    for (xml::Attribute& a : n.attributes) {
      std::string name = AsciiLowered(a.name);
      if (name == "lang" && v21 && !has_xml_lang && IsLanguage(a.value)) {
        kept.push_back({"xml:lang", a.value});
        continue;
      }
      if (IsBooleanAttribute(name) && Listed(rule.attributes, name) && a.value != "false") {
        a.value = "true";
      }
      if (AttributeAllowed(name, rule) && ValueValid(rule.name, name, a.value)) {
        kept.push_back({name, std::move(a.value)});
      } else {
        changes_.push_back(name + " attribute dropped");
      }
    }
    n.attributes = std::move(kept);
    if (n.name == "img" && n.FindAttribute("alt") == nullptr) n.SetAttribute("alt", "");
    if (n.name == "param" && n.FindAttribute("valuetype") == nullptr) {
      n.SetAttribute("valuetype", "DATA");
    }
  }

  bool AttributeAllowed(std::string_view name, const ElementRule& rule) const {
    if (OneOf(name, {"class", "id", "label", "xml:lang"})) return true;
    if (cleaner_.version_ == Version::k30 && OneOf(name, {"lang", "dir", "role"})) return true;
    return Listed(rule.attributes, name);
  }

  bool ValueValid(std::string_view element, std::string_view name, std::string_view value) {
    if (name == "id") {
      if (!IsNcName(value) || cleaner_.ids_.count(value) != 0) return false;
      cleaner_.ids_.insert(std::string(value));
      return true;
    }
    if (name == "label") {
      return value.size() <= 256 && value.find_first_of("\t\r\n") == std::string_view::npos;
    }
    if (name == "xml:lang") return value.empty() || IsLanguage(value);
    if (name == "lang") return IsLanguage(value);
    if (name == "dir") return OneOf(value, {"ltr", "rtl", "auto"});
    if (name == "role")
      return std::find(std::begin(kRoles), std::end(kRoles), value) != std::end(kRoles);
    if (OneOf(name, {"href", "src", "cite", "longdesc", "data", "poster"})) {
      return !IsScriptUri(value);
    }
    if (name == "type") return IsMimeType(value);
    if (element == "video" && (name == "width" || name == "height")) {
      return !value.empty() && std::all_of(value.begin(), value.end(), IsAsciiDigit);
    }
    if (name == "width" || name == "height") return IsLength(value);
    if (IsBooleanAttribute(name)) return value == "true" || value == "false";
    if (name == "crossorigin") return OneOf(value, {"anonymous", "use-credentials"});
    if (name == "preload") return OneOf(value, {"none", "auto", "metadata"});
    if (name == "kind") {
      return OneOf(value, {"subtitles", "captions", "descriptions", "chapters", "metadata"});
    }
    if (name == "valuetype") return OneOf(value, {"DATA", "REF"});
    if (OneOf(name, {"colspan", "rowspan", "span"})) return IsInt(value);
    if (name == "align") return OneOf(value, {"left", "center", "right", "justify", "char"});
    if (name == "valign") return OneOf(value, {"top", "middle", "bottom", "baseline"});
    if (name == "scope") return OneOf(value, {"col", "colgroup", "row", "rowgroup"});
    if (name == "headers") return IsNcName(value);
    return true;
  }

  QtiHtmlCleaner& cleaner_;
  std::vector<std::string>& changes_;
};

void QtiHtmlCleaner::Clean(std::vector<xml::Node>& nodes, QtiHtmlPlace place,
                           std::vector<std::string>& changes) {
  Model model = Model::kFlow;
  if (place == QtiHtmlPlace::kInline) model = Model::kInline;
  if (place == QtiHtmlPlace::kText) model = Model::kText;
  std::vector<xml::Node> out;
  QtiHtmlFill::Slot root(model);
  root.root = &out;
  QtiHtmlFill(*this, changes).Fill(std::move(nodes), root);
  root.inner.reset();
  nodes = std::move(out);
}

bool QtiHtmlCleaner::IsBlock(const xml::Node& node) const {
  if (!node.is_element()) return false;
  const ElementRule* rule = Find(AsciiLowered(node.name), version_);
  return rule != nullptr && rule->kind == Kind::kBlock;
}

}  // namespace qbank::formats
