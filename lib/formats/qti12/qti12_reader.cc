// Reading QTI 1.2: questestinterop documents of Canvas, Blackboard and plain IMS QTI 1.2
// (Respondus, D2L), alone or in packages (a Canvas quiz export, a course export's quiz banks, a
// Blackboard pool), through the xml/ and zip/ doors. Over 1,000 lines: DocumentReader (about
// 880 of them) reads every Canvas and Blackboard question type against one set of resprocessing
// conditions and feedback idents, state its per-type steps share; the package and flavour code
// after it is small and reads its documents through it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_set>

#include "base/html_escape.h"
#include "base/utf8_text.h"
#include "formats/lms_carrier.h"
#include "formats/media_files.h"
#include "formats/metadata_carrier.h"
#include "formats/package_files.h"
#include "formats/qti12/qti12_format.h"
#include "formats/qti12/qti12_vocabulary.h"
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
using qti12::Flavour;

LmsCarrier Carrier() {
  LmsCarrier c;
  c.own_extension = qti12::kExtensionKey;
  c.value_tolerance_numbers = true;  // a numerical answer is a value and a margin, or a range
  return c;
}

// The Canvas feedback idents, and Blackboard's.
bool IsGeneralFeedback(std::string_view id) { return id == "general_fb"; }
bool IsCorrectFeedback(std::string_view id) { return id == "correct_fb" || id == "correct"; }
bool IsIncorrectFeedback(std::string_view id) {
  return id == "general_incorrect_fb" || id == "incorrect";
}

// A field's text as read: its value, whether the file said it is HTML, where it is.
struct Field {
  Text text;
  bool html = false;
  bool found = false;
};

// One condition of <resprocessing>, as far as qbank reads conditions.
struct Condition {
  const xml::Node* node = nullptr;
  std::vector<std::pair<std::string, std::string>> equals;  // (respident, value), not negated
  bool other = false;
  // Numerical tests: the bounds and the exact value.
  std::optional<double> gte;
  std::optional<double> lte;
  std::optional<std::string> exact;
  bool in_or_with_range = false;  // Canvas's "exact answer with a margin": or(varequal, and(...))
  std::optional<double> set;      // setvar action="Set"
  std::optional<double> add;      // setvar action="Add"
  bool set_max = false;           // Blackboard's SCORE.max
  std::vector<std::string> feedback;
};

// The bytes of a file a document names (a picture), by its path relative to the document's
// folder (a Canvas "$IMS-CC-FILEBASE$/" path relative to the package's web_resources/);
// nullopt when there is no such file, or it leaves the package.
using FileReader = std::function<std::optional<std::string>(const std::string& href)>;

class DocumentReader {
 public:
  DocumentReader(const SourceText& source, uint32_t file, ImportContext& ctx, FileReader files)
      : source_(source),
        file_(file),
        ctx_(ctx),
        used_ids_(UsedIds(*ctx.bank)),
        files_(std::move(files)) {}

  Status Run() {
    Result<xml::Node> root = xml::Parse(source_);
    if (!root.ok()) return root.status();
    size_t before = ctx_.bank->questions.size();
    if (root->LocalName() == "questestinterop") {
      for (const xml::Node* child : root->ChildElements()) ReadTopLevel(*child);
    } else if (IsTopLevel(root->LocalName())) {
      ReadTopLevel(*root);  // a document of one assessment, section or item, without the wrapper
    } else {
      return Error(*root, "the root element is <" + root->name +
                              ">; expected <questestinterop> (IMS QTI 1.2)");
    }
    if (ctx_.bank->questions.size() == before && errors_ == 0) {
      ctx_.AddWarning(source_, Offset(*root), "no <item> in the document");
    }
    return Status::Ok();
  }

 private:
  static bool IsTopLevel(std::string_view tag) {
    return tag == "assessment" || tag == "objectbank" || tag == "section" || tag == "item";
  }

  // A child of <questestinterop> (or the root of a document without it).
  void ReadTopLevel(const xml::Node& child) {
    std::string_view tag = child.LocalName();
    if (tag == "assessment") {
      ReadAssessment(child);
    } else if (tag == "objectbank") {
      Text domain;
      if (std::optional<Text> title = MetadataField(child, "bank_title")) domain = *title;
      ReadItems(child, domain);
    } else if (tag == "section") {
      ReadItems(child, {});
    } else if (tag == "item") {
      ReadItem(child, {});
    } else {
      ctx_.AddWarning(source_, Offset(child),
                      "<" + child.name +
                          "> not read; expected <assessment>, <objectbank>, <section> or <item>");
    }
  }

  Status Error(const xml::Node& at, const std::string& message) const {
    return source_.ErrorAt(Offset(at), message);
  }
  static size_t Offset(const xml::Node& n) {
    return n.offset == xml::Node::kNoOffset ? 0 : n.offset;
  }
  SourceSpan ElementSpan(const xml::Node& n) const {
    size_t b = Offset(n);
    return source_.SpanOf(b, b + 1 + n.name.size(), file_);
  }

  void ReadAssessment(const xml::Node& assessment) {
    // The bank's fields qbank carries (Canvas: a qtimetadatafield, Blackboard: an element of the
    // assessment metadata) come first: the file's own title and ident fill what they leave.
    std::optional<Text> carried = MetadataField(assessment, qti12::kBankMetadataField);
    if (const xml::Node* bb = assessment.FirstChild("assessmentmetadata");
        !carried.has_value() && bb != nullptr) {
      if (const xml::Node* e = bb->FirstChild(qti12::kBankMetadataField)) carried = TextOf(*e);
    }
    if (carried.has_value()) {
      Status applied = ApplyBankMetadataJson(carried->value, source_.path(), *ctx_.bank);
      if (!applied.ok()) {
        ctx_.AddError(source_, Offset(assessment),
                      std::string(qti12::kBankMetadataField) +
                          " is not the metadata qbank writes (" + applied.message() +
                          "); expected a bank file without questions");
      }
    }
    if (ctx_.bank->title.empty()) {
      std::string title = assessment.AttributeOr("title");
      if (!title.empty() && title != "qbank") {
        ctx_.bank->title.value = title;
        ctx_.bank->title.span = ElementSpan(assessment);
      }
    }
    if (ctx_.bank->id.empty()) {
      std::string id = assessment.AttributeOr("ident");
      if (!id.empty() && id != "qbank") {
        ctx_.bank->id.value = id;
        ctx_.bank->id.span = ElementSpan(assessment);
      }
    }
    ReadItems(assessment, {});
  }

  // The items of a section, an assessment or an objectbank, sections nested in it included.
  void ReadItems(const xml::Node& holder, const Text& domain) {
    for (const xml::Node* child : holder.ChildElements()) {
      if (child->LocalName() == "section") {
        ReadItems(*child, domain);
      } else if (child->LocalName() == "item") {
        ReadItem(*child, domain);
      } else if (child->LocalName() == "itemref" || child->LocalName() == "sectionref") {
        ctx_.AddWarning(
            source_, Offset(*child),
            "<" + child->name + "> not followed: expected the items themselves in the document");
      }
    }
  }

