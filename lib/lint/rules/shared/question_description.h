// How a finding names another question in its message: `question "ID" (path:line)`.
#ifndef QBANK_LINT_RULES_SHARED_QUESTION_DESCRIPTION_H_
#define QBANK_LINT_RULES_SHARED_QUESTION_DESCRIPTION_H_

#include <string>

#include "model/bank.h"
#include "similarity/duplicate_finder.h"

namespace qbank::lint {

// `question "ID" (path:line)`: how a finding names another question; a question read from a
// dump (extensions "dump_question") is `dump question 37 (path:line:column)`.
std::string DescribeQuestion(const model::Bank& bank, const model::Question& question);

// The same naming with `at` (a place inside the question, such as where a quote from one of its
// fields starts) as the place, with line and column: `question "ID" (path:12:5)`, `dump question
// 37 (path:12:5)`.
std::string DescribeQuestionAt(const model::Bank& bank, const model::Question& question,
                               const SourceSpan& at);

// Another text quoted in a message: at most 100 bytes of `text` (cut at a character boundary,
// "…" added), line breaks read as spaces.
std::string ShortQuote(std::string text);

// How a finding names record `record` of `features`: DescribeQuestion in its own bank.
std::string DescribeRecord(const similarity::BankFeatures& features, size_t record);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_QUESTION_DESCRIPTION_H_
