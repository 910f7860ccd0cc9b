// A byte scan marking code, markup, URLs and math (no regex: it runs on every field of large
// banks).
#include "lint/rules/shared/prose_text.h"

#include <array>
#include <cctype>
#include <cstddef>
#include <string>
#include <unordered_map>

#include "base/ascii_text.h"
#include "base/utf8_text.h"

namespace qbank::lint {
namespace {

constexpr size_t npos = std::string_view::npos;

bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

void Mark(std::vector<bool>& mask, size_t begin, size_t end) {
  for (size_t i = begin; i < end && i < mask.size(); ++i) mask[i] = true;
}

bool StartsWithIgnoringCase(std::string_view s, size_t at, std::string_view word) {
  return at <= s.size() && AsciiStartsWithIgnoringCase(s.substr(at), word);
}

// A fence line: optional spaces, then ``` or ~~~. Returns the fence character or 0.
char FenceAt(std::string_view s, size_t line_start) {
  size_t p = line_start;
  while (p < s.size() && s[p] == ' ') ++p;
  if (p + 3 <= s.size() && (s.substr(p, 3) == "```" || s.substr(p, 3) == "~~~")) return s[p];
  return 0;
}

void MarkFencedBlocks(std::string_view s, std::vector<bool>& mask) {
  size_t line = 0;
  while (line < s.size()) {
    char fence = FenceAt(s, line);
    size_t end = LineEnd(s, line);
    if (fence == 0) {
      line = end + 1;
      continue;
    }
    size_t block_end = s.size();
    for (size_t next = end + 1; next < s.size(); next = LineEnd(s, next) + 1) {
      if (FenceAt(s, next) == fence) {
        block_end = LineEnd(s, next);
        break;
      }
    }
    Mark(mask, line, block_end);
    line = block_end + 1;
  }
}

// A run of backticks: where it starts, how many, and the index of the next run of the same length
// (a code span's closer), or npos.
struct BacktickRun {
  size_t begin = 0;
  size_t length = 0;
  size_t closer = npos;
};

// Every run of backticks in `s`, each with its closer, found in two passes (a search from each
// opener to its closer would read the text again for every unmatched run).
std::vector<BacktickRun> BacktickRuns(std::string_view s) {
  std::vector<BacktickRun> runs;
  for (size_t i = s.find('`'); i != npos; i = s.find('`', i)) {
    size_t n = RunLength(s, i, '`');
    runs.push_back({i, n, npos});
    i += n;
  }
  std::unordered_map<size_t, size_t> next_of_length;  // length -> index of the next such run
  for (size_t k = runs.size(); k-- > 0;) {
    auto [it, fresh] = next_of_length.try_emplace(runs[k].length, k);
    if (!fresh) {
      runs[k].closer = it->second;
      it->second = k;
    }
  }
  return runs;
}

void MarkCodeSpans(std::string_view s, std::vector<bool>& mask) {
  std::vector<BacktickRun> runs = BacktickRuns(s);
  size_t resume = 0;  // the first byte not yet inside a span
  for (const BacktickRun& run : runs) {
    // Unmatched runs are prose; a run inside a fenced block or an earlier span is no opener.
    if (run.begin < resume || mask[run.begin] || run.closer == npos) continue;
    const BacktickRun& closer = runs[run.closer];
    Mark(mask, run.begin, closer.begin + closer.length);
    resume = closer.begin + closer.length;
  }
}

// Where a closing delimiter is next found, kept while ahead of the scan: each search starts where
// the last one ended, so the text is read once however many delimiters open (a closer that is
// missing is not looked for again).
class NextCloser {
 public:
  explicit NextCloser(std::string_view closer) : closer_(closer) {}
  // The first `closer` at or after `from`, or npos. `from` never goes back between calls.
  size_t From(std::string_view s, size_t from) {
    if (!searched_ || (at_ != npos && at_ < from)) at_ = s.find(closer_, from);
    searched_ = true;
    return at_;
  }

 private:
  std::string_view closer_;
  size_t at_ = npos;
  bool searched_ = false;
};

// The end of an HTML tag opening at `at` (one past '>'), or npos when '<' opens no tag ("x < 3")
// or its '>' is more than 2000 bytes on.
size_t TagEnd(std::string_view s, size_t at, NextCloser& next_gt) {
  if (at + 1 >= s.size()) return npos;
  char c = s[at + 1];
  if (!IsAlpha(c) && c != '/' && c != '!' && c != '?') return npos;
  size_t close = next_gt.From(s, at + 1);
  if (close == npos || close - at > 2000) return npos;
  return close + 1;
}

constexpr std::array<std::string_view, 8> kCodeElements = {"code",   "pre",   "kbd",  "samp",
                                                           "script", "style", "math", "tt"};

// The name of the code element whose opening tag starts at `at`, or "".
std::string_view CodeElementAt(std::string_view s, size_t at) {
  for (std::string_view name : kCodeElements) {
    if (!StartsWithIgnoringCase(s, at + 1, name)) continue;
    size_t after = at + 1 + name.size();
    if (after < s.size() && (s[after] == '>' || IsBlank(s[after]))) return name;
  }
  return {};
}

void MarkHtml(std::string_view s, std::vector<bool>& mask) {
  NextCloser next_gt(">");
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '<' || mask[i]) continue;
    size_t end = TagEnd(s, i, next_gt);
    if (end == npos) continue;
    if (std::string_view name = CodeElementAt(s, i); !name.empty()) {
      // Up to the end of the matching closing tag (or of the field).
      size_t close = end;
      while (close < s.size() && !(s[close] == '<' && close + 1 < s.size() && s[close + 1] == '/' &&
                                   StartsWithIgnoringCase(s, close + 2, name))) {
        ++close;
      }
      size_t close_end = close < s.size() ? TagEnd(s, close, next_gt) : npos;
      end = close_end == npos ? s.size() : close_end;
    }
    Mark(mask, i, end);
    i = end - 1;
  }
}