  void ReadItem(const xml::Node& item, const Text& domain) {
    Question q;
    model::SetIfHeld(q.domain, domain);
    Status status = ReadQuestion(item, q);
    if (!status.ok()) {
      ++errors_;
      if (ctx_.errors == nullptr) {
        if (first_error_.ok()) first_error_ = status;
        return;
      }
      ctx_.errors->push_back(Diagnostic::FromStatus(status, source_.path()));
      return;
    }
    ctx_.bank->questions.push_back(std::move(q));
  }

 public:
  const Status& first_error() const { return first_error_; }

 private:
  // <qtimetadatafield> (Canvas) or <bbmd_...>/<qmd_...> element (Blackboard) named `label` in
  // the metadata of `holder` (an item's <itemmetadata>, an objectbank, an assessment).
  std::optional<Text> MetadataField(const xml::Node& holder, std::string_view label) const {
    std::vector<Text> all = MetadataFields(holder, label);
    if (all.empty()) return std::nullopt;
    return all.front();
  }
  std::vector<Text> MetadataFields(const xml::Node& holder, std::string_view label) const {
    std::vector<Text> out;
    std::vector<const xml::Node*> places = {&holder};
    if (const xml::Node* meta = holder.FirstChild("itemmetadata")) places.push_back(meta);
    for (const xml::Node* place : places) {
      std::vector<const xml::Node*> lists = place->ChildElements("qtimetadata");
      for (const xml::Node* list : lists) {
        for (const xml::Node* field : list->ChildElements("qtimetadatafield")) {
          const xml::Node* name = field->FirstChild("fieldlabel");
          const xml::Node* entry = field->FirstChild("fieldentry");
          if (name == nullptr || entry == nullptr) continue;
          if (Trim(name->TextContent()) == label) out.push_back(TextOf(*entry));
        }
      }
      if (place != &holder) {
        for (const xml::Node* element : place->ChildElements(label)) {
          out.push_back(TextOf(*element));
        }
      }
    }
    return out;
  }

  // The text of element `e` (a <mattext>, a <fieldentry>), trimmed, with its span.
  Text TextOf(const xml::Node& e) const {
    Text out;
    std::string raw = e.HasChildElements() ? xml::WriteFragment(e.children) : e.TextContent();
    size_t lead = CountLeadingBlanks(raw);
    out.value = std::string(Trim(raw));
    const xml::Node* first = e.children.empty() ? nullptr : &e.children.front();
    bool verbatim = first != nullptr && e.children.size() == 1 && first->verbatim;
    if (first != nullptr && first->offset != xml::Node::kNoOffset) {
      size_t b = first->offset + (verbatim ? lead : 0);
      out.span = source_.SpanOf(b, verbatim ? b + out.value.size() : b, file_);
      out.verbatim = verbatim;
    } else {
      out.span = ElementSpan(e);
    }
    return out;
  }

  // The texts of the <material>s under `holder`, not looking into responses (whose labels are
  // the options): <mattext texttype="text/html">, Blackboard's <mat_formattedtext type="HTML">,
  // <matemtext>. Several are joined with a line break. Images and other media are reported.
  Field MaterialText(const xml::Node& holder) const {
    Field out;
    std::vector<const xml::Node*> texts;
    CollectTexts(holder, texts);
    for (const xml::Node* t : texts) {
      Text text;
      bool html = false;
      if (t->LocalName() == "matimage") {
        // A picture the package holds: an <img> of the file kept with the question.
        std::string uri = t->AttributeOr("uri");
        std::optional<std::string> reference = KeepPicture(uri);
        if (!reference.has_value()) {
          ctx_.AddWarning(source_, Offset(*t),
                          "<" + t->name + " uri=\"" + uri +
                              "\"> not read: no such file in the package; expected the picture "
                              "beside the document");
          continue;
        }
        text.value = PictureReference(*reference, Markup::kHtml);
        text.span = ElementSpan(*t);
        html = true;
      } else {
        text = TextOf(*t);
        std::string type = t->LocalName() == "mat_formattedtext" ? t->AttributeOr("type")
                                                                 : t->AttributeOr("texttype");
        html = type == "text/html" || type == "HTML" || type == "SMART_TEXT";
      }
      if (!out.found) {
        out.text = std::move(text);
        out.html = html;
        out.found = true;
        continue;
      }
      if (text.empty()) continue;
      if (out.text.empty()) {
        out.text = std::move(text);
        out.html = html;
        continue;
      }
      // Several texts: HTML when any is; plain ones escaped.
      if (html && !out.html) out.text.value = EscapeHtml(out.text.value, HtmlEscape::kText);
      std::string next = html || !out.html ? text.value : EscapeHtml(text.value, HtmlEscape::kText);
      out.text.value += (html || out.html ? "<br/>" : "\n") + next;
      out.text.verbatim = false;
      out.html = out.html || html;
    }
    return out;
  }
  void CollectTexts(const xml::Node& n, std::vector<const xml::Node*>& out) const {
    for (const xml::Node& c : n.children) {
      if (!c.is_element()) continue;
      std::string_view tag = c.LocalName();
      if (tag.starts_with("response_") || tag.starts_with("render_")) continue;
      if (tag == "mattext" || tag == "mat_formattedtext" || tag == "matemtext" ||
          tag == "matimage") {
        out.push_back(&c);
      } else if (tag == "mataudio" || tag == "matvideo" || tag == "matapplet" ||
                 tag == "matapplication") {
        ctx_.AddWarning(source_, Offset(c),
                        "<" + c.name +
                            "> not read (the file it names is not carried); expected "
                            "text in <mattext>");
      } else {
        CollectTexts(c, out);
      }
    }
  }

  // The reference (media/NAME) of the picture `href` names, its bytes kept for the question being
  // read; nullopt when the package holds no such file. Canvas's "$IMS-CC-FILEBASE$" folder is the
  // package's web_resources/.
  std::optional<std::string> KeepPicture(std::string_view href) const {
    if (!files_ || href.empty() || href.find(':') != std::string_view::npos) return std::nullopt;
    std::string path = PercentDecode(href);
    for (std::string_view base : {"$IMS-CC-FILEBASE$/", "$IMS_CC_FILEBASE$/"}) {
      if (path.starts_with(base)) path = "$web_resources/" + path.substr(base.size());
    }
    if (size_t cut = path.find_first_of("?#"); cut != std::string::npos) path.resize(cut);
    std::optional<std::string> bytes = files_(path);
    if (!bytes.has_value()) return std::nullopt;
    std::string reference = "media/" + SafeMediaName(path);
    pictures_.push_back({reference, std::move(*bytes)});
    return reference;
  }

