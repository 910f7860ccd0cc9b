// The QTI 2.1 / 3.0 writer: items and content packages from the one vocabulary, written in each
// version's spelling, with the loss report.
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
#include "formats/qti/qti_syntax.h"
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "markup/html_tree.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using namespace qti_syntax;  // NOLINT(google-build-using-namespace)

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Text;
using model::Value;
constexpr std::string_view kGeneralFeedback = "GENERAL";

struct Dialect {
  std::string_view item_namespace;
  std::string_view item_schema_location;
  std::string_view match_correct_template;
  std::string_view map_response_template;
  std::string_view manifest_namespace;
  std::string_view manifest_schema_location;
  std::string_view manifest_schema;
  std::string_view manifest_schema_version;
  std::string_view item_resource_type;
};

constexpr Dialect kQti21 = {
    "http://www.imsglobal.org/xsd/imsqti_v2p1",
    "http://www.imsglobal.org/xsd/imsqti_v2p1 "
    "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd",
    "http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct",
    "http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response",
    "http://www.imsglobal.org/xsd/imscp_v1p1",
    "http://www.imsglobal.org/xsd/imscp_v1p1 "
    "http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd",
    "QTIv2.1 Package",
    "1.0.0",
    "imsqti_item_xmlv2p1",
};

constexpr Dialect kQti30 = {
    "http://www.imsglobal.org/xsd/imsqtiasi_v3p0",
    "http://www.imsglobal.org/xsd/imsqtiasi_v3p0 "
    "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd",
    "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml",
    "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml",
    "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1",
    "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 "
    "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd",
    "QTI Package",
    "3.0.0",
    "imsqti_item_xmlv3p0",
};

const Dialect& DialectOf(Version v) { return v == Version::k21 ? kQti21 : kQti30; }

// "simpleChoice" -> "qti-simple-choice"; "maxChoices" -> "max-choices".
std::string Kebab(std::string_view camel) {
  std::string out;
  for (char c : camel) {
    if (c >= 'A' && c <= 'Z') {
      out += '-';
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += c;
    }
  }
  return out;
}

