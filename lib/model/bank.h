// The bank model: Bank, Question, Option and their parts. Plain values, no I/O. Every text field
// carries the span it came from, so a finding can point at the exact spot in the file the user
// edits, whatever its format.
#ifndef QBANK_MODEL_BANK_H_
#define QBANK_MODEL_BANK_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_span.h"
#include "base/source_text.h"
#include "model/boxed.h"
#include "model/value.h"

namespace qbank::model {

// A piece of text and where it came from.
struct Text {
  std::string value;
  SourceSpan span;
  // True when `value` appears byte for byte in the source from span.line:span.column on (no
  // escapes, no entity references), so an offset inside the value maps to a line:column by walking
  // the value. When false, findings inside the text point at the start of the field.
  bool verbatim = false;

  Text() = default;
  Text(std::string v) : value(std::move(v)) {}  // NOLINT(google-explicit-constructor)
  bool empty() const { return value.empty(); }
  friend bool operator==(const Text& a, const Text& b) { return a.value == b.value; }
};

// The question types the model understands; the others read from GIFT or Moodle XML are kept
// (their format-specific data travels in `extensions`).
enum class QuestionType {
  kSingleAnswer,    // "single": exactly one key
  kMultipleAnswer,  // "multiple": one or more keys
  kTrueFalse,       // "true-false"
  kShortAnswer,     // "short-answer"
  kNumerical,       // "numerical"
  kMatching,        // "matching"
  kEssay,           // "essay"
  kDescription,     // "description": text only, no answer
  kOther,           // "other": kept as read
};
std::string_view QuestionTypeName(QuestionType type);
// Parses a type name as written by QuestionTypeName; nullopt for an unknown name.
std::optional<QuestionType> ParseQuestionType(std::string_view name);
// True for the types whose options are choices with keys (single, multiple, true/false).
bool IsChoiceType(QuestionType type);

enum class Markup { kPlain, kMarkdown, kHtml };
std::string_view MarkupName(Markup markup);
std::optional<Markup> ParseMarkup(std::string_view name);

struct Option {
  Text text;
  bool correct = false;
  SourceSpan correct_span;  // where the key mark is (✓, "=", "ANSWER:", a fraction attribute)
  // Credit in percent (-100..100) where the format has partial credit; nullopt when it is simply
  // right (100) or wrong (0) by `correct`.
  std::optional<double> weight;
  Boxed<Text> rationale;  // why this option is right or wrong
  Value extensions;       // format-specific data (e.g. a QTI choice identifier), kept unchanged
  SourceSpan span;        // the whole option
};

struct Person {
  Text initials;
  Text name;
  Text credentials;
  std::vector<Text> roles;
};

struct Review {
  Text date;  // ISO "YYYY-MM" or "YYYY-MM-DD"
  Text reviewer;
  Text checked_against;  // what the question was checked against
};

struct Origin {
  Text statement;                // e.g. "written from scratch; not copied from exams or dumps"
  std::vector<Text> references;  // sources the writer used
};

// A lint suppression attached to a question: `rule` is a rule id (or "*").
struct Suppression {
  std::string rule;
  std::string reason;
  SourceSpan span;
};

// The fields many banks leave out (exam, domain, trap, stated answer, difficulty, review, origin,
// an option's rationale) are Boxed: an absent one costs a pointer, and reads as empty.
struct Question {
  Text id;  // stable; derived from content when the source has none
  QuestionType type = QuestionType::kSingleAnswer;
  Boxed<Text> exam;
  Boxed<Text> domain;
  Text stem;
  Boxed<Text> trap;             // the "common exam trap" note
  std::vector<Option> options;  // authored order
  // The key as the source states it apart from the option marks (the page's "Correct answer"
  // block); empty when the source has no such statement.
  Boxed<Text> stated_answer;
  Text explanation;
  std::vector<Text> tags;
  Boxed<Text> difficulty;
  Markup markup = Markup::kPlain;
  std::vector<Person> authors;
  Boxed<Review> review;
  Boxed<Origin> origin;
  std::vector<Suppression> suppressions;
  Value extensions;  // format-specific fields, kept unchanged
  SourceSpan span;   // the whole question

  // Indexes of the options marked correct.
  std::vector<size_t> KeyIndexes() const;
};

// The questions of a bank, in order. A deque, not a vector: it grows without moving the questions
// already read, so a bank read from many files never holds two copies of its questions at once
// while it grows (with a vector, the last file of a million questions briefly needed 1.8 GB for
// the array alone).
using QuestionList = std::deque<Question>;

struct Bank {
  static constexpr int kFormatVersion = 1;
  int format_version = kFormatVersion;
  Text id;
  Text title;
  Boxed<Text> exam;  // boxed as a question's is, so that one spelling reaches both
  Text publisher;
  Text language;                         // BCP 47 tag, e.g. "en"
  std::optional<int64_t> declared_size;  // the size the publisher states
  SourceSpan declared_size_span;
  Boxed<Text> origin;  // the bank's origin statement
  QuestionList questions;
  Value extensions;

  // The files the bank was read from; SourceSpan::file indexes this.
  std::vector<std::shared_ptr<const SourceText>> sources;

  // Registers a source file and returns its index for SourceSpan::file.
  uint32_t AddSource(std::shared_ptr<const SourceText> source);
  // The path of source `file`, or "<unknown>".
  const std::string& SourcePath(uint32_t file) const;
  // The source text of `file`, or nullptr.
  const SourceText* Source(uint32_t file) const;
};

// Writes `text` into `field` when it holds anything, a value or a place in the file; otherwise
// leaves the field as it was (absent if it was). How a reader keeps from making the boxed fields a
// file leaves out.
void SetIfHeld(Boxed<Text>& field, Text text);

// A stable id made from the question's content (stem and option texts): "q-" and 16 hex digits of
// a 64-bit FNV-1a hash. The same content always yields the same id.
std::string DeriveQuestionId(const Question& question);

// Adds `offset` to the file index of every span in `question` that names a file (a question read
// into a bank of its own, moved into another whose sources come first: ImportOptions::threads).
void ShiftSourceFiles(Question& question, uint32_t offset);

// Option letter for index 0..25 ("A".."Z"); beyond that "#27" and so on.
std::string OptionLetter(size_t index);

}  // namespace qbank::model

#endif  // QBANK_MODEL_BANK_H_
