// Bank model helpers: type names, sources, derived ids.
#include "model/bank.h"

#include <array>
#include <cstdio>

namespace qbank::model {
namespace {

struct TypeEntry {
  QuestionType type;
  std::string_view name;
};
constexpr std::array<TypeEntry, 9> kTypes = {{
    {QuestionType::kSingleAnswer, "single"},
    {QuestionType::kMultipleAnswer, "multiple"},
    {QuestionType::kTrueFalse, "true-false"},
    {QuestionType::kShortAnswer, "short-answer"},
    {QuestionType::kNumerical, "numerical"},
    {QuestionType::kMatching, "matching"},
    {QuestionType::kEssay, "essay"},
    {QuestionType::kDescription, "description"},
    {QuestionType::kOther, "other"},
}};

}  // namespace

std::string_view QuestionTypeName(QuestionType type) {
  for (const auto& e : kTypes) {
    if (e.type == type) return e.name;
  }
  return "other";
}

std::optional<QuestionType> ParseQuestionType(std::string_view name) {
  for (const auto& e : kTypes) {
    if (e.name == name) return e.type;
  }
  return std::nullopt;
}

bool IsChoiceType(QuestionType type) {
  return type == QuestionType::kSingleAnswer || type == QuestionType::kMultipleAnswer ||
         type == QuestionType::kTrueFalse;
}

std::string_view MarkupName(Markup markup) {
  switch (markup) {
    case Markup::kPlain:
      return "plain";
    case Markup::kMarkdown:
      return "markdown";
    case Markup::kHtml:
      return "html";
  }
  return "plain";
}

std::optional<Markup> ParseMarkup(std::string_view name) {
  if (name == "plain") return Markup::kPlain;
  if (name == "markdown") return Markup::kMarkdown;
  if (name == "html") return Markup::kHtml;
  return std::nullopt;
}

std::vector<size_t> Question::KeyIndexes() const {
  std::vector<size_t> keys;
  for (size_t i = 0; i < options.size(); ++i) {
    if (options[i].correct) keys.push_back(i);
  }
  return keys;
}

namespace {

void Shift(SourceSpan& span, uint32_t offset) {
  if (span.file != SourceSpan::kNoFile) span.file += offset;
}

void Shift(Text& text, uint32_t offset) { Shift(text.span, offset); }

void Shift(std::vector<Text>& texts, uint32_t offset) {
  for (Text& text : texts) Shift(text, offset);
}

}  // namespace

void ShiftSourceFiles(Question& q, uint32_t offset) {
  if (offset == 0) return;
  for (Text* text : {&q.id, &q.stem, &q.explanation}) Shift(*text, offset);
  // A boxed field is shifted only when present: touching it would make it.
  for (Boxed<Text>* text : {&q.exam, &q.domain, &q.trap, &q.stated_answer, &q.difficulty}) {
    if (text->present()) Shift(**text, offset);
  }
  if (q.review.present()) {
    for (Text* text : {&q.review->date, &q.review->reviewer, &q.review->checked_against}) {
      Shift(*text, offset);
    }
  }
  if (q.origin.present()) {
    Shift(q.origin->statement, offset);
    Shift(q.origin->references, offset);
  }
  Shift(q.tags, offset);
  for (Option& o : q.options) {
    Shift(o.text, offset);
    if (o.rationale.present()) Shift(*o.rationale, offset);
    Shift(o.correct_span, offset);
    Shift(o.span, offset);
  }
  for (Person& p : q.authors) {
    Shift(p.initials, offset);
    Shift(p.name, offset);
    Shift(p.credentials, offset);
    Shift(p.roles, offset);
  }
  for (Suppression& s : q.suppressions) Shift(s.span, offset);
  Shift(q.span, offset);
}

void SetIfHeld(Boxed<Text>& field, Text text) {
  if (!text.value.empty() || text.span.known()) field = std::move(text);
}

uint32_t Bank::AddSource(std::shared_ptr<const SourceText> source) {
  sources.push_back(std::move(source));
  return static_cast<uint32_t>(sources.size() - 1);
}

const std::string& Bank::SourcePath(uint32_t file) const {
  static const std::string kUnknown = "<unknown>";
  if (file >= sources.size() || !sources[file]) return kUnknown;
  return sources[file]->path();
}

const SourceText* Bank::Source(uint32_t file) const {
  if (file >= sources.size()) return nullptr;
  return sources[file].get();
}

std::string DeriveQuestionId(const Question& question) {
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ULL;
    }
    h ^= 0x1f;
    h *= 1099511628211ULL;
  };
  mix(question.stem.value);
  for (const Option& o : question.options) mix(o.text.value);
  char buf[24];
  std::snprintf(buf, sizeof buf, "q-%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string OptionLetter(size_t index) {
  if (index < 26) return std::string(1, static_cast<char>('A' + index));
  std::string label = "#";  // appended, not operator+: GCC 12's false -Wrestrict at -O3
  label += std::to_string(index + 1);
  return label;
}

}  // namespace qbank::model
