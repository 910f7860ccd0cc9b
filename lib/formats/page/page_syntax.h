// What the page reader and writer share: headings, slots, the marks and the metadata lines'
// wording (the writer checks that each line it writes reads back as the field it came from).
#ifndef QBANK_FORMATS_PAGE_PAGE_SYNTAX_H_
#define QBANK_FORMATS_PAGE_PAGE_SYNTAX_H_

#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <utility>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/page/page_format.h"
#include "formats/source_decoding.h"

namespace qbank::formats::page_syntax {

using model::Option;
using model::Person;
using model::Question;
using model::Text;
using model::Value;

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kTitleSuffix = " Practice Question";
constexpr std::string_view kTitleAlone = "Practice Question";
constexpr std::string_view kAnswerMark = "\xE2\x9C\x93";   // ✓ alone on a line
constexpr std::string_view kKeyLine = "- \xE2\x9C\x93";    // "- ✓"
constexpr std::string_view kWrongLine = "- \xE2\x9C\x97";  // "- ✗"
constexpr std::string_view kTrapSign = "\xE2\x9A\xA0";     // ⚠
constexpr std::string_view kMiddleDot = " \xC2\xB7 ";      // " · "
constexpr std::string_view kSeparator = "---";
constexpr std::string_view kAuthorPrefix = "Written and reviewed by ";
constexpr std::string_view kReviewPrefix = "Last reviewed ";
constexpr std::string_view kCheckedPrefix = "checked against ";
constexpr std::string_view kDirectivePrefix = "qbank:";
constexpr std::string_view kDisablePrefix = "qbank: disable ";
constexpr std::string_view kWhyPrefix = "Why ";
constexpr std::string_view kWhyCorrect = "Why this is correct";
constexpr std::string_view kWhyWrong = "Why it's wrong here";

// The fixed lines of a page. `slot` is the key under extensions.page.headings that holds a page's
// own wording; `shown` is how error messages name the line.
enum Slot {
  kTrap,
  kChoices,
  kMatters,
  kInstruction,
  kAnswer,
  kAnalysis,
  kBreakdown,
  kForEach,
  kAbout,
  kSlotCount
};
struct Heading {
  std::string_view slot;
  std::string_view text;
  std::string_view shown;
};
constexpr std::array<Heading, kSlotCount> kHeadings = {{
    {"trap", "\xE2\x9A\xA0 Common exam trap", "'\xE2\x9A\xA0 Common exam trap'"},
    {"choices", "Answer choices", "'Answer choices'"},
    {"matters", "Why each option matters", "'Why each option matters'"},
    {"instruction",
     "Answer the question above first, then reveal the full breakdown to understand why each "
     "option is right or wrong.",
     "'Answer the question above first, ...'"},
    {"answer", "Correct answer & explanation", "'Correct answer & explanation'"},
    {"analysis", "Answer analysis", "'Answer analysis'"},
    {"breakdown", "Option-by-option breakdown", "'Option-by-option breakdown'"},
    {"for_each",
     "For each option: why learners choose it and why it is or isn't the right answer here.",
     "'For each option: ...'"},
    {"about", "About these practice questions", "'About these practice questions'"},
}};
// Slots whose usual wording is a sentence; the others are short headings without a final period.
inline bool IsSentenceSlot(Slot slot) { return slot == kInstruction || slot == kForEach; }

constexpr std::array<std::string_view, 12> kMonths = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

inline bool IsMarkLine(std::string_view line) { return line == kKeyLine || line == kWrongLine; }

inline bool IsSpaceOrTab(char c) { return c == ' ' || c == '\t'; }

// True for a mark line ("✓", "- ✓", "- ✗", "---") with spaces or tabs around it.
inline bool IsPaddedMark(std::string_view line) {
  size_t first = 0;
  while (first < line.size() && IsSpaceOrTab(line[first])) ++first;
  size_t last = line.size();
  while (last > first && IsSpaceOrTab(line[last - 1])) --last;
  if (first == 0 && last == line.size()) return false;
  std::string_view core = line.substr(first, last - first);
  return core == kAnswerMark || IsMarkLine(core) || core == kSeparator;
}

// The slot whose usual wording is exactly `line`, or kSlotCount.
inline Slot HeadingSlotOf(std::string_view line) {
  for (size_t i = 0; i < kHeadings.size(); ++i) {
    if (kHeadings[i].text == line) return static_cast<Slot>(i);
  }
  return kSlotCount;
}

inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }
inline bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || IsUpper(c) || IsDigit(c) || c == '-' || c == '&';
}

