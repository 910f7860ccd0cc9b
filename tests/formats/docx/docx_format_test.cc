// The docx format: the numbered-list layout and Moodle's Word tables read from documents made
// here and by other programs at test time (pandoc, python3-docx), errors named by paragraph,
// qbank's own documents read back and opened by LibreOffice.
#include "formats/docx/docx_format.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "formats/format_test_support.h"
#include "formats/media_files.h"
#include "formats/registry.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using format_testing::Imported;
using format_testing::ImportText;

constexpr const char* kW = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

const Format& Docx() { return *Registry::Default().Find("docx"); }

// A .docx package holding `body` (WordprocessingML paragraphs and tables) and, when given, the
// numbering part `numbering` (the <w:abstractNum> and <w:num> elements).
std::string Package(const std::string& body, const std::string& numbering = "") {
  std::string rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/";
  std::vector<zip::Entry> entries;
  entries.push_back(
      {"[Content_Types].xml",
       "<?xml version=\"1.0\"?><Types "
       "xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default "
       "Extension=\"xml\" ContentType=\"application/xml\"/></Types>"});
  entries.push_back({"_rels/.rels",
                     "<?xml version=\"1.0\"?><Relationships "
                     "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                     "<Relationship Id=\"rId1\" Type=\"" +
                         rel + "officeDocument\" Target=\"word/document.xml\"/></Relationships>"});
  if (!numbering.empty()) {
    entries.push_back({"word/_rels/document.xml.rels",
                       "<?xml version=\"1.0\"?><Relationships "
                       "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                       "<Relationship Id=\"rId7\" Type=\"" +
                           rel + "numbering\" Target=\"numbering.xml\"/></Relationships>"});
    entries.push_back({"word/numbering.xml", std::string("<w:numbering xmlns:w=\"") + kW + "\">" +
                                                 numbering + "</w:numbering>"});
  }
  entries.push_back({"word/document.xml", std::string("<w:document xmlns:w=\"") + kW +
                                              "\"><w:body>" + body + "</w:body></w:document>"});
  Result<std::string> bytes = zip::Write(entries);
  EXPECT_TRUE(bytes.ok()) << bytes.status().ToString();
  return bytes.ok() ? *bytes : std::string();
}

// A paragraph of plain runs; `props` is its w:pPr content.
std::string P(const std::string& text, const std::string& props = "") {
  return "<w:p>" + (props.empty() ? "" : "<w:pPr>" + props + "</w:pPr>") +
         "<w:r><w:t xml:space=\"preserve\">" + text + "</w:t></w:r></w:p>";
}

// A run with properties `rpr` (e.g. "<w:b/>").
std::string R(const std::string& text, const std::string& rpr = "") {
  return "<w:r>" + (rpr.empty() ? "" : "<w:rPr>" + rpr + "</w:rPr>") +
         "<w:t xml:space=\"preserve\">" + text + "</w:t></w:r>";
}

Imported Read(const std::string& bytes, const std::string& path = "bank.docx") {
  return ImportText(Docx(), path, bytes);
}

std::string Keys(const model::Question& q) {
  std::string out;
  for (size_t i : q.KeyIndexes()) out += model::OptionLetter(i);
  return out;
}

TEST(DocxFormatTest, TypedNumbersLettersAndAsteriskKey) {
  Imported r =
      Read(Package(P("1. Which planet has the shortest year?") + P("A. Venus") + P("*B. Mercury") +
                   P("C. Mars") + P("Explanation: Mercury orbits closest to the Sun.") + P("") +
                   P("Q2) Which gas do plants take in?") + P("a) Oxygen") + P("b) Carbon dioxide") +
                   P("Answer: b")));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.stem.value, "Which planet has the shortest year?");
  ASSERT_EQ(q.options.size(), 3u);
  EXPECT_EQ(q.options[1].text.value, "Mercury");
  EXPECT_EQ(Keys(q), "B");
  EXPECT_EQ(q.explanation.value, "Mercury orbits closest to the Sun.");
  EXPECT_EQ(q.markup, model::Markup::kPlain);
  // Places are paragraphs: the stem is paragraph 1, column 4 after "1. ".
  EXPECT_EQ(q.stem.span.unit, SourceSpan::Unit::kParagraph);
  EXPECT_EQ(q.stem.span.line, 1u);
  EXPECT_EQ(q.stem.span.column, 4u);
  EXPECT_TRUE(q.stem.verbatim);
  EXPECT_EQ(q.options[1].correct_span.line, 3u);
  EXPECT_EQ(r.bank.questions[1].stem.value, "Which gas do plants take in?");
  EXPECT_EQ(Keys(r.bank.questions[1]), "B");
}