bool IsNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsNameChar(char c) { return IsNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

// `id` made a QTI identifier (an NCName in ASCII): other characters become '_', and a leading
// character that cannot start a name gets a '_' before it.
std::string ToIdentifier(std::string_view id) {
  std::string out;
  for (char c : id) out += IsNameChar(c) ? c : '_';
  if (out.empty() || !IsNameStart(out.front())) out.insert(out.begin(), '_');
  return out;
}

// `v` as a decimal number (at most 15 significant digits).
std::string FormatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Writing

class ItemWriter {
 public:
  ItemWriter(Version version, LossReport& loss)
      : version_(version), loss_(loss), cleaner_(version) {}

  // A QTI element name in this version's spelling.
  std::string Q(std::string_view name) const {
    return version_ == Version::k21 ? std::string(name) : "qti-" + Kebab(name);
  }
  // A QTI attribute name in this version's spelling.
  std::string A(std::string_view name) const {
    return version_ == Version::k21 ? std::string(name) : Kebab(name);
  }
  xml::Node E(std::string_view name) const { return xml::Node::Element(Q(name)); }

  // The item for `q` with identifier `identifier`; fails when its HTML is not well-formed.
  Result<xml::Node> Write(const Question& q, const std::string& identifier,
                          const std::string& language) {
    const Value* ext = q.extensions.Find(std::string(kExtensionKey));
    xml::Node item = ItemElement(q, identifier, language, ext);
    bool html = q.markup == Markup::kHtml;
    cleaner_.StartItem();
    switch (q.type) {
      case QuestionType::kShortAnswer:
      case QuestionType::kNumerical:
        QBANK_RETURN_IF_ERROR(WriteTextEntry(q, html, item));
        return item;
      case QuestionType::kMatching:
        QBANK_RETURN_IF_ERROR(WriteMatch(q, html, item));
        return item;
      case QuestionType::kEssay:
      case QuestionType::kDescription:
        QBANK_RETURN_IF_ERROR(WriteTextOnly(q, html, item));
        return item;
      default:
        break;
    }
    if (q.options.empty()) {
      // A choice interaction holds at least one choice (both schemas), and qbank's reader
      // refuses one without: a choice question with no options yet (a draft) is written as text
      // only, which reads back as a description.
      loss_.Drop("type");
      QBANK_RETURN_IF_ERROR(WriteTextOnly(q, html, item));
      return item;
    }
    std::vector<std::string> ids = ChoiceIds(q);
    bool weighted = AppendResponseDeclaration(q, ids, item);
    bool has_feedback = !q.explanation.empty();
    for (const Option& o : q.options) has_feedback = has_feedback || !o.rationale->empty();
    AppendOutcomeDeclarations(has_feedback, item);
    QBANK_RETURN_IF_ERROR(AppendBody(q, ids, html, ext, item));
    if (!has_feedback) {
      const Dialect& d = DialectOf(version_);
      item.Append(E("responseProcessing"))
          .SetAttribute("template",
                        std::string(weighted ? d.map_response_template : d.match_correct_template));
    } else {
      item.Append(FeedbackProcessing(weighted));
    }
    QBANK_RETURN_IF_ERROR(AppendModalFeedback(q, ids, html, item));
    if (const Value* kept = ext != nullptr ? ext->Find("feedback") : nullptr;
        kept != nullptr && kept->is_array() && !kept->as_array().empty()) {
      // Correct/incorrect feedback needs response rules this writer does not make.
      loss_.Drop("extensions.qti.feedback", kept->as_array().size());
    }
    return item;
  }

 private:
  // The item element with its namespace, identifier, title, label and language.
  xml::Node ItemElement(const Question& q, const std::string& identifier,
                        const std::string& language, const Value* ext) const {
    const Dialect& d = DialectOf(version_);
    xml::Node item = E("assessmentItem");
    item.SetAttribute("xmlns", std::string(d.item_namespace));
    item.SetAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
    item.SetAttribute("xsi:schemaLocation", std::string(d.item_schema_location));
    item.SetAttribute("identifier", identifier);
    auto ext_string = [&](const char* key) -> std::string {
      const Value* v = ext != nullptr ? ext->Find(key) : nullptr;
      return v != nullptr && v->is_string() ? v->as_string() : std::string();
    };
    // The question's title (docs/formats/README.md, ids and titles), else its id.
    std::string title = StoredTitle(q);
    item.SetAttribute("title", title.empty() ? q.id.value : title);
    if (identifier != q.id.value) {
      item.SetAttribute("label", std::string(kIdLabelPrefix) + q.id.value);
    } else if (std::string label = ext_string("label"); !label.empty()) {
      item.SetAttribute("label", label);
    }
    if (!language.empty()) item.SetAttribute("xml:lang", language);
    item.SetAttribute("adaptive", "false");
    item.SetAttribute(A("timeDependent"), "false");
    return item;
  }

  // The response declaration: the key, and a mapping when an option has a weight. True when it
  // has the mapping.
  bool AppendResponseDeclaration(const Question& q, const std::vector<std::string>& ids,
                                 xml::Node& item) const {
    bool multiple = q.type == QuestionType::kMultipleAnswer;
    xml::Node& declaration = item.Append(E("responseDeclaration"));
    declaration.SetAttribute("identifier", "RESPONSE")
        .SetAttribute("cardinality", multiple ? "multiple" : "single")
        .SetAttribute(A("baseType"), "identifier");
    xml::Node& correct = declaration.Append(E("correctResponse"));
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (q.options[i].correct) correct.Append(E("value")).Append(xml::Node::Text(ids[i]));
    }
    if (correct.children.empty()) declaration.children.pop_back();
    // A mapping when a weight says something: a multiple-answer key's (partial credit), or one
    // that differs from its option's default credit, as the reader keeps them. A wrong option's
    // 0% alone (GIFT's "~%0%") is the default: with a mapping for it, the reader's bank was
    // written without one (round_trip_fuzz).
    size_t keys = q.KeyIndexes().size();
    bool weighted = false;
    for (const Option& o : q.options) {
      weighted =
          weighted || (o.weight.has_value() &&
                       ((q.type == QuestionType::kMultipleAnswer && o.correct) ||
                        std::fabs(*o.weight - DefaultCredit(q.type, o.correct, keys)) > 0.001));
    }
    if (!weighted) return false;
    // Partial credit: each choice's share of a score of at most 1 (and at least 0).
    xml::Node& mapping = declaration.Append(E("mapping"));
    mapping.SetAttribute(A("lowerBound"), "0")
        .SetAttribute(A("upperBound"), "1")
        .SetAttribute(A("defaultValue"), "0");
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      mapping.Append(E("mapEntry"))
          .SetAttribute(A("mapKey"), ids[i])
          .SetAttribute(A("mappedValue"),
                        ScoreText(o.weight.value_or(DefaultCredit(q.type, o.correct, keys))));
    }
    return true;
  }

  // SCORE, and FEEDBACK when the item shows feedback.
  void AppendOutcomeDeclarations(bool has_feedback, xml::Node& item) const {
    xml::Node& score = item.Append(E("outcomeDeclaration"));
    score.SetAttribute("identifier", "SCORE")
        .SetAttribute("cardinality", "single")
        .SetAttribute(A("baseType"), "float");
    score.Append(E("defaultValue")).Append(E("value")).Append(xml::Node::Text("0"));
    if (has_feedback) {
      item.Append(E("outcomeDeclaration"))
          .SetAttribute("identifier", "FEEDBACK")
          .SetAttribute("cardinality", "multiple")
          .SetAttribute(A("baseType"), "identifier");
    }
  }

  // The item body: the stem (before the interaction when it is block content, else as its
  // prompt) and the choice interaction.
  Status AppendBody(const Question& q, const std::vector<std::string>& ids, bool html,
                    const Value* ext, xml::Node& item) {
    xml::Node& body = item.Append(E("itemBody"));
    std::string after = TextAfterGap(q);
    if (WritesInlineGap(version_, q)) {
      // A missing-word question: the choices in the sentence, as an inline choice interaction
      // (2.1's inline choices hold text alone).
      xml::Node inline_choice = E("inlineChoiceInteraction");
      inline_choice.SetAttribute(A("responseIdentifier"), "RESPONSE")
          .SetAttribute("shuffle", "false");
      QtiHtmlPlace place = version_ == Version::k21 ? QtiHtmlPlace::kText : QtiHtmlPlace::kInline;
      for (size_t i = 0; i < q.options.size(); ++i) {
        xml::Node& choice = inline_choice.Append(E("inlineChoice"));
        choice.SetAttribute("identifier", ids[i]);
        Result<std::vector<xml::Node>> text =
            ContentOf(q.options[i].text.value, html, "options.text", place);
        if (!text.ok()) return text.status();
        for (xml::Node& n : *text) choice.Append(std::move(n));
      }
      return AppendGapParagraph(q, html, after, std::move(inline_choice), body);
    }
    std::string stem_value =
        after.empty() ? q.stem.value : JoinAtGap(q.stem.value, kGapMarker, after);
    Result<std::vector<xml::Node>> stem = ContentOf(stem_value, html, "stem");
    if (!stem.ok()) return stem.status();
    bool block_stem = html && IsBlockContent(*stem);
    if (block_stem) {
      for (xml::Node& n : *stem) body.Append(std::move(n));
    }
    xml::Node& interaction = body.Append(E("choiceInteraction"));
    interaction.SetAttribute(A("responseIdentifier"), "RESPONSE");
    const Value* shuffle = ext != nullptr ? ext->Find("shuffle") : nullptr;
    interaction.SetAttribute(
        "shuffle",
        shuffle != nullptr && shuffle->is_bool() && shuffle->as_bool() ? "true" : "false");
    interaction.SetAttribute(A("maxChoices"), q.type == QuestionType::kMultipleAnswer ? "0" : "1");
    if (!block_stem && !stem->empty()) {
      xml::Node& prompt = interaction.Append(E("prompt"));
      for (xml::Node& n : *stem) prompt.Append(std::move(n));
    }
    for (size_t i = 0; i < q.options.size(); ++i) {
      xml::Node& choice = interaction.Append(E("simpleChoice"));
      choice.SetAttribute("identifier", ids[i]);
      const Value* oext = q.options[i].extensions.Find(std::string(kExtensionKey));
      const Value* fixed = oext != nullptr ? oext->Find("fixed") : nullptr;
      if (fixed != nullptr && fixed->is_bool() && fixed->as_bool()) {
        choice.SetAttribute("fixed", "true");
      }
      Result<std::vector<xml::Node>> text =
          ContentOf(q.options[i].text.value, html, "options.text");
      if (!text.ok()) return text.status();
      for (xml::Node& n : *text) choice.Append(std::move(n));
    }
    return Status::Ok();
  }

  // The stem, the interaction and the text after the gap as one paragraph:
  // <p>stem <interaction/> after</p>; the caller checked GapFits.
  Status AppendGapParagraph(const Question& q, bool html, const std::string& after,
                            xml::Node interaction, xml::Node& body) {
    Result<std::vector<xml::Node>> before =
        ContentOf(q.stem.value, html, "stem", QtiHtmlPlace::kInline);
    if (!before.ok()) return before.status();
    Result<std::vector<xml::Node>> rest =
        ContentOf(after, html, "extensions.gift.blank_after", QtiHtmlPlace::kInline);
    if (!rest.ok()) return rest.status();
    xml::Node& p = body.Append(xml::Node::Element("p"));
    for (xml::Node& n : *before) p.Append(std::move(n));
    if (!p.children.empty()) p.Append(xml::Node::Text(" "));
    p.Append(std::move(interaction));
    if (!after.empty() && std::string_view(".,;:!?)").find(after[0]) == std::string_view::npos) {
      p.Append(xml::Node::Text(" "));
    }
    for (xml::Node& n : *rest) p.Append(std::move(n));
    return Status::Ok();
  }

  // The stem as the body's blocks (HTML block content) or, for an interaction that has a prompt,
  // as that prompt. Returns the prompt's holder: the interaction or nullptr when the stem went
  // into the body.
  Status AppendStem(const std::string& stem_value, bool html, xml::Node& body,
                    xml::Node* interaction) {
    Result<std::vector<xml::Node>> stem = ContentOf(stem_value, html, "stem");
    if (!stem.ok()) return stem.status();
    if (stem->empty()) return Status::Ok();
    if ((html && IsBlockContent(*stem)) || interaction == nullptr) {
      // The body holds blocks: each run of text and inline elements becomes a paragraph.
      for (xml::Node& n : BodyParagraphs(*stem, cleaner_, html)) body.Append(std::move(n));
      return Status::Ok();
    }
    xml::Node& prompt = interaction->Append(E("prompt"));
    for (xml::Node& n : *stem) prompt.Append(std::move(n));
    return Status::Ok();
  }

  // Short answer and numerical: a textEntryInteraction; each option is one branch of the
  // response processing (a string match, or a number within its tolerance) with its credit.
  Status WriteTextEntry(const Question& q, bool html, xml::Node& item) {
    bool numerical = q.type == QuestionType::kNumerical;
    xml::Node& declaration = item.Append(E("responseDeclaration"));
    declaration.SetAttribute("identifier", "RESPONSE")
        .SetAttribute("cardinality", "single")
        .SetAttribute(A("baseType"), numerical ? "float" : "string");
    std::vector<std::string> typed;  // what the learner types for each option
    typed.reserve(q.options.size());
    for (const Option& o : q.options) typed.push_back(TypedAnswer(o.text.value, html));
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      std::optional<EntryAnswer> answer = ParseEntryAnswer(typed[i], numerical);
      if (!o.correct || !answer.has_value()) continue;
      std::string value = answer->value;  // a range's middle is a correct response
      if (!answer->low.empty()) {
        value = FormatNumber((*ParseNumber(answer->low) + *ParseNumber(answer->high)) / 2);
      }
      declaration.Append(E("correctResponse")).Append(E("value")).Append(xml::Node::Text(value));
      break;
    }
    bool has_feedback = !q.explanation.empty();
    for (const Option& o : q.options) has_feedback = has_feedback || !o.rationale->empty();
    AppendOutcomeDeclarations(has_feedback, item);
    xml::Node& body = item.Append(E("itemBody"));
    xml::Node entry = E("textEntryInteraction");
    entry.SetAttribute(A("responseIdentifier"), "RESPONSE");
    if (std::string after = TextAfterGap(q); GapFits(version_, q, html, after)) {
      QBANK_RETURN_IF_ERROR(AppendGapParagraph(q, html, after, std::move(entry), body));
    } else {
      QBANK_RETURN_IF_ERROR(
          AppendStem(after.empty() ? q.stem.value : JoinAtGap(q.stem.value, kGapMarker, after),
                     html, body, nullptr));
      body.Append(xml::Node::Element("p")).Append(std::move(entry));
    }
    std::vector<std::string> ids = EntryIds(q, typed, numerical);
    xml::Node rp = EntryProcessing(q, typed, ids, numerical, has_feedback);
    if (!rp.children.empty()) item.Append(std::move(rp));
    return AppendModalFeedback(q, ids, html, item);
  }

  // The string a learner types for an option of a text entry: the option's text, or for HTML
  // its text without markup (entities read: "-&gt; 5" is typed "-> 5"), as the reader makes the
  // value HTML again. Elements in it are reported: a typed answer has none.
  std::string TypedAnswer(const std::string& value, bool html) {
    if (!html) return value;
    bool elements = false;
    std::string text = markup::HtmlFragmentText(value, &elements);
    if (elements) loss_.Drop("options.text (markup in a typed answer; its text is written)");
    return text;
  }

  struct EntryAnswer {
    std::string value;      // the string, or the number as written
    std::string tolerance;  // numerical: "" for an exact match, "0" for GIFT's "v:0"
    std::string low;        // numerical: a range "low..high" (value and tolerance empty)
    std::string high;
  };

  // A short answer's text, or a numerical option ("v", "v:t", "low..high") as value and
  // tolerance or a range, the numbers as written (so "1:0" and "10..12" read back as they are);
  // nullopt for an empty text or a numerical one that is not a number.
  static std::optional<EntryAnswer> ParseEntryAnswer(const std::string& text, bool numerical) {
    if (Trim(text).empty()) return std::nullopt;
    if (!numerical) return EntryAnswer{text, "", "", ""};
    // The numbers as written: the notation's numbers are ones xsd:double takes so.
    std::optional<model::NumericalAnswer> answer = model::ParseNumericalAnswer(text);
    if (!answer.has_value()) return std::nullopt;
    std::string first(answer->first);
    std::string second(answer->second);
    switch (answer->kind) {
      case model::NumericalAnswer::Kind::kValue:
        return EntryAnswer{first, "", "", ""};
      case model::NumericalAnswer::Kind::kTolerance:
        if (answer->second_value < 0) return std::nullopt;
        return EntryAnswer{first, second, "", ""};
      case model::NumericalAnswer::Kind::kRange:
        if (answer->first_value > answer->second_value) return std::nullopt;
        return EntryAnswer{"", "", first, second};
    }
    return std::nullopt;
  }

  // The branches of a text entry's response processing, in option order; an option with an empty
  // text (a numerical question's "any other answer") is the final responseElse.
  // The identifier of each option's feedback in a text entry: the written branches' in their
  // order, then the otherwise branch's (the first option with nothing typed); empty for an option
  // not written (not a number in a numerical question). Numbered by what is written, so the
  // package read back numbers its options the same way (numbered by the options' places, a
  // dropped "*" before "1969" made the next export differ; round_trip_fuzz).
  static std::vector<std::string> EntryIds(const Question& q, const std::vector<std::string>& typed,
                                           bool numerical) {
    std::vector<std::string> ids(q.options.size());
    size_t written = 0;
    std::optional<size_t> otherwise;
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (ParseEntryAnswer(typed[i], numerical).has_value()) {
        ids[i] = DefaultChoiceId(written++);
      } else if (Trim(typed[i]).empty() && !otherwise.has_value()) {
        otherwise = i;
      }
    }
    if (otherwise.has_value() && written > 0) ids[*otherwise] = DefaultChoiceId(written);
    return ids;
  }

  xml::Node EntryProcessing(const Question& q, const std::vector<std::string>& typed,
                            const std::vector<std::string>& ids, bool numerical,
                            bool has_feedback) {
    xml::Node rp = E("responseProcessing");
    xml::Node condition = E("responseCondition");
    std::optional<size_t> otherwise;
    size_t keys = q.KeyIndexes().size();
    for (size_t i = 0; i < q.options.size(); ++i) {
      std::optional<EntryAnswer> answer = ParseEntryAnswer(typed[i], numerical);
      if (!answer.has_value()) {
        if (Trim(typed[i]).empty() && !otherwise.has_value()) {
          otherwise = i;
        } else {
          loss_.Drop("options (not a number in a numerical question)");
        }
        continue;
      }
      xml::Node& branch =
          condition.Append(E(condition.children.empty() ? "responseIf" : "responseElseIf"));
      branch.Append(EntryCondition(*answer, numerical));
      AppendBranchOutcomes(q, i, ids[i], keys, branch);
    }
    if (otherwise.has_value() && !condition.children.empty()) {
      AppendBranchOutcomes(q, *otherwise, ids[*otherwise], keys,
                           condition.Append(E("responseElse")));
    }
    if (!condition.children.empty()) rp.Append(std::move(condition));
    if (has_feedback && !q.explanation.empty()) rp.Append(GeneralFeedbackRule(true));
    return rp;
  }

  // The test of one answer: a string match, a number equal within its tolerance (absolute;
  // exact without one), or a range as low <= response <= high.
  xml::Node EntryCondition(const EntryAnswer& answer, bool numerical) const {
    auto compare = [&](std::string_view name, const std::string& value) {
      xml::Node test = E(name);
      test.Append(E("variable")).SetAttribute("identifier", "RESPONSE");
      xml::Node& base = test.Append(E("baseValue"));
      base.SetAttribute(A("baseType"), numerical ? "float" : "string");
      base.Append(xml::Node::Text(value));
      return test;
    };
    if (!answer.low.empty()) {
      xml::Node range = E("and");
      range.Append(compare("gte", answer.low));
      range.Append(compare("lte", answer.high));
      return range;
    }
    xml::Node test = compare(numerical ? "equal" : "stringMatch", answer.value);
    if (numerical) {
      test.SetAttribute(A("toleranceMode"), answer.tolerance.empty() ? "exact" : "absolute");
      if (!answer.tolerance.empty()) test.SetAttribute("tolerance", answer.tolerance);
    } else {
      test.SetAttribute(A("caseSensitive"), "false");  // as Moodle's short answer by default
    }
    return test;
  }

  // SCORE set to option i's credit and, when it has a rationale, FEEDBACK to `id`.
  void AppendBranchOutcomes(const Question& q, size_t i, const std::string& id, size_t keys,
                            xml::Node& branch) const {
    const Option& o = q.options[i];
    const std::string credit = ScoreText(o.weight.value_or(DefaultCredit(q.type, o.correct, keys)));
    xml::Node& score = branch.Append(E("setOutcomeValue"));
    score.SetAttribute("identifier", "SCORE");
    score.Append(E("baseValue"))
        .SetAttribute(A("baseType"), "float")
        .Append(xml::Node::Text(credit));
    if (o.rationale->empty()) return;
    xml::Node& feedback = branch.Append(E("setOutcomeValue"));
    feedback.SetAttribute("identifier", "FEEDBACK");
    feedback.Append(E("multiple"))
        .Append(E("baseValue"))
        .SetAttribute(A("baseType"), "identifier")
        .Append(xml::Node::Text(id));
  }

  // FEEDBACK gets GENERAL (kept with what the rules before set, when `keep` is true).
  xml::Node GeneralFeedbackRule(bool keep) const {
    xml::Node set = E("setOutcomeValue");
    set.SetAttribute("identifier", "FEEDBACK");
    xml::Node& multiple = set.Append(E("multiple"));
    if (keep) multiple.Append(E("variable")).SetAttribute("identifier", "FEEDBACK");
    multiple.Append(E("baseValue"))
        .SetAttribute(A("baseType"), "identifier")
        .Append(xml::Node::Text(std::string(kGeneralFeedback)));
    return set;
  }

  // Matching: a matchInteraction with the items (S1, S2, ...) and the distinct matches (T1, ...);
  // the key is each item's pair.
  Status WriteMatch(const Question& q, bool html, xml::Node& item) {
    // The items' matches first, in the items' order, then the matches no item has (an option
    // without text: a distractor), as the reader gives them back: a distractor's match before an
    // item's came back after it, and the next export ordered the matches anew (round_trip_fuzz).
    std::vector<std::string> targets;
    for (bool items : {true, false}) {
      for (const Option& o : q.options) {
        if (o.text.value.empty() == items) continue;
        std::string m = MatchOf(o);
        if (std::find(targets.begin(), targets.end(), m) == targets.end()) targets.push_back(m);
      }
    }
    for (const Option& o : q.options) {
      if (!o.rationale->empty()) loss_.Drop("options.rationale (matching pairs have none in QTI)");
      if (o.weight) loss_.Drop("options.weight (matching pairs have none in QTI)");
    }
    xml::Node& declaration = item.Append(E("responseDeclaration"));
    declaration.SetAttribute("identifier", "RESPONSE")
        .SetAttribute("cardinality", "multiple")
        .SetAttribute(A("baseType"), "directedPair");
    xml::Node& correct = declaration.Append(E("correctResponse"));
    size_t sources = 0;
    for (const Option& o : q.options) {
      if (o.text.value.empty()) continue;
      ++sources;
      size_t t = std::find(targets.begin(), targets.end(), MatchOf(o)) - targets.begin();
      correct.Append(E("value"))
          .Append(
              xml::Node::Text(StrCat({"S", std::to_string(sources), " T", std::to_string(t + 1)})));
    }
    if (correct.children.empty()) declaration.children.pop_back();
    bool has_feedback = !q.explanation.empty();
    AppendOutcomeDeclarations(has_feedback, item);
    xml::Node& body = item.Append(E("itemBody"));
    xml::Node interaction = E("matchInteraction");
    interaction.SetAttribute(A("responseIdentifier"), "RESPONSE")
        .SetAttribute("shuffle", "false")
        .SetAttribute(A("maxAssociations"), std::to_string(sources));
    QBANK_RETURN_IF_ERROR(AppendStem(q.stem.value, html, body, &interaction));
    xml::Node source_set = E("simpleMatchSet");
    xml::Node target_set = E("simpleMatchSet");
    size_t s_index = 0;
    for (const Option& o : q.options) {
      if (o.text.value.empty()) continue;
      QBANK_RETURN_IF_ERROR(AppendAssociable(source_set, StrCat({"S", std::to_string(++s_index)}),
                                             "1", o.text.value, html, "options.text"));
    }
    for (size_t t = 0; t < targets.size(); ++t) {
      QBANK_RETURN_IF_ERROR(AppendAssociable(target_set, StrCat({"T", std::to_string(t + 1)}),
                                             std::to_string(sources), targets[t], html,
                                             "options.extensions.gift.match"));
    }
    interaction.Append(std::move(source_set));
    interaction.Append(std::move(target_set));
    body.Append(std::move(interaction));
    if (!has_feedback) {
      item.Append(E("responseProcessing"))
          .SetAttribute("template", std::string(DialectOf(version_).match_correct_template));
    } else {
      item.Append(FeedbackProcessing(false, false));
    }
    return AppendModalFeedback(q, {}, html, item);
  }

  Status AppendAssociable(xml::Node& set, const std::string& id, const std::string& match_max,
                          const std::string& text, bool html, const std::string& field) {
    xml::Node& choice = set.Append(E("simpleAssociableChoice"));
    choice.SetAttribute("identifier", id).SetAttribute(A("matchMax"), match_max);
    Result<std::vector<xml::Node>> content = ContentOf(text, html, field);
    if (!content.ok()) return content.status();
    for (xml::Node& n : *content) choice.Append(std::move(n));
    return Status::Ok();
  }

  // Essay (an extendedTextInteraction) and description (the stem alone): no score to work out;
  // the explanation is shown as general feedback.
  Status WriteTextOnly(const Question& q, bool html, xml::Node& item) {
    bool essay = q.type == QuestionType::kEssay;
    if (essay) {
      item.Append(E("responseDeclaration"))
          .SetAttribute("identifier", "RESPONSE")
          .SetAttribute("cardinality", "single")
          .SetAttribute(A("baseType"), "string");
    }
    if (!q.options.empty()) {
      loss_.Drop("options (" + std::string(model::QuestionTypeName(q.type)) +
                     " questions hold no options in QTI)",
                 q.options.size());
    }
    bool has_feedback = !q.explanation.empty();
    AppendOutcomeDeclarations(has_feedback, item);
    xml::Node& body = item.Append(E("itemBody"));
    if (essay) {
      xml::Node interaction = E("extendedTextInteraction");
      interaction.SetAttribute(A("responseIdentifier"), "RESPONSE");
      QBANK_RETURN_IF_ERROR(AppendStem(q.stem.value, html, body, &interaction));
      body.Append(std::move(interaction));
    } else {
      QBANK_RETURN_IF_ERROR(AppendStem(q.stem.value, html, body, nullptr));
    }
    if (has_feedback) item.Append(E("responseProcessing")).Append(GeneralFeedbackRule(false));
    return AppendModalFeedback(q, {}, html, item);
  }

  // Modal feedback: each option's rationale, then the explanation.
  Status AppendModalFeedback(const Question& q, const std::vector<std::string>& ids, bool html,
                             xml::Node& item) {
    for (size_t i = 0; i < q.options.size() && i < ids.size(); ++i) {
      if (q.options[i].rationale->empty() || ids[i].empty()) continue;  // not written
      Result<xml::Node> f =
          ModalFeedback(ids[i], q.options[i].rationale->value, html, "options.rationale");
      if (!f.ok()) return f.status();
      item.Append(std::move(f).value());
    }
    if (!q.explanation.empty()) {
      Result<xml::Node> f =
          ModalFeedback(std::string(kGeneralFeedback), q.explanation.value, html, "explanation");
      if (!f.ok()) return f.status();
      item.Append(std::move(f).value());
    }
    return Status::Ok();
  }

  std::vector<std::string> ChoiceIds(const Question& q) const {
    std::vector<std::string> ids;
    std::set<std::string> used;
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Value* ext = q.options[i].extensions.Find(std::string(kExtensionKey));
      const Value* id = ext != nullptr ? ext->Find("identifier") : nullptr;
      std::string chosen =
          id != nullptr && id->is_string() ? ToIdentifier(id->as_string()) : DefaultChoiceId(i);
      if (chosen == kGeneralFeedback || used.count(chosen) != 0) chosen = DefaultChoiceId(i);
      while (used.count(chosen) != 0) chosen += "_";
      used.insert(chosen);
      ids.push_back(chosen);
    }
    return ids;
  }

  // The nodes a field's value becomes: its text, or for HTML the fragment cleaned for `place`
  // (formats/qti_html.h), each thing the schema forbids that it dropped reported under `field`
  // (a model field name: "stem", "options.text", ...).
  Result<std::vector<xml::Node>> ContentOf(const std::string& value, bool html,
                                           const std::string& field,
                                           QtiHtmlPlace place = QtiHtmlPlace::kFlow) {
    if (value.empty()) return std::vector<xml::Node>();
    if (!html) return std::vector<xml::Node>{xml::Node::Text(value)};
    std::vector<xml::Node> nodes = ParseHtml(value);
    std::vector<std::string> changes;
    cleaner_.Clean(nodes, place, changes);
    TrimNodeEnds(nodes);
    for (const std::string& change : changes) {
      std::string what = field;
      what += " (";
      what += change;
      what += ")";
      loss_.Drop(what);
    }
    return nodes;
  }

  // True when `nodes` are block elements (and blank text) only.
  bool IsBlockContent(const std::vector<xml::Node>& nodes) const {
    bool any = false;
    for (const xml::Node& n : nodes) {
      if (!n.is_element()) {
        if (!IsBlank(n.text)) return false;
        continue;
      }
      if (!cleaner_.IsBlock(n)) return false;
      any = true;
    }
    return any;
  }

  Result<xml::Node> ModalFeedback(const std::string& identifier, const std::string& value,
                                  bool html, const std::string& field) {
    xml::Node f = E("modalFeedback");
    f.SetAttribute(A("outcomeIdentifier"), "FEEDBACK")
        .SetAttribute("identifier", identifier)
        .SetAttribute(A("showHide"), "show");
    Result<std::vector<xml::Node>> content = ContentOf(value, html, field);
    if (!content.ok()) return content.status();
    xml::Node* holder = &f;
    if (version_ == Version::k30) holder = &f.Append(E("contentBody"));
    for (xml::Node& n : *content) holder->Append(std::move(n));
    return f;
  }

  // The rules of match_correct (or, with partial credit, map_response) written out, plus FEEDBACK
  // set to the chosen identifiers and GENERAL, so per-choice and general modal feedback show.
  xml::Node FeedbackProcessing(bool weighted, bool response_feedback = true) const {
    auto base_value = [&](const char* type, const char* value) {
      xml::Node v = E("baseValue");
      v.SetAttribute(A("baseType"), type);
      v.Append(xml::Node::Text(value));
      return v;
    };
    auto set_score = [&](const char* value) {
      xml::Node s = E("setOutcomeValue");
      s.SetAttribute("identifier", "SCORE");
      s.Append(base_value("float", value));
      return s;
    };
    xml::Node rp = E("responseProcessing");
    xml::Node& condition = rp.Append(E("responseCondition"));
    xml::Node& if_ = condition.Append(E("responseIf"));
    if (weighted) {
      if_.Append(E("isNull")).Append(E("variable")).SetAttribute("identifier", "RESPONSE");
      if_.Append(set_score("0"));
      xml::Node& else_ = condition.Append(E("responseElse"));
      xml::Node& set = else_.Append(E("setOutcomeValue"));
      set.SetAttribute("identifier", "SCORE");
      set.Append(E("mapResponse")).SetAttribute("identifier", "RESPONSE");
    } else {
      xml::Node& match = if_.Append(E("match"));
      match.Append(E("variable")).SetAttribute("identifier", "RESPONSE");
      match.Append(E("correct")).SetAttribute("identifier", "RESPONSE");
      if_.Append(set_score("1"));
      condition.Append(E("responseElse")).Append(set_score("0"));
    }
    xml::Node& feedback = rp.Append(E("setOutcomeValue"));
    feedback.SetAttribute("identifier", "FEEDBACK");
    xml::Node& multiple = feedback.Append(E("multiple"));
    if (response_feedback) multiple.Append(E("variable")).SetAttribute("identifier", "RESPONSE");
    multiple.Append(base_value("identifier", std::string(kGeneralFeedback).c_str()));
    return rp;
  }

  Version version_;
  LossReport& loss_;
  QtiHtmlCleaner cleaner_;
};

