// Brightspace's CSV template written from a bank: one block of rows per question, as the
// template's own samples lay them out (five cells a row), with qbank's metadata comment rows.
#include "base/utf8_text.h"
#include "formats/brightspace/brightspace_format.h"
#include "formats/csv/csv_table.h"
#include "formats/field_loss.h"
#include "formats/lms_values.h"
#include "formats/metadata_carrier.h"
#include "formats/question_names.h"

namespace qbank::formats {
namespace {

using model::QuestionType;

const model::Value* Extension(const model::Value& extensions) {
  return OwnExtension(extensions, brightspace::kExtension);
}

std::string ExtensionString(const model::Value& extensions, const std::string& key) {
  return OwnExtensionString(extensions, brightspace::kExtension, key);
}

class BrightspaceWriter {
 public:
  explicit BrightspaceWriter(LossReport& loss) : loss_(loss) {}

  void WriteBank(const model::Bank& bank) {
    model::Bank fields = bank;
    if (const model::Value* ext = Extension(bank.extensions)) {
      model::Value copy = *ext;
      copy.mutable_object().erase("comments");
      if (copy.as_object().empty()) {
        fields.extensions.mutable_object().erase(std::string(brightspace::kExtension));
        if (fields.extensions.as_object().empty()) fields.extensions = model::Value();
      } else {
        fields.extensions[std::string(brightspace::kExtension)] = copy;
      }
    }
    std::string json = BankMetadataJson(fields);
    if (!json.empty()) Row({std::string(brightspace::kBankMetaPrefix) + " " + OneLineJson(json)});
    ReportBankLoss(fields, CarriedBankFields(), loss_);
  }

  void Write(const model::Question& original) {
    LossReport::QuestionScope scope(loss_, original);
    std::string type = TypeOf(original);
    if (type.empty()) return;
    // The difficulty has its row; it does not travel in the carrier too.
    model::Question without_difficulty = original;
    without_difficulty.difficulty = model::Text();
    LmsQuestion written = PrepareForLms(without_difficulty, brightspace::Carrier(), loss_);
    written.shown.difficulty = original.difficulty;
    const model::Question& q = written.shown;
    if (Trim(q.stem.value).empty()) {
      // Brightspace refuses a question without text, and so does the reader: written, the file
      // did not read back.
      loss_.Drop("questions without a question text (Brightspace needs one)");
      return;
    }
    html_ = q.markup == model::Markup::kHtml;
    if (!out_.empty()) Row({});
    if (const model::Value* ext = Extension(q.extensions)) {
      if (const model::Value* c = ext->Find("comments"); c != nullptr && c->is_array()) {
        for (const model::Value& v : c->as_array()) {
          if (v.is_string()) Row({v.as_string()});
        }
      }
    }
    Row({"NewQuestion", type});
    if (!written.metadata.empty()) {
      Row({std::string(brightspace::kQuestionMetaPrefix) + " " + OneLineJson(written.metadata)});
    }
    std::string title = ExtensionString(q.extensions, "title");
    // The id unless reading the block back derives it again from the content.
    if (!q.id.empty() && q.id.value != model::DeriveQuestionId(q)) Row({"ID", q.id.value});
    if (!title.empty()) Row({"Title", title});
    if (type != "FIB") Row(WithFlag({"QuestionText", q.stem.value}));
    Optional(q, "Points", "points");
    if (!q.difficulty->empty()) Row({"Difficulty", q.difficulty->value});
    Optional(q, "Image", "image");
    Optional(q, "Scoring", "scoring");
    AnswerRows(type, q);
    Optional(q, "Hint", "hint");
    if (!q.explanation.empty()) Row(WithFlag({"Feedback", q.explanation.value}));
    FieldSet held = {"id",
                     "stem",
                     "explanation",
                     "difficulty",
                     "markup",
                     "options.rationale",
                     "options.weight",
                     "extensions.brightspace",
                     "options.extensions.brightspace"};
    for (const std::string& f : CarriedMetadataFields()) held.insert(f);
    held.insert("extensions");  // other formats' extensions travel in the carrier
    bool gap = type == "FIB";
    bool matches = type == "M";
    ReportQuestionLoss(WithoutSharedExtensions(q, /*titles=*/false, gap, matches), held, loss_);
  }

  // The comment rows after the last question (they belong to no question), then the text.
  std::string Take(const model::Bank& bank) {
    if (const model::Value* ext = Extension(bank.extensions)) {
      if (const model::Value* c = ext->Find("comments"); c != nullptr && c->is_array()) {
        if (!out_.empty()) Row({});
        for (const model::Value& v : c->as_array()) {
          if (v.is_string()) Row({v.as_string()});
        }
      }
    }
    return std::move(out_);
  }

 private:
  // The rows of template type `type` that hold `q`'s answers.
  void AnswerRows(const std::string& type, const model::Question& q) {
    if (type == "MC" || type == "MS") {
      ChoiceRows(type, q);
    } else if (type == "TF") {
      TrueFalseRows(q);
    } else if (type == "SA") {
      ShortAnswerRows(q);
    } else if (type == "FIB") {
      BlankRows(q);
    } else if (type == "M") {
      MatchRows(q);
    } else if (type == "O") {
      for (const model::Option& o : q.options) {
        Row({"Item", o.text.value, html_ ? "HTML" : "NOT HTML", o.rationale->value});
      }
    } else if (type == "WR") {
      Optional(q, "InitialText", "initial_text");
      Optional(q, "AnswerKey", "answer_key");
      if (!q.options.empty()) loss_.Drop("options (an essay has none)", q.options.size());
    }
  }

