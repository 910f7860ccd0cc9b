// Word runs and the model's markup (docx_markup.h), over the xml/ tree and the HTML and Markdown
// code the LMS formats use.
#include "formats/docx/docx_markup.h"

#include "base/utf8_text.h"
#include "markup/html_tree.h"
#include "markup/markdown_html.h"
#include "xml/xml_tree.h"

namespace qbank::formats::docx {
namespace {

bool Formatted(const Run& r, const MarkupOptions& options) {
  return (r.bold && options.bold) || r.italic || r.code;
}

// `text` as text nodes and <br /> elements into `out`.
void AppendText(std::string_view text, std::vector<xml::Node>& out) {
  size_t start = 0;
  for (size_t nl = text.find('\n');; nl = text.find('\n', start)) {
    std::string_view piece = text.substr(start, nl == std::string_view::npos ? nl : nl - start);
    if (!piece.empty()) out.push_back(xml::Node::Text(std::string(piece)));
    if (nl == std::string_view::npos) break;
    out.push_back(xml::Node::Element("br"));
    start = nl + 1;
  }
}

// One run as HTML nodes; the white space at its ends stays outside its formatting, as Markdown's
// emphasis needs it.
void AppendRun(const Run& r, const MarkupOptions& options, std::vector<xml::Node>& out) {
  if (!r.picture.empty()) {
    xml::Node img = xml::Node::Element("img");
    img.SetAttribute("src", r.picture);
    img.SetAttribute("alt", r.picture_alt);
    out.push_back(std::move(img));
    return;
  }
  if (!Formatted(r, options)) {
    AppendText(r.text, out);
    return;
  }
  std::string_view text = r.text;
  size_t lead = 0;
  while (lead < text.size() && (text[lead] == ' ' || text[lead] == '\t')) ++lead;
  size_t end = text.size();
  while (end > lead && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  AppendText(text.substr(0, lead), out);
  if (end > lead) {
    std::vector<xml::Node> inner;
    AppendText(text.substr(lead, end - lead), inner);
    auto wrap = [&](const char* tag) {
      xml::Node e = xml::Node::Element(tag);
      e.children = std::move(inner);
      inner.clear();
      inner.push_back(std::move(e));
    };
    if (r.code) wrap("code");
    if (r.italic) wrap("em");
    if (r.bold && options.bold) wrap("strong");
    for (xml::Node& n : inner) out.push_back(std::move(n));
  }
  AppendText(text.substr(end), out);
}

// What RunsOf walks: the text of HTML nodes with the formatting around them.
class RunWriter {
 public:
  explicit RunWriter(bool& lost) : lost_(lost) {}

  void Blocks(const std::vector<xml::Node>& nodes, Run format, bool pre) {
    for (const xml::Node& n : nodes) {
      if (!n.is_element()) {
        Text(n.text, format, pre);
        continue;
      }
      std::string_view tag = n.LocalName();
      if (tag == "p" || tag == "div" || tag == "pre" || tag == "ul" || tag == "ol" ||
          tag == "table" || tag == "blockquote" || (tag.size() == 2 && tag[0] == 'h')) {
        if (tag != "p") lost_ = true;
        Break("\n\n");
        Run inner = format;
        if (tag == "pre") inner.code = true;
        Blocks(n.children, inner, pre || tag == "pre");
        Break("\n\n");
      } else if (tag == "li" || tag == "tr") {
        Break("\n");
        Blocks(n.children, format, pre);
        Break("\n");
      } else if (tag == "br") {
        Add(format, "\n");
      } else if (const std::string* src = n.FindAttribute("src"); tag == "img" && src != nullptr) {
        Run picture = format;
        picture.picture = *src;  // the writer embeds it, or reports it when it has no file
        picture.picture_alt = n.AttributeOr("alt");
        runs_.push_back(std::move(picture));
      } else {
        Run inner = format;
        if (tag == "strong" || tag == "b") {
          inner.bold = true;
        } else if (tag == "em" || tag == "i") {
          inner.italic = true;
        } else if (tag == "code" || tag == "kbd" || tag == "samp" || tag == "tt") {
          inner.code = true;
        } else if (tag != "span") {
          lost_ = true;  // a link's target, an image, underline, ...: the text alone is kept
        }
        Blocks(n.children, inner, pre);
      }
    }
  }

  std::vector<Run> Take() {
    // Breaks at the ends are the blocks' edges, not text.
    while (!runs_.empty() && runs_.back().picture.empty() && IsBlank(runs_.back().text)) {
      runs_.pop_back();
    }
    if (!runs_.empty()) {
      std::string& t = runs_.back().text;
      while (!t.empty() && t.back() == '\n') t.pop_back();
    }
    return std::move(runs_);
  }

 private:
  void Text(std::string_view text, const Run& format, bool pre) {
    if (pre) {
      Add(format, text);
      return;
    }
    std::string collapsed;
    for (char c : text) {
      bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
      if (space) {
        if (!collapsed.empty() && collapsed.back() == ' ') continue;
        if (collapsed.empty() && AtLineStart()) continue;
        collapsed += ' ';
      } else {
        collapsed += c;
      }
    }
    Add(format, collapsed);
  }

  bool AtLineStart() const {
    return runs_.empty() || runs_.back().text.empty() || runs_.back().text.back() == '\n' ||
           runs_.back().text.back() == ' ';
  }

  // A break between blocks: at most `brk` of line breaks, none at the start.
  void Break(std::string_view brk) {
    if (runs_.empty()) return;
    if (!runs_.back().picture.empty()) runs_.emplace_back();  // the break follows the picture
    std::string& t = runs_.back().text;
    while (!t.empty() && t.back() == ' ') t.pop_back();
    size_t have = 0;
    while (have < t.size() && t[t.size() - 1 - have] == '\n') ++have;
    if (have < brk.size()) t.append(brk.size() - have, '\n');
  }

  void Add(const Run& format, std::string_view text) {
    if (text.empty()) return;
    if (!runs_.empty() && runs_.back().picture.empty()) {
      Run& last = runs_.back();
      if (last.bold == format.bold && last.italic == format.italic && last.code == format.code) {
        last.text += text;
        return;
      }
    }
    Run r = format;
    r.text = std::string(text);
    runs_.push_back(std::move(r));
  }

  bool& lost_;
  std::vector<Run> runs_;
};

}  // namespace

std::string PlainText(const FieldRuns& field) {
  std::string out;
  for (size_t i = 0; i < field.size(); ++i) {
    if (i > 0) out += "\n\n";
    for (const Run& r : field[i]) out += r.text;
  }
  return out;
}

bool HasFormatting(const FieldRuns& field, const MarkupOptions& options) {
  for (const std::vector<Run>& p : field) {
    for (const Run& r : p) {
      if (!r.picture.empty()) return true;  // a picture makes the field HTML
      if (Formatted(r, options) && !IsBlank(r.text)) return true;
    }
  }
  return false;
}

std::string FieldHtml(const FieldRuns& field, const MarkupOptions& options) {
  std::vector<xml::Node> out;
  for (const std::vector<Run>& p : field) {
    std::vector<xml::Node> inline_nodes;
    for (const Run& r : p) AppendRun(r, options, inline_nodes);
    if (field.size() == 1) {
      out = std::move(inline_nodes);
    } else {
      xml::Node para = xml::Node::Element("p");
      para.children = std::move(inline_nodes);
      out.push_back(std::move(para));
    }
  }
  return xml::WriteFragment(out);
}

std::optional<std::string> FieldMarkdown(const FieldRuns& field, const MarkupOptions& options) {
  return markup::HtmlToMarkdown(FieldHtml(field, options));
}

std::vector<Run> RunsOf(const std::string& text, model::Markup kind, bool& lost) {
  if (kind == model::Markup::kPlain) {
    Run r;
    r.text = text;
    return r.text.empty() ? std::vector<Run>() : std::vector<Run>{r};
  }
  std::string html = kind == model::Markup::kMarkdown ? markup::RenderMarkdown(text, true) : text;
  RunWriter writer(lost);
  writer.Blocks(markup::ParseHtmlFragment(html), Run(), false);
  return writer.Take();
}

}  // namespace qbank::formats::docx
