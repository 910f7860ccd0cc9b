// docx export: the numbered-list layout as a minimal WordprocessingML package (content types,
// relationships, styles, the document), written through the XML and zip doors.
#include <string>
#include <vector>

#include "base/str_cat.h"
#include "formats/docx/docx_format.h"
#include "formats/docx/docx_markup.h"
#include "formats/field_loss.h"
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

// A paragraph: `prefix` in plain text ("1. ", "*B. ", "Explanation: "), then `runs`.
Node ParagraphNode(std::string_view prefix, const std::vector<Run>& runs,
                   std::string_view style = {}) {
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
  for (const Run& r : runs) p.Append(RunNode(r));
  return p;
}

std::string ContentTypes() {
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

std::string Relationships(const char* type, const char* target) {
  Node rels = Node::Element("Relationships");
  rels.SetAttribute("xmlns", std::string(kRelNs));
  Node r = Node::Element("Relationship");
  r.SetAttribute("Id", "rId1");
  r.SetAttribute("Type", std::string(kOfficeRel) + "/" + type);
  r.SetAttribute("Target", target);
  rels.Append(std::move(r));
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
    static const FieldSet kHeld = {"id",     "stem",  "explanation", "options.rationale",
                                   "domain", "markup"};
    ReportQuestionLoss(q, kHeld, loss_);
    if (q.domain.value != domain_) {
      if (q.domain.value.empty()) {
        // A heading names the domain of every question after it: there is no way back to none.
        loss_.Drop("domain (none, after a question with one)");
      } else {
        domain_ = q.domain.value;
        body_.push_back(ParagraphNode(domain_, {}, "Heading1"));
      }
    }
    // An id re-import would not derive from the content again travels as the title.
    if (!q.id.value.empty() && q.id.value != model::DeriveQuestionId(q)) {
      body_.push_back(ParagraphNode("Title: " + q.id.value, {}));
    }
    if (!type->empty()) body_.push_back(ParagraphNode("Type: " + *type, {}));
    body_.push_back(ParagraphNode(std::to_string(++number_) + ". ", Runs(q.stem.value, q)));
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      std::string prefix = StrCat({o.correct ? "*" : "", model::OptionLetter(i), ". "});
      body_.push_back(ParagraphNode(prefix, Runs(o.text.value, q)));
      if (!o.rationale.value.empty()) {
        body_.push_back(ParagraphNode("@ ", Runs(o.rationale.value, q)));
      }
    }
    if (!q.explanation.value.empty()) {
      body_.push_back(ParagraphNode("Explanation: ", Runs(q.explanation.value, q)));
    }
    body_.push_back(ParagraphNode("", {}));
    // The reader makes a question with formatting Markdown, one without plain text.
    if (q.markup != model::Markup::kPlain &&
        !(q.markup == model::Markup::kMarkdown && formatted_)) {
      loss_.Drop("markup");
    }
    formatted_ = false;
  }

  Result<std::string> Document() {
    Node doc = Node::Element("w:document");
    doc.SetAttribute("xmlns:w", std::string(kMainNs));
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

 private:
  std::vector<Run> Runs(const std::string& text, const model::Question& q) {
    bool lost = false;
    std::vector<Run> runs = docx::RunsOf(text, q.markup, lost);
    if (lost) loss_.Drop("markup (lists, links and images as their text)");
    for (const Run& r : runs) formatted_ = formatted_ || r.bold || r.italic || r.code;
    return runs;
  }

  LossReport& loss_;
  std::vector<Node> body_;
  std::string domain_;
  size_t number_ = 0;
  bool formatted_ = false;  // some run of the question written so far is bold, italic or code
};

}  // namespace

Result<std::string> DocxFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  ReportBankLoss(bank, {}, loss);
  ListWriter writer(loss);
  for (const model::Question& q : bank.questions) writer.Question(q);
  Result<std::string> document = writer.Document();
  if (!document.ok()) return document.status();
  std::vector<zip::Entry> entries;
  entries.push_back({"[Content_Types].xml", ContentTypes()});
  entries.push_back({"_rels/.rels", Relationships("officeDocument", "word/document.xml")});
  entries.push_back({"word/_rels/document.xml.rels", Relationships("styles", "styles.xml")});
  entries.push_back({"word/document.xml", std::move(document).value()});
  entries.push_back({"word/styles.xml", Styles()});
  return zip::Write(entries);
}

}  // namespace qbank::formats
