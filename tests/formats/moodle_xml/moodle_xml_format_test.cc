// Tests for the moodle-xml format: a fixture of every question type, the golden export, round
// trips of banks built here, per-question errors, hostile input and the seed pages.
#include "formats/moodle_xml/moodle_xml_format.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "base/utf8_text.h"
#include "formats/page/page_format.h"
#include "formats/question_names.h"
#include "formats/registry.h"
#include "formats/xml_formats_test_support.h"

namespace qbank::formats {
namespace {

using model::Markup;
using model::QuestionType;
using model::Value;
using namespace qbank::xml_formats_testing;

model::Text T(const char* s) { return model::Text(std::string(s)); }

const Value* MoodleExt(const Value& extensions, const std::string& key) {
  const Value* ext = extensions.Find("moodle_xml");
  return ext != nullptr ? ext->Find(key) : nullptr;
}

TEST(MoodleXmlFormatTest, ImportsEveryQuestionType) {
  Imported in =
      ImportText(MoodleXmlFormat(), "all_types.xml", ReadTestdata("moodle_xml/all_types.xml"));
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  const auto& qs = in.bank.questions;
  ASSERT_EQ(qs.size(), 10u);

  // multichoice, single, HTML with an embedded file.
  const model::Question& q0 = qs[0];
  EXPECT_EQ(q0.id.value, "astro-001");
  EXPECT_EQ(q0.type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q0.domain->value, "Astronomy/Planets");
  EXPECT_EQ(q0.markup, Markup::kHtml);
  EXPECT_EQ(q0.stem.value, "<p>Which planet has the <b>greatest</b> mass?</p>");
  EXPECT_TRUE(q0.stem.verbatim);
  EXPECT_EQ(q0.stem.span.line, 15u);
  EXPECT_EQ(q0.stem.span.column, 22u);
  EXPECT_EQ(q0.explanation.value,
            "<p>Jupiter is more than twice as massive as all the other planets together.</p>");
  ASSERT_EQ(q0.options.size(), 3u);
  EXPECT_EQ(q0.options[0].text.value, "Jupiter");
  EXPECT_TRUE(q0.options[0].correct);
  EXPECT_FALSE(q0.options[0].weight.has_value());
  EXPECT_EQ(q0.options[0].rationale->value, "Right: about 318 Earth masses.");
  EXPECT_EQ(q0.options[0].rationale->span.line, 31u);
  EXPECT_FALSE(q0.options[1].correct);
  EXPECT_EQ(q0.options[2].rationale->value, "Neptune is dense, but only about 17 Earth masses.");
  ASSERT_EQ(q0.tags.size(), 2u);
  EXPECT_EQ(q0.tags[1].value, "mass");
  EXPECT_EQ(MoodleExt(q0.extensions, "name")->as_string(), "Largest planet");
  EXPECT_TRUE(MoodleExt(q0.extensions, "shuffleanswers")->as_bool());
  ASSERT_NE(MoodleExt(q0.extensions, "questiontext_files"), nullptr);
  EXPECT_EQ(MoodleExt(q0.extensions, "questiontext_files")->as_array()[0].as_string(),
            "<file name=\"jupiter.png\" path=\"/\" encoding=\"base64\">iVBORw0KGgo=</file>");
  EXPECT_EQ(MoodleExt(q0.extensions, "extra")->as_array().size(), 4u);  // grade, penalty, ...

  // multichoice, multiple: the equal split needs no weights, the negative grade does.
  const model::Question& q1 = qs[1];
  EXPECT_EQ(q1.type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(q1.markup, Markup::kPlain);
  EXPECT_EQ(q1.KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_FALSE(q1.options[0].weight.has_value());
  ASSERT_TRUE(q1.options[2].weight.has_value());
  EXPECT_EQ(*q1.options[2].weight, -50);
  EXPECT_FALSE(q1.options[3].weight.has_value());

  // Partial credit that is not an equal split keeps every weight.
  const model::Question& q2 = qs[2];
  EXPECT_NEAR(*q2.options[0].weight, 33.33333, 1e-9);
  EXPECT_NEAR(*q2.options[1].weight, 66.66667, 1e-9);
  EXPECT_EQ(*q2.options[2].weight, -100);

  // truefalse in a new category, moodle_auto_format kept.
  const model::Question& q3 = qs[3];
  EXPECT_EQ(q3.type, QuestionType::kTrueFalse);
  EXPECT_EQ(q3.domain->value, "Astronomy/Stars");
  EXPECT_EQ(q3.KeyIndexes(), (std::vector<size_t>{1}));
  EXPECT_EQ(q3.options[0].text.value, "True");
  EXPECT_EQ(q3.options[0].rationale->value, "Red dwarfs are cooler and smaller.");
  EXPECT_EQ(MoodleExt(q3.extensions, "questiontext_format")->as_string(), "moodle_auto_format");

  EXPECT_EQ(qs[4].type, QuestionType::kShortAnswer);
  EXPECT_EQ(qs[4].options.size(), 2u);
  EXPECT_EQ(*qs[4].options[1].weight, 50);
  EXPECT_EQ(qs[4].id.value, "Nearest star");  // no idnumber: the name is the id
  EXPECT_EQ(MoodleExt(qs[4].extensions, "name"), nullptr);

  EXPECT_EQ(qs[5].type, QuestionType::kNumerical);
  EXPECT_EQ(qs[5].options[0].text.value, "8.3:0.3");  // value:tolerance, as GIFT writes it
  EXPECT_EQ(MoodleExt(qs[5].options[0].extensions, "extra"), nullptr);

  EXPECT_EQ(qs[6].type, QuestionType::kMatching);
  // Matching: each subquestion is a pair (the option's text and its match).
  ASSERT_EQ(qs[6].options.size(), 3u);
  EXPECT_EQ(qs[6].options[0].text.value, "Titan");
  EXPECT_EQ(MatchOf(qs[6].options[0]), "Saturn");
  EXPECT_EQ(MatchOf(qs[6].options[2]), "Neptune");
  EXPECT_EQ(qs[7].type, QuestionType::kEssay);
  EXPECT_EQ(qs[8].type, QuestionType::kDescription);
  EXPECT_EQ(qs[9].type, QuestionType::kOther);
  EXPECT_EQ(MoodleExt(qs[9].extensions, "type")->as_string(), "multianswer");
  EXPECT_EQ(qs[9].stem.value, "Mars has {1:SHORTANSWER:=two} moons.");
}

TEST(MoodleXmlFormatTest, ExportMatchesGoldenAndIsStable) {
  Imported in =
      ImportText(MoodleXmlFormat(), "all_types.xml", ReadTestdata("moodle_xml/all_types.xml"));
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  LossReport loss;
  std::string out = ExportText(MoodleXmlFormat(), in.bank, loss);
  std::string golden = ReadTestdata("moodle_xml/all_types.golden.xml");
  if (out != golden) SaveActual("all_types.golden.xml", out);
  EXPECT_EQ(out, golden);
  EXPECT_EQ(loss.Summary(), "");
  // Reading the export and writing it again changes nothing.
  Imported again = ImportText(MoodleXmlFormat(), "golden.xml", out);
  ASSERT_TRUE(again.status.ok()) << again.status.ToString();
  LossReport loss2;
  EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), out);
  EXPECT_EQ(JsonOf(again.bank), JsonOf(in.bank));
}

// A GIFT missing-word question whose text after the answers starts on a line of its own ("\n"),
// or whose text before them ends one: Moodle XML writes the line breaks beside the gap and reads
// them back, so a second trip writes the same file (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_moodle_xml_gap_line_break; the split trimmed every
// blank beside the gap).
// Moodle's import trims every <text>, and so does the reader: the writer writes none of the white
// space at a text's ends, so the export reads back as written (GIFT's "\n", an escaped line break
// alone, is a question whose whole text is a line break: it was written, read back empty, and the
// next export differed; round_trip_fuzz).
TEST(MoodleXmlFormatTest, WhiteSpaceAtATextsEndsIsNotWritten) {
  for (std::string stem : {"\n", "  Which gas do plants take in?\n\n", "<p>Which gas?</p>\n"}) {
    model::Bank bank;
    model::Question& q = bank.questions.emplace_back();
    q.type = model::QuestionType::kDescription;
    q.markup = stem.starts_with("<") ? model::Markup::kHtml : model::Markup::kPlain;
    q.stem.value = stem;
    q.explanation.value = "\tCarbon dioxide. ";
    LossReport loss;
    std::string first = ExportText(MoodleXmlFormat(), bank, loss);
    EXPECT_EQ(first.find("<text>\n</text>"), std::string::npos) << first;
    EXPECT_NE(first.find("<text>Carbon dioxide.</text>"), std::string::npos) << first;
    Imported again = ImportText(MoodleXmlFormat(), "trim.xml", first);
    ASSERT_TRUE(again.status.ok()) << again.status.ToString();
    ASSERT_EQ(again.bank.questions.size(), 1u);
    EXPECT_EQ(again.bank.questions[0].stem.value, std::string(Trim(stem)));
    LossReport loss2;
    EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), first);
  }
}

