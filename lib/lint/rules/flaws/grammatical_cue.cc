// grammatical-cue: the stem's last word, then the first sound of each option.
#include "lint/rules/flaws/grammatical_cue.h"

#include "lint/rules/shared/article_sound.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {

void GrammaticalCueRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer || q.options.size() < 3) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return;
  std::string stem = LoosePhrase(q.stem.value);
  std::vector<std::string_view> words = SplitWords(stem);
  if (words.empty()) return;
  std::string_view article = words.back();
  if (article != "a" && article != "an") return;
  Sound wanted = article == "an" ? Sound::kVowel : Sound::kConsonant;
  for (size_t i = 0; i < q.options.size(); ++i) {
    std::string_view text = q.options[i].text.value;
    size_t b = text.find_first_not_of(" \t\n\"'*_(");
    if (b == std::string_view::npos) return;
    Sound sound = FirstSound(text.substr(b));
    if (sound == Sound::kUnsure) return;
    bool agrees = sound == wanted;
    if (agrees != (i == keys[0])) return;
  }
  size_t key = keys[0];
  reporter.Report(index, q.options[key].text, "options[" + std::to_string(key) + "]",
                  "the stem ends with \"" + std::string(article) + "\" and only the key (option " +
                      model::OptionLetter(key) +
                      ") fits that article: end the stem before the article, or write \"a/an\" "
                      "into the options");
}

}  // namespace qbank::lint
