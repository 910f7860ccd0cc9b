// A small HTML reader: enough of the HTML parsing rules for the fragments question banks hold.
#include "markup/html_tree.h"

#include <set>
#include <string>

#include "base/ascii_text.h"
#include "text/readable_text.h"
#include "xml/xml_tree.h"

namespace qbank::markup {
namespace {

constexpr size_t kMaxDepth = 256;

bool IsVoid(std::string_view name) {
  static const std::set<std::string_view> kVoid = {
      "area", "base", "br",    "col",    "embed", "hr",  "img",      "input",
      "link", "meta", "param", "source", "track", "wbr", "basefont", "frame"};
  return kVoid.count(name) != 0;
}

bool IsRawText(std::string_view name) {
  return name == "script" || name == "style" || name == "textarea" || name == "title";
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Character references decoded; an unknown one stays as written.
std::string Decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::string decoded;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '&') {
      if (size_t length = text::DecodeHtmlReference(s, i, &decoded); length > 0) {
        out += decoded;
        i += length - 1;
        continue;
      }
    }
    out.push_back(s[i]);
  }
  return out;
}

// Whether `a` closes an open `b` when `a` starts while `b` is the current element.
bool StartCloses(std::string_view a, std::string_view b) {
  auto cell = [](std::string_view n) { return n == "td" || n == "th"; };
  auto term = [](std::string_view n) { return n == "dt" || n == "dd"; };
  if (a == "li" || a == "p" || a == "tr") return a == b || (a == "tr" && cell(b));
  if (cell(a)) return cell(b);
  if (term(a)) return term(b);
  return false;
}

class Reader {
 public:
  explicit Reader(std::string_view html) : s_(html) { stack_.push_back(&root_); }

  std::vector<xml::Node> Read() && {
    while (i_ < s_.size()) {
      size_t lt = s_.find('<', i_);
      if (lt == std::string_view::npos) lt = s_.size();
      if (lt > i_) AppendText(Decode(s_.substr(i_, lt - i_)));
      i_ = lt;
      if (i_ < s_.size()) Markup();
    }
    return std::move(root_.children);
  }

 private:
  xml::Node& Top() { return *stack_.back(); }

  void AppendText(std::string text) {
    if (text.empty()) return;
    if (!Top().children.empty() && !Top().children.back().is_element()) {
      Top().children.back().text += text;
      return;
    }
    Top().Append(xml::Node::Text(std::move(text)));
  }

  // At a '<': a comment, a declaration, a CDATA section, an end tag, a start tag or text.
  void Markup() {
    std::string_view rest = s_.substr(i_);
    if (rest.starts_with("<!--")) {
      size_t end = s_.find("-->", i_ + 4);
      i_ = end == std::string_view::npos ? s_.size() : end + 3;
    } else if (rest.starts_with("<![CDATA[")) {
      size_t end = s_.find("]]>", i_ + 9);
      size_t stop = end == std::string_view::npos ? s_.size() : end;
      AppendText(std::string(s_.substr(i_ + 9, stop - i_ - 9)));
      i_ = end == std::string_view::npos ? s_.size() : end + 3;
    } else if (rest.starts_with("<!") || rest.starts_with("<?")) {
      size_t end = s_.find('>', i_);
      i_ = end == std::string_view::npos ? s_.size() : end + 1;
    } else if (rest.size() > 2 && rest[1] == '/' && IsAsciiAlpha(rest[2])) {
      EndTag();
    } else if (rest.size() > 1 && IsAsciiAlpha(rest[1])) {
      StartTag();
    } else {
      AppendText("<");
      ++i_;
    }
  }

  std::string Name() {
    std::string name;
    while (i_ < s_.size() && !IsSpace(s_[i_]) && s_[i_] != '/' && s_[i_] != '>') {
      name.push_back(AsciiToLower(s_[i_++]));
    }
    return name;
  }

  void SkipSpace() {
    while (i_ < s_.size() && IsSpace(s_[i_])) ++i_;
  }

