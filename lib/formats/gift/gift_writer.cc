// The GIFT writer, with the loss report: escapes, Moodle's grades, the qbank-meta comment.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/gift/gift_format.h"
#include "formats/gift/gift_syntax.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using namespace gift_syntax;  // NOLINT(google-build-using-namespace)

using model::Markup;
using model::QuestionType;
using model::Value;

// The inverse of Unescape for text written by the exporter: specials escaped, line breaks as \n,
// a backslash doubled only where it would otherwise start an escape (or, in a question text or
// title, open a LaTeX formula the text does not close). A colon only needs its escape
// in titles and question texts (where "::" starts a title); answers keep "3.14:0.01" readable.
std::string Escape(std::string_view s, bool escape_colon = false) {
  // The reader trims the white space around every text, so it is not written.
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  std::string out;
  out.reserve(s.size() + 8);
  // The last closer of each kind of formula, found once: an opener before it closes (a search
  // from each opener would make a text of openers quadratic).
  const size_t last_paren_close = escape_colon ? s.rfind("\\)") : std::string_view::npos;
  const size_t last_bracket_close = escape_colon ? s.rfind("\\]") : std::string_view::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\r') continue;
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\\') {
      bool starts_escape = i + 1 == s.size() || std::string_view("~=#{}:\\n\r\n").find(s[i + 1]) !=
                                                    std::string_view::npos;
      // In a question text or title (before the answer block), a backslash before '(' or '['
      // is doubled unless it opens a LaTeX formula that closes in the same text: the last of a
      // run of backslashes, written alone after the run's doubled ones, would open a formula
      // ("\\(") the text did not have, and an answer block after an opener whose closer comes
      // later in the file reads as inside the formula. A formula of the text stays as it is.
      if (!starts_escape && escape_colon && (s[i + 1] == '(' || s[i + 1] == '[')) {
        const size_t closer = s[i + 1] == '(' ? last_paren_close : last_bracket_close;
        starts_escape =
            (i > 0 && s[i - 1] == '\\') || closer == std::string_view::npos || closer < i + 2;
      }
      out += starts_escape ? "\\\\" : "\\";
    } else if (std::string_view("~=#{}").find(c) != std::string_view::npos ||
               (c == ':' && escape_colon)) {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

std::string FormatPercent(double percent) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.5f", percent);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// ---- export ----

bool SameOptions(const std::vector<model::Option>& a, const std::vector<model::Option>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].text.value != b[i].text.value || a[i].correct != b[i].correct ||
        a[i].weight != b[i].weight || a[i].rationale->value != b[i].rationale->value ||
        !(a[i].extensions == b[i].extensions)) {
      return false;
    }
  }
  return true;
}

class GiftWriter {
 public:
  explicit GiftWriter(LossReport& loss) : loss_(loss) {}

  std::string Write(const model::Bank& bank) {
    static const FieldSet kHeld = {
        "id", "domain", "stem", "explanation", "tags", "markup", "suppress", "extensions.gift",
        "options.rationale", "options.weight", "options.extensions.gift",
        // in the "// qbank-meta:" comment
        "exam", "trap", "difficulty", "stated_answer", "authors", "review.date", "review.reviewer",
        "review.checked_against", "origin.statement", "origin.references", "extensions"};
    ReportBankLoss(bank, CarriedBankFields(), loss_);
    if (std::string json = BankMetadataJson(bank); !json.empty()) {
      out_ += "// " + std::string(kBankMetaPrefix) + " " + OneLineJson(json) + "\n\n";
    }
    bool first = true;
    std::string category;
    for (const model::Question& q : bank.questions) {
      LossReport::QuestionScope scope(loss_, q);
      ReportQuestionLoss(q, kHeld, loss_);
      if (std::string before = CommentBlocks(q, "comments_before"); !before.empty()) {
        // Before the category line too: they were read before the question's category.
        out_ += (first ? "" : "\n") + before + "\n";
        first = true;
      }
      if (q.domain->value != category) {
        if (q.domain->empty()) {
          loss_.Drop("domain");  // GIFT cannot go back to no category
        } else {
          if (!first) out_ += '\n';
          out_ += "$CATEGORY: " + OneLine(q.domain->value) + "\n";
          first = false;
          category = q.domain->value;
        }
      }
      if (ReadsAsMatching(q)) {
        // Nothing in GIFT escapes "->": the question would not read back at all.
        loss_.Drop("questions (short answers holding \"->\", which GIFT reads as matching pairs)");
        continue;
      }
      if (!first) out_ += '\n';
      first = false;
      WriteQuestion(q);
    }
    return std::move(out_);
  }

