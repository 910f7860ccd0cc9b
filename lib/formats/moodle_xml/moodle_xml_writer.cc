// The Moodle XML writer over the xml/ door, with the loss report.
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/moodle_xml/moodle_xml_format.h"
#include "formats/moodle_xml/moodle_xml_syntax.h"
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using namespace moodle_xml_syntax;  // NOLINT(google-build-using-namespace)

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Text;
using model::Value;

std::string_view MoodleTypeOf(QuestionType type) {
  switch (type) {
    case QuestionType::kSingleAnswer:
    case QuestionType::kMultipleAnswer:
      return "multichoice";
    case QuestionType::kTrueFalse:
      return "truefalse";
    case QuestionType::kShortAnswer:
      return "shortanswer";
    case QuestionType::kNumerical:
      return "numerical";
    case QuestionType::kMatching:
      return "matching";
    case QuestionType::kEssay:
      return "essay";
    case QuestionType::kDescription:
      return "description";
    case QuestionType::kOther:
      break;
  }
  return "";
}

std::string_view FormatOfMarkup(Markup markup) {
  switch (markup) {
    case Markup::kHtml:
      return "html";
    case Markup::kMarkdown:
      return "markdown";
    case Markup::kPlain:
      break;
  }
  return "plain_text";
}

// ---------------------------------------------------------------------------------------------
// Export

// A <text> element: CDATA when the text holds markup or characters XML would escape. Written
// without white space at its ends, which Moodle's import trims and so does the reader (GIFT
// reads an escaped line break alone, "\n", as a question's whole text: written as a line break,
// it came back empty and the next export differed; round_trip_fuzz).
xml::Node TextElement(const std::string& value) {
  xml::Node text = xml::Node::Element("text");
  std::string_view trimmed = Trim(value);
  if (trimmed.find_first_of("<>&") != std::string::npos) {
    text.Append(xml::Node::CData(std::string(trimmed)));
  } else if (!trimmed.empty()) {
    text.Append(xml::Node::Text(std::string(trimmed)));
  }
  return text;
}

xml::Node Holder(std::string name, const std::string& value) {
  xml::Node holder = xml::Node::Element(std::move(name));
  holder.Append(TextElement(value));
  return holder;
}

const Value* Find(const Value& extensions, std::string_view key) {
  const Value* ext = extensions.Find(std::string(kExtensionKey));
  return ext != nullptr ? ext->Find(std::string(key)) : nullptr;
}

std::string StringOr(const Value& extensions, std::string_view key, std::string_view fallback) {
  const Value* v = Find(extensions, key);
  return v != nullptr && v->is_string() ? v->as_string() : std::string(fallback);
}

// Splits a numerical option "value:tolerance" or "min..max" (GIFT's notations) into the answer
// and its tolerance; any other text stays whole with no tolerance.
void SplitNumericalAnswer(std::string& text, std::string& tolerance) {
  std::optional<model::NumericalAnswer> answer = model::ParseNumericalAnswer(text);
  if (!answer.has_value() || answer->kind == model::NumericalAnswer::Kind::kValue) return;
  if (answer->kind == model::NumericalAnswer::Kind::kRange) {
    if (answer->first_value > answer->second_value) return;
    char mid[32];
    char half[32];
    std::snprintf(mid, sizeof mid, "%.15g", (answer->first_value + answer->second_value) / 2);
    std::snprintf(half, sizeof half, "%.15g", (answer->second_value - answer->first_value) / 2);
    text = mid;
    tolerance = half;
    return;
  }
  tolerance = answer->second_value == 0 ? std::string() : std::string(answer->second);
  text = std::string(answer->first);
}

class Writer {
 public:
  Writer(const model::Bank& bank, LossReport& loss) : bank_(bank), loss_(loss) {}

