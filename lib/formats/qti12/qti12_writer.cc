// Writing QTI 1.2: a questestinterop document or a Canvas quiz package (qti12), a Blackboard pool
// package (blackboard-pool), through the xml/ and zip/ doors.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/lms_carrier.h"
#include "formats/media_files.h"
#include "formats/metadata_carrier.h"
#include "formats/qti12/qti12_format.h"
#include "formats/qti12/qti12_vocabulary.h"
#include "formats/question_names.h"
#include "markup/html_tree.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Value;
using qti12::Flavour;
using xml::Node;

const Value* Find(const Value& v, std::string_view key) {
  const Value* own = v.Find(std::string(qti12::kExtensionKey));
  return own == nullptr ? nullptr : own->Find(std::string(key));
}
std::string StringOr(const Value& v, std::string_view key, const std::string& fallback) {
  const Value* found = Find(v, key);
  return found != nullptr && found->is_string() ? found->as_string() : fallback;
}

Node TextElement(std::string name, const std::string& text) {
  Node n = Node::Element(std::move(name));
  if (!text.empty()) n.Append(Node::Text(text));
  return n;
}

// An identifier safe as an XML ident and as a package folder name.
std::string Sanitized(std::string_view id) {
  std::string out;
  for (char c : id) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-';
    out += ok ? c : '_';
  }
  if (out.empty() || !((out[0] >= 'a' && out[0] <= 'z') || (out[0] >= 'A' && out[0] <= 'Z'))) {
    out = "g" + out;
  }
  return out;
}

class ItemWriter {
 public:
  ItemWriter(Flavour flavour, LossReport& loss) : flavour_(flavour), loss_(loss) {}
  bool canvas() const { return flavour_ == Flavour::kCanvas; }

  // `q` as an <item>, or nullopt when the flavour has no item for it (reported).
  Result<std::optional<Node>> Write(const Question& q, const std::string& metadata) {
    html_ = q.markup == Markup::kHtml;
    if (q.type == QuestionType::kOther) return StoredItem(q);
    if (!canvas() && q.type == QuestionType::kDescription) {
      loss_.Drop("questions (description: a Blackboard pool has no text-only question)");
      return std::optional<Node>();
    }
    Node item = Node::Element("item");
    std::string id = q.id.empty() ? model::DeriveQuestionId(q) : q.id.value;
    std::string title = StringOr(q.extensions, "title", TitleToWrite(q));
    if (canvas()) {
      item.SetAttribute("ident", id);
      item.SetAttribute("title", title.empty() ? "Question" : title);
    } else {
      item.SetAttribute("title", title);
      item.SetAttribute("maxattempts", "0");
    }
    item.Append(Metadata(q, id, metadata));
    Node& presentation = item.Append(Node::Element("presentation"));
    Node resprocessing = Node::Element("resprocessing");
    if (!canvas()) resprocessing.SetAttribute("scoremodel", "SumOfScores");
    Node& outcomes = resprocessing.Append(Node::Element("outcomes"));
    Node& decvar = outcomes.Append(Node::Element("decvar"));
    decvar.SetAttribute("maxvalue", "100").SetAttribute("minvalue", "0");
    decvar.SetAttribute("varname", "SCORE").SetAttribute("vartype", "Decimal");
    std::vector<Node> feedback;

    std::string stem = q.stem.value;
    if (std::string after = TextAfterGap(q); !after.empty()) {
      stem = JoinAtGap(q.stem.value, kGapMarker, after);
    }
    Node* response_place = &presentation;
    if (canvas()) {
      presentation.Append(Material(stem));
    } else {
      Node& block = presentation.Append(Flow("Block"));
      Node& question = block.Append(Flow("QUESTION_BLOCK"));
      question.Append(Flow("FORMATTED_TEXT_BLOCK")).Append(Material(stem));
      response_place = &block.Append(Flow("RESPONSE_BLOCK"));
    }
    if (canvas() && !q.explanation.empty()) {
      resprocessing.Append(Condition(true, Other(), {}, "general_fb"));
      feedback.push_back(Feedback("general_fb", q.explanation.value, false));
    }
    QBANK_RETURN_IF_ERROR(WriteResponses(q, *response_place, resprocessing, feedback));
    WriteRightWrongFeedback(q, resprocessing, feedback);
    if (q.type != QuestionType::kDescription) item.Append(std::move(resprocessing));
    for (Node& f : feedback) item.Append(std::move(f));
    correct_feedback_.clear();
    return std::optional<Node>(std::move(item));
  }

 private:
  // A question of type other: the <item> the reader kept as written (Canvas only).
  // An item kept whole is written back by the flavour it came from (Blackboard's carry bbmd_
  // metadata): Canvas's multi-gap items, Blackboard's Ordering or Hot Spot.
  Result<std::optional<Node>> StoredItem(const Question& q) {
    const Value* stored = Find(q.extensions, "item");
    if (stored == nullptr || !stored->is_string() ||
        (stored->as_string().find("<bbmd_") != std::string::npos) == canvas()) {
      loss_.Drop("questions (other: no QTI 1.2 item for it)");
      return std::optional<Node>();
    }
    Result<std::vector<Node>> nodes = xml::ParseFragment(stored->as_string(), "extension");
    if (!nodes.ok()) return nodes.status();
    for (Node& n : *nodes) {
      if (n.is_element() && n.LocalName() == "item") return std::optional<Node>(std::move(n));
    }
    return Status::InvalidInput("extensions.qti12.item holds no <item>");
  }

