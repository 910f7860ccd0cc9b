// What the QTI reader and writer share: the two versions' vocabulary (Dialect) and identifiers.
#ifndef QBANK_FORMATS_QTI_QTI_SYNTAX_H_
#define QBANK_FORMATS_QTI_QTI_SYNTAX_H_

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "base/ascii_text.h"
#include "base/str_cat.h"
#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/import_checks.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/qti/qti_format.h"
#include "formats/qti/qti_html.h"
#include "formats/qti/qti_mathml.h"
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "markup/html_tree.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::qti_syntax {

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Text;
using model::Value;
using Version = QtiFormat::Version;

// The key under which QTI-specific data travels in Question/Option::extensions.
constexpr std::string_view kExtensionKey = "qti";
// Marks a label that carries a question id the identifier could not (not an NCName).
constexpr std::string_view kIdLabelPrefix = "qbank-id:";
constexpr std::string_view kManifestName = "imsmanifest.xml";
// LOM technical format of an item rendered from Markdown.
constexpr std::string_view kMarkdownFormat = "text/markdown";
// LOM technical format of an item whose texts are HTML, with or without an element.
constexpr std::string_view kHtmlFormat = "text/html";

// The identifier a choice gets when its option carries none: A, B, ... Z, then C27, C28, ...
inline std::string DefaultChoiceId(size_t index) {
  if (index < 26) return std::string(1, static_cast<char>('A' + index));
  return StrCat({"C", std::to_string(index + 1)});
}

// A credit in percent as the reader keeps it: to a millionth of a percent (a mapping's third is
// 33.333333). The writer writes credits so rounded, so a second trip writes the same numbers
// (written to ten digits, 100/3 read back as 33.333333 and was written 0.33333333:
// round_trip_fuzz).
inline double RoundedCredit(double percent) { return std::round(percent * 1e6) / 1e6; }

// A credit in percent as QTI's score of 0 to 1 ("0.33333333" for 100/3).
inline std::string ScoreText(double percent) {
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", RoundedCredit(percent) / 100);
  return text;
}

// The credit in percent an option has without a weight: 100 for a key (shared equally among the
// keys of a multiple-answer question), 0 otherwise. A weight is kept only where it differs.
inline double DefaultCredit(QuestionType type, bool correct, size_t key_count) {
  if (!correct) return 0;
  if (type == QuestionType::kMultipleAnswer && key_count > 0) {
    return 100.0 / static_cast<double>(key_count);
  }
  return 100;
}

