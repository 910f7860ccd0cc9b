#include "text/readable_text.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace qbank::text {
namespace {

TEST(ReadableTextTest, HtmlReadsAsItsText) {
  std::string html =
      "<html><head><title>Dumps</title><style>p{color:red}</style></head><body>"
      "<div class=\"q\">Which port does <b>HTTPS</b> use?<br/>Pick one.</div>"
      "<script>var x = '<p>no</p>';</script><!-- a comment -->"
      "<ul><li>A. 443</li><li>B. 80 &amp; 8080</li></ul><p>It&rsquo;s &#52;43&nbsp;by default "
      "&#x21;</p>"
      "</body></html>";
  ReadableText text = HtmlToText(html);
  EXPECT_EQ(text.text,
            "Which port does HTTPS use?\nPick one.\n\nA. 443\nB. 80 & 8080\n\nIt\u2019s 443 by "
            "default !");
  // Each byte maps back to its source: "HTTPS" is verbatim, the decoded "&" maps to its "&amp;".
  size_t https = text.text.find("HTTPS");
  EXPECT_EQ(html.substr(text.SourceOffset(https), 5), "HTTPS");
  EXPECT_TRUE(text.Verbatim(html, https, https + 5));
  size_t amp = text.text.find('&');
  EXPECT_EQ(html.substr(text.SourceOffset(amp), 5), "&amp;");
  EXPECT_FALSE(text.Verbatim(html, amp, amp + 3));
  EXPECT_EQ(text.source.size(), text.text.size() + 1);
}

// A skipped element whose closing tag is cut off at the end of the text ("</style" and nothing
// after it) ends there; its name was once read one byte past the text (found by dump_fuzz).
TEST(ReadableTextTest, ClosingTagCutOffAtTheEndEndsTheSkippedElement) {
  const std::string whole = "<div>Question #7</div><style>p{}</style";
  // A copy of exactly the text's bytes, so that AddressSanitizer sees a read past them.
  const std::vector<char> bytes(whole.begin(), whole.end());
  ReadableText text = HtmlToText(std::string_view(bytes.data(), bytes.size()));
  EXPECT_EQ(text.text, "Question #7");
  EXPECT_EQ(HtmlToText("<p>a</p><script>x</scrip").text, "a");
}

// Editors write letters and symbols as HTML 4's named references; an unknown name stays.
TEST(ReadableTextTest, NamedReferencesAreDecoded) {
  EXPECT_EQ(HtmlToText("<p>caf&eacute; &Uuml;ber &szlig; &Omega; &frac12; &apos;</p>").text,
            "caf\u00e9 \u00dcber \u00df \u03a9 \u00bd '");
  EXPECT_EQ(HtmlToText("<p>&notaname; &amp</p>").text, "&notaname; &amp");
}

TEST(ReadableTextTest, OneLineMinifiedHtmlKeepsColumns) {
  std::string html = "<div><p>QUESTION 1</p><p>What is two plus two?</p></div>";
  ReadableText text = HtmlToText(html);
  EXPECT_EQ(text.text, "QUESTION 1\n\nWhat is two plus two?");
  EXPECT_EQ(text.SourceOffset(text.text.find("What")), html.find("What"));
}

TEST(ReadableTextTest, TellsHtmlFromTextThatMentionsATag) {
  EXPECT_TRUE(LooksLikeHtml("<p>a</p><div>b</div><br>"));
  EXPECT_FALSE(LooksLikeHtml("Which tag starts a paragraph: <p>? And 2 < 3."));
  EXPECT_FALSE(LooksLikeHtml("QUESTION 1\nWhat is x?\nA. 1\nB. 2"));
}

TEST(ReadableTextTest, PdfRepairJoinsHyphenatedWordsAndDropsPageLines) {
  std::string pdf =
      "ExampleDumps Practice Exam 200-301\n"
      "QUESTION 1\n"
      "Which protocol encrypts web traf-\n"
      "fic between a browser and a ser-\n"
      "\f"
      "www.exampledumps.test - Page 2 of 9\n"
      "ver?\n"
      "A. HTTPS\n"
      "ExampleDumps Practice Exam 200-301\n"
      "\f"
      "www.exampledumps.test - Page 3 of 9\n"
      "QUESTION 2\n"
      "A. HTTPS\n"
      "ExampleDumps Practice Exam 200-301\n"
      "\f"
      "www.exampledumps.test - Page 4 of 9\n"
      "Well-known ports are below 1024.\n";
  ReadableText text = RepairPdfText(Identity(pdf));
  EXPECT_EQ(text.text,
            "QUESTION 1\nWhich protocol encrypts web traffic between a browser and a server?\n"
            "A. HTTPS\nQUESTION 2\nA. HTTPS\nWell-known ports are below 1024.\n");
  size_t fic = text.text.find("fic");
  EXPECT_EQ(pdf.substr(text.SourceOffset(fic), 3), "fic");
}

TEST(ReadableTextTest, PdfRepairWithoutFormFeedsDropsOnlyPageLikeLines) {
  std::string pdf =
      "Page 1 of 3\nNote: this question is part of a series.\nQUESTION 1\nText one.\n"
      "Page 2 of 3\nNote: this question is part of a series.\nQUESTION 2\nText two.\n"
      "Page 3 of 3\nNote: this question is part of a series.\nQUESTION 3\nText three.\n";
  std::string text = RepairPdfText(Identity(pdf)).text;
  EXPECT_EQ(text.find("Page"), std::string::npos);
  EXPECT_NE(text.find("Note: this question"), std::string::npos);  // a repeated sentence stays
}

// NeedsPdfRepair says whether RepairPdfText changes a text, without mapping its bytes: the index
// build indexes a file as it is when it says no.
TEST(ReadableTextTest, NeedsPdfRepairIsWhetherTheRepairChangesTheText) {
  const std::vector<std::pair<std::string, bool>> texts = {
      {"", false},
      {"One paragraph of plain prose.\n\nAnother, with a dash - and a hyphen-ated word.\n", false},
      {"no line break at the end", false},
      {"Trailing spaces stay on a line   \nand CRLF line ends too\r\n\r\n", false},
      {"A word at the end of a line is con-\nfigured as it was.\n", true},
      {"A capital after the hyphen is no join: Wi-\nFi\n", false},
      {"Page one\fPage two\n", true},
      {"Last line of blanks\n   ", true},
      {"Page 1 of 3\nText one.\nPage 2 of 3\nText two.\nPage 3 of 3\nText three.\n", true},
      {"Note: a series.\nText one.\nNote: a series.\nText two.\nNote: a series.\n", false},
  };
  for (const auto& [text, changes] : texts) {
    EXPECT_EQ(RepairPdfText(Identity(text)).text != text, changes) << text;
    EXPECT_EQ(NeedsPdfRepair(text), changes) << text;
  }
}

TEST(ReadableTextTest, StripMarkupReadsBankFieldsAsRendered) {
  EXPECT_EQ(StripMarkup("Line one<br/>line <b>two</b> &amp; more"), "Line one line two & more");
  EXPECT_EQ(StripMarkup("2 < 3 and plain"), "2 < 3 and plain");
  EXPECT_EQ(StripMarkup("no markup at all"), "no markup at all");
}

}  // namespace
}  // namespace qbank::text