TEST(MoodleXmlFormatTest, ALineBreakBesideTheGapComesBack) {
  for (const auto& [before, after] : std::vector<std::pair<std::string, std::string>>{
           {"The symbol for gold is", "\n    and for silver it is Ag."},
           {"The symbol for gold is\n", "and for silver it is Ag."},
           {"The symbol for gold is\n", "\n\tand for silver it is Ag."},
           {"The symbol for gold is", "and for silver it is Ag."}}) {
    model::Bank bank;
    model::Question& q = bank.questions.emplace_back();
    q.type = model::QuestionType::kShortAnswer;
    q.stem.value = before;
    q.options.emplace_back().text.value = "Au";
    q.options.back().correct = true;
    SetTextAfterGap(q, after);
    LossReport loss;
    std::string first = ExportText(MoodleXmlFormat(), bank, loss);
    Imported again = ImportText(MoodleXmlFormat(), "gap.xml", first);
    ASSERT_TRUE(again.status.ok()) << again.status.ToString();
    ASSERT_EQ(again.bank.questions.size(), 1u);
    EXPECT_EQ(again.bank.questions[0].stem.value, before) << first;
    EXPECT_EQ(TextAfterGap(again.bank.questions[0]), after) << first;
    LossReport loss2;
    EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), first);
  }
  // Moodle's own spacing around the marker is still the joint.
  Imported moodle = ImportText(
      MoodleXmlFormat(), "moodle.xml",
      "<quiz><question type=\"shortanswer\"><name><text>g</text></name><questiontext "
      "format=\"moodle_auto_format\"><text>Gold is  _____ \t and silver Ag.</text></questiontext>"
      "<answer fraction=\"100\"><text>Au</text></answer></question></quiz>");
  ASSERT_TRUE(moodle.status.ok()) << moodle.status.ToString();
  ASSERT_EQ(moodle.bank.questions.size(), 1u);
  EXPECT_EQ(moodle.bank.questions[0].stem.value, "Gold is");
  EXPECT_EQ(TextAfterGap(moodle.bank.questions[0]), "and silver Ag.");
}

