// statement-options: a small tokenizer for combination options, then a search of the stem for
// each label as a list marker.
#include "lint/rules/flaws/statement_options.h"

#include <cctype>
#include <optional>
#include <vector>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {
namespace {

enum class LabelKind { kRoman, kNumber, kLetter };

struct Label {
  std::string text;  // as written, without parentheses: "II", "iv", "2", "B"
  LabelKind kind = LabelKind::kRoman;
};

bool IsRoman(std::string_view w) {
  static constexpr std::string_view kRoman[] = {"i",  "ii",  "iii",  "iv", "v",
                                                "vi", "vii", "viii", "ix", "x"};
  bool same_case = w.find_first_of("ivx") == std::string_view::npos ||
                   w.find_first_of("IVX") == std::string_view::npos;
  if (!same_case) return false;
  for (std::string_view r : kRoman) {
    if (AsciiEqualIgnoringCase(w, r)) return true;
  }
  return false;
}

// The labels of a combination option, or nullopt when the option is something else.
// Capital letters past the question's last option ("(E)" among four) are not references to it.
std::optional<std::vector<Label>> Combination(std::string_view text, size_t options) {
  // Tokens: split at white space and commas; '&' stands alone. Read in place: most options fail
  // at their first token, before anything is allocated.
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  auto is_word = [](std::string_view token, std::initializer_list<std::string_view> words) {
    for (std::string_view w : words) {
      if (AsciiEqualIgnoringCase(token, w)) return true;
    }
    return false;
  };
  // Labels side by side with nothing joining them ("A B C", a song title) are text, not a
  // combination: one needs a comma or a joining word.
  bool joined = false;
  std::vector<Label> labels;
  bool only = false;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ',') {
      joined = true;
      ++i;
      continue;
    }
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::string_view token;
    if (text[i] == '&') {
      joined = true;
      token = text.substr(i, 1);
      ++i;
    } else {
      size_t j = i;
      while (j < text.size() && !is_space(text[j]) && text[j] != ',' && text[j] != '&') ++j;
      token = text.substr(i, j - i);
      i = j;
    }
    // End punctuation of the option.
    while (!token.empty() && (token.back() == '.' || token.back() == ';')) token.remove_suffix(1);
    if (token.empty()) continue;
    if (is_word(token, {"and", "or", "both", "neither", "nor", "all", "of", "&"})) {
      joined = true;
      continue;
    }
    if (is_word(token, {"the", "statements", "statement"})) continue;
    if (is_word(token, {"only"})) {
      only = true;
      joined = true;
      continue;
    }
    std::string_view bare = token;
    if (bare.size() >= 3 && bare.front() == '(' && bare.back() == ')') {
      bare = bare.substr(1, bare.size() - 2);
    }
    if (IsRoman(bare)) {
      labels.push_back({std::string(bare), LabelKind::kRoman});
    } else if (bare.size() == 1 && bare[0] >= '1' && bare[0] <= '9') {
      labels.push_back({std::string(bare), LabelKind::kNumber});
    } else if (bare.size() == 1 && bare[0] >= 'A' && bare[0] <= 'J' &&
               static_cast<size_t>(bare[0] - 'A') < options) {
      labels.push_back({std::string(bare), LabelKind::kLetter});
    } else {
      return std::nullopt;
    }
  }
  if (!joined) return std::nullopt;
  if (labels.size() >= 2 || (labels.size() == 1 && only)) return labels;
  return std::nullopt;
}

// 1..10 for "i".."x" (lower case).
size_t RomanValue(std::string_view lower) {
  static constexpr std::string_view kRoman[] = {"i",  "ii",  "iii",  "iv", "v",
                                                "vi", "vii", "viii", "ix", "x"};
  for (size_t k = 0; k < 10; ++k) {
    if (lower == kRoman[k]) return k + 1;
  }
  return 1;
}

// The marked entries are exactly the first few (or none).
bool FirstN(const std::vector<bool>& used) {
  size_t k = 0;
  while (k < used.size() && used[k]) ++k;
  while (k < used.size() && !used[k]) ++k;
  return k == used.size();
}

