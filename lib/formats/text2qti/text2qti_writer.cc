// text2qti's plain-text quiz written from a bank: quiz lines, then each question numbered, with
// its Title:/Points: lines, answers and feedback, and a loss report for what text2qti has no line
// for.
#include <cmath>
#include <utility>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/question_names.h"
#include "formats/text2qti/text2qti_format.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using model::QuestionType;

const model::Value* Extension(const model::Value& extensions) {
  const model::Value* ext = extensions.Find(std::string(text2qti::kExtension));
  return ext != nullptr && ext->is_object() ? ext : nullptr;
}

std::string ExtensionString(const model::Value& extensions, const std::string& key) {
  const model::Value* ext = Extension(extensions);
  const model::Value* v = ext != nullptr ? ext->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : "";
}

// True when `text` holds a character Markdown may read as markup, so plain text written as it
// is could mean something else once text2qti (and qbank) read it as Markdown.
bool HasMarkdownSyntax(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '*' || c == '_' || c == '`' || c == '[' || c == '<' || c == '&' || c == '\\' ||
        c == '$' || c == '#') {
      return true;
    }
    bool line_start = i == 0 || text[i - 1] == '\n';
    if (line_start &&
        (c == '-' || c == '+' || c == '>' || std::isdigit(static_cast<unsigned char>(c)))) {
      return true;
    }
  }
  return false;
}

class Text2QtiWriter {
 public:
  explicit Text2QtiWriter(LossReport& loss) : loss_(loss) {}

  void WriteBank(const model::Bank& bank) {
    if (!bank.title.empty()) Paragraph("Quiz title: ", bank.title.value);
    std::string description = ExtensionString(bank.extensions, "description");
    if (!description.empty()) Paragraph("Quiz description: ", description);
    if (const model::Value* ext = Extension(bank.extensions)) {
      if (const model::Value* options = ext->Find("options"); options && options->is_object()) {
        for (const auto& [key, value] : options->as_object()) {
          if (value.is_string()) out_ += key + ": " + value.as_string() + "\n";
        }
      }
    }
  }

  void Write(const model::Question& q) {
    LossReport::QuestionScope scope(loss_, q);
    bool gap = false;
    std::string stem = q.stem.value;
    if (std::string after = TextAfterGap(q); !after.empty()) {
      stem = JoinAtGap(stem, kGapMarker, after);
      loss_.Drop("extensions.gift.blank_after (the gap written as _____ in the question text)");
      gap = true;
    }
    std::string body;
    if (!Answers(q, body)) return;
    const model::Value* group = nullptr;
    if (const model::Value* ext = Extension(q.extensions)) group = ext->Find("group");
    if (group == nullptr || !group->is_object()) group = nullptr;
    if (group_ != nullptr && (group == nullptr || !(*group == *group_))) {
      out_ += "\nEND_GROUP\n";
      group_ = nullptr;
    }
    if (group != nullptr && group_ == nullptr) {
      out_ += "\nGROUP\n";
      for (const char* key : {"pick", "points"}) {
        const model::Value* v = group->Find(key);
        if (v != nullptr && v->is_string()) {
          out_ += std::string(key[1] == 'i' ? "pick: " : "points per question: ") + v->as_string() +
                  "\n";
        }
      }
      group_ = group;
    }
    out_ += "\n";
    std::string title = ExtensionString(q.extensions, "title");
    if (title.empty()) title = TitleToWrite(q);
    if (!title.empty()) out_ += "Title: " + OneLine(title) + "\n";
    std::string points = ExtensionString(q.extensions, "points");
    if (!points.empty()) out_ += "Points: " + points + "\n";
    if (q.type == QuestionType::kDescription) {
      Paragraph("Text: ", stem);
    } else {
      std::string number = std::to_string(++number_) + ".";
      while (number.size() < 3) number += ' ';
      Paragraph(number + " ", stem);
      if (!q.explanation.empty()) Paragraph("... ", q.explanation.value);
      std::string correct = ExtensionString(q.extensions, "correct_feedback");
      if (!correct.empty()) Paragraph("+   ", correct);
      std::string incorrect = ExtensionString(q.extensions, "incorrect_feedback");
      if (!incorrect.empty()) Paragraph("-   ", incorrect);
      out_ += body;
    }
    if (q.markup == model::Markup::kHtml) {
      loss_.Drop("markup (HTML read back as Markdown holding it)");
    } else if (q.markup == model::Markup::kPlain) {
      bool syntax = HasMarkdownSyntax(stem) || HasMarkdownSyntax(q.explanation.value);
      for (const model::Option& o : q.options) {
        syntax = syntax || HasMarkdownSyntax(o.rationale->value) ||
                 (model::IsChoiceType(q.type) && HasMarkdownSyntax(o.text.value));
      }
      if (syntax) loss_.Drop("markup (plain text read back as Markdown)");
    }
    static const FieldSet kHeld = {"id",
                                   "stem",
                                   "explanation",
                                   "options.rationale",
                                   "markup",
                                   "extensions.text2qti",
                                   "options.extensions.text2qti"};
    model::Question reported = WithoutSharedExtensions(q, /*titles=*/true, gap, false);
    if (q.type == QuestionType::kDescription && !q.explanation.empty()) {
      loss_.Drop("explanation (a text region has none)");
      reported.explanation = model::Text();
    }
    // Without a Title: line the id is derived again on import (ReportQuestionLoss counts one
    // that would not be).
    FieldSet held = kHeld;
    if (title.empty()) held.erase("id");
    ReportQuestionLoss(reported, held, loss_);
  }