// An HTML missing-word question whose halves do not stand alone as HTML (a stray "</b>") is not
// split by the reader: the text after the gap must not come back a second time from the
// question's metadata, or the next export writes it twice (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_moodle_xml_html_gap_halves).
TEST(MoodleXmlFormatTest, AGapTheReaderCannotSplitIsWrittenOnce) {
  model::Bank bank;
  model::Question& q = bank.questions.emplace_back();
  q.type = model::QuestionType::kShortAnswer;
  q.markup = model::Markup::kHtml;
  q.stem.value = "Match each ,b>shape</b> with its number of sides.";
  q.options.emplace_back().text.value = "four";
  q.options.back().correct = true;
  SetTextAfterGap(q, "in everyday arithmetic.");
  LossReport loss;
  std::string first = ExportText(MoodleXmlFormat(), bank, loss);
  Imported again = ImportText(MoodleXmlFormat(), "gap.xml", first);
  ASSERT_TRUE(again.status.ok()) << again.status.ToString();
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(again.bank.questions[0].stem.value,
            "Match each ,b>shape</b> with its number of sides. _____ in everyday arithmetic.");
  EXPECT_EQ(TextAfterGap(again.bank.questions[0]), "");
  LossReport loss2;
  EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), first);
}

// A GIFT category in the course context but without Moodle's "top" level ("$course$/a/b") is
// written as Moodle XML's reader reads it back (the domain "a/b", so "$course$/top/a/b"), and a
// second trip writes the same file (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_moodle_xml_course_category).
TEST(MoodleXmlFormatTest, ACourseCategoryWithoutTopReachesAFixedPoint) {
  EXPECT_EQ(CategoryOfDomain("$course$/Astronomy/Stars"), "$course$/top/Astronomy/Stars");
  EXPECT_EQ(CategoryOfDomain("$course$/top/Astronomy"), "$course$/top/Astronomy");
  EXPECT_EQ(CategoryOfDomain("$course$"), "$course$/top");
  EXPECT_EQ(CategoryOfDomain("$module$/top/Quiz"), "$module$/top/Quiz");
  EXPECT_EQ(CategoryOfDomain("Astronomy"), "$course$/top/Astronomy");
  model::Bank bank;
  model::Question& q = bank.questions.emplace_back();
  q.id.value = "mars";
  q.type = model::QuestionType::kTrueFalse;
  q.stem.value = "Mars is red.";
  q.domain->value = "$course$/Astronomy";
  q.options.emplace_back().text.value = "True";
  q.options.back().correct = true;
  q.options.emplace_back().text.value = "False";
  LossReport loss;
  std::string first = ExportText(MoodleXmlFormat(), bank, loss);
  Imported again = ImportText(MoodleXmlFormat(), "cat.xml", first);
  ASSERT_TRUE(again.status.ok()) << again.status.ToString();
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(again.bank.questions[0].domain->value, "Astronomy");
  LossReport loss2;
  EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), first);
}

