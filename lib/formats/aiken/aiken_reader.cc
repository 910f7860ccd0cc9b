// Aiken import, with per-question recovery: a stem line, lettered options, an ANSWER line.
#include <algorithm>
#include <cctype>

#include "base/utf8_text.h"
#include "formats/aiken/aiken_format.h"
#include "formats/aiken/aiken_syntax.h"
#include "formats/field_loss.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace {

using namespace aiken_syntax;  // NOLINT(google-build-using-namespace)

// "A) text" / "A. text": the letter's offset in the line and the text after the marker.
bool MatchOption(std::string_view line, char& letter, size_t& text_offset) {
  size_t i = 0;
  while (i < line.size() && IsSpace(line[i])) ++i;
  if (i + 1 >= line.size() || line[i] < 'A' || line[i] > 'Z') return false;
  if (line[i + 1] != ')' && line[i + 1] != '.') return false;
  if (i + 2 < line.size() && !IsSpace(line[i + 2])) return false;
  letter = line[i];
  text_offset = i + 2;
  while (text_offset < line.size() && IsSpace(line[text_offset])) ++text_offset;
  return true;
}

// "ANSWER:" (any case) at the start of the line; `rest` is what follows the colon.
bool MatchAnswer(std::string_view line, size_t& rest) {
  size_t i = 0;
  while (i < line.size() && IsSpace(line[i])) ++i;
  constexpr std::string_view kKey = "answer:";
  if (line.size() - i < kKey.size()) return false;
  for (size_t k = 0; k < kKey.size(); ++k) {
    if (std::tolower(static_cast<unsigned char>(line[i + k])) != kKey[k]) return false;
  }
  rest = i + kKey.size();
  return true;
}

