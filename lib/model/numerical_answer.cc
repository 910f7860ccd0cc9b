// The numerical answer notation.
#include "model/numerical_answer.h"

#include <charconv>
#include <cmath>
#include <system_error>

#include "base/utf8_text.h"

namespace qbank::model {

std::pair<double, double> NumericalAnswer::Interval() const {
  switch (kind) {
    case Kind::kValue:
      return {first_value, first_value};
    case Kind::kTolerance:
      return {first_value - second_value, first_value + second_value};
    case Kind::kRange:
      return {first_value, second_value};
  }
  return {first_value, first_value};
}

std::optional<double> NotationNumber(std::string_view text) {
  std::string_view s = Trim(text);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double value = 0;
  auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (error != std::errc() || end != s.data() + s.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<NumericalAnswer> ParseNumericalAnswer(std::string_view text) {
  NumericalAnswer answer;
  size_t split = text.find("..");
  size_t width = 2;
  if (split != std::string_view::npos) {
    answer.kind = NumericalAnswer::Kind::kRange;
  } else if (split = text.rfind(':'); split != std::string_view::npos) {
    answer.kind = NumericalAnswer::Kind::kTolerance;
    width = 1;
  }
  answer.first = Trim(text.substr(0, split));
  std::optional<double> first = NotationNumber(answer.first);
  if (!first.has_value()) return std::nullopt;
  answer.first_value = *first;
  if (answer.kind == NumericalAnswer::Kind::kValue) return answer;
  answer.second = Trim(text.substr(split + width));
  std::optional<double> second = NotationNumber(answer.second);
  if (!second.has_value()) return std::nullopt;
  answer.second_value = *second;
  return answer;
}

}  // namespace qbank::model