  // The responses of `q`'s type, with the conditions that grade them and their feedback.
  Status WriteResponses(const Question& q, Node& response_place, Node& resprocessing,
                        std::vector<Node>& feedback) {
    switch (q.type) {
      case QuestionType::kSingleAnswer:
      case QuestionType::kMultipleAnswer:
      case QuestionType::kTrueFalse:
        WriteChoices(q, response_place, resprocessing, feedback);
        break;
      case QuestionType::kShortAnswer:
      case QuestionType::kNumerical:
        return WriteTyped(q, response_place, resprocessing, feedback);
      case QuestionType::kMatching:
        WriteMatching(q, response_place, resprocessing, feedback);
        break;
      case QuestionType::kEssay:
        if (StringOr(q.extensions, "question_type", "") != "file_upload_question") {
          response_place.Append(FillIn(q.type, canvas() ? "response1" : "response"));
        }
        resprocessing.Append(Condition(false, Other(), {}, ""));
        break;
      default:
        break;
    }
    return Status::Ok();
  }

  // Correct and incorrect feedback: Canvas's, kept as read; Blackboard's carries the
  // explanation (it has no general feedback).
  void WriteRightWrongFeedback(const Question& q, Node& resprocessing,
                               std::vector<Node>& feedback) {
    const std::string& explanation = q.explanation.value;
    const Value* fb = Find(q.extensions, "feedback");
    std::string kept_correct;
    std::string kept_incorrect;
    if (fb != nullptr) {
      if (const Value* c = fb->Find("correct"); c != nullptr && c->is_string()) {
        kept_correct = c->as_string();
      }
      if (const Value* c = fb->Find("incorrect"); c != nullptr && c->is_string()) {
        kept_incorrect = c->as_string();
      }
    }
    if (!canvas() && !explanation.empty()) {
      if (!kept_correct.empty() || !kept_incorrect.empty()) {
        loss_.Drop(
            "extensions.qti12.feedback (Blackboard's correct and incorrect feedback "
            "carry the explanation)");
      }
      kept_correct = kept_incorrect = explanation;
    }
    // The conditions that show them, where the question is scored; the feedback itself always
    // (Blackboard's essay shows it after grading).
    bool answered = q.type != QuestionType::kEssay && q.type != QuestionType::kDescription;
    if (!kept_correct.empty()) {
      std::string ident = canvas() ? "correct_fb" : "correct";
      feedback.push_back(Feedback(ident, kept_correct, false));
      if (answered) {
        correct_feedback_ = ident;
        AttachCorrectFeedback(resprocessing);
      }
    }
    if (!kept_incorrect.empty()) {
      std::string ident = canvas() ? "general_incorrect_fb" : "incorrect";
      if (answered) resprocessing.Append(Condition(true, Other(), {}, ident));
      feedback.push_back(Feedback(ident, kept_incorrect, false));
    }
  }

  Node Flow(std::string_view cls) const {
    Node n = Node::Element("flow");
    n.SetAttribute("class", std::string(cls));
    return n;
  }
  // A text's material, without white space at the text's ends, which the reader trims (GIFT's
  // ".\n" was written with its line break and the next export differed; round_trip_fuzz).
  Node Material(const std::string& value) const {
    Node material = Node::Element("material");
    const std::string text(Trim(value));
    if (canvas()) {
      Node& t = material.Append(TextElement("mattext", text));
      t.SetAttribute("texttype", html_ ? "text/html" : "text/plain");
    } else {
      Node& ext = material.Append(Node::Element("mat_extension"));
      Node& t = ext.Append(TextElement("mat_formattedtext", text));
      t.SetAttribute("type", html_ ? "HTML" : "PLAIN_TEXT");
    }
    return material;
  }
  Node Field(std::string_view label, const std::string& value) const {
    if (!canvas()) return TextElement(std::string(label), value);
    Node field = Node::Element("qtimetadatafield");
    field.Append(TextElement("fieldlabel", std::string(label)));
    field.Append(TextElement("fieldentry", value));
    return field;
  }

  Node Metadata(const Question& q, const std::string& id, const std::string& metadata) const {
    Node meta = Node::Element("itemmetadata");
    std::vector<Node> fields;
    double points = 1;
    if (const Value* p = Find(q.extensions, "points_possible");
        p != nullptr && (p->is_double() || p->is_int())) {
      points = p->as_double();
    }
    if (canvas()) {
      std::string type = StringOr(q.extensions, "question_type", "");
      if (type.empty() || q.type != QuestionType::kEssay) {
        type = std::string(qti12::CanvasTypeName(q.type));
      }
      fields.push_back(Field("question_type", type));
      fields.push_back(Field("points_possible", qti12::FormatNumber(points)));
      if (model::IsChoiceType(q.type)) {
        std::string ids;
        for (size_t i = 0; i < q.options.size(); ++i) {
          if (i > 0) ids += ',';
          ids += Ident(q, i);
        }
        fields.push_back(Field("original_answer_ids", ids));
      }
    } else {
      std::string type = StringOr(q.extensions, "bbmd_questiontype", "");
      if (type.empty() || qti12::BlackboardType(type) != q.type) {
        type = std::string(qti12::BlackboardTypeName(q.type));
      }
      const bool partial = HasPartialCredit(q);
      for (auto [label, value] : std::initializer_list<std::pair<std::string_view, std::string>>{
               {"bbmd_asi_object_id", id},
               {"bbmd_asitype", "Item"},
               {"bbmd_assessmenttype", "Pool"},
               {"bbmd_sectiontype", "Subsection"},
               {"bbmd_questiontype", type},
               {"bbmd_is_from_cartridge", "false"},
               {"bbmd_is_disabled", "false"},
               {"bbmd_negative_points_ind", "N"},
               {"bbmd_canvas_fullcrdt_ind", "false"},
               {"bbmd_all_fullcredit_ind", "false"},
               {"bbmd_numbertype", "none"},
               {"bbmd_partialcredit", partial ? "true" : "false"},
               {"bbmd_orientationtype", "vertical"},
               {"bbmd_is_extracredit", "false"},
               {"qmd_absolutescore_max", qti12::FormatNumber(points)},
               {"qmd_weighting", "0"},
               {"qmd_instructornotes", ""}}) {
        fields.push_back(Field(label, value));
      }
    }
    if (!TextAfterGap(q).empty()) fields.push_back(Field(qti12::kGapField, "true"));
    if (!q.domain->empty()) fields.push_back(Field(qti12::kDomainField, q.domain->value));
    for (const model::Text& t : q.tags) fields.push_back(Field(qti12::kTagField, t.value));
    if (!metadata.empty()) fields.push_back(Field(qti12::kMetadataField, metadata));
    if (canvas()) {
      Node& list = meta.Append(Node::Element("qtimetadata"));
      for (Node& f : fields) list.Append(std::move(f));
    } else {
      for (Node& f : fields) meta.Append(std::move(f));
    }
    return meta;
  }

