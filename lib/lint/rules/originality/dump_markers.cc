// dump-markers: a small term matcher over the configured list.
#include "lint/rules/originality/dump_markers.h"

#include <algorithm>

#include "base/ascii_text.h"
#include "base/str_cat.h"
#include "lint/rules/shared/question_fields.h"

namespace qbank::lint {
namespace {

constexpr size_t kNpos = std::string_view::npos;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
// Option letters are capitals: "Correct Answer: be careful" names no options.
bool IsOptionLetter(char c) { return c >= 'A' && c <= 'H'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool IsWordByte(char c) {
  return IsDigit(c) || (AsciiToLower(c) >= 'a' && AsciiToLower(c) <= 'z') ||
         (static_cast<unsigned char>(c) >= 0x80);
}

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

std::pair<size_t, size_t> DumpMarkerTerm::Find(std::string_view s, size_t from) const {
  if (pieces_.empty()) return {kNpos, kNpos};
  for (size_t at = from; at < s.size(); ++at) {
    if (line_start_) {
      size_t b = at;
      while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
      if (b > 0 && s[b - 1] != '\n') {
        // Not at a line start: go on from the next line.
        size_t newline = s.find('\n', at);
        if (newline == kNpos) break;
        at = newline;
        continue;
      }
    }
    if (at > 0 && IsWordByte(s[at - 1]) && IsWordByte(s[at])) continue;
    size_t end = MatchAt(s, at);
    if (end == kNpos || end == at) continue;
    if (end < s.size() && IsWordByte(s[end - 1]) && IsWordByte(s[end])) continue;
    if (line_end_) {
      // More text must follow on the next line: a heading, not a whole field ("Question 12" as
      // an option).
      size_t after = end;
      while (after < s.size() && (s[after] == ' ' || s[after] == '\t' || s[after] == '\r')) {
        ++after;
      }
      if (after >= s.size() || s[after] != '\n') continue;
    }
    return {at, end};
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

Status DumpMarkersRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"terms", "extra-terms"}));
  std::vector<std::string> terms, extra;
  bool replace = options.Find("terms") != nullptr;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "terms", &terms));
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "extra-terms", &extra));
  terms_.clear();
  if (replace) {
    for (const std::string& t : terms) terms_.emplace_back(t);
  } else {
    std::string path = env.data_dir() + "/rules/terms/dump-markers.txt";
    Result<std::string> list = env.fs().ReadFile(path);
    if (!list.ok()) {
      return Status::NotFound("the dump-marker term list: " + list.status().ToString() +
                              " (set QBANK_DATA_DIR, or give the option 'terms')");
    }
    terms_ = ParseDumpMarkerTerms(*list);
  }
  for (const std::string& t : extra) terms_.emplace_back(t);
  return Status::Ok();
}

void DumpMarkersRule::CheckQuestion(const LintContext& ctx, size_t index,
                                    Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  for (const QuestionField& field : AuthoredTextFields(q)) {
    if (field.path == "stated_answer") continue;
    const std::string& value = field.text->value;
    // Matches in text order, one per place (the first term wins where several overlap).
    std::vector<std::pair<size_t, size_t>> found;
    for (const DumpMarkerTerm& term : terms_) {
      for (auto m = term.Find(value); m.first != kNpos; m = term.Find(value, m.second)) {
        bool overlaps = false;
        for (const auto& f : found)
          overlaps = overlaps || (m.first < f.second && f.first < m.second);
        if (!overlaps) found.push_back(m);
      }
    }
    std::sort(found.begin(), found.end());
    for (const auto& [begin, end] : found) {
      reporter.ReportRange(index, *field.text, begin, end, field.path,
                           StrCat({"\"", std::string_view(value).substr(begin, end - begin),
                                   "\" is text typical of leaked exam dumps; remove it and check "
                                   "the question was written from scratch"}));
    }
  }
}

}  // namespace qbank::lint
