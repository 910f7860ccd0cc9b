// option-count: compares each question's option count with the configured range or its file's
// usual count.
#include "lint/rules/answers/option_count.h"

#include <map>

#include "lint/rules/shared/file_wide.h"
#include "lint/rules/shared/term_lists.h"
#include "text/unicode.h"

namespace qbank::lint {
namespace {

// A file needs this many questions of a type before its usual count is taken as the norm.
constexpr size_t kMinQuestionsForNorm = 5;

Status ReadRange(const model::Value& options, const std::string& key,
                 std::optional<OptionCountRule::Range>* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  if (v->is_int() || v->is_double()) {
    int64_t n = 0;
    QBANK_RETURN_IF_ERROR(ReadIntOption(options, key, 1, 1000, &n));
    *out = OptionCountRule::Range{n, n};
    return Status::Ok();
  }
  if (!v->is_object()) {
    return Status::InvalidInput("option '" + key +
                                "': expected a number of options or {\"min\": N, \"max\": N}");
  }
  if (!CheckOptionKeys(*v, {"min", "max"}).ok()) {
    return Status::InvalidInput("option '" + key + "': expected only \"min\" and \"max\"");
  }
  OptionCountRule::Range range = out->value_or(OptionCountRule::Range{2, 1000});
  QBANK_RETURN_IF_ERROR(ReadIntOption(*v, "min", 1, 1000, &range.min));
  QBANK_RETURN_IF_ERROR(ReadIntOption(*v, "max", 1, 1000, &range.max));
  if (range.min > range.max) {
    return Status::InvalidInput("option '" + key + "': expected min <= max");
  }
  *out = range;
  return Status::Ok();
}

// An option as binary pairs are compared: case folded, NFC, without white space at the ends or a
// final "." or "!".
std::string BinaryKey(std::string_view option) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!option.empty() && space(option.front())) option.remove_prefix(1);
  while (!option.empty() &&
         (space(option.back()) || option.back() == '.' || option.back() == '!')) {
    option.remove_suffix(1);
  }
  return text::ToNfc(text::FoldCase(option));
}

// Adds the pair "a | b" to `pairs`; InvalidInput naming `where` when the line is not a pair.
Status AddPair(std::string_view line, const std::string& where,
               std::set<std::pair<std::string, std::string>>* pairs) {
  size_t bar = line.find(" | ");
  if (bar == std::string_view::npos) {
    return Status::InvalidInput(where + ": expected two options separated by \" | \", found '" +
                                std::string(line) + "'");
  }
  std::string a = BinaryKey(line.substr(0, bar)), b = BinaryKey(line.substr(bar + 3));
  if (a.empty() || b.empty() || a == b) {
    return Status::InvalidInput(where + ": expected two different options, found '" +
                                std::string(line) + "'");
  }
  if (b < a) std::swap(a, b);
  pairs->emplace(std::move(a), std::move(b));
  return Status::Ok();
}

std::string Options(int64_t n) { return std::to_string(n) + (n == 1 ? " option" : " options"); }

// How many questions of each type of one file have each option count: type -> (count -> questions).
using OptionCounts = std::map<model::QuestionType, std::map<int64_t, size_t>>;

OptionCounts CountOptions(const model::Bank& bank, const std::vector<size_t>& indexes) {
  OptionCounts counts;
  for (size_t index : indexes) {
    const model::Question& q = bank.questions[index];
    ++counts[q.type][static_cast<int64_t>(q.options.size())];
  }
  return counts;
}

// The usual option count of `type` in the file (the mode, the larger on a tie), or -1 when the
// file has fewer than kMinQuestionsForNorm questions of the type; *with_norm and *of_type say
// how many have it and how many there are.
int64_t UsualCount(const OptionCounts& counts, model::QuestionType type, size_t* with_norm,
                   size_t* of_type) {
  int64_t best = -1;
  size_t best_n = 0, total = 0;
  if (auto it = counts.find(type); it != counts.end()) {
    for (const auto& [n, questions] : it->second) {
      total += questions;
      if (questions >= best_n) {
        best = n;
        best_n = questions;
      }
    }
  }
  *with_norm = best_n;
  *of_type = total;
  return total >= kMinQuestionsForNorm ? best : -1;
}

// What a question's option count is held to: the words for it, and the count past which options
// are extra.
struct Expectation {
  std::string expected;
  int64_t limit = 0;
};

