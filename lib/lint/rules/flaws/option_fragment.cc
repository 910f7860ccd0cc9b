// option-fragment: the first and last word of each option against the joining and function words.
#include "lint/rules/flaws/option_fragment.h"

#include <string>
#include <vector>

namespace qbank::lint {
namespace {

enum Fragment { kNone = 0, kOpens = 1, kStops = 2 };

bool OneOf(std::string_view w, std::initializer_list<std::string_view> set) {
  for (std::string_view s : set) {
    if (w == s) return true;
  }
  return false;
}

// The first and the last word of `text` as written: runs of characters other than spaces, with
// punctuation at their ends trimmed.
std::string_view Trimmed(std::string_view w) {
  auto punct = [](char c) {
    return std::string_view(".,;:!?\"'()[]*_").find(c) != std::string_view::npos;
  };
  while (!w.empty() && punct(w.front())) w.remove_prefix(1);
  while (!w.empty() && punct(w.back())) w.remove_suffix(1);
  return w;
}

// How option text `text` is a fragment: opening with a joining word, stopping mid-clause, both
// (kOpens | kStops) or neither. The words are read as written, so a capital "A" (a label, "Vitamin
// A"), "NOR" (a logic gate) and "But" opening a sentence are not the article and the conjunction.
int FragmentOf(std::string_view text) {
  std::vector<std::string_view> words;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t')) ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\n' && text[j] != '\t') ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  if (words.size() < 2) return kNone;
  int kind = kNone;
  // A capitalised "But ..." starts a sentence of its own; only a lower-case joining word continues
  // a sentence that is not there.
  if (OneOf(Trimmed(words.front()), {"and", "or", "but", "nor"})) kind |= kOpens;
  // Formulas ("a^2 = a") end with variables, not articles.
  if (text.find_first_of("=^") != std::string_view::npos) return kind;
  std::string_view last = words.back();
  if (last.back() == ',' || OneOf(Trimmed(last), {"and", "or", "but", "the", "a", "an"})) {
    kind |= kStops;
  }
  return kind;
}

}  // namespace

void OptionFragmentRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.size() < 3) return;
  std::vector<int> kinds;
  for (const model::Option& o : q.options) kinds.push_back(FragmentOf(o.text.value));
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (kinds[i] == kNone) continue;
    bool alone = true;
    for (size_t j = 0; j < q.options.size(); ++j) {
      if (j != i && (kinds[j] & kinds[i]) != 0) alone = false;
    }
    if (!alone) continue;
    const model::Option& o = q.options[i];
    std::string how = (kinds[i] & kOpens) != 0 ? "starts with a joining word" : "stops mid-clause";
    reporter.Report(index, o.text, "options[" + std::to_string(i) + "]",
                    "option " + model::OptionLetter(i) + " \"" + o.text.value + "\" " + how +
                        " and the other options do not: a fragment of a split sentence, or a cue "
                        "that sets it apart; write it as a whole option like the others");
  }
}

}  // namespace qbank::lint
