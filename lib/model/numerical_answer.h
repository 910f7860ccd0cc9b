// A numerical question's answer in the bank's notation (GIFT's, which every format reads and
// writes): "v" (exactly v), "v:t" (v within t either way) or "low..high". The one parser of it:
// the GIFT reader checks answers with it, Moodle XML and QTI write a value and a tolerance or a
// range from it, the metadata carrier compares what two notations accept.
#ifndef QBANK_MODEL_NUMERICAL_ANSWER_H_
#define QBANK_MODEL_NUMERICAL_ANSWER_H_

#include <optional>
#include <string_view>
#include <utility>

namespace qbank::model {

struct NumericalAnswer {
  enum class Kind { kValue, kTolerance, kRange };
  Kind kind = Kind::kValue;
  // The value or the low end, and the tolerance or the high end (empty for kValue): trimmed,
  // as written, views into the parsed text.
  std::string_view first;
  std::string_view second;
  double first_value = 0;
  double second_value = 0;

  // The numbers the answer accepts: [v - t, v + t], [low, high] or [v, v]. (A negative
  // tolerance or low > high is the caller's to refuse.)
  std::pair<double, double> Interval() const;
};

// `text` read as a numerical answer: a ".." makes it a range, else a ':' a value and a
// tolerance; nullopt when a part is not a number (NotationNumber). White space around `text` and
// around each part is allowed. Moodle's "*" (any answer) is not an answer of the notation.
std::optional<NumericalAnswer> ParseNumericalAnswer(std::string_view text);

// A number of the notation: a decimal as Moodle reads one (digits with an optional point and
// exponent, a sign, '+' allowed), finite, white space around it allowed; nullopt for anything
// else (hexadecimal, "inf", a thousands separator).
std::optional<double> NotationNumber(std::string_view text);

}  // namespace qbank::model

#endif  // QBANK_MODEL_NUMERICAL_ANSWER_H_
