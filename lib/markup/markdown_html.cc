// The cmark door, and the inline HTML subset back to Markdown over the xml/ door.
#include "markup/markdown_html.h"

#include <cmark.h>

#include <algorithm>
#include <cstdlib>
#include <memory>

#include "base/utf8_text.h"
#include "markup/html_tree.h"
#include "xml/xml_tree.h"

namespace qbank::markup {
namespace {

// Markdown's special characters in text, escaped so the text reads back as itself.
std::string EscapeMarkdown(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::string_view("\\`*_[]<>#").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

class MarkdownWriter {
 public:
  // The inline content of `nodes`; false on anything without a Markdown notation.
  bool Inline(const std::vector<xml::Node>& nodes, std::string& out) const {
    for (const xml::Node& n : nodes) {
      if (!n.is_element()) {
        std::string text = n.text;
        for (char& c : text) {
          if (c == '\n') c = ' ';
        }
        out += EscapeMarkdown(text);
        continue;
      }
      std::string_view tag = n.LocalName();
      bool plain_attributes = n.attributes.empty() || (tag == "a" && n.attributes.size() == 1 &&
                                                       n.attributes[0].name == "href");
      if (!plain_attributes) return false;
      std::string inner;
      if (tag == "code") {
        std::string code = n.TextContent();
        if (n.HasChildElements() || code.find('`') != std::string::npos) return false;
        out += "`" + code + "`";
        continue;
      }
      if (tag == "br") {
        if (!n.children.empty()) return false;
        out += "\\\n";
        continue;
      }
      if (!Inline(n.children, inner) || inner.empty()) return false;
      if (tag == "em" || tag == "i") {
        out += "*" + inner + "*";
      } else if (tag == "strong" || tag == "b") {
        out += "**" + inner + "**";
      } else if (tag == "a") {
        const std::string& href = n.attributes[0].value;
        if (href.find_first_of(" ()<>") != std::string::npos) return false;
        out += '[';
        out += inner;
        out += "](";
        out += href;
        out += ')';
      } else if (IsBlock(n)) {
        return false;
      } else {
        out += xml::WriteFragment({n});  // inline HTML without a notation stays raw HTML
      }
    }
    return true;
  }

  // Block content: paragraphs, lists, code blocks, or inline content alone.
  bool Blocks(const std::vector<xml::Node>& nodes, std::string& out) const {
    bool any_block = false;
    for (const xml::Node& n : nodes) any_block = any_block || IsBlock(n);
    if (!any_block) return Inline(nodes, out);
    for (const xml::Node& n : nodes) {
      if (!n.is_element()) {
        if (!IsBlank(n.text)) return false;
        continue;
      }
      if (!n.attributes.empty()) return false;
      std::string block;
      std::string_view tag = n.LocalName();
      if (tag == "p") {
        if (!Inline(n.children, block)) return false;
      } else if (tag == "ul" || tag == "ol") {
        if (!List(n, tag == "ol", block)) return false;
      } else if (tag == "pre") {
        const xml::Node* code = n.children.size() == 1 ? &n.children[0] : nullptr;
        if (code == nullptr || !code->is_element() || code->LocalName() != "code" ||
            code->HasChildElements() || code->TextContent().find("```") != std::string::npos) {
          return false;
        }
        std::string text = code->TextContent();
        if (!text.empty() && text.back() == '\n') text.pop_back();
        block = "```\n" + text + "\n```";
      } else {
        return false;
      }
      if (!out.empty()) out += "\n\n";
      out += block;
    }
    return true;
  }

 private:
  static bool IsBlock(const xml::Node& n) {
    if (!n.is_element()) return false;
    std::string_view tag = n.LocalName();
    return tag == "p" || tag == "ul" || tag == "ol" || tag == "pre" || tag == "table" ||
           tag == "div" || tag == "blockquote" || tag.starts_with("h");
  }

  bool List(const xml::Node& list, bool ordered, std::string& out) const {
    size_t number = 0;
    for (const xml::Node& item : list.children) {
      if (!item.is_element()) {
        if (!IsBlank(item.text)) return false;
        continue;
      }
      if (item.LocalName() != "li" || !item.attributes.empty()) return false;
      std::string text;
      if (!Inline(item.children, text) || Trim(text).empty()) return false;
      if (!out.empty()) out += "\n";
      out += (ordered ? std::to_string(++number) + ". " : "- ") + std::string(Trim(text));
    }
    return number > 0 || !out.empty();
  }
};

// White space as a browser shows it: a run of it is one space (not inside <pre>), and white
// space holding a line break between two elements (how writers indent blocks) is nothing.
void CollapseSpace(std::vector<xml::Node>& nodes, bool pre) {
  std::vector<xml::Node> kept;
  kept.reserve(nodes.size());
  for (xml::Node& n : nodes) {
    if (n.is_element()) {
      CollapseSpace(n.children, pre || n.LocalName() == "pre");
    } else if (!pre) {
      if (IsBlank(n.text) && n.text.find('\n') != std::string::npos) continue;
      std::string text;
      bool space = false;
      for (char c : n.text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
          space = true;
          continue;
        }
        if (space) text += ' ';
        space = false;
        text += c;
      }
      if (space) text += ' ';
      n.text = std::move(text);
    }
    kept.push_back(std::move(n));
  }
  // A line break starts a new line, and a browser shows no space at either end of a line.
  auto is_break = [&](size_t i) {
    return i < kept.size() && kept[i].is_element() && kept[i].LocalName() == "br";
  };
  for (size_t i = 0; i < kept.size() && !pre; ++i) {
    std::string& text = kept[i].text;
    if (kept[i].is_element() || text.empty()) continue;
    if (i > 0 && is_break(i - 1) && text.front() == ' ') text.erase(0, 1);
    if (is_break(i + 1) && !text.empty() && text.back() == ' ') text.pop_back();
  }
  nodes = std::move(kept);
}

// Each element's attributes by name: their order means nothing to a browser.
void SortAttributes(std::vector<xml::Node>& nodes) {
  for (xml::Node& n : nodes) {
    if (!n.is_element()) continue;
    std::stable_sort(
        n.attributes.begin(), n.attributes.end(),
        [](const xml::Attribute& a, const xml::Attribute& b) { return a.name < b.name; });
    SortAttributes(n.children);
  }
}

// `html` written the one way: parsed as a browser reads it (character references decoded, empty
// elements closed), white space collapsed as a browser shows it, attributes in name order,
// written back as XML.
std::string CanonicalHtml(std::string_view html) {
  std::vector<xml::Node> nodes = ParseHtmlFragment(Trim(html));
  CollapseSpace(nodes, false);
  SortAttributes(nodes);
  std::string out = xml::WriteFragment(nodes);
  // A lone paragraph is the text itself (a writer may wrap a text that cannot stand alone).
  return std::string(WithoutLoneParagraph(Trim(out)));
}

}  // namespace

std::string RenderMarkdown(std::string_view markdown, bool raw_html) {
  int options = CMARK_OPT_DEFAULT | (raw_html ? CMARK_OPT_UNSAFE : 0);
  std::unique_ptr<char, decltype(&std::free)> html(
      cmark_markdown_to_html(markdown.data(), markdown.size(), options), &std::free);
  return html == nullptr ? std::string() : std::string(Trim(html.get()));
}

std::optional<std::string> MarkdownNotationOf(std::string_view html) {
  // Read as a browser reads it (Moodle's editors write <br> and &nbsp;, which XML refuses); a
  // comment, which that reading skips, has no Markdown form.
  if (html.find("<!--") != std::string_view::npos) return std::nullopt;
  std::vector<xml::Node> nodes = ParseHtmlFragment(html);
  std::string out;
  if (!MarkdownWriter().Blocks(nodes, out)) return std::nullopt;
  return out;
}

std::optional<std::string> HtmlToMarkdown(std::string_view html) {
  std::optional<std::string> out = MarkdownNotationOf(html);
  // Only what renders back to the same HTML is Markdown.
  if (!out.has_value() || !SameHtml(RenderMarkdown(*out, true), html)) return std::nullopt;
  return out;
}

std::string_view WithoutLoneParagraph(std::string_view html) {
  constexpr std::string_view kOpen = "<p>";
  constexpr std::string_view kClose = "</p>";
  if (html.size() >= kOpen.size() + kClose.size() && html.starts_with(kOpen) &&
      html.ends_with(kClose) && html.find(kOpen, kOpen.size()) == std::string_view::npos) {
    return html.substr(kOpen.size(), html.size() - kOpen.size() - kClose.size());
  }
  return html;
}

bool SameHtml(std::string_view a, std::string_view b) {
  if (a == b) return true;
  // The HTML reading stops at a NUL: two texts that differ after one are not the same.
  if (a.find('\0') != std::string_view::npos || b.find('\0') != std::string_view::npos) {
    return false;
  }
  return CanonicalHtml(a) == CanonicalHtml(b);
}

}  // namespace qbank::markup
