#include "base/source_text.h"

#include <gtest/gtest.h>

#include <iterator>
#include <random>
#include <string>
#include <vector>

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
  Status error = src.ErrorAt(9, "expected a stem");
  EXPECT_TRUE(error.IsInvalidInput());
  EXPECT_EQ(error.message(), "expected a stem");
  EXPECT_EQ(error.path(), "f.txt");
  EXPECT_EQ(error.span().line, 3u);
  EXPECT_EQ(error.span().column, 1u);
  EXPECT_EQ(error.ToString(), "f.txt:3:1: expected a stem");
}

// The line index is built eight bytes at a time: line feeds at every offset of a block, in a row,
// at both ends, beside non-ASCII bytes and 0x0A's neighbours (0x0B, 0x8A), give the lines a byte
// by byte walk gives.
TEST(SourceTextTest, LineIndexMatchesAByteByByteWalk) {
  const std::string bytes[] = {"a", "\n", "\n", "\r", "\x0b", "\x8a", "\xc3\xa9", " ", "\x09"};
  std::mt19937 rng(36);
  std::uniform_int_distribution<size_t> length(0, 70), pick(0, std::size(bytes) - 1);
  for (int round = 0; round < 3000; ++round) {
    std::string content;
    for (size_t n = length(rng); n > 0; --n) content += bytes[pick(rng)];
    std::vector<size_t> starts = {0};
    for (size_t i = 0; i < content.size(); ++i) {
      if (content[i] == '\n') starts.push_back(i + 1);
    }
    SourceText src("f.txt", content);
    ASSERT_EQ(src.LineCount(), starts.size()) << "content: " << content;
    for (size_t line = 0; line < starts.size(); ++line) {
      ASSERT_EQ(src.LineStart(static_cast<uint32_t>(line + 1)), starts[line]) << "line " << line;
    }
  }
}

TEST(SourceTextTest, ATextOfParagraphsPlacesParagraphs) {
  // A document reader's text: one paragraph a line; its places print as paragraphs.
  SourceText doc("bank.docx", "1. Which ocean?\nA. Arctic\nAnswer: E\n", 0,
                 SourceSpan::Unit::kParagraph);
  SourceSpan span = doc.SpanOf(27, 36, 0);
  EXPECT_EQ(span.unit, SourceSpan::Unit::kParagraph);
  EXPECT_EQ(span.line, 3u);
  EXPECT_EQ(FormatLocation(doc.path(), span),
            "bank.docx:\xC2\xB6"
            "3");
  EXPECT_EQ(doc.ErrorAt(35, "names no option").ToString(),
            "bank.docx:\xC2\xB6"
            "3: names no option");
  SourceText text("quiz.txt", "a\nbc\n");
  EXPECT_EQ(FormatLocation(text.path(), text.SpanOf(3, 4, 0)), "quiz.txt:2:2");
}

TEST(SourceTextTest, OffsetsPastTheEndClamp) {
  SourceText src("f", "abc");
  EXPECT_EQ(src.PositionAt(100).column, 4u);
  SourceSpan span = src.SpanOf(1, 3, 7);
  EXPECT_EQ(span.file, 7u);
  EXPECT_EQ(span.column, 2u);
  EXPECT_EQ(span.end_column, 4u);
}

// Release frees the bytes; they come back through the loader, once, when next needed.
TEST(SourceTextTest, ReleasedTextIsReadAgainWhenNeeded) {
  const std::string text = "first\nsecond \xC3\xA9 line\nthird";
  int loads = 0;
  SourceText src("f.txt", text);
  src.SetLoader([&]() -> std::optional<std::string> {
    ++loads;
    return text;
  });
  src.Release();
  EXPECT_EQ(loads, 0);
  EXPECT_EQ(src.Line(2), "second \xC3\xA9 line");
  EXPECT_EQ(src.PositionAt(20).column, 14u);  // "second é line" has 13 code points
  EXPECT_EQ(src.content(), text);
  EXPECT_EQ(loads, 1);
  SourceText no_loader("g.txt", "kept");
  no_loader.Release();  // nothing to read it again with: kept
  EXPECT_EQ(no_loader.content(), "kept");
}

