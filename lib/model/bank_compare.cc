// Field-by-field comparison of questions and banks.
#include "model/bank_compare.h"

#include <algorithm>
#include <set>

namespace qbank::model {
namespace {

// Collects the names of the fields that differ.
class Differences {
 public:
  void Text(const std::string& name, const model::Text& a, const model::Text& b) {
    if (a.value != b.value) names_.push_back(name);
  }
  void Texts(const std::string& name, const std::vector<model::Text>& a,
             const std::vector<model::Text>& b) {
    if (a != b) names_.push_back(name);
  }
  void Flag(const std::string& name, bool differs) {
    if (differs) names_.push_back(name);
  }
  // Objects member by member (one name per differing key); other values as a whole.
  void Extensions(const std::string& name, const Value& a, const Value& b) {
    if (a == b) return;
    if (!a.is_object() || !b.is_object()) {
      names_.push_back(name);
      return;
    }
    std::set<std::string> keys;
    for (const auto& [key, value] : a.as_object()) keys.insert(key);
    for (const auto& [key, value] : b.as_object()) keys.insert(key);
    for (const std::string& key : keys) {
      std::string member = name;
      member += ".";
      member += key;
      const Value* x = a.Find(key);
      const Value* y = b.Find(key);
      if (x == nullptr || y == nullptr) {
        names_.push_back(member);
      } else {
        Extensions(member, *x, *y);
      }
    }
  }
  std::vector<std::string> Take() { return std::move(names_); }

 private:
  std::vector<std::string> names_;
};

bool SamePerson(const Person& a, const Person& b) {
  return a.initials == b.initials && a.name == b.name && a.credentials == b.credentials &&
         a.roles == b.roles;
}

bool SameSuppression(const Suppression& a, const Suppression& b) {
  return a.rule == b.rule && a.reason == b.reason;
}

void CompareOptions(const Question& a, const Question& b, Differences& out) {
  if (a.options.size() != b.options.size()) {
    out.Flag("options", true);
    return;
  }
  for (size_t i = 0; i < a.options.size(); ++i) {
    const Option& x = a.options[i];
    const Option& y = b.options[i];
    std::string at = "options[" + std::to_string(i) + "].";
    out.Text(at + "text", x.text, y.text);
    out.Flag(at + "correct", x.correct != y.correct);
    out.Flag(at + "weight", x.weight != y.weight);
    out.Text(at + "rationale", x.rationale, y.rationale);
    out.Extensions(at + "extensions", x.extensions, y.extensions);
  }
}

}  // namespace

std::vector<std::string> QuestionDifferences(const Question& a, const Question& b) {
  Differences out;
  out.Text("id", a.id, b.id);
  out.Flag("type", a.type != b.type);
  out.Text("exam", a.exam, b.exam);
  out.Text("domain", a.domain, b.domain);
  out.Text("stem", a.stem, b.stem);
  out.Text("trap", a.trap, b.trap);
  CompareOptions(a, b, out);
  out.Text("stated_answer", a.stated_answer, b.stated_answer);
  out.Text("explanation", a.explanation, b.explanation);
  out.Texts("tags", a.tags, b.tags);
  out.Text("difficulty", a.difficulty, b.difficulty);
  out.Flag("markup", a.markup != b.markup);
  out.Flag("authors", !std::equal(a.authors.begin(), a.authors.end(), b.authors.begin(),
                                  b.authors.end(), SamePerson));
  out.Text("review.date", a.review->date, b.review->date);
  out.Text("review.reviewer", a.review->reviewer, b.review->reviewer);
  out.Text("review.checked_against", a.review->checked_against, b.review->checked_against);
  out.Text("origin.statement", a.origin->statement, b.origin->statement);
  out.Texts("origin.references", a.origin->references, b.origin->references);
  out.Flag("suppressions",
           !std::equal(a.suppressions.begin(), a.suppressions.end(), b.suppressions.begin(),
                       b.suppressions.end(), SameSuppression));
  out.Extensions("extensions", a.extensions, b.extensions);
  return out.Take();
}

std::vector<std::string> BankFieldDifferences(const Bank& a, const Bank& b) {
  Differences out;
  out.Text("id", a.id, b.id);
  out.Text("title", a.title, b.title);
  out.Text("exam", a.exam, b.exam);
  out.Text("publisher", a.publisher, b.publisher);
  out.Text("language", a.language, b.language);
  out.Flag("declared_size", a.declared_size != b.declared_size);
  out.Text("origin", a.origin, b.origin);
  out.Extensions("extensions", a.extensions, b.extensions);
  return out.Take();
}

}  // namespace qbank::model
