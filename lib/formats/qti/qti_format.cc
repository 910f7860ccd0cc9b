// QTI 2.1 / 3.0 items and content packages over the xml/ and zip/ doors. Items of both versions
// are read into one vocabulary (3.0's "qti-simple-choice" becomes 2.1's "simpleChoice", and its
// kebab-case attributes camelCase) and written from it.
#include "formats/qti/qti_format.h"

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
#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/import_checks.h"
#include "markup/html_tree.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/qti/qti_html.h"
#include "formats/qti/qti_mathml.h"
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

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
constexpr std::string_view kGeneralFeedback = "GENERAL";
// LOM technical format of an item rendered from Markdown.
constexpr std::string_view kMarkdownFormat = "text/markdown";
// LOM technical format of an item whose texts are HTML, with or without an element.
constexpr std::string_view kHtmlFormat = "text/html";

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

// "simple-choice" -> "simpleChoice".
std::string Camel(std::string_view kebab) {
  std::string out;
  bool upper = false;
  for (char c : kebab) {
    if (c == '-') {
      upper = true;
    } else {
      out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      upper = false;
    }
  }
  return out;
}

// Renames QTI 3.0 elements ("qti-...") and their kebab-case attributes to the 2.1 vocabulary.
void NormalizeVocabulary(xml::Node& node) {
  if (!node.is_element()) return;
  std::string_view local = node.LocalName();
  if (local.starts_with("qti-")) {
    std::string prefix = node.name.substr(0, node.name.size() - local.size());
    node.name = prefix + Camel(local.substr(4));
    for (xml::Attribute& a : node.attributes) {
      if (a.name.find(':') == std::string::npos && a.name.find('-') != std::string::npos &&
          !a.name.starts_with("data-") && !a.name.starts_with("aria-")) {
        a.name = Camel(a.name);
      }
    }
  }
  for (xml::Node& c : node.children) NormalizeVocabulary(c);
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

// The identifier a choice gets when its option carries none: A, B, ... Z, then C27, C28, ...
std::string DefaultChoiceId(size_t index) {
  if (index < 26) return std::string(1, static_cast<char>('A' + index));
  return "C" + std::to_string(index + 1);
}

std::string PercentDecode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// Joins a manifest href to the folder of the manifest ("" for the package root); nullopt when
// the result would leave the package (absolute, "..", a URL).
std::optional<std::string> ResolveHref(std::string_view base, std::string_view href) {
  std::string decoded = PercentDecode(href);
  if (decoded.empty() || decoded.front() == '/' || decoded.find("://") != std::string::npos) {
    return std::nullopt;
  }
  std::string joined = base.empty() ? decoded : std::string(base) + "/" + decoded;
  std::string cleaned;  // "./x" and "a//b" are harmless: drop the empty and "." parts
  size_t start = 0;
  while (start <= joined.size()) {
    size_t slash = joined.find('/', start);
    if (slash == std::string::npos) slash = joined.size();
    std::string_view part = std::string_view(joined).substr(start, slash - start);
    if (!part.empty() && part != ".") {
      if (!cleaned.empty()) cleaned += '/';
      cleaned += part;
    }
    start = slash + 1;
  }
  if (!zip::IsSafeEntryName(cleaned)) return std::nullopt;
  return cleaned;
}

// The credit in percent an option has without a weight: 100 for a key (shared equally among the
// keys of a multiple-answer question), 0 otherwise. A weight is kept only where it differs.
double DefaultCredit(QuestionType type, bool correct, size_t key_count) {
  if (!correct) return 0;
  if (type == QuestionType::kMultipleAnswer && key_count > 0) {
    return 100.0 / static_cast<double>(key_count);
  }
  return 100;
}

// A QTI number, or nullopt.
std::optional<double> ParseNumber(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// `v` as a decimal number (at most 15 significant digits).
std::string FormatNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Reading one item

// A run of content (the children of a prompt, a choice, a feedback) and where it sits.
struct Content {
  std::vector<xml::Node> nodes;
};

bool HasElements(const Content& c) {
  for (const xml::Node& n : c.nodes) {
    if (n.is_element()) return true;
  }
  return false;
}

class ItemReader {
 public:
  ItemReader(const SourceText& source, uint32_t file) : source_(source), file_(file) {}

  // Reads the item in source_ into `question`; `language` receives the item's xml:lang.
  // `said_html`: the package's manifest says the item's texts are HTML, so they are read as HTML
  // even where none holds an element.
  Status Read(Question& question, std::string& language, bool said_html) {
    said_html_ = said_html;
    Result<xml::Node> parsed = xml::Parse(source_);
    if (!parsed.ok()) return parsed.status();
    xml::Node root = std::move(parsed).value();
    NormalizeVocabulary(root);
    UnprefixMathMl(root);  // a field's HTML holds <math xmlns="...">, not an undeclared <m:math>
    return ReadItem(root, question, language);
  }

  // What an item holds besides the question's own fields, gathered while reading it.
  struct ItemParts {
    Value ext;  // extensions.qti
    const xml::Node* interaction = nullptr;
    std::string response_id;
    Content body_content;  // the body around the interaction
    std::vector<const xml::Node*> body_feedback;
    Content prompt;
    std::vector<std::string> choice_ids;
    std::vector<Content> choice_texts;
    std::vector<Content> rationales;
    std::string cardinality;
    const xml::Node* mapping = nullptr;  // the response's mapping (partial credit), if any
    std::vector<double> credit;          // per option, percent of full credit
    Content explanation;
    std::string kind;                  // the interaction's local name, "" for an item without one
    Content after;                     // the text after an inline interaction (a missing-word gap)
    std::vector<Content> match_texts;  // matching: each option's match
  };

  Status ReadItem(const xml::Node& item, Question& question, std::string& language) {
    if (item.LocalName() != "assessmentItem") {
      return Error(item, "the root element is <" + item.name +
                             ">; expected <assessmentItem> (QTI 2.1) or <qti-assessment-item> "
                             "(QTI 3.0)");
    }
    ItemParts parts;
    ReadItemAttributes(item, question, language, parts);
    QBANK_RETURN_IF_ERROR(FindInteraction(item, parts));
    if (parts.kind == "choiceInteraction" || parts.kind == "inlineChoiceInteraction") {
      QBANK_RETURN_IF_ERROR(ReadChoices(question, parts));
      QBANK_RETURN_IF_ERROR(ReadKey(item, question, parts));
    } else if (parts.kind == "textEntryInteraction") {
      QBANK_RETURN_IF_ERROR(ReadEntryAnswers(item, question, parts));
    } else if (parts.kind == "matchInteraction") {
      QBANK_RETURN_IF_ERROR(ReadMatchPairs(item, question, parts));
    } else {
      question.type = parts.kind.empty() ? QuestionType::kDescription : QuestionType::kEssay;
    }
    ReadFeedback(item, parts);
    SetTexts(question, parts);
    if (parts.kind == "choiceInteraction" || parts.kind == "inlineChoiceInteraction") {
      SetTypeAndWeights(question, parts);
    }
    bool html = question.markup == Markup::kHtml;
    for (size_t i = 0; i < parts.match_texts.size() && i < question.options.size(); ++i) {
      SetMatch(question.options[i], ToText(parts.match_texts[i], html).value);
    }
    if (std::string after = ToText(parts.after, html).value; !after.empty()) {
      SetTextAfterGap(question, std::move(after));
    }
    if (parts.ext.is_object()) {
      question.extensions[std::string(kExtensionKey)] = std::move(parts.ext);
    }
    return Status::Ok();
  }

 private:
  // The id, label, title and language on the item element.
  void ReadItemAttributes(const xml::Node& item, Question& question, std::string& language,
                          ItemParts& parts) const {
    question.span = ElementSpan(item);
    std::string identifier = item.AttributeOr("identifier");
    std::string label = item.AttributeOr("label");
    if (label.starts_with(kIdLabelPrefix)) {
      question.id.value = label.substr(kIdLabelPrefix.size());
    } else {
      question.id.value = identifier;
      if (!label.empty()) parts.ext["label"] = label;
    }
    question.id.span = question.span;
    std::string title = item.AttributeOr("title");
    if (!title.empty() && title != question.id.value) parts.ext["title"] = title;
    language = item.AttributeOr("xml:lang");
  }

  // Finds the one interaction (choice, inline choice, text entry, extended text or match; none
  // for a description), and the stem around it: the body's content, then the prompt.
  Status FindInteraction(const xml::Node& item, ItemParts& parts) const {
    static const std::set<std::string_view> kRead = {"choiceInteraction", "inlineChoiceInteraction",
                                                     "textEntryInteraction",
                                                     "extendedTextInteraction", "matchInteraction"};
    const xml::Node* body = item.FirstChild("itemBody");
    if (body == nullptr) return Error(item, "the item has no itemBody; expected one");
    std::vector<const xml::Node*> interactions;
    FindInteractions(*body, interactions);
    if (interactions.empty()) {
      CollectStem(*body, nullptr, parts.body_content, parts.body_feedback);
      UnwrapParagraph(parts.body_content);
      return Status::Ok();
    }
    if (interactions.size() != 1 || kRead.count(interactions.front()->LocalName()) == 0) {
      std::string found;
      for (const xml::Node* n : interactions) found += (found.empty() ? "" : ", ") + n->name;
      return source_.ErrorAt(Offset(*body),
                             "the item holds " + found +
                                 "; expected at most one interaction, of a kind qbank reads "
                                 "(choice, inlineChoice, textEntry, extendedText, match)");
    }
    const xml::Node& interaction = *interactions.front();
    parts.interaction = &interaction;
    parts.kind = std::string(interaction.LocalName());
    parts.response_id = interaction.AttributeOr("responseIdentifier", "RESPONSE");
    if (interaction.AttributeOr("shuffle") == "true") parts.ext["shuffle"] = true;
    if (parts.kind == "inlineChoiceInteraction" || parts.kind == "textEntryInteraction") {
      bool found = false;
      CollectInline(*body, interaction, parts, found);
      return Status::Ok();
    }
    CollectStem(*body, &interaction, parts.body_content, parts.body_feedback);
    if (const xml::Node* p = interaction.FirstChild("prompt")) parts.prompt.nodes = p->children;
    return Status::Ok();
  }

  // An inline interaction's sentence: what comes before it (blocks, then the paragraph's start) is
  // the stem, what follows it in its paragraph (and the blocks after) the text after the gap.
  static void CollectInline(const xml::Node& n, const xml::Node& interaction, ItemParts& parts,
                            bool& found) {
    for (const xml::Node& c : n.children) {
      if (c.is_element() && c.LocalName() == "feedbackBlock") {
        parts.body_feedback.push_back(&c);
      } else if (&c == &interaction) {
        found = true;
      } else if (!found && Contains(c, &interaction)) {
        CollectInline(c, interaction, parts, found);
      } else if (c.is_element() || !IsBlank(c.text)) {
        (found ? parts.after : parts.body_content).nodes.push_back(c);
      }
    }
  }

  // A description's one paragraph of plain text is that text (as the writer wraps it).
  static void UnwrapParagraph(Content& content) {
    if (content.nodes.size() != 1 || !content.nodes.front().is_element() ||
        content.nodes.front().LocalName() != "p") {
      return;
    }
    std::vector<xml::Node> inner = content.nodes.front().children;
    for (const xml::Node& n : inner) {
      if (n.is_element()) return;
    }
    content.nodes = std::move(inner);
  }

  // Each choice identifier's option, the first when one repeats (a lookup per value or map entry
  // instead of a search through every choice).
  static std::unordered_map<std::string_view, size_t> ChoiceIndex(const ItemParts& parts) {
    std::unordered_map<std::string_view, size_t> index;
    for (size_t i = 0; i < parts.choice_ids.size(); ++i) index.emplace(parts.choice_ids[i], i);
    return index;
  }

  // The options, with inline feedback taken out of their content.
  Status ReadChoices(Question& question, ItemParts& parts) const {
    std::string choice_name =
        parts.kind == "inlineChoiceInteraction" ? "inlineChoice" : "simpleChoice";
    std::vector<const xml::Node*> choices = parts.interaction->ChildElements(choice_name);
    // The import check's limit, applied before any choice is read: 20,000 choices took 20 s of
    // work that the check then threw away.
    if (size_t max = ImportLimits().max_options; choices.size() > max) {
      return Error(*parts.interaction, "question with " + std::to_string(choices.size()) +
                                           " options; at most " + std::to_string(max) +
                                           " are read");
    }
    std::unordered_set<std::string> seen;
    for (const xml::Node* choice : choices) {
      Option option;
      option.span = ElementSpan(*choice);
      std::string id = choice->AttributeOr("identifier");
      if (id.empty()) return Error(*choice, "simpleChoice without an identifier; expected one");
      if (!seen.insert(id).second) {
        return Error(*choice, "a second simpleChoice with identifier '" + id +
                                  "'; expected each identifier once");
      }
      Content text;
      Content rationale;
      for (const xml::Node& c : choice->children) {
        if (c.is_element() && c.LocalName() == "feedbackInline") {
          rationale.nodes.insert(rationale.nodes.end(), c.children.begin(), c.children.end());
        } else {
          text.nodes.push_back(c);
        }
      }
      if (id != DefaultChoiceId(question.options.size())) {
        option.extensions[std::string(kExtensionKey)]["identifier"] = id;
      }
      if (choice->AttributeOr("fixed") == "true") {
        option.extensions[std::string(kExtensionKey)]["fixed"] = true;
      }
      parts.choice_ids.push_back(id);
      parts.choice_texts.push_back(std::move(text));
      parts.rationales.push_back(std::move(rationale));
      question.options.push_back(std::move(option));
    }
    if (question.options.empty()) {
      return Error(*parts.interaction,
                   "the choiceInteraction has no simpleChoice; expected the options");
    }
    return Status::Ok();
  }

  const xml::Node* Declaration(const xml::Node& item, const ItemParts& parts) const {
    const xml::Node* declaration = nullptr;
    for (const xml::Node* d : item.ChildElements("responseDeclaration")) {
      if (d->AttributeOr("identifier") == parts.response_id) declaration = d;
    }
    return declaration;
  }

  // A text entry: numerical for a float or integer response, else short answer. The options are
  // the branches of the response processing (a string match or an equality within a tolerance,
  // with the credit it sets); an item without such rules has its correct response as the key.
  Status ReadEntryAnswers(const xml::Node& item, Question& question, ItemParts& parts) const {
    const xml::Node* declaration = Declaration(item, parts);
    std::string base_type = declaration != nullptr ? declaration->AttributeOr("baseType") : "";
    bool numerical = base_type == "float" || base_type == "integer";
    question.type = numerical ? QuestionType::kNumerical : QuestionType::kShortAnswer;
    const xml::Node* rp = item.FirstChild("responseProcessing");
    const xml::Node* condition = rp != nullptr ? rp->FirstChild("responseCondition") : nullptr;
    if (condition != nullptr) {
      for (const xml::Node* branch : condition->ChildElements())
        ReadEntryBranch(*branch, question, parts);
    }
    if (question.options.empty() && declaration != nullptr) {
      if (const xml::Node* correct = declaration->FirstChild("correctResponse")) {
        for (const xml::Node* v : correct->ChildElements("value")) {
          AddEntryOption(std::string(Trim(v->TextContent())), 100, ElementSpan(*v), question,
                         parts);
        }
      }
    }
    return Status::Ok();
  }

  void ReadEntryBranch(const xml::Node& branch, Question& question, ItemParts& parts) const {
    std::string_view tag = branch.LocalName();
    if (tag != "responseIf" && tag != "responseElseIf" && tag != "responseElse") return;
    std::string text;
    if (tag != "responseElse") {
      std::vector<const xml::Node*> children = branch.ChildElements();
      if (children.empty()) return;
      std::optional<std::string> answer = EntryAnswerText(*children.front());
      if (!answer.has_value()) return;
      text = std::move(*answer);
    }
    double credit = 0;
    std::string feedback;
    for (const xml::Node* set : branch.ChildElements("setOutcomeValue")) {
      std::string id = set->AttributeOr("identifier");
      std::vector<const xml::Node*> values;
      FindBaseValues(*set, values);
      if (id == "SCORE" && !values.empty()) {
        credit = ParseNumber(std::string(Trim(values.front()->TextContent()))).value_or(0) * 100;
      } else if (id == "FEEDBACK" && !values.empty()) {
        feedback = std::string(Trim(values.front()->TextContent()));
      }
    }
    AddEntryOption(text, credit, ElementSpan(branch), question, parts);
    if (!feedback.empty()) parts.choice_ids.back() = feedback;
  }

  // The answer a branch's test accepts, in GIFT's notation: a string; a number "v" (exact) or
  // "v:t" (an absolute tolerance, 0 included); a range "low..high" (gte and lte of the response
  // under an and); nullopt for any other test.
  static std::optional<std::string> EntryAnswerText(const xml::Node& test) {
    auto value_of = [](const xml::Node& compare) -> std::optional<std::string> {
      const xml::Node* value = compare.FirstChild("baseValue");
      if (value == nullptr) return std::nullopt;
      return std::string(Trim(value->TextContent()));
    };
    if (test.LocalName() == "and") {
      std::vector<const xml::Node*> parts = test.ChildElements();
      if (parts.size() != 2 || parts[0]->LocalName() != "gte" || parts[1]->LocalName() != "lte") {
        return std::nullopt;
      }
      std::optional<std::string> low = value_of(*parts[0]);
      std::optional<std::string> high = value_of(*parts[1]);
      if (!low || !high) return std::nullopt;
      return *low + ".." + *high;
    }
    if (test.LocalName() != "stringMatch" && test.LocalName() != "equal") return std::nullopt;
    std::optional<std::string> text = value_of(test);
    if (!text) return std::nullopt;
    std::string tolerance(Trim(test.AttributeOr("tolerance")));
    if (size_t space = tolerance.find(' '); space != std::string::npos) tolerance.resize(space);
    if (test.AttributeOr("toleranceMode") == "absolute" && !tolerance.empty() &&
        ParseNumber(tolerance).value_or(-1) >= 0) {
      *text += ":" + tolerance;
    }
    return text;
  }

  static void FindBaseValues(const xml::Node& n, std::vector<const xml::Node*>& out) {
    for (const xml::Node* c : n.ChildElements()) {
      if (c->LocalName() == "baseValue") {
        out.push_back(c);
      } else {
        FindBaseValues(*c, out);
      }
    }
  }

  void AddEntryOption(const std::string& text, double credit, const SourceSpan& span,
                      Question& question, ItemParts& parts) const {
    Option option;
    option.span = span;
    option.correct = credit > 0;
    if (std::fabs(credit - (option.correct ? 100 : 0)) > 0.001) {
      option.weight = std::round(credit * 1e6) / 1e6;
    }
    question.options.push_back(std::move(option));
    // The identifier its feedback would name; a branch that sets FEEDBACK names it itself.
    parts.choice_ids.push_back("\x01" + std::to_string(question.options.size()));
    parts.choice_texts.push_back(Content{{xml::Node::Text(text)}});
    parts.rationales.emplace_back();
  }

  // Matching: the first simpleMatchSet holds the items, the second their matches; the correct
  // response pairs them ("S1 T2"). A match no item is paired with is an option without text.
  Status ReadMatchPairs(const xml::Node& item, Question& question, ItemParts& parts) const {
    question.type = QuestionType::kMatching;
    std::vector<const xml::Node*> sets = parts.interaction->ChildElements("simpleMatchSet");
    if (sets.size() != 2) {
      return Error(*parts.interaction, "the matchInteraction has " + std::to_string(sets.size()) +
                                           " simpleMatchSet elements; expected two");
    }
    std::vector<const xml::Node*> sources = sets[0]->ChildElements("simpleAssociableChoice");
    std::vector<const xml::Node*> targets = sets[1]->ChildElements("simpleAssociableChoice");
    std::map<std::string, std::string> pairs;  // source id -> target id
    const xml::Node* declaration = Declaration(item, parts);
    const xml::Node* correct =
        declaration != nullptr ? declaration->FirstChild("correctResponse") : nullptr;
    if (correct != nullptr) {
      for (const xml::Node* v : correct->ChildElements("value")) {
        std::string pair(Trim(v->TextContent()));
        size_t space = pair.find(' ');
        if (space != std::string::npos) {
          pairs[pair.substr(0, space)] = std::string(Trim(pair.substr(space + 1)));
        }
      }
    }
    std::set<std::string> paired;
    auto content_of = [](const xml::Node* n) {
      return n != nullptr ? Content{n->children} : Content{};
    };
    auto target_named = [&](const std::string& id) -> const xml::Node* {
      for (const xml::Node* t : targets) {
        if (t->AttributeOr("identifier") == id) return t;
      }
      return nullptr;
    };
    for (const xml::Node* source : sources) {
      std::string target = pairs[source->AttributeOr("identifier")];
      paired.insert(target);
      AddPair(content_of(source), content_of(target_named(target)), ElementSpan(*source), question,
              parts);
    }
    for (const xml::Node* t : targets) {
      if (paired.count(t->AttributeOr("identifier")) == 0) {
        AddPair(Content{}, content_of(t), ElementSpan(*t), question, parts);
      }
    }
    return Status::Ok();
  }

  static void AddPair(Content text, Content match, const SourceSpan& span, Question& question,
                      ItemParts& parts) {
    Option option;
    option.span = span;
    question.options.push_back(std::move(option));
    parts.choice_ids.push_back("\x01" + std::to_string(question.options.size()));
    parts.choice_texts.push_back(std::move(text));
    parts.rationales.emplace_back();
    parts.match_texts.push_back(std::move(match));
  }

  // The key: correctResponse, or failing that the choices a mapping gives credit.
  Status ReadKey(const xml::Node& item, Question& question, ItemParts& parts) const {
    const xml::Node* declaration = nullptr;
    for (const xml::Node* d : item.ChildElements("responseDeclaration")) {
      if (d->AttributeOr("identifier") == parts.response_id) declaration = d;
    }
    if (declaration == nullptr) {
      return Error(*parts.interaction, "no responseDeclaration with identifier '" +
                                           parts.response_id +
                                           "'; expected one declaring the interaction's response");
    }
    parts.cardinality = declaration->AttributeOr("cardinality", "single");
    std::unordered_map<std::string_view, size_t> index = ChoiceIndex(parts);
    const xml::Node* correct = declaration->FirstChild("correctResponse");
    if (correct != nullptr) {
      for (const xml::Node* v : correct->ChildElements("value")) {
        std::string key(Trim(v->TextContent()));
        auto it = index.find(key);
        if (it == index.end()) {
          return Error(*v, "correctResponse names '" + key +
                               "', which no simpleChoice has; expected a choice identifier");
        }
        Option& option = question.options[it->second];
        option.correct = true;
        option.correct_span = ElementSpan(*v);
      }
    }
    parts.credit.assign(question.options.size(), 0);
    parts.mapping = declaration->FirstChild("mapping");
    if (parts.mapping == nullptr) return Status::Ok();
    QBANK_RETURN_IF_ERROR(ReadCredit(*parts.mapping, parts));
    if (correct == nullptr) {
      for (size_t i = 0; i < parts.credit.size(); ++i) {
        question.options[i].correct = parts.credit[i] > 0;
      }
    }
    return Status::Ok();
  }

  // Partial credit: a mapping's values, as percent of its upper bound (or of the positive
  // values' sum). Without a correctResponse the options it credits are the keys.
  Status ReadCredit(const xml::Node& mapping, ItemParts& parts) const {
    std::vector<double>& credit = parts.credit;
    double fallback = ParseNumber(mapping.AttributeOr("defaultValue", "0")).value_or(0);
    std::fill(credit.begin(), credit.end(), fallback);
    std::unordered_map<std::string_view, size_t> index = ChoiceIndex(parts);
    for (const xml::Node* entry : mapping.ChildElements("mapEntry")) {
      auto it = index.find(entry->AttributeOr("mapKey"));
      std::optional<double> value = ParseNumber(entry->AttributeOr("mappedValue"));
      if (it == index.end() || !value.has_value()) {
        return Error(*entry,
                     "mapEntry needs a mapKey naming a choice and a numeric "
                     "mappedValue");
      }
      credit[it->second] = *value;
    }
    double scale = ParseNumber(mapping.AttributeOr("upperBound")).value_or(0);
    if (scale <= 0) {
      for (double c : credit) scale += c > 0 ? c : 0;
    }
    if (scale <= 0) scale = 1;
    for (double& c : credit) c = std::round(c / scale * 100 * 1e6) / 1e6;
    return Status::Ok();
  }

  // Feedback: modal feedback (and feedbackBlock in the body) naming a choice is that choice's
  // rationale; "correct"/"incorrect" feedback is kept as is; the rest is the explanation.
  void ReadFeedback(const xml::Node& item, ItemParts& parts) const {
    std::vector<const xml::Node*> feedback = item.ChildElements("modalFeedback");
    feedback.insert(feedback.end(), parts.body_feedback.begin(), parts.body_feedback.end());
    Value::Array kept;
    for (const xml::Node* f : feedback) {
      std::string id = f->AttributeOr("identifier");
      bool shown_on_match = f->AttributeOr("showHide", "show") == "show";
      std::vector<xml::Node> content = f->children;
      if (content.size() == 1 && content.front().is_element() &&
          content.front().LocalName() == "contentBody") {
        content = std::vector<xml::Node>(content.front().children);
      }
      auto it = std::find(parts.choice_ids.begin(), parts.choice_ids.end(), id);
      std::string lower = AsciiLowered(id);
      if (it != parts.choice_ids.end() && shown_on_match) {
        Content& r = parts.rationales[static_cast<size_t>(it - parts.choice_ids.begin())];
        if (r.nodes.empty()) {
          r.nodes = std::move(content);
        } else {
          kept.emplace_back(xml::WriteFragment({*f}));
        }
      } else if (lower.find("incorrect") != std::string::npos ||
                 lower.find("correct") != std::string::npos ||
                 lower.find("partial") != std::string::npos) {
        kept.emplace_back(xml::WriteFragment({*f}));
      } else {
        Content& explanation = parts.explanation;
        if (!explanation.nodes.empty()) explanation.nodes.push_back(xml::Node::Text("\n\n"));
        explanation.nodes.insert(explanation.nodes.end(), content.begin(), content.end());
      }
    }
    if (!kept.empty()) parts.ext["feedback"] = std::move(kept);
  }

  // The question's texts in one markup: HTML when the manifest says so or any field holds
  // elements.
  void SetTexts(Question& question, const ItemParts& parts) const {
    bool html = said_html_ || HasElements(parts.body_content) || HasElements(parts.prompt) ||
                HasElements(parts.explanation) || HasElements(parts.after);
    for (size_t i = 0; i < parts.choice_texts.size(); ++i) {
      html = html || HasElements(parts.choice_texts[i]) || HasElements(parts.rationales[i]);
    }
    for (const Content& match : parts.match_texts) html = html || HasElements(match);
    question.markup = html ? Markup::kHtml : Markup::kPlain;
    Text before = ToText(parts.body_content, html);
    Text in_prompt = ToText(parts.prompt, html);
    if (before.empty()) {
      question.stem = in_prompt;
    } else if (in_prompt.empty()) {
      question.stem = before;
    } else {
      question.stem = before;
      question.stem.value += (html ? "\n" : "\n\n") + in_prompt.value;
      question.stem.verbatim = false;
    }
    if (question.stem.span.line == 0 && parts.interaction != nullptr) {
      question.stem.span = ElementSpan(*parts.interaction);
    }
    for (size_t i = 0; i < question.options.size(); ++i) {
      question.options[i].text = ToText(parts.choice_texts[i], html);
      question.options[i].rationale = ToText(parts.rationales[i], html);
      if (!question.options[i].text.span.known()) {
        question.options[i].text.span = question.options[i].span;
      }
    }
    question.explanation = ToText(parts.explanation, html);
  }

  // The type (from the cardinality and the option texts) and the weights that differ from the
  // type's default credit.
  void SetTypeAndWeights(Question& question, const ItemParts& parts) const {
    size_t keys = question.KeyIndexes().size();
    if (parts.cardinality == "multiple") {
      question.type = QuestionType::kMultipleAnswer;
    } else if (keys <= 1 && question.options.size() == 2 &&
               std::set<std::string>{AsciiLowered(question.options[0].text.value),
                                     AsciiLowered(question.options[1].text.value)} ==
                   std::set<std::string>{"true", "false"}) {
      question.type = QuestionType::kTrueFalse;
    } else {
      question.type = QuestionType::kSingleAnswer;
    }
    if (parts.mapping == nullptr) return;
    for (size_t i = 0; i < question.options.size(); ++i) {
      model::Option& o = question.options[i];
      if (std::fabs(parts.credit[i] - DefaultCredit(question.type, o.correct, keys)) > 0.001) {
        o.weight = parts.credit[i];
      }
    }
  }

  Status Error(const xml::Node& at, const std::string& message) const {
    return source_.ErrorAt(Offset(at), message);
  }
  size_t Offset(const xml::Node& n) const {
    return n.offset == xml::Node::kNoOffset ? 0 : n.offset;
  }
  SourceSpan ElementSpan(const xml::Node& n) const {
    size_t b = Offset(n);
    return source_.SpanOf(b, b + 1 + n.name.size(), file_);
  }

  static void FindInteractions(const xml::Node& n, std::vector<const xml::Node*>& out) {
    for (const xml::Node& c : n.children) {
      if (!c.is_element()) continue;
      if (c.LocalName().ends_with("Interaction")) {
        out.push_back(&c);
      } else {
        FindInteractions(c, out);
      }
    }
  }

  static bool Contains(const xml::Node& n, const xml::Node* target) {
    if (&n == target) return true;
    for (const xml::Node& c : n.children) {
      if (Contains(c, target)) return true;
    }
    return false;
  }

  // The body content that is not the interaction (one level into a container holding it), and
  // the feedbackBlocks, which are feedback rather than stem.
  static void CollectStem(const xml::Node& body, const xml::Node* interaction, Content& stem,
                          std::vector<const xml::Node*>& feedback) {
    for (const xml::Node& c : body.children) {
      if (c.is_element() && c.LocalName() == "feedbackBlock") {
        feedback.push_back(&c);
      } else if (&c == interaction) {
        continue;
      } else if (interaction != nullptr && Contains(c, interaction)) {
        CollectStem(c, interaction, stem, feedback);
      } else if (c.is_element() || !IsBlank(c.text)) {
        stem.nodes.push_back(c);
      }
    }
  }

  Text ToText(const Content& content, bool html) const {
    Text out;
    const xml::Node* first = nullptr;
    for (const xml::Node& n : content.nodes) {
      if (n.is_element() || !IsBlank(n.text)) {
        first = &n;
        break;
      }
    }
    std::string raw;
    if (html) {
      raw = xml::WriteFragment(content.nodes);
    } else {
      for (const xml::Node& n : content.nodes) raw += n.TextContent();
    }
    size_t lead = 0;
    lead = CountLeadingBlanks(raw);
    out.value = std::string(Trim(raw));
    if (first != nullptr && first->offset != xml::Node::kNoOffset) {
      bool verbatim = content.nodes.size() == 1 && !first->is_element() && first->verbatim &&
                      (!html || raw == first->text);
      size_t b = first->offset + (verbatim ? lead : 0);
      out.span = source_.SpanOf(b, verbatim ? b + out.value.size() : b, file_);
      out.verbatim = verbatim;
    }
    return out;
  }

  const SourceText& source_;
  uint32_t file_;
  bool said_html_ = false;
};

// ---------------------------------------------------------------------------------------------
// Packages

// A package's files, from a zip or a folder.
class PackageFiles {
 public:
  virtual ~PackageFiles() = default;
  // The content of the file at package path `path`, or an error naming it.
  virtual Result<std::string> Read(const std::string& path) const = 0;
  // The name users see for package path `path` ("pkg.zip!/items/q1.xml", "pkg/items/q1.xml").
  virtual std::string DisplayPath(const std::string& path) const = 0;
};

// A zip package: only the files the manifest names are inflated (zip::Archive).
class ZipFiles : public PackageFiles {
 public:
  ZipFiles(std::string zip_path, zip::Archive archive)
      : zip_path_(std::move(zip_path)), archive_(std::move(archive)) {}
  Result<std::string> Read(const std::string& path) const override {
    if (!archive_.Contains(path))
      return Status::NotFound("no such file in the package").At(DisplayPath(path));
    return archive_.Read(path);
  }
  std::string DisplayPath(const std::string& path) const override {
    return zip_path_ + "!/" + path;
  }
  // The manifest's package path: at the root, or in the one top folder the archive holds.
  std::optional<std::string> FindManifest() const {
    if (archive_.Contains(std::string(kManifestName))) return std::string(kManifestName);
    std::optional<std::string> found;
    for (const std::string& path : archive_.names()) {
      size_t slash = path.find('/');
      if (slash != std::string::npos && path.substr(slash + 1) == kManifestName) {
        if (found.has_value()) return std::nullopt;
        found = path;
      }
    }
    return found;
  }

 private:
  std::string zip_path_;
  mutable zip::Archive archive_;  // reading inflates, counting against the archive's budget
};

// A package folder, read by the zip reader's rules: only safe relative names, no symbolic link
// on the way from the folder to a file (it could point out of the package), and the same budget
// of uncompressed bytes for all files read together.
class FolderFiles : public PackageFiles {
 public:
  FolderFiles(const FileSystem& fs, std::string dir) : fs_(fs), dir_(std::move(dir)) {
    while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();
  }
  Result<std::string> Read(const std::string& path) const override {
    std::string shown = DisplayPath(path);
    if (!zip::IsSafeEntryName(path)) {
      return Status::InvalidInput("not a safe relative path in the package folder").At(shown);
    }
    for (size_t slash = path.find('/');; slash = path.find('/', slash + 1)) {
      std::string part = DisplayPath(path.substr(0, slash));
      if (fs_.IsSymbolicLink(part)) {
        return Status::InvalidInput(
                   "is a symbolic link; a package folder is read like "
                   "a zip archive: expected only files and folders")
            .At(part);
      }
      if (slash == std::string::npos) break;
    }
    std::optional<uint64_t> size = fs_.FileSize(shown);
    if (size.has_value() && *size > limits_.max_total_size - read_) {
      return Status::InvalidInput("would bring the package to more than " +
                                  std::to_string(limits_.max_total_size) +
                                  " bytes; expected a smaller package")
          .At(shown);
    }
    Result<std::string> content = fs_.ReadFile(shown);
    if (!content.ok()) return content;
    read_ += content->size();
    if (read_ > limits_.max_total_size) {
      return Status::InvalidInput("brings the package to more than " +
                                  std::to_string(limits_.max_total_size) +
                                  " bytes; expected a smaller package")
          .At(shown);
    }
    return content;
  }
  std::string DisplayPath(const std::string& path) const override {
    return dir_.empty() ? path : dir_ + "/" + path;
  }

 private:
  const FileSystem& fs_;
  std::string dir_;
  zip::ReadLimits limits_;
  mutable uint64_t read_ = 0;  // bytes read so far
};

// Reads the item in `source` into ctx's bank; `said_html` as ItemReader::Read takes it.
Status ReadItemInto(const SourceText& source, uint32_t file, ImportContext& ctx,
                    bool said_html = false) {
  Question question;
  std::string language;
  ItemReader reader(source, file);
  QBANK_RETURN_IF_ERROR(reader.Read(question, language, said_html));
  if (ctx.bank->language.empty() && !language.empty()) ctx.bank->language.value = language;
  ctx.bank->questions.push_back(std::move(question));
  return Status::Ok();
}

// A field's HTML as nodes: well-formed XML as written, other HTML read as a browser reads it.
std::vector<xml::Node> ParseHtml(const std::string& value) {
  Result<std::vector<xml::Node>> nodes = xml::ParseFragment(value);
  return nodes.ok() ? std::move(nodes).value() : markup::ParseHtmlFragment(value);
}

// True when the text after the gap is set and the stem and that text can stand in one paragraph:
// neither is HTML with a block element at its top level (checked on a scratch copy, so nothing
// is reported).
bool GapFits(Version version, const Question& q, bool html, const std::string& after) {
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
bool WritesInlineGap(Version version, const Question& q) {
  std::string after = TextAfterGap(q);
  return !after.empty() && q.type != QuestionType::kMultipleAnswer &&
         GapFits(version, q, q.markup == Markup::kHtml, after);
}

// Where the writer puts the text at `place` (a RenderDraft place) of `q`: in a missing-word
// sentence the stem and the text after the gap are inline content and the choices text (2.1) or
// inline content (3.0), as are a text entry's stem and text after when they fit in its
// paragraph; everything else holds blocks.
QtiHtmlPlace PlaceOf(Version version, const Question& q, std::string_view place) {
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

// How an item of `version` holds a Markdown draft's texts: raw HTML only where it is well-formed
// XML, and each text cleaned by the version's allow-list for the place the writer puts it (what
// it drops, the writer reports).
LmsHtml DraftHtml(Version version) {
  LmsHtml how;
  how.xml_only = true;
  how.as_written = [version](const Question& written, const std::string& place,
                             const std::string& html) {
    std::vector<xml::Node> nodes = ParseHtml(html);
    QtiHtmlCleaner cleaner(version);
    std::vector<std::string> ignored;
    cleaner.Clean(nodes, PlaceOf(version, written, place), ignored);
    return xml::WriteFragment(nodes);
  };
  return how;
}

// The text of `node`'s <string> children (LOM's langstring), trimmed and joined by spaces.
std::string LomString(const xml::Node& node) {
  std::string out;
  for (const xml::Node* str : node.ChildElements("string")) {
    std::string content = str->TextContent();
    std::string_view t = Trim(content);
    if (t.empty()) continue;
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

// The LOM technical format a resource's metadata gives its item ("" for none).
std::string LomFormat(const xml::Node& resource) {
  const xml::Node* metadata = resource.FirstChild("metadata");
  const xml::Node* lom = metadata != nullptr ? metadata->FirstChild("lom") : nullptr;
  const xml::Node* technical = lom != nullptr ? lom->FirstChild("technical") : nullptr;
  const xml::Node* format = technical != nullptr ? technical->FirstChild("format") : nullptr;
  return format != nullptr ? std::string(Trim(format->TextContent())) : std::string();
}

// A resource's LOM metadata: keywords become tags, a classification's taxon path the domain.
Status ReadResourceMetadata(const xml::Node& resource, const SourceText& manifest_source,
                            uint32_t manifest_file, Question& question) {
  const xml::Node* metadata = resource.FirstChild("metadata");
  const xml::Node* lom = metadata != nullptr ? metadata->FirstChild("lom") : nullptr;
  if (lom == nullptr) return Status::Ok();
  Question markdown_source;
  for (const xml::Node* annotation : lom->ChildElements("annotation")) {
    const xml::Node* description = annotation->FirstChild("description");
    std::string text = description != nullptr ? LomString(*description) : std::string();
    if (!text.starts_with("{") || text.find("\"qbank\"") == std::string::npos) continue;
    Status applied = ApplyMetadataJson(text, manifest_source.path(), question, &markdown_source);
    if (!applied.ok()) {
      return manifest_source.ErrorAt(
          annotation->offset, "the annotation is not the metadata qbank writes (" +
                                  applied.message() + "); expected a bank file of one question");
    }
  }
  auto text_at = [&](const xml::Node& n, std::string value) {
    Text t;
    t.value = std::move(value);
    size_t at = n.offset == xml::Node::kNoOffset ? 0 : n.offset;
    t.span = manifest_source.SpanOf(at, at, manifest_file);
    return t;
  };
  if (const xml::Node* general = lom->FirstChild("general");
      general != nullptr && question.tags.empty()) {
    for (const xml::Node* keyword : general->ChildElements("keyword")) {
      std::string tag = LomString(*keyword);
      if (!tag.empty()) question.tags.push_back(text_at(*keyword, tag));
    }
  }
  if (LomFormat(resource) == kMarkdownFormat) markdown_source.markup = Markup::kMarkdown;
  for (const xml::Node* classification : lom->ChildElements("classification")) {
    for (const xml::Node* taxon_path : classification->ChildElements("taxonPath")) {
      std::string domain;
      for (const xml::Node* taxon : taxon_path->ChildElements("taxon")) {
        const xml::Node* entry = taxon->FirstChild("entry");
        std::string part = entry != nullptr ? LomString(*entry) : std::string();
        if (part.empty()) continue;
        if (!domain.empty()) domain += '/';
        domain += part;
      }
      if (!domain.empty() && question.domain.empty()) {
        question.domain = text_at(*taxon_path, domain);
      }
    }
  }
  // The item's HTML was rendered from a Markdown draft: the draft again, where not edited since.
  Version version =
      resource.AttributeOr("type").starts_with("imsqti_item_xmlv3") ? Version::k30 : Version::k21;
  FinishCarried(markdown_source, DraftHtml(version), question);
  return Status::Ok();
}

// Reads the items `manifest` lists; `manifest_path` is its package path and `manifest_file` its
// index in the bank's sources.
// The bank id qbank's exporter put in the manifest's identifier ("MANIFEST-<bank id>"; not the
// "MANIFEST-qbank" of a bank without one), so a bank keeps its id through a package. Other tools'
// manifest identifiers say nothing about a bank and are left alone.
// The id's place is the manifest element's, so a check of the id names the file and line.
void ReadBankId(const xml::Node& manifest, const SourceText& manifest_source,
                uint32_t manifest_file, ImportContext& ctx) {
  constexpr std::string_view kPrefix = "MANIFEST-";
  std::string identifier = manifest.AttributeOr("identifier");
  if (ctx.bank == nullptr || !ctx.bank->id.empty() || !identifier.starts_with(kPrefix)) return;
  std::string id = identifier.substr(kPrefix.size());
  if (id.empty() || id == "qbank") return;
  ctx.bank->id.value = id;
  if (manifest.offset != xml::Node::kNoOffset) {
    ctx.bank->id.span = manifest_source.SpanOf(manifest.offset, manifest.offset, manifest_file);
  }
}

Status ReadPackage(const PackageFiles& files, const std::string& manifest_path,
                   const SourceText& manifest_source, uint32_t manifest_file, ImportContext& ctx) {
  Result<xml::Node> manifest = xml::Parse(manifest_source);
  if (!manifest.ok()) return manifest.status();
  if (manifest->LocalName() != "manifest") {
    return manifest_source.ErrorAt(
        manifest->offset, "the root element is <" + manifest->name + ">; expected <manifest>");
  }
  std::string base;
  if (size_t slash = manifest_path.rfind('/'); slash != std::string::npos) {
    base = manifest_path.substr(0, slash);
  }
  ReadBankId(*manifest, manifest_source, manifest_file, ctx);
  const xml::Node* resources = manifest->FirstChild("resources");
  std::vector<std::pair<const xml::Node*, std::string>> items;
  std::set<std::string> listed;
  if (resources != nullptr) {
    for (const xml::Node* r : resources->ChildElements("resource")) {
      if (!r->AttributeOr("type").starts_with("imsqti_item_xml")) continue;
      std::string href = r->AttributeOr("href");
      if (href.empty()) {
        const xml::Node* file = r->FirstChild("file");
        if (file != nullptr) href = file->AttributeOr("href");
      }
      std::optional<std::string> path = ResolveHref(base, href);
      if (!path.has_value()) {
        return manifest_source.ErrorAt(
            r->offset, "resource href '" + href +
                           "' leaves the package (absolute, '..' or a URL); expected a path "
                           "inside it");
      }
      // Each file is read once: a manifest naming one item many times must not multiply the work.
      if (!listed.insert(*path).second) {
        return manifest_source.ErrorAt(r->offset, "resource href '" + href + "' names '" + *path +
                                                      "' a second time; expected each item once");
      }
      items.emplace_back(r, *path);
    }
  }
  if (items.empty()) {
    return manifest_source.ErrorAt(manifest->offset,
                                   "the manifest lists no item; expected resources of type "
                                   "imsqti_item_xmlv2p1 or imsqti_item_xmlv3p0");
  }
  for (const auto& [resource, path] : items) {
    Result<std::string> content = files.Read(path);
    Status status;
    if (!content.ok()) {
      status = manifest_source.ErrorAt(
          resource->offset,
          "resource file '" + path + "' cannot be read: " + content.status().ToString());
    } else {
      auto source =
          std::make_shared<const SourceText>(files.DisplayPath(path), std::move(content).value());
      uint32_t file = ctx.bank->AddSource(source);
      status = ReadItemInto(*source, file, ctx, LomFormat(*resource) == kHtmlFormat);
      if (status.ok()) {
        status = ReadResourceMetadata(*resource, manifest_source, manifest_file,
                                      ctx.bank->questions.back());
        if (!status.ok()) ctx.bank->questions.pop_back();
      }
    }
    if (!status.ok()) {
      if (ctx.errors == nullptr) return status;
      ctx.errors->push_back(Diagnostic::FromStatus(status, files.DisplayPath(path)));
    }
  }
  return Status::Ok();
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
    for (const Option& o : q.options) has_feedback = has_feedback || !o.rationale.empty();
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
    bool weighted = false;
    for (const Option& o : q.options) weighted = weighted || o.weight.has_value();
    if (!weighted) return false;
    // Partial credit: each choice's share of a score of at most 1 (and at least 0).
    size_t keys = q.KeyIndexes().size();
    xml::Node& mapping = declaration.Append(E("mapping"));
    mapping.SetAttribute(A("lowerBound"), "0")
        .SetAttribute(A("upperBound"), "1")
        .SetAttribute(A("defaultValue"), "0");
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      char value[32];
      std::snprintf(value, sizeof value, "%.10g",
                    o.weight.value_or(DefaultCredit(q.type, o.correct, keys)) / 100);
      mapping.Append(E("mapEntry"))
          .SetAttribute(A("mapKey"), ids[i])
          .SetAttribute(A("mappedValue"), value);
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
      xml::Node* p = nullptr;
      for (xml::Node& n : *stem) {
        if (html && cleaner_.IsBlock(n)) {
          body.Append(std::move(n));
          p = nullptr;
        } else if (p != nullptr || n.is_element() || !IsBlank(n.text)) {
          if (p == nullptr) p = &body.Append(xml::Node::Element("p"));
          p->Append(std::move(n));
        }
      }
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
    for (const Option& o : q.options) {
      std::optional<EntryAnswer> answer = ParseEntryAnswer(o.text.value, numerical);
      if (!o.correct || !answer.has_value()) continue;
      std::string value = answer->value;  // a range's middle is a correct response
      if (!answer->low.empty()) {
        value = FormatNumber((*ParseNumber(answer->low) + *ParseNumber(answer->high)) / 2);
      }
      declaration.Append(E("correctResponse")).Append(E("value")).Append(xml::Node::Text(value));
      break;
    }
    bool has_feedback = !q.explanation.empty();
    for (const Option& o : q.options) has_feedback = has_feedback || !o.rationale.empty();
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
    xml::Node rp = EntryProcessing(q, numerical, has_feedback);
    if (!rp.children.empty()) item.Append(std::move(rp));
    std::vector<std::string> ids;
    for (size_t i = 0; i < q.options.size(); ++i) ids.push_back(DefaultChoiceId(i));
    return AppendModalFeedback(q, ids, html, item);
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
  xml::Node EntryProcessing(const Question& q, bool numerical, bool has_feedback) {
    xml::Node rp = E("responseProcessing");
    xml::Node condition = E("responseCondition");
    std::optional<size_t> otherwise;
    size_t keys = q.KeyIndexes().size();
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      std::optional<EntryAnswer> answer = ParseEntryAnswer(o.text.value, numerical);
      if (!answer.has_value()) {
        if (Trim(o.text.value).empty() && !otherwise.has_value()) {
          otherwise = i;
        } else {
          loss_.Drop("options (not a number in a numerical question)");
        }
        continue;
      }
      xml::Node& branch =
          condition.Append(E(condition.children.empty() ? "responseIf" : "responseElseIf"));
      branch.Append(EntryCondition(*answer, numerical));
      AppendBranchOutcomes(q, i, keys, branch);
    }
    if (otherwise.has_value() && !condition.children.empty()) {
      AppendBranchOutcomes(q, *otherwise, keys, condition.Append(E("responseElse")));
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

  // SCORE set to option i's credit and, when it has a rationale, FEEDBACK to its identifier.
  void AppendBranchOutcomes(const Question& q, size_t i, size_t keys, xml::Node& branch) const {
    const Option& o = q.options[i];
    char credit[32];
    std::snprintf(credit, sizeof credit, "%.10g",
                  o.weight.value_or(DefaultCredit(q.type, o.correct, keys)) / 100);
    xml::Node& score = branch.Append(E("setOutcomeValue"));
    score.SetAttribute("identifier", "SCORE");
    score.Append(E("baseValue"))
        .SetAttribute(A("baseType"), "float")
        .Append(xml::Node::Text(credit));
    if (o.rationale.empty()) return;
    xml::Node& feedback = branch.Append(E("setOutcomeValue"));
    feedback.SetAttribute("identifier", "FEEDBACK");
    feedback.Append(E("multiple"))
        .Append(E("baseValue"))
        .SetAttribute(A("baseType"), "identifier")
        .Append(xml::Node::Text(DefaultChoiceId(i)));
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
    std::vector<std::string> targets;
    for (const Option& o : q.options) {
      std::string m = MatchOf(o);
      if (std::find(targets.begin(), targets.end(), m) == targets.end()) targets.push_back(m);
      if (!o.rationale.empty()) loss_.Drop("options.rationale (matching pairs have none in QTI)");
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
          .Append(xml::Node::Text("S" + std::to_string(sources) + " T" + std::to_string(t + 1)));
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
      QBANK_RETURN_IF_ERROR(AppendAssociable(source_set, "S" + std::to_string(++s_index), "1",
                                             o.text.value, html, "options.text"));
    }
    for (size_t t = 0; t < targets.size(); ++t) {
      QBANK_RETURN_IF_ERROR(AppendAssociable(target_set, "T" + std::to_string(t + 1),
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
      if (q.options[i].rationale.empty()) continue;
      Result<xml::Node> f =
          ModalFeedback(ids[i], q.options[i].rationale.value, html, "options.rationale");
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
  if (q.tags.empty() && q.domain.empty() && q.markup == Markup::kPlain && carried.empty()) {
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
  if (!q.tags.empty()) {
    xml::Node& general = lom.Append(xml::Node::Element("general"));
    for (const Text& tag : q.tags) {
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
  if (!q.domain.empty()) {
    xml::Node& classification = lom.Append(xml::Node::Element("classification"));
    xml::Node& purpose = classification.Append(xml::Node::Element("purpose"));
    purpose.Append(xml::Node::Element("source")).Append(xml::Node::Text("LOMv1.0"));
    purpose.Append(xml::Node::Element("value")).Append(xml::Node::Text("discipline"));
    xml::Node& path = classification.Append(xml::Node::Element("taxonPath"));
    path.Append(xml::Node::Element("source")).Append(lang_string("qbank domain"));
    std::string_view domain = q.domain.value;
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

bool EndsWithZip(std::string_view path) {
  return path.size() >= 4 && AsciiEqualIgnoringCase(path.substr(path.size() - 4), ".zip");
}

// The root element's name in `content`, skipping the declaration, comments and DOCTYPE.
std::string_view FirstElementName(std::string_view content) {
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

}  // namespace

int QtiFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.starts_with("PK\x03\x04") || content.starts_with("PK\x05\x06")) {
    return version_ == Version::k21 ? 60 : 59;
  }
  std::string_view root = FirstElementName(content);
  if (root == "assessmentItem") return version_ == Version::k21 ? 95 : 85;
  if (root == "qti-assessment-item") return version_ == Version::k30 ? 95 : 85;
  if (root == "manifest") return 80;
  return 0;
}

bool QtiFormat::CanWriteBack(std::string_view /*path*/, std::string_view content) const {
  // A zip package is never written back: the exporter's package holds the items alone, under its
  // own paths and manifest, so the package's other files (images), its manifest, its item paths
  // and the comments in its members would be lost.
  if (content.starts_with("PK")) return false;
  std::string_view root = FirstElementName(content);
  return root == (version_ == Version::k21 ? "assessmentItem" : "qti-assessment-item");
}

Status QtiFormat::Import(const SourceText& source, ImportContext& ctx) const {
  std::string_view content = source.content();
  if (content.starts_with("PK")) {
    Result<zip::Archive> archive = zip::Archive::Open(content, source.path());
    if (!archive.ok()) return archive.status();
    ZipFiles files(source.path(), std::move(archive).value());
    std::optional<std::string> manifest_path = files.FindManifest();
    if (!manifest_path.has_value()) {
      return Status::InvalidInput(source.path() +
                                  ": the zip archive has no imsmanifest.xml at its root; expected "
                                  "a QTI content package");
    }
    Result<std::string> manifest = files.Read(*manifest_path);
    if (!manifest.ok()) return manifest.status();
    auto manifest_source = std::make_shared<const SourceText>(files.DisplayPath(*manifest_path),
                                                              std::move(manifest).value());
    uint32_t manifest_file = ctx.bank->AddSource(manifest_source);
    return ReadPackage(files, *manifest_path, *manifest_source, manifest_file, ctx);
  }
  if (FirstElementName(content) == "manifest") {
    if (ctx.fs == nullptr) {
      return Status::Usage("reading a manifest's items needs a file system").At(source.path());
    }
    std::string dir;
    if (size_t slash = source.path().rfind('/'); slash != std::string::npos) {
      dir = source.path().substr(0, slash);
    }
    FolderFiles files(*ctx.fs, dir);
    return ReadPackage(files, std::string(kManifestName), source, ctx.file, ctx);
  }
  Result<DecodedSource> decoded = DecodeXmlSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  return ReadItemInto(*decoded->text, decoded->file, ctx);
}

bool QtiFormat::ClaimsDirectory(const FileSystem& fs, const std::string& dir) const {
  std::string path = dir;
  if (!path.empty() && path.back() != '/') path += '/';
  return fs.Exists(path + std::string(kManifestName)) &&
         !fs.IsDirectory(path + std::string(kManifestName));
}

Status QtiFormat::ImportDirectory(const std::string& dir, ImportContext& ctx) const {
  if (ctx.fs == nullptr)
    return Status::Usage("reading a package folder needs a file system").At(dir);
  FolderFiles files(*ctx.fs, dir);
  Result<std::string> manifest = files.Read(std::string(kManifestName));
  if (!manifest.ok()) return manifest.status();
  auto source = std::make_shared<const SourceText>(files.DisplayPath(std::string(kManifestName)),
                                                   std::move(manifest).value());
  uint32_t manifest_file = ctx.bank->AddSource(source);
  return ReadPackage(files, std::string(kManifestName), *source, manifest_file, ctx);
}

namespace {

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
    std::string identifier = ToIdentifier(id_source);
    if (used.count(identifier) != 0) {
      std::string base = identifier;
      for (int n = 2; used.count(identifier) != 0; ++n) identifier = base + "-" + std::to_string(n);
    }
    used.insert(identifier);
    // QTI carries HTML, not Markdown: a draft's Markdown is rendered (cmark), the draft travels in
    // the manifest.
    LmsQuestion written = PrepareForLms(q, carrier, loss);
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

std::vector<UnkeptContent> QtiFormat::Unkept(const SourceText& source) const {
  // A zip package's members are sources of their own (each scanned when fmt asks); the
  // archive's bytes are not XML.
  if (source.content().starts_with("PK")) return {};
  return UnkeptXml(source.content());
}

}  // namespace qbank::formats