  void EndTag() {
    i_ += 2;
    std::string name = Name();
    size_t end = s_.find('>', i_);
    i_ = end == std::string_view::npos ? s_.size() : end + 1;
    for (size_t k = stack_.size(); k-- > 1;) {
      if (stack_[k]->name == name) {
        stack_.resize(k);
        return;
      }
    }
  }

  // One attribute at i_ (after blanks), added to `element` unless it is already there.
  void Attribute(xml::Node& element) {
    std::string name;
    while (i_ < s_.size() && !IsSpace(s_[i_]) && s_[i_] != '/' && s_[i_] != '>' &&
           (s_[i_] != '=' || name.empty())) {
      name.push_back(AsciiToLower(s_[i_++]));
    }
    // MathML's one mixed-case attribute, which a browser's parser writes back so (HTML has no
    // attribute of that name to mistake it for).
    if (name == "definitionurl") name = "definitionURL";
    SkipSpace();
    std::string value = name;
    if (i_ < s_.size() && s_[i_] == '=') {
      ++i_;
      SkipSpace();
      size_t start = i_;
      if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'')) {
        size_t close = s_.find(s_[i_], i_ + 1);
        size_t stop = close == std::string_view::npos ? s_.size() : close;
        value = Decode(s_.substr(start + 1, stop - start - 1));
        i_ = close == std::string_view::npos ? s_.size() : close + 1;
      } else {
        while (i_ < s_.size() && !IsSpace(s_[i_]) && s_[i_] != '>') ++i_;
        value = Decode(s_.substr(start, i_ - start));
      }
    }
    if (!name.empty() && element.FindAttribute(name) == nullptr) {
      element.attributes.push_back({std::move(name), std::move(value)});
    }
  }

  void StartTag() {
    ++i_;
    xml::Node element = xml::Node::Element(Name());
    bool self_closed = false;
    while (i_ < s_.size() && s_[i_] != '>') {
      SkipSpace();
      if (i_ < s_.size() && s_[i_] == '/') {
        ++i_;
        self_closed = i_ < s_.size() && s_[i_] == '>';
        continue;
      }
      if (i_ < s_.size() && s_[i_] != '>') Attribute(element);
    }
    if (i_ < s_.size()) ++i_;  // '>'
    std::string name = element.name;
    if (stack_.size() > 1 && StartCloses(name, Top().name)) stack_.pop_back();
    if (IsRawText(name) && !self_closed) {
      std::string close = "</" + name;
      size_t end = i_;
      while (true) {
        end = s_.find("</", end);
        if (end == std::string_view::npos) break;
        if (AsciiEqualIgnoringCase(s_.substr(end, close.size()), close)) break;
        end += 2;
      }
      size_t stop = end == std::string_view::npos ? s_.size() : end;
      std::string raw(s_.substr(i_, stop - i_));
      if (!raw.empty()) element.Append(xml::Node::Text(name == "textarea" ? Decode(raw) : raw));
      Top().Append(std::move(element));
      if (end == std::string_view::npos) {
        i_ = s_.size();
      } else {
        size_t gt = s_.find('>', end);
        i_ = gt == std::string_view::npos ? s_.size() : gt + 1;
      }
      return;
    }
    xml::Node& added = Top().Append(std::move(element));
    if (!self_closed && !IsVoid(name) && stack_.size() <= kMaxDepth) stack_.push_back(&added);
  }

  std::string_view s_;
  size_t i_ = 0;
  xml::Node root_ = xml::Node::Element("fragment");
  std::vector<xml::Node*> stack_;
};

}  // namespace

std::vector<xml::Node> ParseHtmlFragment(std::string_view html) { return Reader(html).Read(); }

std::string HtmlFragmentText(std::string_view html, bool* had_elements) {
  std::string text;
  bool elements = false;
  for (const xml::Node& n : ParseHtmlFragment(html)) {
    elements = elements || n.is_element();
    text += n.TextContent();
  }
  if (had_elements != nullptr) *had_elements = elements;
  return text;
}

}  // namespace qbank::markup
