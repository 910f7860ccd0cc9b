// key-length-cue: compares the key's length with the longest distractor's.
#include "lint/rules/flaws/key_length_cue.h"

#include <algorithm>

namespace qbank::lint {
namespace {

size_t TrimmedLength(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

Status KeyLengthCueRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"min-ratio", "min-difference"}));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-ratio", 101, 10000, &min_ratio_));
  return ReadIntOption(options, "min-difference", 0, 100000, &min_difference_);
}

void KeyLengthCueRule::CheckQuestion(const LintContext& ctx, size_t index,
                                     Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (q.type != model::QuestionType::kSingleAnswer || q.options.size() < 3) return;
  std::vector<size_t> keys = q.KeyIndexes();
  if (keys.size() != 1) return;
  size_t key = keys[0];
  size_t key_length = TrimmedLength(q.options[key].text.value);
  size_t longest = 0;
  for (size_t i = 0; i < q.options.size(); ++i) {
    if (i != key) longest = std::max(longest, TrimmedLength(q.options[i].text.value));
  }
  if (longest == 0) return;  // empty distractors are empty-field's business
  if (key_length * 100 < longest * static_cast<size_t>(min_ratio_)) return;
  if (key_length < longest + static_cast<size_t>(min_difference_)) return;
  std::string ratio = std::to_string(key_length * 10 / longest / 10) + "." +
                      std::to_string(key_length * 10 / longest % 10) + " times ";
  reporter.Report(index, q.options[key].text, "options[" + std::to_string(key) + "]",
                  "the key (option " + model::OptionLetter(key) + ", " +
                      std::to_string(key_length) + " characters) is " + ratio +
                      "as long as the longest distractor (" + std::to_string(longest) +
                      "): test-wise readers pick the longest option; give the distractors the "
                      "same detail or shorten the key");
}

}  // namespace qbank::lint
