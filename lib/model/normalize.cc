// Bank normalisation over text::NormalizeField.
#include "model/normalize.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

#include "base/swar.h"
#include "text/unicode.h"

namespace qbank::model {
namespace {

// True when text::NormalizeField would give `s` back unchanged and `s` is ASCII (its own NFC): no
// tab or carriage return, no space or line break at either end, and every run of them a single
// space, one line break or two. Most fields are, and need no copy.
bool IsNormalAscii(std::string_view s) {
  if (s.empty()) return true;
  auto blank = [](char c) { return c == ' ' || c == '\n'; };
  if (blank(s.front()) || blank(s.back())) return false;
  // Eight bytes at a time while a block has no byte that is not ASCII, no tab or CR and no two
  // blanks in a row (the last byte's pair with the next block's first included); the byte loop
  // takes over from the first block that has (the pairs before it are single blanks).
  size_t i = 0;
  for (; i + 8 < s.size(); i += 8) {
    const uint64_t w = swar::Load(s.data() + i);
    const uint64_t odd =
        (w & swar::kHighBits) | swar::BytesEqual(w, '\t') | swar::BytesEqual(w, '\r');
    const uint64_t blanks = swar::BytesEqual(w, ' ') | swar::BytesEqual(w, '\n');
    if (odd != 0 || (blanks & (blanks >> 8)) != 0 || ((blanks >> 63) != 0 && blank(s[i + 8]))) {
      break;
    }
  }
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (static_cast<unsigned char>(c) >= 0x80 || c == '\t' || c == '\r') return false;
    if (!blank(c) || !blank(s[i + 1])) continue;  // (s.back() is not blank: i + 1 is in range)
    // Two blanks in a row: only "\n\n" followed by text is normal.
    if (c != '\n' || s[i + 1] != '\n' || blank(s[i + 2])) return false;
    ++i;
  }
  return true;
}

void Normalize(Text& t) {
  if (t.value.empty() || IsNormalAscii(t.value)) return;
  std::string normal = text::NormalizeField(t.value);
  if (normal == t.value) return;
  t.value = std::move(normal);
  t.verbatim = false;
}

// A boxed field is normalized only when present: touching it would make it.
void Normalize(Boxed<Text>& t) {
  if (t.present()) Normalize(*t);
}

void Normalize(std::string& s) {
  if (!s.empty() && !IsNormalAscii(s)) s = text::NormalizeField(s);
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
  if (q.review.present()) {
    Normalize(q.review->date);
    Normalize(q.review->reviewer);
    Normalize(q.review->checked_against);
  }
  if (q.origin.present()) {
    Normalize(q.origin->statement);
    NormalizeList(q.origin->references, /*unique=*/false);
  }
  for (Suppression& s : q.suppressions) {
    Normalize(s.rule);
    Normalize(s.reason);
  }
  if (q.id.empty()) q.id.value = DeriveQuestionId(q);
}

namespace {

void NormalizeBankFields(Bank& bank) {
  Normalize(bank.id);
  Normalize(bank.title);
  Normalize(bank.exam);
  Normalize(bank.publisher);
  Normalize(bank.language);
  Normalize(bank.origin);
}

}  // namespace

void NormalizeBank(Bank& bank) {
  NormalizeBankFields(bank);
  for (Question& q : bank.questions) NormalizeQuestion(q);
}

Bank NormalizedBankFields(const Bank& bank) {
  Bank fields;
  fields.format_version = bank.format_version;
  fields.id = bank.id;
  fields.title = bank.title;
  fields.exam = bank.exam;
  fields.publisher = bank.publisher;
  fields.language = bank.language;
  fields.declared_size = bank.declared_size;
  fields.declared_size_span = bank.declared_size_span;
  fields.origin = bank.origin;
  fields.extensions = bank.extensions;
  NormalizeBankFields(fields);
  return fields;
}

}  // namespace qbank::model
