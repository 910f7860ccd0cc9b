// docx export: the numbered-list layout as a minimal WordprocessingML package (content types,
// relationships, styles, the document), written through the XML and zip doors.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/str_cat.h"
#include "formats/docx/docx_format.h"
#include "formats/docx/docx_markup.h"
#include "formats/field_loss.h"
#include "formats/media_files.h"
#include "formats/question_names.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using docx::Run;
using model::QuestionType;
using xml::Node;

constexpr std::string_view kMainNs = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
constexpr std::string_view kRelNs = "http://schemas.openxmlformats.org/package/2006/relationships";
constexpr std::string_view kOfficeRel =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
constexpr std::string_view kCodeFont = "Courier New";
constexpr std::string_view kDrawingNs =
    "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing";
constexpr std::string_view kGraphicNs = "http://schemas.openxmlformats.org/drawingml/2006/main";
constexpr std::string_view kPictureNs = "http://schemas.openxmlformats.org/drawingml/2006/picture";
constexpr int64_t kEmuPerPixel = 9525;         // at 96 pixels an inch
constexpr int64_t kMaxWidthEmu = 5486400;      // six inches: the text width of an A4 page
constexpr int64_t kDefaultWidthEmu = 2743200;  // three inches, when the size cannot be read

// A picture placed in the document: its relationship, its size in EMU, its drawing's number.
struct Placed {
  std::string rel_id;
  std::string name;
  int64_t cx = kDefaultWidthEmu;
  int64_t cy = kDefaultWidthEmu * 2 / 3;
  int number = 0;
};

uint32_t BigEndian(std::string_view b, size_t at, size_t n) {
  uint32_t v = 0;
  for (size_t i = 0; i < n; ++i) v = v << 8 | static_cast<unsigned char>(b[at + i]);
  return v;
}

// The pixel size of a PNG, GIF or JPEG image, {0, 0} when it cannot be read.
std::pair<uint32_t, uint32_t> PixelSize(std::string_view b) {
  if (b.size() >= 24 && b.starts_with("\x89PNG")) return {BigEndian(b, 16, 4), BigEndian(b, 20, 4)};
  if (b.size() >= 10 && b.starts_with("GIF8")) {
    auto le = [&](size_t at) {
      return static_cast<uint32_t>(static_cast<unsigned char>(b[at]) |
                                   static_cast<unsigned char>(b[at + 1]) << 8);
    };
    return {le(6), le(8)};
  }
  if (b.size() >= 4 && b.starts_with("\xFF\xD8")) {
    size_t at = 2;
    while (at + 9 < b.size() && static_cast<unsigned char>(b[at]) == 0xFF) {
      unsigned char marker = static_cast<unsigned char>(b[at + 1]);
      uint32_t length = BigEndian(b, at + 2, 2);
      bool frame =
          marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
      if (frame) return {BigEndian(b, at + 7, 2), BigEndian(b, at + 5, 2)};
      at += 2 + length;
    }
  }
  return {0, 0};
}