  static std::string Ident(const Question& q, size_t i) {
    const Value* own = q.options[i].extensions.Find(std::string(qti12::kExtensionKey));
    const Value* id = own == nullptr ? nullptr : own->Find("ident");
    if (id != nullptr && id->is_string() && !id->as_string().empty()) return id->as_string();
    return qti12::DefaultIdent(i);
  }

  // True when a weight says something: a multiple-answer key's, or one other than its option's
  // default credit (100% for a key, 0% for a wrong option), as the readers keep them. GIFT's
  // "~%0%" alone says nothing: with it the first export scored each answer, the bank read back
  // had no weight, and its export was all or nothing (round_trip_fuzz).
  static bool HasPartialCredit(const Question& q) {
    for (const Option& o : q.options) {
      if (!o.weight.has_value()) continue;
      if (q.type == QuestionType::kMultipleAnswer && o.correct) return true;
      if (std::fabs(*o.weight - (o.correct ? 100.0 : 0.0)) > 1e-9) return true;
    }
    return false;
  }

  static Node Other() {
    Node var = Node::Element("conditionvar");
    var.Append(Node::Element("other"));
    return var;
  }
  static Node Equal(const std::string& respident, const std::string& value) {
    Node n = TextElement("varequal", value);
    n.SetAttribute("respident", respident);
    return n;
  }
  static Node Var(Node test) {
    Node var = Node::Element("conditionvar");
    var.Append(std::move(test));
    return var;
  }
  Node SetVar(double value, bool add) const {
    Node set = TextElement("setvar", qti12::FormatNumber(value));
    set.SetAttribute("action", add ? "Add" : "Set");
    set.SetAttribute(canvas() ? "varname" : "variablename", "SCORE");
    return set;
  }
  Node DisplayFeedback(const std::string& ident) const {
    Node n = Node::Element("displayfeedback");
    n.SetAttribute("feedbacktype", "Response").SetAttribute("linkrefid", ident);
    return n;
  }
  // A respcondition: `go_on` (continue="Yes") for feedback and added credit.
  Node Condition(bool go_on, Node var, std::optional<Node> set, const std::string& feedback) const {
    Node rc = Node::Element("respcondition");
    rc.SetAttribute("continue", go_on ? "Yes" : "No");
    rc.Append(std::move(var));
    if (set.has_value()) rc.Append(std::move(*set));
    if (!feedback.empty()) rc.Append(DisplayFeedback(feedback));
    return rc;
  }
  // The condition giving full credit gets the correct feedback.
  void AttachCorrectFeedback(Node& resprocessing) const {
    for (Node& rc : resprocessing.children) {
      if (!rc.is_element() || rc.LocalName() != "respcondition") continue;
      const Node* set = rc.FirstChild("setvar");
      if (set != nullptr && set->TextContent() == "100" && rc.AttributeOr("continue") == "No") {
        rc.Append(DisplayFeedback(correct_feedback_));
        return;
      }
    }
  }
  // An <itemfeedback>; `answer` for Blackboard's per-answer form (a solution).
  Node Feedback(const std::string& ident, const std::string& text, bool answer) const {
    Node fb = Node::Element("itemfeedback");
    fb.SetAttribute("ident", ident);
    if (canvas()) {
      fb.Append(Node::Element("flow_mat")).Append(Material(text));
      return fb;
    }
    fb.SetAttribute("view", "All");
    Node flow = Node::Element("flow_mat");
    flow.SetAttribute("class", "Block");
    Node& inner = flow.Append(Node::Element("flow_mat"));
    inner.SetAttribute("class", "FORMATTED_TEXT_BLOCK");
    inner.Append(Material(text));
    if (!answer) {
      fb.Append(std::move(flow));
      return fb;
    }
    Node& solution = fb.Append(Node::Element("solution"));
    solution.SetAttribute("view", "All").SetAttribute("feedbackstyle", "Complete");
    solution.Append(Node::Element("solutionmaterial")).Append(std::move(flow));
    return fb;
  }
  // The label of a choice or match.
  Node Label(const std::string& ident, const std::string& text) const {
    Node label = Node::Element("response_label");
    label.SetAttribute("ident", ident);
    if (canvas()) {
      label.Append(Material(text));
    } else {
      Node& flow = label.Append(Node::Element("flow_mat"));
      flow.SetAttribute("class", "FORMATTED_TEXT_BLOCK");
      flow.Append(Material(text));
    }
    return label;
  }
  Node Choices(std::vector<Node> labels) const {
    Node render = Node::Element("render_choice");
    render.SetAttribute("shuffle", "No");
    if (canvas()) {
      for (Node& l : labels) render.Append(std::move(l));
    } else {
      for (Node& l : labels) {
        Node& flow = render.Append(Node::Element("flow_label"));
        flow.SetAttribute("class", "Block");
        flow.Append(std::move(l));
      }
    }
    return render;
  }
  Node FillIn(QuestionType type, const std::string& rid) const {
    Node r = Node::Element("response_str");
    r.SetAttribute("ident", rid).SetAttribute("rcardinality", "Single");
    Node& render = r.Append(Node::Element("render_fib"));
    if (type == QuestionType::kNumerical) render.SetAttribute("fibtype", "Decimal");
    if (type == QuestionType::kEssay && !canvas()) {
      render.SetAttribute("rows", "8").SetAttribute("columns", "127");
    }
    Node& label = render.Append(Node::Element("response_label"));
    label.SetAttribute("ident", "answer1").SetAttribute("rshuffle", "No");
    return r;
  }
  std::string AnswerFeedbackIdent(const std::string& ident) const {
    return canvas() ? ident + "_fb" : ident;
  }

