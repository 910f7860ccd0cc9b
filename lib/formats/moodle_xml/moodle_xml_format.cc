// Moodle XML import and export over the xml/ door.
#include "formats/moodle_xml/moodle_xml_format.h"

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
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Text;
using model::Value;

// The key under which Moodle-specific data travels in Question/Option::extensions.
constexpr std::string_view kExtensionKey = "moodle_xml";

// <qbank_metadata>: a Markdown draft is written format="html" (Moodle's own markdown stays as it
// is) with the draft in it; a numerical answer's notation ("1:0", "10..12") travels too, since
// Moodle holds a value and a tolerance.
const LmsCarrier& Carrier() {
  static const LmsCarrier kCarrier = [] {
    LmsCarrier c;
    c.own_extension = kExtensionKey;
    c.value_tolerance_numbers = true;
    c.keeps_moodle_markdown = true;
    return c;
  }();
  return kCarrier;
}

// Moodle's accepted answer grades in percent (question_bank::fraction_options_full), and their
// negatives.
constexpr std::array<std::string_view, 21> kFractions = {
    "100",      "90",       "83.33333", "80",       "75", "70", "66.66667",
    "60",       "50",       "40",       "33.33333", "30", "25", "20",
    "16.66667", "14.28571", "12.5",     "11.11111", "10", "5",  "0"};
constexpr double kFractionTolerance = 0.001;  // percentage points; Moodle allows 0.00001 of 1

