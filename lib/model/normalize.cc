// Bank normalisation over text::NormalizeField.
#include "model/normalize.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "text/unicode.h"

namespace qbank::model {
namespace {

void Normalize(Text& t) {
  if (t.value.empty()) return;
  std::string normal = text::NormalizeField(t.value);
  if (normal == t.value) return;
  t.value = std::move(normal);
  t.verbatim = false;
}

void Normalize(std::string& s) {
  if (!s.empty()) s = text::NormalizeField(s);
}

// Normalises each text, drops the empty ones and, when `unique`, the repeats.
void NormalizeList(std::vector<Text>& texts, bool unique) {
  std::unordered_set<std::string> seen;
  std::vector<Text> kept;
  kept.reserve(texts.size());
  for (Text& t : texts) {
    Normalize(t);
    if (t.empty()) continue;
    if (unique && !seen.insert(t.value).second) continue;
    kept.push_back(std::move(t));
  }
  texts = std::move(kept);
}

bool IsEmpty(const Person& p) {
  return p.initials.empty() && p.name.empty() && p.credentials.empty() && p.roles.empty();
}

}  // namespace

void NormalizeQuestion(Question& q) {
  Normalize(q.id);
  Normalize(q.exam);
  Normalize(q.domain);
  Normalize(q.stem);
  Normalize(q.trap);
  for (Option& o : q.options) {
    Normalize(o.text);
    Normalize(o.rationale);
  }
  Normalize(q.stated_answer);
  Normalize(q.explanation);
  NormalizeList(q.tags, /*unique=*/true);
  Normalize(q.difficulty);
  for (Person& p : q.authors) {
    Normalize(p.initials);
    Normalize(p.name);
    Normalize(p.credentials);
    NormalizeList(p.roles, /*unique=*/true);
  }
  q.authors.erase(std::remove_if(q.authors.begin(), q.authors.end(), IsEmpty), q.authors.end());
  Normalize(q.review.date);
  Normalize(q.review.reviewer);
  Normalize(q.review.checked_against);
  Normalize(q.origin.statement);
  NormalizeList(q.origin.references, /*unique=*/false);
  for (Suppression& s : q.suppressions) {
    Normalize(s.rule);
    Normalize(s.reason);
  }
  if (q.id.empty()) q.id.value = DeriveQuestionId(q);
}

void NormalizeBank(Bank& bank) {
  Normalize(bank.id);
  Normalize(bank.title);
  Normalize(bank.exam);
  Normalize(bank.publisher);
  Normalize(bank.language);
  Normalize(bank.origin);
  for (Question& q : bank.questions) NormalizeQuestion(q);
}

}  // namespace qbank::model
