// The grammar of the bank's dates (review.date): "YYYY-MM" or "YYYY-MM-DD", as
// schemas/bank.schema.json's pattern takes them. One definition for the readers' import checks and
// the rules that read dates.
#ifndef QBANK_MODEL_ISO_DATE_H_
#define QBANK_MODEL_ISO_DATE_H_

#include <optional>
#include <string_view>

namespace qbank::model {

struct IsoDate {
  int year = 0;
  int month = 0;
  int day = 0;  // 0: the date names a whole month
};

// `text` exactly as the schema's pattern: four digits, a month 01-12, and optionally a day 01-31
// (the calendar is not checked: the schema does not check it). No surrounding space.
std::optional<IsoDate> ParseIsoDate(std::string_view text);

}  // namespace qbank::model

#endif  // QBANK_MODEL_ISO_DATE_H_
