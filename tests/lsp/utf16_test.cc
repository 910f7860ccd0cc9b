// UTF-16 positions over UTF-8 text: é (2 bytes, 1 unit), CJK (3 bytes, 1 unit), emoji (4 bytes,
// 2 units), and qbank's code-point columns.
#include "lsp/utf16.h"

#include <gtest/gtest.h>

namespace qbank::lsp {
namespace {

// "é日😀x": bytes 0-1 é, 2-4 日, 5-8 😀, 9 x; UTF-16 units 0 é, 1 日, 2-3 😀, 4 x.
constexpr std::string_view kLine = "\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80x";

TEST(Utf16Test, Length) {
  EXPECT_EQ(Utf16Length(kLine), 5u);
  EXPECT_EQ(Utf16Length(""), 0u);
  EXPECT_EQ(Utf16Length("abc"), 3u);
}

TEST(Utf16Test, ByteOfUnit) {
  EXPECT_EQ(ByteOfUtf16(kLine, 0), 0u);
  EXPECT_EQ(ByteOfUtf16(kLine, 1), 2u);
  EXPECT_EQ(ByteOfUtf16(kLine, 2), 5u);
  EXPECT_EQ(ByteOfUtf16(kLine, 3), 5u);  // inside the surrogate pair: its code point's start
  EXPECT_EQ(ByteOfUtf16(kLine, 4), 9u);
  EXPECT_EQ(ByteOfUtf16(kLine, 5), 10u);
  EXPECT_EQ(ByteOfUtf16(kLine, 99), 10u);  // clamped to the line's end
}

TEST(Utf16Test, UnitOfCodePointColumn) {
  EXPECT_EQ(Utf16OfColumn(kLine, 1), 0u);
  EXPECT_EQ(Utf16OfColumn(kLine, 2), 1u);
  EXPECT_EQ(Utf16OfColumn(kLine, 3), 2u);
  EXPECT_EQ(Utf16OfColumn(kLine, 4), 4u);  // after the emoji: two units further
  EXPECT_EQ(Utf16OfColumn(kLine, 5), 5u);  // one past the last character
  EXPECT_EQ(Utf16OfColumn(kLine, 50), 5u);
}

TEST(Utf16Test, LineIndexPositionsAndOffsets) {
  std::string text = "ab\r\n" + std::string(kLine) + "\nlast";
  LineIndex index(text);
  EXPECT_EQ(index.LineCount(), 3u);
  EXPECT_EQ(index.Line(0), "ab");  // without the \r
  EXPECT_EQ(index.Line(1), kLine);
  EXPECT_EQ(index.Line(2), "last");
  EXPECT_EQ(index.Line(3), "");
  EXPECT_EQ(index.PositionOf(0), (Position{0, 0}));
  EXPECT_EQ(index.PositionOf(4), (Position{1, 0}));
  EXPECT_EQ(index.PositionOf(4 + 9), (Position{1, 4}));  // the x after the emoji
  EXPECT_EQ(index.PositionOf(text.size()), (Position{2, 4}));
  EXPECT_EQ(index.OffsetOf({1, 4}), 4u + 9);
  EXPECT_EQ(index.OffsetOf({0, 10}), 2u);  // clamped before the line break
  EXPECT_EQ(index.OffsetOf({9, 0}), text.size());
}

TEST(Utf16Test, RangeContainsBothEnds) {
  Range r{{1, 2}, {1, 5}};
  EXPECT_TRUE(r.Contains({1, 2}));
  EXPECT_TRUE(r.Contains({1, 5}));
  EXPECT_FALSE(r.Contains({1, 6}));
  EXPECT_FALSE(r.Contains({0, 3}));
}

}  // namespace
}  // namespace qbank::lsp