// A QTI number, or nullopt.
inline std::optional<double> ParseNumber(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A field's HTML as nodes: well-formed XML as written, other HTML read as a browser reads it.
inline std::vector<xml::Node> ParseHtml(const std::string& value) {
  Result<std::vector<xml::Node>> nodes = xml::ParseFragment(value);
  return nodes.ok() ? std::move(nodes).value() : markup::ParseHtmlFragment(value);
}

// True when the text after the gap is set and the stem and that text can stand in one paragraph:
// neither is HTML with a block element at its top level (checked on a scratch copy, so nothing
// is reported).
inline bool GapFits(Version version, const Question& q, bool html, const std::string& after) {
  if (!html) return true;
  QtiHtmlCleaner scratch(version);
  std::vector<std::string> ignored;
  for (const std::string* value : {&q.stem.value, &after}) {
    std::vector<xml::Node> nodes = ParseHtml(*value);
    scratch.Clean(nodes, QtiHtmlPlace::kFlow, ignored);
    if (std::any_of(nodes.begin(), nodes.end(),
                    [&](const xml::Node& n) { return scratch.IsBlock(n); })) {
      return false;
    }
  }
  return true;
}

// True when a choice question `q` is written as a missing-word sentence with an inline choice
// interaction (its stem, gap and text after in one paragraph) rather than a choice interaction.
inline bool WritesInlineGap(Version version, const Question& q) {
  std::string after = TextAfterGap(q);
  return !after.empty() && q.type != QuestionType::kMultipleAnswer &&
         GapFits(version, q, q.markup == Markup::kHtml, after);
}

// Where the writer puts the text at `place` (a RenderDraft place) of `q`: in a missing-word
// sentence the stem and the text after the gap are inline content and the choices text (2.1) or
// inline content (3.0), as are a text entry's stem and text after when they fit in its
// paragraph; everything else holds blocks.
inline QtiHtmlPlace PlaceOf(Version version, const Question& q, std::string_view place) {
  bool sentence = place == "stem" || place == "after_gap";
  if (q.type == QuestionType::kShortAnswer || q.type == QuestionType::kNumerical) {
    bool fits = GapFits(version, q, q.markup == Markup::kHtml, TextAfterGap(q));
    return sentence && fits ? QtiHtmlPlace::kInline : QtiHtmlPlace::kFlow;
  }
  if (!model::IsChoiceType(q.type) || !WritesInlineGap(version, q)) return QtiHtmlPlace::kFlow;
  if (sentence) return QtiHtmlPlace::kInline;
  if (place.starts_with("options.") && place.ends_with(".text")) {
    return version == Version::k21 ? QtiHtmlPlace::kText : QtiHtmlPlace::kInline;
  }
  return QtiHtmlPlace::kFlow;
}

// Drops the white space at the ends of a field's top-level text, as the reader reads it: the
// value's own ends are trimmed already, but parsing can leave white space there (the HTML
// reader drops a stray end tag and keeps the line breaks around it: "Match each <  </x>\n"
// wrote "Match each &lt;  \n", which read back without them; round_trip_fuzz).
inline void TrimNodeEnds(std::vector<xml::Node>& nodes) {
  while (!nodes.empty() && !nodes.front().is_element()) {
    std::string& text = nodes.front().text;
    text.erase(0, CountLeadingBlanks(text));
    if (!text.empty()) break;
    nodes.erase(nodes.begin());
  }
  while (!nodes.empty() && !nodes.back().is_element()) {
    std::string& text = nodes.back().text;
    text.resize(TrimRight(text).size());
    if (!text.empty()) break;
    nodes.pop_back();
  }
  // A lone paragraph is read as its content, trimmed: its own ends too (the cleaner puts a
  // space where it unwraps a paragraph inside one, "<p>d </p>", which read back as "d").
  if (nodes.size() == 1 && nodes[0].is_element() && nodes[0].LocalName() == "p") {
    TrimNodeEnds(nodes[0].children);
  }
}

// A stem as the item body holds it where no interaction prompts it (a text entry, a description):
// blocks stay, and each run of text and inline elements between them becomes a paragraph (a run
// of white space alone is dropped). Consumes `nodes`.
inline std::vector<xml::Node> BodyParagraphs(std::vector<xml::Node>& nodes,
                                             const QtiHtmlCleaner& cleaner, bool html) {
  std::vector<xml::Node> body;
  bool open = false;  // the last node of `body` is the paragraph of the current run
  for (xml::Node& n : nodes) {
    if (html && cleaner.IsBlock(n)) {
      body.push_back(std::move(n));
      open = false;
    } else if (open || n.is_element() || !IsBlank(n.text)) {
      if (!open) body.push_back(xml::Node::Element("p"));
      open = true;
      body.back().Append(std::move(n));
    }
  }
  return body;
}

// How an item of `version` holds a Markdown draft's texts: raw HTML only where it is well-formed
// XML, and each text cleaned by the version's allow-list for the place the writer puts it (what
// it drops, the writer reports).
inline LmsHtml DraftHtml(Version version) {
  LmsHtml how;
  how.xml_only = true;
  how.as_written = [version](const Question& written, const std::string& place,
                             const std::string& html) {
    std::vector<xml::Node> nodes = ParseHtml(html);
    QtiHtmlCleaner cleaner(version);
    std::vector<std::string> ignored;
    cleaner.Clean(nodes, PlaceOf(version, written, place), ignored);
    TrimNodeEnds(nodes);  // as the writer does after cleaning
    // A stem the body holds without a prompt, where blocks and inline content mix (a text
    // entry's sentence joined at its gap after a block quote), has its inline runs in paragraphs
    // as the writer puts them (only where blocks are beside them: a lone paragraph reads back
    // as its content).
    bool body_stem = place == "stem" && (written.type == QuestionType::kShortAnswer ||
                                         written.type == QuestionType::kNumerical ||
                                         written.type == QuestionType::kDescription);
    auto is_block = [&](const xml::Node& n) { return cleaner.IsBlock(n); };
    auto is_inline = [&](const xml::Node& n) {
      return !cleaner.IsBlock(n) && (n.is_element() || !IsBlank(n.text));
    };
    if (body_stem && std::any_of(nodes.begin(), nodes.end(), is_block) &&
        std::any_of(nodes.begin(), nodes.end(), is_inline)) {
      nodes = BodyParagraphs(nodes, cleaner, true);
    }
    return xml::WriteFragment(nodes);
  };
  return how;
}

// The root element's name in `content`, skipping the declaration, comments and DOCTYPE.
inline std::string_view FirstElementName(std::string_view content) {
  size_t pos = 0;
  while ((pos = content.find('<', pos)) != std::string_view::npos) {
    std::string_view rest = content.substr(pos + 1);
    if (rest.starts_with("?") || rest.starts_with("!")) {
      ++pos;
      continue;
    }
    size_t end = rest.find_first_of(" \t\r\n/>");
    std::string_view name = rest.substr(0, end);
    if (size_t colon = name.find(':'); colon != std::string_view::npos)
      name.remove_prefix(colon + 1);
    return name;
  }
  return {};
}

}  // namespace qbank::formats::qti_syntax

#endif  // QBANK_FORMATS_QTI_QTI_SYNTAX_H_