TEST(DocxFormatTest, BoldOrHighlightedOptionIsTheKeyNotMarkup) {
  std::string bold_key = "<w:p>" + R("b) ") + R("Lisbon", "<w:b/>") + "</w:p>";
  std::string marked_key =
      "<w:p>" + R("c) ") + R("Ulaanbaatar", "<w:highlight w:val=\"yellow\"/>") + "</w:p>";
  Imported r =
      Read(Package(P("1. Capital of Portugal?") + P("a) Porto") + bold_key +
                   P("2. Capital of Mongolia?") + P("a) Darkhan") + P("b) Erdenet") + marked_key));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(Keys(r.bank.questions[0]), "B");
  EXPECT_EQ(r.bank.questions[0].markup, model::Markup::kPlain);
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "Lisbon");
  EXPECT_EQ(Keys(r.bank.questions[1]), "C");
}

TEST(DocxFormatTest, InlineFormattingBecomesMarkdown) {
  std::string stem = "<w:p>" + R("1. Which ") + R("noble", "<w:b/>") + R(" gas is ") +
                     R("lighter", "<w:i/>") + R(" than air? See ") +
                     R("He", "<w:rFonts w:ascii=\"Courier New\"/>") + R(".") + "</w:p>";
  Imported r = Read(Package(stem + P("A. Helium") + P("B. Argon") + P("Answer: A")));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.markup, model::Markup::kMarkdown);
  EXPECT_EQ(q.stem.value, "Which **noble** gas is *lighter* than air? See `He`.");
  EXPECT_FALSE(q.stem.verbatim);
}

TEST(DocxFormatTest, WordListNumberingMarksQuestionsAndOptions) {
  std::string numbering =
      "<w:abstractNum w:abstractNumId=\"0\"><w:lvl w:ilvl=\"0\"><w:numFmt w:val=\"decimal\"/>"
      "</w:lvl><w:lvl w:ilvl=\"1\"><w:numFmt w:val=\"lowerLetter\"/></w:lvl></w:abstractNum>"
      "<w:num w:numId=\"3\"><w:abstractNumId w:val=\"0\"/></w:num>";
  auto item = [](const std::string& text, int level) {
    return P(text, "<w:numPr><w:ilvl w:val=\"" + std::to_string(level) +
                       "\"/><w:numId w:val=\"3\"/></w:numPr>");
  };
  Imported r = Read(Package(item("Which metal is liquid at room temperature?", 0) +
                                item("Iron", 1) + item("*Mercury", 1) + item("Copper", 1) +
                                item("What is the chemical symbol of sodium?", 0) + item("So", 1) +
                                item("Na", 1) + P("Answer: B"),
                            numbering));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].options.size(), 3u);
  EXPECT_EQ(Keys(r.bank.questions[0]), "B");
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "Mercury");
  EXPECT_EQ(Keys(r.bank.questions[1]), "B");
}

std::string Cell(const std::string& text, int span = 1) {
  return "<w:tc>" +
         (span > 1 ? "<w:tcPr><w:gridSpan w:val=\"" + std::to_string(span) + "\"/></w:tcPr>"
                   : std::string()) +
         P(text) + "</w:tc>";
}

