// Dump-site watermarks: a site named on a line, and the dump vocabulary beside it.
#include "formats/dump/dump_watermark.h"

#include <string>

namespace qbank::formats {
namespace {

constexpr size_t kMaxLine = 300;

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string Lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = Lower(c);
  return out;
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
  if (line.size() > kMaxLine) return false;
  std::string lower = Lowered(line);
  bool site = false;
  bool site_says_dump = false;
  for (size_t i = 0; i < lower.size();) {
    while (i < lower.size() && IsSpace(lower[i])) ++i;
    size_t j = i;
    while (j < lower.size() && !IsSpace(lower[j])) ++j;
    std::string_view token = std::string_view(lower).substr(i, j - i);
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
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    // The sentences of the line: a watermark appended to a question is reported alone.
    std::vector<std::pair<size_t, size_t>> sentences;
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