// One item of a package: its resource identifier, its path, and the question it holds.
struct PackageItem {
  std::string identifier;
  std::string path;
  const Question* question;
  std::string carried;  // the carrier's JSON (PrepareForLms), "" for none
};

// LOM metadata for a resource: the question's tags as keywords, its markup when not plain as the
// technical format (text/markdown, text/html: QTI has no markup flag, and an HTML question none
// of whose texts holds an element would read back as plain text), its domain as a taxon path
// (one taxon per "/"-separated level); nullopt when it has none of them.
// `carried`: the bank file of one question that the annotation holds ("" for none).
std::optional<xml::Node> ResourceMetadata(const Question& q, const std::string& carried) {
  const std::vector<Text> tags = TrimmedTags(q.tags);  // as the question is prepared
  if (tags.empty() && q.domain->empty() && q.markup == Markup::kPlain && carried.empty()) {
    return std::nullopt;
  }
  auto lang_string = [](const std::string& value) {
    xml::Node s = xml::Node::Element("string");
    s.Append(xml::Node::Text(value));
    return s;
  };
  xml::Node metadata = xml::Node::Element("metadata");
  xml::Node& lom = metadata.Append(xml::Node::Element("lom"));
  lom.SetAttribute("xmlns", "http://ltsc.ieee.org/xsd/LOM");
  if (!tags.empty()) {
    xml::Node& general = lom.Append(xml::Node::Element("general"));
    for (const Text& tag : tags) {
      general.Append(xml::Node::Element("keyword")).Append(lang_string(tag.value));
    }
  }
  if (q.markup != Markup::kPlain) {
    // The item's HTML was rendered from Markdown (read back as Markdown), or is HTML whatever
    // elements it holds (qbank's convention).
    lom.Append(xml::Node::Element("technical"))
        .Append(xml::Node::Element("format"))
        .Append(xml::Node::Text(
            std::string(q.markup == Markup::kMarkdown ? kMarkdownFormat : kHtmlFormat)));
  }
  if (!carried.empty()) {
    // Trap, authors, review, exam, origin, ...: a LOM annotation whose description is a bank
    // file of this one question (qbank's convention; LMSs show or skip annotations).
    lom.Append(xml::Node::Element("annotation"))
        .Append(xml::Node::Element("description"))
        .Append(lang_string(carried));
  }
  if (!q.domain->empty()) {
    xml::Node& classification = lom.Append(xml::Node::Element("classification"));
    xml::Node& purpose = classification.Append(xml::Node::Element("purpose"));
    purpose.Append(xml::Node::Element("source")).Append(xml::Node::Text("LOMv1.0"));
    purpose.Append(xml::Node::Element("value")).Append(xml::Node::Text("discipline"));
    xml::Node& path = classification.Append(xml::Node::Element("taxonPath"));
    path.Append(xml::Node::Element("source")).Append(lang_string("qbank domain"));
    std::string_view domain = q.domain->value;
    size_t start = 0;
    while (start <= domain.size()) {
      size_t slash = domain.find('/', start);
      if (slash == std::string_view::npos) slash = domain.size();
      std::string part(Trim(domain.substr(start, slash - start)));
      if (!part.empty()) {
        path.Append(xml::Node::Element("taxon"))
            .Append(xml::Node::Element("entry"))
            .Append(lang_string(part));
      }
      start = slash + 1;
    }
  }
  return metadata;
}

