// paraphrased-options: the content words of two options, matched by stem, then WordNet sense,
// then one WordNet link, then (once) a gloss; then coverage, order and negation.
#include "lint/rules/answers/paraphrased_options.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "base/ascii_text.h"
#include "base/file_system.h"
#include "lint/rules/shared/term_lists.h"
#include "text/stemmer.h"

namespace qbank::lint {
namespace {

// A content word of an option.
struct Word {
  std::string lower;         // as written, lower case
  mutable std::string stem;  // Snowball stem, made when first needed (StemOf)
  bool exact = false;  // compared as written only: digits, single letters, roman numerals, "not"
  size_t segment = 0;  // which comma-separated item of the option
  mutable std::optional<std::vector<text::SynsetId>> senses;  // filled when first needed
  mutable std::optional<std::vector<text::SynsetId>> links;   // the senses' neighbours, too
};

// One option read for comparison.
struct OptionWords {
  std::vector<Word> words;
  size_t segments = 1;
  bool comparison = false;                       // holds = < > ^ and cannot be read as words
  bool roles = false;                            // holds "from", "to", "than", "into", "by"
  std::set<std::string, std::less<>> relations;  // its relational prepositions
  std::vector<std::string> function;  // its articles and prepositions, sorted ("an" as "a")
  std::vector<std::string> fixed;     // its other function words (quantifiers, modals...), sorted
};

bool IsWordByte(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || u >= 0x80 ||
         c == '\'';
}

bool IsRoman(std::string_view w) {
  return !w.empty() && w.size() <= 4 && w.find_first_not_of("IVXLC") == std::string_view::npos;
}

bool IsNegation(std::string_view w) {
  for (std::string_view n : {"not", "no", "never", "none", "nor", "without", "cannot", "neither"}) {
    if (w == n) return true;
  }
  return w.ends_with("n't") || w.ends_with("n\xE2\x80\x99t");
}

// Articles, prepositions and light predicates: a phrase may change them and keep its meaning
// ("contact lens", "lens for contact"). The other function words (quantifiers, conjunctions,
// auxiliaries, pronouns) carry meaning the options must share ("all", "some"; "and", "or"; "are",
// "were").
bool IsStructureWord(std::string_view w) {
  for (std::string_view s :
       {"a",       "an",     "the",     "of",       "for",      "in",       "on",
        "at",      "to",     "from",    "by",       "with",     "into",     "onto",
        "upon",    "within", "through", "about",    "as",       "via",      "per",
        "present", "found",  "located", "situated", "existing", "occurring"}) {
    if (w == s) return true;
  }
  return false;
}

OptionWords ReadOption(std::string_view text, const std::set<std::string, std::less<>>& function) {
  OptionWords out;
  // Numbers, formulas and symbols are not words a thesaurus compares ("4 -3", "30/5", "BB × Bb").
  out.comparison = text.find_first_of("0123456789=<>^+*/|~\\") != std::string_view::npos ||
                   text.find("\xC3\x97") != std::string_view::npos ||
                   text.find("\xE2\x88") != std::string_view::npos ||
                   text.find("\xE2\x8A") != std::string_view::npos ||
                   text.find("\xE2\x86") != std::string_view::npos;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == ',' || text[i] == ';') ++out.segments;
    if (!IsWordByte(text[i]) || text[i] == '\'') {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && IsWordByte(text[j])) ++j;
    std::string_view written = text.substr(i, j - i);
    while (!written.empty() && written.back() == '\'') written.remove_suffix(1);
    i = j;
    std::string lower = AsciiLowered(written);
    if (function.count(lower) != 0 && !IsRoman(written)) {
      (IsStructureWord(lower) ? out.function : out.fixed).push_back(lower == "an" ? "a" : lower);
      for (std::string_view r : {"from", "to", "than", "into", "by"}) out.roles |= lower == r;
      for (std::string_view r : {"in", "on", "at", "to", "from", "by", "with", "into", "onto",
                                 "within", "through", "about", "than", "via", "per", "upon"}) {
        if (lower == r) out.relations.insert(lower);
      }
      continue;
    }
    Word w;
    w.exact = written.size() == 1 || IsRoman(written) || IsNegation(lower);
    w.lower = std::move(lower);
    w.segment = out.segments - 1;
    out.words.push_back(std::move(w));
  }
  std::sort(out.function.begin(), out.function.end());
  std::sort(out.fixed.begin(), out.fixed.end());
  return out;
}

// The word's Snowball stem (the word itself when it is compared as written), made once: most
// pairs of options are told apart by their word counts before any word is stemmed.
const std::string& StemOf(const Word& w) {
  if (w.stem.empty()) w.stem = w.exact ? w.lower : text::Stem(w.lower);
  return w.stem;
}

const std::vector<text::SynsetId>& SensesOf(const Word& w, const text::WordNet& net) {
  // The three most frequent senses of each part of speech: rare senses join words no reader
  // takes for synonyms ("clip" and "pinch" as "steal").
  constexpr size_t kSensesRead = 3;
  if (!w.senses) {
    w.senses = w.exact ? std::vector<text::SynsetId>{} : net.Senses(w.lower, kSensesRead);
  }
  return *w.senses;
}

