// Markdown questions rendered for HTML formats, and restored from them.
#include "formats/markdown_fields.h"

#include <functional>
#include <map>
#include <optional>

#include "base/utf8_text.h"
#include "formats/markdown_html.h"
#include "formats/question_names.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using model::Markup;
using model::Option;
using model::Question;

// Calls `visit(place, text)` for each text of `q` that is Markdown in a draft ("stem",
// "explanation", "after_gap", "options.N.text", "options.N.rationale", "options.N.match"); a
// change to `text` is written back.
void VisitMarkdownTexts(Question& q,
                        const std::function<void(const std::string&, std::string&)>& visit) {
  visit("stem", q.stem.value);
  visit("explanation", q.explanation.value);
  if (std::string after = TextAfterGap(q); !after.empty()) {
    visit("after_gap", after);
    SetTextAfterGap(q, after);
  }
  bool content_options = model::IsChoiceType(q.type) || q.type == model::QuestionType::kMatching;
  for (size_t i = 0; i < q.options.size(); ++i) {
    Option& o = q.options[i];
    std::string at = "options." + std::to_string(i) + ".";
    if (content_options) visit(at + "text", o.text.value);
    visit(at + "rationale", o.rationale.value);
    if (std::string match = MatchOf(o); !match.empty()) {
      visit(at + "match", match);
      SetMatch(o, match);
    }
  }
}

// A field's value as HTML: a plain-text value (a format without a markup flag read it so) is
// escaped.
std::string AsHtml(const std::string& value, Markup markup) {
  if (markup != Markup::kPlain) return value;
  return xml::WriteFragment({xml::Node::Text(value)});
}

}  // namespace

std::string RenderMarkdownField(const std::string& markdown, bool xml_only, LossReport& loss) {
  if (markdown.empty()) return markdown;
  std::string html = RenderMarkdown(markdown, true);
  if (xml_only && !xml::ParseFragment(html, "markdown").ok()) {
    loss.Drop("markup (raw HTML in Markdown that is not well-formed XML)");
    html = RenderMarkdown(markdown, false);
  }
  constexpr std::string_view kOpen = "<p>";
  constexpr std::string_view kClose = "</p>";
  if (html.starts_with(kOpen) && html.ends_with(kClose) &&
      html.find(kOpen, kOpen.size()) == std::string::npos) {
    html = html.substr(kOpen.size(), html.size() - kOpen.size() - kClose.size());
  }
  return html;
}

Question RenderMarkdownQuestion(const Question& q, bool xml_only, LossReport& loss) {
  Question out = q;
  out.markup = Markup::kHtml;
  VisitMarkdownTexts(out, [&](const std::string&, std::string& text) {
    text = RenderMarkdownField(text, xml_only, loss);
  });
  return out;
}

Question MarkdownSourceToCarry(const Question& q) {
  Question carried;
  if (q.markup != Markup::kMarkdown) return carried;
  Question source = q;
  if (!model::IsChoiceType(q.type) && q.type != model::QuestionType::kMatching) {
    for (Option& o : source.options) o.text.value.clear();  // answers typed, not rendered
  }
  LossReport ignored;
  size_t options = 0;  // the options up to the last one with a text carried
  VisitMarkdownTexts(source, [&](const std::string& place, std::string& text) {
    std::optional<std::string> back = HtmlToMarkdown(RenderMarkdownField(text, false, ignored));
    // The text after a gap always travels: it says there is a gap where a format joins the
    // stem and that text with Moodle's marker.
    if (back.has_value() && *back == text && place != "after_gap") {
      text.clear();
    } else if (place.starts_with("options.")) {
      options = std::max<size_t>(options, std::stoul(place.substr(8)) + 1);
    }
  });
  carried.markup = Markup::kMarkdown;
  carried.type = q.type;
  carried.stem = source.stem;
  carried.explanation = source.explanation;
  if (std::string after = TextAfterGap(source); !after.empty()) SetTextAfterGap(carried, after);
  for (size_t i = 0; i < options; ++i) {
    Option o;
    o.text = source.options[i].text;
    o.rationale = source.options[i].rationale;
    if (std::string match = MatchOf(source.options[i]); !match.empty()) SetMatch(o, match);
    carried.options.push_back(std::move(o));
  }
  return carried;
}

bool RestoreMarkdown(const Question& source, Question& q) {
  if (q.markup == Markup::kMarkdown) return false;
  std::map<std::string, std::string> carried;
  Question source_copy = source;
  VisitMarkdownTexts(source_copy, [&](const std::string& place, std::string& text) {
    if (!text.empty()) carried[place] = text;
  });
  Question restored = q;
  std::string before;
  std::string after;
  if (carried.count("after_gap") != 0 && TextAfterGap(q).empty() &&
      SplitAtGap(q.stem.value, before, after)) {
    // The format wrote the gap as Moodle's marker in the stem (QTI, where the stem holds blocks).
    restored.stem.value = std::move(before);
    SetTextAfterGap(restored, std::move(after));
  }
  bool ok = true;
  VisitMarkdownTexts(restored, [&](const std::string& place, std::string& text) {
    if (!ok || text.empty()) return;
    std::string html = AsHtml(text, q.markup);
    auto it = carried.find(place);
    LossReport ignored;
    if (it != carried.end() && SameHtml(html, RenderMarkdownField(it->second, false, ignored))) {
      text = it->second;
      return;
    }
    std::optional<std::string> md = HtmlToMarkdown(html);
    ok = md.has_value();
    if (ok) text = std::move(*md);
  });
  if (!ok) return false;
  restored.markup = Markup::kMarkdown;
  // A text that changed is no longer the bytes of the file at its span.
  auto unverbatim = [](model::Text& now, const model::Text& was) {
    if (now.value != was.value) now.verbatim = false;
  };
  unverbatim(restored.stem, q.stem);
  unverbatim(restored.explanation, q.explanation);
  for (size_t i = 0; i < restored.options.size(); ++i) {
    unverbatim(restored.options[i].text, q.options[i].text);
    unverbatim(restored.options[i].rationale, q.options[i].rationale);
  }
  q = std::move(restored);
  return true;
}

bool IsMoodleMarkdown(const Question& q) {
  if (q.markup != Markup::kMarkdown) return false;
  for (auto [format, key] :
       {std::pair{"gift", "format"}, std::pair{"moodle_xml", "questiontext_format"}}) {
    const model::Value* ext = q.extensions.Find(format);
    const model::Value* v = ext != nullptr && ext->is_object() ? ext->Find(key) : nullptr;
    if (v != nullptr && v->is_string() && v->as_string() == "markdown") return true;
  }
  return false;
}

}  // namespace qbank::formats
