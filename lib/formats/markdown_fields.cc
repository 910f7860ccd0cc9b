// Markdown questions rendered for HTML formats, and restored from them.
#include "formats/markdown_fields.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include "base/utf8_text.h"
#include "formats/import_checks.h"
#include "formats/question_names.h"
#include "markup/markdown_html.h"
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
    visit(at + "rationale", o.rationale->value);
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

// One field's Markdown as HTML: cmark's rendering with a lone paragraph unwrapped. With
// `xml_only`, raw HTML that is not well-formed XML is left out and reported, and `complete` is
// false: the HTML then no longer says all the draft does.
std::string RenderField(const std::string& markdown, bool xml_only, LossReport& loss,
                        bool& complete) {
  complete = true;
  if (markdown.empty()) return markdown;
  std::string html = markup::RenderMarkdown(markdown, true);
  if (xml_only && !xml::ParseFragment(html, "markdown").ok()) {
    loss.Drop("markup (raw HTML in Markdown that is not well-formed XML)");
    html = markup::RenderMarkdown(markdown, false);
    complete = false;
  }
  return std::string(markup::WithoutLoneParagraph(html));
}

// The HTML a format's file holds at `place` of `written` of a field rendered as `html`.
std::string AsWritten(const LmsHtml& how, const Question& written, const std::string& place,
                      const std::string& html) {
  return how.as_written ? how.as_written(written, place, html) : html;
}

// True when a reader converting `written` (the file's HTML of the rendering `html` of `draft`)
// to Markdown gets `draft` back: HtmlToMarkdown's result, without rendering `draft` again.
bool ReadsBackAs(const std::string& draft, const std::string& html, const std::string& written) {
  std::optional<std::string> back = markup::MarkdownNotationOf(written);
  return back.has_value() && *back == draft && markup::SameHtml(html, written);
}

// What travels of the draft `q`: markup markdown and, by place (VisitMarkdownTexts's), the texts
// in `texts`; the options up to the last one with a text.
Question CarriedDraft(const Question& q, const std::map<std::string, std::string>& texts) {
  Question source = q;
  for (Option& o : source.options) o.text.value.clear();  // typed answers are not rendered
  size_t options = 0;
  VisitMarkdownTexts(source, [&](const std::string& place, std::string& text) {
    auto it = texts.find(place);
    text = it == texts.end() ? std::string() : it->second;
    if (it != texts.end() && place.starts_with("options.")) {
      options = std::max<size_t>(options, std::stoul(place.substr(8)) + 1);
    }
  });
  Question carried;
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

// The format joined the gap's sentence into the stem (a QTI text entry whose sentence holds a
// block: "> x" then the gap and "n" is a block quote and a paragraph " _____ n"), so the read
// stem does not split at the gap into the draft's halves: the draft's stem and text after come
// back (into `restored`) when the stem read is what the format writes of the two rendered and
// joined. True when they did.
bool RestoreJoinedGap(const std::map<std::string, std::string>& carried, const LmsHtml& how,
                      const Question& q, Question& restored) {
  auto gap = carried.find("after_gap");
  if (gap == carried.end() || !TextAfterGap(q).empty() ||
      q.stem.value.find(kGapMarker) == std::string::npos) {
    return false;
  }
  auto stem = carried.find("stem");
  std::string draft_stem = stem == carried.end() ? std::string() : stem->second;
  LossReport ignored;
  bool complete = true;
  std::string joined =
      JoinAtGap(RenderField(draft_stem, how.xml_only, ignored, complete), kGapMarker,
                RenderField(gap->second, how.xml_only, ignored, complete));
  Question read = q;
  read.markup = Markup::kHtml;
  if (!markup::SameHtml(AsHtml(q.stem.value, q.markup), AsWritten(how, read, "stem", joined))) {
    return false;
  }
  restored.stem.value = draft_stem;
  SetTextAfterGap(restored, gap->second);
  return true;
}

}  // namespace