  void WriteChoices(const Question& q, Node& place, Node& rp, std::vector<Node>& feedback) {
    std::string rid = canvas() ? "response1" : "response";
    bool multiple = q.type == QuestionType::kMultipleAnswer;
    Node lid = Node::Element("response_lid");
    lid.SetAttribute("ident", rid).SetAttribute("rcardinality", multiple ? "Multiple" : "Single");
    std::vector<Node> labels;
    for (size_t i = 0; i < q.options.size(); ++i) {
      labels.push_back(Label(Ident(q, i), q.options[i].text.value));
    }
    lid.Append(Choices(std::move(labels)));
    place.Append(std::move(lid));
    // Each answer's feedback.
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      if (o.rationale->empty()) continue;
      std::string ident = Ident(q, i);
      rp.Append(Condition(true, Var(Equal(rid, ident)), {}, AnswerFeedbackIdent(ident)));
      feedback.push_back(Feedback(AnswerFeedbackIdent(ident), o.rationale->value, !canvas()));
    }
    const bool weighted = HasPartialCredit(q);
    std::vector<size_t> keys = q.KeyIndexes();
    if (!multiple) {
      for (size_t i = 0; i < q.options.size(); ++i) {
        const Option& o = q.options[i];
        double credit = o.weight.value_or(o.correct ? 100 : 0);
        if (o.correct && o.weight.has_value() && *o.weight != 100) {
          loss_.Drop("options.weight (a key with less than full credit)");
          credit = 100;
        }
        if (credit == 0 && !o.correct) continue;
        rp.Append(Condition(false, Var(Equal(rid, Ident(q, i))), SetVar(credit, false), ""));
      }
      return;
    }
    if (!weighted) {
      // Canvas's form: all the keys and none of the others.
      Node all = Node::Element("and");
      for (size_t i = 0; i < q.options.size(); ++i) {
        if (q.options[i].correct) {
          all.Append(Equal(rid, Ident(q, i)));
        } else {
          all.Append(Node::Element("not")).Append(Equal(rid, Ident(q, i)));
        }
      }
      rp.Append(Condition(false, Var(std::move(all)), SetVar(100, false), ""));
      return;
    }
    // Partial credit: each answer adds its share.
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      double credit = o.weight.value_or(o.correct ? 100.0 / static_cast<double>(keys.size()) : 0);
      if (credit == 0) continue;
      if ((credit > 0) != o.correct) loss_.Drop("options.weight (credit against the key mark)");
      rp.Append(Condition(true, Var(Equal(rid, Ident(q, i))), SetVar(credit, true), ""));
    }
  }

  // The string a learner types for an option: its text, or for HTML its text without markup
  // (entities read: "-&gt; 5" is typed "-> 5"), as the reader makes the value HTML again.
  // Elements in it are reported: a typed answer has none.
  std::string TypedAnswer(const std::string& value) {
    if (!html_) return value;
    bool elements = false;
    std::string text = markup::HtmlFragmentText(value, &elements);
    if (elements) loss_.Drop("options.text (markup in a typed answer; its text is written)");
    return text;
  }

  Status WriteTyped(const Question& q, Node& place, Node& rp, std::vector<Node>& feedback) {
    std::string rid = canvas() ? "response1" : "response";
    place.Append(FillIn(q.type, rid));
    size_t written = 0;  // the answers' feedback is numbered by the answers written
    for (size_t i = 0; i < q.options.size(); ++i) {
      const Option& o = q.options[i];
      double credit = o.weight.value_or(o.correct ? 100 : 0);
      Node var = Node::Element("conditionvar");
      if (o.text.empty()) {
        var.Append(Node::Element("other"));  // any other answer
      } else if (q.type == QuestionType::kShortAnswer) {
        var.Append(Equal(rid, TypedAnswer(o.text.value)));
      } else {
        const std::string typed = TypedAnswer(o.text.value);  // the answer's views point in it
        std::optional<model::NumericalAnswer> a = model::ParseNumericalAnswer(typed);
        if (!a.has_value()) {
          loss_.Drop("options (numerical answer that is not a number)");
          continue;
        }
        auto bound = [&](std::string_view tag, double v) {
          Node n = TextElement(std::string(tag), qti12::FormatNumber(v));
          n.SetAttribute("respident", rid);
          return n;
        };
        auto [low, high] = a->Interval();
        if (a->kind == model::NumericalAnswer::Kind::kValue) {
          var.Append(Equal(rid, std::string(a->first)));
        } else if (a->kind == model::NumericalAnswer::Kind::kTolerance) {
          Node& any = var.Append(Node::Element("or"));
          any.Append(Equal(rid, std::string(a->first)));
          Node& both = any.Append(Node::Element("and"));
          both.Append(bound("vargte", low));
          both.Append(bound("varlte", high));
        } else {
          var.Append(bound("vargte", low));
          var.Append(bound("varlte", high));
        }
      }
      std::string fb;
      ++written;
      if (!o.rationale->empty()) {
        fb = AnswerFeedbackIdent("answer" + std::to_string(written));
        feedback.push_back(Feedback(fb, o.rationale->value, !canvas()));
      }
      rp.Append(Condition(false, std::move(var), SetVar(credit, false), fb));
    }
    return Status::Ok();
  }

  void WriteMatching(const Question& q, Node& place, Node& rp, std::vector<Node>& feedback) {
    // Distinct, the items' first in the items' order, then the distractors' (options without
    // text), and the items numbered among themselves: as the reader gives them back (items,
    // then distractors). A distractor before an item came back after it, and the next export
    // numbered and ordered them anew (round_trip_fuzz, found for QTI 2.1).
    std::vector<std::string> matches;
    for (bool items : {true, false}) {
      for (const Option& o : q.options) {
        if (o.text.empty() == items) continue;
        std::string m = MatchOf(o);
        if (!m.empty() && std::find(matches.begin(), matches.end(), m) == matches.end()) {
          matches.push_back(m);
        }
      }
    }
    size_t items = 0;
    for (const Option& o : q.options) items += o.text.empty() ? 0 : 1;
    size_t item = 0;
    for (const Option& o : q.options) {
      if (o.text.empty()) continue;  // a distractor: a match alone
      std::string rid = "response_" + qti12::DefaultIdent(item++);
      Node lid = Node::Element("response_lid");
      lid.SetAttribute("ident", rid);
      lid.Append(Material(o.text.value));
      std::vector<Node> labels;
      for (size_t m = 0; m < matches.size(); ++m) {
        labels.push_back(Label(std::to_string(2000 + m), matches[m]));
      }
      lid.Append(Choices(std::move(labels)));
      place.Append(std::move(lid));
      std::string match = MatchOf(o);
      if (match.empty()) continue;
      size_t m = std::find(matches.begin(), matches.end(), match) - matches.begin();
      std::string fb;
      if (!o.rationale->empty()) {
        fb = AnswerFeedbackIdent(rid);
        feedback.push_back(Feedback(fb, o.rationale->value, !canvas()));
      }
      rp.Append(Condition(true, Var(Equal(rid, std::to_string(2000 + m))),
                          SetVar(100.0 / static_cast<double>(items), true), fb));
    }
  }

  Flavour flavour_;
  LossReport& loss_;
  bool html_ = false;
  std::string correct_feedback_;
};