  // The pictures of an HTML question's texts (<img src>) that the package holds, kept with it:
  // each src becomes the kept file's reference.
  void KeepHtmlPictures(Question& q) const {
    if (q.markup != Markup::kHtml || !files_) return;
    auto keep = [&](Text& t) {
      std::string rewritten =
          ReplaceImageSources(t.value, [&](std::string_view src) { return KeepPicture(src); });
      if (rewritten != t.value) {
        t.value = std::move(rewritten);
        t.verbatim = false;
      }
    };
    keep(q.stem);
    keep(q.explanation);
    for (Option& o : q.options) {
      keep(o.text);
      if (o.rationale.present()) keep(*o.rationale);
    }
  }

  // The question type the item says: Canvas's question_type, Blackboard's bbmd_questiontype;
  // nullopt when it says none (plain QTI 1.2: the structure decides).
  Result<std::optional<QuestionType>> DeclaredType(const xml::Node& item, Value& ext) const {
    if (std::optional<Text> t = MetadataField(item, "question_type")) {
      std::optional<QuestionType> type = qti12::CanvasType(t->value);
      if (!type.has_value()) {
        ctx_.AddWarning(source_, Offset(item),
                        "question_type '" + t->value +
                            "' is not a Canvas type qbank knows; the item is read by its "
                            "responses");
        return std::optional<QuestionType>();
      }
      if (t->value == "file_upload_question") ext["question_type"] = t->value;
      return type;
    }
    if (std::optional<Text> t = MetadataField(item, "bbmd_questiontype")) {
      std::optional<QuestionType> type = qti12::BlackboardType(t->value);
      if (!type.has_value()) {
        // Ordering, Hot Spot, Jumbled Sentence, Calculated, ...: the model has no such type. The
        // text is read and the item kept whole, as Canvas's multi-gap items are.
        const xml::Node* meta = item.FirstChild("itemmetadata");
        ctx_.AddWarning(source_, Offset(meta != nullptr ? *meta : item),
                        "Blackboard question type '" + t->value +
                            "' has no type in qbank's model; read as an \"other\" question: its "
                            "text, and the item kept whole for blackboard-pool to write back "
                            "(expected Multiple Choice, Multiple Answer, True/False, Either/Or, "
                            "Fill in the Blank, Numeric, Matching, Essay, Short Response or File "
                            "Upload to read it all)");
        ext["bbmd_questiontype"] = t->value;
        return std::optional<QuestionType>(QuestionType::kOther);
      }
      if (t->value != qti12::BlackboardTypeName(*type)) ext["bbmd_questiontype"] = t->value;
      return type;
    }
    return std::optional<QuestionType>();
  }

  // One <item>: its metadata, its type (declared, else from its responses), the answers that
  // type has, then the feedback.
  Status ReadQuestion(const xml::Node& item, Question& q) {
    pictures_.clear();
    Value ext;
    ReadItemId(item, q);
    std::string title = item.AttributeOr("title");
    Result<std::optional<QuestionType>> declared = DeclaredType(item, ext);
    if (!declared.ok()) return declared.status();
    Question carried_texts;
    QBANK_RETURN_IF_ERROR(ReadItemMetadata(item, q, ext, carried_texts));
    const xml::Node* presentation = item.FirstChild("presentation");
    if (presentation == nullptr) {
      return Error(item, "<item> without <presentation>; expected the question's text in it");
    }
    Field stem = MaterialText(*presentation);
    q.stem = stem.text;
    bool html = stem.html;
    std::vector<const xml::Node*> responses;
    FindResponses(*presentation, responses);
    bool kept_whole = declared->has_value() && **declared == QuestionType::kOther;
    for (const xml::Node* r : responses) {
      std::string_view tag = r->LocalName();
      if (!kept_whole && tag != "response_lid" && tag != "response_str" && tag != "response_num") {
        return Error(*r, "<" + r->name +
                             "> cannot be read; expected <response_lid> (choices, matching) or "
                             "<response_str> (short answer, numerical, essay)");
      }
    }

    QuestionType type = declared->has_value() ? **declared : TypeOfResponses(item, responses);
    q.type = type;

    std::vector<Condition> conditions;
    double max = 100;
    if (const xml::Node* rp = item.FirstChild("resprocessing")) {
      QBANK_RETURN_IF_ERROR(ReadConditions(*rp, conditions, max));
    }
    std::map<std::string, Field> feedback;
    for (const xml::Node* fb : item.ChildElements("itemfeedback")) {
      feedback[fb->AttributeOr("ident")] = MaterialText(*fb);
    }

    plain_options_.clear();  // set by the reading of this item's options, not of the last item's
    switch (type) {
      case QuestionType::kSingleAnswer:
      case QuestionType::kMultipleAnswer:
      case QuestionType::kTrueFalse:
        QBANK_RETURN_IF_ERROR(ReadChoices(item, responses, conditions, max, feedback, q, html));
        break;
      case QuestionType::kShortAnswer:
      case QuestionType::kNumerical:
        QBANK_RETURN_IF_ERROR(ReadTyped(item, responses, conditions, max, feedback, q));
        break;
      case QuestionType::kMatching:
        QBANK_RETURN_IF_ERROR(ReadMatching(item, responses, conditions, feedback, q, html));
        break;
      case QuestionType::kOther:
        // Several gaps: kept as written, for the qti12 writer to write back.
        ext["item"] = xml::WriteFragment({item});
        break;
      default:
        break;
    }
    ReadGeneralFeedback(feedback, q, ext, html);
    q.markup = html ? Markup::kHtml : Markup::kPlain;
    if (html) EscapePlainFields(q, stem, feedback);
    KeepPictures(q);

    // A missing-word sentence is one stem with Moodle's gap marker in Canvas and Blackboard;
    // qbank says where it joined one, so a stem that merely holds "_____" stays whole.
    if (MetadataField(item, qti12::kGapField).has_value()) {
      ReadGap(q);
    }
    if (!title.empty() && title != "Question" && title != q.id.value && title != StoredTitle(q)) {
      ext["title"] = title;
    }
    if (q.id.empty()) AdoptTitleAsId(q, title, used_ids_);
    if (!q.id.empty()) used_ids_.insert(q.id.value);
    if (ext.is_object()) q.extensions[std::string(qti12::kExtensionKey)] = std::move(ext);
    FinishCarried(carried_texts, Carrier().html, q);
    return Status::Ok();
  }

  // The item's span and id: its ident, else Blackboard's object id.
  void ReadItemId(const xml::Node& item, Question& q) const {
    q.span = ElementSpan(item);
    std::string ident = item.AttributeOr("ident");
    if (std::optional<Text> bb_id = MetadataField(item, "bbmd_asi_object_id");
        ident.empty() && bb_id.has_value()) {
      q.id = *bb_id;
    } else if (!ident.empty()) {
      q.id.value = ident;
      q.id.span = ElementSpan(item);
    }
  }