 private:
  static std::string OneLine(std::string_view s) {
    std::string out(Trim(s));
    for (char& c : out) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    return out;
  }

  static std::string EscapeBracketed(std::string_view s) {
    std::string out;
    for (char c : OneLine(s)) {
      if (c == ']') out += '\\';
      out += c;
    }
    return out;
  }

  // The comment blocks kept under `key` ("comments_before", "comments_after"), each a run of
  // "// " lines; blocks are separated by a blank line.
  static std::string CommentBlocks(const model::Question& q, const std::string& key) {
    const Value* gift = GiftExtension(q.extensions);
    const Value* blocks = gift != nullptr ? gift->Find(key) : nullptr;
    if (blocks == nullptr || !blocks->is_array()) return "";
    std::string out;
    for (const Value& block : blocks->as_array()) {
      std::string lines = CommentLines(block, /*skip_blank=*/true);
      if (!lines.empty()) out += (out.empty() ? "" : "\n") + lines;
    }
    return out;
  }

  // A "// " line for each string of the array `lines` (nothing when it is not an array), each
  // on one line; blank strings left out when `skip_blank`.
  static std::string CommentLines(const Value& lines, bool skip_blank) {
    std::string out;
    if (!lines.is_array()) return out;
    for (const Value& line : lines.as_array()) {
      if (!line.is_string() || (skip_blank && Trim(line.as_string()).empty())) continue;
      out += "// " + OneLine(line.as_string()) + "\n";
    }
    return out;
  }

  void WriteQuestion(const model::Question& original) {
    // A draft's Markdown reaches Moodle as the HTML it means ([html], rendered by cmark); the
    // draft travels in the qbank-meta comment. Moodle's own [markdown] stays as it is.
    LmsQuestion written = PrepareForLms(original, Carrier(), loss_);
    const model::Question& q = written.shown;
    if (const Value* gift = GiftExtension(q.extensions)) {
      if (const Value* comments = gift->Find("comments")) {
        out_ += CommentLines(*comments, /*skip_blank=*/false);
      }
    }
    // The title (docs/formats/README.md, ids and titles); the id only where the title does not
    // already say it, or an earlier question has that id (a reader takes a title as the id only
    // once: AdoptTitleAsId).
    std::string title = TitleToWrite(q);
    std::string meta;
    bool repeated = !q.id.empty() && !written_ids_.insert(q.id.value).second;
    if (!q.id.empty() && (Trim(q.id.value) != title || repeated))
      meta += "[id:" + EscapeBracketed(q.id.value) + "]";
    for (const model::Text& tag : q.tags) {
      if (!meta.empty()) meta += ' ';
      meta += "[tag:" + EscapeBracketed(tag.value) + "]";
    }
    if (!meta.empty()) out_ += "// " + meta + "\n";
    for (const std::string& line : FormatSuppressionDirectives(q.suppressions)) {
      out_ += "// " + line + "\n";
    }
    // The fields GIFT has no notation for (suppressions have theirs, above).
    if (!written.metadata.empty()) {
      out_ += "// " + std::string(kQuestionMetaPrefix) + " " + OneLineJson(written.metadata) + "\n";
    }
    std::string stem = Escape(q.stem.value, true);
    if (!title.empty()) {
      out_ += "::" + Escape(OneLine(title), true) + "::";
    } else if (stem.substr(0, 2) == "//") {
      out_ += "::::";  // an empty title, so the question text is not read as a comment
    }
    std::string format = GiftString(q.extensions, "format");
    if (q.markup == Markup::kHtml) {
      out_ += "[html]";
    } else if (q.markup == Markup::kMarkdown) {
      out_ += "[markdown]";
    } else if (format == "plain" || format == "moodle") {
      out_ += "[" + format + "]";
    } else {
      for (std::string_view f : kFormats) {
        // A text that starts like a format word is protected by naming its format.
        if (stem.compare(0, f.size(), f) == 0) out_ += "[plain]";
      }
    }
    out_ += stem;
    if (q.type == QuestionType::kDescription) {
      if (!q.explanation.empty()) loss_.Drop("explanation");
      if (!q.options.empty()) loss_.Drop("options", q.options.size());
      out_ += "\n";
      WriteCommentsAfter(q);
      return;
    }
    out_ += " {";
    if (!WriteRawAnswers(q)) WriteAnswers(q);
    out_ += "}";
    std::string after = GiftString(q.extensions, "blank_after");
    if (!after.empty()) out_ += " " + Escape(after);
    out_ += "\n";
    WriteCommentsAfter(q);
  }

