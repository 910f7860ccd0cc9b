// Status: the kind, the message and the place are separate data.
#include "base/status.h"

#include <gtest/gtest.h>

#include "base/diagnostic.h"

namespace qbank {
namespace {

TEST(StatusTest, ThePlaceIsDataAndToStringJoinsIt) {
  Status s = Status::InvalidInput("expected a comma").At("f.csv", SourceSpan::Point(3, 7));
  EXPECT_EQ(s.message(), "expected a comma");
  EXPECT_EQ(s.path(), "f.csv");
  EXPECT_EQ(s.span().line, 3u);
  EXPECT_EQ(s.span().column, 7u);
  EXPECT_EQ(s.ToString(), "f.csv:3:7: expected a comma");
  EXPECT_EQ(Status::NotFound("no such file").At("g.txt").ToString(), "g.txt: no such file");
  EXPECT_EQ(Status::Usage("no input").ToString(), "no input");
  EXPECT_EQ(Status::Ok().ToString(), "OK");
}

TEST(StatusTest, InternalErrorsAreTheirOwnKind) {
  Status s = Status::Internal("a Result built from an OK status");
  EXPECT_TRUE(s.IsInternal());
  EXPECT_FALSE(s.IsInvalidInput());
  EXPECT_EQ(s.ToString(), "internal error: a Result built from an OK status");
  Result<int> r{Status::Ok()};
  EXPECT_TRUE(r.status().IsInternal());
  EXPECT_EQ(Diagnostic::FromStatus(s, "x.json").ToString(),
            "x.json: error: internal error: a Result built from an OK status");
}

}  // namespace
}  // namespace qbank