TEST(DocxFormatTest, MoodleWordTableQuestions) {
  auto row = [](const std::string& cells) { return "<w:tr>" + cells + "</w:tr>"; };
  std::string table =
      "<w:tbl>" + row(Cell("Which layer of the atmosphere holds most ozone?", 3) + Cell("MC")) +
      row(Cell("Default mark:", 3) + Cell("1")) +
      row(Cell("#") + Cell("Answers") + Cell("Feedback") + Cell("Grade")) +
      row(Cell("") + Cell("Troposphere") + Cell("Weather happens there.") + Cell("0")) +
      row(Cell("") + Cell("Stratosphere") + Cell("The ozone layer sits there.") + Cell("100")) +
      row(Cell("") + Cell("General feedback:") + Cell("Ozone peaks at 20 to 30 km.") + Cell("")) +
      row(Cell("") + Cell("Tags:") + Cell("air, layers") + Cell("")) + "</w:tbl>";
  std::string multi = "<w:tbl>" + row(Cell("Which are noble gases?", 3) + Cell("MA")) +
                      row(Cell("#") + Cell("Answers") + Cell("Feedback") + Cell("Grade")) +
                      row(Cell("") + Cell("Neon") + Cell("") + Cell("50")) +
                      row(Cell("") + Cell("Chlorine") + Cell("") + Cell("-100")) +
                      row(Cell("") + Cell("Argon") + Cell("") + Cell("50")) + "</w:tbl>";
  Imported r =
      Read(Package(P("ozone-1", "<w:pStyle w:val=\"Heading2\"/>") + table + P("") + multi));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.id.value, "ozone-1");
  EXPECT_EQ(q.stem.value, "Which layer of the atmosphere holds most ozone?");
  ASSERT_EQ(q.options.size(), 2u);
  EXPECT_EQ(Keys(q), "B");
  EXPECT_EQ(q.options[1].rationale->value, "The ozone layer sits there.");
  EXPECT_EQ(q.explanation.value, "Ozone peaks at 20 to 30 km.");
  ASSERT_EQ(q.tags.size(), 2u);
  EXPECT_EQ(q.tags[1].value, "layers");
  const model::Question& m = r.bank.questions[1];
  EXPECT_EQ(m.type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(Keys(m), "AC");
  EXPECT_FALSE(m.options[0].weight.has_value());  // an even split
  ASSERT_TRUE(m.options[1].weight.has_value());
  EXPECT_EQ(*m.options[1].weight, -100);
}

// Moodle's table layout reads its cells as text: a picture in a cell is said at its paragraph.
TEST(DocxFormatTest, APictureInATableIsSaid) {
  auto row = [](const std::string& cells) { return "<w:tr>" + cells + "</w:tr>"; };
  std::string picture_cell =
      "<w:tc><w:p><w:r><w:t>Stratosphere</w:t></w:r><w:r><w:drawing><a:blip xmlns:a=\"urn:a\" "
      "xmlns:r=\"urn:r\" r:embed=\"rId9\"/></w:drawing></w:r></w:p></w:tc>";
  std::string table = "<w:tbl>" + row(Cell("Which layer holds most ozone?", 3) + Cell("MC")) +
                      row(Cell("#") + Cell("Answers") + Cell("Feedback") + Cell("Grade")) +
                      row(Cell("") + Cell("Troposphere") + Cell("") + Cell("0")) +
                      row(Cell("") + picture_cell + Cell("") + Cell("100")) + "</w:tbl>";
  Imported r = Read(Package(P("ozone-2", "<w:pStyle w:val=\"Heading2\"/>") + table));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "Stratosphere");
  EXPECT_NE(r.WarningText().find("warning: a picture (rId9) in a table is not kept: the table "
                                 "layout's cells are read as text"),
            std::string::npos)
      << r.WarningText();
}