bool EndsWith(std::string_view path, std::string_view ending) {
  if (path.size() < ending.size()) return false;
  std::string_view tail = path.substr(path.size() - ending.size());
  for (size_t i = 0; i < tail.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(tail[i])) != ending[i]) return false;
  }
  return true;
}

FieldSet HeldFields() {
  FieldSet held = {"id",
                   "domain",
                   "stem",
                   "explanation",
                   "tags",
                   "markup",
                   "options.rationale",
                   "options.weight",
                   "extensions",
                   "options.extensions." + std::string(qti12::kExtensionKey),
                   "bank.title"};
  held.insert(CarriedMetadataFields().begin(), CarriedMetadataFields().end());
  held.insert(CarriedBankFields().begin(), CarriedBankFields().end());
  return held;
}

// The manifest of a Canvas quiz export; `files` are the package's other files (pictures under
// web_resources/), each listed as a webcontent resource as Canvas lists its course files.
Node CanvasManifest(const std::string& ident, const std::string& title,
                    const std::vector<std::string>& files) {
  Node m = Node::Element("manifest");
  m.SetAttribute("identifier", ident + "_manifest");
  m.SetAttribute("xmlns", "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1");
  m.SetAttribute("xmlns:lom", "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource");
  m.SetAttribute("xmlns:imsmd", "http://www.imsglobal.org/xsd/imsmd_v1p2");
  m.SetAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
  m.SetAttribute("xsi:schemaLocation",
                 "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1 "
                 "http://www.imsglobal.org/xsd/imscp_v1p1.xsd "
                 "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/resource "
                 "http://www.imsglobal.org/profile/cc/ccv1p1/LOM/ccv1p1_lomresource_v1p0.xsd "
                 "http://www.imsglobal.org/xsd/imsmd_v1p2 "
                 "http://www.imsglobal.org/xsd/imsmd_v1p2p2.xsd");
  Node& meta = m.Append(Node::Element("metadata"));
  meta.Append(TextElement("schema", "IMS Content"));
  meta.Append(TextElement("schemaversion", "1.1.3"));
  Node& lom = meta.Append(Node::Element("imsmd:lom"));
  Node& general = lom.Append(Node::Element("imsmd:general"));
  general.Append(Node::Element("imsmd:title")).Append(TextElement("imsmd:string", title));
  m.Append(Node::Element("organizations"));
  Node& resources = m.Append(Node::Element("resources"));
  Node& quiz = resources.Append(Node::Element("resource"));
  quiz.SetAttribute("identifier", ident).SetAttribute("type", std::string(qti12::kQtiResourceType));
  quiz.Append(Node::Element("file")).SetAttribute("href", ident + "/" + ident + ".xml");
  quiz.Append(Node::Element("dependency")).SetAttribute("identifierref", ident + "_meta");
  Node& meta_res = resources.Append(Node::Element("resource"));
  meta_res.SetAttribute("identifier", ident + "_meta");
  meta_res.SetAttribute("type", std::string(qti12::kMetaResourceType));
  meta_res.SetAttribute("href", ident + "/assessment_meta.xml");
  meta_res.Append(Node::Element("file")).SetAttribute("href", ident + "/assessment_meta.xml");
  for (size_t i = 0; i < files.size(); ++i) {
    Node& file = resources.Append(Node::Element("resource"));
    file.SetAttribute("identifier", ident + "_file" + std::to_string(i + 1));
    file.SetAttribute("type", "webcontent");
    file.SetAttribute("href", files[i]);
    file.Append(Node::Element("file")).SetAttribute("href", files[i]);
  }
  return m;
}