// A rule id as a directive names it: "*" or lower-case words of letters and digits joined by '-'.
inline bool IsRuleId(std::string_view id) {
  if (id == "*") return true;
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    bool ok = (c >= 'a' && c <= 'z') || IsDigit(c) || (c == '-' && id[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

// A publisher-like name at text[pos]: one to four words, each starting with an upper-case letter,
// joined by single spaces. Returns its length (0 when there is none).
inline size_t NameLength(std::string_view text, size_t pos) {
  size_t end = pos;
  size_t words = 0;
  size_t i = pos;
  while (words < 4 && i < text.size() && IsUpper(text[i])) {
    size_t j = i;
    while (j < text.size() && IsNameChar(text[j])) ++j;
    end = j;
    ++words;
    if (j + 1 < text.size() && text[j] == ' ' && IsUpper(text[j + 1])) {
      i = j + 1;
    } else {
      break;
    }
  }
  return end - pos;
}

// A place a publisher name was seen: by which pattern, in which text (0 about, 1 footer, 2.. the
// roles) and where.
struct NameSighting {
  std::string name;
  int pattern = 0;
  size_t field = 0;
  size_t offset = 0;
};

// Publisher names the About paragraph, the footer and the roles state, in the patterns practice
// pages use: "<Name> writes ...", "... on <Name>," (about); "part of <Name>'s ...", "<Name>
// provides ..." (footer); "... of <Name>" / "... at <Name>" ending a role.
inline std::vector<NameSighting> SightPublisher(std::string_view about, std::string_view footer,
                                                const std::vector<std::string_view>& roles) {
  std::vector<NameSighting> out;
  int pattern = 0;
  auto add = [&](size_t field, std::string_view text, size_t pos, size_t len) {
    out.push_back({std::string(text.substr(pos, len)), pattern, field, pos});
  };
  if (size_t n = NameLength(about, 0); n != 0 && about.substr(n).starts_with(" writes ")) {
    add(0, about, 0, n);
  }
  pattern = 1;
  for (size_t p = about.find(" on "); p != std::string_view::npos; p = about.find(" on ", p + 1)) {
    size_t start = p + 4;
    size_t n = NameLength(about, start);
    if (n != 0 &&
        (start + n == about.size() || about[start + n] == ',' || about[start + n] == '.')) {
      add(0, about, start, n);
    }
  }
  pattern = 2;
  for (size_t p = footer.find("part of "); p != std::string_view::npos;
       p = footer.find("part of ", p + 1)) {
    size_t start = p + 8;
    size_t n = NameLength(footer, start);
    std::string_view after = footer.substr(start + n);
    if (n != 0 && (after.starts_with("'s ") || after.starts_with("\xE2\x80\x99s "))) {
      add(1, footer, start, n);
    }
  }
  pattern = 3;
  for (size_t p = 0; p < footer.size();) {
    size_t n = NameLength(footer, p);
    if (n != 0 && footer.substr(p + n).starts_with(" provides ")) add(1, footer, p, n);
    size_t next = footer.find(". ", p);
    if (next == std::string_view::npos) break;
    p = next + 2;
  }
  pattern = 4;
  for (size_t r = 0; r < roles.size(); ++r) {
    std::string_view role = roles[r];
    for (std::string_view word : {std::string_view(" of "), std::string_view(" at ")}) {
      size_t p = role.rfind(word);
      if (p == std::string_view::npos) continue;
      size_t start = p + word.size();
      size_t n = NameLength(role, start);
      if (n != 0 && start + n == role.size()) add(2 + r, role, start, n);
    }
  }
  return out;
}

// The first name sighted by at least two different patterns: a publisher found reliably (one
// pattern alone may catch a product or a place: "questions on Kubernetes, ...").
inline const NameSighting* ReliablePublisher(const std::vector<NameSighting>& sightings) {
  std::map<std::string_view, std::pair<int, size_t>> seen;  // name -> (first pattern, first index)
  for (size_t i = 0; i < sightings.size(); ++i) {
    const NameSighting& s = sightings[i];
    auto [it, added] = seen.try_emplace(s.name, s.pattern, i);
    if (!added && it->second.first != s.pattern) return &sightings[it->second.second];
  }
  return nullptr;
}

// The bank size an About paragraph declares: a number (digits, with ',' between groups) after
// "of " ("One of 352 ...") or before " in total", " questions", " practice questions" or
// " original". Returns the value and the number's byte range in `about`.
struct DeclaredSize {
  int64_t value = 0;
  size_t offset = 0;
  size_t length = 0;
};
inline std::optional<DeclaredSize> FindDeclaredSize(std::string_view about) {
  for (size_t i = 0; i < about.size(); ++i) {
    if (!IsDigit(about[i]) || (i > 0 && (IsDigit(about[i - 1]) || about[i - 1] == ','))) continue;
    size_t j = i;
    std::string digits;
    while (j < about.size()) {
      if (IsDigit(about[j])) {
        digits += about[j++];
      } else if (about[j] == ',' && j + 3 < about.size() && IsDigit(about[j + 1]) &&
                 IsDigit(about[j + 2]) && IsDigit(about[j + 3])) {
        ++j;  // a thousands separator: "1,200"
      } else {
        break;
      }
    }
    if (digits.size() > 12) continue;
    std::string_view before = about.substr(0, i);
    std::string_view after = about.substr(j);
    bool declared = before.ends_with("of ") || after.starts_with(" in total") ||
                    after.starts_with(" questions") || after.starts_with(" practice questions") ||
                    after.starts_with(" original");
    if (!declared) continue;
    DeclaredSize size;
    std::from_chars(digits.data(), digits.data() + digits.size(), size.value);
    size.offset = i;
    size.length = j - i;
    return size;
  }
  return std::nullopt;
}

}  // namespace qbank::formats::page_syntax

#endif  // QBANK_FORMATS_PAGE_PAGE_SYNTAX_H_