xml::Node Manifest(Version version, const std::string& identifier,
                   const std::vector<PackageItem>& items) {
  const Dialect& d = DialectOf(version);
  xml::Node manifest = xml::Node::Element("manifest");
  manifest.SetAttribute("xmlns", std::string(d.manifest_namespace));
  manifest.SetAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
  manifest.SetAttribute("xsi:schemaLocation", std::string(d.manifest_schema_location));
  manifest.SetAttribute("identifier", identifier);
  xml::Node& metadata = manifest.Append(xml::Node::Element("metadata"));
  metadata.Append(xml::Node::Element("schema"))
      .Append(xml::Node::Text(std::string(d.manifest_schema)));
  metadata.Append(xml::Node::Element("schemaversion"))
      .Append(xml::Node::Text(std::string(d.manifest_schema_version)));
  manifest.Append(xml::Node::Element("organizations"));
  xml::Node& resources = manifest.Append(xml::Node::Element("resources"));
  for (const PackageItem& item : items) {
    xml::Node& r = resources.Append(xml::Node::Element("resource"));
    r.SetAttribute("identifier", item.identifier)
        .SetAttribute("type", std::string(d.item_resource_type))
        .SetAttribute("href", item.path);
    if (std::optional<xml::Node> metadata = ResourceMetadata(*item.question, item.carried)) {
      r.Append(std::move(*metadata));
    }
    r.Append(xml::Node::Element("file")).SetAttribute("href", item.path);
  }
  return manifest;
}