class AikenReader {
 public:
  AikenReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), file_(file), ctx_(ctx) {}

  void Run() {
    std::string_view content = text_.content();
    size_t pos = 0;
    while (pos < content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      ReadLine(pos, content.substr(pos, end - pos));
      pos = end + 1;
    }
    if (phase_ == Phase::kStem) {
      Error(content.size(), "expected options \"A) ...\" after the question text on line " +
                                std::to_string(stem_line_));
    } else if (phase_ == Phase::kOptions) {
      Error(content.size(), "expected \"ANSWER: X\" after the options of the question on line " +
                                std::to_string(stem_line_));
    }
  }

 private:
  enum class Phase { kIdle, kStem, kOptions, kSkip };

  void ReadLine(size_t begin, std::string_view line) {
    std::string_view trimmed = Trim(line);
    char letter = 0;
    size_t text_offset = 0;
    size_t answer_rest = 0;
    if (trimmed.empty()) {
      if (phase_ == Phase::kStem) {
        Error(begin, "expected options \"A) ...\" after the question text on line " +
                         std::to_string(stem_line_));
        phase_ = Phase::kIdle;
      } else if (phase_ == Phase::kSkip) {
        phase_ = Phase::kIdle;
      }
      return;
    }
    if (phase_ == Phase::kSkip) {
      if (MatchAnswer(line, answer_rest)) phase_ = Phase::kIdle;
      return;
    }
    if (MatchAnswer(line, answer_rest)) {
      Answer(begin, line, answer_rest);
    } else if (MatchOption(line, letter, text_offset)) {
      Option(begin, line, letter, text_offset);
    } else {
      if (phase_ == Phase::kOptions) {
        Error(begin, "expected \"ANSWER: X\" after the options of the question on line " +
                         std::to_string(stem_line_));
        phase_ = Phase::kIdle;
      }
      StemLine(begin, line);
    }
  }

  void StemLine(size_t begin, std::string_view line) {
    std::string_view trimmed = Trim(line);
    size_t start = begin + static_cast<size_t>(trimmed.data() - line.data());
    if (phase_ == Phase::kIdle) {
      question_ = model::Question();
      labels_.clear();
      question_.type = model::QuestionType::kSingleAnswer;
      question_.stem.value = std::string(trimmed);
      question_.stem.verbatim = true;
      stem_begin_ = start;
      stem_line_ = text_.PositionAt(begin).line;
      phase_ = Phase::kStem;
    } else {
      // A stem over several lines: the lines are kept as written, joined by line breaks.
      // Appended piece by piece: "\n" + std::string trips GCC 12's false -Wrestrict at -O3.
      question_.stem.value += '\n';
      question_.stem.value += trimmed;
      if (trimmed.data() != line.data()) question_.stem.verbatim = false;
    }
    size_t end = start + trimmed.size();
    question_.stem.span = text_.SpanOf(stem_begin_, end, file_);
    if (question_.stem.verbatim &&
        text_.content().substr(stem_begin_, end - stem_begin_) != question_.stem.value) {
      question_.stem.verbatim = false;
    }
  }

  void Option(size_t begin, std::string_view line, char letter, size_t text_offset) {
    size_t letter_offset = begin + static_cast<size_t>(Trim(line).data() - line.data());
    // Options follow a question text and start at A, so before that a line that looks like an
    // option ("B. F. Skinner was ...") is question text.
    if (phase_ == Phase::kIdle || (phase_ == Phase::kStem && letter != 'A')) {
      StemLine(begin, line);
      return;
    }
    char expected = static_cast<char>('A' + question_.options.size());
    if (question_.options.size() >= 26) {
      Error(letter_offset, "expected at most 26 options (A to Z), found another one");
      phase_ = Phase::kSkip;
      return;
    }
    if (letter != expected) {
      // The letters are labels: Moodle takes each option line in order and counts the ANSWER
      // letter by position, so qbank does too, and says so.
      Warn(letter_offset, std::string("option lettered ") + letter + " where " + expected +
                              " was expected; read as option " + expected +
                              " (letters are labels: \"ANSWER:\" counts options by position, "
                              "as Moodle does)");
    }
    labels_.push_back(letter);
    model::Option option;
    std::string_view text = Trim(line.substr(text_offset));
    size_t text_begin = begin + text_offset;
    option.text.value = std::string(text);
    option.text.span = text_.SpanOf(text_begin, text_begin + text.size(), file_);
    option.text.verbatim = true;
    option.span = text_.SpanOf(letter_offset, text_begin + text.size(), file_);
    question_.options.push_back(std::move(option));
    phase_ = Phase::kOptions;
  }

  void Answer(size_t begin, std::string_view line, size_t rest) {
    size_t key_offset = begin + static_cast<size_t>(Trim(line).data() - line.data());
    if (phase_ == Phase::kIdle) {
      Error(key_offset, "expected a question text and its options before \"ANSWER:\"");
      return;
    }
    if (phase_ == Phase::kStem) {
      Error(key_offset, "expected options \"A) ...\" before \"ANSWER:\" (question on line " +
                            std::to_string(stem_line_) + ")");
      phase_ = Phase::kIdle;
      return;
    }
    phase_ = Phase::kIdle;
    std::string_view value = line.substr(rest);
    size_t lead = 0;
    while (lead < value.size() && IsSpace(value[lead])) ++lead;
    size_t letter_offset = begin + rest + lead;
    std::string_view letter = Trim(value);
    if (letter.size() != 1 || !std::isalpha(static_cast<unsigned char>(letter[0]))) {
      Error(letter_offset,
            "expected one option letter after \"ANSWER:\", found \"" + std::string(letter) + "\"");
      return;
    }
    size_t index = static_cast<size_t>(std::toupper(static_cast<unsigned char>(letter[0])) - 'A');
    if (index >= question_.options.size()) {
      Error(letter_offset, "expected the letter of an option (A to " +
                               model::OptionLetter(question_.options.size() - 1) +
                               "), but \"ANSWER: " + std::string(letter) + "\" names no option");
      return;
    }
    if (question_.options.size() < 2) {
      Error(key_offset,
            "expected at least two options for the question on line " + std::to_string(stem_line_));
      return;
    }
    char named = static_cast<char>(std::toupper(static_cast<unsigned char>(letter[0])));
    if (index < labels_.size() && labels_[index] != named &&
        std::find(labels_.begin(), labels_.end(), named) != labels_.end()) {
      Warn(letter_offset, "\"ANSWER: " + std::string(letter) + "\" names option " +
                              model::OptionLetter(index) + " by position, which is lettered " +
                              std::string(1, labels_[index]) + " in the file");
    }
    model::Option& key = question_.options[index];
    key.correct = true;
    key.correct_span = text_.SpanOf(letter_offset, letter_offset + 1, file_);
    size_t end = begin + Trim(line).size() + static_cast<size_t>(Trim(line).data() - line.data());
    question_.span = text_.SpanOf(stem_begin_, end, file_);
    if (ctx_.bank != nullptr) ctx_.bank->questions.push_back(std::move(question_));
    question_ = model::Question();
  }

  void Error(size_t offset, std::string_view message) { ctx_.AddError(text_, offset, message); }
  void Warn(size_t offset, std::string_view message) { ctx_.AddWarning(text_, offset, message); }

  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  Phase phase_ = Phase::kIdle;
  model::Question question_;
  std::vector<char> labels_;  // the letters of question_'s options as written
  size_t stem_begin_ = 0;
  uint32_t stem_line_ = 0;
};
}  // namespace

int AikenFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  bool option = false;
  bool answer = false;
  size_t pos = 0;
  while (pos < content.size() && !(option && answer)) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view line = content.substr(pos, end - pos);
    char letter = 0;
    size_t offset = 0;
    size_t rest = 0;
    if (MatchAnswer(line, rest)) {
      std::string_view value = Trim(line.substr(rest));
      answer = answer || (value.size() == 1 && std::isalpha(static_cast<unsigned char>(value[0])));
    } else if (MatchOption(line, letter, offset)) {
      option = true;
    }
    pos = end + 1;
  }
  return option && answer ? 80 : 0;
}

Status AikenFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  AikenReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

}  // namespace qbank::formats
