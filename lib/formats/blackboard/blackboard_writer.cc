// Blackboard upload text written one question a line, each question as the Blackboard type that
// holds it, with a loss report for what the upload text has no field for.
#include <utility>

#include "base/utf8_text.h"
#include "formats/blackboard/blackboard_format.h"
#include "formats/field_loss.h"
#include "formats/lms_carrier.h"
#include "formats/lms_values.h"
#include "formats/question_names.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using model::QuestionType;

// Blackboard shows HTML; the upload text has no place for qbank's carrier, so a Markdown draft
// is written as its rendering and reported.
const LmsCarrier& Carrier() {
  static const LmsCarrier kCarrier = [] {
    LmsCarrier c;
    c.own_extension = blackboard::kExtension;
    c.has_place = false;
    c.says_html = false;  // a question is HTML when a text holds an element
    c.trims_texts = true;
    return c;
  }();
  return kCarrier;
}

// One field: in double quotes (inner quotes doubled) when it holds a tab, a line break or starts
// with a quote, as a spreadsheet writes tab-delimited text; as it is otherwise.
std::string FieldText(std::string_view value) {
  bool quote = !value.empty() && value.front() == '"';
  for (char c : value) quote = quote || c == '\t' || c == '\n' || c == '\r';
  if (!quote) return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    if (c == '"') out += '"';
    if (c == '\r') continue;
    out += c;
  }
  out += '"';
  return out;
}

const model::Value* Extension(const model::Question& q) {
  return OwnExtension(q.extensions, blackboard::kExtension);
}

std::string ExtensionString(const model::Question& q, const std::string& key) {
  return OwnExtensionString(q.extensions, blackboard::kExtension, key);
}

class BlackboardWriter {
 public:
  explicit BlackboardWriter(LossReport& loss) : loss_(loss) {}

  void Write(const model::Question& original) {
    LossReport::QuestionScope scope(loss_, original);
    if (original.type == QuestionType::kDescription) {
      loss_.Drop("questions of type description (the upload text has no text-only item)");
      return;
    }
    LmsQuestion written = PrepareForLms(original, Carrier(), loss_);
    const model::Question& q = written.shown;
    bool gap = false;
    std::string stem = q.stem.value;
    if (std::string after = TextAfterGap(q); !after.empty()) {
      // A missing-word sentence: Blackboard has no gap in a choice question, so the sentence is
      // written whole with the gap marked.
      stem = JoinAtGap(stem, kGapMarker, after);
      loss_.Drop("extensions.gift.blank_after (the gap written as _____ in the question text)");
      gap = true;
    }
    if (Trim(stem).empty()) {
      loss_.Drop("questions without a question text (Blackboard needs one)");
      return;
    }
    std::vector<std::string> fields = Fields(q, stem);
    if (fields.empty()) return;  // dropped, and said so
    if (q.markup == model::Markup::kPlain) {
      bool html = false;
      for (size_t i = 1; i < fields.size(); ++i)
        html = html || blackboard::HasHtmlElement(fields[i]);
      if (html) loss_.Drop("markup (plain text that Blackboard reads as HTML)");
    }
    static const FieldSet kHeld = {"stem", "markup", "extensions.blackboard"};
    bool matches = q.type == QuestionType::kMatching;
    ReportQuestionLoss(WithoutSharedExtensions(q, /*titles=*/false, gap, matches), kHeld, loss_);
    std::string line;
    for (size_t i = 0; i < fields.size(); ++i) {
      if (i > 0) line += '\t';
      line += FieldText(fields[i]);
    }
    out_ += line + '\n';
  }

  std::string Take() { return std::move(out_); }

 private:
  // The upload fields of `q` with question text `stem`, from its type to its last answer; empty
  // when the upload text cannot hold the question (the loss report says why).
  std::vector<std::string> Fields(const model::Question& q, const std::string& stem) {
    switch (q.type) {
      case QuestionType::kSingleAnswer:
      case QuestionType::kMultipleAnswer:
      case QuestionType::kTrueFalse:
        return ChoiceFields(q, stem);
      case QuestionType::kShortAnswer:
        return ShortAnswerFields(q, stem);
      case QuestionType::kNumerical:
        return NumericalFields(q, stem);
      case QuestionType::kMatching:
        return MatchingFields(q, stem);
      case QuestionType::kEssay:
        return EssayFields(q, stem);
      case QuestionType::kOther:
      case QuestionType::kDescription:
        return OtherFields(q, stem);
    }
    return {};
  }

  // TF when the options are True and False with one key, else MC or MA.
  std::vector<std::string> ChoiceFields(const model::Question& q, const std::string& stem) {
    size_t keys = q.KeyIndexes().size();
    bool tf = q.type == QuestionType::kTrueFalse && q.options.size() == 2 && keys == 1 &&
              q.options[0].text.value == "True" && q.options[1].text.value == "False";
    if (tf) return {"TF", stem, q.options[0].correct ? "true" : "false"};
    if (q.type == QuestionType::kTrueFalse) loss_.Drop("type (true/false written as MC)");
    bool single = q.type != QuestionType::kMultipleAnswer;
    if (q.options.size() < 2 || keys == 0 || (single && keys != 1)) {
      loss_.Drop(single ? "questions without two options and one key (MC needs them)"
                        : "questions without two options and a key (MA needs them)");
      return {};
    }
    if (HasBlankText(q, false)) {
      loss_.Drop("questions with an empty option (Blackboard refuses the line)");
      return {};
    }
    std::vector<std::string> fields = {single ? "MC" : "MA", stem};
    for (const model::Option& o : q.options) {
      fields.push_back(o.text.value);
      fields.push_back(o.correct ? "correct" : "incorrect");
    }
    return fields;
  }