// True when the item writer joins `q`'s text after a missing-word gap into its question text
// ("stem _____ after"): a choice question that is not written as an inline gap, or a text entry
// whose stem or text after holds blocks a paragraph cannot. A package's manifest would then carry
// the text after the gap too, and the question read back would hold it twice.
bool JoinsGap(Version version, const Question& q) {
  std::string after = TextAfterGap(q);
  if (after.empty()) return false;
  switch (q.type) {
    case QuestionType::kShortAnswer:
    case QuestionType::kNumerical:
      return !GapFits(version, q, q.markup == Markup::kHtml, after);
    case QuestionType::kMatching:
    case QuestionType::kEssay:
    case QuestionType::kDescription:
    case QuestionType::kOther:
      return false;  // written without the text after the gap, which the carrier holds
    default:
      return !q.options.empty() && !WritesInlineGap(version, q);
  }
}

// True when `q`'s sentence is written with its gap as an inline interaction between the stem and
// the text after it (a missing word among choices, a text entry that fits in one paragraph).
bool WritesGapInItsSentence(Version version, const Question& q) {
  std::string after = TextAfterGap(q);
  if (after.empty()) return false;
  if (q.type == QuestionType::kShortAnswer || q.type == QuestionType::kNumerical) {
    return GapFits(version, q, q.markup == Markup::kHtml, after);
  }
  return model::IsChoiceType(q.type) && WritesInlineGap(version, q);
}

