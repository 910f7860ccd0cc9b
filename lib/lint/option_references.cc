// A small hand-written scanner for option letters named in prose (no regex: it runs on every
// explanation of large banks).
#include "lint/option_references.h"

#include <array>
#include <cctype>
#include <optional>

#include "base/ascii_text.h"

namespace qbank::lint {
namespace {

// std::isalnum of the "C" locale (qbank never sets another): ASCII letters and digits.
constexpr bool IsAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Matches whole word `word` at `at`; returns the position after it or npos.
size_t MatchWord(std::string_view s, size_t at, std::string_view word) {
  if (at > s.size() || !AsciiStartsWithIgnoringCase(s.substr(at), word)) {
    return std::string_view::npos;
  }
  size_t end = at + word.size();
  if (end < s.size() && IsAlnum(s[end])) return std::string_view::npos;
  return end;
}

// Spaces and tabs only: a statement never runs across a line break ("the answer\nP = 4016" names
// no option).
size_t SkipSpaces(std::string_view s, size_t at) {
  while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
  return at;
}

// A letter reference at `at`: "C", "(C)", "[C]". Returns true with the range and option index.
bool MatchLetter(std::string_view s, size_t at, bool strong_context, OptionReference* ref) {
  size_t p = at;
  char close = 0;
  if (p < s.size() && (s[p] == '(' || s[p] == '[')) {
    close = s[p] == '(' ? ')' : ']';
    ++p;
  }
  if (p >= s.size() || s[p] < 'A' || s[p] > 'Z') return false;
  char letter = s[p];
  ++p;
  if (close != 0) {
    if (p >= s.size() || s[p] != close) return false;
    ++p;
  } else {
    if (p < s.size() && (IsAlnum(s[p]) || s[p] == '\'' || s[p] == '-')) return false;
    // "P = 4016": a variable, not an option.
    if (size_t q = SkipSpaces(s, p); q < s.size() && s[q] == '=') return false;
    // "the answer is A good one": an English article or pronoun, not a letter.
    if (!strong_context && (letter == 'A' || letter == 'I')) {
      size_t q = SkipSpaces(s, p);
      if (q > p && q < s.size() && std::islower(static_cast<unsigned char>(s[q]))) return false;
    }
  }
  ref->option = static_cast<size_t>(letter - 'A');
  ref->begin = at;
  ref->end = p;
  return true;
}

// "... is correct", "... is the correct answer", "... is right" after a letter: a statement.
bool FollowedByIsCorrect(std::string_view s, size_t at) {
  size_t p = MatchWord(s, SkipSpaces(s, at), "is");
  if (p == std::string_view::npos) return false;
  p = SkipSpaces(s, p);
  if (size_t q = MatchWord(s, p, "the"); q != std::string_view::npos) p = SkipSpaces(s, q);
  return MatchWord(s, p, "correct") != std::string_view::npos ||
         MatchWord(s, p, "right") != std::string_view::npos;
}

// "is the answer", "is the correct answer", "is the right option" after a letter: a statement
// with the letter first ("D is the answer").
bool FollowedByIsTheAnswer(std::string_view s, size_t at) {
  size_t p = MatchWord(s, SkipSpaces(s, at), "is");
  if (p == std::string_view::npos) return false;
  p = MatchWord(s, SkipSpaces(s, p), "the");
  if (p == std::string_view::npos) return false;
  p = SkipSpaces(s, p);
  for (std::string_view adjective : {"correct", "right", "best"}) {
    if (size_t q = MatchWord(s, p, adjective); q != std::string_view::npos) {
      p = SkipSpaces(s, q);
      break;
    }
  }
  for (std::string_view noun : {"answer", "option", "choice"}) {
    if (MatchWord(s, p, noun) != std::string_view::npos) return true;
  }
  return false;
}

// True when nothing but the end of a clause follows `at` on its line: "Answer C", "Answer C.",
// "answer C, since".
bool EndsClause(std::string_view s, size_t at) {
  size_t p = SkipSpaces(s, at);
  return p >= s.size() || s[p] == '\n' || s[p] == '\r' || s[p] == '.' || s[p] == ',' ||
         s[p] == ';' || s[p] == ')';
}

// A letter that opens a clause ("D is the answer", "Hence, (B) is the correct option"): at the
// start of the text or a line, or after ". ", ": ", "; " or ", " ("vitamin D is the answer" is
// English).
bool OpensClause(std::string_view s, size_t at) {
  size_t p = at;
  while (p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\t')) --p;
  if (p == 0) return true;
  char c = s[p - 1];
  if (c == '\n' || c == '\r') return true;
  return p < at && (c == '.' || c == ':' || c == ';' || c == ',');
}

// The words that introduce an option letter: "answer C", "options B and D", "key: A".
struct Keyword {
  std::string_view word;
  bool plural;
  bool states_answer;
};
constexpr std::array<Keyword, 9> kKeywords = {{
    {"answers", true, true},
    {"answer", false, true},
    {"ans", false, true},
    {"options", true, false},
    {"option", false, false},
    {"choices", true, false},
    {"choice", false, false},
    {"keys", true, true},
    {"key", false, true},
}};

// The keyword at `i` and, in *end, where it ends (past the '.' of "Ans."); nullptr when none.
// "Ans" is a keyword only as an abbreviation: "Ans: B", "Ans. B".
const Keyword* MatchKeyword(std::string_view s, size_t i, size_t* end) {
  for (const Keyword& k : kKeywords) {
    size_t p = MatchWord(s, i, k.word);
    if (p == std::string_view::npos) continue;
    if (k.word == "ans") {
      if (p >= s.size() || (s[p] != ':' && s[p] != '.')) return nullptr;
      if (s[p] == '.') p = p + 1;
    }
    *end = p;
    return &k;
  }
  return nullptr;
}

// "correct option is", "right choice:": the word before the keyword at `i` states the answer.
bool PrecededByCorrect(std::string_view s, size_t i) {
  if (i < 2) return false;
  size_t w = i - 1;
  while (w > 0 && IsSpace(s[w])) --w;
  size_t end = w + 1;
  while (w > 0 && std::isalpha(static_cast<unsigned char>(s[w - 1]))) --w;
  std::string_view prev = s.substr(w, end - w);
  return MatchWord(prev, 0, "correct") == prev.size() || MatchWord(prev, 0, "right") == prev.size();
}

// Where the letter after a keyword should be, from `p` just past the keyword.
struct LetterPlace {
  size_t at = 0;
  bool strong = false;  // a capital letter here is a letter, not an English word
  bool linked = true;   // "answer: C", "answer is C": a statement, not just a mention
};

// Skips what links keyword `kw` to its letter (":", "is", "would be", "are", a second keyword as
// in "the answer is option C"). nullopt for "would" without "be".
std::optional<LetterPlace> SkipToLetter(std::string_view s, size_t p, const Keyword& kw) {
  LetterPlace place;
  p = SkipSpaces(s, p);
  // After "option"/"choice" a capital letter is always a letter; after "answer" it may be
  // English.
  place.strong = !kw.states_answer;
  if (p < s.size() && (s[p] == ':' || s[p] == '=')) {
    place.strong = true;
    p = SkipSpaces(s, p + 1);
  } else if (size_t q = MatchWord(s, p, "is"); q != std::string_view::npos) {
    p = SkipSpaces(s, q);
  } else if (size_t q2 = MatchWord(s, p, "would"); q2 != std::string_view::npos) {
    size_t q3 = MatchWord(s, SkipSpaces(s, q2), "be");
    if (q3 == std::string_view::npos) return std::nullopt;
    p = SkipSpaces(s, q3);
  } else if (size_t q4 = MatchWord(s, p, "are"); q4 != std::string_view::npos && kw.plural) {
    p = SkipSpaces(s, q4);
  } else {
    place.linked = false;  // "answer B is wrong" names B without stating it is the answer
  }
  // "the answer is option C": the second keyword carries the letter.
  for (std::string_view second : {"option", "choice"}) {
    size_t q = MatchWord(s, p, second);
    if (q != std::string_view::npos) {
      p = SkipSpaces(s, q);
      place.strong = true;
      break;
    }
  }
  place.at = p;
  return place;
}

// After a plural keyword's first letter (ending at `p`): "options C and D", "answers B, C or E".
// Appends each further letter to *refs; returns where the last one ends.
size_t AddFurtherLetters(std::string_view s, size_t p, bool states,
                         std::vector<OptionReference>* refs) {
  for (;;) {
    size_t q = SkipSpaces(s, p);
    if (q < s.size() && (s[q] == ',' || s[q] == '&' || s[q] == '/')) {
      q = SkipSpaces(s, q + 1);
    }
    for (std::string_view joiner : {"and", "or"}) {
      size_t w = MatchWord(s, q, joiner);
      if (w != std::string_view::npos) {
        q = SkipSpaces(s, w);
        break;
      }
    }
    if (q == SkipSpaces(s, p)) return p;  // no separator
    OptionReference next;
    if (!MatchLetter(s, q, true, &next)) return p;
    next.states_answer = states;
    refs->push_back(next);
    p = next.end;
  }
}

// "D is the answer", "(B) is the correct option": the letter first, at `i`. Appends the reference
// and returns where it ends; npos when there is none.
size_t AddLetterFirstStatement(std::string_view s, size_t i, std::vector<OptionReference>* refs) {
  if (!OpensClause(s, i)) return std::string_view::npos;
  OptionReference ref;
  if (!MatchLetter(s, i, /*strong_context=*/true, &ref) || !FollowedByIsTheAnswer(s, ref.end)) {
    return std::string_view::npos;
  }
  ref.states_answer = true;
  refs->push_back(ref);
  return ref.end;
}

// A keyword at `i` and the letters it introduces ("answer: C", "options B and D"). Appends the
// references and returns where the last one ends; npos when there is none.
size_t AddKeywordReferences(std::string_view s, size_t i, std::vector<OptionReference>* refs) {
  size_t p = std::string_view::npos;
  const Keyword* kw = MatchKeyword(s, i, &p);
  if (kw == nullptr) return std::string_view::npos;
  std::optional<LetterPlace> place = SkipToLetter(s, p, *kw);
  if (!place) return std::string_view::npos;
  // "correct option is", "right choice:" state the answer too.
  bool states = (kw->states_answer || PrecededByCorrect(s, i)) && place->linked;
  OptionReference ref;
  if (!MatchLetter(s, place->at, place->strong, &ref)) return std::string_view::npos;
  // "Answer C" and "answer C." with nothing after the letter state it too ("Answer B is
  // wrong" does not).
  bool bare_statement =
      kw->states_answer && !kw->plural && !place->linked && EndsClause(s, ref.end);
  ref.states_answer = states || bare_statement || FollowedByIsCorrect(s, ref.end);
  refs->push_back(ref);
  if (!kw->plural) return ref.end;
  return AddFurtherLetters(s, ref.end, states, refs);
}

// What byte may start a reference, after a byte that is no letter or digit: a letter opening a
// statement ("D is the answer", "(B) is ..."), or a keyword's first letter (answer, ans, option,
// choice, key; any case). Most word starts are none of these and are skipped at once.
constexpr std::array<bool, 256> kMayStartReference = [] {
  std::array<bool, 256> table{};
  for (unsigned c = 'A'; c <= 'Z'; ++c) table[c] = true;
  for (char c : {'(', '[', 'a', 'o', 'c', 'k'}) table[static_cast<unsigned char>(c)] = true;
  return table;
}();

}  // namespace

std::vector<OptionReference> FindOptionReferences(std::string_view s) {
  std::vector<OptionReference> refs;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!kMayStartReference[static_cast<unsigned char>(s[i])]) continue;
    if (i > 0 && IsAlnum(s[i - 1])) continue;
    size_t end = AddLetterFirstStatement(s, i, &refs);
    if (end == std::string_view::npos) end = AddKeywordReferences(s, i, &refs);
    if (end != std::string_view::npos) i = end - 1;
  }
  return refs;
}

}  // namespace qbank::lint