// The usual order in a run: a reader asks for positions (the line index is built), the run
// releases the bytes, and a report later asks for a line to print under its message.
TEST(SourceTextTest, ReleasedAfterTheIndexIsBuiltIsReadAgainForALine) {
  const std::string text = "first\nsecond line\nthird";
  int loads = 0;
  SourceText src("f.txt", text);
  src.SetLoader([&]() -> std::optional<std::string> {
    ++loads;
    return text;
  });
  EXPECT_EQ(src.PositionAt(8).line, 2u);  // builds the index
  src.Release();
  EXPECT_EQ(src.Line(2), "second line");
  EXPECT_EQ(loads, 1);
  src.Release();
  EXPECT_EQ(src.LineStart(3), 18u);
  EXPECT_EQ(src.Line(3), "third");
  EXPECT_EQ(loads, 2);
}

// When the file changed (or vanished) between the two reads, the text reads as empty rather than
// showing lines that are not the ones the findings were made on; nothing breaks.
TEST(SourceTextTest, ReleasedTextThatChangedReadsAsEmpty) {
  for (std::optional<std::string> again :
       {std::optional<std::string>("first\nsecond line\nthirX"), std::optional<std::string>()}) {
    SourceText src("f.txt", "first\nsecond line\nthird");
    EXPECT_EQ(src.LineCount(), 3u);  // an index built before the release
    src.SetLoader([&] { return again; });
    src.Release();
    EXPECT_EQ(src.content(), "");
    EXPECT_EQ(src.Line(2), "");
    EXPECT_EQ(src.Line(3), "");
    EXPECT_EQ(src.LineStart(3), 0u);
    EXPECT_EQ(src.PositionAt(15).line, 1u);
    EXPECT_EQ(src.PositionAt(15).column, 1u);
  }
}

// CountCodePoints counts eight bytes at a time; it must agree with counting byte by byte for any
// bytes, any length and any alignment of the multi-byte characters.
TEST(CountCodePointsTest, AgreesWithCountingByteByByte) {
  std::mt19937 rng(3);
  const std::string pieces[] = {"a",    "\xC3\xA9", "\xE2\x9C\x93", "\xF0\x9F\x98\x80",
                                "\x80", "\xFF"};
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    size_t n = rng() % 30;
    for (size_t i = 0; i < n; ++i) text += pieces[rng() % std::size(pieces)];
    size_t expected = 0;
    for (unsigned char c : text) expected += (c & 0xC0) != 0x80;
    ASSERT_EQ(CountCodePoints(text), expected) << round;
  }
}

// Advance walks text from a position as PositionAt counts the file: a line per line break, the
// column in code points from the last break; it saturates rather than wrap round to 0.
TEST(AdvanceTest, CountsLinesAndCodePointColumns) {
  // Several blocks of eight bytes, with breaks at different offsets in them.
  const std::string piece = "ab\n\xC3\xA9t\xC3\xA9\n\nx\xF0\x9F\x98\x80y";
  const std::string text = piece + " a line with no break in it at all " + piece + "\n" + piece;
  const SourceText source("f", "12345" + text);
  for (size_t end = 0; end <= text.size(); ++end) {
    SourcePosition p = Advance({1, 6}, std::string_view(text).substr(0, end));
    SourcePosition expected = source.PositionAt(5 + end);
    EXPECT_EQ(p.line, expected.line) << end;
    EXPECT_EQ(p.column, expected.column) << end;
  }
  SourcePosition far = Advance({UINT32_MAX, UINT32_MAX}, "a\nbc");
  EXPECT_EQ(far.line, UINT32_MAX);
  EXPECT_EQ(far.column, 3u);
  EXPECT_EQ(Advance({2, UINT32_MAX}, "abc").column, UINT32_MAX);
}

TEST(FormatLocationTest, OmitsUnknownParts) {
  EXPECT_EQ(FormatLocation("a", 0, 0), "a");
  EXPECT_EQ(FormatLocation("a", 3, 0), "a:3");
  EXPECT_EQ(FormatLocation("a", 3, 9), "a:3:9");
}

}  // namespace
}  // namespace qbank