bool EndsWithZip(std::string_view path) {
  return path.size() >= 4 && AsciiEqualIgnoringCase(path.substr(path.size() - 4), ".zip");
}

// The fields an export holds: an item's, and in a package also the manifest's (the bank id, where
// it can be: Export reports it otherwise; domain, tags and the carried metadata).
FieldSet HeldFields(bool package) {
  FieldSet held = {"id",
                   "stem",
                   "explanation",
                   "markup",
                   "options.rationale",
                   "options.weight",
                   "extensions." + std::string(kExtensionKey),
                   "options.extensions." + std::string(kExtensionKey),
                   "bank.language"};
  if (package) {
    held.insert("bank.id");  // in the manifest's identifier, where it can be
    held.insert("domain");   // in the manifest's metadata for the item
    held.insert("tags");
    held.insert(CarriedMetadataFields().begin(), CarriedMetadataFields().end());
    held.insert("extensions");  // other formats' extensions too
  }
  return held;
}
}  // namespace

bool QtiFormat::CanWriteBack(std::string_view /*path*/, std::string_view content) const {
  // A zip package is never written back: the exporter's package holds the items alone, under its
  // own paths and manifest, so the package's other files (images), its manifest, its item paths
  // and the comments in its members would be lost.
  if (content.starts_with("PK")) return false;
  std::string_view root = FirstElementName(content);
  return root == (version_ == Version::k21 ? "assessmentItem" : "qti-assessment-item");
}