  std::string Take() {
    if (group_ != nullptr) out_ += "\nEND_GROUP\n";
    if (out_.starts_with("\n")) out_.erase(0, 1);
    return std::move(out_);
  }

 private:
  // The answer lines of `q` into `body`; false (and the question reported) when text2qti has
  // no kind of question for it.
  bool Answers(const model::Question& q, std::string& body) {
    switch (q.type) {
      case QuestionType::kSingleAnswer:
      case QuestionType::kTrueFalse:
        return ChoiceLines(q, body);
      case QuestionType::kMultipleAnswer:
        for (const model::Option& o : q.options) {
          body += Lines(o.correct ? "[*] " : "[ ] ", o.text.value);
          if (!o.rationale->empty()) body += Lines("... ", o.rationale->value);
        }
        if (q.options.empty()) {
          loss_.Drop("questions of type multiple without options");
          return false;
        }
        return true;
      case QuestionType::kShortAnswer:
        return ShortAnswerLines(q, body);
      case QuestionType::kNumerical:
        return NumericalLine(q, body);
      case QuestionType::kEssay:
        body += "____\n";
        if (!q.options.empty()) loss_.Drop("options (an essay has none)", q.options.size());
        return true;
      case QuestionType::kDescription:
        if (!q.options.empty()) loss_.Drop("options (a text region has none)", q.options.size());
        return true;
      case QuestionType::kOther:
        if (ExtensionString(q.extensions, "type") == "file_upload") {
          body += "^^^^\n";
          return true;
        }
        loss_.Drop("questions of type other (text2qti has no kind for it)");
        return false;
      case QuestionType::kMatching:
        loss_.Drop("questions of type matching (text2qti has none)");
        return false;
    }
    return false;
  }

