// The text report shows control and bidi characters escaped, with the caret still under the span.
#include <gtest/gtest.h>

#include "report/text_report.h"

namespace qbank::report {
namespace {

TEST(TerminalEscapeTest, EscapesBidiAndControlCharacters) {
  EXPECT_EQ(EscapeForTerminal("abc\xE2\x80\xAE"
                              "fed"),
            "abc<U+202E>fed");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(EscapeForTerminal("a\x1b[31mb"), "a<U+001B>[31mb");
  EXPECT_EQ(EscapeForTerminal("x\xE2\x81\xA6y\xE2\x81\xA9"), "x<U+2066>y<U+2069>");
  EXPECT_EQ(EscapeForTerminal("tab\tcaf\xC3\xA9 \xC2\x85"), "tab\tcaf\xC3\xA9 <U+0085>");
  EXPECT_EQ(EscapeForTerminal("zero\xE2\x80\x8Bwidth"), "zero\xE2\x80\x8Bwidth");  // not bidi
}

TEST(TerminalEscapeTest, CaretCountsTheEscapeWidth) {
  // "ab<RLO>cd": the span is "cd" (columns 4-5); shown after the 8-cell escape.
  EXPECT_EQ(CaretLines("ab\xE2\x80\xAE"
                       "cd",
                       4, 6, false),
            "ab<U+202E>cd\n          ^~\n");
  // The span is the RLO itself.
  EXPECT_EQ(CaretLines("ab\xE2\x80\xAE"
                       "cd",
                       3, 4, false),
            "ab<U+202E>cd\n  ^~~~~~~~\n");
}

}  // namespace
}  // namespace qbank::report