  // The item's points, domain, tags and the metadata qbank carries (into `carried_texts`).
  Status ReadItemMetadata(const xml::Node& item, Question& q, Value& ext, Question& carried_texts) {
    std::optional<Text> points = MetadataField(item, "points_possible");
    if (!points.has_value()) points = MetadataField(item, "qmd_absolutescore_max");  // Blackboard
    if (points.has_value()) {
      std::optional<double> p = qti12::ParseNumber(points->value);
      if (p.has_value() && *p != 1) ext["points_possible"] = *p;
    }
    if (std::optional<Text> d = MetadataField(item, qti12::kDomainField)) q.domain = *d;
    for (Text& tag : MetadataFields(item, qti12::kTagField)) {
      if (!tag.empty()) q.tags.push_back(std::move(tag));
    }
    if (std::optional<Text> carried = MetadataField(item, qti12::kMetadataField)) {
      Status applied = ApplyMetadataJson(carried->value, source_.path(), q, &carried_texts);
      if (!applied.ok()) {
        return source_.ErrorAt(Offset(item),
                               qti12::kMetadataField.data() +
                                   std::string(" is not the metadata qbank writes (") +
                                   applied.message() + "); expected a bank file of one question");
      }
    }
    return Status::Ok();
  }

  // The type an item without a declared type has: none of its responses a description, several
  // matching, a response_lid choices, a number numerical, else short answer when it is scored.
  static QuestionType TypeOfResponses(const xml::Node& item,
                                      const std::vector<const xml::Node*>& responses) {
    if (responses.empty()) return QuestionType::kDescription;
    if (responses.size() > 1) return QuestionType::kMatching;
    if (responses[0]->LocalName() == "response_lid") {
      return responses[0]->AttributeOr("rcardinality") == "Multiple" ? QuestionType::kMultipleAnswer
                                                                     : QuestionType::kSingleAnswer;
    }
    if (responses[0]->LocalName() == "response_num" ||
        Render(*responses[0]).AttributeOr("fibtype") == "Decimal" ||
        Render(*responses[0]).AttributeOr("fibtype") == "Integer") {
      return QuestionType::kNumerical;
    }
    return item.FirstChild("resprocessing") != nullptr && HasScoring(item)
               ? QuestionType::kShortAnswer
               : QuestionType::kEssay;
  }

  // The feedback not tied to an answer: the explanation, or the texts after a right and a
  // wrong answer kept in `ext`.
  static void ReadGeneralFeedback(std::map<std::string, Field>& feedback, Question& q, Value& ext,
                                  bool& html) {
    std::string correct;
    std::string incorrect;
    for (auto& [id, field] : feedback) {
      if (IsGeneralFeedback(id)) {
        q.explanation = field.text;
        html = html || field.html;
      } else if (IsCorrectFeedback(id)) {
        correct = field.text.value;
        html = html || field.html;
        if (q.explanation.empty()) q.explanation.span = field.text.span;
      } else if (IsIncorrectFeedback(id)) {
        incorrect = field.text.value;
        html = html || field.html;
      }
    }
    // Blackboard has no general feedback: the same text after a right and a wrong answer is the
    // explanation (as qbank writes it); different texts are kept.
    if (!correct.empty() && correct == incorrect && q.explanation.empty()) {
      Text e;
      e.value = correct;
      e.span = feedback.count("correct") ? feedback["correct"].text.span
                                         : feedback["correct_fb"].text.span;
      q.explanation = e;
    } else {
      if (!correct.empty()) ext["feedback"]["correct"] = correct;
      if (!incorrect.empty()) ext["feedback"]["incorrect"] = incorrect;
    }
  }

  // The pictures the question's HTML and <matimage> elements name, kept with the question.
  void KeepPictures(Question& q) {
    KeepHtmlPictures(q);
    for (MediaFile& f : pictures_) AddMediaFile(q, f.path, f.bytes);
    pictures_.clear();
  }

  // In an HTML question, the fields the file gave as plain text, escaped so they stand as HTML.
  void EscapePlainFields(Question& q, const Field& stem, std::map<std::string, Field>& feedback) {
    if (stem.found && !stem.html) q.stem.value = EscapeHtml(q.stem.value, HtmlEscape::kText);
    for (auto& [id, field] : feedback) {
      if (IsGeneralFeedback(id) && field.found && !field.html) {
        q.explanation.value = EscapeHtml(q.explanation.value, HtmlEscape::kText);
      }
    }
    for (size_t i = 0; i < q.options.size() && i < plain_options_.size(); ++i) {
      if (plain_options_[i]) {
        q.options[i].text.value = EscapeHtml(q.options[i].text.value, HtmlEscape::kText);
        q.options[i].text.verbatim = false;
      }
    }
  }

  static void ReadGap(Question& q) {
    std::string before;
    std::string after;
    if (!SplitAtGap(q.stem.value, before, after)) return;
    if (q.markup == Markup::kHtml &&
        (!xml::ParseFragment(before).ok() || !xml::ParseFragment(after).ok())) {
      return;
    }
    q.stem.value = std::move(before);
    SetTextAfterGap(q, std::move(after));
  }

  static void FindResponses(const xml::Node& n, std::vector<const xml::Node*>& out) {
    for (const xml::Node& c : n.children) {
      if (!c.is_element()) continue;
      if (c.LocalName().starts_with("response_")) {
        out.push_back(&c);
      } else {
        FindResponses(c, out);
      }
    }
  }

  static const xml::Node& Render(const xml::Node& response) {
    for (const xml::Node& c : response.children) {
      if (c.is_element() && c.LocalName().starts_with("render_")) return c;
    }
    return response;
  }

  static bool HasScoring(const xml::Node& item) {
    const xml::Node* rp = item.FirstChild("resprocessing");
    if (rp == nullptr) return false;
    for (const xml::Node* c : rp->ChildElements("respcondition")) {
      if (c->FirstChild("setvar") != nullptr) {
        const xml::Node* var = c->FirstChild("conditionvar");
        if (var != nullptr && var->FirstChild("other") == nullptr) return true;
      }
    }
    return false;
  }

  // The response labels of a response_lid: its choices, in order (render_choice, Blackboard's
  // flow_label wrappers looked into).
  static void Labels(const xml::Node& n, std::vector<const xml::Node*>& out) {
    for (const xml::Node& c : n.children) {
      if (!c.is_element()) continue;
      if (c.LocalName() == "response_label") {
        out.push_back(&c);
      } else {
        Labels(c, out);
      }
    }
  }

  void CollectTests(const xml::Node& n, bool negated, bool in_or, Condition& c) const {
    for (const xml::Node& t : n.children) {
      if (!t.is_element()) continue;
      std::string_view tag = t.LocalName();
      std::string value(Trim(t.TextContent()));
      if (tag == "not") {
        CollectTests(t, !negated, in_or, c);
      } else if (tag == "and") {
        CollectTests(t, negated, in_or, c);
      } else if (tag == "or") {
        CollectTests(t, negated, true, c);
      } else if (tag == "other") {
        c.other = true;
      } else if (negated) {
        continue;
      } else if (tag == "varequal") {
        c.equals.emplace_back(t.AttributeOr("respident"), value);
        if (in_or) c.exact = value;
      } else if (tag == "vargte" || tag == "vargt") {
        c.gte = qti12::ParseNumber(value);
        if (in_or) c.in_or_with_range = true;
      } else if (tag == "varlte" || tag == "varlt") {
        c.lte = qti12::ParseNumber(value);
        if (in_or) c.in_or_with_range = true;
      } else if (tag == "varsubstring" || tag == "varinside" || tag == "durequal") {
        ctx_.AddWarning(source_, Offset(t),
                        "<" + t.name + "> not read; expected varequal, vargte or varlte");
      }
    }
  }

