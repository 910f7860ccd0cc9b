// Question features for the duplicate checks.
#include "similarity/question_features.h"

#include <algorithm>

#include "similarity/fingerprint.h"

namespace qbank::similarity {
namespace {

uint64_t SequenceHash(const text::TextKey& key) {
  uint64_t h = 0x243f6a8885a308d3ULL;
  for (size_t i = 0; i < key.size(); ++i) h = CombineHash(h, HashToken(key.Word(i)));
  return CombineHash(h, key.size());
}

uint64_t SetHash(std::vector<uint64_t> hashes) {
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

QuestionFeatures ExtractFeatures(const model::Question& question, const FeatureOptions& options) {
  QuestionFeatures f;
  f.script = QuestionScript(question);
  text::KeyOptions key_options;
  key_options.context_script = f.script;

  text::TextKey stem = text::MakeTextKey(question.stem.value, key_options);
  f.stem_hash = SequenceHash(stem);

  std::vector<uint64_t> option_hashes;
  std::vector<uint64_t> key_hashes;
  std::vector<uint64_t> content_hashes;
  size_t content_words = 0;
  for (const model::Option& o : question.options) {
    text::TextKey key = text::MakeTextKey(o.text.value, key_options);
    uint64_t h = SequenceHash(key);
    option_hashes.push_back(h);
    if (o.correct) key_hashes.push_back(h);
    bool stock = key.size() == 0 ||
                 std::find(options.stock_options.begin(), options.stock_options.end(), key.key) !=
                     options.stock_options.end();
    if (!stock) {
      content_hashes.push_back(h);
      for (size_t i = 0; i < key.size(); ++i) content_words += !IsNumeric(key.Word(i));
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
    text::TextKey key = text::MakeTextKey(t.value, key_options);
    if (key.size() == 0) return;
    f.explanations.push_back({SequenceHash(key), static_cast<uint32_t>(key.size()), option});
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
  auto add_field = [&](const std::string& value) {
    text::TextKey key = text::MakeTextKey(value, key_options);
    uint64_t previous = 0;
    for (size_t i = 0; i < key.size(); ++i) {
      uint64_t h = HashToken(key.Word(i));
      out->push_back(static_cast<uint32_t>(h));
      if (i > 0) out->push_back(static_cast<uint32_t>(CombineHash(previous, h) >> 32));
      previous = h;
    }
  };
  add_field(question.stem.value);
  for (const model::Option& o : question.options) add_field(o.text.value);
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