std::optional<double> ParseNumber(std::string_view s) {
  s = Trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<bool> ParseBool(std::string_view s) {
  std::string v(Trim(s));
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  return std::nullopt;
}

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

// Types whose <answer> elements become options.
bool ReadsAnswers(std::string_view moodle_type) {
  return moodle_type == "multichoice" || moodle_type == "multichoiceset" ||
         moodle_type == "truefalse" || moodle_type == "shortanswer" || moodle_type == "numerical";
}

std::optional<Markup> MarkupOfFormat(std::string_view format) {
  if (format == "html") return Markup::kHtml;
  if (format == "markdown") return Markup::kMarkdown;
  if (format == "plain_text" || format == "moodle_auto_format") return Markup::kPlain;
  return std::nullopt;
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

// The text a grade-less question would give an option: 100 for a key (shared equally among the
// keys of a multiple-answer question), 0 otherwise.
double DefaultFraction(QuestionType type, bool correct, size_t key_count) {
  if (!correct) return 0;
  if (type == QuestionType::kMultipleAnswer && key_count > 0) {
    return 100.0 / static_cast<double>(key_count);
  }
  return 100;
}

// ---------------------------------------------------------------------------------------------
// Import

class Reader {
 public:
  Reader(const SourceText& source, uint32_t file, ImportContext& ctx)
      : source_(source), file_(file), ctx_(ctx) {}

  Status Run() {
    used_ids_ = UsedIds(*ctx_.bank);
    Result<xml::Node> root = xml::Parse(source_);
    if (!root.ok()) return root.status();
    if (root->LocalName() != "quiz") {
      return Error(*root, "the root element is <" + root->name +
                              ">; expected <quiz> (a Moodle XML question file)");
    }
    for (const xml::Node* child : root->ChildElements()) {
      if (child->LocalName() != "question") {
        Report(*child, "unexpected <" + child->name + "> in <quiz>; expected <question>");
        continue;
      }
      const std::string* type = child->FindAttribute("type");
      if (type == nullptr || type->empty()) {
        Report(*child,
               "<question> has no type attribute; expected type=\"multichoice\" or "
               "another Moodle question type");
        continue;
      }
      if (*type == "category") {
        ReadCategory(*child);
        continue;
      }
      Question question;
      Status status = ReadQuestion(*child, *type, question);
      if (!status.ok()) {
        if (ctx_.errors == nullptr) return status;
        ctx_.AddError(status);
        continue;
      }
      WarnOfSaveProblems(*child, question);
      ctx_.bank->questions.push_back(std::move(question));
    }
    return Status::Ok();
  }

 private:
  Status Error(const xml::Node& at, const std::string& message) const {
    return source_.ErrorAt(Offset(at), message);
  }
  void Report(const xml::Node& at, const std::string& message) const {
    ctx_.AddError(source_, Offset(at), message);
  }
  size_t Offset(const xml::Node& n) const {
    return n.offset == xml::Node::kNoOffset ? 0 : n.offset;
  }

  SourceSpan ElementSpan(const xml::Node& n) const {
    size_t b = Offset(n);
    return source_.SpanOf(b, b + 1 + n.name.size(), file_);
  }

  // The text of element `text` (a <text> or the element itself), trimmed, with its span.
  Text TextOf(const xml::Node& text) const {
    Text out;
    std::string raw;
    const xml::Node* first = text.children.empty() ? nullptr : &text.children.front();
    if (text.HasChildElements()) {
      raw = xml::WriteFragment(text.children);  // unescaped markup: keep it as markup
    } else {
      raw = text.TextContent();
    }
    size_t lead = 0;
    lead = CountLeadingBlanks(raw);
    out.value = std::string(Trim(raw));
    bool verbatim = first != nullptr && text.children.size() == 1 && first->verbatim;
    if (first != nullptr && first->offset != xml::Node::kNoOffset) {
      size_t b = first->offset + (verbatim ? lead : 0);
      out.span = source_.SpanOf(b, verbatim ? b + out.value.size() : b, file_);
      out.verbatim = verbatim;
    } else {
      out.span = ElementSpan(text);
    }
    return out;
  }

  // The <text> child of `holder` (<name>, <questiontext>, <feedback>, <tag>, ...).
  Text ReadText(const xml::Node& holder) const {
    const xml::Node* text = holder.FirstChild("text");
    if (text == nullptr) {
      Text empty;
      empty.span = ElementSpan(holder);
      return empty;
    }
    return TextOf(*text);
  }

  static Value Serialized(const xml::Node& n) { return Value(xml::WriteFragment({n})); }

  // The <file> children of `holder`, serialized, or null when there are none.
  static Value Files(const xml::Node& holder) {
    Value::Array files;
    for (const xml::Node* f : holder.ChildElements("file")) files.push_back(Serialized(*f));
    return files.empty() ? Value() : Value(std::move(files));
  }

  void ReadCategory(const xml::Node& question) {
    const xml::Node* category = question.FirstChild("category");
    if (category == nullptr) {
      // Moodle warns and goes on in the category it was in.
      ctx_.AddWarning(source_, Offset(question),
                      "category question without <category> skipped (the questions after it stay "
                      "in the category before it, as in Moodle); expected "
                      "<category><text>$course$/top/...</text></category>");
      return;
    }
    Text path = ReadText(*category);
    std::string p = DomainOfCategory(path.value);
    domain_ = path;
    domain_.value = std::move(p);
    domain_.verbatim = false;
  }

  // true, false, 1 or 0; an empty element reads as false, as Moodle reads it.
  Status ReadBool(const xml::Node& element, bool& out) const {
    if (Trim(element.TextContent()).empty()) {
      out = false;
      return Status::Ok();
    }
    std::optional<bool> b = ParseBool(element.TextContent());
    if (!b.has_value()) {
      return Error(element, "<" + element.name + "> holds '" +
                                std::string(Trim(element.TextContent())) +
                                "'; expected true, false, 1 or 0");
    }
    out = *b;
    return Status::Ok();
  }

  Status ReadQuestion(const xml::Node& q, const std::string& moodle_type, Question& question) {
    Value ext;
    question.span = ElementSpan(q);
    question.domain = domain_;
    SetType(moodle_type, question, ext);
    bool reads_answers = ReadsAnswers(moodle_type);
    std::string question_format = "html";
    std::optional<std::string> feedback_format;
    Text name;
    Value::Array extra;
    std::vector<const xml::Node*> answers;
    Question carried_texts;  // in <qbank_metadata>: a Markdown draft's texts, numbers' notation
    for (const xml::Node* child : q.ChildElements()) {
      std::string_view tag = child->LocalName();
      if (tag == "name") {
        name = ReadText(*child);
      } else if (tag == "questiontext") {
        question_format = ReadQuestionText(*child, question, ext);
      } else if (tag == "generalfeedback") {
        question.explanation = ReadText(*child);
        if (const std::string* f = child->FindAttribute("format")) feedback_format = *f;
        Value files = Files(*child);
        if (!files.is_null()) ext["generalfeedback_files"] = files;
      } else if (tag == "idnumber") {
        question.id = TextOf(*child);
      } else if (tag == "qbank_metadata") {
        QBANK_RETURN_IF_ERROR(ReadMetadata(*child, question, carried_texts));
      } else if (tag == "tags") {
        for (const xml::Node* t : child->ChildElements("tag")) {
          Text tag_text = ReadText(*t);
          if (!tag_text.empty()) question.tags.push_back(std::move(tag_text));
        }
      } else if (tag == "single" && moodle_type == "multichoice") {
        bool single = true;
        QBANK_RETURN_IF_ERROR(ReadBool(*child, single));
        if (Trim(child->TextContent()).empty()) {
          ctx_.AddWarning(source_, Offset(*child),
                          "empty <single>: read as false (several answers may be right), as "
                          "Moodle reads it");
        }
        question.type = single ? QuestionType::kSingleAnswer : QuestionType::kMultipleAnswer;
      } else if (tag == "shuffleanswers") {
        bool shuffle = false;
        QBANK_RETURN_IF_ERROR(ReadBool(*child, shuffle));
        ext["shuffleanswers"] = shuffle;
      } else if (tag == "answer" && reads_answers) {
        answers.push_back(child);
      } else if (tag == "subquestion" && moodle_type == "matching") {
        question.options.push_back(ReadSubquestion(*child, question_format));
      } else {
        extra.push_back(Serialized(*child));
      }
    }
    // The feedback format is kept only where it differs from the question text's.
    if (feedback_format.has_value() && *feedback_format != question_format) {
      ext["generalfeedback_format"] = *feedback_format;
    }
    // Without an <idnumber> the name is the id (docs/formats/README.md, ids and titles).
    AdoptTitleAsId(question, name.value, used_ids_);
    if (!name.empty() && name.value != question.id.value) ext["name"] = name.value;
    if (!extra.empty()) ext["extra"] = std::move(extra);

    if (reads_answers) {
      QBANK_RETURN_IF_ERROR(ReadAnswers(answers, moodle_type, question_format, question));
    }
    if (ext.is_object()) question.extensions[std::string(kExtensionKey)] = std::move(ext);
    ReadGap(moodle_type, question);
    // The draft again, where the HTML is still what it renders to; numerical answers in the
    // notation they were written in, where they still mean the same.
    FinishCarried(carried_texts, Carrier().html, question);
    return Status::Ok();
  }

  // <questiontext format="...">: the stem and its markup; returns the format.
  std::string ReadQuestionText(const xml::Node& text, Question& question, Value& ext) const {
    std::string format = text.AttributeOr("format", "html");
    std::optional<Markup> markup = MarkupOfFormat(format);
    // Moodle's own markdown is kept apart from a draft's (IsMoodleMarkdown).
    if (!markup.has_value() || format == "moodle_auto_format" || format == "markdown") {
      ext["questiontext_format"] = format;
    }
    question.markup = markup.value_or(Markup::kPlain);
    question.stem = ReadText(text);
    Value files = Files(text);
    if (!files.is_null()) ext["questiontext_files"] = files;
    return format;
  }

  // <qbank_metadata>: the carried fields applied, the texts it carries kept for the end.
  Status ReadMetadata(const xml::Node& element, Question& question, Question& carried_texts) const {
    Text metadata = ReadText(element);
    Status applied = ApplyMetadataJson(metadata.value, source_.path(), question, &carried_texts);
    if (applied.ok()) return applied;
    return Error(element, "<qbank_metadata> is not the metadata qbank writes (" +
                              applied.message() + "); expected a bank file of one question");
  }

  // A matching pair: <subquestion><text>item</text><answer><text>match</text></answer>.
  Option ReadSubquestion(const xml::Node& sub, const std::string& question_format) const {
    Option option;
    option.span = ElementSpan(sub);
    option.text = ReadText(sub);
    if (const xml::Node* answer = sub.FirstChild("answer"))
      SetMatch(option, ReadText(*answer).value);
    Value ext;
    std::string format = sub.AttributeOr("format", question_format);
    if (format != question_format) ext["format"] = format;
    Value::Array extra;
    for (const xml::Node* child : sub.ChildElements()) {
      if (child->LocalName() != "text" && child->LocalName() != "answer") {
        extra.push_back(Serialized(*child));
      }
    }
    if (!extra.empty()) ext["extra"] = std::move(extra);
    if (ext.is_object()) option.extensions[std::string(kExtensionKey)] = std::move(ext);
    return option;
  }

  // A missing-word question as Moodle's GIFT import makes it: "_____" where the answers go, with
  // text after it. The stem keeps the text before the gap; the text after travels with it. HTML
  // is split only where both halves stand as HTML of their own (not inside an element).
  static void ReadGap(const std::string& moodle_type, Question& question) {
    if (!ReadsAnswers(moodle_type)) return;
    std::string before;
    std::string after;
    if (!SplitAtGap(question.stem.value, before, after)) return;
    if (question.markup == Markup::kHtml &&
        (!xml::ParseFragment(before).ok() || !xml::ParseFragment(after).ok())) {
      return;
    }
    question.stem.value = std::move(before);
    SetTextAfterGap(question, std::move(after));
  }

  // The question type for Moodle's type name; a name the model does not tell apart from another
  // is kept in ext["type"].
  static void SetType(const std::string& moodle_type, Question& question, Value& ext) {
    if (moodle_type == "multichoice") {
      question.type = QuestionType::kSingleAnswer;
    } else if (moodle_type == "multichoiceset") {
      question.type = QuestionType::kMultipleAnswer;
      ext["type"] = moodle_type;
    } else if (moodle_type == "truefalse") {
      question.type = QuestionType::kTrueFalse;
    } else if (moodle_type == "shortanswer") {
      question.type = QuestionType::kShortAnswer;
    } else if (moodle_type == "numerical") {
      question.type = QuestionType::kNumerical;
    } else if (moodle_type == "matching") {
      question.type = QuestionType::kMatching;
    } else if (moodle_type == "essay") {
      question.type = QuestionType::kEssay;
    } else if (moodle_type == "description") {
      question.type = QuestionType::kDescription;
    } else {
      question.type = QuestionType::kOther;
      ext["type"] = moodle_type;
    }
  }

  // Moodle imports a question its editor would refuse to save: the file is read, with a warning.
  void WarnOfSaveProblems(const xml::Node& element, const Question& question) {
    for (const std::string& problem : MoodleSaveProblems(question)) {
      ctx_.AddWarning(source_, Offset(element), problem);
    }
  }

  // The <answer> elements as options, with a weight where the fraction differs from the type's
  // default credit.
  Status ReadAnswers(const std::vector<const xml::Node*>& answers, const std::string& moodle_type,
                     const std::string& question_format, Question& question) {
    std::vector<double> fractions;
    for (const xml::Node* a : answers) {
      Option option;
      QBANK_RETURN_IF_ERROR(ReadAnswer(*a, moodle_type, question_format, option, fractions));
      question.options.push_back(std::move(option));
    }
    // A single-answer question's key is its full-credit answer (what Moodle requires of one);
    // partial credit on another answer is a weight, as GIFT's "~%50%" is.
    bool full_credit = std::any_of(fractions.begin(), fractions.end(),
                                   [](double f) { return f >= 100 - kFractionTolerance; });
    if (question.type == QuestionType::kSingleAnswer && full_credit) {
      for (size_t i = 0; i < question.options.size(); ++i) {
        question.options[i].correct = fractions[i] >= 100 - kFractionTolerance;
      }
    }
    size_t keys = question.KeyIndexes().size();
    for (size_t i = 0; i < question.options.size(); ++i) {
      Option& option = question.options[i];
      double expected = DefaultFraction(question.type, option.correct, keys);
      if (std::fabs(fractions[i] - expected) > kFractionTolerance) option.weight = fractions[i];
    }
    return Status::Ok();
  }

  Status ReadAnswer(const xml::Node& a, const std::string& moodle_type,
                    const std::string& question_format, Option& option,
                    std::vector<double>& fractions) {
    option.span = ElementSpan(a);
    option.correct_span = option.span;
    std::string fraction_text = a.AttributeOr("fraction", "0");
    std::optional<double> fraction = ParseNumber(fraction_text);
    std::optional<std::string> accepted;
    if (fraction.has_value()) accepted = MoodleFraction(*fraction);
    if (!accepted.has_value()) {
      std::string list;
      for (std::string_view f : kFractions) list += (list.empty() ? "" : ", ") + std::string(f);
      return Error(a, "answer fraction '" + fraction_text +
                          "' is not one of Moodle's accepted grades; expected one of " + list +
                          " (or its negative)");
    }
    fractions.push_back(*fraction);
    option.correct = *fraction > 0;
    Value ext;
    std::string format = a.AttributeOr("format", question_format);
    if (format != question_format) ext["format"] = format;
    Value::Array extra;
    bool has_text = false;
    std::string tolerance;
    for (const xml::Node* child : a.ChildElements()) {
      std::string_view tag = child->LocalName();
      if (tag == "tolerance" && moodle_type == "numerical") {
        tolerance = std::string(Trim(child->TextContent()));
        if (tolerance.empty()) tolerance = "0";  // Moodle's default for an empty element
        std::optional<double> t = ParseNumber(tolerance);
        if (!t.has_value() || *t < 0) {
          return Error(*child, "tolerance '" + tolerance + "'; expected a number, 0 or more");
        }
        if (*t == 0) tolerance.clear();
      } else if (tag == "text" && !has_text) {
        option.text = TextOf(*child);
        has_text = true;
      } else if (tag == "feedback") {
        option.rationale = ReadText(*child);
        std::string feedback_format = child->AttributeOr("format", question_format);
        if (feedback_format != format) ext["feedback_format"] = feedback_format;
        Value files = Files(*child);
        if (!files.is_null()) ext["feedback_files"] = files;
      } else if (tag == "file") {
        ext["files"].mutable_array().push_back(Serialized(*child));
      } else {
        extra.push_back(Serialized(*child));
      }
    }
    if (!has_text) option.text.span = option.span;
    if (!tolerance.empty()) {
      // A numerical answer reads "value:tolerance", as in GIFT.
      option.text.value += ":" + tolerance;
      option.text.verbatim = false;
    }
    if (moodle_type == "truefalse") {
      // Moodle's answer keys "true"/"false" as the words a learner sees.
      if (option.text.value == "true") option.text.value = "True";
      if (option.text.value == "false") option.text.value = "False";
    }
    if (!extra.empty()) ext["extra"] = std::move(extra);
    if (ext.is_object()) option.extensions[std::string(kExtensionKey)] = std::move(ext);
    return Status::Ok();
  }

  const SourceText& source_;
  uint32_t file_;
  ImportContext& ctx_;
  Text domain_;
  std::unordered_set<std::string> used_ids_;  // the bank's ids, a name is not taken twice
};

// ---------------------------------------------------------------------------------------------
// Export

// A <text> element: CDATA when the text holds markup or characters XML would escape.
xml::Node TextElement(const std::string& value) {
  xml::Node text = xml::Node::Element("text");
  if (value.find_first_of("<>&") != std::string::npos) {
    text.Append(xml::Node::CData(value));
  } else if (!value.empty()) {
    text.Append(xml::Node::Text(value));
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
    std::optional<std::string> domain;
    for (size_t i = 0; i < bank_.questions.size(); ++i) {
      const Question& q = bank_.questions[i];
      LossReport::QuestionScope scope(loss_, q);
      if (q.type == QuestionType::kOther && Find(q.extensions, "extra") == nullptr &&
          Find(q.extensions, "type") == nullptr) {
        loss_.Drop("questions (" + std::string(model::QuestionTypeName(q.type)) +
                   " without Moodle XML data)");
        continue;
      }
      if (!domain.has_value() || *domain != q.domain.value) {
        domain = q.domain.value;
        xml::Node category = xml::Node::Element("question");
        category.SetAttribute("type", "category");
        category.Append(Holder("category", CategoryOfDomain(q.domain.value)));
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
        if (!o.rationale.empty()) loss_.Drop("options.rationale (matching pairs have none)");
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
    xml::Node& fb = answer.Append(Holder("feedback", o.rationale.value));
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

std::optional<std::string> MoodleFraction(double percent) {
  for (std::string_view f : kFractions) {
    double v = *ParseNumber(f);
    if (std::fabs(percent - v) <= kFractionTolerance) return std::string(f);
    if (v != 0 && std::fabs(percent + v) <= kFractionTolerance) return "-" + std::string(f);
  }
  return std::nullopt;
}

int MoodleXmlFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  // The first element (after the declaration, comments and white space) is <quiz>.
  size_t pos = 0;
  while (pos < content.size()) {
    pos = content.find('<', pos);
    if (pos == std::string_view::npos) return 0;
    std::string_view rest = content.substr(pos);
    if (rest.starts_with("<?") || rest.starts_with("<!")) {
      pos += 2;
      continue;
    }
    return rest.starts_with("<quiz") && rest.size() > 5 &&
                   (rest[5] == '>' || rest[5] == ' ' || rest[5] == '\n' || rest[5] == '\r' ||
                    rest[5] == '\t' || rest[5] == '/')
               ? 90
               : 0;
  }
  return 0;
}

Status MoodleXmlFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<DecodedSource> decoded = DecodeXmlSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  Reader reader(*decoded->text, decoded->file, ctx);
  return reader.Run();
}

Result<std::string> MoodleXmlFormat::Export(const model::Bank& bank,
                                            const ExportOptions& /*options*/,
                                            LossReport& loss) const {
  Writer writer(bank, loss);
  return writer.Run();
}

std::vector<UnkeptContent> MoodleXmlFormat::Unkept(const SourceText& source) const {
  return UnkeptXml(source.content());
}

}  // namespace qbank::formats
