// Loose phrases, question sentences and written numbers for the item-writing-flaw rules.
#include "lint/rules/shared/item_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>

#include "base/ascii_text.h"

namespace qbank::lint {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

bool IsTrimmed(char c) {
  return IsSpace(c) || c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?';
}

// "I.", "II)", "(iii)", "1.", "2)", "(b)", "A.": a line that starts a listed statement.
bool StartsWithStatementLabel(std::string_view line) {
  size_t i = 0;
  bool open = i < line.size() && line[i] == '(';
  if (open) ++i;
  size_t start = i;
  while (i < line.size() && std::isalnum(static_cast<unsigned char>(line[i])) && i - start < 4) {
    ++i;
  }
  if (i == start || i >= line.size()) return false;
  std::string_view label = line.substr(start, i - start);
  bool digits = label.find_first_not_of("0123456789") == std::string_view::npos;
  bool roman = label.find_first_not_of("ivxIVX") == std::string_view::npos;
  bool letter = label.size() == 1 && std::isalpha(static_cast<unsigned char>(label[0]));
  if (!digits && !roman && !letter) return false;
  char close = line[i];
  if (open) return close == ')';
  return close == '.' || close == ')';
}

}  // namespace

std::string LoosePhrase(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<') {
      // An HTML tag: "<b>", "</em>", "<br/>" (a letter or '/' after '<', a '>' before any space
      // run ends it). Anything else is kept as written ("x < 3").
      size_t close = text.find('>', i);
      bool tag = close != std::string_view::npos && i + 1 < text.size() &&
                 (std::isalpha(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '/') &&
                 close - i < 64;
      if (tag) {
        i = close;
        continue;
      }
    }
    if (c == '*' || c == '_' || c == '`') continue;
    if (IsSpace(c)) {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += AsciiToLower(c);
  }
  size_t b = 0, e = out.size();
  while (b < e && IsTrimmed(out[b])) ++b;
  while (e > b && IsTrimmed(out[e - 1])) --e;
  if (e - b >= 2) {
    char first = out[b], last = out[e - 1];
    if ((first == '"' && last == '"') || (first == '\'' && last == '\'') ||
        (first == '(' && last == ')') || (first == '[' && last == ']')) {
      ++b;
      --e;
      while (b < e && IsTrimmed(out[b])) ++b;
      while (e > b && IsTrimmed(out[e - 1])) --e;
    }
  }
  return out.substr(b, e - b);
}

std::vector<std::string_view> SplitWords(std::string_view phrase) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < phrase.size()) {
    size_t j = phrase.find(' ', i);
    if (j == std::string_view::npos) j = phrase.size();
    if (j > i) words.push_back(phrase.substr(i, j - i));
    i = j + 1;
  }
  return words;
}

TextRange QuestionSentence(std::string_view stem) {
  // The non-empty lines, last first (walked back from the end, one at a time): lines that list
  // statements after the question are skipped; when every line does, the first line.
  std::optional<TextRange> chosen, first_line;
  for (size_t end = stem.size();;) {
    // memrchr, not string_view::rfind, which compares byte by byte.
    const void* found = end == 0 ? nullptr : memrchr(stem.data(), '\n', end);
    size_t newline = found == nullptr
                         ? std::string_view::npos
                         : static_cast<size_t>(static_cast<const char*>(found) - stem.data());
    size_t start = newline == std::string_view::npos ? 0 : newline + 1;
    size_t b = start, e = end;
    while (b < e && IsSpace(stem[b])) ++b;
    while (e > b && IsSpace(stem[e - 1])) --e;
    if (e > b) {
      first_line = TextRange{b, e};
      if (!StartsWithStatementLabel(stem.substr(b, e - b))) {
        chosen = first_line;
        break;
      }
    }
    if (newline == std::string_view::npos) break;
    end = newline;
  }
  if (!chosen) chosen = first_line;
  if (!chosen) return {stem.size(), stem.size()};
  TextRange line = *chosen;
  std::string_view text = stem.substr(line.begin, line.end - line.begin);
  // Within the line: its last sentence, unless statements follow a question on the same line
  // ("Which are true? I. ... II. ..."): then the sentence ending at that '?'.
  size_t end = text.size();
  size_t question = text.rfind('?');
  if (question != std::string_view::npos && question + 1 < text.size()) {
    std::string_view after = text.substr(question + 1);
    while (!after.empty() && IsSpace(after.front())) after.remove_prefix(1);
    if (StartsWithStatementLabel(after)) end = question + 1;
  }
  // A sentence ends at '.', '?' or '!' (and closing quotes or brackets after it) before a space;
  // the last such end starts the sentence, so the walk goes back from the line's end.
  size_t begin = 0;
  for (size_t i = end < 2 ? 0 : end - 1; i-- > 0;) {
    char c = text[i];
    if (c != '.' && c != '?' && c != '!') continue;
    size_t k = i + 1;
    while (k < end && (text[k] == '"' || text[k] == '\'' || text[k] == ')')) ++k;
    if (k + 1 < end && IsSpace(text[k])) {
      begin = k;
      break;
    }
  }
  while (begin < end && IsSpace(text[begin])) ++begin;
  return {line.begin + begin, line.begin + end};
}

