// Dump-site watermarks: a site named on a line, and the dump vocabulary beside it.
#include "formats/dump/dump_watermark.h"

#include <array>
#include <cstdint>
#include <string>

namespace qbank::formats {
namespace {

constexpr size_t kMaxLine = 300;

constexpr char Lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
constexpr bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Every name NamesSite accepts holds one of these pairs of bytes, whatever its case: "ww" or
// "ht" followed by "tp" (a URL), a '.' before a letter (a domain's ending), or a letter before a
// digit ("Pass4Sure"). A text without any names no site, so it is no watermark: most text is
// answered here, in one pass over its bytes with one table look-up each.
//
// kPairTable[c] holds, in its low bits, what c is (kIs*) and, shifted by 4, what the byte after
// it must be to start a pair (the same bits).
constexpr uint8_t kIsLetter = 1, kIsDigit = 2, kIsW = 4, kIsT = 8;
constexpr std::array<uint8_t, 256> kPairTable = [] {
  std::array<uint8_t, 256> table{};
  for (unsigned c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    uint8_t is = 0, wants = 0;
    if (IsLetter(ch)) {
      is |= kIsLetter;
      wants |= kIsDigit;
    }
    if (IsDigit(ch)) is |= kIsDigit;
    if (ch == '.') wants |= kIsLetter;
    if (Lower(ch) == 'w') {
      is |= kIsW;
      wants |= kIsW;
    }
    if (Lower(ch) == 't') is |= kIsT;
    if (Lower(ch) == 'h') wants |= kIsT;
    table[c] = static_cast<uint8_t>(is | (wants << 4));
  }
  return table;
}();

bool MayNameSite(std::string_view s) {
  uint8_t wants = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const uint8_t entry = kPairTable[static_cast<unsigned char>(s[i])];
    const uint8_t pair = wants & entry;
    wants = entry >> 4;
    if (pair == 0) continue;
    // "ht" starts a pair only as "http".
    if (pair != kIsT) return true;
    if (i + 2 < s.size() && Lower(s[i + 1]) == 't' && Lower(s[i + 2]) == 'p') return true;
  }
  return false;
}

// Whether lower-case `token` (punctuation around it removed) names a site.
bool NamesSite(std::string_view token) {
  if (token.starts_with("http://") || token.starts_with("https://") || token.starts_with("www.")) {
    return true;
  }
  // A domain: labels of letters, digits and hyphens, the last a common ending.
  size_t dot = token.rfind('.');
  if (dot != std::string_view::npos && dot >= 3) {
    std::string_view ending = token.substr(dot + 1);
    bool labels =
        token.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-.") == std::string_view::npos;
    for (std::string_view tld : {"com", "net", "org", "io", "info", "co", "us", "uk", "in", "biz",
                                 "me", "cc", "xyz", "site", "online", "top", "pro"}) {
      // ASP.NET, ADO.NET and VB.NET are technologies, not sites.
      if (labels && ending == tld && token != "asp.net" && token != "ado.net" &&
          token != "vb.net") {
        return true;
      }
    }
  }
  // A site's name: letters, digits, letters, perhaps digits ("Pass4Sure", "Exam4Training").
  size_t i = 0;
  while (i < token.size() && IsLetter(token[i])) ++i;
  if (i < 2 || i == token.size() || !IsDigit(token[i])) return false;
  while (i < token.size() && IsDigit(token[i])) ++i;
  size_t letters = i;
  while (i < token.size() && IsLetter(token[i])) ++i;
  if (i - letters < 2) return false;
  while (i < token.size() && IsDigit(token[i])) ++i;
  return i == token.size();
}

// Whether lower-case `line` holds `phrase` between word edges.
bool HasPhrase(std::string_view line, std::string_view phrase) {
  for (size_t at = line.find(phrase); at != std::string_view::npos;
       at = line.find(phrase, at + 1)) {
    bool start = at == 0 || !IsLetter(line[at - 1]);
    size_t end = at + phrase.size();
    bool stop = end >= line.size() || !IsLetter(line[end]) || phrase.back() == '%';
    if (start && stop) return true;
  }
  return false;
}

}  // namespace

bool IsDumpWatermark(std::string_view line) {
  if (line.size() > kMaxLine || !MayNameSite(line)) return false;
  // The line in small letters, on the stack (it is at most kMaxLine bytes).
  char lowered[kMaxLine];
  for (size_t i = 0; i < line.size(); ++i) lowered[i] = Lower(line[i]);
  const std::string_view lower(lowered, line.size());
  bool site = false;
  bool site_says_dump = false;
  for (size_t i = 0; i < lower.size();) {
    while (i < lower.size() && IsSpace(lower[i])) ++i;
    size_t j = i;
    while (j < lower.size() && !IsSpace(lower[j])) ++j;
    std::string_view token = lower.substr(i, j - i);
    while (!token.empty() && std::string_view("([<\"'").find(token.front()) != std::string::npos) {
      token.remove_prefix(1);
    }
    while (!token.empty() &&
           std::string_view(")]>\"',;:.!?").find(token.back()) != std::string::npos) {
      token.remove_suffix(1);
    }
    if (!token.empty() && NamesSite(token)) {
      site = true;
      site_says_dump |= token.find("dump") != std::string_view::npos ||
                        token.find("vce") != std::string_view::npos;
    }
    i = j;
  }
  if (!site) return false;
  if (site_says_dump) return true;
  for (std::string_view strong : {"dump", "dumps", "braindump", "braindumps", "brain dumps", "vce",
                                  "exam questions", "practice test", "practice tests",
                                  "practice exam", "real exam", "actual exam", "100% pass"}) {
    if (HasPhrase(lower, strong)) return true;
  }
  int weak = 0;
  for (std::string_view w : {"pdf", "download", "latest", "free", "premium", "full version",
                             "valid", "100%", "new questions"}) {
    weak += HasPhrase(lower, w) ? 1 : 0;
  }
  return weak >= 2 &&
         (HasPhrase(lower, "exam") || HasPhrase(lower, "exams") || HasPhrase(lower, "pass"));
}

std::vector<std::pair<size_t, size_t>> FindDumpWatermarks(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> out;
  auto trimmed = [&](size_t begin, size_t end) {
    while (begin < end && IsSpace(text[begin])) ++begin;
    while (end > begin && IsSpace(text[end - 1])) --end;
    return std::make_pair(begin, end);
  };
  if (!MayNameSite(text)) return out;  // no line holds a site's name
  std::vector<std::pair<size_t, size_t>> sentences;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    // Neither the line nor any of its sentences can be a watermark without a site's name.
    if (!MayNameSite(text.substr(begin, end - begin))) {
      begin = end + 1;
      continue;
    }
    // The sentences of the line: a watermark appended to a question is reported alone.
    sentences.clear();
    size_t from = begin;
    for (size_t i = begin; i < end; ++i) {
      bool stop = (text[i] == '.' || text[i] == '?' || text[i] == '!') &&
                  (i + 1 == end || IsSpace(text[i + 1]));
      if (stop) {
        sentences.push_back(trimmed(from, i + 1));
        from = i + 1;
      }
    }
    if (from < end) sentences.push_back(trimmed(from, end));
    size_t found = out.size();
    for (auto [b, e] : sentences) {
      if (e > b && IsDumpWatermark(text.substr(b, e - b))) out.emplace_back(b, e);
    }
    if (out.size() == found && IsDumpWatermark(text.substr(begin, end - begin))) {
      out.push_back(trimmed(begin, end));
    }
    begin = end + 1;
  }
  return out;
}

}  // namespace qbank::formats
