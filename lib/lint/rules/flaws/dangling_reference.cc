// dangling-reference: a walk over the stem's lower-case words with a few word patterns.
#include "lint/rules/flaws/dangling_reference.h"

#include <optional>
#include <string>
#include <vector>

#include "base/ascii_text.h"
#include "text/term_automaton.h"

namespace qbank::lint {
namespace {

// A passage referred to as above (or below) needs this many words before (after) the reference
// to be taken as present.
constexpr size_t kPassageWords = 40;
// A figure or table "below" written out as text needs this many words after the reference.
constexpr size_t kWrittenOutWords = 15;

struct Word {
  std::string_view text;  // lower case (in the lowered copy of the stem)
  size_t begin = 0;       // byte range in the stem
  size_t end = 0;
};

bool IsAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The ASCII letter-and-digit runs of `s` (other bytes separate words), as views into `lowered`,
// s lower-cased.
std::vector<Word> WordsOf(std::string_view s, std::string_view lowered) {
  std::vector<Word> words;
  for (size_t i = 0; i < s.size();) {
    if (!IsAsciiAlnum(s[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < s.size() && IsAsciiAlnum(s[j])) ++j;
    words.push_back({lowered.substr(i, j - i), i, j});
    i = j;
  }
  return words;
}

bool IsNumber(std::string_view w) {
  return !w.empty() && w.size() <= 3 && w.find_first_not_of("0123456789") == std::string::npos;
}

bool OneOf(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

bool IsPassage(std::string_view w) {
  return OneOf(w, {"passage", "text", "excerpt", "extract", "paragraph", "poem", "story", "article",
                   "selection", "dialogue", "conversation", "speech", "letter"});
}

bool IsPicture(std::string_view w) {
  return OneOf(w, {"figure", "diagram", "image", "picture", "graph", "chart", "map", "illustration",
                   "exhibit", "photo", "photograph", "drawing", "graphic", "table", "screenshot"});
}

// Every reference FindReference returns rests on a word holding "q" (question, questions, q, Q2)
// or a passage or picture word: a stem holding none of these strings refers to nothing.
bool MayRefer(std::string_view stem) {
  static const text::TermAutomaton parts = text::TermAutomaton::Of(
      {"q",       "passage", "text",    "excerpt",      "extract",  "paragraph",
       "poem",    "story",   "article", "selection",    "dialogue", "conversation",
       "speech",  "letter",  "figure",  "diagram",      "image",    "picture",
       "graph",   "chart",   "map",     "illustration", "exhibit",  "photo",
       "drawing", "graphic", "table",   "screenshot"});
  return parts.ContainsAny(stem);
}

struct Reference {
  size_t first = 0;  // word range
  size_t last = 0;   // inclusive
  std::string what;  // for the message
};

// Whether the stem holds an image, or (for a table) a table.
bool HoldsPicture(std::string_view stem, bool table) {
  if (stem.find("<img") != std::string_view::npos || stem.find("![") != std::string_view::npos ||
      stem.find("<svg") != std::string_view::npos) {
    return true;
  }
  if (!table) return false;
  if (stem.find("<table") != std::string_view::npos || stem.find('\t') != std::string_view::npos) {
    return true;
  }
  for (size_t start = 0; start < stem.size();) {
    size_t end = stem.find('\n', start);
    std::string_view line = stem.substr(start, end == std::string_view::npos ? end : end - start);
    size_t bars = 0;
    for (char c : line) bars += c == '|';
    if (bars >= 2) return true;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

// The line breaks in the stem before byte `at`.
size_t LinesBefore(std::string_view stem, size_t at) {
  size_t lines = 0;
  for (size_t k = 0; k < at && k < stem.size(); ++k) lines += stem[k] == '\n';
  return lines;
}

std::optional<Reference> FindReference(std::string_view stem, const std::vector<Word>& w) {
  const size_t n = w.size();
  auto at = [&](size_t i) -> std::string_view { return i < n ? w[i].text : std::string_view(); };
  // "Q2" and "(Q3)" are quarters of a year where the question speaks of them.
  bool quarters = false;
  for (const Word& word : w)
    quarters = quarters || OneOf(word.text, {"quarter", "quarters", "fiscal"});
  for (size_t i = 0; i < n; ++i) {
    std::string_view word = w[i].text;
    // Another question by number: "in question 5", "to questions 3 and 4", "see Q2".
    if ((word == "question" || word == "questions" || word == "q") && IsNumber(at(i + 1)) &&
        i > 0 &&
        OneOf(at(i - 1), {"in", "to", "from", "of", "see", "for", "on", "per", "with", "by", "as",
                          "under", "previous", "preceding", "last", "above"})) {
      if (word == "q" && (quarters || stem.substr(w[i].begin, 1) != "Q")) continue;
      return Reference{i - 1, i + 1, "another question"};
    }
    // "(Q2)".
    if (!quarters && word.size() >= 2 && word[0] == 'q' && IsNumber(word.substr(1)) &&
        w[i].begin > 0 && stem[w[i].begin] == 'Q' && stem[w[i].begin - 1] == '(' &&
        w[i].end < stem.size() && stem[w[i].end] == ')') {
      return Reference{i, i, "another question"};
    }
    // "the previous question", "the question above".
    if ((word == "question" && at(i + 1) == "above" && i > 0 && at(i - 1) == "the") ||
        (OneOf(word, {"previous", "preceding", "last"}) && at(i + 1) == "question" && i > 0 &&
         at(i - 1) == "the")) {
      return Reference{i - 1, i + 1, "another question"};
    }
    // A passage: "the passage above", "the above text", "this excerpt", "the following passage".
    if (IsPassage(word) && i > 0) {
      bool above = at(i + 1) == "above" || at(i - 1) == "above" ||
                   (OneOf(at(i - 1), {"this", "the"}) && at(i + 1) == "provided");
      bool below = at(i + 1) == "below" || at(i - 1) == "following";
      if (above && w[i].begin > 0 && i < kPassageWords) {
        return Reference{i - 1, at(i + 1) == "above" ? i + 1 : i, "a passage"};
      }
      if (below && n - i - 1 < kPassageWords) {
        return Reference{i - 1, at(i + 1) == "below" ? i + 1 : i, "a passage"};
      }
    }
    // A picture: "the figure shows", "the diagram above", "shown in the graph", "Figure 2".
    if (IsPicture(word) && i > 0) {
      bool table = word == "table";
      bool pointed =
          (OneOf(at(i - 1), {"the", "this", "above", "following"}) &&
           OneOf(at(i + 1), {"shows", "shown", "above", "below", "illustrates", "depicts",
                             "represents", "given", "provided"})) ||
          (OneOf(at(i - 1), {"above", "following"})) ||
          (at(i - 1) == "the" && i > 1 && OneOf(at(i - 2), {"in", "on", "from"}) && i > 2 &&
           OneOf(at(i - 3), {"shown", "given", "depicted", "illustrated", "presented"})) ||
          (IsNumber(at(i + 1)) && stem[w[i].begin] >= 'A' && stem[w[i].begin] <= 'Z' &&
           word != "table");
      if (!pointed) continue;
      bool ahead = at(i + 1) == "below" || at(i - 1) == "following";
      if (ahead && n - i - 1 >= kWrittenOutWords) continue;
      // A chart or table laid out as lines of text before the question sentence is there.
      if (!ahead && LinesBefore(stem, w[i].begin) >= 3) continue;
      if (HoldsPicture(stem, table)) continue;
      return Reference{i - 1, OneOf(at(i + 1), {"above", "below", "shows", "shown"}) ? i + 1 : i,
                       table ? "a table" : "a picture"};
    }
  }
  return std::nullopt;
}

}  // namespace

void DanglingReferenceRule::CheckQuestion(const LintContext& ctx, size_t index,
                                          Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type)) return;
  std::string_view stem = q.stem.value;
  if (!MayRefer(stem)) return;  // one pass over the bytes instead of the word walk
  std::string lowered = AsciiLowered(stem);
  std::vector<Word> words = WordsOf(stem, lowered);
  std::optional<Reference> ref = FindReference(stem, words);
  if (!ref) return;
  size_t begin = words[ref->first].begin, end = words[ref->last].end;
  if (begin > 0 && stem[begin - 1] == '(') --begin;
  if (end < stem.size() && stem[end] == ')') ++end;
  std::string quoted(stem.substr(begin, end - begin));
  reporter.ReportRange(index, q.stem, begin, end, "stem",
                       "the stem refers to " + ref->what + " (\"" + quoted +
                           "\") that the question does not contain: a learner who sees this "
                           "question alone cannot answer it; include it, or reword the stem");
}

}  // namespace qbank::lint
