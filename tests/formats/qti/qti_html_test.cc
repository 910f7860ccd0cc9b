// HTML made valid for QTI items (formats/qti_html.h) and HTML read as a browser reads it
// (formats/html_tree.h): element by element, and a Moodle export written by its editors through
// qti21 and qti30, checked against the official schemas where ../shared/ref/qti-xsd is present.
#include "formats/qti/qti_html.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "formats/aiken/aiken_format.h"
#include "formats/csv/csv_format.h"
#include "formats/gift/gift_format.h"
#include "formats/md/md_format.h"
#include "formats/moodle_xml/moodle_xml_format.h"
#include "formats/qti/qti_format.h"
#include "formats/qti_schema_test_support.h"
#include "formats/xml_formats_test_support.h"
#include "markup/html_tree.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using namespace xml_formats_testing;  // NOLINT(google-build-using-namespace)
using qti_schema_testing::SchemaErrors;
using Version = QtiFormat::Version;

struct Cleaned {
  std::string html;
  std::string changes;  // one per line
};

Cleaned Clean(std::string_view html, Version version = Version::k21,
              QtiHtmlPlace place = QtiHtmlPlace::kFlow) {
  std::vector<xml::Node> nodes = markup::ParseHtmlFragment(html);
  QtiHtmlCleaner cleaner(version);
  std::vector<std::string> changes;
  cleaner.Clean(nodes, place, changes);
  Cleaned out{xml::WriteFragment(nodes), ""};
  for (const std::string& c : changes) out.changes += c + "\n";
  return out;
}

TEST(HtmlTreeTest, ReadsHtmlThatIsNotXml) {
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("a<BR>b&nbsp;c &amp; d &bogus; e < f")),
            "a<br/>b\u00a0c &amp; d &amp;bogus; e &lt; f");
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("<img src=x.png alt='A \"b\"' hidden>")),
            "<img src=\"x.png\" alt=\"A &quot;b&quot;\" hidden=\"hidden\"/>");
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("<ul><li>one<li>two</ul>")),
            "<ul><li>one</li><li>two</li></ul>");
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("<p>a</b>b<!-- note --><p>c")),
            "<p>ab</p><p>c</p>");
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("<em>open <strong>both")),
            "<em>open <strong>both</strong></em>");
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment("x<script>if (a < b) {}</script>y")),
            "x<script>if (a &lt; b) {}</script>y");
}

// Attribute names are made small, as a browser does, but for MathML's one mixed-case attribute,
// which a browser's HTML parser writes back as definitionURL (HTML has no definitionurl), so a
// formula in HTML that is not XML keeps it through a QTI item.
TEST(HtmlTreeTest, MathMlKeepsItsDefinitionUrl) {
  std::string html = "<math><csymbol DEFINITIONURL=\"https://e.org/f\">f</csymbol></math><br>";
  EXPECT_EQ(xml::WriteFragment(markup::ParseHtmlFragment(html)),
            "<math><csymbol definitionURL=\"https://e.org/f\">f</csymbol></math><br/>");
  Cleaned c = Clean(html, Version::k30, QtiHtmlPlace::kInline);
  EXPECT_EQ(c.html,
            "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><csymbol "
            "definitionURL=\"https://e.org/f\">f</csymbol></math><br/>");
  EXPECT_EQ(c.changes, "");
}

TEST(QtiHtmlTest, UnknownElementsAreUnwrappedAndCodeDropped) {
  Cleaned c = Clean(
      "<p><font face=\"Arial\">big <u>tide</u></font></p><center>x</center>"
      "<script>alert(1)</script><style>p{}</style><o:p></o:p>");
  EXPECT_EQ(c.html, "<p>big tide</p>x");
  EXPECT_EQ(c.changes,
            "<font> unwrapped\n<u> unwrapped\n<center> unwrapped\n<script> dropped\n"
            "<style> dropped\n<o:p> dropped\n");
}

TEST(QtiHtmlTest, AttributesTheSchemaRefusesAreDropped) {
  Cleaned c = Clean(
      "<p style=\"color:red\" onclick=\"f()\" class=\"note\" id=\"p1\">a</p>"
      "<p id=\"p1\">b</p><p id=\"2x\">c</p>"
      "<img src=\"m.png\" width=\"50px\" height=\"40%\">"
      "<a href=\"https://example.org\" target=\"_blank\">d</a>");
  EXPECT_EQ(c.html,
            "<p class=\"note\" id=\"p1\">a</p><p>b</p><p>c</p>"
            "<img src=\"m.png\" height=\"40%\" alt=\"\"/><a href=\"https://example.org\">d</a>");
  EXPECT_EQ(c.changes,
            "style attribute dropped\nonclick attribute dropped\nid attribute dropped\n"
            "id attribute dropped\nwidth attribute dropped\ntarget attribute dropped\n");
}