// An inline picture: w:drawing/wp:inline/a:graphic/pic:pic whose a:blip embeds the relationship;
// `alt`, the <img>'s alt text, is the drawing's description (Word's "alt text").
Node PictureRun(const Placed& p, const std::string& alt) {
  Node run = Node::Element("w:r");
  Node& inline_node = run.Append(Node::Element("w:drawing")).Append(Node::Element("wp:inline"));
  Node extent = Node::Element("wp:extent");
  extent.SetAttribute("cx", std::to_string(p.cx));
  extent.SetAttribute("cy", std::to_string(p.cy));
  inline_node.Append(std::move(extent));
  Node doc_pr = Node::Element("wp:docPr");
  doc_pr.SetAttribute("id", std::to_string(p.number));
  doc_pr.SetAttribute("name", "Picture " + std::to_string(p.number));
  if (!alt.empty()) doc_pr.SetAttribute("descr", alt);
  inline_node.Append(std::move(doc_pr));
  Node& graphic = inline_node.Append(Node::Element("a:graphic"));
  graphic.SetAttribute("xmlns:a", std::string(kGraphicNs));
  Node& data = graphic.Append(Node::Element("a:graphicData"));
  data.SetAttribute("uri", std::string(kPictureNs));
  Node& pic = data.Append(Node::Element("pic:pic"));
  pic.SetAttribute("xmlns:pic", std::string(kPictureNs));
  Node& nv = pic.Append(Node::Element("pic:nvPicPr"));
  Node c_nv = Node::Element("pic:cNvPr");
  c_nv.SetAttribute("id", "0");
  c_nv.SetAttribute("name", p.name);
  nv.Append(std::move(c_nv));
  nv.Append(Node::Element("pic:cNvPicPr"));
  Node& fill = pic.Append(Node::Element("pic:blipFill"));
  Node blip = Node::Element("a:blip");
  blip.SetAttribute("r:embed", p.rel_id);
  fill.Append(std::move(blip));
  fill.Append(Node::Element("a:stretch")).Append(Node::Element("a:fillRect"));
  Node& sp = pic.Append(Node::Element("pic:spPr"));
  Node& xfrm = sp.Append(Node::Element("a:xfrm"));
  Node off = Node::Element("a:off");
  off.SetAttribute("x", "0");
  off.SetAttribute("y", "0");
  xfrm.Append(std::move(off));
  Node ext = Node::Element("a:ext");
  ext.SetAttribute("cx", std::to_string(p.cx));
  ext.SetAttribute("cy", std::to_string(p.cy));
  xfrm.Append(std::move(ext));
  Node geom = Node::Element("a:prstGeom");
  geom.SetAttribute("prst", "rect");
  geom.Append(Node::Element("a:avLst"));
  sp.Append(std::move(geom));
  return run;
}

Node WithVal(std::string name, std::string val) {
  Node n = Node::Element(std::move(name));
  n.SetAttribute("w:val", std::move(val));
  return n;
}

Node TextNode(std::string_view text) {
  Node t = Node::Element("w:t");
  t.SetAttribute("xml:space", "preserve");
  t.Append(Node::Text(std::string(text)));
  return t;
}

// One run's properties and content: text, line breaks (w:br) and tabs (w:tab).
Node RunNode(const Run& r) {
  Node run = Node::Element("w:r");
  if (r.bold || r.italic || r.code) {
    Node& rpr = run.Append(Node::Element("w:rPr"));
    if (r.code) {
      Node fonts = Node::Element("w:rFonts");
      fonts.SetAttribute("w:ascii", std::string(kCodeFont));
      fonts.SetAttribute("w:hAnsi", std::string(kCodeFont));
      fonts.SetAttribute("w:cs", std::string(kCodeFont));
      rpr.Append(std::move(fonts));
    }
    if (r.bold) rpr.Append(Node::Element("w:b"));
    if (r.italic) rpr.Append(Node::Element("w:i"));
  }
  std::string piece;
  auto flush = [&] {
    if (!piece.empty()) run.Append(TextNode(piece));
    piece.clear();
  };
  for (char c : r.text) {
    if (c == '\n') {
      flush();
      run.Append(Node::Element("w:br"));
    } else if (c == '\t') {
      flush();
      run.Append(Node::Element("w:tab"));
    } else if (c != '\r') {
      piece += c;
    }
  }
  flush();
  return run;
}

// A paragraph: `prefix` in plain text ("1. ", "*B. ", "Explanation: "), then `runs`; a picture
// run's `picture` names its entry in `placed`.
Node ParagraphNode(std::string_view prefix, const std::vector<Run>& runs,
                   std::string_view style = {}, const std::map<std::string, Placed>& placed = {}) {
  Node p = Node::Element("w:p");
  if (!style.empty()) {
    Node& ppr = p.Append(Node::Element("w:pPr"));
    ppr.Append(WithVal("w:pStyle", std::string(style)));
  }
  if (!prefix.empty()) {
    Run r;
    r.text = std::string(prefix);
    p.Append(RunNode(r));
  }
  for (const Run& r : runs) {
    auto it = r.picture.empty() ? placed.end() : placed.find(r.picture);
    p.Append(it != placed.end() ? PictureRun(it->second, r.picture_alt) : RunNode(r));
  }
  return p;
}

