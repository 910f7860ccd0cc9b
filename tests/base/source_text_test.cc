#include "base/source_text.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

TEST(SourceTextTest, PositionsCountCodePointsFromOne) {
  SourceText src("f.txt", "ab\n\xE2\x9C\x93x\r\nlast");
  EXPECT_EQ(src.PositionAt(0).line, 1u);
  EXPECT_EQ(src.PositionAt(0).column, 1u);
  SourcePosition x = src.PositionAt(6);  // after the 3-byte check mark
  EXPECT_EQ(x.line, 2u);
  EXPECT_EQ(x.column, 2u);
  EXPECT_EQ(src.Line(2), "\xE2\x9C\x93x");  // CR stripped
  EXPECT_EQ(src.Line(3), "last");
  EXPECT_EQ(src.Line(4), "");
  EXPECT_EQ(src.LineCount(), 3u);
  EXPECT_EQ(src.ErrorAt(9, "expected a stem"), "f.txt:3:1: expected a stem");
}

TEST(SourceTextTest, OffsetsPastTheEndClamp) {
  SourceText src("f", "abc");
  EXPECT_EQ(src.PositionAt(100).column, 4u);
  SourceSpan span = src.SpanOf(1, 3, 7);
  EXPECT_EQ(span.file, 7u);
  EXPECT_EQ(span.column, 2u);
  EXPECT_EQ(span.end_column, 4u);
}

TEST(FormatLocationTest, OmitsUnknownParts) {
  EXPECT_EQ(FormatLocation("a", 0, 0), "a");
  EXPECT_EQ(FormatLocation("a", 3, 0), "a:3");
  EXPECT_EQ(FormatLocation("a", 3, 9), "a:3:9");
}

}  // namespace
}  // namespace qbank
