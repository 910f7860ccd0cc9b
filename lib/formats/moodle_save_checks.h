// Moodle's save-time checks of a question's grades, as readers of Moodle's formats (GIFT, Moodle
// XML) repeat them: a file Moodle imports can still hold a question its editor refuses to save.
#ifndef QBANK_FORMATS_MOODLE_SAVE_CHECKS_H_
#define QBANK_FORMATS_MOODLE_SAVE_CHECKS_H_

#include <string>
#include <vector>

#include "model/bank.h"

namespace qbank::formats {

// What Moodle's question editor would refuse about `q`'s grades, one message each (empty when
// nothing): a multiple-answer question whose positive grades do not add up to 100% ("The grades do
// not add up to 100%"), a short answer or numerical question without a 100% answer ("One of the
// answers should have a score of 100%"). A grade is an option's weight, else the credit its key
// mark gives (100, or 100/k for each of k keys of a multiple-answer question).
std::vector<std::string> MoodleSaveProblems(const model::Question& q);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MOODLE_SAVE_CHECKS_H_
