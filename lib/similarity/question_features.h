// What the duplicate checks compare about a question: hashes of its comparison keys (stem, each
// option, the option set, the key), its distinct tokens, and its explanation and rationale texts.
#ifndef QBANK_SIMILARITY_QUESTION_FEATURES_H_
#define QBANK_SIMILARITY_QUESTION_FEATURES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/bank.h"
#include "text/text_key.h"

namespace qbank::similarity {

// Options that are stock answers rather than content: by default "all of the above", "none of the
// above", "true", "false", "yes", "no", "maybe", "both", "neither", "both a and b", ... (compared
// by their comparison keys). The duplicate-option-set check ignores them, and also every option
// made only of statement numbers, connectives and verdicts ("I and II only", "II, III and IV", "1
// and 3", "Wrong, Not wrong"): those sets recur under every stem that lists numbered statements.
const std::vector<std::string>& DefaultStockOptions();

// The comparison key text of `text` ("All of the ABOVE." -> "all of the above").
std::string KeyText(std::string_view text, int context_script = text::kNoScript);

// An explanation or rationale of a question, by the hash of its comparison key.
struct ExplanationRef {
  uint64_t hash = 0;
  uint32_t words = 0;
  int32_t option = -1;  // -1: the explanation; otherwise the option whose rationale it is
};

// (The two 32-bit members side by side: 64 bytes, not 72, a million times over.)
struct QuestionFeatures {
  uint64_t stem_hash = 0;   // the stem's token sequence
  uint64_t exact_hash = 0;  // the stem and the multiset of option keys (order-free)
  uint64_t key_hash = 0;    // the multiset of the correct options' keys
  // The non-stock options' keys as a set (order-free), 0 when fewer than `min_options` remain or
  // their non-numeric words are fewer than `min_words` (see FeatureOptions).
  uint64_t option_set_hash = 0;
  int script = text::kNoScript;  // the question's dominant script (of the stem, else the options)
  uint32_t stem_words = 0;       // the stem's key words (KeyQuestionText's keys[0].size())
  std::vector<ExplanationRef> explanations;  // non-empty explanation and rationales
};

struct FeatureOptions {
  std::vector<std::string> stock_options = DefaultStockOptions();
  size_t option_set_min_options = 3;  // non-stock options an option set needs
  size_t option_set_min_words = 6;    // non-numeric words those options need together
};

// The question's dominant script: of the stem, else of the first option that has letters.
int QuestionScript(const model::Question& question);

// The features of `question`, and, when `tokens` is not null, its near-duplicate tokens appended
// to it (as AppendQuestionTokens gives them, from the same pass over the text). Thread-safe.
QuestionFeatures ExtractFeatures(const model::Question& question, const FeatureOptions& options,
                                 std::vector<uint32_t>* tokens = nullptr);

// Appends the near-duplicate tokens of `question` to `out`: every word of the stem and of each
// option (comparison keys) and every pair of neighbouring words within one field, as 32-bit
// hashes (with repeats). Pairs keep some word order, so two unrelated questions on one topic share
// few tokens, while shuffled options and reordered clauses keep nearly all of them.
void AppendQuestionTokens(const model::Question& question, std::vector<uint32_t>* out);

// Appends the near-duplicate tokens of one text to `out`, as AppendQuestionTokens makes them for
// a field (each word of its comparison key and each pair of neighbouring words), and returns its
// number of words. `context_script`: the question's script (text::KeyOptions::context_script).
size_t AppendTextTokens(std::string_view text, int context_script, std::vector<uint32_t>* out);

// The comparison key of the question's text for reports: stem tokens then options' tokens.
struct QuestionText {
  std::vector<const model::Text*> fields;  // stem, then each option's text
  std::vector<std::string> field_paths;    // "stem", "options[0]", ...
  std::vector<text::TextKey> keys;         // one per field
};
QuestionText KeyQuestionText(const model::Question& question);

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_QUESTION_FEATURES_H_