  Result<std::string> Run() {
    xml::WriteOptions options;
    options.expand_empty = true;  // <text></text>, as Moodle writes it
    // Question by question, so a large bank never becomes one XML tree.
    xml::StreamWriter quiz(xml::Node::Element("quiz"), options);
    FieldSet held = {"id",
                     "domain",
                     "stem",
                     "explanation",
                     "tags",
                     "markup",
                     "options.rationale",
                     "options.weight",
                     "extensions." + std::string(kExtensionKey),
                     "options.extensions." + std::string(kExtensionKey)};
    held.insert(CarriedMetadataFields().begin(), CarriedMetadataFields().end());
    held.insert("extensions");  // other formats' extensions too
    ReportBankLoss(bank_, {}, loss_);
    // The category written last: a question starts a category element only where its category
    // differs, compared as written (two domains can name one category, "" and GIFT's "$course$":
    // compared as domains, a second element came back merged into the first, and the next
    // export differed; round_trip_fuzz).
    std::optional<std::string> category_path;
    for (size_t i = 0; i < bank_.questions.size(); ++i) {
      const Question& q = bank_.questions[i];
      LossReport::QuestionScope scope(loss_, q);
      if (q.type == QuestionType::kOther && Find(q.extensions, "extra") == nullptr &&
          Find(q.extensions, "type") == nullptr) {
        loss_.Drop("questions (" + std::string(model::QuestionTypeName(q.type)) +
                   " without Moodle XML data)");
        continue;
      }
      if (std::string path = CategoryOfDomain(q.domain->value); category_path != path) {
        category_path = path;
        xml::Node category = xml::Node::Element("question");
        category.SetAttribute("type", "category");
        category.Append(Holder("category", path));
        if (Status writable = xml::CheckWritable(category); !writable.ok()) {
          return Fail(q, i, writable.ToString());
        }
        quiz.Append(category);
      }
      ReportQuestionLoss(WithoutSharedExtensions(q, true, true, true), held, loss_);
      Result<xml::Node> node = WriteAsMoodleShowsIt(q, i);
      if (!node.ok()) return node.status();
      if (Status writable = xml::CheckWritable(*node); !writable.ok()) {
        return Fail(q, i, writable.ToString());
      }
      quiz.Append(*node);
    }
    return quiz.Finish();
  }

 private:
  Status Fail(const Question& q, size_t index, const std::string& what) const {
    return Status::InvalidInput("question " + std::to_string(index + 1) +
                                (q.id.empty() ? "" : " (" + q.id.value + ")") + ": " + what);
  }

  // Appends the elements serialized in extensions[key] (an array of strings) to `to`, except
  // elements named `written`, which the writer has written itself (a <single> kept from a
  // truefalse question written as multichoice): those are left out and reported.
  Status AppendStored(const Question& q, size_t index, const Value& extensions,
                      std::string_view key, xml::Node& to, std::string_view written = {}) const {
    const Value* stored = Find(extensions, key);
    if (stored == nullptr || !stored->is_array()) return Status::Ok();
    for (const Value& item : stored->as_array()) {
      if (!item.is_string()) continue;
      Result<std::vector<xml::Node>> nodes = xml::ParseFragment(item.as_string(), "extension");
      if (!nodes.ok()) {
        return Fail(q, index,
                    "extensions." + std::string(kExtensionKey) + "." + std::string(key) +
                        " is not well-formed XML: " + nodes.status().ToString());
      }
      for (xml::Node& n : *nodes) {
        if (!n.is_element()) continue;
        if (!written.empty() && n.name == written) {
          loss_.Drop("extensions." + std::string(kExtensionKey) + "." + std::string(key) + ": <" +
                     n.name + "> (written by qbank for the question's type)");
          continue;
        }
        to.Append(std::move(n));
      }
    }
    return Status::Ok();
  }

