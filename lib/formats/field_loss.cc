// Walks the model fields and records the ones a format cannot carry.
#include "formats/field_loss.h"

namespace qbank::formats {
namespace {

class LossWalker {
 public:
  LossWalker(const FieldSet& held, LossReport& loss) : held_(held), loss_(loss) {}

  void Text(std::string_view field, const model::Text& text) {
    if (!text.empty()) Drop(field, 1);
  }
  void Count(std::string_view field, size_t count) { Drop(field, count); }
  void Extensions(const std::string& prefix, const model::Value& extensions) {
    if (!extensions.is_object() || held_.count(prefix) != 0) return;
    for (const auto& [key, value] : extensions.as_object()) {
      if (value.is_null()) continue;
      std::string field = prefix;
      field += '.';
      field += key;
      Drop(field, 1);
    }
  }

 private:
  void Drop(std::string_view field, size_t count) {
    if (count != 0 && held_.find(field) == held_.end()) loss_.Drop(field, count);
  }
  const FieldSet& held_;
  LossReport& loss_;
};

}  // namespace

void ReportBankLoss(const model::Bank& bank, const FieldSet& held, LossReport& loss) {
  LossWalker walk(held, loss);
  walk.Text("bank.id", bank.id);
  walk.Text("bank.title", bank.title);
  walk.Text("bank.exam", bank.exam);
  walk.Text("bank.publisher", bank.publisher);
  walk.Text("bank.language", bank.language);
  walk.Count("bank.declared_size", bank.declared_size.has_value() ? 1 : 0);
  walk.Text("bank.origin", bank.origin);
  walk.Extensions("bank.extensions", bank.extensions);
}

void ReportQuestionLoss(const model::Question& question, const FieldSet& held, LossReport& loss) {
  LossWalker walk(held, loss);
  if (!question.id.empty() && question.id.value != model::DeriveQuestionId(question)) {
    walk.Count("id", 1);
  }
  walk.Text("exam", question.exam);
  walk.Text("domain", question.domain);
  walk.Text("stem", question.stem);
  walk.Text("trap", question.trap);
  walk.Text("stated_answer", question.stated_answer);
  walk.Text("explanation", question.explanation);
  walk.Count("tags", question.tags.size());
  walk.Text("difficulty", question.difficulty);
  walk.Count("markup", question.markup != model::Markup::kPlain ? 1 : 0);
  walk.Count("authors", question.authors.size());
  walk.Text("review.date", question.review->date);
  walk.Text("review.reviewer", question.review->reviewer);
  walk.Text("review.checked_against", question.review->checked_against);
  walk.Text("origin.statement", question.origin->statement);
  walk.Count("origin.references", question.origin->references.size());
  walk.Count("suppress", question.suppressions.size());
  walk.Extensions("extensions", question.extensions);
  for (const model::Option& option : question.options) {
    walk.Text("options.rationale", option.rationale);
    walk.Count("options.weight", option.weight.has_value() ? 1 : 0);
    walk.Extensions("options.extensions", option.extensions);
  }
}

}  // namespace qbank::formats
