// Reading a .docx package into paragraphs and tables (docx_document.h).
#include "formats/docx/docx_document.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>

#include "base/ascii_text.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::docx {
namespace {

using xml::Node;

// The attribute of `n` whose local name is `local` ("val" for w:val), or nullptr.
const std::string* Attr(const Node& n, std::string_view local) {
  for (const xml::Attribute& a : n.attributes) {
    std::string_view name = a.name;
    if (size_t colon = name.find(':'); colon != std::string_view::npos) {
      name.remove_prefix(colon + 1);
    }
    if (name == local) return &a.value;
  }
  return nullptr;
}

// An on/off property (<w:b/>, <w:b w:val="false"/>): absent is `absent`.
bool OnOff(const Node* property, bool absent) {
  if (property == nullptr) return absent;
  const std::string* val = Attr(*property, "val");
  if (val == nullptr) return true;
  return !(*val == "0" || *val == "false" || *val == "off" || *val == "none");
}

// The package path a relationship target names, relative to the part at `from` ("word/...").
std::string ResolveTarget(std::string_view from, std::string_view target) {
  if (target.starts_with("/")) return std::string(target.substr(1));
  std::string base(from.substr(0, from.rfind('/') == std::string_view::npos ? 0 : from.rfind('/')));
  std::string out = base;
  while (!target.empty()) {
    size_t slash = target.find('/');
    std::string_view part = target.substr(0, slash);
    if (part == "..") {
      size_t up = out.rfind('/');
      out = up == std::string::npos ? std::string() : out.substr(0, up);
    } else if (part != "." && !part.empty()) {
      if (!out.empty()) out += '/';
      out += part;
    }
    if (slash == std::string_view::npos) break;
    target.remove_prefix(slash + 1);
  }
  return out;
}

// The relationships part of the part at `path` ("word/_rels/document.xml.rels").
std::string RelationshipsPath(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string_view::npos ? "" : std::string(path.substr(0, slash + 1));
  std::string name(slash == std::string_view::npos ? path : path.substr(slash + 1));
  return dir + "_rels/" + name + ".rels";
}

struct Relationship {
  std::string type;    // the last part of the type URI ("officeDocument", "image")
  std::string target;  // a package path
};

class Package {
 public:
  Package(const SourceText& source, zip::Archive archive)
      : source_(source), archive_(std::move(archive)) {}

  // The XML part at `path` parsed, nullopt when there is none, or its error.
  Result<std::optional<Node>> Part(const std::string& path) {
    if (!archive_.Contains(path)) return std::optional<Node>();
    Result<std::string> bytes = archive_.Read(path);
    if (!bytes.ok()) return bytes.status();
    SourceText text(source_.path() + "!/" + path, std::move(bytes).value());
    Result<Node> root = xml::Parse(text);
    if (!root.ok()) return root.status();
    return std::optional<Node>(std::move(root).value());
  }

  // The bytes of the part at `path`, nullopt when there is none or the zip door refuses it.
  std::optional<std::string> Bytes(const std::string& path) {
    if (!archive_.Contains(path)) return std::nullopt;
    Result<std::string> bytes = archive_.Read(path);
    if (!bytes.ok()) return std::nullopt;
    return std::move(bytes).value();
  }

  // The relationships of the part at `path`, by id.
  Result<std::map<std::string, Relationship>> Relationships(const std::string& path) {
    std::map<std::string, Relationship> out;
    Result<std::optional<Node>> rels = Part(RelationshipsPath(path));
    if (!rels.ok()) return rels.status();
    if (!rels->has_value()) return out;
    for (const Node* r : (*rels)->ChildElements("Relationship")) {
      const std::string* id = Attr(*r, "Id");
      const std::string* type = Attr(*r, "Type");
      const std::string* target = Attr(*r, "Target");
      const std::string* mode = Attr(*r, "TargetMode");
      if (id == nullptr || type == nullptr || target == nullptr) continue;
      if (mode != nullptr && *mode == "External") continue;
      Relationship rel;
      rel.type = type->substr(type->rfind('/') + 1);
      rel.target = ResolveTarget(path, *target);
      out[*id] = std::move(rel);
    }
    return out;
  }