// An essay whose GIFT text goes on after its "{}" (GIFT keeps that text as the text after a
// gap): Moodle's essay has no gap, so the text joins the question text once and a second trip
// writes the same file (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_moodle_xml_category).
TEST(MoodleXmlFormatTest, AnEssayWithTextAfterItsGapReachesAFixedPoint) {
  model::Bank bank;
  model::Question& q = bank.questions.emplace_back();
  q.type = model::QuestionType::kEssay;
  q.stem.value = "Describe how you would weigh a letter.";
  SetTextAfterGap(q, "Use at most fifty words.");
  LossReport loss;
  std::string first = ExportText(MoodleXmlFormat(), bank, loss);
  EXPECT_NE(first.find("weigh a letter. _____ Use at most fifty words.</text>"), std::string::npos)
      << first;
  EXPECT_NE(loss.Summary().find("extensions.gift.blank_after"), std::string::npos);
  Imported again = ImportText(MoodleXmlFormat(), "essay.xml", first);
  ASSERT_TRUE(again.status.ok()) << again.status.ToString();
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(TextAfterGap(again.bank.questions[0]), "");
  LossReport loss2;
  EXPECT_EQ(ExportText(MoodleXmlFormat(), again.bank, loss2), first);
}

TEST(MoodleXmlFormatTest, FractionOffMoodlesListIsAnErrorAndOtherQuestionsStillImport) {
  std::string text =
      "<quiz>\n"
      "<question type=\"multichoice\"><questiontext><text>Good one</text></questiontext>\n"
      "  <answer fraction=\"100\"><text>a</text></answer></question>\n"
      "<question type=\"multichoice\"><questiontext><text>Bad one</text></questiontext>\n"
      "  <answer fraction=\"37\"><text>a</text></answer></question>\n"
      "<question type=\"multichoice\"><single>maybe</single></question>\n"
      "<question><questiontext><text>No type</text></questiontext></question>\n"
      "</quiz>\n";
  Imported in = ImportText(MoodleXmlFormat(), "bad.xml", text);
  ASSERT_TRUE(in.status.ok());
  ASSERT_EQ(in.bank.questions.size(), 1u);
  EXPECT_EQ(in.bank.questions[0].stem.value, "Good one");
  EXPECT_EQ(in.ErrorText(),
            "bad.xml:5:3: error: answer fraction '37' is not one of Moodle's accepted grades; "
            "expected one of 100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, "
            "25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0 (or its negative)\n"
            "bad.xml:6:30: error: <single> holds 'maybe'; expected true, false, 1 or 0\n"
            "bad.xml:7:1: error: <question> has no type attribute; expected type=\"multichoice\" "
            "or another Moodle question type\n");
}

TEST(MoodleXmlFormatTest, EmptyElementsTakeMoodlesDefaults) {
  std::string text =
      "<quiz>\n"
      "<question type=\"category\"><name><text>Unnamed</text></name></question>\n"
      "<question type=\"numerical\"><questiontext><text>Pi?</text></questiontext>\n"
      "  <answer fraction=\"100\"><text>3.14</text><tolerance></tolerance></answer>\n"
      "  <defaultgrade></defaultgrade><penalty/></question>\n"
      "<question type=\"multichoice\"><questiontext><text>Pick</text></questiontext>\n"
      "  <shuffleanswers/><single></single>\n"
      "  <answer fraction=\"100\"><text>a</text></answer>\n"
      "  <answer fraction=\"0\"><text>b</text></answer></question>\n"
      "</quiz>\n";
  Imported in = ImportText(MoodleXmlFormat(), "empty.xml", text);
  ASSERT_TRUE(in.status.ok());
  EXPECT_EQ(in.ErrorText(), "");
  EXPECT_EQ(in.WarningText(),
            "empty.xml:2:1: warning: category question without <category> skipped (the "
            "questions after it stay in the category before it, as in Moodle); expected "
            "<category><text>$course$/top/...</text></category>\n"
            "empty.xml:7:20: warning: empty <single>: read as false (several answers may be "
            "right), as Moodle reads it\n");
  ASSERT_EQ(in.bank.questions.size(), 2u);
  EXPECT_EQ(in.bank.questions[0].options[0].text.value, "3.14");  // tolerance 0
  EXPECT_EQ(in.bank.questions[1].type, QuestionType::kMultipleAnswer);
  EXPECT_FALSE(MoodleExt(in.bank.questions[1].extensions, "shuffleanswers")->as_bool());
}

TEST(MoodleXmlFormatTest, ReadsTheEncodingTheDeclarationNames) {
  std::string latin1 =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<quiz><question type=\"essay\">"
      "<questiontext format=\"plain_text\"><text>Caf\xE9 cr\xE8me?</text></questiontext>"
      "</question></quiz>\n";
  Imported in = ImportText(MoodleXmlFormat(), "latin1.xml", latin1);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  ASSERT_EQ(in.bank.questions.size(), 1u);
  EXPECT_EQ(in.bank.questions[0].stem.value, "Caf\xC3\xA9 cr\xC3\xA8me?");
  EXPECT_EQ(in.bank.questions[0].stem.span.line, 2u);

  std::string bad = "<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<quiz>\xE9</quiz>";
  Imported refused = ImportText(MoodleXmlFormat(), "cp.xml", bad);
  // Placed at the bad byte (line 2, column 7), with the declaration named in the message.
  EXPECT_EQ(refused.status.ToString(),
            "cp.xml:2:7: the XML declaration names encoding 'US-ASCII', but byte 49 is not valid "
            "US-ASCII (expected text in US-ASCII, as --encoding says)");
  Imported undeclared = ImportText(MoodleXmlFormat(), "u.xml", "<quiz>\n\xE9</quiz>");
  EXPECT_NE(undeclared.status.ToString().find("u.xml:2:1: the file is not valid UTF-8"),
            std::string::npos)
      << undeclared.status.ToString();
}