// The pictures of a package's questions, written as files under web_resources/ and named in the
// items as Canvas names its course files ("$IMS-CC-FILEBASE$/media/x.png").
class PackagePictures {
 public:
  // `q` with its kept files moved into the package: each reference rewritten, extensions.media
  // removed.
  Question Take(const Question& q) {
    Question out = q;
    std::map<std::string, std::string> renamed;  // reference -> the item's src
    for (MediaFile& f : MediaFiles(q)) {
      std::string name = SafeMediaName(f.path);
      for (int n = 2; files_.count(name) && files_[name] != f.bytes; ++n) {
        name = std::to_string(n) + "-" + SafeMediaName(f.path);
      }
      if (!files_.count(name)) order_.push_back(name);
      files_[name] = std::move(f.bytes);
      renamed[f.path] = "$IMS-CC-FILEBASE$/media/" + name;
    }
    out.extensions.mutable_object().erase(std::string(kMediaKey));
    if (out.extensions.as_object().empty()) out.extensions = model::Value();
    auto rewrite = [&](model::Text& t) {
      if (t.value.empty()) return;
      if (q.markup == model::Markup::kHtml) {
        t.value = ReplaceImageSources(t.value, [&](std::string_view src) {
          auto it = renamed.find(std::string(src));
          return it == renamed.end() ? std::nullopt : std::optional<std::string>(it->second);
        });
        return;
      }
      for (const auto& [from, to] : renamed) {
        std::string pattern = "](" + from + ")";
        for (size_t at = t.value.find(pattern); at != std::string::npos;
             at = t.value.find(pattern, at + 1)) {
          t.value.replace(at, pattern.size(), "](" + to + ")");
        }
      }
    };
    rewrite(out.stem);
    rewrite(out.explanation);
    for (model::Option& o : out.options) {
      rewrite(o.text);
      if (o.rationale.present()) rewrite(*o.rationale);
    }
    return out;
  }

  // The files, as package paths, in the order first met.
  std::vector<std::string> Paths() const {
    std::vector<std::string> out;
    for (const std::string& name : order_) out.push_back("web_resources/media/" + name);
    return out;
  }
  void AddEntries(std::vector<zip::Entry>& entries) const {
    for (const std::string& name : order_) {
      entries.push_back({"web_resources/media/" + name, files_.at(name)});
    }
  }

 private:
  std::map<std::string, std::string> files_;  // name -> bytes
  std::vector<std::string> order_;
};

Node CanvasQuizMeta(const std::string& ident, const std::string& title, double points) {
  Node quiz = Node::Element("quiz");
  quiz.SetAttribute("identifier", ident);
  quiz.SetAttribute("xmlns", "http://canvas.instructure.com/xsd/cccv1p0");
  quiz.SetAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
  quiz.SetAttribute("xsi:schemaLocation",
                    "http://canvas.instructure.com/xsd/cccv1p0 "
                    "https://canvas.instructure.com/xsd/cccv1p0.xsd");
  for (auto [name, value] : std::initializer_list<std::pair<const char*, std::string>>{
           {"title", title},
           {"description", ""},
           {"shuffle_answers", "false"},
           {"scoring_policy", "keep_highest"},
           {"quiz_type", "assignment"},
           {"points_possible", qti12::FormatNumber(points)},
           {"show_correct_answers", "true"},
           {"anonymous_submissions", "false"},
           {"could_be_locked", "false"},
           {"allowed_attempts", "1"},
           {"one_question_at_a_time", "false"},
           {"cant_go_back", "false"},
           {"available", "false"},
           {"one_time_results", "false"},
           {"only_visible_to_overrides", "false"},
           {"module_locked", "false"}}) {
    quiz.Append(TextElement(name, value));
  }
  return quiz;
}

// A pool export's manifest: the pool (res00001) and the course it came from (res00002), as
// Blackboard Learn lists them.
Node BlackboardManifest(const std::string& title) {
  Node m = Node::Element("manifest");
  m.SetAttribute("identifier", "man00001");
  m.SetAttribute("xmlns:bb", std::string(qti12::kBlackboardNamespace));
  m.Append(Node::Element("organizations"));
  Node& resources = m.Append(Node::Element("resources"));
  for (auto [id, type] :
       {std::pair<std::string, std::string>{"res00001", std::string(qti12::kBlackboardPoolType)},
        {"res00002", "resource/x-mhhe-course-cx"}}) {
    Node& res = resources.Append(Node::Element("resource"));
    res.SetAttribute("bb:file", id + ".dat").SetAttribute("bb:title", title);
    res.SetAttribute("identifier", id);
    res.SetAttribute("type", type);
    res.SetAttribute("xml:base", id);
  }
  return m;
}

