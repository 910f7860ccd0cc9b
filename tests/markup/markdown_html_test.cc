// Markdown and HTML (formats/markdown_html.h): SameHtml, which decides whether an LMS left a
// rendered draft's HTML as it was; HtmlToMarkdown and the lone paragraph.
#include "markup/markdown_html.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace qbank::markup {
namespace {

TEST(SameHtmlTest, WhiteSpaceCountsAsABrowserShowsIt) {
  EXPECT_TRUE(SameHtml("a  <em>b</em>\tc", "a <em>b</em> c"));
  EXPECT_TRUE(SameHtml("<p>one</p>\n<p>two</p>", "<p>one</p><p>two</p>"));
  EXPECT_TRUE(SameHtml("  <p>one</p>\n", "<p>one</p>"));
  EXPECT_TRUE(SameHtml("<ul>\n  <li>x</li>\n</ul>", "<ul><li>x</li></ul>"));
  // A space between words is not nothing, and <pre> keeps its white space.
  EXPECT_FALSE(SameHtml("a <em>b</em>", "a<em>b</em>"));
  EXPECT_FALSE(SameHtml("<pre><code>a  b</code></pre>", "<pre><code>a b</code></pre>"));
}

TEST(SameHtmlTest, TextAfterANulByteCounts) {
  // (gift_fuzz found a stem whose HTML began with NUL bytes become empty through the Markdown
  // draft a qbank-meta comment carried: the reading stopped at the NUL, and "" matched.)
  using namespace std::string_literals;
  EXPECT_FALSE(SameHtml("\0<p>Which star?</p>"s, ""));
  EXPECT_FALSE(SameHtml("a\0b"s, "a"));
  EXPECT_TRUE(SameHtml("a\0b"s, "a\0b"s));
  EXPECT_EQ(HtmlToMarkdown("\0[html]Which star?"s), std::nullopt);
  EXPECT_EQ(HtmlToMarkdown("<p>Which\0 star?</p>"s), std::nullopt);
}

TEST(SameHtmlTest, AttributeOrderDoesNotCount) {
  EXPECT_TRUE(SameHtml(R"(<a href="https://example.org/" title="Site">x</a>)",
                       R"(<a title="Site" href="https://example.org/">x</a>)"));
  EXPECT_TRUE(SameHtml(R"(<a href='https://example.org/'>x</a>)",
                       R"(<a href="https://example.org/">x</a>)"));
  EXPECT_FALSE(SameHtml(R"(<a href="https://example.org/" title="Site">x</a>)",
                        R"(<a href="https://example.org/" title="Other">x</a>)"));
}

TEST(SameHtmlTest, AnEntityIsTheCharacterItWrites) {
  EXPECT_TRUE(SameHtml("caf&eacute; &amp; tea", "café &amp; tea"));
  EXPECT_TRUE(SameHtml("&lt;b&gt; &#233;", "&lt;b&gt; é"));
  EXPECT_TRUE(SameHtml("a&nbsp;b", "a\u00a0b"));
  EXPECT_FALSE(SameHtml("a&nbsp;b", "a b"));
  EXPECT_FALSE(SameHtml("&lt;b&gt;x", "<b>x</b>"));
}

TEST(SameHtmlTest, SelfClosingIsHowAnEmptyElementIsWritten) {
  EXPECT_TRUE(SameHtml("one<br>two", "one<br />two"));
  EXPECT_TRUE(SameHtml("one<br/>two", "one<br />two"));
  EXPECT_TRUE(SameHtml(R"(<img src="a.png" alt="A">)", R"(<img alt="A" src="a.png" />)"));
  EXPECT_FALSE(SameHtml("one<br>two", "one two"));
}

TEST(SameHtmlTest, ALoneParagraphIsItsText) {
  EXPECT_TRUE(SameHtml("<p>Only <em>this</em></p>", "Only <em>this</em>"));
  EXPECT_FALSE(SameHtml("<p>one</p><p>two</p>", "one two"));
  EXPECT_FALSE(SameHtml("<p>one</p>", "<div>one</div>"));
  EXPECT_FALSE(SameHtml("<em>a</em>", "<strong>a</strong>"));
}

TEST(MarkdownHtmlTest, WithoutLoneParagraph) {
  EXPECT_EQ(WithoutLoneParagraph("<p>a <em>b</em></p>"), "a <em>b</em>");
  EXPECT_EQ(WithoutLoneParagraph("<p>a</p>\n<p>b</p>"), "<p>a</p>\n<p>b</p>");
  EXPECT_EQ(WithoutLoneParagraph("<p>a</p><ul><li>b</li></ul>"), "<p>a</p><ul><li>b</li></ul>");
  EXPECT_EQ(WithoutLoneParagraph("plain"), "plain");
  EXPECT_EQ(WithoutLoneParagraph("<p></p>"), "");
}

TEST(MarkdownHtmlTest, HtmlToMarkdownOnlyWhereItRendersBack) {
  EXPECT_EQ(HtmlToMarkdown("<p>a <em>b</em> and <strong>c</strong></p>"), "a *b* and **c**");
  EXPECT_EQ(HtmlToMarkdown("<ul><li>x</li><li>y</li></ul>"), "- x\n- y");
  EXPECT_EQ(HtmlToMarkdown("<table><tbody><tr><td>x</td></tr></tbody></table>"), std::nullopt);
  EXPECT_EQ(HtmlToMarkdown(R"(<a href="https://example.org/" title="t">x</a>)"), std::nullopt);
  // MarkdownNotationOf gives the notation without the check.
  EXPECT_EQ(MarkdownNotationOf("<em>b</em>"), "*b*");
  EXPECT_EQ(MarkdownNotationOf("<h2>b</h2>"), std::nullopt);
}

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
}  // namespace qbank::markup