  // A draft's Markdown reaches Moodle as the HTML it means (rendered by cmark); the draft
  // travels in <qbank_metadata>. Moodle's own markdown stays as it is.
  Result<xml::Node> WriteAsMoodleShowsIt(const Question& q, size_t index) {
    std::string type = StringOr(q.extensions, "type", MoodleTypeOf(q.type));
    const bool no_gap = !ReadsAnswers(type);
    if (!TextAfterGap(q).empty() &&
        (no_gap || (q.markup != Markup::kMarkdown && !GapReadsBackApart(q)))) {
      // A question without answers has no gap to read back (GIFT's "{}" in the middle of an
      // essay), and HTML halves that do not stand alone are not split again: the text after it
      // joins the question text here, once, so a second trip writes the same file rather than
      // the text after the gap again.
      Question joined =
          WithGapJoined(q,
                        no_gap ? "Moodle's " + type + " question has no gap"
                               : std::string("the text around the gap does not read back apart"),
                        loss_);
      LmsQuestion written = PrepareForLms(joined, Carrier(), loss_);
      return WriteQuestion(written.shown, written.metadata, index);
    }
    LmsQuestion written = PrepareForLms(q, Carrier(), loss_);
    return WriteQuestion(written.shown, written.metadata, index);
  }

  // `metadata`: what <qbank_metadata> holds ("" for none).
  Result<xml::Node> WriteQuestion(const Question& q, const std::string& metadata, size_t index) {
    std::string type = StringOr(q.extensions, "type", MoodleTypeOf(q.type));
    bool as_truefalse = q.type == QuestionType::kTrueFalse;
    if (as_truefalse) {
      // Moodle's truefalse holds exactly the answers "true" and "false".
      std::set<std::string> texts;
      for (const Option& o : q.options) {
        std::string t = o.text.value;
        for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        texts.insert(t);
      }
      if (q.options.size() != 2 || texts != std::set<std::string>{"true", "false"}) {
        as_truefalse = false;
        type = "multichoice";
        loss_.Drop("type (true-false written as multichoice)");
      }
    }
    std::string format = StringOr(q.extensions, "questiontext_format", FormatOfMarkup(q.markup));
    xml::Node node = xml::Node::Element("question");
    node.SetAttribute("type", type);
    // A GIFT title is what Moodle calls the name.
    // The name is the question's title (docs/formats/README.md, ids and titles).
    std::string name = TitleToWrite(q);
    if (name.empty()) name = q.id.empty() ? model::DeriveQuestionId(q) : q.id.value;
    node.Append(Holder("name", name));
    std::string after = TextAfterGap(q);
    std::string stem = after.empty() ? q.stem.value : JoinAtGap(q.stem.value, kGapMarker, after);
    xml::Node& text = node.Append(Holder("questiontext", stem));
    text.SetAttribute("format", format);
    QBANK_RETURN_IF_ERROR(AppendStored(q, index, q.extensions, "questiontext_files", text));
    xml::Node& feedback = node.Append(Holder("generalfeedback", q.explanation.value));
    feedback.SetAttribute("format", StringOr(q.extensions, "generalfeedback_format", format));
    QBANK_RETURN_IF_ERROR(AppendStored(q, index, q.extensions, "generalfeedback_files", feedback));
    // A name that is the id says it already, unless an earlier question has that id: a reader
    // takes a name as the id only once (AdoptTitleAsId).
    bool repeated = !q.id.empty() && !written_ids_.insert(q.id.value).second;
    if (!q.id.empty() && (q.id.value != name || repeated)) {
      xml::Node& id = node.Append(xml::Node::Element("idnumber"));
      id.Append(xml::Node::Text(q.id.value));
    }
    if (type == "multichoice") {
      xml::Node& single = node.Append(xml::Node::Element("single"));
      single.Append(xml::Node::Text(q.type == QuestionType::kMultipleAnswer ? "false" : "true"));
    }
    if (const Value* shuffle = Find(q.extensions, "shuffleanswers");
        shuffle != nullptr && shuffle->is_bool()) {
      xml::Node& s = node.Append(xml::Node::Element("shuffleanswers"));
      s.Append(xml::Node::Text(shuffle->as_bool() ? "true" : "false"));
    }
    if (ReadsAnswers(type)) {
      size_t keys = q.KeyIndexes().size();
      for (const Option& o : q.options) {
        Result<xml::Node> answer = WriteAnswer(q, index, o, type, format, as_truefalse, keys);
        if (!answer.ok()) return answer.status();
        node.Append(std::move(answer).value());
      }
    } else if (type == "matching") {
      for (const Option& o : q.options) {
        xml::Node& sub = node.Append(Holder("subquestion", o.text.value));
        sub.SetAttribute("format", StringOr(o.extensions, "format", format));
        sub.Append(xml::Node::Element("answer")).Append(TextElement(MatchOf(o)));
        QBANK_RETURN_IF_ERROR(AppendStored(q, index, o.extensions, "extra", sub));
        if (!o.rationale->empty()) loss_.Drop("options.rationale (matching pairs have none)");
        if (o.weight) loss_.Drop("options.weight (matching pairs have none)");
      }
    } else if (!q.options.empty()) {
      loss_.Drop("options (" + type + " questions hold no answers in Moodle XML)",
                 q.options.size());
    }
    QBANK_RETURN_IF_ERROR(
        AppendStored(q, index, q.extensions, "extra", node, type == "multichoice" ? "single" : ""));
    if (!q.tags.empty()) {
      xml::Node& tags = node.Append(xml::Node::Element("tags"));
      for (const Text& t : q.tags) tags.Append(Holder("tag", t.value));
    }
    // Trap, authors, review, exam, origin, ...: an element Moodle's import does not read.
    if (!metadata.empty()) {
      node.Append(Holder("qbank_metadata", metadata)).SetAttribute("format", "json");
    }
    return node;
  }