bool Shares(const std::vector<text::SynsetId>& a, const std::vector<text::SynsetId>& b) {
  for (text::SynsetId x : a) {
    if (std::find(b.begin(), b.end(), x) != b.end()) return true;
  }
  return false;
}

// Whether a sense of `a` is one WordNet link from a sense of `b`.
bool Linked(const Word& a, const Word& b, const text::WordNet& net) {
  const std::vector<text::SynsetId>& bs = SensesOf(b, net);
  if (bs.empty()) return false;
  if (!a.links) {
    a.links.emplace();
    for (text::SynsetId s : SensesOf(a, net)) {
      for (text::SynsetId n : net.Neighbours(s)) a.links->push_back(n);
    }
  }
  return Shares(*a.links, bs);
}

// Whether a sense of `a` is opposite to a sense of `b` ("open" and "closed", "frequent" and
// "infrequent"): options that differ by opposites are a distractor written by contrast.
bool Opposed(const Word& a, const Word& b, const text::WordNet& net) {
  if (a.exact || b.exact) return false;
  const std::vector<text::SynsetId>& bs = SensesOf(b, net);
  if (bs.empty()) return false;
  for (text::SynsetId s : SensesOf(a, net)) {
    if (Shares(net.Opposites(s), bs)) return true;
  }
  return false;
}

// Whether the definition of the first sense of `a` (its gloss up to the first ";") names `b`.
bool GlossNames(const Word& a, const Word& b, const text::WordNet& net) {
  const std::vector<text::SynsetId>& senses = SensesOf(a, net);
  if (senses.empty() || b.exact) return false;
  std::string_view gloss = net.Gloss(senses[0]);
  gloss = gloss.substr(0, gloss.find(';'));
  for (size_t i = 0; i < gloss.size();) {
    size_t j = i;
    while (j < gloss.size() && gloss[j] >= 'a' && gloss[j] <= 'z') ++j;
    if (j > i && text::Stem(gloss.substr(i, j - i)) == StemOf(b)) return true;
    i = j + 1;
  }
  return false;
}

// How two options' words were paired: match[i] is the word of `b` paired with word i of `a` (or
// -1), and the pairs that differ, for the message.
struct Pairing {
  std::vector<int> match;
  std::vector<std::string> said_otherwise;  // "population ~ group"
};

enum class Pass { kStem, kSense, kLink, kGloss };

bool PairedBy(Pass pass, const Word& x, const Word& y, const text::WordNet& net) {
  if (x.segment != y.segment) return false;
  if (pass == Pass::kStem) return x.exact || y.exact ? x.lower == y.lower : StemOf(x) == StemOf(y);
  if (x.exact || y.exact) return false;
  if (pass == Pass::kSense) return Shares(SensesOf(x, net), SensesOf(y, net));
  if (pass == Pass::kLink) return Linked(x, y, net) || Linked(y, x, net);
  return GlossNames(x, y, net) || GlossNames(y, x, net);
}

// After the stem pass, whether WordNet can still make a paraphrase of the pair: the cheap
// conditions first, so most pairs cost no WordNet look-up. One word left needs the phrase turned
// round; no word in common needs three left; every word left must be one WordNet knows.
bool WorthLookingUp(const OptionWords& a, const std::vector<int>& match, size_t matched,
                    const text::WordNet& net) {
  size_t left = a.words.size() - matched;
  if (matched == 0 && left < 3) return false;
  if (left == 1) {
    int last = -1;
    bool turned = false;
    for (int m : match) {
      turned |= m >= 0 && m < last;
      if (m >= 0) last = m;
    }
    if (!turned) return false;
  }
  for (size_t i = 0; i < a.words.size(); ++i) {
    if (match[i] < 0 && SensesOf(a.words[i], net).empty()) return false;
  }
  return true;
}