TEST(DocxFormatTest, ErrorsNameTheParagraphAndShowItsText) {
  Imported r = Read(Package(
      P("Unit 3 quiz") + P("1. Which ocean is the largest?") + P("A. Atlantic") + P("B. Pacific") +
      P("") + P("2. Which ocean is the coldest?") + P("A. Arctic") + P("B. Indian") +
      P("Answer: E") + P("3. Which sea is saltiest?") + P("A. Dead Sea") + P("*B. Red Sea")));
  EXPECT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.ErrorText(),
            "bank.docx:\xC2\xB6"
            "2: error: expected a key for the question at \xC2\xB6"
            "2 "
            "\"Which ocean is the largest?\": an asterisk before its letter (\"*B. ...\"), an "
            "\"Answer: B\" line, or the key alone in bold or highlighted\n"
            "bank.docx:\xC2\xB6"
            "9: error: \"Answer: E\" names no option; expected a letter "
            "from A to B\n");
  EXPECT_EQ(r.WarningText(),
            "bank.docx:\xC2\xB6"
            "1: warning: 1 paragraph outside any question not read, the "
            "first \"Unit 3 quiz\"; a question starts with its number (\"1. ...\" or a numbered "
            "list)\n");
  // The source the spans name holds each paragraph's text as a line, which the reports show
  // with a caret under the place.
  const Diagnostic& e = r.errors[1];
  EXPECT_EQ(e.span.unit, SourceSpan::Unit::kParagraph);
  EXPECT_EQ(e.span.column, 9u);
  const SourceText* text = r.bank.sources.back().get();
  EXPECT_EQ(text->path(), "bank.docx");
  EXPECT_EQ(text->Line(9), "Answer: E");
  EXPECT_EQ(text->Line(2), "1. Which ocean is the largest?");
}

TEST(DocxFormatTest, PicturesAndEquationsAreSaid) {
  std::string math =
      "<w:p>" + R("1. Solve ") +
      "<m:oMath xmlns:m=\"http://schemas.openxmlformats.org/officeDocument/2006/math\"><m:sSup>"
      "<m:e><m:r><m:t>x</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup><m:r>"
      "<m:t>=9</m:t></m:r></m:oMath>" +
      R(" for positive x.") + "</w:p>";
  std::string picture =
      "<w:p><w:r><w:drawing><a:blip xmlns:a=\"urn:a\" xmlns:r=\"urn:r\" r:embed=\"rId9\"/>"
      "</w:drawing></w:r></w:p>";
  Imported r = Read(Package(math + picture + P("A. 3") + P("B. -3") + P("Answer: A")));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Solve x^2=9 for positive x.");
  EXPECT_EQ(r.WarningText(),
            "bank.docx:\xC2\xB6"
            "1: warning: an equation is read as its linear text "
            "\"x^2=9\"\n"
            "bank.docx:\xC2\xB6"
            "2: warning: a picture (rId9) is not kept: the package holds no such part, or one "
            "too large to read; the text around it is read\n");
}

