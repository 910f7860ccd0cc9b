// dump-markers: a small term matcher over the configured list.
#include "lint/rules/originality/dump_markers.h"

#include <algorithm>

#include "base/ascii_text.h"
#include "base/str_cat.h"
#include "base/swar.h"
#include "formats/dump/dump_watermark.h"
#include "lint/rules/shared/question_fields.h"

namespace qbank::lint {
namespace {

constexpr size_t kNpos = std::string_view::npos;

constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
// Option letters are capitals: "Correct Answer: be careful" names no options.
bool IsOptionLetter(char c) { return c >= 'A' && c <= 'H'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
constexpr bool IsWordByte(char c) {
  return IsDigit(c) || (AsciiToLower(c) >= 'a' && AsciiToLower(c) <= 'z') ||
         (static_cast<unsigned char>(c) >= 0x80);
}

// IsWordByte and AsciiToLower of each byte, for the scan over every byte of a field.
constexpr std::array<uint8_t, 256> kWordByte = [] {
  std::array<uint8_t, 256> table{};
  for (unsigned c = 0; c < 256; ++c) table[c] = IsWordByte(static_cast<char>(c)) ? 1 : 0;
  return table;
}();
constexpr std::array<uint8_t, 256> kLowerByte = [] {
  std::array<uint8_t, 256> table{};
  for (unsigned c = 0; c < 256; ++c) {
    table[c] = static_cast<uint8_t>(AsciiToLower(static_cast<char>(c)));
  }
  return table;
}();

}  // namespace

DumpMarkerTerm::DumpMarkerTerm(std::string_view term) : text_(term) {
  if (!term.empty() && term.front() == '^') {
    line_start_ = true;
    term.remove_prefix(1);
  }
  if (!term.empty() && term.back() == '$') {
    line_end_ = true;
    term.remove_suffix(1);
  }
  for (size_t i = 0; i < term.size(); ++i) {
    if (term.substr(i, 9) == "{letters}") {
      pieces_.push_back({Kind::kLetters, 0});
      i += 8;
    } else if (term.substr(i, 3) == "{n}") {
      pieces_.push_back({Kind::kNumber, 0});
      i += 2;
    } else if (term.substr(i, 8) == "{letter}") {
      pieces_.push_back({Kind::kLetter, 0});
      i += 7;
    } else if (IsSpace(term[i])) {
      if (pieces_.empty() || pieces_.back().kind != Kind::kSpace) {
        pieces_.push_back({Kind::kSpace, 0});
      }
    } else {
      pieces_.push_back({Kind::kChar, AsciiToLower(term[i])});
    }
  }
  for (const Piece& p : pieces_) {
    if (p.kind != Kind::kChar) break;
    literal_prefix_ += p.c;
  }
}

size_t DumpMarkerTerm::MatchAt(std::string_view s, size_t at) const {
  size_t i = at;
  for (const Piece& p : pieces_) {
    switch (p.kind) {
      case Kind::kChar:
        if (i >= s.size() || AsciiToLower(s[i]) != p.c) return kNpos;
        ++i;
        break;
      case Kind::kSpace:
        while (i < s.size() && IsSpace(s[i])) ++i;
        break;
      case Kind::kNumber:
        if (i >= s.size() || !IsDigit(s[i])) return kNpos;
        while (i < s.size() && IsDigit(s[i])) ++i;
        break;
      case Kind::kLetter:
        if (i >= s.size() || !IsOptionLetter(s[i])) return kNpos;
        ++i;
        break;
      case Kind::kLetters: {
        size_t start = i;
        while (i < s.size() && IsOptionLetter(s[i])) ++i;
        if (i == start) return kNpos;
        break;
      }
    }
  }
  return i;
}

size_t DumpMarkerTerm::MatchHere(std::string_view s, size_t at) const {
  if (pieces_.empty() || at >= s.size()) return kNpos;
  if (line_start_) {
    size_t b = at;
    while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
    if (b > 0 && s[b - 1] != '\n') return kNpos;
  }
  if (at > 0 && IsWordByte(s[at - 1]) && IsWordByte(s[at])) return kNpos;
  size_t end = MatchAt(s, at);
  if (end == kNpos || end == at) return kNpos;
  if (end < s.size() && IsWordByte(s[end - 1]) && IsWordByte(s[end])) return kNpos;
  if (line_end_) {
    // More text must follow on the next line: a heading, not a whole field ("Question 12" as
    // an option).
    size_t after = end;
    while (after < s.size() && (s[after] == ' ' || s[after] == '\t' || s[after] == '\r')) {
      ++after;
    }
    if (after >= s.size() || s[after] != '\n') return kNpos;
  }
  return end;
}

std::pair<size_t, size_t> DumpMarkerTerm::Find(std::string_view s, size_t from) const {
  if (pieces_.empty()) return {kNpos, kNpos};
  for (size_t at = from; at < s.size(); ++at) {
    if (line_start_) {
      size_t b = at;
      while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
      if (b > 0 && s[b - 1] != '\n') {
        // Not at a line start, nor is any byte up to the line's end: go on from the next line.
        size_t newline = s.find('\n', at);
        if (newline == kNpos) break;
        at = newline;
        continue;
      }
    }
    size_t end = MatchHere(s, at);
    if (end != kNpos) return {at, end};
  }
  return {kNpos, kNpos};
}

std::vector<DumpMarkerTerm> ParseDumpMarkerTerms(std::string_view list) {
  std::vector<DumpMarkerTerm> terms;
  size_t start = 0;
  while (start <= list.size()) {
    size_t eol = list.find('\n', start);
    if (eol == kNpos) eol = list.size();
    std::string_view line = list.substr(start, eol - start);
    while (!line.empty() && IsSpace(line.back())) line.remove_suffix(1);
    while (!line.empty() && IsSpace(line.front())) line.remove_prefix(1);
    if (!line.empty() && line.front() != '#') terms.emplace_back(line);
    start = eol + 1;
  }
  return terms;
}

DumpMarkerScanner::DumpMarkerScanner(std::vector<DumpMarkerTerm> terms) : terms_(std::move(terms)) {
  for (uint32_t i = 0; i < terms_.size(); ++i) {
    const std::string& prefix = terms_[i].literal_prefix();
    if (prefix.empty()) {
      unprefixed_.push_back(i);
    } else {
      prefixes_.Add(prefix, i);
      word_start_prefixes_ = word_start_prefixes_ && IsWordByte(prefix[0]);
      const auto first = static_cast<unsigned char>(prefix[0]);
      by_first_byte_[first].push_back(i);
      for (unsigned second = 0; second < 256; ++second) {
        if (prefix.size() >= 2 && second != static_cast<unsigned char>(prefix[1])) continue;
        const unsigned pair = first << 8 | second;
        first_pairs_[pair >> 6] |= uint64_t{1} << (pair & 63);
      }
    }
  }
  prefixes_.Build();
}

template <typename Visit>
void DumpMarkerScanner::ScanPrefixes(std::string_view s, Visit&& visit) const {
  if (!word_start_prefixes_) {
    prefixes_.Scan(s, visit);
    return;
  }
  const auto* bytes = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  auto visit_terms_at = [&](size_t at) {
    for (uint32_t t : by_first_byte_[kLowerByte[bytes[at]]]) {
      if (AsciiStartsWithIgnoringCase(s.substr(at), terms_[t].literal_prefix())) visit(at, t);
    }
  };
  // One rarely taken branch a byte: a word start whose first two bytes begin some prefix.
  auto candidate_at = [&](size_t at) {
    if (at + 1 == n) {
      visit_terms_at(at);
      return;
    }
    const unsigned pair = unsigned{kLowerByte[bytes[at]]} << 8 | kLowerByte[bytes[at + 1]];
    if (((first_pairs_[pair >> 6] >> (pair & 63)) & 1) != 0) visit_terms_at(at);
  };
  // Eight bytes at a time, the word starts of a block at once (base/swar.h): a word byte is a
  // digit, an ASCII letter or a byte of a non-ASCII character, as kWordByte says.
  uint8_t previous_is_word = 0;
  size_t at = 0;
  for (; at + 8 <= n; at += 8) {
    const uint64_t w = swar::Load(s.data() + at);
    // (For a byte of a non-ASCII character, its low seven bits' class does not count: it is one.)
    const uint64_t word = (w & swar::kHighBits) | swar::AsciiLettersAndDigits(w & ~swar::kHighBits);
    for (uint64_t starts = word & ~((word << 8) | (previous_is_word != 0 ? 0x80 : 0)); starts != 0;
         starts &= starts - 1) {
      candidate_at(at + swar::FirstFlag(starts));
    }
    previous_is_word = static_cast<uint8_t>(word >> 63);
  }
  for (; at + 1 < n; ++at) {
    const uint8_t is_word = kWordByte[bytes[at]];
    const unsigned pair = unsigned{kLowerByte[bytes[at]]} << 8 | kLowerByte[bytes[at + 1]];
    const auto pair_bit = static_cast<uint8_t>((first_pairs_[pair >> 6] >> (pair & 63)) & 1);
    const uint8_t candidate = is_word & static_cast<uint8_t>(previous_is_word ^ 1) & pair_bit;
    previous_is_word = is_word;
    if (candidate != 0) visit_terms_at(at);
  }
  // The last byte: a one-byte prefix may start there.
  if (at < n && kWordByte[bytes[n - 1]] != 0 && (n == 1 || kWordByte[bytes[n - 2]] == 0)) {
    visit_terms_at(n - 1);
  }
}

namespace {

// Adds `m` to `found` unless it overlaps a match already there.
void AddUnlessOverlapping(std::pair<size_t, size_t> m,
                          std::vector<std::pair<size_t, size_t>>* found) {
  for (const auto& f : *found) {
    if (m.first < f.second && f.first < m.second) return;
  }
  found->push_back(m);
}

}  // namespace

std::vector<std::pair<size_t, size_t>> DumpMarkerScanner::Matches(std::string_view s) const {
  // Where each prefixed term's literal prefix occurs (term, start), in text order per term.
  std::vector<std::pair<uint32_t, size_t>> candidates;
  ScanPrefixes(s, [&](size_t begin, uint32_t term) { candidates.emplace_back(term, begin); });
  if (candidates.empty() && unprefixed_.empty()) return {};
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::pair<size_t, size_t>> found;
  size_t next_candidate = 0;
  size_t next_unprefixed = 0;
  for (uint32_t t = 0; t < terms_.size(); ++t) {
    const DumpMarkerTerm& term = terms_[t];
    if (next_unprefixed < unprefixed_.size() && unprefixed_[next_unprefixed] == t) {
      ++next_unprefixed;
      for (auto m = term.Find(s); m.first != kNpos; m = term.Find(s, m.second)) {
        AddUnlessOverlapping(m, &found);
      }
      continue;
    }
    // A match starts only where the term's prefix does; Find's next search starts at the end of
    // the last match.
    size_t from = 0;
    for (; next_candidate < candidates.size() && candidates[next_candidate].first == t;
         ++next_candidate) {
      size_t at = candidates[next_candidate].second;
      if (at < from) continue;
      size_t end = term.MatchHere(s, at);
      if (end == kNpos) continue;
      AddUnlessOverlapping({at, end}, &found);
      from = end;
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::pair<size_t, size_t>> DumpMarkerScanner::MatchesTermByTerm(
    std::string_view s) const {
  std::vector<std::pair<size_t, size_t>> found;
  for (const DumpMarkerTerm& term : terms_) {
    for (auto m = term.Find(s); m.first != kNpos; m = term.Find(s, m.second)) {
      AddUnlessOverlapping(m, &found);
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

Status DumpMarkersRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"terms", "extra-terms"}));
  std::vector<std::string> terms, extra;
  bool replace = options.Find("terms") != nullptr;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "terms", &terms));
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "extra-terms", &extra));
  std::vector<DumpMarkerTerm> all;
  if (replace) {
    for (const std::string& t : terms) all.emplace_back(t);
  } else {
    std::string path = env.data_dir() + "/rules/terms/dump-markers.txt";
    Result<std::string> list = env.fs().ReadFile(path);
    if (!list.ok()) {
      return Status::NotFound("the dump-marker term list: " + list.status().ToString() +
                              " (set QBANK_DATA_DIR, or give the option 'terms')");
    }
    all = ParseDumpMarkerTerms(*list);
  }
  for (const std::string& t : extra) all.emplace_back(t);
  scanner_ = DumpMarkerScanner(std::move(all));
  return Status::Ok();
}

void DumpMarkersRule::CheckQuestion(const LintContext& ctx, size_t index,
                                    Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  ForEachAuthoredTextField(q, [&](const QuestionField& field) {
    if (field.kind == QuestionField::Kind::kStatedAnswer) return;
    const std::string& value = field.text->value;
    // Matches in text order, one per place (a site's watermark, then the first term, wins where
    // several overlap).
    std::vector<std::pair<size_t, size_t>> found = formats::FindDumpWatermarks(value);
    for (const auto& m : scanner_.Matches(value)) {
      bool overlaps = false;
      for (const auto& f : found) overlaps = overlaps || (m.first < f.second && f.first < m.second);
      if (!overlaps) found.push_back(m);
    }
    std::sort(found.begin(), found.end());
    for (const auto& [begin, end] : found) {
      reporter.ReportRange(index, *field.text, begin, end, field.path(),
                           StrCat({"\"", std::string_view(value).substr(begin, end - begin),
                                   "\" is text typical of leaked exam dumps; remove it and check "
                                   "the question was written from scratch"}));
    }
  });
}

}  // namespace qbank::lint
