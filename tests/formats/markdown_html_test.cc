// Markdown and HTML (formats/markdown_html.h): SameHtml, which decides whether an LMS left a
// rendered draft's HTML as it was; HtmlToMarkdown and the lone paragraph.
#include "formats/markdown_html.h"

#include <gtest/gtest.h>

namespace qbank::formats {
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

}  // namespace
}  // namespace qbank::formats