TEST(QtiHtmlTest, LinksAndImagesThatCannotWorkGo) {
  Cleaned c = Clean("<a href=\"javascript:go()\">go</a> <a name=\"top\">top</a><img alt=\"x\">");
  EXPECT_EQ(c.html, "go top");
  EXPECT_EQ(c.changes, "<a> unwrapped\n<a> unwrapped\n<img> dropped\n");
}

TEST(QtiHtmlTest, LanguageAndDirectionFollowTheVersion) {
  std::string html = "<span lang=\"fr\" dir=\"rtl\" role=\"note\">marée</span>";
  Cleaned v21 = Clean(html, Version::k21);
  EXPECT_EQ(v21.html, "<span xml:lang=\"fr\">marée</span>");
  EXPECT_EQ(v21.changes, "dir attribute dropped\nrole attribute dropped\n");
  Cleaned v30 = Clean(html, Version::k30);
  EXPECT_EQ(v30.html, html);
  EXPECT_EQ(v30.changes, "");
  // HTML5 sectioning exists in 3.0 only.
  EXPECT_EQ(Clean("<section><p>a</p></section>", Version::k30).html, "<section><p>a</p></section>");
  EXPECT_EQ(Clean("<section><p>a</p></section>", Version::k21).html, "<p>a</p>");
}

TEST(QtiHtmlTest, BlocksInsideInlineContentAreUnwrapped) {
  Cleaned c = Clean("<span><p>one</p><div>two</div></span>");
  EXPECT_EQ(c.html, "<span>one two </span>");
  EXPECT_EQ(c.changes, "<p> unwrapped\n<div> unwrapped\n");
  // A paragraph's place (the text around a missing-word gap) holds no block.
  Cleaned inline_place = Clean("the <p>low</p> tide", Version::k30, QtiHtmlPlace::kInline);
  EXPECT_EQ(inline_place.html, "the low  tide");
  // 2.1's inline choices hold text alone.
  Cleaned text = Clean("<em>Au</em><br>gold", Version::k21, QtiHtmlPlace::kText);
  EXPECT_EQ(text.html, "Au gold");
  EXPECT_EQ(text.changes, "<em> unwrapped\n<br> dropped\n");
}

TEST(QtiHtmlTest, ContentWhereOnlyBlocksStandIsWrapped) {
  // 2.1's blockquote holds blocks; 3.0's flow.
  EXPECT_EQ(Clean("<blockquote>Tide <em>rises</em>.<p>Then falls.</p></blockquote>").html,
            "<blockquote><p>Tide <em>rises</em>.</p><p>Then falls.</p></blockquote>");
  EXPECT_EQ(Clean("<blockquote>Tide</blockquote>", Version::k30).html,
            "<blockquote>Tide</blockquote>");
}

// An item body holds blocks: without an interaction to take it as a prompt, a stem's runs of text
// and inline elements become paragraphs.
TEST(QtiHtmlTest, AStemInTheItemBodyIsBlocks) {
  model::Bank bank;
  model::Question q;
  q.id = std::string("tides-6");
  q.type = model::QuestionType::kDescription;
  q.markup = model::Markup::kHtml;
  q.stem = std::string("Explain <i>why</i>.<ol><li>a</li></ol>more<br>");
  bank.questions.push_back(q);
  for (Version version : {Version::k21, Version::k30}) {
    LossReport loss;
    Result<std::string> item = QtiFormat(version).Export(bank, ExportOptions{}, loss);
    ASSERT_TRUE(item.ok()) << item.status().ToString();
    EXPECT_NE(item->find("<p>Explain <i>why</i>.</p>\n    <ol>\n      <li>a</li>\n    </ol>\n"
                         "    <p>more<br/></p>"),
              std::string::npos)
        << *item;
    EXPECT_TRUE(loss.empty()) << loss.Summary();
  }
}