// The course a pool export names as its context (res00002.dat): Blackboard's import course id.
std::string BlackboardCourseContext() {
  Node context = Node::Element("parentContextInfo");
  context.Append(TextElement("parentContextId", "IMPORT"));
  return xml::Write(context);
}

// .bb-package-info, the Java properties file Blackboard Learn writes into every export package
// (and looks for to know a package as its own): the package format version, the operation, the
// course and the package's identifier (32 hex digits, here derived from the pool's title and id,
// so the same bank gives the same bytes). Blackboard's own adds its server's details and the
// time, which a file made elsewhere has no true value for.
std::string BlackboardPackageInfo(const std::string& title, const std::string& ident) {
  uint64_t h1 = 14695981039346656037ull;
  uint64_t h2 = 1099511628211ull;
  std::string hashed = title;
  hashed += '\0';
  hashed += ident;
  for (char c : hashed) {
    h1 = (h1 ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    h2 = (h2 ^ static_cast<unsigned char>(c)) * 14029467366897019727ull;
  }
  char id[33];
  std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(h1),
                static_cast<unsigned long long>(h2));
  return "#Bb PackageInfo Property File\n"
         "cx.package.info.version=6.0\n"
         "cx.config.operation=blackboard.apps.cx.CxConfig$Operation\\:EXPORT\n"
         "cx.config.course.id=IMPORT\n"
         "cx.config.package.identifier=" +
         std::string(id) +
         "\n"
         "cx.config.file.references=false\n";
}

// Blackboard's assessment-level metadata of a pool.
Node BlackboardPoolMetadata() {
  Node meta = Node::Element("assessmentmetadata");
  for (auto [name, value] : std::initializer_list<std::pair<const char*, std::string>>{
           {"bbmd_asi_object_id", "_qbank_1"},
           {"bbmd_asitype", "Assessment"},
           {"bbmd_assessmenttype", "Pool"},
           {"bbmd_sectiontype", "Subsection"},
           {"bbmd_questiontype", "Multiple Choice"},
           {"bbmd_is_from_cartridge", "false"},
           {"bbmd_is_disabled", "false"},
           {"bbmd_negative_points_ind", "N"},
           {"bbmd_canvas_fullcrdt_ind", "false"},
           {"bbmd_all_fullcredit_ind", "false"},
           {"bbmd_numbertype", "none"},
           {"bbmd_partialcredit", "false"},
           {"bbmd_orientationtype", "vertical"},
           {"bbmd_is_extracredit", "false"},
           {"qmd_absolutescore_max", "0"},
           {"qmd_weighting", "0"},
           {"qmd_instructornotes", ""}}) {
    meta.Append(TextElement(name, value));
  }
  return meta;
}

// The document around the items: <questestinterop>, the assessment's metadata (qbank's bank
// metadata `bank_metadata` among it) and an empty <section ident="root_section">.
Node Skeleton(bool canvas, const std::string& ident, const std::string& title,
              const std::string& bank_metadata) {
  Node root = Node::Element("questestinterop");
  if (canvas) {
    root.SetAttribute("xmlns", std::string(qti12::kCanvasNamespace));
    root.SetAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
    root.SetAttribute("xsi:schemaLocation", std::string(qti12::kCanvasSchemaLocation));
  }
  Node& assessment = root.Append(Node::Element("assessment"));
  if (canvas) assessment.SetAttribute("ident", ident);
  assessment.SetAttribute("title", title);
  if (canvas) {
    Node& meta = assessment.Append(Node::Element("qtimetadata"));
    Node& field = meta.Append(Node::Element("qtimetadatafield"));
    field.Append(TextElement("fieldlabel", "cc_maxattempts"));
    field.Append(TextElement("fieldentry", "1"));
    if (!bank_metadata.empty()) {
      Node& carried = meta.Append(Node::Element("qtimetadatafield"));
      carried.Append(TextElement("fieldlabel", std::string(qti12::kBankMetadataField)));
      carried.Append(TextElement("fieldentry", bank_metadata));
    }
  } else {
    Node& meta = assessment.Append(BlackboardPoolMetadata());
    if (!bank_metadata.empty()) {
      meta.Append(TextElement(std::string(qti12::kBankMetadataField), bank_metadata));
    }
  }
  Node& section_node = assessment.Append(Node::Element("section"));
  section_node.SetAttribute("ident", "root_section");
  return root;
}

// Whether a numerical question's answer can be written: a number, a range or a tolerance, as
// the learner types it (an HTML question's answer without its markup), or nothing (any other
// answer).
bool WritableNumericalAnswer(const Question& q, const Option& o) {
  if (o.text.empty()) return true;
  std::string typed =
      q.markup == model::Markup::kHtml ? markup::HtmlFragmentText(o.text.value) : o.text.value;
  return model::ParseNumericalAnswer(typed).has_value();
}

// A numerical question without the answers that are not numbers (GIFT's "*"), each reported,
// when it has any. They are left out before the question is prepared, so that what the metadata
// carries and the numbering of the answers' feedback are those of the answers written: numbered
// by the options' places, a package read back numbered them anew and the next export differed
// (round_trip_fuzz).
std::optional<Question> WithoutUnwritableAnswers(const Question& q, LossReport& loss) {
  if (q.type != QuestionType::kNumerical ||
      std::all_of(q.options.begin(), q.options.end(),
                  [&](const Option& o) { return WritableNumericalAnswer(q, o); })) {
    return std::nullopt;
  }
  Question kept = q;
  kept.options.clear();
  for (const Option& o : q.options) {
    if (WritableNumericalAnswer(q, o)) {
      kept.options.push_back(o);
    } else {
      loss.Drop("options (numerical answer that is not a number)");
    }
  }
  return kept;
}