 private:
  const SourceText& source_;
  zip::Archive archive_;
};

// A level of a list: its number format ("decimal", "lowerLetter", "bullet").
using Levels = std::map<std::string, std::string>;  // ilvl -> numFmt

// numId -> its levels, from numbering.xml.
std::map<std::string, Levels> ReadNumbering(const Node& numbering) {
  std::map<std::string, Levels> abstract;
  for (const Node* a : numbering.ChildElements("abstractNum")) {
    const std::string* id = Attr(*a, "abstractNumId");
    if (id == nullptr) continue;
    Levels& levels = abstract[*id];
    for (const Node* lvl : a->ChildElements("lvl")) {
      const std::string* ilvl = Attr(*lvl, "ilvl");
      const Node* fmt = lvl->FirstChild("numFmt");
      const std::string* val = fmt != nullptr ? Attr(*fmt, "val") : nullptr;
      if (ilvl != nullptr && val != nullptr) levels[*ilvl] = *val;
    }
  }
  std::map<std::string, Levels> out;
  for (const Node* num : numbering.ChildElements("num")) {
    const std::string* id = Attr(*num, "numId");
    const Node* ref = num->FirstChild("abstractNumId");
    const std::string* aid = ref != nullptr ? Attr(*ref, "val") : nullptr;
    if (id == nullptr || aid == nullptr) continue;
    auto it = abstract.find(*aid);
    if (it != abstract.end()) out[*id] = it->second;
  }
  return out;
}

ListKind KindOf(std::string_view num_fmt) {
  if (num_fmt == "decimal" || num_fmt == "decimalZero" || num_fmt == "upperRoman" ||
      num_fmt == "lowerRoman") {
    return ListKind::kNumber;
  }
  if (num_fmt == "lowerLetter" || num_fmt == "upperLetter") return ListKind::kLetter;
  return ListKind::kNone;
}

// A paragraph or character style: what it says about numbering and formatting.
struct Style {
  std::string num_id;
  std::string ilvl = "0";
  std::string based_on;
  bool bold = false;
  bool italic = false;
  bool code = false;
};

bool IsMonospaced(std::string_view font) {
  static constexpr std::string_view kFonts[] = {
      "Courier New",    "Courier",   "Consolas",        "Menlo",           "Monaco",
      "Lucida Console", "monospace", "Liberation Mono", "DejaVu Sans Mono"};
  for (std::string_view f : kFonts) {
    if (AsciiEqualIgnoringCase(font, f)) return true;
  }
  return false;
}

bool IsCodeStyle(std::string_view id) {
  return id == "VerbatimChar" || id == "HTMLCode" || id == "SourceCode" || id == "Code" ||
         id == "CodeChar" || id == "SourceText";
}

class BodyReader {
 public:
  BodyReader(std::map<std::string, Levels> numbering, std::map<std::string, Style> styles,
             std::map<std::string, Relationship> rels)
      : numbering_(std::move(numbering)), styles_(std::move(styles)), rels_(std::move(rels)) {}

  void ReadBody(const Node& body, Document& doc) {
    for (const Node& n : body.children) {
      if (!n.is_element()) continue;
      std::string_view tag = n.LocalName();
      if (tag == "p") {
        Block b;
        b.paragraph = ReadParagraph(n);
        doc.blocks.push_back(std::move(b));
      } else if (tag == "tbl") {
        Block b;
        b.is_table = true;
        b.table.first_paragraph = next_number_;
        ReadTable(n, b.table);
        doc.blocks.push_back(std::move(b));
      } else if (tag == "sdt") {
        if (const Node* content = n.FirstChild("sdtContent")) ReadBody(*content, doc);
      }
    }
  }

  std::string TakeText() { return std::move(text_); }

 private:
  void ReadTable(const Node& tbl, Table& table) {
    for (const Node* tr : tbl.ChildElements("tr")) {
      std::vector<std::vector<Paragraph>> row;
      for (const Node* tc : tr->ChildElements("tc")) {
        std::vector<Paragraph> cell;
        CellParagraphs(*tc, cell);
        row.push_back(std::move(cell));
      }
      table.rows.push_back(std::move(row));
    }
  }

  void CellParagraphs(const Node& container, std::vector<Paragraph>& out) {
    for (const Node& n : container.children) {
      if (!n.is_element()) continue;
      std::string_view tag = n.LocalName();
      if (tag == "p") {
        out.push_back(ReadParagraph(n));
      } else if (tag == "tbl") {
        for (const Node* tr : n.ChildElements("tr")) {
          for (const Node* tc : tr->ChildElements("tc")) CellParagraphs(*tc, out);
        }
      } else if (tag == "sdt") {
        if (const Node* content = n.FirstChild("sdtContent")) CellParagraphs(*content, out);
      }
    }
  }