bool UrlEnds(char c) { return IsBlank(c) || c == '<' || c == '>' || c == '"'; }

void MarkUrls(std::string_view s, std::vector<bool>& mask) {
  // The next ')' and the end of the current line, found once and kept while ahead of the scan.
  size_t paren = 0, line_end = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (mask[i]) continue;
    // A Markdown link's destination: "](" up to ")".
    if (s[i] == ']' && i + 1 < s.size() && s[i + 1] == '(') {
      if (paren != npos && paren < i + 2) paren = s.find(')', i + 2);
      if (line_end < i || i == 0) line_end = LineEnd(s, i);
      size_t close = paren;
      if (close != npos && close < line_end) {
        Mark(mask, i + 2, close);
        i = close;
        continue;
      }
    }
    if (i > 0 && (IsAlpha(s[i - 1]) || IsDigit(s[i - 1]))) continue;
    size_t begin = npos;
    for (std::string_view scheme : {"http://", "https://", "ftp://", "mailto:", "www."}) {
      if (StartsWithIgnoringCase(s, i, scheme)) begin = i;
    }
    if (begin == npos) continue;
    size_t end = begin;
    while (end < s.size() && !UrlEnds(s[end])) ++end;
    Mark(mask, begin, end);
    i = end == 0 ? 0 : end - 1;
  }
}

// Marks from `open` to the end of its closer, when one follows; returns where the scan goes on.
size_t MarkDelimited(std::string_view s, size_t open, size_t open_size, NextCloser& closer,
                     size_t closer_size, std::vector<bool>& mask) {
  size_t close = closer.From(s, open + open_size);
  if (close == npos) return open + open_size;
  Mark(mask, open, close + closer_size);
  return close + closer_size;
}

// True when a '$' at `j` can close inline math: after a non-space that is no backslash, not before
// a digit.
bool ClosesInlineMath(std::string_view s, size_t j) {
  return s[j] == '$' && !IsBlank(s[j - 1]) && s[j - 1] != '\\' &&
         !(j + 1 < s.size() && IsDigit(s[j + 1]));
}

// "$x$" on one line: the opening '$' followed by a non-space, the closing one preceded by a
// non-space and not followed by a digit. Returns one past the closing '$', or npos. `next` is the
// first '$' at or after `open` + 1 that can close, kept between calls (it does not depend on the
// opening '$'), and `line_end` the end of the opening '$''s line, likewise.
size_t InlineMathEnd(std::string_view s, size_t open, size_t& next, size_t& line_end) {
  if (open + 1 >= s.size() || IsBlank(s[open + 1])) return npos;
  if (line_end < open || line_end == npos) line_end = LineEnd(s, open);
  if (next != npos && next <= open) {
    next = open + 1;
    while (next < s.size() && !ClosesInlineMath(s, next)) ++next;
    if (next == s.size()) next = npos;
  }
  return next != npos && next < line_end ? next + 1 : npos;
}

void MarkMath(std::string_view s, std::vector<bool>& mask) {
  NextCloser display("$$"), paren("\\)"), bracket("\\]");
  size_t next_dollar = 0, line_end = npos;
  for (size_t i = 0; i < s.size();) {
    if (mask[i]) {
      ++i;
      continue;
    }
    if (s.compare(i, 2, "$$") == 0) {
      i = MarkDelimited(s, i, 2, display, 2, mask);
    } else if (s.compare(i, 2, "\\(") == 0) {
      i = MarkDelimited(s, i, 2, paren, 2, mask);
    } else if (s.compare(i, 2, "\\[") == 0) {
      i = MarkDelimited(s, i, 2, bracket, 2, mask);
    } else if (s[i] == '$' && (i == 0 || s[i - 1] != '\\')) {
      size_t end = InlineMathEnd(s, i, next_dollar, line_end);
      if (end != npos) Mark(mask, i, end);
      i = end == npos ? i + 1 : end;
    } else {
      ++i;
    }
  }
}

}  // namespace

std::vector<bool> NonProseMask(std::string_view text) {
  std::vector<bool> mask(text.size(), false);
  MarkFencedBlocks(text, mask);
  MarkCodeSpans(text, mask);
  MarkHtml(text, mask);
  MarkUrls(text, mask);
  MarkMath(text, mask);
  return mask;
}

}  // namespace qbank::lint