namespace {

// `identifier`, with "-2", "-3", ... appended while an earlier item has it; recorded in `used`.
std::string UniqueIdentifier(std::string identifier, std::set<std::string>& used) {
  if (used.count(identifier) != 0) {
    std::string base = identifier;
    for (int n = 2; used.count(identifier) != 0; ++n) identifier = base + "-" + std::to_string(n);
  }
  used.insert(identifier);
  return identifier;
}

// `q` prepared for its item (PrepareForLms with `carrier`). QTI carries HTML, not Markdown: a
// draft's Markdown is rendered (cmark), the draft travels in the manifest. A gap the item cannot
// hold is joined into the question text here, once, as the item writes it, so the text after it
// does not travel beside it and a second trip writes the same package (round_trip_fuzz).
LmsQuestion PrepareItem(Version version, const LmsCarrier& carrier, const Question& q,
                        LossReport& loss) {
  Question joined;
  const Question* shown = &q;
  if (q.markup != Markup::kMarkdown && JoinsGap(version, q)) {
    joined = WithGapJoined(q, "the item's sentence holds blocks an inline gap cannot", loss);
    shown = &joined;
  }
  // The HTML text after a gap in the item's sentence (around an inline interaction) is read back
  // from the item as the item holds it (cleaned and escaped: "iape</b> with" comes back "iape
  // with", ">" as "&gt;"), and the manifest's carried copy only fills what the item lacks: carried
  // as written, it differed from the text read back, and the next export carried that instead
  // (round_trip_fuzz). It is carried as the item writes it.
  Question normalised;
  if (shown->markup == Markup::kHtml && WritesGapInItsSentence(version, *shown)) {
    normalised = *shown;
    SetTextAfterGap(normalised,
                    carrier.html.as_written(normalised, "after_gap", TextAfterGap(normalised)));
    shown = &normalised;
  }
  return PrepareForLms(*shown, carrier, loss);
}

}  // namespace