// The content types of the package; `images` maps an image file extension to its media type.
std::string ContentTypes(const std::map<std::string, std::string>& images) {
  Node types = Node::Element("Types");
  types.SetAttribute("xmlns", "http://schemas.openxmlformats.org/package/2006/content-types");
  Node rels = Node::Element("Default");
  rels.SetAttribute("Extension", "rels");
  rels.SetAttribute("ContentType", "application/vnd.openxmlformats-package.relationships+xml");
  types.Append(std::move(rels));
  Node xml_default = Node::Element("Default");
  xml_default.SetAttribute("Extension", "xml");
  xml_default.SetAttribute("ContentType", "application/xml");
  types.Append(std::move(xml_default));
  for (const auto& [extension, type] : images) {
    Node d = Node::Element("Default");
    d.SetAttribute("Extension", extension);
    d.SetAttribute("ContentType", type);
    types.Append(std::move(d));
  }
  auto part = [&](const char* name, const char* type) {
    Node o = Node::Element("Override");
    o.SetAttribute("PartName", name);
    o.SetAttribute("ContentType", type);
    types.Append(std::move(o));
  };
  part("/word/document.xml",
       "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml");
  part("/word/styles.xml",
       "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml");
  return xml::Write(types, {.declaration = true, .indent = false});
}

// A relationships part: rId1 to `target` of `type`, then rId2... to each of `images`.
std::string Relationships(const char* type, const char* target,
                          const std::vector<std::string>& images = {}) {
  Node rels = Node::Element("Relationships");
  rels.SetAttribute("xmlns", std::string(kRelNs));
  auto add = [&](const std::string& id, const std::string& t, const std::string& to) {
    Node r = Node::Element("Relationship");
    r.SetAttribute("Id", id);
    r.SetAttribute("Type", std::string(kOfficeRel) + "/" + t);
    r.SetAttribute("Target", to);
    rels.Append(std::move(r));
  };
  add("rId1", type, target);
  for (size_t i = 0; i < images.size(); ++i) {
    add("rId" + std::to_string(i + 2), "image", images[i]);
  }
  return xml::Write(rels, {.declaration = true, .indent = false});
}

// The styles the document uses: Normal, and Heading 1 for domains.
std::string Styles() {
  Node styles = Node::Element("w:styles");
  styles.SetAttribute("xmlns:w", std::string(kMainNs));
  auto style = [&](const char* id, const char* name, bool heading) {
    Node s = Node::Element("w:style");
    s.SetAttribute("w:type", "paragraph");
    if (!heading) s.SetAttribute("w:default", "1");
    s.SetAttribute("w:styleId", id);
    s.Append(WithVal("w:name", name));
    if (heading) {
      s.Append(WithVal("w:basedOn", "Normal"));
      s.Append(WithVal("w:next", "Normal"));
      Node& ppr = s.Append(Node::Element("w:pPr"));
      ppr.Append(Node::Element("w:keepNext"));
      ppr.Append(WithVal("w:outlineLvl", "0"));
      Node& rpr = s.Append(Node::Element("w:rPr"));
      rpr.Append(Node::Element("w:b"));
      rpr.Append(WithVal("w:sz", "32"));
    }
    styles.Append(std::move(s));
  };
  style("Normal", "Normal", false);
  style("Heading1", "heading 1", true);
  return xml::Write(styles, {.declaration = true, .indent = false});
}