// The expectation a count `n` of question `q` breaks, from the configured range when there is
// one, else from its file's usual count (never for multiple-answer questions); nullopt when `n`
// meets it.
std::optional<Expectation> BrokenExpectation(
    const model::Question& q, int64_t n, const std::optional<OptionCountRule::Range>& configured,
    const OptionCounts& counts) {
  if (configured.has_value()) {
    const OptionCountRule::Range& range = *configured;
    if (n >= range.min && n <= range.max) return std::nullopt;
    std::string expected =
        "expected " + (range.min == range.max
                           ? std::to_string(range.min)
                           : (n < range.min ? "at least " + std::to_string(range.min)
                                            : "at most " + std::to_string(range.max)));
    return Expectation{std::move(expected), range.max};
  }
  if (q.type == model::QuestionType::kMultipleAnswer) return std::nullopt;
  size_t with_norm = 0, of_type = 0;
  int64_t usual = UsualCount(counts, q.type, &with_norm, &of_type);
  if (usual < 0 || n == usual) return std::nullopt;
  std::string expected = std::to_string(with_norm) + " of the " + std::to_string(of_type) + " " +
                         std::string(model::QuestionTypeName(q.type)) +
                         " questions of this file have " + std::to_string(usual);
  return Expectation{std::move(expected), usual};
}

}  // namespace

Status OptionCountRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"single", "multiple", "true-false", "extra-pairs"}));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "single", &single_));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "multiple", &multiple_));
  QBANK_RETURN_IF_ERROR(ReadRange(options, "true-false", &true_false_));
  std::vector<std::string> extra;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "extra-pairs", &extra));
  binary_pairs_.clear();
  Result<std::string> list = ReadTermList(env, "binary-options.txt", "binary option pairs");
  if (!list.ok()) return list.status();
  for (const auto& [number, line] : TermLines(*list)) {
    QBANK_RETURN_IF_ERROR(
        AddPair(line, "rules/terms/binary-options.txt:" + std::to_string(number), &binary_pairs_));
  }
  for (const std::string& pair : extra) {
    QBANK_RETURN_IF_ERROR(AddPair(pair, "option 'extra-pairs'", &binary_pairs_));
  }
  return Status::Ok();
}

bool OptionCountRule::IsBinary(const model::Question& q) const {
  if (q.options.size() != 2) return false;
  std::string a = BinaryKey(q.options[0].text.value), b = BinaryKey(q.options[1].text.value);
  if (b < a) std::swap(a, b);
  return binary_pairs_.count({a, b}) != 0;
}

const std::optional<OptionCountRule::Range>& OptionCountRule::RangeFor(
    model::QuestionType type) const {
  static const std::optional<Range> kNone;
  switch (type) {
    case model::QuestionType::kSingleAnswer:
      return single_;
    case model::QuestionType::kMultipleAnswer:
      return multiple_;
    case model::QuestionType::kTrueFalse:
      return true_false_;
    default:
      return kNone;
  }
}

void OptionCountRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                Reporter& reporter) const {
  const model::Bank& bank = *ctx.bank;
  for (const FileQuestions& file : GroupByFile(bank, indexes)) {
    // Binary questions neither set the file's norm nor are held to it.
    std::vector<bool> binary(file.indexes.size());
    std::vector<size_t> counted;
    for (size_t k = 0; k < file.indexes.size(); ++k) {
      binary[k] = IsBinary(bank.questions[file.indexes[k]]);
      if (!binary[k]) counted.push_back(file.indexes[k]);
    }
    OptionCounts counts = CountOptions(bank, counted);
    for (size_t k = 0; k < file.indexes.size(); ++k) {
      size_t index = file.indexes[k];
      const model::Question& q = bank.questions[index];
      if (!model::IsChoiceType(q.type)) continue;
      auto n = static_cast<int64_t>(q.options.size());
      std::string what = std::string(model::QuestionTypeName(q.type)) + " question has ";
      if (n < 2) {
        Finding& f = reporter.ReportAt(index, q.stem.span.known() ? q.stem.span : q.span, "options",
                                       std::to_string(n),
                                       what + (n == 0 ? "no options" : "only 1 option") +
                                           "; a choice question needs at least 2");
        if (n == 0) f.severity = Severity::kError;
        continue;
      }
      if (binary[k]) continue;
      std::optional<Expectation> broken = BrokenExpectation(q, n, RangeFor(q.type), counts);
      if (!broken) continue;
      std::string message = what;
      message += Options(n);
      message += "; ";
      message += broken->expected;
      if (n > broken->limit) {
        // Point at the first option past the norm.
        const model::Option& extra = q.options[static_cast<size_t>(broken->limit)];
        reporter.Report(index, extra.text, "options[" + std::to_string(broken->limit) + "]",
                        std::move(message));
      } else {
        reporter.ReportAt(index, q.stem.span, "options", std::to_string(n), std::move(message));
      }
    }
  }
}

}  // namespace qbank::lint
