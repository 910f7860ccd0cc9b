// What the GIFT reader and writer share: escaping, the question parser (the writer parses each
// option it writes to check that it reads back), the gift extension. Long because the question
// parser is the reader's core and both sides need it whole.
#ifndef QBANK_FORMATS_GIFT_GIFT_SYNTAX_H_
#define QBANK_FORMATS_GIFT_GIFT_SYNTAX_H_

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>
#include <unordered_set>

#include "base/swar.h"
#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/gift/gift_format.h"
#include "formats/import_checks.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"
#include "model/numerical_answer.h"

namespace qbank::formats::gift_syntax {

using model::Markup;
using model::QuestionType;
using model::Value;

constexpr double kGrades[] = {100,      90,       83.33333, 80,       75, 70, 66.66667,
                              60,       50,       40,       33.33333, 30, 25, 20,
                              16.66667, 14.28571, 12.5,     11.11111, 10, 5,  0};
constexpr std::string_view kExtension = "gift";  // the key of this format's extensions

// The qbank-meta comment: a Markdown draft is written [html] (Moodle's own [markdown] stays as it
// is) with the draft in the comment; suppressions have their own comments.
inline const LmsCarrier& Carrier() {
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

inline std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// GIFT escapes: \~ \= \# \{ \} \: stand for the character, \n for a line break and \\ for one
// backslash; any other backslash is kept as written.
inline std::string Unescape(std::string_view s) {
  size_t first_backslash = s.find('\\');
  if (first_backslash == std::string_view::npos) return std::string(s);  // most texts
  std::string out;
  out.reserve(s.size());
  out.append(s.substr(0, first_backslash));
  for (size_t i = first_backslash; i < s.size(); ++i) {
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

// The first unescaped `needle` in s[from, to); npos when none.
// (The first byte is compared before the rest: a call to compare at every byte was the GIFT
// reader's largest cost.)
inline size_t FindUnescaped(std::string_view s, size_t from, size_t to, std::string_view needle) {
  to = std::min(to, s.size());
  const char first = needle.empty() ? '\0' : needle[0];
  for (size_t i = from; i < to; ++i) {
    // Eight bytes at a time up to the next backslash or first byte of the needle: the bytes
    // before them neither escape nor start a match.
    if (!needle.empty()) {
      while (i + 8 <= to) {
        const uint64_t word = swar::Load(s.data() + i);
        const uint64_t flags = swar::BytesEqual(word, '\\') | swar::BytesEqual(word, first);
        if (flags != 0) {
          i += swar::FirstFlag(flags);
          break;
        }
        i += 8;
      }
      if (i >= to) break;
    }
    char c = s[i];
    if (c == '\\') {
      ++i;
      continue;
    }
    if ((needle.empty() || c == first) && i + needle.size() <= to &&
        s.compare(i, needle.size(), needle) == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

// The last unescaped `needle` in s[from, to) (occurrences may overlap, as PHP's strrpos finds
// them); npos when none.
inline size_t FindLastUnescaped(std::string_view s, size_t from, size_t to,
                                std::string_view needle) {
  size_t last = std::string_view::npos;
  to = std::min(to, s.size());
  const char first = needle.empty() ? '\0' : needle[0];
  for (size_t i = from; i < to; ++i) {
    char c = s[i];
    if (c == '\\') {
      ++i;
      continue;
    }
    if ((needle.empty() || c == first) && i + needle.size() <= to &&
        s.compare(i, needle.size(), needle) == 0) {
      last = i;
    }
  }
  return last;
}

// The length of the weight ("%-33.3%") that `s` starts with, or 0 when it starts with none:
// Moodle's pattern, "%", any dashes, digits (at most two before a decimal point) and "%".
inline size_t WeightLength(std::string_view s) {
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

inline bool ParseDouble(std::string_view s, double& value) {
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
    if (valid_ && offset >= offset_ && offset - offset_ <= kNear) {
      // Forward a little, line breaks included (the next part of the same question): counted on
      // from here rather than looked up in the file's line index.
      position_ = Advance(position_, content.substr(offset_, offset - offset_));
      offset_ = offset;
      return position_;
    }
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
  static constexpr size_t kNear = 4096;  // bytes
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

inline const Value* GiftExtension(const Value& extensions) {
  const Value* gift = extensions.Find(std::string(kExtension));
  return gift != nullptr && gift->is_object() ? gift : nullptr;
}

inline std::string GiftString(const Value& extensions, const std::string& key) {
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
      // Eight bytes at a time past blocks with no '$' and no backslash, which change nothing.
      while (i + 9 <= pos) {
        const uint64_t word = swar::Load(raw_.data() + i);
        if ((swar::BytesEqual(word, '$') | swar::BytesEqual(word, '\\')) != 0) break;
        i += 8;
      }
      if (i + 1 >= pos) break;
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
  // How many answers Split finds in raw_[b, e), without making them.
  size_t CountAnswers(size_t b, size_t e) const {
    size_t first = b;
    while (first < e && IsBlank(raw_[first])) ++first;
    size_t count = 0;
    for (size_t i = b; i < e; ++i) {
      if (raw_[i] == '\\') {
        ++i;
        continue;
      }
      if (raw_[i] != '=' && raw_[i] != '~') continue;
      if (count == 0 && i > first) ++count;
      ++count;
    }
    return count == 0 && first < e ? 1 : count;
  }

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
    // Refused before the answers are split and the options made (the import would refuse them
    // after: a question of 100,000 answers on one line took thirty times its size in memory).
    if (size_t count = CountAnswers(b, e), max = ImportLimits().max_options; count > max) {
      return Fail(0, "question with " + std::to_string(count) + " answers; at most " +
                         std::to_string(max) + " options are read");
    }
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
    q.options.reserve(q.options.size() +
                      answers.size());  // (grown one by one: a tenth of the read)
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

}  // namespace qbank::formats::gift_syntax

#endif  // QBANK_FORMATS_GIFT_GIFT_SYNTAX_H_