RenderedDraft RenderDraft(const Question& q, const LmsHtml& how, LossReport& loss) {
  RenderedDraft out;
  out.rendered = q;
  out.rendered.markup = Markup::kHtml;
  std::map<std::string, std::string> carry;   // by place, the draft's texts that must travel
  std::map<std::string, std::string> drafts;  // by place, the draft's texts rendered
  VisitMarkdownTexts(out.rendered, [&](const std::string& place, std::string& text) {
    if (text.empty()) return;
    bool complete = true;
    std::string html = RenderField(text, how.xml_only, loss, complete);
    // The text after a gap always travels: it says there is a gap where a format joins the
    // stem and that text with Moodle's marker.
    if (!complete || place == "after_gap") carry[place] = text;
    drafts[place] = std::move(text);
    text = std::move(html);
  });
  // Where the format writes each text (a gap's choice, a prompt) is known once all are rendered.
  Question written = out.rendered;
  VisitMarkdownTexts(written, [&](const std::string& place, std::string& html) {
    auto draft = drafts.find(place);
    if (draft == drafts.end() || carry.count(place) != 0) return;
    if (!ReadsBackAs(draft->second, html, AsWritten(how, out.rendered, place, html))) {
      carry[place] = draft->second;
    }
  });
  out.carried = CarriedDraft(q, carry);
  return out;
}

bool WritesAnElement(const Question& shown, const LmsHtml& how) {
  bool any = false;
  Question copy = shown;
  VisitMarkdownTexts(copy, [&](const std::string& place, std::string& html) {
    if (any || html.empty()) return;
    std::string written = AsWritten(how, shown, place, html);
    Result<std::vector<xml::Node>> nodes = xml::ParseFragment(written, "html");
    any = !nodes.ok() ? written.find('<') != std::string::npos
                      : std::any_of(nodes->begin(), nodes->end(),
                                    [](const xml::Node& n) { return n.is_element(); });
  });
  return any;
}

bool RestoreMarkdown(const Question& source, const LmsHtml& how, Question& q) {
  if (q.markup == Markup::kMarkdown) return false;
  std::map<std::string, std::string> carried;
  Question source_copy = source;
  VisitMarkdownTexts(source_copy, [&](const std::string& place, std::string& text) {
    if (!text.empty()) carried[place] = text;
  });
  Question restored = q;
  std::string before;
  std::string after;
  bool joined_gap = RestoreJoinedGap(carried, how, q, restored);
  if (!joined_gap && carried.count("after_gap") != 0 && TextAfterGap(q).empty() &&
      SplitAtGap(q.stem.value, before, after)) {
    // The format wrote the gap as Moodle's marker in the stem (QTI, where the stem holds blocks).
    restored.stem.value = std::move(before);
    SetTextAfterGap(restored, std::move(after));
  }
  Question read = restored;  // as the file holds it: where each text was written
  read.markup = Markup::kHtml;
  bool ok = true;
  VisitMarkdownTexts(restored, [&](const std::string& place, std::string& text) {
    // An empty text comes back too when the draft's text rendered to nothing the format could
    // write (a Markdown line "<p" is an HTML block that is not XML, left out and reported): read
    // back empty, it was restored as empty, and the next export no longer carried the draft
    // (round_trip_fuzz).
    if (!ok || (text.empty() && carried.count(place) == 0)) return;
    if (joined_gap && (place == "stem" || place == "after_gap")) return;  // the draft's already
    // A text the import refuses (a NUL or other control character, which neither HTML nor
    // Markdown holds: XML writing would cut the text at a NUL) stays as read, for the import's
    // check to name it at its place.
    if (FindControlCharacter(text) != std::string::npos) {
      ok = false;
      return;
    }
    std::string html = AsHtml(text, q.markup);
    auto it = carried.find(place);
    LossReport ignored;
    bool complete = true;
    if (it != carried.end() &&
        markup::SameHtml(html,
                         AsWritten(how, read, place,
                                   RenderField(it->second, how.xml_only, ignored, complete)))) {
      text = it->second;
      return;
    }
    std::optional<std::string> md = markup::HtmlToMarkdown(html);
    ok = md.has_value();
    if (ok) text = std::move(*md);
  });
  if (!ok) return false;
  // A gap the format did not write (a QTI essay has none): the text after it comes back from the
  // draft alone. Not where the question text holds the marker (written, but not split off).
  if (auto it = carried.find("after_gap"); it != carried.end() && TextAfterGap(restored).empty() &&
                                           q.stem.value.find(kGapMarker) == std::string::npos) {
    SetTextAfterGap(restored, it->second);
  }
  restored.markup = Markup::kMarkdown;
  // A text that changed is no longer the bytes of the file at its span.
  auto unverbatim = [](model::Text& now, const model::Text& was) {
    if (now.value != was.value) now.verbatim = false;
  };
  unverbatim(restored.stem, q.stem);
  unverbatim(restored.explanation, q.explanation);
  for (size_t i = 0; i < restored.options.size(); ++i) {
    unverbatim(restored.options[i].text, q.options[i].text);
    if (restored.options[i].rationale.present()) {
      unverbatim(*restored.options[i].rationale, q.options[i].rationale);
    }
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
