#include "base/source_alignment.h"

#include <gtest/gtest.h>

#include <string>

namespace qbank {
namespace {

// The source place of the first byte of `needle` in `value`.
size_t Place(const std::vector<AlignedPiece>& pieces, std::string_view value,
             std::string_view needle) {
  return SourceOffsetOf(pieces, value.find(needle));
}

TEST(SourceAlignmentTest, MapsRenderedHtmlWordsToTheirBytes) {
  const std::string html = "<li>Which <b>crane</b> lifts the&nbsp;hull &amp; the mast?</li>";
  const std::string value = "Which crane lifts the hull & the mast?";
  std::vector<AlignedPiece> pieces = AlignToSource(value, html, html.find("Which"));
  EXPECT_EQ(Place(pieces, value, "Which"), html.find("Which"));
  EXPECT_EQ(Place(pieces, value, "crane"), html.find("crane"));
  EXPECT_EQ(Place(pieces, value, "lifts"), html.find("lifts"));
  EXPECT_EQ(Place(pieces, value, "hull"), html.find("hull"));
  // "&" is not in the source as a word of its own ("&amp;"): placed at the next text.
  EXPECT_EQ(Place(pieces, value, "&"), html.find("&amp;"));
  EXPECT_EQ(Place(pieces, value, "mast"), html.find("mast"));
}

TEST(SourceAlignmentTest, JoinedHyphenationAndDroppedLines) {
  const std::string pdf =
      "The keeper logged the wind speed and the config-\nuration of\nPage 3 of 9\nthe lamps.";
  const std::string value = "The keeper logged the wind speed and the configuration of the lamps.";
  std::vector<AlignedPiece> pieces = AlignToSource(value, pdf, 0);
  EXPECT_EQ(Place(pieces, value, "keeper"), pdf.find("keeper"));
  EXPECT_EQ(Place(pieces, value, "configuration"), pdf.find("config-"));
  EXPECT_EQ(Place(pieces, value, "of the"), pdf.find("of\n"));
  EXPECT_EQ(Place(pieces, value, "lamps"), pdf.find("lamps"));
  // A verbatim value is one piece.
  EXPECT_EQ(AlignToSource("the wind speed", pdf, pdf.find("the wind")).size(), 1u);
}

TEST(SourceAlignmentTest, PositionCounterCountsOnAndBack) {
  SourceText source("f",
                    "ab\nc\xC3\xA9"
                    "d\nxyz");
  PositionCounter counter(source);
  SourcePosition p = counter.At(6);  // 'd'
  EXPECT_EQ(p.line, 2u);
  EXPECT_EQ(p.column, 3u);
  p = counter.At(9);  // 'y'
  EXPECT_EQ(p.line, 3u);
  EXPECT_EQ(p.column, 2u);
  p = counter.At(1);
  EXPECT_EQ(p.line, 1u);
  EXPECT_EQ(p.column, 2u);
  EXPECT_EQ(counter.OffsetOf(2, 3), 6u);
  EXPECT_EQ(counter.OffsetOf(3, 99), source.content().size());
}

}  // namespace
}  // namespace qbank