// A picture's alt text is its drawing's description (Word's "alt text", wp:docPr descr): written
// from the <img>'s alt and read back into it; a VML picture's v:shape alt is read too.
TEST(DocxFormatTest, APicturesAltTextIsItsDrawingsDescription) {
  model::Bank bank;
  model::Question& q = bank.questions.emplace_back();
  q.id.value = "dot";
  q.type = model::QuestionType::kSingleAnswer;
  q.markup = model::Markup::kHtml;
  q.stem.value =
      "Which colour is the dot? <img src=\"media/dot.png\" alt=\"A red dot &amp; a ring\"/>";
  for (const char* text : {"Red", "Blue"}) {
    model::Option& o = q.options.emplace_back();
    o.text.value = text;
    o.correct = q.options.size() == 1;
  }
  AddMediaFile(q, "media/dot.png", "not really a png");
  LossReport loss;
  std::string out = format_testing::ExportText(Docx(), bank, loss, "out.docx");
  Result<std::vector<zip::Entry>> entries = zip::Read(out, "out.docx");
  ASSERT_TRUE(entries.ok());
  std::string document;
  for (const zip::Entry& e : *entries) {
    if (e.path == "word/document.xml") document = e.data;
  }
  EXPECT_NE(document.find("descr=\"A red dot &amp; a ring\""), std::string::npos) << document;
  Imported back = Read(out, "out.docx");
  EXPECT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_NE(back.bank.questions[0].stem.value.find("alt=\"A red dot &amp; a ring\""),
            std::string::npos)
      << back.bank.questions[0].stem.value;

  // VML (older Word): the shape's alt attribute. The package made by the writer above, with its
  // drawing replaced by a v:shape holding a v:imagedata of the same picture.
  std::vector<zip::Entry> parts = *entries;
  for (zip::Entry& e : parts) {
    if (e.path != "word/document.xml") continue;
    size_t begin = e.data.find("<w:drawing>");
    size_t end = e.data.find("</w:drawing>");
    ASSERT_NE(begin, std::string::npos);
    ASSERT_NE(end, std::string::npos);
    size_t rid = e.data.find("r:embed=\"", begin);
    ASSERT_LT(rid, end);
    std::string id = e.data.substr(rid + 9, e.data.find('"', rid + 9) - rid - 9);
    e.data.replace(begin, end + 12 - begin,
                   "<w:pict><v:shape xmlns:v=\"urn:schemas-microsoft-com:vml\" alt=\"A shape\">"
                   "<v:imagedata r:id=\"" +
                       id + "\"/></v:shape></w:pict>");
  }
  Result<std::string> vml = zip::Write(parts);
  ASSERT_TRUE(vml.ok());
  Imported old = Read(*vml, "vml.docx");
  EXPECT_EQ(old.ErrorText(), "");
  ASSERT_EQ(old.bank.questions.size(), 1u);
  EXPECT_NE(old.bank.questions[0].stem.value.find("alt=\"A shape\""), std::string::npos)
      << old.bank.questions[0].stem.value;
}

TEST(DocxFormatTest, NotAWordDocumentIsOneError) {
  Imported text = Read("1. not a zip\nA. x\n");
  EXPECT_FALSE(text.status.ok());
  std::vector<zip::Entry> entries = {{"content.xml", "<a/>"}};
  Imported other = Read(*zip::Write(entries));
  EXPECT_EQ(other.status.ToString(),
            "bank.docx: the zip archive has no main document part (_rels/.rels names no "
            "officeDocument); expected a Word document (.docx) as Word, LibreOffice or pandoc "
            "write it");
  std::string broken = Package("<w:p><w:r><w:t>unclosed</w:r></w:p>");
  Imported bad = Read(broken);
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(bad.status.ToString().find("bank.docx!/word/document.xml:1:"), std::string::npos)
      << bad.status.ToString();
}

model::Bank SampleBank() {
  model::Bank bank;
  auto add = [&](model::QuestionType type, std::string stem, std::vector<std::string> options,
                 std::vector<bool> keys) {
    model::Question q;
    q.type = type;
    q.stem.value = std::move(stem);
    for (size_t i = 0; i < options.size(); ++i) {
      model::Option o;
      o.text.value = options[i];
      o.correct = keys[i];
      q.options.push_back(std::move(o));
    }
    bank.questions.push_back(std::move(q));
    return &bank.questions.back();
  };
  model::Question* q = add(model::QuestionType::kSingleAnswer,
                           "Which instrument measures air pressure?\n\nPick one.",
                           {"Barometer", "Hygrometer", "Anemometer"}, {true, false, false});
  q->id.value = "weather-1";
  q->explanation.value = "A barometer measures pressure; a hygrometer, humidity.";
  q->options[1].rationale->value = "It measures humidity.";
  q = add(model::QuestionType::kMultipleAnswer, "Which of these are **prime** numbers?",
          {"2", "9", "*7*"}, {true, false, true});
  q->markup = model::Markup::kMarkdown;
  add(model::QuestionType::kTrueFalse, "Sound travels faster in water than in air.",
      {"True", "False"}, {true, false});
  add(model::QuestionType::kEssay, "Describe how a rainbow forms.", {}, {});
  for (model::Question& each : bank.questions) each.domain->value = "Meteorology";
  return bank;
}

