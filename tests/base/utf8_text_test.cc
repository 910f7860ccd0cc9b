// utf8_text.h: one UTF-8 sequence decoded forwards and backwards; malformed bytes decode to none.
#include "base/utf8_text.h"

#include <gtest/gtest.h>

#include <string_view>

namespace qbank {
namespace {

TEST(Utf8TextTest, SequenceLengthDecodesWellFormedSequencesOnly) {
  char32_t cp = 0;
  EXPECT_EQ(Utf8SequenceLength("a", 0, &cp), 1u);
  EXPECT_EQ(cp, U'a');
  EXPECT_EQ(Utf8SequenceLength("\u2014", 0, &cp), 3u);
  EXPECT_EQ(cp, U'\u2014');
  EXPECT_EQ(Utf8SequenceLength("\xE2\x80", 0), 0u);  // cut short
  EXPECT_EQ(Utf8SequenceLength("\x80", 0), 0u);      // a lone continuation byte
  EXPECT_EQ(Utf8SequenceLength("\xC0\xAF", 0), 0u);  // overlong
}

TEST(Utf8TextTest, SequenceBeforeDecodesTheSequenceEndingThere) {
  std::string_view s = "a\u00E9\u2014\U0001F600";
  char32_t cp = 0;
  EXPECT_EQ(Utf8SequenceBefore(s, s.size(), &cp), 4u);
  EXPECT_EQ(cp, U'\U0001F600');
  EXPECT_EQ(Utf8SequenceBefore(s, 6, &cp), 3u);
  EXPECT_EQ(cp, U'\u2014');
  EXPECT_EQ(Utf8SequenceBefore(s, 3, &cp), 2u);
  EXPECT_EQ(cp, U'\u00E9');
  EXPECT_EQ(Utf8SequenceBefore(s, 1, &cp), 1u);
  EXPECT_EQ(cp, U'a');
  EXPECT_EQ(Utf8SequenceBefore(s, 0), 0u);
  // Inside a sequence, after a lone continuation byte or a truncated sequence: none.
  EXPECT_EQ(Utf8SequenceBefore(s, 2), 0u);
  EXPECT_EQ(Utf8SequenceBefore("ab\xA9", 3), 0u);
  EXPECT_EQ(Utf8SequenceBefore("a\xE2\x80", 3), 0u);
  // A run of continuation bytes is read at most four bytes back.
  EXPECT_EQ(Utf8SequenceBefore("\xE2\x80\x80\x80\x80\x80", 6), 0u);
}

}  // namespace
}  // namespace qbank