  Status ReadConditions(const xml::Node& rp, std::vector<Condition>& out, double& max) const {
    if (const xml::Node* outcomes = rp.FirstChild("outcomes")) {
      for (const xml::Node* d : outcomes->ChildElements("decvar")) {
        if (std::optional<double> m = qti12::ParseNumber(d->AttributeOr("maxvalue"))) {
          if (*m > 0) max = *m;
        }
      }
    }
    for (const xml::Node* rc : rp.ChildElements("respcondition")) {
      Condition c;
      c.node = rc;
      if (const xml::Node* var = rc->FirstChild("conditionvar"))
        CollectTests(*var, false, false, c);
      for (const xml::Node* s : rc->ChildElements("setvar")) {
        std::string value(Trim(s->TextContent()));
        std::string action = s->AttributeOr("action", "Set");
        std::optional<double> v = qti12::ParseNumber(value);
        if (value.ends_with(".max")) {
          c.set_max = true;
          v = max;
        }
        if (!v.has_value()) {
          return Error(*s, "<setvar> holds '" + value + "'; expected a number");
        }
        if (action == "Add") {
          c.add = *v;
        } else if (action == "Subtract") {
          c.add = -*v;
        } else {
          c.set = *v;
        }
      }
      for (const xml::Node* f : rc->ChildElements("displayfeedback")) {
        c.feedback.push_back(f->AttributeOr("linkrefid"));
      }
      out.push_back(std::move(c));
    }
    return Status::Ok();
  }

  // A rationale from the feedback of condition `c`, when its feedback is an answer's.
  static std::optional<Field> AnswerFeedback(const Condition& c,
                                             std::map<std::string, Field>& feedback,
                                             std::set<std::string>& used) {
    for (const std::string& id : c.feedback) {
      if (IsGeneralFeedback(id) || IsCorrectFeedback(id) || IsIncorrectFeedback(id)) continue;
      auto it = feedback.find(id);
      if (it == feedback.end()) continue;
      used.insert(id);
      return it->second;
    }
    return std::nullopt;
  }

  // What reading a choice question's conditions gathers, option by option.
  struct ChoiceGrading {
    std::string rid;                            // the response_lid's ident
    std::map<std::string, size_t> index;        // label ident -> option
    std::vector<std::optional<double>> credit;  // per option, in percent
    std::set<std::string> used_feedback;        // itemfeedback idents given to an option
    bool multiple = false;                      // a multiple-answer question
    bool keyed = false;                         // some condition gives full credit
  };

  // A choice question: its labels as options, the key and credit from the conditions, each
  // answer's feedback, then what qbank keeps of them.
  Status ReadChoices(const xml::Node& item, const std::vector<const xml::Node*>& responses,
                     const std::vector<Condition>& conditions, double max,
                     std::map<std::string, Field>& feedback, Question& q, bool& html) {
    if (responses.size() != 1 || responses[0]->LocalName() != "response_lid") {
      return Error(responses.empty() ? item : *responses[0],
                   "a choice question needs one <response_lid>; found " +
                       std::to_string(responses.size()) + " responses");
    }
    const xml::Node& lid = *responses[0];
    ChoiceGrading grading;
    grading.rid = lid.AttributeOr("ident");
    grading.index = ReadLabels(lid, q, html);
    if (lid.AttributeOr("rcardinality") == "Multiple" && q.type == QuestionType::kSingleAnswer) {
      q.type = QuestionType::kMultipleAnswer;
    }
    grading.multiple = q.type == QuestionType::kMultipleAnswer;
    grading.credit.resize(q.options.size());
    for (const Condition& c : conditions) ApplyCondition(c, max, feedback, grading, q, html);
    // Blackboard names the answer's feedback by its label ident, whatever the conditions say.
    for (const auto& [id, o] : grading.index) {
      for (const std::string& fid : {id, id + "_fb"}) {
        auto it = feedback.find(fid);
        if (it != feedback.end() && !grading.used_feedback.count(fid) &&
            q.options[o].rationale.get().empty()) {
          q.options[o].rationale = it->second.text;
          html = html || it->second.html;
          grading.used_feedback.insert(fid);
        }
      }
    }
    for (const std::string& id : grading.used_feedback) feedback.erase(id);
    if (!grading.keyed && !q.options.empty()) {
      ctx_.AddWarning(source_, Offset(item),
                      "no condition gives full credit to an answer; read without a key");
    }
    KeepChoiceDetails(item, grading, q);
    return Status::Ok();
  }

  // The labels of `lid` as options of `q` (each with its ident in extensions, for now); the
  // ident -> option index.
  std::map<std::string, size_t> ReadLabels(const xml::Node& lid, Question& q, bool& html) {
    std::vector<const xml::Node*> labels;
    Labels(lid, labels);
    std::map<std::string, size_t> index;
    plain_options_.clear();
    for (const xml::Node* label : labels) {
      Option o;
      o.span = ElementSpan(*label);
      Field text = MaterialText(*label);
      o.text = text.text;
      if (!text.found) o.text.span = o.span;
      html = html || text.html;
      plain_options_.push_back(text.found && !text.html);
      std::string id = label->AttributeOr("ident");
      o.extensions["ident"] = id;  // pruned by KeepChoiceDetails when it is the default
      index[id] = q.options.size();
      q.options.push_back(std::move(o));
    }
    return index;
  }

  // The option a test names: by its value (a label ident), or Blackboard's respident naming the
  // label itself with an empty value.
  static std::optional<size_t> OptionOf(const ChoiceGrading& grading,
                                        const std::pair<std::string, std::string>& eq) {
    const std::map<std::string, size_t>& index = grading.index;
    if (auto it = index.find(eq.second);
        it != index.end() &&
        (eq.first == grading.rid || eq.first.empty() || !index.count(eq.first))) {
      return it->second;
    }
    if (eq.second.empty()) {
      if (auto it = index.find(eq.first); it != index.end()) return it->second;
    }
    return std::nullopt;
  }