  Paragraph ReadParagraph(const Node& p) {
    Paragraph out;
    out.number = next_number_++;
    out.offset = text_.size();
    std::string num_id;
    std::string ilvl = "0";
    if (const Node* ppr = p.FirstChild("pPr")) {
      if (const Node* style = ppr->FirstChild("pStyle")) {
        if (const std::string* v = Attr(*style, "val")) out.style = *v;
      }
      if (const Node* numpr = ppr->FirstChild("numPr")) {
        if (const Node* id = numpr->FirstChild("numId")) {
          if (const std::string* v = Attr(*id, "val")) num_id = *v;
        }
        if (const Node* lvl = numpr->FirstChild("ilvl")) {
          if (const std::string* v = Attr(*lvl, "val")) ilvl = *v;
        }
      }
    }
    // Numbering given by the paragraph's style ("List Number"), when the paragraph has none.
    for (std::string id = out.style; num_id.empty() && !id.empty();) {
      auto it = styles_.find(id);
      if (it == styles_.end()) break;
      if (!it->second.num_id.empty()) {
        num_id = it->second.num_id;
        ilvl = it->second.ilvl;
      }
      if (it->second.based_on == id) break;
      id = it->second.based_on;
    }
    if (!num_id.empty() && num_id != "0") {
      auto levels = numbering_.find(num_id);
      if (levels != numbering_.end()) {
        auto fmt = levels->second.find(ilvl);
        if (fmt != levels->second.end()) out.list = KindOf(fmt->second);
      }
    }
    Inline(p, Run(), out);
    for (const Run& r : out.runs) {
      for (char c : r.text) out.text += c == '\n' ? ' ' : c;
    }
    text_ += out.text;
    text_ += '\n';
    return out;
  }

  // The formatting a run's properties give, on top of `base`.
  Run Formatting(const Node* rpr, Run base) const {
    if (rpr == nullptr) return base;
    if (const Node* style = rpr->FirstChild("rStyle")) {
      if (const std::string* v = Attr(*style, "val")) {
        if (IsCodeStyle(*v)) base.code = true;
        if (*v == "Strong") base.bold = true;
        if (*v == "Emphasis") base.italic = true;
        auto it = styles_.find(*v);
        if (it != styles_.end()) {
          base.bold = base.bold || it->second.bold;
          base.italic = base.italic || it->second.italic;
          base.code = base.code || it->second.code;
        }
      }
    }
    base.bold = OnOff(rpr->FirstChild("b"), base.bold);
    base.italic = OnOff(rpr->FirstChild("i"), base.italic);
    if (const Node* fonts = rpr->FirstChild("rFonts")) {
      const std::string* ascii = Attr(*fonts, "ascii");
      if (ascii != nullptr && IsMonospaced(*ascii)) base.code = true;
    }
    if (const Node* h = rpr->FirstChild("highlight")) {
      const std::string* v = Attr(*h, "val");
      if (v == nullptr || *v != "none") base.highlight = true;
    }
    if (const Node* shd = rpr->FirstChild("shd")) {
      const std::string* fill = Attr(*shd, "fill");
      if (fill != nullptr && *fill != "auto" && !AsciiEqualIgnoringCase(*fill, "FFFFFF")) {
        base.highlight = true;
      }
    }
    return base;
  }

  void Append(Paragraph& out, const Run& format, std::string_view text) {
    if (text.empty()) return;
    if (!out.runs.empty() && out.runs.back().picture.empty()) {
      Run& last = out.runs.back();
      if (last.bold == format.bold && last.italic == format.italic && last.code == format.code &&
          last.highlight == format.highlight) {
        last.text += text;
        return;
      }
    }
    Run r = format;
    r.text = std::string(text);
    out.runs.push_back(std::move(r));
  }

  // The text of `n`'s children into `out`, in the formatting `format`.
  void Inline(const Node& n, const Run& format, Paragraph& out) {
    for (const Node& c : n.children) {
      if (!c.is_element()) continue;
      std::string_view tag = c.LocalName();
      if (tag == "r") {
        Run f = Formatting(c.FirstChild("rPr"), format);
        RunContent(c, f, out);
      } else if (tag == "hyperlink" || tag == "ins" || tag == "smartTag" || tag == "fldSimple" ||
                 tag == "customXml" || tag == "dir" || tag == "bdo") {
        Inline(c, format, out);
      } else if (tag == "sdt") {
        if (const Node* content = c.FirstChild("sdtContent")) Inline(*content, format, out);
      } else if (tag == "oMath" || tag == "oMathPara") {
        std::string math = MathText(c);
        out.equations.push_back(math);
        Append(out, format, math);
      }
      // w:del (deleted text), w:pPr, bookmarks, comments: not text.
    }
  }

