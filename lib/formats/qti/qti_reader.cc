// The QTI 2.1 / 3.0 reader: items and content packages over the xml/ and zip/ doors. Items of
// both versions are read into one vocabulary (3.0's "qti-simple-choice" becomes 2.1's
// "simpleChoice", and its kebab-case attributes camelCase). Over 1,000 lines: ItemReader reads
// every interaction type of both versions, and splitting it would scatter one grammar.
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
#include "formats/media_files.h"
#include "formats/metadata_carrier.h"
#include "formats/package_files.h"
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
      option.weight = RoundedCredit(credit);
    }
    question.options.push_back(std::move(option));
    // The identifier its feedback would name; a branch that sets FEEDBACK names it itself.
    parts.choice_ids.push_back(StrCat({"\x01", std::to_string(question.options.size())}));
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
    parts.choice_ids.push_back(StrCat({"\x01", std::to_string(question.options.size())}));
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
    for (double& c : credit) c = RoundedCredit(c / scale * 100);
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
      model::SetIfHeld(question.options[i].rationale, ToText(parts.rationales[i], html));
      if (!question.options[i].text.span.known()) {
        question.options[i].text.span = question.options[i].span;
      }
    }
    question.explanation = ToText(parts.explanation, html);
  }

  // The type (from the cardinality and the option texts) and the weights that differ from the
  // type's default credit. A multiple-answer question's keys keep theirs whatever they are: one
  // without weights is scored all or nothing (the writers' match_correct), and a mapping that
  // shares the credit among the keys gives partial credit, which is not the same question.
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
      const bool partial_key = question.type == QuestionType::kMultipleAnswer && o.correct;
      if (partial_key ||
          std::fabs(parts.credit[i] - DefaultCredit(question.type, o.correct, keys)) > 0.001) {
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
      if (!domain.empty() && question.domain->empty()) {
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

Status QtiFormat::Import(const SourceText& source, ImportContext& ctx) const {
  std::string_view content = source.content();
  if (content.starts_with("PK")) {
    Result<zip::Archive> archive = zip::Archive::Open(content, source.path());
    if (!archive.ok()) return archive.status();
    ZipPackageFiles files(source.path(), std::move(archive).value());
    std::optional<std::string> manifest_path = files.FindManifest(kManifestName);
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
    FolderPackageFiles files(*ctx.fs, dir);
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
  FolderPackageFiles files(*ctx.fs, dir);
  Result<std::string> manifest = files.Read(std::string(kManifestName));
  if (!manifest.ok()) return manifest.status();
  auto source = std::make_shared<const SourceText>(files.DisplayPath(std::string(kManifestName)),
                                                   std::move(manifest).value());
  uint32_t manifest_file = ctx.bank->AddSource(source);
  return ReadPackage(files, std::string(kManifestName), *source, manifest_file, ctx);
}

std::vector<UnkeptContent> QtiFormat::Unkept(const SourceText& source) const {
  // A zip package's members are sources of their own (each scanned when fmt asks); the
  // archive's bytes are not XML.
  if (source.content().starts_with("PK")) return {};
  return UnkeptXml(source.content());
}

}  // namespace qbank::formats