  // One resprocessing condition: the options it names get its credit, the key when that is
  // full, and its feedback when it names one option.
  void ApplyCondition(const Condition& c, double max, std::map<std::string, Field>& feedback,
                      ChoiceGrading& grading, Question& q, bool& html) {
    std::vector<size_t> named;
    for (const auto& eq : c.equals) {
      std::optional<size_t> o = OptionOf(grading, eq);
      if (!o.has_value()) {
        ctx_.AddWarning(source_, Offset(*c.node),
                        "the condition names '" + eq.second + "', which no <response_label> of '" +
                            grading.rid + "' has");
        continue;
      }
      named.push_back(*o);
    }
    if (named.empty()) return;
    if (c.set.has_value()) {
      if (named.size() > 1 || grading.multiple) {
        // Canvas's multiple answers: and(varequal keys, not(varequal others)).
        if (*c.set >= max) {
          for (size_t o : named) q.options[o].correct = true;
          grading.keyed = true;
        }
      } else {
        grading.credit[named[0]] = *c.set / max * 100;
        if (*c.set >= max) {
          q.options[named[0]].correct = true;
          grading.keyed = true;
        }
      }
    }
    if (c.add.has_value() && named.size() == 1) {
      grading.credit[named[0]] = grading.credit[named[0]].value_or(0) + *c.add / max * 100;
      if (*c.add > 0) {
        q.options[named[0]].correct = true;
        grading.keyed = true;
      }
    }
    if (named.size() == 1) {
      if (std::optional<Field> fb = AnswerFeedback(c, feedback, grading.used_feedback)) {
        q.options[named[0]].rationale = fb->text;
        html = html || fb->html;
      }
    }
  }

  // What qbank keeps of the read choices: credit where it differs from what the key implies,
  // label idents that are not the ones qbank writes, and True/False as a true/false question.
  void KeepChoiceDetails(const xml::Node& item, const ChoiceGrading& grading, Question& q) const {
    size_t keys = q.KeyIndexes().size();
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (!grading.credit[i].has_value()) continue;
      double implied =
          q.options[i].correct ? (grading.multiple && keys > 0 ? 100.0 / keys : 100.0) : 0.0;
      if (std::fabs(*grading.credit[i] - implied) > 1e-9) q.options[i].weight = *grading.credit[i];
    }
    for (size_t i = 0; i < q.options.size(); ++i) {
      Value& ext = q.options[i].extensions;
      std::string id = ext.Find("ident")->as_string();
      ext = Value();
      if (id != qti12::DefaultIdent(i)) ext[std::string(qti12::kExtensionKey)]["ident"] = id;
    }
    if (q.type == QuestionType::kSingleAnswer && q.options.size() == 2) {
      std::string a = q.options[0].text.value;
      std::string b = q.options[1].text.value;
      if ((a == "True" && b == "False") || (a == "true" && b == "false")) {
        // Plain QTI 1.2 has no true/false type: two choices True and False are one.
        if (MetadataField(item, "question_type") == std::nullopt &&
            MetadataField(item, "bbmd_questiontype") == std::nullopt) {
          q.type = QuestionType::kTrueFalse;
        }
      }
    }
  }

  // Short answer and numerical: each scoring condition is an accepted answer.
  Status ReadTyped(const xml::Node& item, const std::vector<const xml::Node*>& responses,
                   const std::vector<Condition>& conditions, double max,
                   std::map<std::string, Field>& feedback, Question& q) {
    if (responses.size() != 1) {
      return Error(responses.empty() ? item : *responses[0],
                   "a short-answer or numerical question needs one <response_str>; found " +
                       std::to_string(responses.size()) + " responses");
    }
    std::set<std::string> used_feedback;
    for (const Condition& c : conditions) {
      std::optional<double> score = c.set.has_value() ? c.set : c.add;
      std::vector<std::string> answers;
      if (c.other) {
        // Scored "any other answer" (GIFT's ~#feedback): an answer without text.
        if (!score.has_value() || !c.equals.empty() || c.gte || c.lte) continue;
        answers.emplace_back();
      } else if (q.type == QuestionType::kNumerical) {
        std::string text;
        if (c.exact.has_value() && c.in_or_with_range && c.gte && c.lte) {
          std::optional<double> v = qti12::ParseNumber(*c.exact);
          double t = v.has_value() ? std::max(*v - *c.gte, *c.lte - *v) : 0;
          // The margin as it was written: the subtraction's rounding (27.6 - 27.3) dropped.
          char rounded[32];
          std::snprintf(rounded, sizeof rounded, "%.12g", t);
          t = std::strtod(rounded, nullptr);
          text = t > 0 ? *c.exact + ":" + qti12::FormatNumber(t) : *c.exact;
        } else if (!c.equals.empty() && !c.gte && !c.lte) {
          text = c.equals.front().second;
        } else if (c.gte.has_value() && c.lte.has_value()) {
          text = qti12::FormatNumber(*c.gte) + ".." + qti12::FormatNumber(*c.lte);
        } else if (c.gte.has_value() || c.lte.has_value()) {
          ctx_.AddWarning(source_, Offset(*c.node),
                          "an open range (one bound) not read; expected vargte and varlte "
                          "together");
          continue;
        } else {
          continue;
        }
        if (!model::ParseNumericalAnswer(text).has_value()) {
          return Error(*c.node, "the answer '" + text + "' is not a number");
        }
        answers.push_back(text);
      } else {
        for (const auto& eq : c.equals) answers.push_back(eq.second);
      }
      if (answers.empty()) continue;
      if (!score.has_value()) {
        // A condition without a score: the feedback for an answer already read.
        if (std::optional<Field> fb = AnswerFeedback(c, feedback, used_feedback)) {
          for (Option& o : q.options) {
            if (o.text.value == answers.front() && o.rationale.get().empty())
              o.rationale = fb->text;
          }
        }
        continue;
      }
      std::optional<Field> fb = AnswerFeedback(c, feedback, used_feedback);
      for (const std::string& a : answers) {
        Option o;
        o.span = ElementSpan(*c.node);
        o.text.value = a;
        o.text.span = o.span;
        double credit = *score / max * 100;
        o.correct = credit > 0;
        if (std::fabs(credit - (o.correct ? 100 : 0)) > 1e-9) o.weight = credit;
        if (fb.has_value()) o.rationale = fb->text;
        q.options.push_back(std::move(o));
      }
    }
    for (const std::string& id : used_feedback) feedback.erase(id);
    // A typed answer is plain text (what a learner types): in an HTML question it is escaped
    // like any plain field, and the writers write its text back.
    plain_options_.assign(q.options.size(), true);
    return Status::Ok();
  }

  Status ReadMatching(const xml::Node& item, const std::vector<const xml::Node*>& responses,
                      const std::vector<Condition>& conditions,
                      std::map<std::string, Field>& feedback, Question& q, bool& html) {
    std::map<std::string, std::string> match_text;  // label ident -> match
    std::vector<std::string> match_order;
    std::map<std::string, size_t> by_response;
    for (const xml::Node* r : responses) {
      if (r->LocalName() != "response_lid") {
        return Error(
            *r, "a matching question's responses are <response_lid>s; found <" + r->name + ">");
      }
      Option o;
      o.span = ElementSpan(*r);
      Field text = MaterialText(*r);
      o.text = text.text;
      html = html || text.html;
      std::vector<const xml::Node*> labels;
      Labels(*r, labels);
      for (const xml::Node* label : labels) {
        std::string id = label->AttributeOr("ident");
        if (match_text.count(id)) continue;
        Field m = MaterialText(*label);
        html = html || m.html;
        match_text[id] = m.text.value;
        match_order.push_back(id);
      }
      by_response[r->AttributeOr("ident")] = q.options.size();
      q.options.push_back(std::move(o));
    }
    std::set<std::string> matched;
    std::set<std::string> used_feedback;
    for (const Condition& c : conditions) {
      if (!c.set.has_value() && !c.add.has_value()) continue;
      for (const auto& [rid, value] : c.equals) {
        auto o = by_response.find(rid);
        auto m = match_text.find(value);
        if (o == by_response.end() || m == match_text.end()) continue;
        SetMatch(q.options[o->second], m->second);
        matched.insert(value);
        if (std::optional<Field> fb = AnswerFeedback(c, feedback, used_feedback)) {
          q.options[o->second].rationale = fb->text;
        }
      }
    }
    for (const std::string& id : used_feedback) feedback.erase(id);
    // A match no item has is a distractor: an option without text.
    for (const std::string& id : match_order) {
      if (matched.count(id)) continue;
      Option o;
      o.span = ElementSpan(item);
      SetMatch(o, match_text[id]);
      q.options.push_back(std::move(o));
    }
    return Status::Ok();
  }

  const SourceText& source_;
  uint32_t file_;
  ImportContext& ctx_;
  std::unordered_set<std::string> used_ids_;
  std::vector<bool> plain_options_;
  size_t errors_ = 0;
  Status first_error_;
  FileReader files_;
  mutable std::vector<MediaFile> pictures_;  // of the question being read
};

