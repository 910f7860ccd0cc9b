// A byte scan marking code, markup, URLs and math (no regex: it runs on every field of large
// banks).
#include "lint/rules/prose_text.h"

#include <array>
#include <cctype>
#include <cstddef>
#include <string>

namespace qbank::lint {
namespace {

constexpr size_t npos = std::string_view::npos;

bool IsAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void Mark(std::vector<bool>& mask, size_t begin, size_t end) {
  for (size_t i = begin; i < end && i < mask.size(); ++i) mask[i] = true;
}

bool StartsWithIgnoringCase(std::string_view s, size_t at, std::string_view word) {
  if (at + word.size() > s.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[at + i])) != word[i]) return false;
  }
  return true;
}

size_t LineEnd(std::string_view s, size_t at) {
  size_t end = s.find('\n', at);
  return end == npos ? s.size() : end;
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

size_t RunLength(std::string_view s, size_t at, char c) {
  size_t n = 0;
  while (at + n < s.size() && s[at + n] == c) ++n;
  return n;
}

void MarkCodeSpans(std::string_view s, std::vector<bool>& mask) {
  for (size_t i = 0; i < s.size();) {
    if (s[i] != '`' || mask[i]) {
      ++i;
      continue;
    }
    size_t n = RunLength(s, i, '`');
    size_t close = npos;
    for (size_t j = i + n; j < s.size();) {
      if (s[j] != '`') {
        ++j;
        continue;
      }
      size_t m = RunLength(s, j, '`');
      if (m == n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close == npos) {
      i += n;  // unmatched: the backticks are prose
      continue;
    }
    Mark(mask, i, close + n);
    i = close + n;
  }
}

// The end of an HTML tag opening at `at` (one past '>'), or npos when '<' opens no tag ("x < 3").
size_t TagEnd(std::string_view s, size_t at) {
  if (at + 1 >= s.size()) return npos;
  char c = s[at + 1];
  if (!IsAlpha(c) && c != '/' && c != '!' && c != '?') return npos;
  size_t close = s.find('>', at + 1);
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
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '<' || mask[i]) continue;
    size_t end = TagEnd(s, i);
    if (end == npos) continue;
    if (std::string_view name = CodeElementAt(s, i); !name.empty()) {
      // Up to the end of the matching closing tag (or of the field).
      size_t close = end;
      while (close < s.size() && !(s[close] == '<' && close + 1 < s.size() && s[close + 1] == '/' &&
                                   StartsWithIgnoringCase(s, close + 2, name))) {
        ++close;
      }
      size_t close_end = close < s.size() ? TagEnd(s, close) : npos;
      end = close_end == npos ? s.size() : close_end;
    }
    Mark(mask, i, end);
    i = end - 1;
  }
}

bool UrlEnds(char c) { return IsBlank(c) || c == '<' || c == '>' || c == '"'; }

void MarkUrls(std::string_view s, std::vector<bool>& mask) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (mask[i]) continue;
    // A Markdown link's destination: "](" up to ")".
    if (s[i] == ']' && i + 1 < s.size() && s[i + 1] == '(') {
      size_t close = s.find(')', i + 2);
      if (close != npos && close < LineEnd(s, i)) {
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

// Marks from `open` to the end of `closer` on the same text, when `closer` follows; returns where
// the scan goes on.
size_t MarkDelimited(std::string_view s, size_t open, size_t open_size, std::string_view closer,
                     std::vector<bool>& mask) {
  size_t close = s.find(closer, open + open_size);
  if (close == npos) return open + open_size;
  Mark(mask, open, close + closer.size());
  return close + closer.size();
}

// "$x$" on one line: the opening '$' followed by a non-space, the closing one preceded by a
// non-space and not followed by a digit. Returns one past the closing '$', or npos.
size_t InlineMathEnd(std::string_view s, size_t open) {
  if (open + 1 >= s.size() || IsBlank(s[open + 1])) return npos;
  size_t line_end = LineEnd(s, open);
  for (size_t j = open + 1; j < line_end; ++j) {
    if (s[j] != '$' || s[j - 1] == '\\') continue;
    if (IsBlank(s[j - 1]) || (j + 1 < s.size() && IsDigit(s[j + 1]))) continue;
    return j + 1;
  }
  return npos;
}

void MarkMath(std::string_view s, std::vector<bool>& mask) {
  for (size_t i = 0; i < s.size();) {
    if (mask[i]) {
      ++i;
      continue;
    }
    if (s.compare(i, 2, "$$") == 0) {
      i = MarkDelimited(s, i, 2, "$$", mask);
    } else if (s.compare(i, 2, "\\(") == 0) {
      i = MarkDelimited(s, i, 2, "\\)", mask);
    } else if (s.compare(i, 2, "\\[") == 0) {
      i = MarkDelimited(s, i, 2, "\\]", mask);
    } else if (s[i] == '$' && (i == 0 || s[i - 1] != '\\')) {
      size_t end = InlineMathEnd(s, i);
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
