#include "model/boxed.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "model/bank.h"

namespace qbank::model {
namespace {

TEST(BoxedTest, AnAbsentValueReadsEmptyWithoutBeingMade) {
  const Boxed<Text> absent;
  EXPECT_FALSE(absent.present());
  EXPECT_TRUE(absent->empty());
  EXPECT_EQ(absent->span.line, 0u);
  const Text& read = absent;  // the conversion reads too
  EXPECT_TRUE(read.value.empty());
  EXPECT_FALSE(absent.present());
}

TEST(BoxedTest, WritingMakesTheValue) {
  Boxed<Text> text;
  text->value = "a trap";
  EXPECT_TRUE(text.present());
  EXPECT_EQ(text->value, "a trap");
  Boxed<Text> assigned;
  assigned = Text("assigned");
  EXPECT_EQ(assigned->value, "assigned");
}

TEST(BoxedTest, TakeIfEmptyFillsOnlyAnEmptyFieldAndMakesNothing) {
  Boxed<Text> absent, also_absent;
  TakeIfEmpty(absent, also_absent);
  EXPECT_FALSE(absent.present());
  EXPECT_FALSE(also_absent.present());
  Boxed<Text> given = Text("GRD-101");
  TakeIfEmpty(absent, given);
  EXPECT_EQ(absent->value, "GRD-101");
  Boxed<Text> other = Text("OTHER");
  TakeIfEmpty(absent, other);
  EXPECT_EQ(absent->value, "GRD-101");
}

TEST(BoxedTest, CopiesAreDeepAndMovesLeaveTheSourceAbsent) {
  Boxed<Review> review;
  review->date = Text("2026-01");
  Boxed<Review> copy = review;
  copy->date.value = "2026-02";
  EXPECT_EQ(review->date.value, "2026-01");
  Boxed<Review> moved = std::move(review);
  EXPECT_EQ(moved->date.value, "2026-01");
  EXPECT_FALSE(review.present());  // NOLINT(bugprone-use-after-move): the state a move leaves
  Boxed<Review> absent;
  copy = absent;
  EXPECT_FALSE(copy.present());
}

TEST(BoxedTest, AnAbsentValueEqualsAnEmptyOne) {
  Boxed<Text> absent, empty = Text(""), full = Text("x");
  EXPECT_TRUE(empty.present());
  EXPECT_EQ(absent, empty);
  EXPECT_FALSE(absent == full);
  EXPECT_TRUE(full == Text("x"));
}

// What the boxes are for: a question without the rare fields holds none of them, and shifting its
// spans (as every question of a multi-file import is) does not make them.
TEST(BoxedTest, AQuestionWithoutRareFieldsHoldsNone) {
  Question q;
  q.stem = Text("Which planet is largest?");
  q.options.resize(2);
  q.options[0].text = Text("Jupiter");
  q.options[1].text = Text("Mars");
  q.stem.span.file = 0;
  ShiftSourceFiles(q, 3);
  EXPECT_EQ(q.stem.span.file, 3u);
  for (const Boxed<Text>* field : {&q.exam, &q.domain, &q.trap, &q.stated_answer, &q.difficulty}) {
    EXPECT_FALSE(field->present());
  }
  EXPECT_FALSE(q.review.present());
  EXPECT_FALSE(q.origin.present());
  EXPECT_FALSE(q.options[0].rationale.present());

  q.trap = Text("Saturn is not larger");
  q.trap->span.file = 1;
  ShiftSourceFiles(q, 2);
  EXPECT_EQ(q.trap->span.file, 3u);
  EXPECT_LT(sizeof(Question), 400u);  // 856 bytes with every field inline
}

}  // namespace
}  // namespace qbank::model