TEST(QtiHtmlTest, ListsKeepStrayContentInAnItem) {
  Cleaned c = Clean("<ul>lead<li>a</li><ul><li>a.1</li></ul><li>b</li></ul><li>loose</li>");
  EXPECT_EQ(c.html, "<ul><li>lead</li><li>a<ul><li>a.1</li></ul></li><li>b</li></ul>loose");
  EXPECT_EQ(c.changes, "<li> unwrapped\n");
}

TEST(QtiHtmlTest, TablesGetTheirPartsInOrderAndABody) {
  Cleaned c = Clean(
      "<table><tr><td>1</td></tr><thead><tr><th>n</th></tr></thead><caption>T</caption>"
      "<tr><td>2</td>stray</tr><tbody></tbody></table>");
  EXPECT_EQ(c.html,
            "<table><caption>T</caption><thead><tr><th>n</th></tr></thead>"
            "<tbody><tr><td>1</td></tr><tr><td>2</td><td>stray</td></tr></tbody></table>");
  EXPECT_EQ(c.changes, "");
  // Header rows alone: 2.1 wants a tbody, so they become the body.
  EXPECT_EQ(Clean("<table><thead><tr><th>n</th></tr></thead></table>").html,
            "<table><tbody><tr><th>n</th></tr></tbody></table>");
  // No row at all: the table goes, its caption's text stays.
  Cleaned empty = Clean("<table><caption>Nothing</caption></table>");
  EXPECT_EQ(empty.html, "Nothing");
  EXPECT_EQ(empty.changes, "<table> unwrapped\n<caption> unwrapped\n");
}

TEST(QtiHtmlTest, IdsAreUniquePerItem) {
  QtiHtmlCleaner cleaner(Version::k21);
  std::vector<std::string> changes;
  std::vector<xml::Node> a = markup::ParseHtmlFragment("<p id=\"x\">a</p>");
  std::vector<xml::Node> b = markup::ParseHtmlFragment("<p id=\"x\">b</p>");
  cleaner.Clean(a, QtiHtmlPlace::kFlow, changes);
  cleaner.Clean(b, QtiHtmlPlace::kFlow, changes);
  EXPECT_EQ(xml::WriteFragment(b), "<p>b</p>");
  cleaner.StartItem();
  std::vector<xml::Node> c = markup::ParseHtmlFragment("<p id=\"x\">c</p>");
  cleaner.Clean(c, QtiHtmlPlace::kFlow, changes);
  EXPECT_EQ(xml::WriteFragment(c), "<p id=\"x\">c</p>");
}

// A Moodle file whose HTML its editors wrote (not XML, old and pasted markup) becomes QTI that
// the official schemas accept, and the loss report names each thing dropped per question.
TEST(QtiHtmlTest, MoodleEditorHtmlBecomesSchemaValidQti) {
  Imported in = ImportText(MoodleXmlFormat(), "moodle_editor.xml",
                           ReadTestdata("qti_html/moodle_editor.xml"));
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  ASSERT_EQ(in.ErrorText(), "");
  bool checked = false;
  for (Version version : {Version::k21, Version::k30}) {
    QtiFormat qti(version);
    SCOPED_TRACE(std::string(qti.name()));
    LossReport loss;
    std::string package = ExportText(qti, in.bank, loss, "out.zip");
    std::optional<std::string> errors = SchemaErrors(package, version == Version::k30);
    if (errors.has_value()) {
      EXPECT_EQ(*errors, "");
      checked = true;
    }
    std::string report = loss.ToString();
    for (const char* line :
         {"  stem (<font> unwrapped): 1 value dropped\n    tides-1 (line 8)\n",
          "  stem (<script> dropped): 1 value dropped\n    tides-1 (line 8)\n",
          "  options.text (<iframe> dropped): 1 value dropped\n",
          "  explanation (onclick attribute dropped): 1 value dropped\n",
          "  explanation (<a> unwrapped): 1 value dropped\n",
          "  options.rationale (<o:p> dropped): 1 value dropped\n",
          "  stem (<p> unwrapped): 1 value dropped\n    tides-2 (line 30)\n",
          "  stem (id attribute dropped): 1 value dropped\n    tides-3 (line 40)\n",
          "  stem (style attribute dropped): 4 values dropped\n"}) {
      EXPECT_NE(report.find(line), std::string::npos) << line << "\nin:\n" << report;
    }
    // 3.0 takes dir and role; 2.1 does not.
    EXPECT_EQ(report.find("stem (dir attribute dropped)") == std::string::npos,
              version == Version::k30)
        << report;
    Imported back = ImportText(qti, "out.zip", package);
    ASSERT_TRUE(back.status.ok()) << back.status.ToString();
    ASSERT_EQ(back.bank.questions.size(), in.bank.questions.size());
    EXPECT_NE(back.bank.questions[0].stem.value.find("Which coast has the largest tidal range?"),
              std::string::npos);
  }
  if (!checked) {
    std::cout << "[  NOTE    ] ../shared/ref/qti-xsd is absent: QTI outputs not schema-checked\n";
  }
}