  // A single-answer or true/false question's choices, a) to z), the key starred.
  bool ChoiceLines(const model::Question& q, std::string& body) {
    if (q.KeyIndexes().size() != 1 || q.options.size() > 26) {
      loss_.Drop("questions without one key and at most 26 choices (a) to z))");
      return false;
    }
    bool tf_texts = q.options.size() == 2 && q.options[0].text.value == "True" &&
                    q.options[1].text.value == "False";
    if (q.type == QuestionType::kTrueFalse && !tf_texts) {
      loss_.Drop("type (true/false with other choices than True and False)");
    }
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      std::string marker = std::string(o.correct ? "*" : "") + static_cast<char>('a' + i) + ")";
      while (marker.size() < 4) marker += ' ';
      body += Lines(marker, o.text.value);
      if (!o.rationale->empty()) body += Lines("... ", o.rationale->value);
    }
    return true;
  }

  // A short-answer question's accepted answers, one "*" line each.
  bool ShortAnswerLines(const model::Question& q, std::string& body) {
    size_t written = 0;
    for (const model::Option& o : q.options) {
      if (!o.correct || Trim(o.text.value).empty() ||
          o.text.value.find('\n') != std::string::npos) {
        loss_.Drop("options (short answers that are wrong, empty or over several lines)");
        continue;
      }
      body += "*   " + o.text.value + "\n";
      if (!o.rationale->empty()) loss_.Drop("options.rationale (short answers have none)");
      ++written;
    }
    if (written == 0) {
      loss_.Drop("questions of type short-answer without an accepted answer");
      return false;
    }
    return true;
  }

  // A numerical question's "=" line: the answer as it was written when it still means the
  // option's answer, else a value, a tolerance or a range.
  bool NumericalLine(const model::Question& q, std::string& body) {
    if (q.options.empty()) {
      loss_.Drop("questions of type numerical without an answer");
      return false;
    }
    const model::Option& o = q.options[0];
    std::optional<model::NumericalAnswer> a = model::ParseNumericalAnswer(o.text.value);
    if (!a) {
      loss_.Drop("questions whose numerical answer is not a number");
      return false;
    }
    std::string answer = ExtensionString(o.extensions, "answer");
    if (!answer.empty() && text2qti::NumericalNotation(answer, nullptr) != o.text.value) {
      answer.clear();
    }
    if (answer.empty()) {
      std::string first(a->first), second(a->second);
      if (a->kind == model::NumericalAnswer::Kind::kRange) {
        // text2qti refuses a range whose minimum is not first (GIFT takes "{#1..-0.05}", which
        // no response falls in): written in order, and reported, since its meaning changes.
        if (a->second_value < a->first_value) {
          std::swap(first, second);
          loss_.Drop("options.text (a range with its bounds reversed, written minimum first)");
        }
        answer = "[" + first + ", " + second + "]";
      } else if (a->kind == model::NumericalAnswer::Kind::kTolerance) {
        answer = first + " +- " + second;
      } else if (first.find_first_of(".eE") == std::string::npos) {
        answer = first;
      } else {
        // text2qti takes a bare answer only when it is an integer.
        answer = first + " +- 0";
        loss_.Drop("options.text (an exact answer that is not an integer, written v +- 0)");
      }
    }
    body += "=   " + answer + "\n";
    if (!o.rationale->empty()) loss_.Drop("options.rationale (numerical answers have none)");
    if (o.weight) loss_.Drop("options.weight");
    if (q.options.size() > 1) {
      loss_.Drop("options (numerical answers after the first: text2qti takes one)",
                 q.options.size() - 1);
    }
    return true;
  }

  // `text` after `marker`, its further lines indented to where the text starts (a blank line
  // between paragraphs).
  static std::string Lines(const std::string& marker, std::string_view text) {
    // Blank lines at the text's end are not the text's: the reader ends a paragraph at the first
    // blank line and trims it, so written they came back without and the next export differed
    // (GIFT's ".\n", an escaped line break after the text; round_trip_fuzz).
    text = TrimRight(text);
    std::string indent(marker.size(), ' ');
    std::string out = marker;
    size_t pos = 0;
    bool first = true;
    while (pos <= text.size()) {
      size_t nl = text.find('\n', pos);
      size_t end = nl == std::string_view::npos ? text.size() : nl;
      std::string_view line = Trim(text.substr(pos, end - pos));
      if (line.empty()) {
        if (!first) out += "\n";
      } else {
        if (!first) out += indent;
        out += std::string(line) + "\n";
        first = false;
      }
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    if (first) out += "\n";
    // A run of blank lines reads as one paragraph break.
    std::string squeezed;
    for (size_t i = 0; i < out.size(); ++i) {
      if (out[i] == '\n' && squeezed.ends_with("\n\n")) continue;
      squeezed += out[i];
    }
    if (!squeezed.empty() && squeezed.back() != '\n') squeezed += '\n';
    return squeezed;
  }

  void Paragraph(const std::string& marker, std::string_view text) { out_ += Lines(marker, text); }

  static std::string OneLine(std::string_view text) {
    std::string out;
    for (char c : Trim(text)) out += c == '\n' || c == '\r' ? ' ' : c;
    return out;
  }

  LossReport& loss_;
  std::string out_;
  size_t number_ = 0;
  const model::Value* group_ = nullptr;
};

}  // namespace

Result<std::string> Text2QtiFormat::Export(const model::Bank& bank,
                                           const ExportOptions& /*options*/,
                                           LossReport& loss) const {
  static const FieldSet kHeldBank = {"bank.title", "bank.extensions.text2qti"};
  ReportBankLoss(bank, kHeldBank, loss);
  Text2QtiWriter writer(loss);
  writer.WriteBank(bank);
  for (const model::Question& q : bank.questions) writer.Write(q);
  return writer.Take();
}

}  // namespace qbank::formats
