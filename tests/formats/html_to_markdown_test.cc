// HTML as an LMS writes it, made Markdown only where the Markdown renders as the same HTML.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "formats/markdown_html.h"

namespace qbank::formats {
namespace {

TEST(HtmlToMarkdownTest, ReadsHtmlAsABrowserDoes) {
  // Moodle's editors write <br> and &nbsp;, which XML refuses.
  EXPECT_EQ(HtmlToMarkdown("<p>Line one<br>Line two</p>"), "Line one\\\nLine two");
  EXPECT_EQ(HtmlToMarkdown("<p>Tide&nbsp;tables</p>"), "Tide\u00A0tables");
  EXPECT_EQ(HtmlToMarkdown("<p>Which <em>noble</em> gas?</p>"), "Which *noble* gas?");
  EXPECT_EQ(HtmlToMarkdown("5 * 3 and snake_case"), "5 \\* 3 and snake\\_case");
}

TEST(HtmlToMarkdownTest, LeavesWhatMarkdownWouldChangeAsHtml) {
  // cmark writes <strong> and <em>, so <b> and <i> would not come back as they are.
  EXPECT_EQ(HtmlToMarkdown("<p>Use <b>bold</b></p>"), std::nullopt);
  EXPECT_EQ(HtmlToMarkdown("<table><tr><td>1</td></tr></table>"), std::nullopt);
  EXPECT_EQ(HtmlToMarkdown("<p><span style=\"color:red\">Red</span></p>"), std::nullopt);
  // The browser's reading skips a comment; Markdown has nowhere to keep it.
  EXPECT_EQ(HtmlToMarkdown("<p>Which gas?<!-- ask the chemist --></p>"), std::nullopt);
}

TEST(SameHtmlTest, NoSpaceIsShownAtEitherEndOfALine) {
  EXPECT_TRUE(SameHtml("Line one<br />\nLine two", "<p>Line one<br>Line two</p>"));
  EXPECT_TRUE(SameHtml("Line one <br> Line two", "Line one<br>Line two"));
  EXPECT_FALSE(SameHtml("Line one<br>Line two", "Line oneLine two"));
  EXPECT_FALSE(SameHtml("<pre>a<br> b</pre>", "<pre>a<br>b</pre>"));
}

}  // namespace
}  // namespace qbank::formats