constexpr const char* kMathMl = "xmlns=\"http://www.w3.org/1998/Math/MathML\"";

TEST(QtiHtmlTest, MathMlIsKeptWhereInlineContentStands) {
  std::string math = std::string("<math ") + kMathMl + "><msup><mi>x</mi><mn>2</mn></msup></math>";
  for (Version version : {Version::k21, Version::k30}) {
    Cleaned c = Clean("<p>Solve " + math + ".</p>", version);
    EXPECT_EQ(c.html, "<p>Solve " + math + ".</p>");
    EXPECT_EQ(c.changes, "");
    // A prefix declared on the element, or on an item the fragment was cut out of, goes.
    c = Clean(
        "<m:math xmlns:m=\"http://www.w3.org/1998/Math/MathML\"><m:mi>y</m:mi></m:math> and "
        "<m:math display=\"block\"><m:mn>1</m:mn></m:math>",
        version, QtiHtmlPlace::kInline);
    EXPECT_EQ(c.html, std::string("<math ") + kMathMl + "><mi>y</mi></math> and <math " + kMathMl +
                          " display=\"block\"><mn>1</mn></math>");
    EXPECT_EQ(c.changes, "");
  }
  // Only names of the version's MathML schema stay: 2.1 imports MathML 2, which has no <mstack>;
  // event handlers and HTML inside go in both.
  std::string stack = std::string("<math ") + kMathMl +
                      " onclick=\"f()\"><mstack><mn>12</mn><b>+</b><mn>3</mn></mstack></math>";
  Cleaned v21 = Clean(stack, Version::k21);
  EXPECT_EQ(v21.html, std::string("<math ") + kMathMl + "><mn>12</mn>+<mn>3</mn></math>");
  EXPECT_EQ(v21.changes, "onclick attribute dropped\n<mstack> unwrapped\n<b> unwrapped\n");
  Cleaned v30 = Clean(stack, Version::k30);
  EXPECT_EQ(v30.html,
            std::string("<math ") + kMathMl + "><mstack><mn>12</mn>+<mn>3</mn></mstack></math>");
  EXPECT_EQ(v30.changes, "onclick attribute dropped\n<b> unwrapped\n");
  // A 2.1 inline choice holds text alone: the formula's text, reported once.
  Cleaned text = Clean(math, Version::k21, QtiHtmlPlace::kText);
  EXPECT_EQ(text.html, "x2");
  EXPECT_EQ(text.changes, "<math> unwrapped\n");
}

// A link runs code when its scheme is javascript: or vbscript:, in any case and with control
// characters or spaces inside (browsers skip tabs and line breaks); an HTML link and a MathML
// link (href, src, altimg, definitionURL) are judged alike.
TEST(QtiHtmlTest, LinksThatRunCodeAreKnownHoweverTheyAreWritten) {
  for (std::string_view uri : {"javascript:go()", "JavaScript:go()", " java\tscript:go()",
                               "VBSCRIPT:x", "java\nscript:go()"}) {
    EXPECT_TRUE(IsScriptUri(uri)) << uri;
  }
  for (std::string_view uri :
       {"https://example.org/javascript:", "javascript", "#javascript:", "data:text/plain,x", ""}) {
    EXPECT_FALSE(IsScriptUri(uri)) << uri;
  }
  Cleaned link = Clean("<a href=\" JavaScript:go()\">go</a>");
  EXPECT_EQ(link.html, "go");
  EXPECT_EQ(link.changes, "<a> unwrapped\n");
  // MathML 3 (QTI 3.0) takes href on any presentation element.
  Cleaned math = Clean(std::string("<math ") + kMathMl +
                           "><mi href=\"VBScript:x\">x</mi><mi href=\"https://e.org\">y</mi>"
                           "<mi href=\" java&#9;script:f()\">z</mi></math>",
                       Version::k30);
  EXPECT_EQ(math.html, std::string("<math ") + kMathMl +
                           "><mi>x</mi><mi href=\"https://e.org\">y</mi><mi>z</mi></math>");
  EXPECT_EQ(math.changes, "href attribute dropped\nhref attribute dropped\n");
}

