#include "model/iso_date.h"

#include <gtest/gtest.h>

namespace qbank::model {
namespace {

// The schema's pattern: ^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$
TEST(IsoDateTest, TakesWhatTheBankSchemaTakes) {
  auto parts = [](std::string_view s) {
    std::optional<IsoDate> d = ParseIsoDate(s);
    return d ? std::to_string(d->year) + "/" + std::to_string(d->month) + "/" +
                   std::to_string(d->day)
             : std::string("none");
  };
  EXPECT_EQ(parts("2026-05"), "2026/5/0");
  EXPECT_EQ(parts("2026-05-14"), "2026/5/14");
  EXPECT_EQ(parts("2023-02-31"), "2023/2/31");  // the pattern does not know the calendar
  EXPECT_EQ(parts("0000-12-01"), "0/12/1");
  for (const char* bad : {"", "2026", "2026-5", "2026-00", "2026-13", "2026-05-00", "2026-05-32",
                          "2026-05-1", "2026/05", "2026-05 ", " 2026-05", "202stem", "20x6-05",
                          "2026-05-14T10", "2026-05-1x", "-026-05"}) {
    EXPECT_EQ(parts(bad), "none") << bad;
  }
}

}  // namespace
}  // namespace qbank::model
