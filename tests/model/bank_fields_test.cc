// TakeEmptyBankFields: the first file to set a bank field keeps it; a later file fills only what
// is still empty, and the declared size's span moves with its file.
#include "model/bank_fields.h"

#include <gtest/gtest.h>

namespace qbank::model {
namespace {

TEST(BankFieldsTest, FillsOnlyWhatIsEmptyAndShiftsTheSpanFile) {
  Bank into;
  into.title.value = "Networking basics";
  Bank from;
  from.title.value = "Routing drills";
  from.exam->value = "NET-101";
  from.language.value = "en";
  from.declared_size = 40;
  from.declared_size_span.file = 1;
  from.declared_size_span.line = 3;
  from.extensions["reviewed"] = true;

  TakeEmptyBankFields(into, from, 2);
  EXPECT_EQ(into.title.value, "Networking basics");  // the first file's title stays
  EXPECT_EQ(into.exam->value, "NET-101");
  EXPECT_EQ(into.language.value, "en");
  EXPECT_TRUE(into.id.empty());
  ASSERT_TRUE(into.declared_size.has_value());
  EXPECT_EQ(*into.declared_size, 40);
  EXPECT_EQ(into.declared_size_span.file, 3u);
  EXPECT_EQ(into.declared_size_span.line, 3u);
  EXPECT_FALSE(into.extensions.is_null());

  // A third file's size does not replace the second's.
  Bank third;
  third.declared_size = 7;
  TakeEmptyBankFields(into, third);
  EXPECT_EQ(*into.declared_size, 40);
}

TEST(BankFieldsTest, AnUnknownSpanFileStaysUnknown) {
  Bank into;
  Bank from;
  from.declared_size = 5;
  from.declared_size_span.file = SourceSpan::kNoFile;
  TakeEmptyBankFields(into, from, 4);
  EXPECT_EQ(into.declared_size_span.file, SourceSpan::kNoFile);
}

}  // namespace
}  // namespace qbank::model