TEST(QtiHtmlTest, MediaObjectsAndRubyFollowTheVersion) {
  std::string audio =
      "<audio controls preload=\"metadata\"><source src=\"a.mp3\" type=\"audio/mpeg\">"
      "<source src=\"a.ogg\"><track kind=\"captions\" src=\"a.vtt\" srclang=\"en\"></audio>";
  // 3.0 takes audio where flow content stands (HTML's presence-only controls written as a
  // boolean); in a paragraph, and in 2.1 anywhere, the first source plays in an <object>.
  Cleaned v30 = Clean("<div>" + audio + "</div>", Version::k30);
  EXPECT_EQ(v30.html,
            "<div><audio controls=\"true\" preload=\"metadata\"><source src=\"a.mp3\" "
            "type=\"audio/mpeg\"/><source src=\"a.ogg\"/><track kind=\"captions\" src=\"a.vtt\" "
            "srclang=\"en\"/></audio></div>");
  EXPECT_EQ(v30.changes, "");
  for (Version version : {Version::k21, Version::k30}) {
    Cleaned in_p = Clean("<p>Listen: " + audio + "</p>", version);
    EXPECT_EQ(in_p.html, "<p>Listen: <object data=\"a.mp3\" type=\"audio/mpeg\"/></p>");
    EXPECT_EQ(in_p.changes,
              "controls attribute dropped\npreload attribute dropped\n<source> dropped\n"
              "<track> dropped\n");
  }
  // A type said by the file name; none known: the element goes, reported.
  EXPECT_EQ(Clean("<video src=\"v.webm\" width=\"320\"></video>", Version::k21).html,
            "<object data=\"v.webm\" type=\"video/webm\" width=\"320\"/>");
  Cleaned unknown = Clean("<audio src=\"clip\">Your browser cannot play it.</audio>", Version::k21);
  EXPECT_EQ(unknown.html, "Your browser cannot play it.");
  EXPECT_EQ(unknown.changes, "<audio> unwrapped\n");
  // <object> needs data and a type (else its fallback stays); <param> gets its valuetype.
  for (Version version : {Version::k21, Version::k30}) {
    Cleaned object = Clean(
        "<p><object data=\"m.svg\" type=\"image/svg+xml\" width=\"300\"><param name=\"zoom\" "
        "value=\"2\">a map</object> <object data=\"m.svg\">the map</object></p>",
        version);
    EXPECT_EQ(object.html,
              "<p><object data=\"m.svg\" type=\"image/svg+xml\" width=\"300\"><param name=\"zoom\" "
              "value=\"2\" valuetype=\"DATA\"/>a map</object> the map</p>");
    EXPECT_EQ(object.changes, "<object> unwrapped\n");
  }
  // Ruby exists in 3.0; in 2.1 its text stays, the reading in the parentheses <rp> gives.
  std::string ruby = "<p><ruby>新宿<rp>(</rp><rt>しんじゅく</rt><rp>)</rp></ruby></p>";
  EXPECT_EQ(Clean(ruby, Version::k30).html, ruby);
  Cleaned ruby21 = Clean(ruby, Version::k21);
  EXPECT_EQ(ruby21.html, "<p>新宿(しんじゅく)</p>");
  EXPECT_EQ(ruby21.changes, "<ruby> unwrapped\n<rp> unwrapped\n<rt> unwrapped\n<rp> unwrapped\n");
}

// The reported lines of `loss` (a field and its count), without the questions under them.
std::string FieldLines(const LossReport& loss) {
  std::string out;
  std::string report = loss.ToString();
  size_t start = 0;
  while (start < report.size()) {
    size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    std::string_view line(report.data() + start, end - start);
    if (line.starts_with("  ") && !line.starts_with("    ")) out += std::string(line) + "\n";
    start = end + 1;
  }
  return out;
}

