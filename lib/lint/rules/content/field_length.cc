// field-length: word counts against bounds.
#include "lint/rules/content/field_length.h"

#include "lint/rules/content/explanation_only_url.h"
#include "text/words.h"

namespace qbank::lint {
namespace {

Status ReadBounds(const model::Value& options, const std::string& key,
                  FieldLengthRule::Bounds* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  if (!v->is_object() || !CheckOptionKeys(*v, {"min", "max"}).ok()) {
    return Status::InvalidInput("option '" + key + "': expected {\"min\": N, \"max\": N}");
  }
  FieldLengthRule::Bounds b = *out;
  Status s = ReadIntOption(*v, "min", 0, 1000000, &b.min);
  if (s.ok()) s = ReadIntOption(*v, "max", 0, 1000000, &b.max);
  if (!s.ok()) return Status::InvalidInput("option '" + key + "." + s.message().substr(8));
  if (b.max != 0 && b.min > b.max) {
    return Status::InvalidInput("option '" + key + "': expected min <= max (or max 0 for none)");
  }
  *out = b;
  return Status::Ok();
}

// Which field Check reads: its path and, for messages, its name. Made only for a finding.
struct FieldName {
  const char* path;  // "stem"; nullptr for option `option`'s rationale
  const char* what;
  size_t option = 0;
  std::string Path() const {
    return path != nullptr ? std::string(path)
                           : "options[" + std::to_string(option) + "].rationale";
  }
  std::string What() const {
    return what != nullptr ? std::string(what)
                           : "the rationale of option " + model::OptionLetter(option);
  }
};

void Check(size_t index, const model::Text& text, const FieldName& name,
           const FieldLengthRule::Bounds& bounds, Reporter& reporter) {
  if (text.value.find_first_not_of(" \t\r\n") == std::string::npos) return;
  const bool stem = name.path != nullptr && std::string_view(name.path) == "stem";
  if (!stem && IsOnlyUrl(text.value)) return;
  if (bounds.min == 0 && bounds.max == 0) return;
  auto words = static_cast<int64_t>(text::CountWords(text.value));
  if (words >= bounds.min && (bounds.max == 0 || words <= bounds.max)) return;
  std::string count = std::to_string(words) + (words == 1 ? " word" : " words");
  if (words < bounds.min) {
    reporter.Report(
        index, text, name.Path(),
        name.What() + " has " + count + "; expected at least " + std::to_string(bounds.min));
  } else {
    reporter.Report(
        index, text, name.Path(),
        name.What() + " has " + count + "; expected at most " + std::to_string(bounds.max));
  }
}

}  // namespace

Status FieldLengthRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {"stem", "trap", "explanation", "rationale"}));
  QBANK_RETURN_IF_ERROR(ReadBounds(options, "stem", &stem_));
  QBANK_RETURN_IF_ERROR(ReadBounds(options, "trap", &trap_));
  QBANK_RETURN_IF_ERROR(ReadBounds(options, "explanation", &explanation_));
  QBANK_RETURN_IF_ERROR(ReadBounds(options, "rationale", &rationale_));
  return Status::Ok();
}

void FieldLengthRule::CheckQuestion(const LintContext& ctx, size_t index,
                                    Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  Check(index, q.stem, {"stem", "the stem"}, stem_, reporter);
  Check(index, q.trap, {"trap", "the exam-trap note"}, trap_, reporter);
  Check(index, q.explanation, {"explanation", "the explanation"}, explanation_, reporter);
  for (size_t i = 0; i < q.options.size(); ++i) {
    Check(index, q.options[i].rationale, {nullptr, nullptr, i}, rationale_, reporter);
  }
}

}  // namespace qbank::lint
