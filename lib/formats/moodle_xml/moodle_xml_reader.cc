// The Moodle XML reader over the xml/ door: every question type Moodle exports, read as Moodle
// reads it (docs/formats/moodle-xml.md).
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

std::optional<bool> ParseBool(std::string_view s) {
  std::string v(Trim(s));
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  return std::nullopt;
}

std::optional<Markup> MarkupOfFormat(std::string_view format) {
  if (format == "html") return Markup::kHtml;
  if (format == "markdown") return Markup::kMarkdown;
  if (format == "plain_text" || format == "moodle_auto_format") return Markup::kPlain;
  return std::nullopt;
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

std::vector<UnkeptContent> MoodleXmlFormat::Unkept(const SourceText& source) const {
  return UnkeptXml(source.content());
}

}  // namespace qbank::formats