TEST(MoodleXmlFormatTest, FractionsWithinMoodlesToleranceAreAccepted) {
  EXPECT_EQ(MoodleFraction(83.333), "83.33333");
  EXPECT_EQ(MoodleFraction(-33.3333), "-33.33333");
  EXPECT_EQ(MoodleFraction(12.5), "12.5");
  EXPECT_EQ(MoodleFraction(83.3), std::nullopt);
  EXPECT_EQ(MoodleFraction(101), std::nullopt);
}

TEST(MoodleXmlFormatTest, RefusesWhatIsNotAQuizAndHostileXml) {
  Imported not_quiz = ImportText(MoodleXmlFormat(), "x.xml", "<?xml version=\"1.0\"?>\n<bank/>");
  EXPECT_EQ(not_quiz.status.ToString(),
            "x.xml:2:1: the root element is <bank>; expected <quiz> (a Moodle XML question file)");
  Imported xxe =
      ImportText(MoodleXmlFormat(), "xxe.xml",
                 "<!DOCTYPE quiz [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<quiz>&x;</quiz>");
  EXPECT_FALSE(xxe.status.ok());
  EXPECT_NE(xxe.status.ToString().find("xxe.xml:1:1: DOCTYPE declarations are not accepted"),
            std::string::npos);
  Imported truncated = ImportText(MoodleXmlFormat(), "t.xml",
                                  "<quiz><question type=\"multichoice\"><questiontext><text>ab");
  EXPECT_FALSE(truncated.status.ok());
  EXPECT_TRUE(truncated.bank.questions.empty());
}

// A bank with what Moodle XML holds, built here.
model::Bank SampleBank() {
  model::Bank bank;
  model::Question single;
  single.id = T("geo-1");
  single.type = QuestionType::kSingleAnswer;
  single.domain = T("Geography/Rivers");
  single.stem = T("Which river flows through Cairo?\nPick one.");
  single.explanation = T("The Nile flows north through Cairo to the Mediterranean.");
  single.tags = {T("rivers"), T("africa")};
  for (const char* t : {"The Nile", "The Congo", "The Niger"}) {
    model::Option o;
    o.text = T(t);
    o.rationale = std::string("About ") + t + ": see the map & the atlas.";
    single.options.push_back(o);
  }
  single.options[0].correct = true;
  bank.questions.push_back(single);

  model::Question multiple;
  multiple.id = T("geo-2");
  multiple.type = QuestionType::kMultipleAnswer;
  multiple.domain = T("Geography/Rivers");
  multiple.markup = Markup::kHtml;
  multiple.stem = T("<p>Which rivers end in a <em>delta</em>? Note: a ]]> b</p>");
  for (const char* t : {"Nile", "Mississippi", "Amazon"}) {
    model::Option o;
    o.text = T(t);
    multiple.options.push_back(o);
  }
  multiple.options[0].correct = true;
  multiple.options[1].correct = true;
  bank.questions.push_back(multiple);

  model::Question weighted = multiple;
  weighted.id = T("geo-3");
  weighted.domain = T("Geography");
  weighted.markup = Markup::kMarkdown;
  weighted.stem = T("Which are **capital** cities?");
  weighted.options[0].weight = 75;
  weighted.options[1].weight = 25;
  weighted.options[2].weight = -100;
  bank.questions.push_back(weighted);

  model::Question tf;
  tf.id = T("geo-4");
  tf.type = QuestionType::kTrueFalse;
  tf.stem = T("The Danube flows into the Black Sea.");
  tf.options.resize(2);
  tf.options[0].text = T("True");
  tf.options[0].correct = true;
  tf.options[1].text = T("False");
  tf.options[1].rationale = T("It does end there.");
  bank.questions.push_back(tf);
  return bank;
}

// Found by the property test over generated banks: partial credit on a wrong answer of a
// single-answer question made it a second key.
TEST(MoodleXmlFormatTest, ASingleAnswerQuestionsKeyIsItsFullCreditAnswer) {
  std::string text =
      "<quiz><question type=\"multichoice\"><name><text>tide-1</text></name>"
      "<questiontext format=\"plain\"><text>Highest tides?</text></questiontext>"
      "<single>true</single>"
      "<answer fraction=\"50\"><text>Severn</text></answer>"
      "<answer fraction=\"100\"><text>Fundy</text></answer>"
      "<answer fraction=\"0\"><text>Baltic</text></answer></question></quiz>";
  Imported in = ImportText(MoodleXmlFormat(), "partial.xml", text);
  ASSERT_EQ(in.ErrorText(), "");
  const model::Question& q = in.bank.questions.at(0);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  ASSERT_TRUE(q.options[0].weight.has_value());
  EXPECT_EQ(*q.options[0].weight, 50);
  EXPECT_FALSE(q.options[1].weight.has_value());
}