bool StandsForAllOptions(std::string_view phrase, std::initializer_list<std::string_view> leads) {
  // The words, as SplitWords splits them, on the stack: more than nine is no such option.
  std::array<std::string_view, 9> word_array;
  size_t count = 0;
  for (size_t at = 0; at < phrase.size();) {
    size_t space = std::min(phrase.find(' ', at), phrase.size());
    if (space > at) {
      if (count == word_array.size()) return false;
      word_array[count++] = phrase.substr(at, space - at);
    }
    at = space + 1;
  }
  const std::span<const std::string_view> words(word_array.data(), count);
  if (words.empty()) return false;
  bool lead = false;
  for (std::string_view l : leads) lead = lead || words[0] == l;
  if (!lead) return false;
  size_t i = 1;
  if (i < words.size() && words[i] == "of") ++i;
  if (i < words.size() && (words[i] == "the" || words[i] == "these" || words[i] == "those")) {
    // "all of these" and "none of those" end here; "all of these options" goes on.
    if (i + 1 == words.size() && words[i] != "the") return true;
    ++i;
  }
  if (i >= words.size()) return false;
  static constexpr std::string_view kNames[] = {
      "above",  "above-mentioned", "aforementioned", "them",     "following", "mentioned",
      "listed", "options",         "choices",        "answers",  "preceding", "previous",
      "given",  "alternatives",    "statements",     "responses"};
  // "All of them are metals" says something of the stem's subject; "All of them" alone is the
  // option standing for the others.
  if (words[i] == "them") return i + 1 == words.size();
  for (std::string_view name : kNames) {
    if (words[i] == name) return words.size() - (i + 1) <= 4;
  }
  return false;
}

bool OptionStandsForAllOptions(std::string_view text,
                               std::initializer_list<std::string_view> leads) {
  // A tag may hide a letter (LoosePhrase drops "<b>"), so only text without '<' is answered here.
  // Before the first letter or digit, LoosePhrase drops or trims every byte or keeps one, and a
  // kept byte starts the phrase: either way the phrase's first letter is no earlier one.
  if (text.find('<') == std::string_view::npos) {
    size_t i = 0;
    while (i < text.size() && !std::isalnum(static_cast<unsigned char>(text[i])) &&
           static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
    }
    if (i == text.size()) return false;  // no letter: no lead
    const char first = AsciiToLower(text[i]);
    bool may = false;
    for (std::string_view lead : leads) may = may || (!lead.empty() && lead[0] == first);
    if (!may) return false;
  }
  return StandsForAllOptions(LoosePhrase(text), leads);
}

std::optional<WrittenNumber> ParseWrittenNumber(std::string_view text) {
  size_t i = 0;
  auto skip_space = [&] {
    while (i < text.size() && IsSpace(text[i])) ++i;
  };
  skip_space();
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
    negative = text[i] == '-';
    ++i;
  } else if (text.substr(i, 3) == "\xE2\x88\x92") {  // U+2212 MINUS SIGN
    negative = true;
    i += 3;
  }
  if (i < text.size() && text[i] == '$') ++i;
  std::string digits;
  size_t first = i;
  while (i < text.size()) {
    char c = text[i];
    bool decimal_point = c == '.' && i + 1 < text.size() &&
                         std::isdigit(static_cast<unsigned char>(text[i + 1])) &&
                         digits.find('.') == std::string::npos;
    if (std::isdigit(static_cast<unsigned char>(c)) || decimal_point) {
      digits += c;
    } else if (c == ',' && i > first && digits.find('.') == std::string::npos) {
      // A thousands comma: exactly three digits follow before the next non-digit.
      size_t k = i + 1;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k;
      if (k - (i + 1) != 3) return std::nullopt;
    } else {
      break;
    }
    ++i;
  }
  if (digits.empty() || digits[0] == '.') return std::nullopt;
  double value = std::strtod(digits.c_str(), nullptr);
  if (i < text.size() && text[i] == '/' && digits.find('.') == std::string::npos) {
    size_t k = i + 1;
    std::string denominator;
    while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) {
      denominator += text[k++];
    }
    if (denominator.empty()) return std::nullopt;
    double d = std::strtod(denominator.c_str(), nullptr);
    if (d == 0) return std::nullopt;
    value /= d;
    i = k;
  }
  skip_space();
  std::string_view rest = text.substr(i);
  while (!rest.empty() && IsSpace(rest.back())) rest.remove_suffix(1);
  if (!rest.empty() && rest.back() == '.') rest.remove_suffix(1);
  // A unit is at most two words of letters, '%', '/', '^', digits after a letter, or a degree sign.
  size_t spaces = 0;
  for (size_t k = 0; k < rest.size(); ++k) {
    unsigned char c = static_cast<unsigned char>(rest[k]);
    if (c == ' ') {
      if (++spaces > 1) return std::nullopt;
      continue;
    }
    bool ok = std::isalpha(c) || c == '%' || c == '/' || c == '^' || c >= 0x80 ||
              (std::isdigit(c) && k > 0 && !IsSpace(rest[k - 1]));
    if (!ok) return std::nullopt;
  }
  WrittenNumber n;
  n.value = negative ? -value : value;
  n.unit = std::string(rest);
  return n;
}

}  // namespace qbank::lint
