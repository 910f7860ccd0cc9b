// GIFT import (blocks separated by blank lines, one Diagnostic per malformed question) and export
// (with the loss report). The mapping is written down in docs/formats/gift.md.
#include "formats/gift/gift_format.h"

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
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using model::Markup;
using model::QuestionType;
using model::Value;

constexpr double kGrades[] = {100,      90,       83.33333, 80,       75, 70, 66.66667,
                              60,       50,       40,       33.33333, 30, 25, 20,
                              16.66667, 14.28571, 12.5,     11.11111, 10, 5,  0};
constexpr std::string_view kExtension = "gift";  // the key of this format's extensions

// The qbank-meta comment: a Markdown draft is written [html] (Moodle's own [markdown] stays as it
// is) with the draft in the comment; suppressions have their own comments.
const LmsCarrier& Carrier() {
  static const LmsCarrier kCarrier = [] {
    LmsCarrier c;
    c.own_extension = kExtension;
    c.writes_suppressions = true;
    c.keeps_moodle_markdown = true;
    return c;
  }();
  return kCarrier;
}
// The comments that carry what GIFT has no notation for (docs/formats/gift.md, metadata).
constexpr std::string_view kQuestionMetaPrefix = "qbank-meta:";
constexpr std::string_view kBankMetaPrefix = "qbank-bank:";
constexpr std::string_view kFormats[] = {"[html]", "[moodle]", "[plain]", "[markdown]"};

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// GIFT escapes: \~ \= \# \{ \} \: stand for the character, \n for a line break and \\ for one
// backslash; any other backslash is kept as written.
std::string Unescape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      char next = s[i + 1];
      if (next == 'n') {
        out += '\n';
        ++i;
        continue;
      }
      if (std::string_view("~=#{}:\\").find(next) != std::string_view::npos) {
        out += next;
        ++i;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

// The inverse of Unescape for text written by the exporter: specials escaped, line breaks as \n,
// a backslash doubled only where it would otherwise start an escape. A colon only needs its escape
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
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\r') continue;
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\\') {
      bool starts_escape = i + 1 == s.size() || std::string_view("~=#{}:\\n\r\n").find(s[i + 1]) !=
                                                    std::string_view::npos;
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

// The first unescaped `needle` in s[from, to); npos when none.
size_t FindUnescaped(std::string_view s, size_t from, size_t to, std::string_view needle) {
  to = std::min(to, s.size());
  for (size_t i = from; i < to; ++i) {
    if (s[i] == '\\') {
      ++i;
      continue;
    }
    if (i + needle.size() <= to && s.compare(i, needle.size(), needle) == 0) return i;
  }
  return std::string_view::npos;
}

// The last unescaped `needle` in s[from, to) (occurrences may overlap, as PHP's strrpos finds
// them); npos when none.
size_t FindLastUnescaped(std::string_view s, size_t from, size_t to, std::string_view needle) {
  size_t last = std::string_view::npos;
  to = std::min(to, s.size());
  for (size_t i = from; i < to; ++i) {
    if (s[i] == '\\') {
      ++i;
      continue;
    }
    if (i + needle.size() <= to && s.compare(i, needle.size(), needle) == 0) last = i;
  }
  return last;
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

// The length of the weight ("%-33.3%") that `s` starts with, or 0 when it starts with none:
// Moodle's pattern, "%", any dashes, digits (at most two before a decimal point) and "%".
size_t WeightLength(std::string_view s) {
  if (s.empty() || s[0] != '%') return 0;
  size_t i = 1;
  while (i < s.size() && s[i] == '-') ++i;
  size_t digits_begin = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  size_t digits = i - digits_begin;
  if (digits == 0 || i == s.size()) return 0;
  if (s[i] == '%') return i + 1;
  if (s[i] != '.' || digits > 2) return 0;
  ++i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i < s.size() && s[i] == '%' ? i + 1 : 0;
}

bool ParseDouble(std::string_view s, double& value) {
  s = Trim(s);
  if (s.empty()) return false;
  if (s.front() == '+') s.remove_prefix(1);
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  return ec == std::errc() && ptr == s.data() + s.size() && std::isfinite(value);
}

// Line:column of byte offsets visited near one another (the parts of one question): each step
// counts only the code points between the previous offset and the new one when both are on one
// line, so a question whose thousands of answers share one long line is read in linear time.
class PositionCursor {
 public:
  explicit PositionCursor(const SourceText& source) : source_(source) {}

  SourcePosition At(size_t offset) {
    std::string_view content = source_.content();
    offset = std::min(offset, content.size());
    if (valid_) {
      size_t lo = std::min(offset, offset_);
      size_t hi = std::max(offset, offset_);
      std::string_view between = content.substr(lo, hi - lo);
      if (between.find('\n') == std::string_view::npos) {
        uint32_t n = static_cast<uint32_t>(CountCodePoints(between));
        position_.column = offset >= offset_ ? position_.column + n : position_.column - n;
        offset_ = offset;
        return position_;
      }
    }
    position_ = source_.PositionAt(offset);
    offset_ = offset;
    valid_ = true;
    return position_;
  }

  SourceSpan SpanOf(size_t begin, size_t end, uint32_t file) {
    SourceSpan span;
    span.file = file;
    SourcePosition b = At(begin);
    SourcePosition e = At(std::max(begin, end));
    span.line = b.line;
    span.column = b.column;
    span.end_line = e.line;
    span.end_column = e.column;
    return span;
  }

 private:
  const SourceText& source_;
  bool valid_ = false;
  size_t offset_ = 0;
  SourcePosition position_;
};

// The text of one question with its comment lines taken out, and the source offset of each line
// so positions in the text map back to the file.
class Block {
 public:
  void AddLine(std::string_view line, size_t source_offset) {
    if (!starts_.empty()) raw_ += '\n';
    starts_.push_back({raw_.size(), source_offset});
    raw_ += line;
  }
  const std::string& raw() const { return raw_; }
  bool empty() const { return starts_.empty(); }
  // The block without its first line (empty when it has one line).
  Block WithoutFirstLine() const {
    Block rest;
    for (size_t k = 1; k < starts_.size(); ++k) {
      size_t end = k + 1 < starts_.size() ? starts_[k + 1].raw - 1 : raw_.size();
      rest.AddLine(std::string_view(raw_).substr(starts_[k].raw, end - starts_[k].raw),
                   starts_[k].source);
    }
    return rest;
  }
  size_t SourceOffset(size_t pos) const {
    if (starts_.empty()) return pos;
    auto it = std::upper_bound(starts_.begin(), starts_.end(), pos,
                               [](size_t p, const Start& s) { return p < s.raw; });
    if (it != starts_.begin()) --it;
    return it->source + (pos - it->raw);
  }

 private:
  struct Start {
    size_t raw;
    size_t source;
  };
  std::string raw_;
  std::vector<Start> starts_;
};

const Value* GiftExtension(const Value& extensions) {
  const Value* gift = extensions.Find(std::string(kExtension));
  return gift != nullptr && gift->is_object() ? gift : nullptr;
}

std::string GiftString(const Value& extensions, const std::string& key) {
  const Value* gift = GiftExtension(extensions);
  const Value* v = gift != nullptr ? gift->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : std::string();
}

// Parses the parts of one block: title, format, stem and the answer block. Stops at the first
// error (error() non-empty), whose position error_pos() is an offset in the block's text.
class QuestionParser {
 public:
  QuestionParser(const Block& block, const SourceText* source, uint32_t file)
      : block_(block), raw_(block.raw()), source_(source), file_(file) {
    if (source != nullptr) cursor_.emplace(*source);
  }

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  size_t error_pos() const { return error_pos_; }
  // What was read the way Moodle reads it (an empty answer dropped): offset in the block, message.
  const std::vector<std::pair<size_t, std::string>>& warnings() const { return warnings_; }

  // The question text part of the block (everything but comments).
  void ParseQuestion(model::Question& q) {
    size_t pos = 0;
    size_t end = raw_.size();
    while (pos < end && IsBlank(raw_[pos])) ++pos;
    Value gift;
    if (raw_.compare(pos, 2, "::") == 0) {
      size_t close = FindUnescaped(raw_, pos + 2, end, "::");
      if (close == std::string::npos) {
        warnings_.emplace_back(pos,
                               "no '::' closes this title; the '::' is dropped and the rest read "
                               "as the question, as Moodle reads it");
        pos += 2;
        while (pos < end && IsBlank(raw_[pos])) ++pos;
        return ParseBody(pos, end, q, gift);
      }
      std::string title = Unescape(std::string_view(raw_).substr(pos + 2, close - pos - 2));
      if (!Trim(title).empty()) gift["title"] = std::string(Trim(title));
      pos = close + 2;
      while (pos < end && IsBlank(raw_[pos])) ++pos;
    }
    ParseBody(pos, end, q, gift);
  }

  // The question after its title: format, text and the answer block.
  void ParseBody(size_t pos, size_t end, model::Question& q, Value& gift) {
    for (std::string_view f : kFormats) {
      if (raw_.compare(pos, f.size(), f) == 0) {
        std::string name(f.substr(1, f.size() - 2));
        if (name == "html") q.markup = Markup::kHtml;
        if (name == "markdown") q.markup = Markup::kMarkdown;
        if (name != "html") gift["format"] = name;  // Moodle's markdown is not a draft's
        pos += f.size();
        break;
      }
    }
    size_t open = FindUnescaped(raw_, pos, end, "{");
    size_t close = FindUnescaped(raw_, open == std::string::npos ? pos : open + 1, end, "}");
    if (open == std::string::npos) {
      if (close != std::string::npos) {
        return Fail(close, "found '}' without an opening '{' (write a literal brace as \\})");
      }
      q.type = QuestionType::kDescription;
      q.stem = MakeText(pos, end);
      if (q.stem.empty()) return Fail(pos, "expected the question text");
      WarnTitleOnANewLine(pos, end, "inside the question text", "as part of this question");
      if (!gift.is_null()) q.extensions[std::string(kExtension)] = gift;
      return;
    }
    if (InLatex(open)) return FailLatex(open);
    if (IsClozeGap(open + 1, close == std::string::npos ? end : close)) {
      return Fail(open,
                  "this is a Cloze gap ('{1:MC:...}', Moodle's embedded answers), which GIFT "
                  "cannot hold: import the question as Moodle XML (type cloze) or rewrite it as "
                  "GIFT");
    }
    if (close == std::string::npos) {
      return Fail(open, "expected '}' to close the answer block opened here");
    }
    size_t nested = FindUnescaped(raw_, open + 1, close, "{");
    if (nested != std::string::npos) {
      if (InLatex(nested)) return FailLatex(nested);
      return Fail(nested, "expected '}' before another '{' (write a literal brace as \\{)");
    }
    size_t second = FindUnescaped(raw_, close + 1, end, "{");
    if (second == std::string::npos) second = FindUnescaped(raw_, close + 1, end, "}");
    if (second != std::string::npos) return FailSecondBlock(close, second, end);
    q.stem = MakeText(pos, open);
    WarnTitleOnANewLine(pos, open, "inside the question text", "as part of this question");
    model::Text after = MakeText(close + 1, end);
    if (!after.empty()) {
      gift["blank_after"] = after.value;
      WarnTitleOnANewLine(close + 1, end, "after the answer block", "as the text after the gap");
    }
    ParseAnswers(open + 1, close, q, gift);
    if (failed()) return;
    if (!gift.is_null()) q.extensions[std::string(kExtension)] = gift;
  }

  // The inside of an answer block, raw_[begin, end).
  void ParseAnswers(size_t begin, size_t end, model::Question& q, Value& gift) {
    // As Moodle: the general feedback follows the last "####".
    size_t general = FindLastUnescaped(raw_, begin, end, "####");
    size_t answers_end = end;
    if (general != std::string::npos) {
      q.explanation = MarkedText(general + 4, end, gift, "explanation_format", false);
      answers_end = general;
    }
    size_t b = begin;
    size_t e = answers_end;
    while (b < e && IsBlank(raw_[b])) ++b;
    while (e > b && IsBlank(raw_[e - 1])) --e;
    if (b == e) {
      q.type = QuestionType::kEssay;
      return;
    }
    std::string block = raw_.substr(begin, end - begin);
    if (raw_[b] == '#') {
      q.type = QuestionType::kNumerical;
      gift["answers"] = block;
      return ReadNumerical(b + 1, e, q);
    }
    // Then, as Moodle tells them apart: any '~' makes a multiple choice; '=' with "->" a
    // matching question; "T", "TRUE", "F" or "FALSE" (in capitals) a true/false question; the
    // rest is a short answer.
    if (FindUnescaped(raw_, b, e, "~") != std::string::npos) return ReadMultipleChoice(b, e, q);
    if (FindUnescaped(raw_, b, e, "=") != std::string::npos &&
        FindUnescaped(raw_, b, e, "->") != std::string::npos) {
      q.type = QuestionType::kMatching;
      gift["answers"] = block;
      return ReadMatching(b, e, q);
    }
    size_t hash = FindUnescaped(raw_, b, e, "#");
    std::string token(Trim(std::string_view(raw_).substr(b, std::min(hash, e) - b)));
    if (token == "T" || token == "TRUE" || token == "F" || token == "FALSE") {
      gift["tf"] = token;
      return ReadTrueFalse(token[0] == 'T', hash, e, q);
    }
    std::string upper = Upper(token);
    if (upper == "T" || upper == "TRUE" || upper == "F" || upper == "FALSE") {
      warnings_.emplace_back(b, "\"" + token +
                                    "\" is read as a short answer, as Moodle reads it: only T, "
                                    "TRUE, F and FALSE in capitals make a true/false question");
    }
    q.type = QuestionType::kShortAnswer;
    gift["answers"] = block;
    ReadShortAnswer(b, e, q);
  }

 private:
  struct Answer {
    char marker = 0;  // '=', '~', or 0 for an answer before the first mark
    size_t marker_pos = 0;
    size_t begin = 0;  // after the marker
    size_t end = 0;
  };

  void Fail(size_t pos, std::string message) {
    if (failed()) return;
    error_pos_ = pos;
    error_ = std::move(message);
  }

  // A "::title::" at the start of a line within raw_[begin, end) is most likely the next
  // question with no blank line before it: read as Moodle reads it (`reading`), with a warning.
  void WarnTitleOnANewLine(size_t begin, size_t end, std::string_view where,
                           std::string_view reading) {
    for (size_t nl = raw_.find('\n', begin); nl < end; nl = raw_.find('\n', nl + 1)) {
      size_t k = nl + 1;
      while (k < end && (raw_[k] == ' ' || raw_[k] == '\t')) ++k;
      size_t line_end = std::min(raw_.find('\n', k), end);
      if (raw_.compare(k, 2, "::") != 0 ||
          FindUnescaped(raw_, k + 2, line_end, "::") == std::string::npos) {
        continue;
      }
      warnings_.emplace_back(k, "a title on a new line " + std::string(where) +
                                    ": missing blank line before line " +
                                    std::to_string(LineOf(k)) + "? (read " + std::string(reading) +
                                    ", as Moodle reads it)");
      return;
    }
  }

  // The file's line number at block offset `pos` (0 when the block is not from a file).
  uint32_t LineOf(size_t pos) {
    return source_ != nullptr ? cursor_->At(block_.SourceOffset(pos)).line : 0;
  }

  // True when the brace at `pos` belongs to LaTeX: right after a command ("\frac{"), "^", "_" or
  // another group ("}{"), or inside $$...$$, \(...\) or \[...\] that close after it (an opener
  // that never closes is text: "\[" alone does not make the answer block a formula).
  bool InLatex(size_t pos) const {
    size_t k = pos;
    while (k > 0 && std::isalpha(static_cast<unsigned char>(raw_[k - 1]))) --k;
    if (k < pos && k > 0 && raw_[k - 1] == '\\') return true;
    if (pos > 0 && (raw_[pos - 1] == '^' || raw_[pos - 1] == '_')) return true;
    bool dollars = false;
    bool paren = false;
    for (size_t i = 0; i + 1 < pos; ++i) {
      if (raw_[i] == '$' && raw_[i + 1] == '$') {
        dollars = !dollars;
        ++i;
      } else if (raw_[i] == '\\' && (raw_[i + 1] == '(' || raw_[i + 1] == '[')) {
        paren = true;
        ++i;
      } else if (raw_[i] == '\\' && (raw_[i + 1] == ')' || raw_[i + 1] == ']')) {
        paren = false;
        ++i;
      } else if (raw_[i] == '\\') {
        ++i;
      }
    }
    bool closes_dollars = dollars && raw_.find("$$", pos) != std::string::npos;
    bool closes_paren = paren && (raw_.find("\\)", pos) != std::string::npos ||
                                  raw_.find("\\]", pos) != std::string::npos);
    return closes_dollars || closes_paren;
  }

  void FailLatex(size_t pos) {
    Fail(pos, "unescaped '" + std::string(1, raw_[pos]) +
                  "' in LaTeX: GIFT reads every brace as the answer block; write the formula's "
                  "braces as \\{ and \\}");
  }

  // "{1:MC:~=a~b}", "{:SHORTANSWER:=x}": Moodle's Cloze (embedded answers) syntax.
  bool IsClozeGap(size_t begin, size_t end) const {
    static const std::set<std::string_view> kClozeTypes = {"MULTICHOICE",
                                                           "MC",
                                                           "MULTICHOICE_V",
                                                           "MCV",
                                                           "MULTICHOICE_H",
                                                           "MCH",
                                                           "MULTICHOICE_S",
                                                           "MCS",
                                                           "MULTICHOICE_VS",
                                                           "MCVS",
                                                           "MULTICHOICE_HS",
                                                           "MCHS",
                                                           "MULTIRESPONSE",
                                                           "MR",
                                                           "MULTIRESPONSE_H",
                                                           "MRH",
                                                           "MULTIRESPONSE_S",
                                                           "MRS",
                                                           "MULTIRESPONSE_HS",
                                                           "MRHS",
                                                           "SHORTANSWER",
                                                           "SA",
                                                           "MW",
                                                           "SHORTANSWER_C",
                                                           "SAC",
                                                           "MWC",
                                                           "NUMERICAL",
                                                           "NM"};
    size_t i = begin;
    while (i < end && IsBlank(raw_[i])) ++i;
    while (i < end && std::isdigit(static_cast<unsigned char>(raw_[i]))) ++i;
    if (i >= end || raw_[i] != ':') return false;
    size_t name = ++i;
    while (i < end && (std::isupper(static_cast<unsigned char>(raw_[i])) || raw_[i] == '_')) ++i;
    if (i >= end || raw_[i] != ':') return false;
    return kClozeTypes.count(std::string_view(raw_).substr(name, i - name)) != 0;
  }

  // A second brace after the answer block closed at `close`: a missing blank line before the
  // next question, a brace of LaTeX, a second gap, or a stray brace.
  void FailSecondBlock(size_t close, size_t second, size_t end) {
    size_t next = close + 1;
    while (next < end && IsBlank(raw_[next])) ++next;
    if (raw_.find('\n', close + 1) < next && raw_[second] == '{' && !InLatex(second)) {
      return Fail(next,
                  "expected a blank line between two questions: missing blank line before "
                  "line " +
                      std::to_string(LineOf(next)) + "?");
    }
    if (InLatex(second)) return FailLatex(second);
    if (raw_[second] == '{') {
      size_t second_close = FindUnescaped(raw_, second + 1, end, "}");
      if (second_close != std::string::npos) {
        return Fail(second,
                    "a second gap in one question: GIFT holds one answer block per "
                    "question (split the question, or write it as Cloze in Moodle XML; "
                    "a literal brace is written \\{)");
      }
    }
    Fail(second, "expected one answer block per question (write a literal brace as \\" +
                     std::string(1, raw_[second]) + ")");
  }

  // raw_[begin, end) trimmed and unescaped, with its span.
  model::Text MakeText(size_t begin, size_t end) {
    while (begin < end && IsBlank(raw_[begin])) ++begin;
    while (end > begin && IsBlank(raw_[end - 1])) --end;
    model::Text text;
    std::string_view slice = std::string_view(raw_).substr(begin, end - begin);
    text.value = Unescape(slice);
    if (source_ != nullptr) {
      size_t src_begin = block_.SourceOffset(begin);
      size_t src_end = end > begin ? block_.SourceOffset(end - 1) + 1 : src_begin;
      text.span = cursor_->SpanOf(src_begin, src_end, file_);
      text.verbatim = source_->content().compare(src_begin, text.value.size(), text.value) == 0;
    }
    return text;
  }

  SourceSpan SpanAt(size_t begin, size_t end) {
    if (source_ == nullptr) return {};
    size_t src_begin = block_.SourceOffset(begin);
    size_t src_end = end > begin ? block_.SourceOffset(end - 1) + 1 : src_begin;
    return cursor_->SpanOf(src_begin, src_end, file_);
  }

  // Splits raw_[b, e) at every unescaped '=' and '~'. Text before the first mark is an answer
  // too (marker 0), as Moodle reads it.
  std::vector<Answer> Split(size_t b, size_t e) {
    std::vector<Answer> answers;
    size_t first = b;
    while (first < e && IsBlank(raw_[first])) ++first;
    for (size_t i = b; i < e; ++i) {
      if (raw_[i] == '\\') {
        ++i;
        continue;
      }
      if (raw_[i] != '=' && raw_[i] != '~') continue;
      if (answers.empty() && i > first) answers.push_back(Answer{0, first, first, i});
      if (!answers.empty()) answers.back().end = i;
      answers.push_back(Answer{raw_[i], i, i + 1, e});
    }
    if (answers.empty() && first < e) answers.push_back(Answer{0, first, first, e});
    return answers;
  }

  // The weight "%50%" at the start of an answer, if any; advances `begin` past it. As in Moodle,
  // only what its pattern takes ("%", dashes, digits, at most two before a decimal point, "%")
  // makes a weight; any other text that starts with "%" is answer text.
  std::optional<double> Weight(size_t& begin, size_t end) {
    size_t p = begin;
    while (p < end && IsBlank(raw_[p])) ++p;
    size_t length = WeightLength(std::string_view(raw_).substr(p, end - p));
    if (length == 0) return std::nullopt;
    std::string_view number = std::string_view(raw_).substr(p + 1, length - 2);
    double percent = 0;
    std::optional<double> grade;
    if (ParseDouble(number, percent)) grade = MoodleGrade(percent);
    if (!grade) {
      Fail(p + 1,
           "expected a weight Moodle accepts (100, 90, 83.33333, 80, 75, 70, 66.66667, 60, "
           "50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0 "
           "or one of them negative), found " +
               std::string(number) + "%; Moodle refuses the whole file");
      return std::nullopt;
    }
    begin = p + length;
    return grade;
  }

  // The format word ("[html]") a text starts with, as Moodle reads it in answers and feedback:
  // taken off the text and kept in `ext` (an option's extensions, or with `nested` false the
  // question's gift extension object itself) under `key`.
  model::Text MarkedText(size_t begin, size_t end, Value& ext, const std::string& key,
                         bool nested = true) {
    size_t p = begin;
    while (p < end && IsBlank(raw_[p])) ++p;
    for (std::string_view f : kFormats) {
      if (p + f.size() <= end && raw_.compare(p, f.size(), f) == 0) {
        Value& target = nested ? ext[std::string(kExtension)] : ext;
        target[key] = std::string(f.substr(1, f.size() - 2));
        return MakeText(p + f.size(), end);
      }
    }
    return MakeText(begin, end);
  }

  // One answer's weight (unless `weighted` is false: Moodle reads "=%50%x" in a multiple choice
  // as the text "%50%x"), text and feedback ("#...").
  model::Option MakeOption(const Answer& a, bool weighted = true) {
    model::Option option;
    size_t begin = a.begin;
    if (weighted) {
      option.weight = Weight(begin, a.end);
    } else if (size_t p = SkipBlanks(begin, a.end);
               WeightLength(std::string_view(raw_).substr(p, a.end - p)) != 0) {
      warnings_.emplace_back(p,
                             "a weight after '=' is read as part of the answer text, as Moodle "
                             "reads it ('=' gives full credit; write ~%50% for partial credit)");
    }
    size_t hash = FindUnescaped(raw_, begin, a.end, "#");
    option.text = MarkedText(begin, std::min(hash, a.end), option.extensions, "text_format");
    if (hash != std::string::npos) {
      option.rationale = MarkedText(hash + 1, a.end, option.extensions, "feedback_format");
    }
    option.span = SpanAt(a.marker_pos, a.end);
    option.correct_span = SpanAt(a.marker_pos, a.marker_pos + 1);
    return option;
  }

  size_t SkipBlanks(size_t p, size_t end) const {
    while (p < end && IsBlank(raw_[p])) ++p;
    return p;
  }

  void ReadMultipleChoice(size_t b, size_t e, model::Question& q) {
    std::vector<Answer> answers = Split(b, e);
    if (answers.size() < 2) return Fail(b, "expected at least two answers in a multiple choice");
    bool single = std::any_of(answers.begin(), answers.end(),
                              [](const Answer& a) { return a.marker == '='; });
    q.type = single ? QuestionType::kSingleAnswer : QuestionType::kMultipleAnswer;
    if (answers[0].marker == 0) {
      warnings_.emplace_back(answers[0].begin,
                             "an answer without '=' or '~' before the first marked one is read "
                             "as a wrong answer, as Moodle reads it");
    }
    for (size_t i = 0; i < answers.size(); ++i) {
      const Answer& a = answers[i];
      model::Option option = MakeOption(a, a.marker != '=');
      if (failed()) return;
      if (DropsEmptyAnswer(answers, i, option)) continue;
      if (single) {
        option.correct = a.marker == '=' || (option.weight && *option.weight == 100);
      } else {
        option.correct = option.weight && *option.weight > 0;
      }
      q.options.push_back(std::move(option));
    }
    if (!single) {
      // Weights that only split the credit evenly among the keys are what an unweighted
      // multiple-answer question is written as: keep them implicit.
      size_t keys = q.KeyIndexes().size();
      for (model::Option& o : q.options) {
        if (o.correct && keys > 0 && MoodleGrade(100.0 / static_cast<double>(keys)) &&
            std::fabs(*o.weight - *MoodleGrade(100.0 / static_cast<double>(keys))) < 1e-9) {
          o.weight.reset();
        }
      }
    }
  }

  // True (with a warning) for an answer without text, which Moodle drops when it saves the
  // question: "~=x" reads as an empty wrong answer and a right one.
  bool DropsEmptyAnswer(const std::vector<Answer>& answers, size_t i, const model::Option& option) {
    if (!option.text.value.empty()) return false;
    const Answer& a = answers[i];
    bool tilde_equals = a.marker == '~' && i + 1 < answers.size() && answers[i + 1].marker == '=' &&
                        answers[i + 1].marker_pos == a.end;
    if (tilde_equals) {
      warnings_.emplace_back(a.marker_pos,
                             "\"~=\" reads as an empty wrong answer before a right one; the empty "
                             "answer is dropped, as Moodle drops it (write \"=\" alone for the "
                             "right answer)");
    } else {
      warnings_.emplace_back(a.marker_pos, std::string("an answer with no text after '") +
                                               a.marker + "' is dropped, as Moodle drops it");
    }
    return true;
  }

  // "=a =b", or a lone "a" without '=' (Moodle's one accepted answer).
  void ReadShortAnswer(size_t b, size_t e, model::Question& q) {
    std::vector<Answer> answers = Split(b, e);
    for (size_t i = 0; i < answers.size(); ++i) {
      const Answer& a = answers[i];
      model::Option option = MakeOption(a);
      if (failed()) return;
      if (DropsEmptyAnswer(answers, i, option)) continue;
      option.correct = !option.weight || *option.weight > 0;
      q.options.push_back(std::move(option));
    }
    if (q.options.empty()) return Fail(b, "expected an accepted answer in a short answer");
  }

  // Numbers ("3.14", "3.14:0.01", "1..5", or "*" for any other answer), each with a weight and
  // feedback; then, as Moodle reads it, everything from the first '~' on is one entry: the
  // feedback (after its '#') for every other answer.
  void ReadNumerical(size_t b, size_t e, model::Question& q) {
    size_t tilde = FindUnescaped(raw_, b, e, "~");
    std::vector<Answer> answers = Split(b, std::min(tilde, e));
    for (Answer& a : answers) {
      model::Option option = MakeOption(a);
      if (failed()) return;
      option.correct = !option.weight || *option.weight > 0;
      if (!IsNumericalAnswer(option.text.value)) {
        return Fail(a.begin,
                    "expected a number, \"number:tolerance\", \"low..high\" or \"*\" in a "
                    "numerical answer, found \"" +
                        option.text.value + "\"");
      }
      q.options.push_back(std::move(option));
    }
    if (q.options.empty()) {
      return Fail(b - 1,
                  "expected a numerical answer after '#' (a number, number:tolerance or "
                  "low..high)");
    }
    if (tilde != std::string::npos) ReadOtherAnswers(tilde, e, q);
  }

  // The '~' entry of a numerical answer block, raw_[tilde, e).
  void ReadOtherAnswers(size_t tilde, size_t e, model::Question& q) {
    size_t hash = FindUnescaped(raw_, tilde + 1, e, "#");
    model::Text ignored = MakeText(tilde + 1, std::min(hash, e));
    if (!ignored.empty()) {
      warnings_.emplace_back(tilde + 1,
                             "the text between '~' and '#' in a numerical answer is ignored, as "
                             "Moodle ignores it ('~#feedback' is the feedback for any other "
                             "answer)");
    }
    if (size_t next = FindUnescaped(raw_, tilde + 1, e, "~"); next != std::string::npos) {
      warnings_.emplace_back(next,
                             "a second '~' in a numerical answer is read as part of the first "
                             "one's feedback, as Moodle reads it");
    }
    model::Option other;
    other.correct = false;
    if (hash != std::string::npos) {
      other.rationale = MarkedText(hash + 1, e, other.extensions, "feedback_format");
    }
    other.span = SpanAt(tilde, e);
    other.correct_span = SpanAt(tilde, tilde + 1);
    q.options.push_back(std::move(other));
  }

  static bool IsNumericalAnswer(std::string_view v) {
    return v == "*" || model::ParseNumericalAnswer(v).has_value();
  }

  // "=item -> match" pairs (a first pair may go without '='); no weights, no feedback.
  void ReadMatching(size_t b, size_t e, model::Question& q) {
    std::vector<Answer> answers = Split(b, e);
    if (answers.size() < 2) return Fail(b, "expected at least two pairs \"=item -> match\"");
    for (const Answer& a : answers) {
      size_t arrow = FindUnescaped(raw_, a.begin, a.end, "->");
      if (arrow == std::string::npos) {
        return Fail(a.begin, "expected \"item -> match\" in a matching pair");
      }
      model::Option option;
      option.text = MarkedText(a.begin, arrow, option.extensions, "text_format");
      option.extensions[std::string(kExtension)]["match"] = MakeText(arrow + 2, a.end).value;
      option.span = SpanAt(a.marker_pos, a.end);
      q.options.push_back(std::move(option));
    }
  }

  // {T}, {TRUE#wrong#right}: Moodle splits at the first two '#'; a third belongs to the right
  // answer's feedback.
  void ReadTrueFalse(bool answer, size_t hash, size_t e, model::Question& q) {
    q.type = QuestionType::kTrueFalse;
    model::Option yes;
    yes.text.value = "True";
    model::Option no;
    no.text.value = "False";
    yes.correct = answer;
    no.correct = !answer;
    model::Option& key = answer ? yes : no;
    model::Option& other = answer ? no : yes;
    if (hash != std::string::npos && hash < e) {
      size_t second = FindUnescaped(raw_, hash + 1, e, "#");
      other.rationale =
          MarkedText(hash + 1, std::min(second, e), other.extensions, "feedback_format");
      if (second != std::string::npos) {
        if (size_t third = FindUnescaped(raw_, second + 1, e, "#"); third != std::string::npos) {
          warnings_.emplace_back(third,
                                 "a third '#' in a true/false answer is read as part of the "
                                 "right answer's feedback, as Moodle reads it (write \\# for a "
                                 "literal '#')");
        }
        key.rationale = MarkedText(second + 1, e, key.extensions, "feedback_format");
      }
    }
    q.options.push_back(std::move(yes));
    q.options.push_back(std::move(no));
  }

  const Block& block_;
  const std::string& raw_;
  const SourceText* source_;
  std::optional<PositionCursor> cursor_;  // set when source_ is
  uint32_t file_;
  std::string error_;
  size_t error_pos_ = 0;
  std::vector<std::pair<size_t, std::string>> warnings_;
};

// Reads a whole file: splits it into blocks at blank lines and parses each.
class GiftReader {
 public:
  GiftReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), file_(file), ctx_(ctx) {}

  void Run() {
    std::string_view content = text_.content();
    size_t pos = 0;
    while (pos <= content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      std::string_view line = content.substr(pos, end - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      std::string_view trimmed = Trim(line);
      if (trimmed.empty()) {
        ParsePendingBlock();
      } else if (trimmed.substr(0, 2) == "//") {
        ReadComment(trimmed.substr(2), pos + static_cast<size_t>(trimmed.data() - line.data()),
                    pos + static_cast<size_t>(trimmed.data() - line.data()) + trimmed.size());
      } else {
        // Moodle trims every line of a question.
        block_.AddLine(trimmed, pos + static_cast<size_t>(trimmed.data() - line.data()));
      }
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    ParsePendingBlock();
    KeepTrailingComments();
    if (questions_ == 0 && errors_ == 0) {
      // Never an empty success for a file that has answer blocks.
      size_t brace = FirstAnswerBlock();
      if (brace != std::string_view::npos) {
        ctx_.AddError(text_, brace,
                      "no question read from a file with answer blocks; expected questions "
                      "separated by blank lines");
      }
    }
  }

 private:
  // The offset of the first unescaped '{' outside comment lines; npos when none.
  size_t FirstAnswerBlock() const {
    std::string_view content = text_.content();
    size_t pos = 0;
    while (pos < content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      std::string_view line = content.substr(pos, end - pos);
      if (Trim(line).substr(0, 2) != "//") {
        size_t brace = FindUnescaped(line, 0, line.size(), "{");
        if (brace != std::string_view::npos) return pos + brace;
      }
      pos = end + 1;
    }
    return std::string_view::npos;
  }

  void ReadComment(std::string_view body, size_t begin, size_t end) {
    SourceSpan span = text_.SpanOf(begin, end, file_);
    SuppressionDirective directive;
    if (ParseSuppressionDirective(body, directive)) {
      for (model::Suppression& s : directive.suppressions) {
        s.span = span;
        (directive.next ? next_suppressions_ : suppressions_).push_back(std::move(s));
      }
      return;
    }
    // qbank's metadata comments (docs/formats/gift.md): the question's fields GIFT has no
    // notation for, and the bank's own fields.
    std::string_view trimmed = Trim(body);
    if (trimmed.starts_with(kQuestionMetaPrefix)) {
      meta_json_ = std::string(Trim(trimmed.substr(kQuestionMetaPrefix.size())));
      meta_offset_ = begin;
      return;
    }
    if (trimmed.starts_with(kBankMetaPrefix) && ctx_.bank != nullptr) {
      Status applied = ApplyBankMetadataJson(Trim(trimmed.substr(kBankMetaPrefix.size())),
                                             text_.path(), *ctx_.bank);
      if (applied.ok()) return;
      ctx_.AddWarning(text_, begin,
                      "a '// qbank-bank:' comment that is not the bank fields qbank writes (" +
                          applied.message() + "); kept as a comment");
    }
    // [id:...] and [tag:...] (a ']' inside is written "\]"); the rest of the comment is kept.
    std::string rest;
    size_t i = 0;
    while (i < body.size()) {
      bool is_id = body.compare(i, 4, "[id:") == 0;
      bool is_tag = body.compare(i, 5, "[tag:") == 0;
      if (is_id || is_tag) {
        size_t start = i + (is_id ? 4 : 5);
        std::string value;
        size_t j = start;
        for (; j < body.size() && body[j] != ']'; ++j) {
          if (body[j] == '\\' && j + 1 < body.size() && body[j + 1] == ']') ++j;
          value += body[j];
        }
        if (j < body.size()) {
          size_t value_begin = begin + 2 + start;
          model::Text text(std::string(Trim(value)));
          text.span = text_.SpanOf(value_begin, begin + 2 + j, file_);
          text.verbatim = body.substr(start, j - start) == text.value;
          if (is_id) {
            id_ = std::move(text);
          } else {
            tags_.push_back(std::move(text));
          }
          i = j + 1;
          continue;
        }
      }
      rest += body[i++];
    }
    std::string_view kept = Trim(rest);
    if (!kept.empty()) comments_.push_back(std::string(kept));
  }

  void ParsePendingBlock() {
    if (block_.empty()) {
      EndCommentBlock();
      return;
    }
    Block block = std::move(block_);
    block_ = Block();
    std::string_view raw = Trim(block.raw());
    if (raw.substr(0, 10) == "$CATEGORY:") {
      // As in Moodle the category is taken as written (no escapes), from its one line.
      size_t line_end =
          block.raw().find('\n', static_cast<size_t>(raw.data() - block.raw().data()));
      if (line_end == std::string::npos) line_end = block.raw().size();
      size_t begin = static_cast<size_t>(raw.data() - block.raw().data()) + 10;
      std::string_view name = Trim(std::string_view(block.raw()).substr(begin, line_end - begin));
      category_ = model::Text(std::string(name));
      category_.span = text_.SpanOf(block.SourceOffset(begin), block.SourceOffset(line_end), file_);
      Block rest = block.WithoutFirstLine();
      if (rest.empty() || Trim(rest.raw()).empty()) {
        // The comments around the category line wait as a block, and their suppressions for
        // the question after the category.
        EndCommentBlock();
        return;
      }
      // Lines right after the category line are a question (Moodle would take them into the
      // category's name and lose them).
      size_t first = 0;
      while (first < rest.raw().size() && IsBlank(rest.raw()[first])) ++first;
      ctx_.AddWarning(text_, rest.SourceOffset(first),
                      "no blank line after the $CATEGORY: line; read as a question (Moodle would "
                      "read these lines as part of the category's name)");
      block = std::move(rest);
    }
    model::Question q;
    QuestionParser parser(block, &text_, file_);
    parser.ParseQuestion(q);
    for (const auto& [pos, message] : parser.warnings()) {
      if (!parser.failed()) ctx_.AddWarning(text_, block.SourceOffset(pos), message);
    }
    if (parser.failed()) {
      ctx_.AddError(text_, block.SourceOffset(parser.error_pos()), parser.error());
      ++errors_;
      ClearPending();
      return;
    }
    ++questions_;
    for (const std::string& problem : MoodleSaveProblems(q)) {
      ctx_.AddWarning(text_, block.SourceOffset(0), problem);
    }
    q.id = id_;
    if (!used_ids_.has_value())
      used_ids_ = ctx_.bank != nullptr ? UsedIds(*ctx_.bank) : std::unordered_set<std::string>();
    // Without an [id:...] comment the title is the id (docs/formats/README.md, ids and titles).
    AdoptTitleAsId(q, GiftString(q.extensions, "title"), *used_ids_);
    q.tags = tags_;
    q.domain = category_;
    q.suppressions = next_suppressions_;
    q.suppressions.insert(q.suppressions.end(), suppressions_.begin(), suppressions_.end());
    ApplyQuestionMetadata(q);
    if (!comments_.empty()) {
      Value::Array comments;
      for (const std::string& c : comments_) comments.emplace_back(c);
      q.extensions[std::string(kExtension)]["comments"] = Value(std::move(comments));
    }
    if (!detached_.empty()) {
      q.extensions[std::string(kExtension)]["comments_before"] = Value(std::move(detached_));
      detached_.clear();
    }
    DropTitleThatIsTheId(q);
    q.span = text_.SpanOf(block.SourceOffset(0), block.SourceOffset(block.raw().size()), file_);
    if (ctx_.bank != nullptr) ctx_.bank->questions.push_back(std::move(q));
    ClearPending();
  }

  // A block of comments only: its id and tags belong to no question; its comments are kept
  // with the next question, before a blank line (or after the file's last question), and its
  // suppressions wait for the next question.
  void EndCommentBlock() {
    DetachPendingComments();
    std::vector<model::Suppression> waiting = std::move(next_suppressions_);
    waiting.insert(waiting.end(), suppressions_.begin(), suppressions_.end());
    ClearPending();
    next_suppressions_ = std::move(waiting);
  }

  // The pending comments, which belong to no question, wait as one block for the next one.
  void DetachPendingComments() {
    if (comments_.empty()) return;
    Value::Array lines(comments_.begin(), comments_.end());
    detached_.emplace_back(std::move(lines));
  }

  // Comment blocks after the file's last question stay with it ("comments_after").
  void KeepTrailingComments() {
    if (detached_.empty() || questions_ == 0 || ctx_.bank == nullptr) return;
    model::Question& last = ctx_.bank->questions.back();
    if (last.span.file != file_) return;
    last.extensions[std::string(kExtension)]["comments_after"] = Value(std::move(detached_));
    detached_.clear();
  }

  // Removes extensions.gift.<key> (and the gift object, when it is left empty).
  static void EraseGiftKey(model::Question& q, const std::string& key) {
    Value* gift = q.extensions.is_object() && q.extensions.Find(std::string(kExtension)) != nullptr
                      ? &q.extensions[std::string(kExtension)]
                      : nullptr;
    if (gift == nullptr || !gift->is_object()) return;
    gift->mutable_object().erase(key);
    if (gift->as_object().empty()) q.extensions.mutable_object().erase(std::string(kExtension));
    if (q.extensions.as_object().empty()) q.extensions = Value();
  }

  // A title that is the id is not kept apart: the exporter writes the id as the title.
  static void DropTitleThatIsTheId(model::Question& q) {
    if (!q.id.empty() && GiftString(q.extensions, "title") == q.id.value) {
      EraseGiftKey(q, "title");
    }
  }

  // The pending "// qbank-meta:" comment applied to `q`; one qbank did not write is a warning and
  // stays a comment.
  void ApplyQuestionMetadata(model::Question& q) {
    if (meta_json_.empty()) return;
    model::Question carried_texts;
    Status applied = ApplyMetadataJson(meta_json_, text_.path(), q, &carried_texts);
    if (applied.ok()) {
      // The [html] text was rendered from a Markdown draft: the draft again, where not edited.
      // What was read for writing the GIFT text back as it was is then qbank's rendering, not
      // the writer's: it goes.
      if (FinishCarried(carried_texts, Carrier().html, q)) {
        for (const char* key : {"answers", "tf"}) EraseGiftKey(q, key);
      }
      return;
    }
    ctx_.AddWarning(text_, meta_offset_,
                    "a '// qbank-meta:' comment that is not the metadata qbank writes (" +
                        applied.message() + "); kept as a comment");
    comments_.insert(comments_.begin(), std::string(kQuestionMetaPrefix) + " " + meta_json_);
  }

  // Forgets everything the comments before a block said (the question is read or refused).
  void ClearPending() {
    id_ = model::Text();
    tags_.clear();
    comments_.clear();
    meta_json_.clear();
    suppressions_.clear();
    next_suppressions_.clear();
  }

  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  size_t questions_ = 0;  // read from this file
  size_t errors_ = 0;     // reported for this file
  Block block_;
  model::Text category_;
  model::Text id_;
  std::vector<model::Text> tags_;
  std::vector<std::string> comments_;
  Value::Array detached_;  // comment-only blocks waiting for the next question, one array each
  std::string meta_json_;  // the question's "// qbank-meta:" comment, applied once it is read
  size_t meta_offset_ = 0;
  std::vector<model::Suppression> suppressions_;
  std::vector<model::Suppression> next_suppressions_;
  std::optional<std::unordered_set<std::string>> used_ids_;  // ids in the bank, made on first use
};

// ---- export ----

bool SameOptions(const std::vector<model::Option>& a, const std::vector<model::Option>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].text.value != b[i].text.value || a[i].correct != b[i].correct ||
        a[i].weight != b[i].weight || a[i].rationale.value != b[i].rationale.value ||
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
      if (q.domain.value != category) {
        if (q.domain.empty()) {
          loss_.Drop("domain");  // GIFT cannot go back to no category
        } else {
          if (!first) out_ += '\n';
          out_ += "$CATEGORY: " + OneLine(q.domain.value) + "\n";
          first = false;
          category = q.domain.value;
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
    if (o.rationale.empty()) return;
    out_ += "#" + MarkedText(o.rationale.value, FormatMark(o.extensions, "feedback_format"),
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
          out_ += "=" + AnswerText(o) + " -> " +
                  (match != nullptr && match->is_string() ? Escape(match->as_string()) : "") + "\n";
          if (o.weight) loss_.Drop("options.weight");
          if (!o.rationale.empty()) loss_.Drop("options.rationale");
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
    if (!other.rationale.empty() || !key.rationale.empty()) {
      out_ +=
          "#" + MarkedText(other.rationale.value, FormatMark(other.extensions, "feedback_format"),
                           "options.rationale");
      if (!key.rationale.empty()) {
        out_ += "#" + MarkedText(key.rationale.value, FormatMark(key.extensions, "feedback_format"),
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
             o.rationale.value.find("->") != std::string::npos;
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

std::optional<double> MoodleGrade(double percent) {
  for (double g : kGrades) {
    for (double s : {g, -g}) {
      if (std::fabs(percent - s) < 0.001) return s;
    }
  }
  return std::nullopt;
}

int GiftFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  size_t pos = 0;
  int score = 0;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view line = Trim(content.substr(pos, end - pos));
    if (line.substr(0, 10) == "$CATEGORY:") return 90;
    if (line.substr(0, 2) == "::" && FindUnescaped(line, 2, line.size(), "::") != line.npos) {
      return 90;
    }
    size_t open = FindUnescaped(line, 0, line.size(), "{");
    if (open != std::string_view::npos && line.substr(0, 2) != "//") {
      std::string_view rest = line.substr(open + 1);
      if (rest.empty() || rest.find_first_of("=~}") != std::string_view::npos ||
          Upper(Trim(rest.substr(0, rest.find('}')))) == "T") {
        score = 60;
      }
    }
    pos = end + 1;
  }
  return score;
}

Status GiftFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  GiftReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

Result<std::string> GiftFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  GiftWriter writer(loss);
  return writer.Write(bank);
}

}  // namespace qbank::formats
