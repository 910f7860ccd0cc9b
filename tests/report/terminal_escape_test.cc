// The text report shows control and bidi characters escaped, with the caret still under the span.
#include <gtest/gtest.h>

#include <sstream>

#include "lint/rule.h"
#include "report/report.h"
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

TEST(TerminalEscapeTest, ControlCharactersInFileNamesAreEscapedToo) {
  // An ESC or BEL in a file name reached the terminal raw in findings and import errors.
  model::Bank bank;
  bank.AddSource(std::make_shared<SourceText>("q\x1b]0;x\x07.gift", "Which?\n"));
  std::vector<lint::Finding> findings(1);
  findings[0].rule_id = "empty-field";
  findings[0].message = "a message";
  findings[0].span = SourceSpan::Point(1, 1);
  findings[0].span.file = 0;
  ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  std::ostringstream out;
  WriteTextReport(input, ReportOptions(), out);
  EXPECT_EQ(out.str().substr(0, 40), "q<U+001B>]0;x<U+0007>.gift:1:1: warning:");
  std::ostringstream errors;
  WriteImportErrors({Diagnostic::FromStatus(Status::InvalidInput("bad"), "q\x07.gift")}, bank,
                    errors);
  EXPECT_EQ(errors.str(), "q<U+0007>.gift: error: bad\n");
}

}  // namespace
}  // namespace qbank::report
