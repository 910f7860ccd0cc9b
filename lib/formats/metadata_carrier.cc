// Metadata carried as a one-question bank file.
#include "formats/metadata_carrier.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

#include "base/source_text.h"
#include "base/utf8_text.h"
#include "formats/question_names.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

template <typename T>
void TakeIfEmpty(T& to, T& from) {
  if (to.empty()) to = std::move(from);
}

// "v" or "v:t" with t > 0, no spaces: what a value and a tolerance read back as.
bool IsValueAndTolerance(std::string_view text) {
  std::optional<model::NumericalAnswer> answer = model::ParseNumericalAnswer(text);
  if (!answer.has_value()) return false;
  switch (answer->kind) {
    case model::NumericalAnswer::Kind::kValue:
      return answer->first == text;
    case model::NumericalAnswer::Kind::kTolerance:
      return answer->second_value > 0 &&
             text == std::string(answer->first) + ":" + std::string(answer->second);
    case model::NumericalAnswer::Kind::kRange:
      return false;
  }
  return false;
}

// True when a and b differ by at most a billionth of `scale` (and of 1).
bool Near(double a, double b, double scale) {
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, scale);
}

}  // namespace

const FieldSet& CarriedMetadataFields() {
  static const FieldSet kFields = {"exam",
                                   "trap",
                                   "difficulty",
                                   "stated_answer",
                                   "authors",
                                   "review.date",
                                   "review.reviewer",
                                   "review.checked_against",
                                   "origin.statement",
                                   "origin.references",
                                   "suppress"};
  return kFields;
}

std::string MetadataJson(const model::Question& q, std::string_view own_extension,
                         const model::Question* draft, bool value_tolerance_numbers) {
  model::Question carried;
  carried.exam = q.exam;
  carried.trap = q.trap;
  carried.difficulty = q.difficulty;
  carried.stated_answer = q.stated_answer;
  carried.authors = q.authors;
  carried.review = q.review;
  carried.origin = q.origin;
  carried.suppressions = q.suppressions;
  if (q.extensions.is_object()) {
    for (const auto& [key, value] : q.extensions.as_object()) {
      if (key != own_extension && value.is_object()) carried.extensions[key] = value;
    }
  }
  if (draft != nullptr && draft->markup == model::Markup::kMarkdown) {
    carried.markup = draft->markup;
    carried.stem = draft->stem;
    carried.explanation = draft->explanation;
    carried.options = draft->options;
    SetTextAfterGap(carried, TextAfterGap(*draft));  // the whole text went with the gift extension
  }
  if (value_tolerance_numbers && q.type == model::QuestionType::kNumerical) {
    for (size_t i = 0; i < q.options.size(); ++i) {
      if (IsValueAndTolerance(q.options[i].text.value)) continue;
      if (carried.options.size() <= i) carried.options.resize(i + 1);
      carried.options[i].text = q.options[i].text;
    }
  }
  bool any = carried.markup == model::Markup::kMarkdown || !carried.options.empty() ||
             carried.extensions.is_object() || !carried.exam->empty() || !carried.trap->empty() ||
             !carried.difficulty->empty() || !carried.stated_answer->empty() ||
             !carried.authors.empty() || !carried.review->date.empty() ||
             !carried.review->reviewer.empty() || !carried.review->checked_against.empty() ||
             !carried.origin->statement.empty() || !carried.origin->references.empty() ||
             !carried.suppressions.empty();
  if (!any) return "";
  model::Bank bank;
  bank.questions.push_back(std::move(carried));
  return json::WriteBank(bank);
}