// moodle_xml_fuzz: a truefalse question with a <single> of its own (kept as an element qbank does
// not model) and answers that make it multichoice on the way out was written with two <single>
// elements, and the kept one did not read back.
TEST(MoodleXmlFormatTest, AKeptSingleElementIsNotWrittenTwice) {
  std::string text =
      "<quiz><question type=\"truefalse\"><name><text>planets-2</text></name>"
      "<questiontext format=\"html\"><text>Which are inner planets?</text></questiontext>"
      "<single>not a flag</single>"
      "<answer fraction=\"100\"><text>Mercury</text></answer>"
      "<answer fraction=\"0\"><text>Venus</text></answer>"
      "<answer fraction=\"0\"><text>Jupiter</text></answer></question></quiz>";
  Imported in = ImportText(MoodleXmlFormat(), "tf.xml", text);
  ASSERT_EQ(in.ErrorText(), "");
  LossReport loss;
  std::string out = ExportText(MoodleXmlFormat(), in.bank, loss);
  EXPECT_EQ(out.find("not a flag"), std::string::npos) << out;
  EXPECT_NE(loss.Summary().find("<single> (written by qbank for the question's type)"),
            std::string::npos)
      << loss.Summary();
  Imported back = ImportText(MoodleXmlFormat(), "out.xml", out);
  EXPECT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].options.size(), 3u);
}

// Found by the property test over generated banks: an HTML missing-word question lost its gap on
// the way back (the text after it stayed in the stem).
TEST(MoodleXmlFormatTest, AnHtmlMissingWordQuestionKeepsItsGap) {
  model::Bank bank;
  model::Question q;
  q.id = T("gold-1");
  q.markup = Markup::kHtml;
  q.stem = T("The symbol for <b>gold</b> is");
  q.extensions["gift"]["blank_after"] = "and for <i>silver</i> Ag.";
  for (const char* t : {"Au", "Ag"}) {
    model::Option o;
    o.text = T(t);
    o.correct = std::string(t) == "Au";
    q.options.push_back(o);
  }
  bank.questions.push_back(q);
  LossReport loss;
  std::string xml = ExportText(MoodleXmlFormat(), bank, loss);
  Imported back = ImportText(MoodleXmlFormat(), "gap.xml", xml);
  ASSERT_EQ(back.ErrorText(), "");
  EXPECT_EQ(back.bank.questions.at(0).stem.value, "The symbol for <b>gold</b> is");
  EXPECT_EQ(TextAfterGap(back.bank.questions.at(0)), "and for <i>silver</i> Ag.");
  // A gap inside an element is not split: neither half would be HTML of its own.
  std::string inside =
      "<quiz><question type=\"multichoice\"><name><text>gold-2</text></name>"
      "<questiontext format=\"html\"><text><![CDATA[<p>Gold is _____ here.</p>]]></text>"
      "</questiontext><single>true</single>"
      "<answer fraction=\"100\"><text>Au</text></answer>"
      "<answer fraction=\"0\"><text>Ag</text></answer></question></quiz>";
  Imported kept = ImportText(MoodleXmlFormat(), "inside.xml", inside);
  ASSERT_EQ(kept.ErrorText(), "");
  EXPECT_EQ(kept.bank.questions.at(0).stem.value, "<p>Gold is _____ here.</p>");
  EXPECT_EQ(TextAfterGap(kept.bank.questions.at(0)), "");
}

// Moodle imports these questions but its editor refuses to save them: a warning at the question.
TEST(MoodleXmlFormatTest, GradesMoodleWouldNotSaveAreWarnings) {
  std::string text =
      "<quiz>\n"
      "<question type=\"multichoice\"><name><text>m1</text></name>"
      "<questiontext><text>Pick the gases</text></questiontext><single>false</single>"
      "<answer fraction=\"50\"><text>neon</text></answer>"
      "<answer fraction=\"30\"><text>argon</text></answer></question>\n"
      "<question type=\"shortanswer\"><name><text>s1</text></name>"
      "<questiontext><text>Name a noble gas</text></questiontext>"
      "<answer fraction=\"50\"><text>neon</text></answer></question>\n"
      "</quiz>\n";
  Imported in = ImportText(MoodleXmlFormat(), "grades.xml", text);
  ASSERT_EQ(in.ErrorText(), "");
  EXPECT_EQ(in.bank.questions.size(), 2u);
  EXPECT_EQ(in.WarningText(),
            "grades.xml:2:1: warning: the positive grades of this multiple-answer question add "
            "up to 80%, not 100%; Moodle refuses to save it (\"The grades do not add up to "
            "100%\")\n"
            "grades.xml:3:1: warning: no answer of this short-answer question has a score of "
            "100%; Moodle refuses to save it (\"One of the answers should have a score of 100% so "
            "it is possible to get full marks for this question\")\n");
}