// Reads the questestinterop document `source` (registered as `file`); `files` reads the files it
// names (its pictures), or is empty.
Status ReadDocument(const SourceText& source, uint32_t file, ImportContext& ctx, FileReader files) {
  ImportContext inner = ctx;
  inner.file = file;
  Result<DecodedSource> decoded = DecodeXmlSource(source, inner);
  if (!decoded.ok()) return decoded.status();
  inner.file = decoded->file;
  DocumentReader reader(*decoded->text, decoded->file, inner, std::move(files));
  QBANK_RETURN_IF_ERROR(reader.Run());
  return reader.first_error();
}

// ---------------------------------------------------------------------------------------------
// Packages

// `href` resolved against the manifest's folder; nullopt when it leaves the package.
std::optional<std::string> Resolve(const std::string& base, std::string_view href) {
  std::string h(href);
  if (h.empty() || h.find("://") != std::string::npos || h.front() == '/') return std::nullopt;
  std::string path = base.empty() ? h : base + "/" + h;
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    std::string part =
        path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part == "..") return std::nullopt;
    if (!part.empty() && part != ".") parts.push_back(part);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "/") + p;
  if (!zip::IsSafeEntryName(out)) return std::nullopt;
  return out;
}

// The bytes of package file `path`; nullopt when there is none (or it could not be resolved).
std::optional<std::string> ReadNamedFile(const PackageFiles& files,
                                         std::optional<std::string> path) {
  if (!path.has_value()) return std::nullopt;
  Result<std::string> bytes = files.Read(*path);
  if (!bytes.ok()) return std::nullopt;
  return std::move(bytes).value();
}

// The QTI 1.2 documents a manifest names, in order: a course export's non_cc_assessments files
// (Canvas's full form of each quiz and bank) when there are any, else every imsqti_xmlv1p2
// resource (a quiz export) and Blackboard's pools (bb:file).
Status ReadPackage(const PackageFiles& files, const std::string& manifest_path,
                   const SourceText& manifest_source, ImportContext& ctx) {
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
  std::vector<std::pair<const xml::Node*, std::string>> non_cc;
  std::vector<std::pair<const xml::Node*, std::string>> qti;
  const xml::Node* resources = manifest->FirstChild("resources");
  std::vector<const xml::Node*> listed;
  if (resources != nullptr) listed = resources->ChildElements("resource");
  for (const xml::Node* r : listed) {
    std::string type = r->AttributeOr("type");
    std::vector<std::string> hrefs;
    if (std::string h = r->AttributeOr("href"); !h.empty()) hrefs.push_back(h);
    for (const xml::Node* f : r->ChildElements("file")) hrefs.push_back(f->AttributeOr("href"));
    if (type == qti12::kBlackboardPoolType) {
      std::string bb = r->AttributeOr("bb:file");
      if (bb.empty()) bb = r->AttributeOr("file");
      hrefs = {bb};
    }
    for (const std::string& href : hrefs) {
      bool is_non_cc = href.ends_with(".xml.qti") || href.starts_with(qti12::kNonCcFolder);
      bool is_qti = type == qti12::kQtiResourceType || type == qti12::kBlackboardPoolType;
      if (!is_non_cc && !is_qti) continue;
      if (href.ends_with("assessment_meta.xml")) continue;
      std::optional<std::string> path = Resolve(base, href);
      if (!path.has_value()) {
        return manifest_source.ErrorAt(r->offset, "resource href '" + href +
                                                      "' leaves the package (absolute, '..' or "
                                                      "a URL); expected a path inside it");
      }
      (is_non_cc ? non_cc : qti).emplace_back(r, *path);
    }
  }
  std::vector<std::pair<const xml::Node*, std::string>>& documents = non_cc.empty() ? qti : non_cc;
  if (documents.empty()) {
    return manifest_source.ErrorAt(manifest->offset,
                                   "the manifest names no QTI 1.2 document; expected a resource of "
                                   "type imsqti_xmlv1p2 (Canvas), a non_cc_assessments/ file "
                                   "(a Canvas course export) or an assessment/x-bb-qti-pool "
                                   "(Blackboard)");
  }
  std::set<std::string> seen;
  for (const auto& [resource, path] : documents) {
    if (!seen.insert(path).second) continue;  // each file once, however often it is named
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
      std::string folder =
          path.substr(0, path.rfind('/') == std::string::npos ? 0 : path.rfind('/'));
      status = ReadDocument(*source, file, ctx, [&files, &base, folder](const std::string& href) {
        return ReadNamedFile(files, href.starts_with("$web_resources/")
                                        ? Resolve(base, "web_resources/" + href.substr(15))
                                        : Resolve(folder, href));
      });
    }
    if (!status.ok()) {
      if (ctx.errors == nullptr) return status;
      ctx.errors->push_back(Diagnostic::FromStatus(status, files.DisplayPath(path)));
    }
  }
  return Status::Ok();
}