  void RunContent(const Node& r, const Run& format, Paragraph& out) {
    for (const Node& c : r.children) {
      if (!c.is_element()) continue;
      std::string_view tag = c.LocalName();
      if (tag == "t") {
        Append(out, format, c.TextContent());
      } else if (tag == "tab") {
        Append(out, format, "\t");
      } else if (tag == "br" || tag == "cr") {
        const std::string* type = Attr(c, "type");
        if (type == nullptr || *type == "textWrapping") Append(out, format, "\n");
      } else if (tag == "noBreakHyphen") {
        Append(out, format, "-");
      } else if (tag == "drawing" || tag == "pict" || tag == "object") {
        Pictures(c, format, out);
      } else if (tag == "sym") {
        const std::string* ch = Attr(c, "char");
        if (ch != nullptr) Append(out, format, "?");  // a symbol font's glyph: no Unicode text
      }
    }
  }

  // The images a drawing shows (a:blip r:embed, v:imagedata r:id), by package path.
  // Each is also a run of its own, where it stands in the text, with the drawing's description
  // (wp:docPr descr, which Word's "alt text" sets, or VML's v:shape alt) as its alt text.
  void Pictures(const Node& n, const Run& format, Paragraph& out) {
    std::string alt;
    Pictures(n, format, out, alt);
  }
  void Pictures(const Node& n, const Run& format, Paragraph& out, std::string& alt) {
    std::string_view tag = n.LocalName();
    const std::string* rid = nullptr;
    const std::string* description = nullptr;
    if (tag == "docPr") description = Attr(n, "descr");
    if (tag == "shape") description = Attr(n, "alt");
    if (description != nullptr) alt = *description;
    if (tag == "blip") rid = Attr(n, "embed");
    if (tag == "imagedata") rid = Attr(n, "id");
    if (rid != nullptr) {
      auto it = rels_.find(*rid);
      out.images.push_back(it != rels_.end() ? it->second.target : *rid);
      Run picture = format;
      picture.text.clear();
      picture.picture = out.images.back();
      picture.picture_alt = alt;
      out.runs.push_back(std::move(picture));
    }
    for (const Node& c : n.children) {
      if (c.is_element()) Pictures(c, format, out, alt);
    }
  }

  // An equation as the linear text it reads as: x^2, (a)/(b), √(x), x_i.
  static std::string MathText(const Node& n) {
    std::string_view tag = n.LocalName();
    if (!n.is_element()) return std::string();
    if (tag == "t") return n.TextContent();
    auto part = [&](std::string_view name) {
      const Node* p = n.FirstChild(name);
      return p != nullptr ? MathText(*p) : std::string();
    };
    auto grouped = [](const std::string& s) { return s.size() > 1 ? "(" + s + ")" : s; };
    if (tag == "f") return grouped(part("num")) + "/" + grouped(part("den"));
    if (tag == "sSup") return part("e") + "^" + grouped(part("sup"));
    if (tag == "sSub") return part("e") + "_" + grouped(part("sub"));
    if (tag == "sSubSup") {
      return part("e") + "_" + grouped(part("sub")) + "^" + grouped(part("sup"));
    }
    if (tag == "rad") {
      std::string degree = part("deg");
      return (degree.empty() ? "" : degree) + "\xE2\x88\x9A(" + part("e") + ")";
    }
    if (tag == "d") {
      std::string inner;
      for (const Node* e : n.ChildElements("e")) {
        if (!inner.empty()) inner += ", ";
        inner += MathText(*e);
      }
      return "(" + inner + ")";
    }
    std::string out;
    for (const Node& c : n.children) {
      if (c.is_element() && c.LocalName() != "rPr" && !c.LocalName().ends_with("Pr")) {
        out += MathText(c);
      }
    }
    return out;
  }