TEST(MoodleXmlFormatTest, RoundTripKeepsWhatTheFormatHolds) {
  model::Bank bank = SampleBank();
  LossReport loss;
  std::string xml = ExportText(MoodleXmlFormat(), bank, loss);
  EXPECT_NE(xml.find("<text><![CDATA[<p>Which rivers end in a <em>delta</em>? Note: a ]]]]>"
                     "<![CDATA[> b</p>]]></text>"),
            std::string::npos);
  // A Markdown draft reaches Moodle as the HTML it means; the draft comes back from
  // <qbank_metadata>.
  EXPECT_NE(xml.find("<questiontext format=\"html\">\n      <text><![CDATA[Which are "
                     "<strong>capital</strong> cities?]]></text>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(xml.find("format=\"markdown\""), std::string::npos);
  EXPECT_NE(xml.find("<answer fraction=\"50\" format=\"html\">"), std::string::npos);
  EXPECT_EQ(loss.Summary(), "");
  Imported back = ImportText(MoodleXmlFormat(), "out.xml", xml);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  ASSERT_EQ(back.bank.questions.size(), bank.questions.size());
  EXPECT_EQ(JsonOf(back.bank), JsonOf(bank));
  EXPECT_NE(xml.find("<text>true</text>"), std::string::npos);  // Moodle's spelling
}

TEST(MoodleXmlFormatTest, LossReportNamesWhatMoodleCannotHold) {
  model::Bank bank = SampleBank();
  bank.title = T("Rivers");
  bank.questions[0].trap = T("Do not confuse the Nile with the Niger.");
  bank.questions[0].exam = T("GEO-101");
  bank.questions[1].difficulty = T("easy");
  model::Question matching;
  matching.id = T("geo-5");
  matching.type = QuestionType::kMatching;
  matching.stem = T("Match the rivers.");
  bank.questions.push_back(matching);
  LossReport loss;
  std::string xml = ExportText(MoodleXmlFormat(), bank, loss);
  // Trap, exam and difficulty travel in <qbank_metadata>; the bank's title has no place.
  EXPECT_EQ(loss.Summary(), "  bank.title: 1 value dropped\n");
  // A matching question is Moodle's matching type, not dropped.
  EXPECT_NE(xml.find("<question type=\"matching\">"), std::string::npos) << xml;
  Imported back = ImportText(MoodleXmlFormat(), "out.xml", xml);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  EXPECT_EQ(back.bank.questions[0].trap->value, "Do not confuse the Nile with the Niger.");
  EXPECT_EQ(back.bank.questions[0].exam->value, "GEO-101");
  EXPECT_EQ(back.bank.questions[1].difficulty->value, "easy");
  // Metadata that is not qbank's is an error at its element, the other questions still read.
  std::string broken = xml;
  size_t at = broken.find("<qbank_metadata");
  ASSERT_NE(at, std::string::npos);
  broken.insert(broken.find("<text>", at) + 6, "x");
  Imported bad = ImportText(MoodleXmlFormat(), "bad.xml", broken);
  EXPECT_NE(bad.ErrorText().find("<qbank_metadata> is not the metadata qbank writes"),
            std::string::npos)
      << bad.ErrorText();
}

TEST(MoodleXmlFormatTest, NumericalAnswersAndGiftTitlesCarryOver) {
  model::Bank bank;
  model::Question q;
  q.id = T("num-1");
  q.type = QuestionType::kNumerical;
  q.stem = T("Pick a whole number from 1 to 5.");
  q.extensions["gift"]["title"] = "Range";
  for (const char* t : {"1..5", "42:0.5", "7:0", "*"}) {
    model::Option o;
    o.text = T(t);
    o.correct = true;
    q.options.push_back(o);
  }
  bank.questions.push_back(q);
  LossReport loss;
  std::string xml = ExportText(MoodleXmlFormat(), bank, loss);
  EXPECT_NE(xml.find("<name>\n      <text>Range</text>"), std::string::npos);
  EXPECT_NE(xml.find("<text>3</text>\n      <tolerance>2</tolerance>"), std::string::npos);
  EXPECT_NE(xml.find("<text>42</text>\n      <tolerance>0.5</tolerance>"), std::string::npos);
  EXPECT_NE(xml.find("<text>7</text>\n      <feedback"), std::string::npos);
  EXPECT_NE(xml.find("<text>*</text>\n      <feedback"), std::string::npos);
  Imported back = ImportText(MoodleXmlFormat(), "num.xml", xml);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  ASSERT_EQ(back.bank.questions[0].options.size(), 4u);
  // The notation comes back from <qbank_metadata> while the values still mean the same.
  EXPECT_EQ(back.bank.questions[0].options[0].text.value, "1..5");
  EXPECT_EQ(back.bank.questions[0].options[1].text.value, "42:0.5");
  EXPECT_EQ(back.bank.questions[0].options[2].text.value, "7:0");
  EXPECT_EQ(back.bank.questions[0].options[3].text.value, "*");
  EXPECT_EQ(MoodleExt(back.bank.questions[0].extensions, "name")->as_string(), "Range");
  // A value edited in Moodle wins over the notation carried for the old one.
  std::string edited = xml;
  edited.replace(edited.find("<text>3</text>"), 14, "<text>4</text>");
  Imported changed = ImportText(MoodleXmlFormat(), "num.xml", edited);
  ASSERT_EQ(changed.ErrorText(), "");
  EXPECT_EQ(changed.bank.questions[0].options[0].text.value, "4:2");
  EXPECT_EQ(changed.bank.questions[0].options[2].text.value, "7:0");
}