  // MC and MS: an Option row each, with its weight (100 or 1 for a key when none is set).
  void ChoiceRows(const std::string& type, const model::Question& q) {
    for (const model::Option& o : q.options) {
      double weight = o.weight ? *o.weight : (o.correct ? (type == "MS" ? 1 : 100) : 0);
      if (type == "MS" && o.correct && o.weight && *o.weight == 0) weight = 1;
      std::vector<std::string> row = {"Option", ShortestNumber(weight), o.text.value,
                                      html_ ? "HTML" : "", o.rationale->value};
      if (html_ && !o.rationale->empty()) row.push_back("HTML");
      Row(row);
    }
  }

  // TF: the TRUE and FALSE rows.
  void TrueFalseRows(const model::Question& q) {
    for (size_t i = 0; i < 2; ++i) {
      const model::Option& o = q.options[i];
      double weight = o.weight ? *o.weight : (o.correct ? 100 : 0);
      Row(WithFlag({i == 0 ? "TRUE" : "FALSE", ShortestNumber(weight), o.rationale->value}));
    }
  }

  // SA: the input box and an Answer row per accepted answer.
  void ShortAnswerRows(const model::Question& q) {
    Optional(q, "InputBox", "input_box", /*split=*/true);
    for (const model::Option& o : q.options) {
      if (!o.correct) {
        loss_.Drop("options (wrong answers of a short-answer question)");
        continue;
      }
      Row({"Answer", ShortestNumber(o.weight ? *o.weight : 100), o.text.value, Regexp(o)});
      if (!o.rationale->empty()) loss_.Drop("options.rationale (short answers have none)");
    }
  }

  // FIB: the text before the gap, a Blank row per answer, the text after it.
  void BlankRows(const model::Question& q) {
    Row(WithFlag({"Text", q.stem.value}));
    for (const model::Option& o : q.options) {
      Row({"Blank", ShortestNumber(o.weight ? *o.weight : 100), o.text.value, Regexp(o)});
      if (!o.rationale->empty()) loss_.Drop("options.rationale (blanks have none)");
    }
    Row(WithFlag({"Text", TextAfterGap(q)}));
  }

  // M: the Choice rows, then the Match rows by number.
  void MatchRows(const model::Question& q) {
    for (size_t i = 0; i < q.options.size(); ++i) {
      Row(WithFlag({"Choice", std::to_string(i + 1), q.options[i].text.value}));
    }
    for (size_t i = 0; i < q.options.size(); ++i) {
      Row(WithFlag({"Match", std::to_string(i + 1), MatchOf(q.options[i])}));
      if (!q.options[i].rationale->empty()) loss_.Drop("options.rationale (pairs have none)");
      if (q.options[i].weight) loss_.Drop("options.weight (pairs have none)");
    }
  }

  // The template type that holds `q`, "" (and the question reported) when none does.
  std::string TypeOf(const model::Question& q) {
    bool gap = !TextAfterGap(q).empty();
    switch (q.type) {
      case QuestionType::kSingleAnswer:
        if (gap) {
          loss_.Drop(
              "questions (a missing word among choices: Brightspace's FIB takes typed "
              "answers)");
          return "";
        }
        return "MC";
      case QuestionType::kMultipleAnswer:
        return "MS";
      case QuestionType::kTrueFalse:
        if (q.options.size() == 2 && q.options[0].text.value == "True" &&
            q.options[1].text.value == "False") {
          return "TF";
        }
        loss_.Drop("type (true/false with other options than True and False, written as MC)");
        return "MC";
      case QuestionType::kShortAnswer:
        return gap ? "FIB" : "SA";
      case QuestionType::kMatching:
        return "M";
      case QuestionType::kEssay:
        return "WR";
      case QuestionType::kOther:
        if (ExtensionString(q.extensions, "type") == "O") return "O";
        loss_.Drop("questions of type other (not read from Brightspace)");
        return "";
      case QuestionType::kNumerical:
        loss_.Drop("questions of type numerical (the CSV template has no arithmetic type)");
        return "";
      case QuestionType::kDescription:
        loss_.Drop("questions of type description (the CSV template has no text item)");
        return "";
    }
    return "";
  }

  std::string Regexp(const model::Option& o) {
    const model::Value* ext = Extension(o.extensions);
    const model::Value* v = ext != nullptr ? ext->Find("regexp") : nullptr;
    return v != nullptr && v->is_bool() && v->as_bool() ? "regexp" : "";
  }

  std::vector<std::string> WithFlag(std::vector<std::string> row) {
    if (html_) row.push_back("HTML");
    return row;
  }

  void Optional(const model::Question& q, const char* row, const char* key, bool split = false) {
    std::string v = ExtensionString(q.extensions, key);
    if (v.empty()) return;
    if (split) {
      size_t comma = v.find(',');
      Row({row, v.substr(0, comma), comma == std::string::npos ? "" : v.substr(comma + 1)});
    } else {
      Row({row, v});
    }
  }

  // One row, padded to the template's five cells.
  void Row(std::vector<std::string> cells) {
    while (cells.size() < 5) cells.emplace_back();
    AppendCsvRecord(cells, &out_);
  }

  LossReport& loss_;
  std::string out_;
  bool html_ = false;
};

}  // namespace

Result<std::string> BrightspaceFormat::Export(const model::Bank& bank,
                                              const ExportOptions& /*options*/,
                                              LossReport& loss) const {
  BrightspaceWriter writer(loss);
  writer.WriteBank(bank);
  for (const model::Question& q : bank.questions) writer.Write(q);
  return writer.Take(bank);
}

}  // namespace qbank::formats
