#include "model/bank.h"

#include <gtest/gtest.h>

namespace qbank::model {
namespace {

TEST(BankTest, TypeNamesRoundTrip) {
  for (QuestionType t : {QuestionType::kSingleAnswer, QuestionType::kMultipleAnswer,
                         QuestionType::kTrueFalse, QuestionType::kMatching, QuestionType::kOther}) {
    EXPECT_EQ(ParseQuestionType(QuestionTypeName(t)), t);
  }
  EXPECT_FALSE(ParseQuestionType("nonsense").has_value());
  EXPECT_TRUE(IsChoiceType(QuestionType::kTrueFalse));
  EXPECT_FALSE(IsChoiceType(QuestionType::kEssay));
}

TEST(BankTest, DerivedIdDependsOnContentOnly) {
  Question a;
  a.stem = Text("What is two plus two?");
  a.options.resize(2);
  a.options[0].text = Text("4");
  a.options[1].text = Text("5");
  Question b = a;
  b.explanation = Text("different explanation");
  EXPECT_EQ(DeriveQuestionId(a), DeriveQuestionId(b));
  EXPECT_EQ(DeriveQuestionId(a).size(), 18u);
  b.options[1].text = Text("6");
  EXPECT_NE(DeriveQuestionId(a), DeriveQuestionId(b));
}

TEST(BankTest, KeyIndexesAndLetters) {
  Question q;
  q.options.resize(3);
  q.options[2].correct = true;
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{2});
  EXPECT_EQ(OptionLetter(0), "A");
  EXPECT_EQ(OptionLetter(25), "Z");
  EXPECT_EQ(OptionLetter(26), "#27");
}

TEST(ValueTest, ObjectsCompareStructurallyAndCopyOnWrite) {
  Value v;
  v["a"] = Value(1);
  v["b"] = Value("x");
  Value copy = v;
  copy["a"] = Value(2);
  EXPECT_EQ(v.Find("a")->as_int(), 1);
  EXPECT_FALSE(v == copy);
  copy["a"] = Value(1.0);
  EXPECT_TRUE(v == copy);
}

TEST(ValueTest, StringsCompareByContent) {
  // Strings are held by pointer: two made apart are equal by their text, not their address.
  Value a(std::string("same"));
  Value b("same");
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == Value("other"));
  EXPECT_FALSE(a == Value(1));
  Value copy = a;
  EXPECT_EQ(copy.as_string(), "same");
  EXPECT_TRUE(copy.is_string());
  EXPECT_FALSE(Value().is_string());
}

// The model's parts stay small: a bank of a million questions holds a million of each.
TEST(BankTest, ModelPartsStaySmall) {
  EXPECT_LE(sizeof(SourceSpan), 20u);
  EXPECT_LE(sizeof(Value), 24u);
  EXPECT_LE(sizeof(Text), 56u);
  EXPECT_LE(sizeof(Option), 200u);
  EXPECT_LE(sizeof(Question), 856u);
}

}  // namespace
}  // namespace qbank::model