TEST(DocxFormatTest, OwnDocumentsReadBack) {
  LossReport loss;
  std::string bytes = format_testing::ExportText(Docx(), SampleBank(), loss, "out.docx");
  EXPECT_EQ(loss.Summary(), "");
  Imported r = Read(bytes, "out.docx");
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(), "");
  ASSERT_EQ(r.bank.questions.size(), 4u);
  const model::Question& a = r.bank.questions[0];
  EXPECT_EQ(a.id.value, "weather-1");
  EXPECT_EQ(a.domain->value, "Meteorology");
  EXPECT_EQ(a.stem.value, "Which instrument measures air pressure?\n\nPick one.");
  EXPECT_EQ(Keys(a), "A");
  EXPECT_EQ(a.options[1].rationale->value, "It measures humidity.");
  EXPECT_EQ(a.explanation.value, "A barometer measures pressure; a hygrometer, humidity.");
  const model::Question& b = r.bank.questions[1];
  EXPECT_EQ(b.type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(b.markup, model::Markup::kMarkdown);
  EXPECT_EQ(b.stem.value, "Which of these are **prime** numbers?");
  EXPECT_EQ(b.options[2].text.value, "*7*");
  EXPECT_EQ(Keys(b), "AC");
  EXPECT_EQ(r.bank.questions[2].type, model::QuestionType::kTrueFalse);
  EXPECT_EQ(r.bank.questions[3].type, model::QuestionType::kEssay);
}

TEST(DocxFormatTest, WhatTheLayoutCannotHoldIsReported) {
  model::Bank bank = SampleBank();
  bank.questions[0].options[0].weight = 50;
  model::Question numerical;
  numerical.type = model::QuestionType::kNumerical;
  numerical.stem.value = "How many legs has a spider?";
  bank.questions.push_back(numerical);
  LossReport loss;
  format_testing::ExportText(Docx(), bank, loss);
  EXPECT_NE(loss.Summary().find("options.weight"), std::string::npos) << loss.Summary();
  EXPECT_NE(loss.Summary().find("questions of type numerical"), std::string::npos)
      << loss.Summary();
}

// ---- documents written by other programs ----

bool Have(const std::string& command) {
  return std::system(("command -v " + command + " >/dev/null 2>&1").c_str()) == 0;
}