// Items with MathML, media and ruby as QTI's documentation and authoring tools write them:
// read as HTML that keeps the elements, and written back by both versions (schema-valid) with
// what each version's schema holds; only what 2.1 has no element for is reported.
TEST(QtiHtmlTest, MathMlMediaAndRubyItemsComeBackThroughBothVersions) {
  struct Case {
    const char* file;
    Version from;
    const char* kept;  // in the stem as read
    const char* lost21;
  };
  const Case cases[] = {
      {"quadratic_mathml_21.xml", Version::k21,
       "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>x</mi></math>", ""},
      {"station_media_30.xml", Version::k30,
       "<ruby>新宿<rp>(</rp><rt>しんじゅく</rt><rp>)</rp></ruby>",
       "  stem (<rp> unwrapped): 2 values dropped\n  stem (<rt> unwrapped): 1 value dropped\n"
       "  stem (<ruby> unwrapped): 1 value dropped\n  stem (<source> dropped): 1 value dropped\n"
       "  stem (<track> dropped): 1 value dropped\n"
       "  stem (controls attribute dropped): 1 value dropped\n"
       "  stem (preload attribute dropped): 1 value dropped\n"},
  };
  bool checked = false;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    Imported in =
        ImportText(QtiFormat(c.from), c.file, ReadTestdata(std::string("qti_html/") + c.file));
    ASSERT_TRUE(in.status.ok()) << in.status.ToString();
    ASSERT_EQ(in.ErrorText(), "");
    ASSERT_EQ(in.bank.questions.size(), 1u);
    const model::Question& q = in.bank.questions[0];
    EXPECT_EQ(q.markup, model::Markup::kHtml);
    EXPECT_NE(q.stem.value.find(c.kept), std::string::npos) << q.stem.value;
    for (Version version : {Version::k21, Version::k30}) {
      QtiFormat qti(version);
      SCOPED_TRACE(std::string(qti.name()));
      LossReport loss;
      std::string package = ExportText(qti, in.bank, loss, "out.zip");
      bool lossless = version == c.from || version == Version::k30;
      EXPECT_EQ(FieldLines(loss), lossless ? "" : c.lost21);
      if (std::optional<std::string> errors = SchemaErrors(package, version == Version::k30)) {
        EXPECT_EQ(*errors, "");
        checked = true;
      }
      Imported back = ImportText(qti, "out.zip", package);
      ASSERT_TRUE(back.status.ok()) << back.status.ToString();
      ASSERT_EQ(back.bank.questions.size(), 1u);
      const model::Question& b = back.bank.questions[0];
      if (!lossless) continue;
      EXPECT_EQ(b.stem.value, q.stem.value);
      EXPECT_EQ(b.explanation.value, q.explanation.value);
      for (size_t i = 0; i < q.options.size(); ++i) {
        EXPECT_EQ(b.options[i].text.value, q.options[i].text.value);
      }
    }
  }
  if (!checked) {
    std::cout << "[  NOTE    ] ../shared/ref/qti-xsd is absent: QTI outputs not schema-checked\n";
  }
}

// The formats that hold HTML as written (GIFT's [html], Moodle XML, md, csv) keep the formula
// through a round trip; Aiken, which holds plain text, reports the markup under the question.
TEST(QtiHtmlTest, MathMlTravelsWhereHtmlDoesAndIsReportedWhereItCannot) {
  Imported in = ImportText(QtiFormat(Version::k21), "roots.xml",
                           ReadTestdata("qti_html/quadratic_mathml_21.xml"));
  ASSERT_EQ(in.ErrorText(), "");
  const std::string formula = "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>x</mi>";
  GiftFormat gift;
  MoodleXmlFormat moodle;
  MdFormat md;
  CsvFormat csv;
  for (const Format* via : std::vector<const Format*>{&gift, &moodle, &md, &csv}) {
    SCOPED_TRACE(std::string(via->name()));
    LossReport loss;
    std::string out = ExportText(*via, in.bank, loss, "out");
    EXPECT_EQ(loss.ToString().find("markup"), std::string::npos) << loss.ToString();
    Imported back = ImportText(*via, "out", out);
    ASSERT_EQ(back.ErrorText(), "");
    ASSERT_EQ(back.bank.questions.size(), 1u);
    EXPECT_NE(back.bank.questions[0].stem.value.find(formula), std::string::npos)
        << back.bank.questions[0].stem.value;
    EXPECT_EQ(back.bank.questions[0].options[1].text.value,
              in.bank.questions[0].options[1].text.value);
  }
  LossReport aiken_loss;
  ExportText(AikenFormat(), in.bank, aiken_loss, "out.txt");
  EXPECT_NE(aiken_loss.ToString().find("  markup: 1 value dropped\n    roots-1 (line 4)\n"),
            std::string::npos)
      << aiken_loss.ToString();
}

}  // namespace
}  // namespace qbank::formats
