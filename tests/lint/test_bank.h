// Builds small banks in tests: one source file whose text is the fields written one per line, so
// every field has a real span and the text report can show carets.
#ifndef QBANK_TESTS_LINT_TEST_BANK_H_
#define QBANK_TESTS_LINT_TEST_BANK_H_

#include <memory>
#include <string>
#include <vector>

#include "model/bank.h"

namespace qbank::lint::testing {

// Appends lines to a source and hands out verbatim Texts that point at them.
class BankBuilder {
 public:
  explicit BankBuilder(std::string path = "bank.txt") : path_(std::move(path)) {}

  // A new line "label: value" in the source; returns a Text for `value` with its span.
  model::Text Line(const std::string& label, const std::string& value) {
    std::string prefix = label + ": ";
    uint32_t line = ++lines_;
    content_ += prefix + value + "\n";
    model::Text t(value);
    t.verbatim = true;
    t.span.file = 0;
    t.span.line = line;
    t.span.column = static_cast<uint32_t>(prefix.size() + 1);
    uint32_t end_line = line;
    uint32_t col = t.span.column;
    for (unsigned char c : value) {
      if (c == '\n') {
        ++end_line;
        ++lines_;
        col = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++col;
      }
    }
    t.span.end_line = end_line;
    t.span.end_column = col;
    return t;
  }

  // A single-answer question with `options` (the one at `key` correct). The reference is valid
  // until the next AddQuestion.
  model::Question& AddQuestion(const std::string& id, const std::string& stem,
                               const std::vector<std::string>& options, size_t key) {
    model::Question q;
    q.id = Line("id", id);
    q.span = q.id.span;
    q.stem = Line("stem", stem);
    for (size_t i = 0; i < options.size(); ++i) {
      model::Option o;
      o.text = Line("option", options[i]);
      o.correct = i == key;
      o.correct_span = o.text.span;
      o.span = o.text.span;
      q.options.push_back(std::move(o));
    }
    questions_.push_back(std::move(q));
    return questions_.back();
  }

  model::Bank Build() const {
    model::Bank bank;
    bank.AddSource(std::make_shared<SourceText>(path_, content_));
    bank.questions = questions_;
    return bank;
  }

 private:
  std::string path_;
  std::string content_;
  uint32_t lines_ = 0;
  model::QuestionList questions_;
};

}  // namespace qbank::lint::testing

#endif  // QBANK_TESTS_LINT_TEST_BANK_H_