Status ApplyMetadataJson(std::string_view json, const std::string& where, model::Question& q,
                         model::Question* carried_texts) {
  SourceText source(where, std::string(json));
  model::Bank bank;
  QBANK_RETURN_IF_ERROR(json::ReadBank(source, SourceSpan::kNoFile, bank));
  if (bank.questions.size() != 1) {
    return Status::InvalidInput("expected the metadata of one question, found " +
                                std::to_string(bank.questions.size()))
        .At(where);
  }
  model::Question& m = bank.questions.front();
  if (carried_texts != nullptr) {
    carried_texts->markup = m.markup;
    carried_texts->stem = m.stem;
    carried_texts->explanation = m.explanation;
    carried_texts->options = m.options;
    if (m.markup == model::Markup::kMarkdown) SetTextAfterGap(*carried_texts, TextAfterGap(m));
  }
  if (m.markup == model::Markup::kMarkdown) SetTextAfterGap(m, "");  // the draft's, not the file's
  TakeIfEmpty(q.exam, m.exam);
  TakeIfEmpty(q.trap, m.trap);
  TakeIfEmpty(q.difficulty, m.difficulty);
  TakeIfEmpty(q.stated_answer, m.stated_answer);
  TakeIfEmpty(q.authors, m.authors);
  if (m.review.present()) {
    TakeIfEmpty(q.review->date, m.review->date);
    TakeIfEmpty(q.review->reviewer, m.review->reviewer);
    TakeIfEmpty(q.review->checked_against, m.review->checked_against);
  }
  if (m.origin.present()) {
    TakeIfEmpty(q.origin->statement, m.origin->statement);
    TakeIfEmpty(q.origin->references, m.origin->references);
  }
  TakeIfEmpty(q.suppressions, m.suppressions);
  if (m.extensions.is_object()) {
    for (const auto& [key, value] : m.extensions.as_object()) {
      const model::Value* have = q.extensions.Find(key);
      if (have == nullptr || !have->is_object() || !value.is_object()) {
        if (have == nullptr) q.extensions[key] = value;
        continue;
      }
      for (const auto& [sub, v] : value.as_object()) {
        if (have->Find(sub) == nullptr) q.extensions[key][sub] = v;
      }
    }
  }
  return Status::Ok();
}

void RestoreNumericalNotation(const model::Question& carried, model::Question& q) {
  if (q.type != model::QuestionType::kNumerical) return;
  for (size_t i = 0; i < carried.options.size() && i < q.options.size(); ++i) {
    const std::string& notation = carried.options[i].text.value;
    std::optional<model::NumericalAnswer> want = model::ParseNumericalAnswer(notation);
    std::optional<model::NumericalAnswer> have =
        model::ParseNumericalAnswer(q.options[i].text.value);
    if (!want || !have) continue;
    // The bounds as near as the writer's value and tolerance carry them: to a precision relative
    // to the answer's largest bound, not each bound's own (1..6.7e43 is written as 3.3e43 with a
    // tolerance of 3.3e43, whose lower bound is 0: round_trip_fuzz).
    const auto [want_low, want_high] = want->Interval();
    const auto [have_low, have_high] = have->Interval();
    const double scale = std::max(
        {std::fabs(want_low), std::fabs(want_high), std::fabs(have_low), std::fabs(have_high)});
    if (!Near(want_low, have_low, scale) || !Near(want_high, have_high, scale)) continue;
    q.options[i].text.value = notation;
    q.options[i].text.verbatim = false;
  }
}

const FieldSet& CarriedBankFields() {
  static const FieldSet kFields = {"bank.id",        "bank.title",     "bank.exam",
                                   "bank.publisher", "bank.language",  "bank.declared_size",
                                   "bank.origin",    "bank.extensions"};
  return kFields;
}

std::string BankMetadataJson(const model::Bank& bank) {
  model::Bank carried;
  carried.id = bank.id;
  carried.title = bank.title;
  carried.exam = bank.exam;
  carried.publisher = bank.publisher;
  carried.language = bank.language;
  carried.declared_size = bank.declared_size;
  carried.origin = bank.origin;
  carried.extensions = bank.extensions;
  bool any = !carried.id.empty() || !carried.title.empty() || !carried.exam->empty() ||
             !carried.publisher.empty() || !carried.language.empty() ||
             carried.declared_size.has_value() || !carried.origin->empty() ||
             carried.extensions.is_object();
  return any ? json::WriteBank(carried) : "";
}

Status ApplyBankMetadataJson(std::string_view json, const std::string& where, model::Bank& bank) {
  SourceText source(where, std::string(json));
  model::Bank m;
  QBANK_RETURN_IF_ERROR(json::ReadBank(source, SourceSpan::kNoFile, m));
  if (!m.questions.empty()) {
    return Status::InvalidInput("expected the bank fields alone, found " +
                                std::to_string(m.questions.size()) + " questions")
        .At(where);
  }
  TakeIfEmpty(bank.id, m.id);
  TakeIfEmpty(bank.title, m.title);
  TakeIfEmpty(bank.exam, m.exam);
  TakeIfEmpty(bank.publisher, m.publisher);
  TakeIfEmpty(bank.language, m.language);
  if (!bank.declared_size.has_value()) bank.declared_size = m.declared_size;
  TakeIfEmpty(bank.origin, m.origin);
  if (m.extensions.is_object()) {
    for (const auto& [key, value] : m.extensions.as_object()) {
      if (bank.extensions.Find(key) == nullptr) bank.extensions[key] = value;
    }
  }
  return Status::Ok();
}

std::string OneLineJson(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < json.size()) {
        out += json[++i];
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '\n' || c == '\r') {
      while (i + 1 < json.size() && json[i + 1] == ' ') ++i;
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace qbank::formats