  std::map<std::string, Levels> numbering_;
  std::map<std::string, Style> styles_;
  std::map<std::string, Relationship> rels_;
  std::string text_;
  uint32_t next_number_ = 1;
};

std::map<std::string, Style> ReadStyles(const Node& styles) {
  std::map<std::string, Style> out;
  for (const Node* s : styles.ChildElements("style")) {
    const std::string* id = Attr(*s, "styleId");
    if (id == nullptr) continue;
    Style style;
    if (const Node* based = s->FirstChild("basedOn")) {
      if (const std::string* v = Attr(*based, "val")) style.based_on = *v;
    }
    if (const Node* ppr = s->FirstChild("pPr")) {
      if (const Node* numpr = ppr->FirstChild("numPr")) {
        if (const Node* nid = numpr->FirstChild("numId")) {
          if (const std::string* v = Attr(*nid, "val")) style.num_id = *v;
        }
        if (const Node* lvl = numpr->FirstChild("ilvl")) {
          if (const std::string* v = Attr(*lvl, "val")) style.ilvl = *v;
        }
      }
    }
    if (const Node* rpr = s->FirstChild("rPr")) {
      style.bold = OnOff(rpr->FirstChild("b"), false);
      style.italic = OnOff(rpr->FirstChild("i"), false);
      if (const Node* fonts = rpr->FirstChild("rFonts")) {
        const std::string* ascii = Attr(*fonts, "ascii");
        style.code = ascii != nullptr && IsMonospaced(*ascii);
      }
    }
    out[*id] = std::move(style);
  }
  return out;
}

void AddMedia(Package& package, const Paragraph& p, Document& doc) {
  for (const std::string& path : p.images) {
    if (doc.media.count(path)) continue;
    if (std::optional<std::string> bytes = package.Bytes(path)) doc.media[path] = *bytes;
  }
}

// The bytes of the pictures the document's paragraphs show.
void ReadMedia(Package& package, Document& doc) {
  for (const Block& b : doc.blocks) {
    if (!b.is_table) {
      AddMedia(package, b.paragraph, doc);
      continue;
    }
    for (const auto& row : b.table.rows) {
      for (const auto& cell : row) {
        for (const Paragraph& p : cell) AddMedia(package, p, doc);
      }
    }
  }
}

// The main document part's path, from the package relationships (_rels/.rels).
Result<std::string> MainPart(Package& package, const std::string& path) {
  Result<std::map<std::string, Relationship>> rels = package.Relationships("");
  if (!rels.ok()) return rels.status();
  for (const auto& [id, rel] : *rels) {
    if (rel.type == "officeDocument") return rel.target;
  }
  return Status::InvalidInput(
             "the zip archive has no main document part (_rels/.rels names no officeDocument); "
             "expected a Word document (.docx) as Word, LibreOffice or pandoc write it")
      .At(path);
}

}  // namespace

bool Paragraph::IsHeading() const {
  return style.size() > 7 && (style.starts_with("Heading") || style.starts_with("heading")) &&
         style[7] >= '1' && style[7] <= '9';
}

Result<Document> ReadDocument(const SourceText& source) {
  Result<zip::Archive> archive = zip::Archive::Open(source.content(), source.path());
  if (!archive.ok()) return archive.status();
  Package package(source, std::move(archive).value());
  Result<std::string> main = MainPart(package, source.path());
  if (!main.ok()) return main.status();
  Result<std::map<std::string, Relationship>> rels = package.Relationships(*main);
  if (!rels.ok()) return rels.status();
  std::map<std::string, Levels> numbering;
  std::map<std::string, Style> styles;
  for (const auto& [id, rel] : *rels) {
    if (rel.type != "numbering" && rel.type != "styles") continue;
    Result<std::optional<Node>> part = package.Part(rel.target);
    if (!part.ok()) return part.status();
    if (!part->has_value()) continue;
    if (rel.type == "numbering") {
      numbering = ReadNumbering(**part);
    } else {
      styles = ReadStyles(**part);
    }
  }
  Result<std::optional<Node>> root = package.Part(*main);
  if (!root.ok()) return root.status();
  if (!root->has_value()) {
    return Status::InvalidInput("the package names " + *main +
                                " as its main document, but holds no such part; expected a "
                                "complete Word document")
        .At(source.path());
  }
  const Node* body = (*root)->FirstChild("body");
  if ((*root)->LocalName() != "document" || body == nullptr) {
    return Status::InvalidInput("the main document part " + *main +
                                " is not a WordprocessingML document (<w:document><w:body>); "
                                "expected a Word document (.docx)")
        .At(source.path());
  }
  Document doc;
  BodyReader reader(std::move(numbering), std::move(styles), std::move(rels).value());
  reader.ReadBody(*body, doc);
  doc.text = std::make_shared<const SourceText>(source.path(), reader.TakeText(), 0,
                                                SourceSpan::Unit::kParagraph);
  ReadMedia(package, doc);
  return doc;
}

}  // namespace qbank::formats::docx
