// QuestionDifferences and BankFieldDifferences name each field whose value differs.
#include "model/bank_compare.h"

#include <gtest/gtest.h>

namespace qbank::model {
namespace {

Question Sample() {
  Question q;
  q.id.value = "q1";
  q.stem.value = "Which gas do plants take in?";
  q.options.resize(2);
  q.options[0].text.value = "Carbon dioxide";
  q.options[0].correct = true;
  q.options[1].text.value = "Helium";
  q.extensions["gift"]["comments"] = Value(Value::Array{Value("note")});
  return q;
}

TEST(BankCompareTest, SameValuesDifferInNothing) {
  Question a = Sample();
  Question b = Sample();
  b.stem.span.line = 7;  // spans are not values
  EXPECT_TRUE(QuestionDifferences(a, b).empty());
}

TEST(BankCompareTest, NamesEachDifferingField) {
  Question a = Sample();
  Question b = Sample();
  b.stem.value += " ";
  b.options[1].rationale->value = "It is inert.";
  b.options[0].correct = false;
  b.tags.emplace_back("plants");
  b.extensions["gift"]["comments"] = Value(Value::Array{Value("other")});
  b.extensions["md"]["x"] = Value(1);
  EXPECT_EQ(QuestionDifferences(a, b),
            (std::vector<std::string>{"stem", "options[0].correct", "options[1].rationale", "tags",
                                      "extensions.gift.comments", "extensions.md"}));
  b = Sample();
  b.options.pop_back();
  EXPECT_EQ(QuestionDifferences(a, b), std::vector<std::string>{"options"});
}

TEST(BankCompareTest, BankFields) {
  Bank a;
  Bank b;
  b.title.value = "Gases";
  b.declared_size = 40;
  EXPECT_EQ(BankFieldDifferences(a, b), (std::vector<std::string>{"title", "declared_size"}));
}

}  // namespace
}  // namespace qbank::model