  // One option as an <answer> with its fraction, text, feedback and stored parts.
  Result<xml::Node> WriteAnswer(const Question& q, size_t index, const Option& o,
                                const std::string& type, const std::string& format,
                                bool as_truefalse, size_t keys) {
    double percent = o.weight.value_or(DefaultFraction(q.type, o.correct, keys));
    std::optional<std::string> fraction = MoodleFraction(percent);
    if (!fraction.has_value()) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g", percent);
      return Fail(q, index,
                  std::string("option grade ") + buf +
                      "% is not one of Moodle's accepted fractions (100, 90, 83.33333, 80, "
                      "75, ...); expected a weight from that list");
    }
    xml::Node answer = xml::Node::Element("answer");
    std::string answer_format = StringOr(o.extensions, "format", format);
    answer.SetAttribute("fraction", *fraction).SetAttribute("format", answer_format);
    std::string answer_text = o.text.value;
    std::string tolerance;
    if (as_truefalse) {
      for (char& c : answer_text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (type == "numerical") {
      SplitNumericalAnswer(answer_text, tolerance);
    }
    answer.Append(TextElement(answer_text));
    if (!tolerance.empty())
      answer.Append(xml::Node::Element("tolerance")).Append(xml::Node::Text(tolerance));
    QBANK_RETURN_IF_ERROR(AppendStored(q, index, o.extensions, "files", answer));
    xml::Node& fb = answer.Append(Holder("feedback", o.rationale->value));
    fb.SetAttribute("format", StringOr(o.extensions, "feedback_format", answer_format));
    QBANK_RETURN_IF_ERROR(AppendStored(q, index, o.extensions, "feedback_files", fb));
    QBANK_RETURN_IF_ERROR(AppendStored(q, index, o.extensions, "extra", answer));
    return answer;
  }

  const model::Bank& bank_;
  LossReport& loss_;
  std::unordered_set<std::string> written_ids_;  // the ids of the questions written so far
};
}  // namespace

Result<std::string> MoodleXmlFormat::Export(const model::Bank& bank,
                                            const ExportOptions& /*options*/,
                                            LossReport& loss) const {
  Writer writer(bank, loss);
  return writer.Run();
}

}  // namespace qbank::formats