TEST(MoodleXmlFormatTest, ExportRefusesWeightsMoodleWouldReject) {
  model::Bank bank = SampleBank();
  bank.questions[2].options[0].weight = 37;
  LossReport loss;
  Result<std::string> out = MoodleXmlFormat().Export(bank, ExportOptions{}, loss);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().ToString(),
            "question 3 (geo-3): option grade 37% is not one of Moodle's accepted fractions (100, "
            "90, 83.33333, 80, 75, ...); expected a weight from that list");
}

TEST(MoodleXmlFormatTest, ExportRefusesCharactersXmlCannotCarry) {
  model::Bank bank = SampleBank();
  bank.questions[1].options[2].rationale = T("vertical\x0Btab");
  LossReport loss;
  Result<std::string> out = MoodleXmlFormat().Export(bank, ExportOptions{}, loss);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().ToString(),
            "question 2 (geo-2): <text> holds U+000B, which XML 1.0 cannot carry");
  bank.questions[1].options[2].rationale = T("");
  bank.questions[0].stem.value = std::string("nul\0inside", 10);
  out = MoodleXmlFormat().Export(bank, ExportOptions{}, loss);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().ToString(),
            "question 1 (geo-1): <text> holds U+0000, which XML 1.0 cannot carry");
}

TEST(MoodleXmlFormatTest, RegistryDetectsQuizFiles) {
  const Format* f = Registry::Default().Detect("bank.xml", "<?xml version=\"1.0\"?>\n<quiz>");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->name(), "moodle-xml");
  EXPECT_EQ(MoodleXmlFormat().Sniff("x.xml", "<quizzes/>"), 0);
}

TEST(MoodleXmlFormatTest, SeedPagesSurviveTheTripThroughMoodleXml) {
  std::filesystem::path seeds(QBANK_SEEDS_DIR);
  if (!std::filesystem::is_directory(seeds)) GTEST_SKIP() << "no seed pages at " << seeds;
  size_t pages = 0;
  for (const auto& entry : std::filesystem::directory_iterator(seeds)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    Imported page = ImportText(PageFormat(), entry.path().string(), ss.str());
    ASSERT_TRUE(page.status.ok()) << page.status.ToString();
    ASSERT_EQ(page.bank.questions.size(), 1u);
    LossReport loss;
    std::string xml = ExportText(MoodleXmlFormat(), page.bank, loss);
    Imported back = ImportText(MoodleXmlFormat(), "seed.xml", xml);
    ASSERT_TRUE(back.status.ok()) << back.status.ToString();
    ASSERT_EQ(back.bank.questions.size(), 1u);
    const model::Question& a = page.bank.questions[0];
    const model::Question& b = back.bank.questions[0];
    EXPECT_EQ(b.id.value, a.id.value);
    EXPECT_EQ(b.stem.value, a.stem.value);
    EXPECT_EQ(b.explanation.value, a.explanation.value);
    EXPECT_EQ(b.domain->value, a.domain->value);
    EXPECT_EQ(b.KeyIndexes(), a.KeyIndexes());
    ASSERT_EQ(b.options.size(), a.options.size());
    for (size_t i = 0; i < a.options.size(); ++i) {
      EXPECT_EQ(b.options[i].text.value, a.options[i].text.value);
      EXPECT_EQ(b.options[i].rationale->value, a.options[i].rationale->value);
    }
    // Every question field comes back (trap, authors, review, exam, origin in <qbank_metadata>);
    // only the bank's own fields have no place.
    model::Bank a_only = page.bank;
    a_only.id = a_only.title = a_only.exam = a_only.publisher = a_only.origin = model::Text();
    a_only.declared_size.reset();
    EXPECT_EQ(JsonOf(back.bank), JsonOf(a_only));
    EXPECT_EQ(loss.dropped().count("trap"), 0u);
    EXPECT_NE(xml.find("<qbank_metadata format=\"json\">"), std::string::npos);
    ++pages;
  }
  EXPECT_GT(pages, 0u);
}

}  // namespace
}  // namespace qbank::formats