std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A fresh folder under the temporary directory, removed by the destructor.
struct ScratchDir {
  std::filesystem::path path;
  ScratchDir() {
    path = std::filesystem::temp_directory_path() /
           ("qbank-docx-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() { std::filesystem::remove_all(path); }
};

TEST(DocxToolsTest, PandocDocumentsImport) {
  if (!Have("pandoc")) GTEST_SKIP() << "pandoc is not installed (Debian package pandoc)";
  ScratchDir dir;
  std::ofstream(dir.path / "quiz.md")
      << "# Astronomy\n\n"
         "1.  Which planet has the *longest* day?\n\n"
         "    A.  Venus\n"
         "    B.  Mars\n"
         "    C.  Jupiter\n\n"
         "    Answer: A\n\n"
         "2.  Which moon is the largest in the solar system?\n\n"
         "    A.  Titan\n"
         "    B.  **Ganymede**\n"
         "    C.  Europa\n\n"
         "    Explanation: Ganymede is larger than the planet `Mercury`.\n\n"
         "3\\. Which of these is a dwarf planet?\n\n"
         "a\\) Ceres\n\n"
         "b\\) Io\n\n"
         "Answer: a\n";
  std::string cmd = "cd '" + dir.path.string() + "' && pandoc quiz.md -o quiz.docx";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  Imported r = Read(Slurp(dir.path / "quiz.docx"), "quiz.docx");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 3u);
  const model::Question& a = r.bank.questions[0];
  EXPECT_EQ(a.domain->value, "Astronomy");
  EXPECT_EQ(a.stem.value, "Which planet has the *longest* day?");
  EXPECT_EQ(a.markup, model::Markup::kMarkdown);
  ASSERT_EQ(a.options.size(), 3u);
  EXPECT_EQ(a.options[2].text.value, "Jupiter");
  EXPECT_EQ(Keys(a), "A");
  const model::Question& b = r.bank.questions[1];
  EXPECT_EQ(Keys(b), "B");  // bold
  EXPECT_EQ(b.options[1].text.value, "Ganymede");
  EXPECT_EQ(b.explanation.value, "Ganymede is larger than the planet `Mercury`.");
  const model::Question& c = r.bank.questions[2];
  EXPECT_EQ(c.stem.value, "Which of these is a dwarf planet?");
  EXPECT_EQ(Keys(c), "A");
}

TEST(DocxToolsTest, PythonDocxDocumentsImport) {
  if (std::system("/usr/bin/python3 -c 'import docx' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3-docx is not installed (Debian package python3-docx)";
  }
  ScratchDir dir;
  std::string cmd = "/usr/bin/python3 '" + std::string(QBANK_SOURCE_DIR) +
                    "/tests/formats/docx/docx_python_docx.py' '" + (dir.path / "py.docx").string() +
                    "'";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  Imported r = Read(Slurp(dir.path / "py.docx"), "py.docx");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 4u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Which river flows through the city of Budapest?");
  EXPECT_EQ(Keys(r.bank.questions[0]), "B");  // bold
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "The Danube");
  EXPECT_EQ(r.bank.questions[1].stem.value, "Which of these is a *landlocked* country?");
  EXPECT_EQ(Keys(r.bank.questions[1]), "B");       // highlighted
  EXPECT_EQ(Keys(r.bank.questions[2]), "C");       // Answer: C
  const model::Question& t = r.bank.questions[3];  // Moodle's table
  EXPECT_EQ(t.id.value, "tectonic-1");
  EXPECT_EQ(t.stem.value, "Which boundary forms where two plates move apart?");
  ASSERT_EQ(t.options.size(), 3u);
  EXPECT_EQ(Keys(t), "B");
  EXPECT_EQ(t.options[1].rationale->value, "Right: new crust forms between them.");
  EXPECT_EQ(t.explanation.value, "Mid-ocean ridges are divergent boundaries.");
  EXPECT_EQ(r.WarningText(),
            "py.docx:\xC2\xB6"
            "1: warning: 1 paragraph outside any question not read, the first "
            "\"Geography practice set\"; a question starts with its number (\"1. ...\" or a "
            "numbered list)\n");
}

TEST(DocxToolsTest, LibreOfficeOpensQbankDocumentsWithTheSameContent) {
  if (!Have("soffice")) {
    GTEST_SKIP() << "LibreOffice is not installed (Debian package libreoffice-writer-nogui)";
  }
  ScratchDir dir;
  LossReport loss;
  std::ofstream(dir.path / "bank.docx", std::ios::binary)
      << format_testing::ExportText(Docx(), SampleBank(), loss, "bank.docx");
  // One batched call with a profile of its own (a shared one may be locked by another run).
  std::string cmd = "cd '" + dir.path.string() + "' && soffice -env:UserInstallation=file://" +
                    dir.path.string() +
                    "/profile --headless --convert-to txt:Text --outdir out bank.docx "
                    ">/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::string text = Slurp(dir.path / "out" / "bank.txt");
  for (const char* line :
       {"Meteorology", "Title: weather-1", "1. Which instrument measures air pressure?",
        "*A. Barometer", "B. Hygrometer", "@ It measures humidity.",
        "Explanation: A barometer measures pressure; a hygrometer, humidity.", "Type: MA",
        "2. Which of these are prime numbers?", "*C. 7", "Type: TF", "*A. True", "Type: E",
        "4. Describe how a rainbow forms."}) {
    EXPECT_NE(text.find(line), std::string::npos)
        << "LibreOffice's text lacks \"" << line << "\":\n"
        << text;
  }
}

TEST(DocxToolsTest, APictureIsKeptWithItsQuestionAndWrittenBack) {
  if (std::system("/usr/bin/python3 -c 'import docx' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3-docx is not installed (Debian package python3-docx)";
  }
  ScratchDir dir;
  std::string cmd = "/usr/bin/python3 '" + std::string(QBANK_SOURCE_DIR) +
                    "/tests/formats/docx/docx_python_docx_picture.py' '" +
                    (dir.path / "pic.docx").string() + "' '" + (dir.path / "pic.png").string() +
                    "'";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const std::string png = Slurp(dir.path / "pic.png");
  Imported r = Read(Slurp(dir.path / "pic.docx"), "pic.docx");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.markup, model::Markup::kHtml);
  EXPECT_EQ(q.stem.value,
            "Which shape does the figure show? <img src=\"media/image1.png\" alt=\"\"/>");
  EXPECT_EQ(Keys(q), "B");
  std::vector<MediaFile> files = MediaFiles(q);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].path, "media/image1.png");
  EXPECT_EQ(files[0].bytes, png);

  // Written back: the picture is a part of the package, drawn where the stem shows it, at its
  // size (4 x 3 pixels at 96 an inch), and reads back the same.
  LossReport loss;
  std::string out = format_testing::ExportText(Docx(), r.bank, loss, "out.docx");
  EXPECT_TRUE(loss.empty()) << loss.ToString();
  // The command line's export checks the package's text members, not the pictures' bytes.
  ExportOptions checked;
  checked.output_path = "out.docx";
  Result<std::string> exported = ExportBank(Docx(), r.bank, checked, loss);
  ASSERT_TRUE(exported.ok()) << exported.status().ToString();
  EXPECT_EQ(*exported, out);
  Result<std::vector<zip::Entry>> entries = zip::Read(out, "out.docx");
  ASSERT_TRUE(entries.ok());
  std::map<std::string, std::string> parts;
  for (const zip::Entry& e : *entries) parts[e.path] = e.data;
  EXPECT_EQ(parts["word/media/image1.png"], png);
  EXPECT_NE(parts["word/_rels/document.xml.rels"].find("Target=\"media/image1.png\""),
            std::string::npos);
  EXPECT_NE(parts["[Content_Types].xml"].find("Extension=\"png\" ContentType=\"image/png\""),
            std::string::npos);
  EXPECT_NE(parts["word/document.xml"].find("<wp:extent cx=\"38100\" cy=\"28575\"/>"),
            std::string::npos)
      << parts["word/document.xml"];
  Imported back = Read(out, "out.docx");
  EXPECT_EQ(back.WarningText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].stem.value, q.stem.value);
  EXPECT_EQ(back.bank.questions[0].extensions, q.extensions);

  // LibreOffice opens the document with its picture (converted to .odt, the picture is a part of
  // it with the same bytes).
  if (Have("soffice")) {
    std::ofstream(dir.path / "out.docx", std::ios::binary) << out;
    std::string convert =
        "cd '" + dir.path.string() + "' && soffice -env:UserInstallation=file://" +
        dir.path.string() +
        "/profile --headless --convert-to odt --outdir lo out.docx >/dev/null 2>&1";
    ASSERT_EQ(std::system(convert.c_str()), 0) << convert;
    Result<std::vector<zip::Entry>> odt = zip::Read(Slurp(dir.path / "lo" / "out.odt"), "out.odt");
    ASSERT_TRUE(odt.ok()) << odt.status().ToString();
    bool found = false;
    for (const zip::Entry& e : *odt)
      found = found || (e.path.starts_with("Pictures/") && e.data == png);
    EXPECT_TRUE(found) << "LibreOffice's document lacks the picture";
  }

  // A picture whose file the bank does not hold is written as its path and reported.
  model::Bank bank;
  model::Question plain = q;
  plain.extensions = model::Value();
  bank.questions.push_back(plain);
  LossReport lost;
  format_testing::ExportText(Docx(), bank, lost, "out.docx");
  EXPECT_NE(lost.ToString().find("pictures whose file the bank does not hold"), std::string::npos)
      << lost.ToString();
}

}  // namespace
}  // namespace qbank::formats