// The "Type:" line Respondus reads for each type the layout holds, "" for single answer.
std::optional<std::string> TypeLine(QuestionType type) {
  switch (type) {
    case QuestionType::kSingleAnswer:
      return std::string();
    case QuestionType::kMultipleAnswer:
      return std::string("MA");
    case QuestionType::kTrueFalse:
      return std::string("TF");
    case QuestionType::kEssay:
      return std::string("E");
    default:
      return std::nullopt;
  }
}

class ListWriter {
 public:
  explicit ListWriter(LossReport& loss) : loss_(loss) {}

  // long-function: one question's paragraphs in the layout's order, each a few lines.
  void Question(const model::Question& q) {
    LossReport::QuestionScope scope(loss_, q);
    std::optional<std::string> type = TypeLine(q.type);
    if (!type.has_value()) {
      loss_.Drop("questions of type " + std::string(model::QuestionTypeName(q.type)));
      return;
    }
    bool choice = model::IsChoiceType(q.type);
    if (q.stem.value.empty() ||
        (choice && (q.options.size() < 2 || q.options.size() > 26 || q.KeyIndexes().empty())) ||
        (!choice && !q.options.empty()) ||
        (q.type == QuestionType::kSingleAnswer && q.KeyIndexes().size() != 1)) {
      loss_.Drop("questions without a stem, 2 to 26 options and their keys");
      return;
    }
    static const FieldSet kHeld = {"id",     "stem",   "explanation",     "options.rationale",
                                   "domain", "markup", "extensions.media"};
    ReportQuestionLoss(q, kHeld, loss_);
    if (q.domain->value != domain_) {
      if (q.domain->value.empty()) {
        // A heading names the domain of every question after it: there is no way back to none.
        loss_.Drop("domain (none, after a question with one)");
      } else {
        domain_ = q.domain->value;
        body_.push_back(ParagraphNode(domain_, {}, "Heading1"));
      }
    }
    // An id re-import would not derive from the content again travels as the title.
    if (!q.id.value.empty() && q.id.value != model::DeriveQuestionId(q)) {
      body_.push_back(ParagraphNode("Title: " + q.id.value, {}));
    }
    if (!type->empty()) body_.push_back(ParagraphNode("Type: " + *type, {}));
    files_.clear();
    for (MediaFile& f : MediaFiles(q)) files_[f.path] = std::move(f.bytes);
    Paragraph(std::to_string(++number_) + ". ", q.stem.value, q);
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      Paragraph(StrCat({o.correct ? "*" : "", model::OptionLetter(i), ". "}), o.text.value, q);
      if (!o.rationale->value.empty()) Paragraph("@ ", o.rationale->value, q);
    }
    if (!q.explanation.value.empty()) Paragraph("Explanation: ", q.explanation.value, q);
    body_.push_back(ParagraphNode("", {}));
    // The reader makes a question with a picture HTML, one with other formatting Markdown, one
    // without plain text.
    bool read_back = (q.markup == model::Markup::kMarkdown && formatted_ && !pictured_) ||
                     (q.markup == model::Markup::kHtml && pictured_);
    if (q.markup != model::Markup::kPlain && !read_back) loss_.Drop("markup");
    formatted_ = false;
    pictured_ = false;
  }

  Result<std::string> Document() {
    Node doc = Node::Element("w:document");
    doc.SetAttribute("xmlns:w", std::string(kMainNs));
    doc.SetAttribute("xmlns:r", std::string(kOfficeRel));
    doc.SetAttribute("xmlns:wp", std::string(kDrawingNs));
    Node& body = doc.Append(Node::Element("w:body"));
    body.children = std::move(body_);
    Node& sect = body.Append(Node::Element("w:sectPr"));
    Node size = Node::Element("w:pgSz");
    size.SetAttribute("w:w", "11906");  // A4, in twentieths of a point
    size.SetAttribute("w:h", "16838");
    sect.Append(std::move(size));
    QBANK_RETURN_IF_ERROR(xml::CheckWritable(doc));
    return xml::Write(doc, {.declaration = true, .indent = false});
  }

  // The media parts written so far (word/media/...), in the order of their relationships.
  const std::vector<std::pair<std::string, std::string>>& media() const { return media_; }

 private:
  // A paragraph of `prefix` and `text`; each picture whose file the question holds is placed.
  void Paragraph(const std::string& prefix, const std::string& text, const model::Question& q) {
    bool lost = false;
    std::vector<Run> runs = docx::RunsOf(text, q.markup, lost);
    if (lost) loss_.Drop("markup (lists, links and images as their text)");
    for (Run& r : runs) {
      formatted_ = formatted_ || r.bold || r.italic || r.code;
      if (r.picture.empty()) continue;
      auto file = files_.find(r.picture);
      if (file == files_.end()) {
        // A reference to a file the bank does not hold (a URL, a file beside a json bank).
        loss_.Drop("pictures whose file the bank does not hold (written as their path)");
        r.text = "[picture: " + r.picture + "]";
        r.picture.clear();
        continue;
      }
      pictured_ = true;
      r.picture = Place(r.picture, file->second);
    }
    body_.push_back(ParagraphNode(prefix, runs, {}, placed_));
  }

  // The relationship id of picture `path` with content `bytes`, its part added once.
  std::string Place(const std::string& path, const std::string& bytes) {
    std::string key = path + '\0' + bytes;
    if (auto it = by_content_.find(key); it != by_content_.end()) return it->second;
    Placed p;
    p.number = static_cast<int>(media_.size()) + 1;
    p.rel_id = "rId" + std::to_string(p.number + 1);
    p.name = SafeMediaName(path);
    std::string extension;
    if (size_t dot = p.name.rfind('.'); dot != std::string::npos) extension = p.name.substr(dot);
    media_.emplace_back("media/image" + std::to_string(p.number) + extension, bytes);
    auto [w, h] = PixelSize(bytes);
    if (w > 0 && h > 0) {
      p.cx = std::min<int64_t>(int64_t{w} * kEmuPerPixel, kMaxWidthEmu);
      p.cy = int64_t{h} * p.cx / w;
    }
    by_content_[key] = p.rel_id;
    placed_[p.rel_id] = p;
    return p.rel_id;
  }

  LossReport& loss_;
  std::vector<Node> body_;
  std::string domain_;
  size_t number_ = 0;
  bool formatted_ = false;  // some run of the question written so far is bold, italic or code
  bool pictured_ = false;   // the question written so far shows a picture
  std::map<std::string, std::string> files_;                // the question's files, by path
  std::vector<std::pair<std::string, std::string>> media_;  // word/ part path, bytes
  std::map<std::string, std::string> by_content_;           // path and bytes -> relationship
  std::map<std::string, Placed> placed_;                    // by relationship id
};

}  // namespace

Result<std::string> DocxFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  ReportBankLoss(bank, {}, loss);
  ListWriter writer(loss);
  for (const model::Question& q : bank.questions) writer.Question(q);
  Result<std::string> document = writer.Document();
  if (!document.ok()) return document.status();
  std::map<std::string, std::string> image_types;
  std::vector<std::string> image_targets;
  for (const auto& [path, bytes] : writer.media()) {
    image_targets.push_back(path);
    size_t dot = path.rfind('.');
    std::string extension = dot == std::string::npos ? "bin" : path.substr(dot + 1);
    image_types[extension] = std::string(MediaTypeOf(path));
  }
  std::vector<zip::Entry> entries;
  entries.push_back({"[Content_Types].xml", ContentTypes(image_types)});
  entries.push_back({"_rels/.rels", Relationships("officeDocument", "word/document.xml")});
  entries.push_back(
      {"word/_rels/document.xml.rels", Relationships("styles", "styles.xml", image_targets)});
  entries.push_back({"word/document.xml", std::move(document).value()});
  entries.push_back({"word/styles.xml", Styles()});
  for (const auto& [path, bytes] : writer.media()) entries.push_back({"word/" + path, bytes});
  return zip::Write(entries);
}

}  // namespace qbank::formats