Result<std::string> QtiFormat::Export(const model::Bank& bank, const ExportOptions& options,
                                      LossReport& loss) const {
  bool package = EndsWithZip(options.output_path);
  if (!package && bank.questions.size() != 1) {
    return Status::Usage("a " + std::string(name()) + " export of " +
                         std::to_string(bank.questions.size()) +
                         " questions is a content package; name an output ending in .zip");
  }
  FieldSet held = HeldFields(package);
  ReportBankLoss(bank, held, loss);
  ItemWriter writer(version_, loss);
  LmsCarrier carrier;
  carrier.own_extension = kExtensionKey;
  carrier.html = DraftHtml(version_);
  // A package's manifest says the markup; a single item has no place for it (HTML without an
  // element reads back as plain text) nor for the carrier.
  carrier.says_html = package;
  carrier.has_place = package;
  // The reader trims every text it reads, so every text is written trimmed (the reason a page's
  // rationale starting with a blank line came back without it, round_trip_fuzz), the ends at a
  // gap too: an item's sentence around an inline interaction is read back in two trimmed halves,
  // a gap the item cannot hold is joined before (PrepareItem), and an essay's text after its gap
  // is not in the item at all, so the stem's end is a text's end.
  carrier.trims_texts = true;
  carrier.trims_gap_joints = true;
  std::vector<zip::Entry> entries;
  std::vector<PackageItem> resources;
  std::set<std::string> used;
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    const Question& q = bank.questions[i];
    LossReport::QuestionScope scope(loss, q);
    if (q.type == QuestionType::kOther) {
      loss.Drop("questions (other: no QTI interaction for it)");
      continue;
    }
    ReportQuestionLoss(WithoutSharedExtensions(q, true, true, true), held, loss);
    std::string id_source = q.id.empty() ? model::DeriveQuestionId(q) : q.id.value;
    std::string identifier = UniqueIdentifier(ToIdentifier(id_source), used);
    LmsQuestion written = PrepareItem(version_, carrier, q, loss);
    written.shown.id.value = id_source;
    Result<xml::Node> item = writer.Write(written.shown, identifier, bank.language.value);
    if (item.ok()) {
      if (Status writable = xml::CheckWritable(*item); !writable.ok()) item = writable;
    }
    if (!item.ok()) {
      return Status::InvalidInput("question " + std::to_string(i + 1) + " (" + id_source +
                                  "): " + item.status().ToString());
    }
    std::string bytes = xml::Write(*item);
    if (!package) return bytes;
    std::string path = "items/" + identifier + ".xml";
    entries.push_back({path, std::move(bytes)});
    resources.push_back({identifier, path, &q, std::move(written.metadata)});
  }
  if (!package) {
    return Status::Usage("the only question is of type other, which a " + std::string(name()) +
                         " item cannot hold");
  }
  std::string manifest_id = "MANIFEST-" + ToIdentifier(bank.id.empty() ? "qbank" : bank.id.value);
  while (used.count(manifest_id) != 0) manifest_id += "_";
  // The id reads back from "MANIFEST-<id>" (ReadBankId) only when it is an identifier as it is,
  // not qbank's own placeholder, and no item took that name.
  if (!bank.id.empty() &&
      (bank.id.value == "qbank" || manifest_id != "MANIFEST-" + bank.id.value)) {
    loss.Drop("bank.id");
  }
  entries.insert(entries.begin(),
                 zip::Entry{std::string(kManifestName),
                            xml::Write(Manifest(version_, manifest_id, resources))});
  return zip::Write(entries);
}

}  // namespace qbank::formats