// Which flavour's package the names of a zip's files say, from the local headers in `head` (the
// first bytes of the archive): Blackboard's res00001.dat, Canvas's assessment_meta.xml or
// non_cc_assessments/ or .xml.qti; nullopt when neither.
std::optional<Flavour> ZipFlavour(std::string_view head) {
  bool manifest = false;
  std::optional<Flavour> found;
  for (size_t at = head.find("PK\x03\x04"); at != std::string_view::npos;
       at = head.find("PK\x03\x04", at + 4)) {
    if (at + 30 > head.size()) break;
    size_t length = static_cast<unsigned char>(head[at + 26]) |
                    (static_cast<size_t>(static_cast<unsigned char>(head[at + 27])) << 8);
    if (at + 30 + length > head.size()) break;
    std::string_view name = head.substr(at + 30, length);
    if (name == qti12::kManifestName) manifest = true;
    if (name.starts_with("res0") && name.ends_with(".dat")) found = Flavour::kBlackboard;
    // A quiz export's <id>/<id>.xml, its assessment_meta.xml; a course export's files.
    size_t slash = name.find('/');
    bool folder_named = slash != std::string_view::npos && name.ends_with(".xml") &&
                        name.substr(slash + 1) == std::string(name.substr(0, slash)) + ".xml";
    if (folder_named || name.ends_with("assessment_meta.xml") ||
        name.starts_with(qti12::kNonCcFolder) || name.ends_with(".xml.qti") ||
        name == "course_settings/canvas_export.txt") {
      found = found.value_or(Flavour::kCanvas);
    }
  }
  if (!manifest && found != Flavour::kCanvas) return std::nullopt;
  return found;
}

// Which flavour a manifest is, from its text.
std::optional<Flavour> ManifestFlavour(std::string_view content) {
  if (content.find(qti12::kBlackboardPoolType) != std::string_view::npos) {
    return Flavour::kBlackboard;
  }
  if (content.find("\"imsqti_xmlv1p2") != std::string_view::npos ||
      content.find("non_cc_assessments/") != std::string_view::npos) {
    return Flavour::kCanvas;
  }
  return std::nullopt;
}

// Blackboard's QTI 1.2 says so in its metadata.
bool LooksBlackboard(std::string_view content) {
  return content.find("<bbmd_") != std::string_view::npos;
}

}  // namespace

int Qti12Format::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (qti12::IsZip(content)) {
    std::optional<Flavour> f = ZipFlavour(content);
    return f == flavour_ ? 62 : 0;
  }
  std::string_view root = qti12::RootElementName(content);
  if (root == "questestinterop") {
    bool bb = LooksBlackboard(content);
    if (bb == (flavour_ == Flavour::kBlackboard)) return 96;
    return 90;
  }
  if (root == "manifest") return ManifestFlavour(content) == flavour_ ? 81 : 0;
  // A QTI 1.2 item, section or assessment without its <questestinterop> (as converters keep
  // single items): its own QTI 1.2 elements say so.
  if ((root == "item" || root == "section" || root == "assessment") &&
      content.find("<presentation") != std::string_view::npos &&
      (content.find("<response_") != std::string_view::npos ||
       content.find("<mattext") != std::string_view::npos)) {
    return LooksBlackboard(content) == (flavour_ == Flavour::kBlackboard) ? 60 : 0;
  }
  return 0;
}

bool Qti12Format::CanWriteBack(std::string_view /*path*/, std::string_view content) const {
  if (flavour_ != Flavour::kCanvas || qti12::IsZip(content)) return false;
  return qti12::RootElementName(content) == "questestinterop" && !LooksBlackboard(content);
}

Status Qti12Format::Import(const SourceText& source, ImportContext& ctx) const {
  std::string_view content = source.content();
  if (content.starts_with("PK")) {
    Result<zip::Archive> archive = zip::Archive::Open(content, source.path());
    if (!archive.ok()) return archive.status();
    ZipPackageFiles files(source.path(), std::move(archive).value());
    std::optional<std::string> manifest_path = files.FindManifest(qti12::kManifestName);
    if (!manifest_path.has_value()) {
      return Status::InvalidInput(source.path() +
                                  ": the zip archive has no imsmanifest.xml at its root; expected "
                                  "a Canvas quiz export, a course export or a Blackboard pool");
    }
    Result<std::string> manifest = files.Read(*manifest_path);
    if (!manifest.ok()) return manifest.status();
    auto manifest_source = std::make_shared<const SourceText>(files.DisplayPath(*manifest_path),
                                                              std::move(manifest).value());
    ctx.bank->AddSource(manifest_source);
    return ReadPackage(files, *manifest_path, *manifest_source, ctx);
  }
  if (qti12::RootElementName(content) == "manifest") {
    if (ctx.fs == nullptr) {
      return Status::Usage("reading a manifest's documents needs a file system").At(source.path());
    }
    std::string dir;
    if (size_t slash = source.path().rfind('/'); slash != std::string::npos) {
      dir = source.path().substr(0, slash);
    }
    FolderPackageFiles files(*ctx.fs, dir);
    return ReadPackage(files, std::string(qti12::kManifestName), source, ctx);
  }
  // A document alone: the pictures it names beside it on disk.
  FileReader beside;
  if (ctx.fs != nullptr) {
    std::string dir;
    if (size_t slash = source.path().rfind('/'); slash != std::string::npos) {
      dir = source.path().substr(0, slash);
    }
    beside = [&ctx, dir](const std::string& href) -> std::optional<std::string> {
      if (href.starts_with("$web_resources/")) return std::nullopt;
      std::optional<std::string> path = Resolve(dir, href);
      if (!path.has_value() && !dir.empty() && dir.front() == '/') {
        path = Resolve(dir.substr(1), href);
        if (path.has_value()) path = "/" + *path;
      }
      if (!path.has_value() || !ctx.fs->Exists(*path)) return std::nullopt;
      Result<std::string> bytes = ctx.fs->ReadFile(*path);
      if (!bytes.ok()) return std::nullopt;
      return std::move(bytes).value();
    };
  }
  return ReadDocument(source, ctx.file, ctx, std::move(beside));
}

bool Qti12Format::ClaimsDirectory(const FileSystem& fs, const std::string& dir) const {
  std::string path = dir;
  if (!path.empty() && path.back() != '/') path += '/';
  path += qti12::kManifestName;
  if (!fs.Exists(path) || fs.IsDirectory(path)) return false;
  Result<std::string> content = fs.ReadFile(path);
  return content.ok() && ManifestFlavour(*content) == flavour_;
}

Status Qti12Format::ImportDirectory(const std::string& dir, ImportContext& ctx) const {
  if (ctx.fs == nullptr) {
    return Status::Usage("reading a package folder needs a file system").At(dir);
  }
  FolderPackageFiles files(*ctx.fs, dir);
  Result<std::string> manifest = files.Read(std::string(qti12::kManifestName));
  if (!manifest.ok()) return manifest.status();
  auto source = std::make_shared<const SourceText>(
      files.DisplayPath(std::string(qti12::kManifestName)), std::move(manifest).value());
  ctx.bank->AddSource(source);
  return ReadPackage(files, std::string(qti12::kManifestName), *source, ctx);
}

std::vector<UnkeptContent> Qti12Format::Unkept(const SourceText& source) const {
  if (source.content().starts_with("PK")) return {};
  return UnkeptXml(source.content());
}

}  // namespace qbank::formats
