// The bank's date grammar.
#include "model/iso_date.h"

namespace qbank::model {
namespace {

// The number `n` digits from `at` spell, or -1 when one is not a digit.
int Digits(std::string_view s, size_t at, size_t n) {
  int value = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    value = value * 10 + (s[i] - '0');
  }
  return value;
}

}  // namespace

std::optional<IsoDate> ParseIsoDate(std::string_view s) {
  if ((s.size() != 7 && s.size() != 10) || s[4] != '-') return std::nullopt;
  IsoDate d{Digits(s, 0, 4), Digits(s, 5, 2), 0};
  if (d.year < 0 || d.month < 1 || d.month > 12) return std::nullopt;
  if (s.size() == 10) {
    if (s[7] != '-') return std::nullopt;
    d.day = Digits(s, 8, 2);
    if (d.day < 1 || d.day > 31) return std::nullopt;
  }
  return d;
}

}  // namespace qbank::model
