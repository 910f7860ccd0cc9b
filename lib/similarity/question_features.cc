// Question features for the duplicate checks.
#include "similarity/question_features.h"

#include <algorithm>
#include <unordered_set>

#include "similarity/fingerprint.h"

namespace qbank::similarity {
namespace {

// The hash of a set of hashes, whatever their order (`hashes` is sorted in place).
uint64_t SetHash(std::vector<uint64_t>& hashes) {
  std::sort(hashes.begin(), hashes.end());
  uint64_t h = 0x13198a2e03707344ULL;
  for (uint64_t v : hashes) h = CombineHash(h, v);
  return CombineHash(h, hashes.size());
}

bool IsNumeric(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '.' || c == ',' || c == '-' || c == '+' || c == '%';
  });
}

// True when every word of the option key `key` belongs to stock answers: Roman numerals and
// numbers naming statements, connectives ("I and II only", "II, III and IV", "1 and 3", "Both I
// and II", "Neither I nor II") and the stock verdicts of paired statements ("Wrong, Not wrong",
// "True, False", "Yes", "Maybe").
bool IsStockCombination(std::string_view key) {
  static const std::unordered_set<std::string_view> kStockWords = {
      "i",       "ii",    "iii",   "iv",   "v",     "vi",      "vii",      "viii", "ix",    "x",
      "1",       "2",     "3",     "4",    "5",     "6",       "and",      "or",   "only",  "both",
      "neither", "nor",   "all",   "none", "of",    "the",     "above",    "true", "false", "yes",
      "no",      "maybe", "wrong", "not",  "right", "correct", "incorrect"};
  if (key.empty()) return false;
  size_t start = 0;
  while (start < key.size()) {
    size_t end = key.find(' ', start);
    if (end == std::string_view::npos) end = key.size();
    if (kStockWords.count(key.substr(start, end - start)) == 0) return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

const std::vector<std::string>& DefaultStockOptions() {
  static const std::vector<std::string> kStock = {"all of the above",
                                                  "none of the above",
                                                  "all of these",
                                                  "none of these",
                                                  "both of the above",
                                                  "neither of the above",
                                                  "true",
                                                  "false",
                                                  "yes",
                                                  "no",
                                                  "maybe",
                                                  "both",
                                                  "neither",
                                                  "none",
                                                  "all",
                                                  "both a and b",
                                                  "a and b",
                                                  "a and c",
                                                  "b and c",
                                                  "a b and c",
                                                  "all of the options",
                                                  "none of the options",
                                                  "cannot be determined",
                                                  "not enough information",
                                                  "i don't know",
                                                  "other",
                                                  "true true",
                                                  "true false",
                                                  "false true",
                                                  "false false",
                                                  "correct",
                                                  "incorrect",
                                                  "agree",
                                                  "disagree"};
  return kStock;
}

std::string KeyText(std::string_view text, int context_script) {
  text::KeyOptions options;
  options.context_script = context_script;
  return text::MakeTextKey(text, options).key;
}

int QuestionScript(const model::Question& question) {
  int script = text::DominantScript(question.stem.value);
  for (size_t i = 0; i < question.options.size() && script == text::kNoScript; ++i) {
    script = text::DominantScript(question.options[i].text.value);
  }
  return script;
}

namespace {

// Hashes the tokens of one field as they stream by: the sequence hash, the word count and, when
// `tokens` is set, the near-duplicate tokens (each word and each pair of neighbouring words).
class FieldHasher final : public text::KeyTokenSink {
 public:
  explicit FieldHasher(std::vector<uint32_t>* tokens) : tokens_(tokens) {}
  void Token(std::string_view word, size_t /*source_begin*/, size_t /*source_end*/) override {
    uint64_t h = HashToken(word);
    sequence_ = CombineHash(sequence_, h);
    if (tokens_ != nullptr) {
      tokens_->push_back(static_cast<uint32_t>(h));
      if (count_ > 0) tokens_->push_back(static_cast<uint32_t>(CombineHash(previous_, h) >> 32));
    }
    previous_ = h;
    ++count_;
    if (key_ != nullptr) {
      if (!key_->empty()) key_->push_back(' ');
      key_->append(word);
      non_numeric_ += !IsNumeric(word);
    }
  }
  // Also keep the key text and count the non-numeric words (for options).
  void KeepKey(std::string* key) {
    key_ = key;
    key_->clear();
  }
  size_t count() const { return count_; }
  size_t non_numeric() const { return non_numeric_; }
  // The same value as SequenceHash(MakeTextKey(text)).
  uint64_t SequenceHashValue() const { return CombineHash(sequence_, count_); }

 private:
  std::vector<uint32_t>* tokens_;
  std::string* key_ = nullptr;
  uint64_t sequence_ = 0x243f6a8885a308d3ULL;
  uint64_t previous_ = 0;
  size_t count_ = 0;
  size_t non_numeric_ = 0;
};

}  // namespace

QuestionFeatures ExtractFeatures(const model::Question& question, const FeatureOptions& options,
                                 std::vector<uint32_t>* tokens) {
  QuestionFeatures f;
  f.script = QuestionScript(question);
  text::KeyOptions key_options;
  key_options.context_script = f.script;

  FieldHasher stem(tokens);
  text::VisitKeyTokens(question.stem.value, key_options, stem);
  f.stem_hash = stem.SequenceHashValue();
  f.stem_words = static_cast<uint32_t>(std::min<size_t>(stem.count(), UINT32_MAX));

  // Scratch kept by each thread from question to question: no allocation per question.
  thread_local std::vector<uint64_t> option_hashes, key_hashes, content_hashes;
  thread_local std::string key;
  option_hashes.clear();
  key_hashes.clear();
  content_hashes.clear();
  size_t content_words = 0;
  for (const model::Option& o : question.options) {
    FieldHasher option(tokens);
    option.KeepKey(&key);
    text::VisitKeyTokens(o.text.value, key_options, option);
    uint64_t h = option.SequenceHashValue();
    option_hashes.push_back(h);
    if (o.correct) key_hashes.push_back(h);
    bool stock = option.count() == 0 || IsStockCombination(key) ||
                 std::find(options.stock_options.begin(), options.stock_options.end(), key) !=
                     options.stock_options.end();
    if (!stock) {
      content_hashes.push_back(h);
      content_words += option.non_numeric();
    }
  }
  f.exact_hash = CombineHash(f.stem_hash, SetHash(option_hashes));
  f.key_hash = SetHash(key_hashes);
  std::sort(content_hashes.begin(), content_hashes.end());
  content_hashes.erase(std::unique(content_hashes.begin(), content_hashes.end()),
                       content_hashes.end());
  if (content_hashes.size() >= options.option_set_min_options &&
      content_words >= options.option_set_min_words) {
    f.option_set_hash = SetHash(content_hashes);
  }

  auto add_explanation = [&](const model::Text& t, int32_t option) {
    if (t.value.empty()) return;
    FieldHasher hasher(nullptr);
    text::VisitKeyTokens(t.value, key_options, hasher);
    if (hasher.count() == 0) return;
    f.explanations.push_back(
        {hasher.SequenceHashValue(), static_cast<uint32_t>(hasher.count()), option});
  };
  add_explanation(question.explanation, -1);
  for (size_t i = 0; i < question.options.size(); ++i) {
    add_explanation(question.options[i].rationale, static_cast<int32_t>(i));
  }
  return f;
}

void AppendQuestionTokens(const model::Question& question, std::vector<uint32_t>* out) {
  text::KeyOptions key_options;
  key_options.context_script = QuestionScript(question);
  FieldHasher stem(out);
  text::VisitKeyTokens(question.stem.value, key_options, stem);
  for (const model::Option& o : question.options) {
    FieldHasher option(out);
    text::VisitKeyTokens(o.text.value, key_options, option);
  }
}

size_t AppendTextTokens(std::string_view text, int context_script, std::vector<uint32_t>* out) {
  text::KeyOptions key_options;
  key_options.context_script = context_script;
  FieldHasher field(out);
  text::VisitKeyTokens(text, key_options, field);
  return field.count();
}

QuestionText KeyQuestionText(const model::Question& question) {
  QuestionText out;
  text::KeyOptions key_options;
  key_options.context_script = QuestionScript(question);
  out.fields.push_back(&question.stem);
  out.field_paths.push_back("stem");
  for (size_t i = 0; i < question.options.size(); ++i) {
    out.fields.push_back(&question.options[i].text);
    out.field_paths.push_back("options[" + std::to_string(i) + "]");
  }
  for (const model::Text* t : out.fields)
    out.keys.push_back(text::MakeTextKey(t->value, key_options));
  return out;
}

}  // namespace qbank::similarity