bool IsLabelChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// The stem shows `label` as a list marker ("II.", "II)", "(II)", "Statement 2"), or a capital
// letter as a word of its own.
bool StemLists(std::string_view stem, const Label& label) {
  const std::string& l = label.text;
  for (size_t at = stem.find(l); at != std::string_view::npos; at = stem.find(l, at + 1)) {
    size_t end = at + l.size();
    bool starts_word = at == 0 || !IsLabelChar(stem[at - 1]);
    bool ends_word = end >= stem.size() || !IsLabelChar(stem[end]);
    if (!starts_word || !ends_word) continue;
    char before = at == 0 ? '\n' : stem[at - 1];
    char after = end >= stem.size() ? '\n' : stem[end];
    if (before == '(' && after == ')') return true;
    if ((after == '.' || after == ')' || after == ':') &&
        (before == '\n' || before == ' ' || before == '\t' || before == '[')) {
      return true;
    }
    if (at >= 10) {
      if (AsciiEqualIgnoringCase(stem.substr(at - 10, 9), "statement")) return true;
    }
    if (label.kind == LabelKind::kLetter && (before == ' ' || before == '\n') &&
        (after == ' ' || after == ',' || after == '\n' || after == '?' || after == '\'')) {
      // "A" as the first word of a sentence is the article.
      size_t k = at;
      while (k > 0 && stem[k - 1] == ' ') --k;
      bool sentence_start = k == 0 || stem[k - 1] == '.' || stem[k - 1] == '\n' ||
                            stem[k - 1] == '?' || stem[k - 1] == '!' || stem[k - 1] == '"';
      if (!(l == "A" && sentence_start)) return true;
    }
  }
  return false;
}

}  // namespace

void StatementOptionsRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type)) return;
  std::vector<std::optional<std::vector<Label>>> combos(q.options.size());
  size_t combinations = 0;
  for (size_t i = 0; i < q.options.size(); ++i) {
    combos[i] = Combination(q.options[i].text.value, q.options.size());
    if (combos[i]) ++combinations;
  }
  if (combinations == 0) return;  // most questions
  // Numbered or Roman statements are listed 1..N: across the question's combinations no label
  // repeats within an option and the labels used are the first N ("2, 2, 3" and "4, 7" are numbers
  // such as a triangle's sides, not statements).
  std::vector<bool> used_numbers(10, false), used_romans(10, false);
  bool repeated = false;
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (!combos[i]) continue;
    std::vector<std::string> seen;
    for (const Label& label : *combos[i]) {
      std::string lower = AsciiLowered(label.text);
      for (const std::string& s : seen) repeated = repeated || s == lower;
      seen.push_back(lower);
      if (label.kind == LabelKind::kNumber)
        used_numbers[static_cast<size_t>(label.text[0] - '1')] = true;
      if (label.kind == LabelKind::kRoman) used_romans[RomanValue(lower) - 1] = true;
    }
  }
  if (repeated || !FirstN(used_numbers) || !FirstN(used_romans)) return;
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (!combos[i]) continue;
    std::vector<std::string> missing;
    bool numbers = false;
    for (const Label& label : *combos[i]) {
      numbers = numbers || label.kind == LabelKind::kNumber;
      if (!StemLists(q.stem.value, label)) missing.push_back(label.text);
    }
    // Numbers are statements only when every option combines them ("1 only" beside "0 and 1
    // only" is a count).
    if (missing.empty() || (numbers && combinations < q.options.size())) continue;
    std::string list;
    bool option_letters = true;
    for (const std::string& m : missing) {
      list += (list.empty() ? "" : ", ") + m;
      option_letters = option_letters && m.size() == 1 && m[0] >= 'A' &&
                       static_cast<size_t>(m[0] - 'A') < q.options.size();
    }
    const model::Option& o = q.options[i];
    std::string what = option_letters ? "combines other options (" + list +
                                            "): a reader who knows one of them is right or wrong "
                                            "can pick or drop it without knowing the rest"
                                      : "combines statements the stem does not list (" + list +
                                            "): list them in the stem";
    reporter.Report(index, o.text, "options[" + std::to_string(i) + "]",
                    "option " + model::OptionLetter(i) + " \"" + o.text.value + "\" " + what +
                        ", or ask about each on its own");
    return;
  }
}

}  // namespace qbank::lint