  void WriteCommentsAfter(const model::Question& q) {
    if (std::string trailing = CommentBlocks(q, "comments_after"); !trailing.empty()) {
      out_ += "\n" + trailing;
    }
  }

  // Writes the answer block as read when the model still says what it said; true when written.
  bool WriteRawAnswers(const model::Question& q) {
    std::string raw = GiftString(q.extensions, "answers");
    if (raw.empty()) return false;
    Block block;
    block.AddLine(raw, 0);
    QuestionParser parser(block, nullptr, SourceSpan::kNoFile);
    model::Question parsed;
    Value gift;
    parser.ParseAnswers(0, raw.size(), parsed, gift);
    if (parser.failed() || !parser.warnings().empty() || parsed.type != q.type ||
        !SameOptions(parsed.options, q.options) ||
        parsed.explanation.value != q.explanation.value) {
      return false;
    }
    // Lines as read, but never a blank one (it would end the question) nor a comment line.
    std::string kept;
    size_t pos = 0;
    while (pos <= raw.size()) {
      size_t nl = raw.find('\n', pos);
      size_t end = nl == std::string::npos ? raw.size() : nl;
      std::string_view line = std::string_view(raw).substr(pos, end - pos);
      std::string_view trimmed = Trim(line);
      bool last = nl == std::string::npos;  // the part before '}': never a blank line
      if (pos == 0 || last || (!trimmed.empty() && trimmed.substr(0, 2) != "//")) {
        if (pos != 0) kept += '\n';
        kept += line;
      }
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
    out_ += kept;
    return true;
  }

  std::string WeightPrefix(const model::Option& o) {
    if (!o.weight) return "";
    std::optional<double> grade = MoodleGrade(*o.weight);
    if (!grade) {
      grade = Nearest(*o.weight);
      loss_.Drop("options.weight (not a Moodle grade; nearest written)");
    }
    return "%" + FormatPercent(*grade) + "%";
  }

  static double Nearest(double percent) {
    double best = 0;
    for (double g : kGrades) {
      for (double s : {g, -g}) {
        if (std::fabs(s - percent) < std::fabs(best - percent)) best = s;
      }
    }
    return best;
  }

  // "[html]" for the format word a text was read with (extensions.gift.<key>), else "".
  static std::string FormatMark(const Value& extensions, const std::string& key) {
    std::string name = GiftString(extensions, key);
    for (std::string_view f : kFormats) {
      if (f.substr(1, f.size() - 2) == name) return std::string(f);
    }
    return "";
  }

  // A text after its format mark: one that starts like a format word without one would lose it.
  std::string MarkedText(const std::string& text, const std::string& mark, std::string_view field) {
    std::string escaped = Escape(text);
    if (mark.empty()) {
      for (std::string_view f : kFormats) {
        if (escaped.starts_with(f)) loss_.Drop(std::string(field) + " (starts like a format word)");
      }
    }
    return mark + escaped;
  }

  // Option text for an answer line; where a weight may stand (all but after '=' in a multiple
  // choice), a text that starts like a weight cannot be told from one.
  std::string AnswerText(const model::Option& o, bool weighted = true) {
    if (weighted && WeightLength(o.text.value) != 0) {
      loss_.Drop("options.text (starts like a weight)");
    }
    return MarkedText(o.text.value, FormatMark(o.extensions, "text_format"), "options.text");
  }

  void WriteFeedback(const model::Option& o) {
    if (o.rationale->empty()) return;
    out_ += "#" + MarkedText(o.rationale->value, FormatMark(o.extensions, "feedback_format"),
                             "options.rationale");
  }

  // Numbers first ("=", with "%0%" for a wrong one), then the one '~' entry: the feedback for
  // any other answer.
  void WriteNumerical(const model::Question& q) {
    out_ += "#\n";
    const model::Option* other = nullptr;
    for (const model::Option& o : q.options) {
      if (o.text.value.empty()) {
        if (o.correct || other != nullptr) {
          loss_.Drop("options (a numerical answer without a number)");
        } else {
          other = &o;
        }
        continue;
      }
      std::string weight = WeightPrefix(o);
      if (!o.correct && weight.empty()) weight = "%0%";
      out_ += "=" + weight + AnswerText(o);
      WriteFeedback(o);
      out_ += "\n";
    }
    if (other != nullptr) {
      out_ += "~";
      WriteFeedback(*other);
      out_ += "\n";
    }
  }

  void WriteAnswers(const model::Question& q) {
    switch (q.type) {
      case QuestionType::kEssay:
        if (!q.options.empty()) loss_.Drop("options", q.options.size());
        break;
      case QuestionType::kTrueFalse:
        if (WriteTrueFalse(q)) break;
        [[fallthrough]];
      case QuestionType::kSingleAnswer:
      case QuestionType::kMultipleAnswer:
      case QuestionType::kOther: {
        // GIFT tells single from multiple answer by its '=' marks: a type that the marks cannot
        // say (a single answer without exactly one key, "other", true/false with other option
        // texts) reads back as another type.
        size_t keys = q.KeyIndexes().size();
        if (q.type == QuestionType::kTrueFalse || q.type == QuestionType::kOther ||
            (q.type == QuestionType::kSingleAnswer && keys == 0) ||
            (q.type == QuestionType::kMultipleAnswer && keys == 0) || q.options.size() < 2) {
          loss_.Drop("type");
        }
        // A multiple choice needs two answers: one key alone is a short answer ({=text}); a
        // lone wrong option cannot be written at all (the question becomes an essay, {}).
        if (q.options.size() == 1 && !q.options[0].correct) {
          loss_.Drop("options");
        } else if (q.options.size() == 1) {
          WriteShortAnswers(q);
        } else if (!q.options.empty()) {
          WriteChoices(q);
        }
        break;
      }
      case QuestionType::kShortAnswer:
        WriteShortAnswers(q);
        break;
      case QuestionType::kNumerical:
        WriteNumerical(q);
        break;
      case QuestionType::kMatching:
        out_ += "\n";
        for (const model::Option& o : q.options) {
          const Value* gift = GiftExtension(o.extensions);
          const Value* match = gift != nullptr ? gift->Find("match") : nullptr;
          // An item without a match ends at "->": a space after it would not come back (the
          // reader keeps the answer lines as written, without white space at their ends).
          const std::string written =
              match != nullptr && match->is_string() ? Escape(match->as_string()) : "";
          out_ += "=" + AnswerText(o) + " ->" + (written.empty() ? "" : " " + written) + "\n";
          if (o.weight) loss_.Drop("options.weight");
          if (!o.rationale->empty()) loss_.Drop("options.rationale");
        }
        break;
      case QuestionType::kDescription:
        break;
    }
    if (!q.explanation.empty()) {
      out_ += "####" +
              MarkedText(q.explanation.value, FormatMark(q.extensions, "explanation_format"),
                         "explanation") +
              "\n";
    }
  }

  // {TRUE#wrong#right}; false when the options are not "True"/"False" with one key.
  bool WriteTrueFalse(const model::Question& q) {
    if (q.options.size() != 2 || q.KeyIndexes().size() != 1) return false;
    std::string a = Upper(Trim(q.options[0].text.value));
    std::string b = Upper(Trim(q.options[1].text.value));
    bool standard = (a == "TRUE" && b == "FALSE") || (a == "FALSE" && b == "TRUE");
    if (!standard) return false;
    const model::Option& key = q.options[q.KeyIndexes().front()];
    const model::Option& other = q.options[1 - q.KeyIndexes().front()];
    bool answer = Upper(Trim(key.text.value)) == "TRUE";
    std::string token = GiftString(q.extensions, "tf");
    bool known = token == "T" || token == "TRUE" || token == "F" || token == "FALSE";
    if (!known || (token[0] == 'T') != answer) token = answer ? "TRUE" : "FALSE";
    out_ += token;
    if (!other.rationale->empty() || !key.rationale->empty()) {
      out_ +=
          "#" + MarkedText(other.rationale->value, FormatMark(other.extensions, "feedback_format"),
                           "options.rationale");
      if (!key.rationale->empty()) {
        out_ +=
            "#" + MarkedText(key.rationale->value, FormatMark(key.extensions, "feedback_format"),
                             "options.rationale");
      }
    }
    for (const model::Option& o : q.options) {
      if (o.weight) loss_.Drop("options.weight");
    }
    return true;
  }

  // Whether `q` would be written as short answers ('=' only) with "->" in an answer or its
  // feedback: Moodle (and qbank) read such a block as a matching question, and fail on it.
  static bool ReadsAsMatching(const model::Question& q) {
    bool short_answers =
        q.type == QuestionType::kShortAnswer ||
        ((q.type == QuestionType::kSingleAnswer || q.type == QuestionType::kMultipleAnswer ||
          q.type == QuestionType::kOther || q.type == QuestionType::kTrueFalse) &&
         q.options.size() == 1 && q.options[0].correct);
    if (!short_answers) return false;
    return std::any_of(q.options.begin(), q.options.end(), [](const model::Option& o) {
      return o.text.value.find("->") != std::string::npos ||
             o.rationale->value.find("->") != std::string::npos;
    });
  }

  void WriteShortAnswers(const model::Question& q) {
    out_ += "\n";
    for (const model::Option& o : q.options) {
      std::string weight = WeightPrefix(o);
      if (!o.correct && weight.empty()) weight = "%0%";
      out_ += "=" + weight + AnswerText(o);
      WriteFeedback(o);
      out_ += "\n";
    }
  }

  void WriteChoices(const model::Question& q) {
    out_ += "\n";
    // A single-answer question keeps its type with every key written "=" (Moodle gives each
    // full credit); only one without a key is written as a multiple answer.
    size_t keys = q.KeyIndexes().size();
    bool multiple = q.type == QuestionType::kMultipleAnswer || keys == 0 ||
                    (q.type != QuestionType::kSingleAnswer && keys != 1);
    // Every option a full-credit key would give a block with no '~', which Moodle reads as a
    // short answer (or, with "->" in a text, a matching question): the last key is written
    // "~%100%", which keeps the block a single-answer multiple choice with the same keys.
    bool all_full_keys = std::all_of(
        q.options.begin(), q.options.end(),
        [](const model::Option& o) { return o.correct && (!o.weight || *o.weight == 100); });
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      std::string prefix;
      if (!multiple) {
        if (all_full_keys && i + 1 == q.options.size()) {
          prefix = "~%100%";
        } else if (o.correct && (!o.weight || *o.weight == 100)) {
          prefix = "=";
        } else {
          prefix = "~" + WeightPrefix(o);
        }
      } else if (o.weight) {
        prefix = "~" + WeightPrefix(o);
      } else if (o.correct) {
        double share = 100.0 / static_cast<double>(keys);
        std::optional<double> grade = MoodleGrade(share);
        if (!grade) {
          grade = Nearest(share);
          loss_.Drop("options.weight (not a Moodle grade; nearest written)");
        }
        prefix = "~%" + FormatPercent(*grade) + "%";
      } else {
        prefix = "~";
      }
      out_ += prefix + AnswerText(o, prefix != "=");
      WriteFeedback(o);
      out_ += "\n";
    }
  }

  LossReport& loss_;
  std::string out_;
  std::unordered_set<std::string> written_ids_;  // the ids of the questions written so far
};
}  // namespace

Result<std::string> GiftFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  GiftWriter writer(loss);
  return writer.Write(bank);
}

}  // namespace qbank::formats