// Whether the words of `a` and `b` say the same thing (the class comment's conditions).
std::optional<Pairing> Paraphrase(const OptionWords& a, const OptionWords& b,
                                  const text::WordNet& net) {
  if (a.comparison || b.comparison || a.segments != b.segments) return std::nullopt;
  if (!a.relations.empty() && !b.relations.empty() && a.relations != b.relations) {
    return std::nullopt;
  }
  size_t na = a.words.size(), nb = b.words.size();
  if (na < 2 || na != nb || a.fixed != b.fixed) return std::nullopt;
  // A word the other option has too is never said otherwise there ("assault, but not battery"
  // against "battery, but not assault").
  auto has_stem = [](const OptionWords& o, const std::string& stem) {
    for (const Word& w : o.words) {
      if (StemOf(w) == stem) return true;
    }
    return false;
  };
  Pairing p;
  p.match.assign(na, -1);
  std::vector<bool> used(nb, false);
  size_t matched = 0, by_stem = 0;
  for (Pass pass : {Pass::kStem, Pass::kSense, Pass::kLink, Pass::kGloss}) {
    if (matched == na) break;
    if (pass == Pass::kSense && !WorthLookingUp(a, p.match, matched, net)) return std::nullopt;
    if (pass == Pass::kGloss && matched < 3) break;
    for (size_t i = 0; i < na; ++i) {
      if (p.match[i] >= 0) continue;
      for (size_t j = 0; j < nb; ++j) {
        if (used[j]) continue;
        if (pass != Pass::kStem &&
            (has_stem(b, StemOf(a.words[i])) || has_stem(a, StemOf(b.words[j])))) {
          continue;
        }
        if (!PairedBy(pass, a.words[i], b.words[j], net)) continue;
        // Words that are also opposites make a distractor written by contrast.
        if (pass != Pass::kStem && Opposed(a.words[i], b.words[j], net)) return std::nullopt;
        p.match[i] = static_cast<int>(j);
        used[j] = true;
        ++matched;
        if (pass == Pass::kStem) {
          ++by_stem;
        } else {
          p.said_otherwise.push_back(a.words[i].lower + " ~ " + b.words[j].lower);
        }
        break;
      }
      if (pass == Pass::kGloss && p.match[i] >= 0) break;  // one gloss match
    }
  }
  if (matched != na) return std::nullopt;
  std::vector<int> order(p.match.begin(), p.match.end());
  size_t inversions = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    for (size_t j = i + 1; j < order.size(); ++j) inversions += order[i] > order[j];
  }
  // Words put in another order are the same phrase only when its shape changed with them
  // ("contact lens", "lens for contact"); "Yes No" and "No Yes" are two answers. Never where
  // words have roles ("from the heart to the lungs").
  bool reshaped = a.function != b.function;
  if (inversions > 1 || (inversions == 1 && (!reshaped || a.roles || b.roles))) {
    return std::nullopt;
  }
  // One word swapped for a related one is how distractors are written ("open loop", "closed
  // loop"; "counts the values", "sorts values"), unless the phrase is turned round with it. Two
  // or more say the same thing in other words; with no word in common, three or more are needed.
  size_t related = matched - by_stem;
  if (related == 1 && inversions == 0) return std::nullopt;
  if (by_stem == 0 && related < 3) return std::nullopt;
  if (related == 0 && !reshaped && inversions == 0) return std::nullopt;
  return p;
}

}  // namespace

Status ParaphrasedOptionsRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"wordnet"}));
  std::string dir(text::WordNet::kDefaultDir);
  const model::Value* given = options.Find("wordnet");
  if (given != nullptr) {
    if (!given->is_string()) return Status::InvalidInput("option 'wordnet': expected a folder");
    dir = given->as_string();
  }
  Result<std::string> list = ReadTermList(env, "paraphrase-function-words.txt", "function words");
  if (!list.ok()) return list.status();
  function_words_.clear();
  for (const auto& entry : TermLines(*list)) function_words_.emplace(AsciiLowered(entry.second));
  Result<std::shared_ptr<const text::WordNet>> net = text::WordNet::Load(env.fs(), dir);
  if (!net.ok()) {
    if (given != nullptr)
      return Status::InvalidInput("option 'wordnet': " + net.status().message());
    wordnet_ = nullptr;
    // The note is for a run on the disk (the command line); a file system in memory (tests) holds
    // no WordNet on purpose.
    if (&env.fs() != &RealFileSystem()) return Status::Ok();
    env.AddNote("paraphrased-options is silent: " + net.status().message() +
                "; install it (apt-get install wordnet-base) or set the rule's 'wordnet' option");
    return Status::Ok();
  }
  wordnet_ = std::move(net).value();
  return Status::Ok();
}

void ParaphrasedOptionsRule::CheckQuestion(const LintContext& ctx, size_t index,
                                           Reporter& reporter) const {
  if (wordnet_ == nullptr) return;
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.size() < 2) return;
  std::vector<OptionWords> read;
  for (const model::Option& o : q.options) {
    read.push_back(ReadOption(o.text.value, function_words_));
  }
  for (size_t i = 1; i < read.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      std::optional<Pairing> p = Paraphrase(read[j], read[i], *wordnet_);
      if (!p) continue;
      std::string how;
      for (const std::string& s : p->said_otherwise) how += (how.empty() ? " (" : ", ") + s;
      if (!how.empty()) how += ")";
      Finding& f = reporter.Report(
          index, q.options[i].text, "options[" + std::to_string(i) + "]",
          "option " + model::OptionLetter(i) + " \"" + q.options[i].text.value +
              "\" says what option " + model::OptionLetter(j) + " \"" + q.options[j].text.value +
              "\" says, in other words" + how +
              ": two right answers, or a distractor that points at the key; reword or replace one");
      f.related.push_back({q.options[j].text.span, "option " + model::OptionLetter(j) + " is here",
                           q.id.value,
                           reporter.QuestionPath(index) + ".options[" + std::to_string(j) + "]"});
      break;  // one finding per option
    }
  }
}

}  // namespace qbank::lint
