// The numerical answer notation (model/numerical_answer.h), the one parser GIFT, Moodle XML, QTI
// and the metadata carrier share.
#include "model/numerical_answer.h"

#include <gtest/gtest.h>

namespace qbank::model {
namespace {

using Kind = NumericalAnswer::Kind;

TEST(NumericalAnswerTest, ReadsTheThreeNotations) {
  std::optional<NumericalAnswer> v = ParseNumericalAnswer("3.14");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, Kind::kValue);
  EXPECT_EQ(v->first, "3.14");
  EXPECT_EQ(v->second, "");
  EXPECT_EQ(v->Interval(), std::make_pair(3.14, 3.14));

  std::optional<NumericalAnswer> t = ParseNumericalAnswer(" 10 : 0.5 ");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->kind, Kind::kTolerance);
  EXPECT_EQ(t->first, "10");
  EXPECT_EQ(t->second, "0.5");
  EXPECT_EQ(t->Interval(), std::make_pair(9.5, 10.5));

  std::optional<NumericalAnswer> r = ParseNumericalAnswer("-2..1e1");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, Kind::kRange);
  EXPECT_EQ(r->first, "-2");
  EXPECT_EQ(r->second, "1e1");
  EXPECT_EQ(r->Interval(), std::make_pair(-2.0, 10.0));
}

TEST(NumericalAnswerTest, KeepsTheNumbersAsWritten) {
  std::optional<NumericalAnswer> t = ParseNumericalAnswer("+1.50:0");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->first, "+1.50");
  EXPECT_EQ(t->second, "0");
  EXPECT_EQ(t->first_value, 1.5);
  EXPECT_EQ(t->second_value, 0);
}

TEST(NumericalAnswerTest, RefusesWhatIsNotTheNotation) {
  for (const char* text : {"", "*", "abc", "1,5", "0x10", "inf", "nan", "1:", ":1", "..5", "1..",
                           "1..2..3", "1:2:3", "1..2:3", "1 2", "++1"}) {
    EXPECT_FALSE(ParseNumericalAnswer(text).has_value()) << text;
  }
  // A negative tolerance and a reversed range are the notation's; refusing them is the caller's.
  EXPECT_TRUE(ParseNumericalAnswer("1:-1").has_value());
  EXPECT_TRUE(ParseNumericalAnswer("5..1").has_value());
}

TEST(NumericalAnswerTest, NotationNumber) {
  EXPECT_EQ(NotationNumber(" +2.5 "), 2.5);
  EXPECT_EQ(NotationNumber("-.5"), -0.5);
  EXPECT_EQ(NotationNumber("1E3"), 1000);
  EXPECT_EQ(NotationNumber("1e999"), std::nullopt);
  EXPECT_EQ(NotationNumber("0x10"), std::nullopt);
  EXPECT_EQ(NotationNumber(""), std::nullopt);
}

}  // namespace
}  // namespace qbank::model
