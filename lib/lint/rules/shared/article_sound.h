// The sound a word starts with as the article before it hears it: "an hour", "a unit", "an MRI".
// Shared by grammatical-cue and ungrammatical-option.
#ifndef QBANK_LINT_RULES_SHARED_ARTICLE_SOUND_H_
#define QBANK_LINT_RULES_SHARED_ARTICLE_SOUND_H_

#include <string_view>

namespace qbank::lint {

enum class Sound { kVowel, kConsonant, kUnsure };

// The sound `word` (as written) starts with: a vowel letter (with exceptions: "one", "once",
// "uni-" as in "unit", "use", "eu-"), "hour", "honest", "honour", "heir", and abbreviations in
// capitals by the name of their first letter ("an MRI", "a UN body"); kUnsure for a word starting
// with a digit or other symbol, or a word whose sound is not sure ("herb", most "u" words).
Sound FirstSound(std::string_view word);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_ARTICLE_SOUND_H_
