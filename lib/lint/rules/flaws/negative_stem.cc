// negative-stem: a word scan over the stem's question sentence.
#include "lint/rules/flaws/negative_stem.h"

#include <cctype>
#include <vector>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"
#include "text/term_automaton.h"

namespace qbank::lint {
namespace {

struct Word {
  size_t begin = 0;
  size_t end = 0;
  std::string_view lower;  // in the lowered copy of the sentence Words was given
};

// ASCII letters (std::isalpha's "C" locale, without its call a byte).
constexpr bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The words of `text`, the question sentence lower-cased (AsciiLowered keeps every byte where it
// is), at `offset` in the stem: their `lower` views point into it (one copy of the sentence, not
// one string a word).
std::vector<Word> Words(std::string_view text, size_t offset) {
  std::vector<Word> words;
  words.reserve(text.size() / 5 + 1);
  size_t i = 0;
  while (i < text.size()) {
    if (!IsLetter(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (IsLetter(text[j]) ||
                               (text[j] == '\'' && j + 1 < text.size() && IsLetter(text[j + 1])))) {
      ++j;
    }
    words.push_back(Word{offset + i, offset + j, text.substr(i, j - i)});
    i = j;
  }
  return words;
}

// Every negative word (IsNegative) holds one of these: a sentence without any asks positively.
bool MayHoldNegative(std::string_view sentence) {
  static const text::TermAutomaton parts =
      text::TermAutomaton::Of({"not", "except", "least", "false", "incorrect", "untrue"});
  return parts.ContainsAny(sentence);
}

bool IsNegative(std::string_view w) {
  return w == "not" || w == "cannot" || w == "except" || w == "least" || w == "false" ||
         w == "incorrect" || w == "untrue";
}

bool IsLeastSelection(std::string_view after) {
  for (std::string_view w :
       {"likely",    "important",  "appropriate", "useful",     "effective",      "accurate",
        "correct",   "consistent", "probable",    "plausible",  "suitable",       "helpful",
        "true",      "supported",  "relevant",    "beneficial", "characteristic", "essential",
        "necessary", "valid",      "reliable"}) {
    if (after == w) return true;
  }
  return false;
}

bool IsPreposition(std::string_view w) {
  for (std::string_view p :
       {"in", "of", "to", "for", "by", "on", "at", "from", "with", "under", "about", "during",
        "among", "identify", "determine", "choose", "select", "state", "indicate"}) {
    if (w == p) return true;
  }
  return false;
}

bool IsSelectionWord(std::string_view w) {
  return w == "which" || w == "what" || w == "who" || w == "whom" || w == "whose" ||
         w == "following";
}

// Written in capitals ("NOT"), or wrapped in emphasis: '*' or '_' right before it, or a tag
// ("<b>", "<strong>", "<em>", "<i>", "<u>") ending right before it.
bool Emphasised(std::string_view stem, const Word& w) {
  bool capitals = true;
  for (size_t i = w.begin; i < w.end; ++i) {
    if (std::islower(static_cast<unsigned char>(stem[i]))) capitals = false;
  }
  if (capitals && w.end - w.begin >= 2) return true;
  if (w.begin > 0 && (stem[w.begin - 1] == '*' || stem[w.begin - 1] == '_')) return true;
  if (w.end < stem.size() && (stem[w.end] == '*' || stem[w.end] == '_')) return true;
  if (w.begin > 0 && stem[w.begin - 1] == '>') {
    size_t open = stem.rfind('<', w.begin - 1);
    if (open != std::string_view::npos) {
      std::string tag = AsciiLowered(stem.substr(open + 1, w.begin - 1 - open - 1));
      if (tag == "b" || tag == "strong" || tag == "em" || tag == "i" || tag == "u") return true;
    }
  }
  return false;
}

// The sentence asks something: a question mark or colon at its end, an interrogative or
// selection word, or a blank to fill.
bool AsksSomething(std::string_view sentence, const std::vector<Word>& words) {
  std::string_view t = sentence;
  while (!t.empty() && (t.back() == ' ' || t.back() == '.')) t.remove_suffix(1);
  if (!t.empty() && (t.back() == '?' || t.back() == ':')) return true;
  if (sentence.find("__") != std::string_view::npos) return true;
  for (const Word& w : words) {
    if (w.lower == "which" || w.lower == "what" || w.lower == "who" || w.lower == "following" ||
        w.lower == "except") {
      return true;
    }
  }
  return false;
}

// "except" (word k of `words`, in `stem`) asks for the exception: not after a negative ("nothing
// ... except ____" asks for the one thing that is), and in a selecting question, a sentence
// opening with "All"/"Each", or at the end ("... EXCEPT:", "except ____"); not "except when".
bool ExceptAsksForException(std::string_view stem, const std::vector<Word>& words, size_t k,
                            bool selecting, bool starts_with_all) {
  const Word& w = words[k];
  const std::string_view after = k + 1 < words.size() ? words[k + 1].lower : "";
  char next_char = w.end < stem.size() ? stem[w.end] : '\n';
  bool double_negative = false;
  for (size_t j = 0; j < k; ++j) {
    const std::string_view v = words[j].lower;
    double_negative = double_negative || v == "nothing" || v == "no" || v == "none" ||
                      v == "nobody" || v == "never" || v == "not" || v == "cannot";
  }
  if (double_negative) return false;
  bool at_end = k + 1 == words.size() || next_char == ':' || next_char == '_' ||
                (next_char == ' ' && w.end + 1 < stem.size() && stem[w.end + 1] == '_');
  if (!selecting && !starts_with_all && !at_end) return false;
  return at_end || !(after == "when" || after == "if" || after == "that" || after == "where" ||
                     after == "as" || after == "in" || after == "for");
}

// "not" that only qualifies: "not only", "not just", "or not", "if not", "not-for-profit", ", not".
bool NotOnlyQualifies(std::string_view stem, const Word& w, std::string_view before,
                      std::string_view after) {
  char next_char = w.end < stem.size() ? stem[w.end] : '\n';
  char previous_char = w.begin >= 2 ? stem[w.begin - 2] : ' ';
  return after == "only" || after == "just" || after == "merely" || after == "simply" ||
         before == "or" || before == "if" || next_char == '-' || previous_char == ',';
}

// "false" as the answer asked for: at the end of the sentence (ending at `sentence_end`), before
// punctuation, or before a word that cannot be its noun ("about", "regarding"; "statement" is the
// noun asked about).
bool FalseIsAskedFor(std::string_view stem, const Word& w, size_t sentence_end,
                     std::string_view after) {
  size_t next = w.end;
  while (next < stem.size() && stem[next] == ' ') ++next;
  bool punctuation = next >= sentence_end || !std::isalpha(static_cast<unsigned char>(stem[next]));
  bool asked = after == "about" || after == "regarding" || after == "concerning" ||
               after == "for" || after == "of" || after == "in" || after == "with" ||
               after == "statement" || after == "statements" || after == "answer" ||
               after == "option" || after == "choice" || after == "when" || after == "if";
  return punctuation || asked;
}

// The message for negative word `word` left unemphasised.
std::string UnemphasisedMessage(const std::string& word) {
  std::string upper = word;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string message = "the question asks with \"" + word;
  message += "\" unemphasised: readers who miss it answer the opposite question; ";
  message += "ask positively, or write it as " + upper + " (or in bold)";
  return message;
}

}  // namespace

void NegativeStemRule::CheckQuestion(const LintContext& ctx, size_t index,
                                     Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type)) return;
  std::string_view stem = q.stem.value;
  TextRange range = QuestionSentence(stem);
  std::string_view sentence = stem.substr(range.begin, range.end - range.begin);
  if (!MayHoldNegative(sentence)) return;  // one pass over the bytes instead of the word scan
  const std::string lowered = AsciiLowered(sentence);
  std::vector<Word> words = Words(lowered, range.begin);
  if (!AsksSomething(sentence, words)) return;
  // The negative must belong to the clause that selects: after a selection word ("Which of the
  // following is not") and not inside a relative clause opened after it ("What term describes
  // someone who does not ...").
  bool selecting = false;
  bool relative = false;
  bool starts_with_all = !words.empty() && (words[0].lower == "all" || words[0].lower == "each");
  for (size_t k = 0; k < words.size(); ++k) {
    const Word& w = words[k];
    // (Views: a conditional with a temporary string made a copy of each word twice.)
    const std::string_view before = k > 0 ? words[k - 1].lower : "";
    const std::string_view after = k + 1 < words.size() ? words[k + 1].lower : "";
    // "Which ..." opening the sentence, "in which", "which of", "which one"; not the relative
    // "people who ...".
    if (w.lower == "following" || (IsSelectionWord(w.lower) && (k == 0 || IsPreposition(before) ||
                                                                after == "of" || after == "one"))) {
      selecting = true;
      relative = false;
      continue;
    }
    if (selecting && (IsSelectionWord(w.lower) || w.lower == "that" || w.lower == "where" ||
                      w.lower == "when")) {
      relative = true;
      continue;
    }
    if (!IsNegative(w.lower)) continue;
    if (relative) continue;
    // "least" asks for the exception in "least likely", "least important"; "the least possible
    // value", "least biased", "from least to greatest" ask for a minimum.
    if (w.lower == "least" && !IsLeastSelection(after)) continue;
    if (w.lower == "not" && before == "but") continue;  // "granted by A but not by B"
    if (w.lower == "except") {
      if (!ExceptAsksForException(stem, words, k, selecting, starts_with_all)) continue;
    } else if (!selecting) {
      continue;  // a negative in a statement, not in a question that selects
    }
    if (w.lower == "not" && NotOnlyQualifies(stem, w, before, after)) continue;
    if (w.lower == "least" && (before == "at" || before == "not")) continue;
    if ((w.lower == "false" || w.lower == "incorrect" || w.lower == "untrue") &&
        !FalseIsAskedFor(stem, w, range.end, after)) {
      continue;
    }
    if (Emphasised(stem, w)) continue;
    std::string word = std::string(stem.substr(w.begin, w.end - w.begin));
    reporter.ReportRange(index, q.stem, w.begin, w.end, "stem", UnemphasisedMessage(word));
    return;
  }
}

}  // namespace qbank::lint