// Each question of `bank` as an <item> appended to `section`; the points they are worth. In a
// Canvas package (`pictures` not null) a question's kept pictures move into the package.
Result<double> WriteItems(const model::Bank& bank, Flavour flavour, const FieldSet& held,
                          PackagePictures* pictures, xml::StreamWriter& section, LossReport& loss) {
  LmsCarrier carrier;
  carrier.own_extension = qti12::kExtensionKey;
  carrier.value_tolerance_numbers = true;
  carrier.trims_texts = true;
  ItemWriter writer(flavour, loss);
  double points = 0;
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    Question packaged;
    bool moved = pictures != nullptr && bank.questions[i].extensions.Find(std::string(kMediaKey));
    if (moved) packaged = pictures->Take(bank.questions[i]);
    const Question& q = moved ? packaged : bank.questions[i];
    LossReport::QuestionScope scope(loss, q);
    ReportQuestionLoss(WithoutSharedExtensions(q, true, true, true), held, loss);
    // Text after a gap that the reader would not split off again (HTML halves that do not stand
    // alone) joins the question text here, once, and the gap field is not written: the reader
    // keeps the sentence whole, as the next export writes it (round_trip_fuzz).
    std::optional<Question> numbers = WithoutUnwritableAnswers(q, loss);
    const Question& source = numbers.has_value() ? *numbers : q;
    Question joined;
    const Question* shown = &source;
    if (!TextAfterGap(q).empty() && q.markup != model::Markup::kMarkdown && !GapReadsBackApart(q)) {
      joined = WithGapJoined(source, "the text around the gap does not read back apart", loss);
      shown = &joined;
    }
    LmsQuestion written = PrepareForLms(*shown, carrier, loss);
    Result<std::optional<Node>> item =
        writer.Write(written.shown, written.metadata.empty() ? "" : OneLineJson(written.metadata));
    if (item.ok() && item->has_value()) {
      if (Status writable = xml::CheckWritable(**item); !writable.ok()) item = writable;
    }
    if (!item.ok()) {
      return Status::InvalidInput("question " + std::to_string(i + 1) +
                                  (q.id.empty() ? "" : " (" + q.id.value + ")") + ": " +
                                  item.status().ToString());
    }
    if (!item->has_value()) continue;
    if (q.type != QuestionType::kDescription) points += 1;
    section.Append(**item);
  }
  return points;
}

// The package: Canvas's quiz export (manifest, assessment_meta.xml, the quiz) or a Blackboard
// pool (manifest, res00001.dat).
Result<std::string> Package(bool canvas, const std::string& ident, const std::string& title,
                            double points, std::string document, const PackagePictures& pictures) {
  std::vector<zip::Entry> entries;
  if (canvas) {
    entries.push_back({std::string(qti12::kManifestName),
                       xml::Write(CanvasManifest(ident, title, pictures.Paths()))});
    // The small files first: a reader that sees only the archive's first bytes (format
    // detection) finds every name but the last.
    entries.push_back(
        {ident + "/assessment_meta.xml", xml::Write(CanvasQuizMeta(ident, title, points))});
    entries.push_back({ident + "/" + ident + ".xml", std::move(document)});
    pictures.AddEntries(entries);
  } else {
    entries.push_back({std::string(qti12::kManifestName), xml::Write(BlackboardManifest(title))});
    entries.push_back({".bb-package-info", BlackboardPackageInfo(title, ident)});
    entries.push_back({"res00002.dat", BlackboardCourseContext()});
    entries.push_back({"res00001.dat", std::move(document)});
  }
  return zip::Write(entries);
}

}  // namespace

Result<std::string> Qti12Format::Export(const model::Bank& bank, const ExportOptions& options,
                                        LossReport& loss) const {
  bool canvas = flavour_ == Flavour::kCanvas;
  bool package =
      !canvas || EndsWith(options.output_path, ".zip") || EndsWith(options.output_path, ".imscc");
  FieldSet held = HeldFields();
  ReportBankLoss(bank, held, loss);
  // Canvas needs a title; qbank's placeholder reads back as none.
  std::string title = bank.title.empty() ? "qbank" : bank.title.value;
  if (bank.title.value == "qbank") loss.Drop("bank.title");
  std::string bank_metadata = BankMetadataJson(bank);
  if (!bank_metadata.empty()) bank_metadata = OneLineJson(bank_metadata);
  std::string ident = Sanitized(bank.id.empty() ? "qbank" : bank.id.value);

  Node root = Skeleton(canvas, ident, title, bank_metadata);
  const Node& section_node = root.children.back().children.back();  // the empty section
  // Item by item, so a large bank never becomes one XML tree; the section is spliced into the
  // document's skeleton afterwards.
  xml::WriteOptions section_options;
  section_options.declaration = false;
  xml::StreamWriter section(section_node, section_options);
  PackagePictures pictures;
  Result<double> points =
      WriteItems(bank, flavour_, held, package && canvas ? &pictures : nullptr, section, loss);
  if (!points.ok()) return points.status();
  if (Status writable = xml::CheckWritable(root); !writable.ok()) {
    return Status::InvalidInput("the bank's title: " + writable.ToString());
  }
  std::string document = xml::Write(root);
  // An attribute value cannot hold '<', so the empty section is found only where it stands.
  const std::string empty_section = "<section ident=\"root_section\"/>";
  size_t at = document.find(empty_section);
  std::string items = section.Finish();
  while (!items.empty() && items.back() == '\n') items.pop_back();
  if (at != std::string::npos) document.replace(at, empty_section.size(), items);
  if (!package) return document;
  return Package(canvas, ident, title, *points, std::move(document), pictures);
}

}  // namespace qbank::formats