  // FIB: the accepted answers.
  std::vector<std::string> ShortAnswerFields(const model::Question& q, const std::string& stem) {
    if (q.options.empty() || q.KeyIndexes().empty() || HasBlankText(q, false) == q.options.size()) {
      loss_.Drop("questions without an accepted answer (FIB needs one)");
      return {};
    }
    std::vector<std::string> fields = {"FIB", stem};
    for (const model::Option& o : q.options) {
      if (!o.correct || Trim(o.text.value).empty()) {
        loss_.Drop("options (wrong or empty answers of a short-answer question)");
        continue;
      }
      fields.push_back(o.text.value);
    }
    return fields;
  }

  // NUM: a value and a tolerance.
  std::vector<std::string> NumericalFields(const model::Question& q, const std::string& stem) {
    if (q.options.empty()) {
      loss_.Drop("questions without an answer (NUM needs one)");
      return {};
    }
    std::optional<model::NumericalAnswer> a = model::ParseNumericalAnswer(q.options[0].text.value);
    if (!a) {
      loss_.Drop("questions whose numerical answer is not a number");
      return {};
    }
    std::vector<std::string> fields = {"NUM", stem};
    if (a->kind == model::NumericalAnswer::Kind::kValue) {
      fields.emplace_back(a->first);
    } else if (a->kind == model::NumericalAnswer::Kind::kTolerance) {
      fields.emplace_back(a->first);
      fields.emplace_back(a->second);
    } else {
      // Blackboard takes a value and a tolerance: the range's middle and half its width.
      auto [low, high] = a->Interval();
      if (high < low) {
        // GIFT takes "{#1..-0.05}", which no response falls in; a tolerance is not negative.
        std::swap(low, high);
        loss_.Drop("options.text (a range with its bounds reversed, written minimum first)");
      }
      fields.push_back(ShortestNumber((low + high) / 2));
      fields.push_back(ShortestNumber((high - low) / 2));
      loss_.Drop("options.text (a range written as its middle and a tolerance)");
    }
    if (q.options.size() > 1) {
      loss_.Drop("options (numerical answers after the first: NUM holds one)",
                 q.options.size() - 1);
    }
    return fields;
  }

  // MAT: each item and its match.
  std::vector<std::string> MatchingFields(const model::Question& q, const std::string& stem) {
    if (q.options.empty() || HasBlankText(q, true)) {
      loss_.Drop("questions without pairs, or with an empty item or match (MAT needs them)");
      return {};
    }
    std::vector<std::string> fields = {"MAT", stem};
    for (const model::Option& o : q.options) {
      fields.push_back(o.text.value);
      fields.push_back(MatchOf(o));
    }
    return fields;
  }

  // ESS or SR (as read), with the sample answer.
  std::vector<std::string> EssayFields(const model::Question& q, const std::string& stem) {
    bool sr = ExtensionString(q, "type") == "SR";
    std::vector<std::string> fields = {sr ? "SR" : "ESS", stem};
    std::string sample = ExtensionString(q, "sample");
    if (!sample.empty()) fields.push_back(sample);
    if (!q.options.empty()) loss_.Drop("options (an essay has none)", q.options.size());
    return fields;
  }

  // ORD, or a type the model has no place for, written back with the fields it was read with.
  std::vector<std::string> OtherFields(const model::Question& q, const std::string& stem) {
    std::string type = ExtensionString(q, "type");
    if (type == "ORD") {
      if (q.options.size() < 2 || HasBlankText(q, false)) {
        loss_.Drop("questions without two answers to order, or with an empty one");
        return {};
      }
      std::vector<std::string> fields = {"ORD", stem};
      for (const model::Option& o : q.options) fields.push_back(o.text.value);
      return fields;
    }
    const model::Value* ext = Extension(q);
    const model::Value* raw = ext != nullptr ? ext->Find("fields") : nullptr;
    if (!blackboard::IsQuestionType(type) || type == "MC" || type == "MA" || type == "TF") {
      loss_.Drop("questions of type other (not read from Blackboard)");
      return {};
    }
    std::vector<std::string> fields = {type, stem};
    if (raw != nullptr && raw->is_array()) {
      for (const model::Value& v : raw->as_array()) {
        fields.push_back(v.is_string() ? v.as_string() : "");
      }
    }
    if (!q.options.empty()) loss_.Drop("options (" + type + " keeps its fields as read)");
    return fields;
  }

  // How many options of `q` have a blank text (or, with `matches`, a blank match): Blackboard
  // refuses a line with an empty answer field.
  static size_t HasBlankText(const model::Question& q, bool matches) {
    size_t n = 0;
    for (const model::Option& o : q.options) {
      if (Trim(o.text.value).empty() || (matches && Trim(MatchOf(o)).empty())) ++n;
    }
    return n;
  }

  LossReport& loss_;
  std::string out_;
};

}  // namespace

Result<std::string> BlackboardFormat::Export(const model::Bank& bank,
                                             const ExportOptions& /*options*/,
                                             LossReport& loss) const {
  ReportBankLoss(bank, FieldSet{}, loss);
  BlackboardWriter writer(loss);
  for (const model::Question& q : bank.questions) writer.Write(q);
  return writer.Take();
}

}  // namespace qbank::formats
