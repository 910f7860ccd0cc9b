// Finds where free text (an explanation, a rationale) names an option by letter: "Answer: C",
// "the correct answer is (B)", "option E", "options C and D". Shared by answer-mismatch and
// explanation-cites-missing-option.
#ifndef QBANK_LINT_OPTION_REFERENCES_H_
#define QBANK_LINT_OPTION_REFERENCES_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace qbank::lint {

struct OptionReference {
  size_t option = 0;  // 0 for "A", 1 for "B", ...
  size_t begin = 0;   // byte range of the letter (with its parentheses) in the text
  size_t end = 0;
  // True when the text states this is the answer ("Answer: C", "the correct answer is B",
  // "correct option is (D)", "option B is correct"); false for a mere citation ("option E is
  // wrong", "option C is incorrect").
  bool states_answer = false;
};

// Every reference in `text`, in order. A reference is a keyword (answer, option, choice, key;
// case-insensitive; plurals too), optionally "is", ":", "=" or "would be", optionally "option" or
// "choice", then one capital letter A-Z, bare or in () or [], not followed by a letter or digit.
// A bare "A" or "I" followed by a lower-case word is read as English, not as a letter ("the answer
// is A good one"). After a plural keyword, "C and D", "C, D or E" yield one reference each.
//
// Statements of the answer: a linked keyword ("Answer: C", "the answer is B", "Ans: B", "Ans. B"),
// a bare "Answer C" with nothing after the letter on its line but the end of a clause, "Option A
// is correct", and a letter opening a clause followed by "is the [correct|right|best]
// answer|option|choice" ("D is the answer", "Hence, B is the correct option"). Nothing is read
// across a line break, and a letter followed by "=" is a variable ("answer P = 4016").
std::vector<OptionReference> FindOptionReferences(std::string_view text);

}  // namespace qbank::lint

#endif  // QBANK_LINT_OPTION_REFERENCES_H_
