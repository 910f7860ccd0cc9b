// The qti12 (Canvas QTI 1.2) and blackboard-pool formats: the fixtures in
// tests/formats/testdata/qti12 (written in the layout of a Canvas quiz export, a Canvas course
// export, a Blackboard pool and plain IMS QTI 1.2 as Respondus writes it), detection, the
// packages qbank writes, the loss report, hostile input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "base/base64.h"
#include "base/file_system.h"
#include "formats/format_test_support.h"
#include "formats/loss_report.h"
#include "formats/media_files.h"
#include "formats/qti12/qti12_vocabulary.h"
#include "formats/question_names.h"
#include "formats/registry.h"
#include "model/bank.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

using format_testing::ExportText;
using format_testing::Imported;
using format_testing::ImportText;
using format_testing::ReadTestdata;
using model::QuestionType;

const Format& Canvas() { return *Registry::Default().Find("qti12"); }
const Format& Blackboard() { return *Registry::Default().Find("blackboard-pool"); }

// A question of `type` with `stem` (in `markup`) and one option for each of `keys` (correct)
// and `others`.
model::Question MakeQuestion(const char* id, QuestionType type, model::Markup markup,
                             const char* stem, std::initializer_list<const char*> keys,
                             std::initializer_list<const char*> others = {}) {
  model::Question q;
  q.id.value = id;
  q.type = type;
  q.markup = markup;
  q.stem.value = stem;
  for (const char* text : keys) {
    q.options.emplace_back().text.value = text;
    q.options.back().correct = true;
  }
  for (const char* text : others) q.options.emplace_back().text.value = text;
  return q;
}

// `bank` exported as `format` (a package, the first export's report in `loss`), read back without
// errors, and the bank read back exported again to the same bytes (round_trip_fuzz's fixed
// point): the bank read back.
model::Bank ReadBackOnce(const Format& format, const model::Bank& bank, LossReport& loss) {
  std::string once = ExportText(format, bank, loss, "out.zip");
  Imported back = ImportText(format, "out.zip", once);
  EXPECT_EQ(back.ErrorText(), "");
  LossReport again;
  EXPECT_EQ(ExportText(format, back.bank, again, "out.zip"), once);
  return std::move(back.bank);
}

// The files of fixture folder `dir` (paths relative to tests/formats/testdata/qti12/<dir>) as a
// zip.
std::string ZipOf(const std::string& dir, const std::vector<std::string>& files) {
  std::vector<zip::Entry> entries;
  entries.reserve(files.size());
  std::string folder = "qti12/" + dir + "/";
  for (const std::string& f : files) entries.push_back({f, ReadTestdata(folder + f)});
  Result<std::string> bytes = zip::Write(entries);
  EXPECT_TRUE(bytes.ok()) << bytes.status().ToString();
  return bytes.ok() ? *bytes : std::string();
}

std::string CanvasQuizZip() {
  return ZipOf("canvas_quiz",
               {"imsmanifest.xml", "g5e1b0c2d/g5e1b0c2d.xml", "g5e1b0c2d/assessment_meta.xml"});
}

const model::Option& Opt(const model::Question& q, size_t i) { return q.options.at(i); }

void ExpectCanvasQuiz(const Imported& in) {
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  const model::Bank& bank = in.bank;
  ASSERT_EQ(bank.questions.size(), 10u);
  EXPECT_EQ(bank.title.value, "Tides and Orbits");
  EXPECT_EQ(bank.id.value, "g5e1b0c2d");
  std::vector<QuestionType> types;
  for (const model::Question& q : bank.questions) types.push_back(q.type);
  EXPECT_EQ(types, (std::vector<QuestionType>{
                       QuestionType::kSingleAnswer, QuestionType::kMultipleAnswer,
                       QuestionType::kTrueFalse, QuestionType::kShortAnswer,
                       QuestionType::kNumerical, QuestionType::kMatching, QuestionType::kEssay,
                       QuestionType::kEssay, QuestionType::kDescription, QuestionType::kOther}));
  const model::Question& mc = bank.questions[0];
  EXPECT_EQ(mc.id.value, "g1c0a77e1");
  EXPECT_EQ(mc.markup, model::Markup::kHtml);
  EXPECT_EQ(mc.stem.value, "<div><p>When do <strong>spring tides</strong> happen?</p></div>");
  EXPECT_EQ(mc.KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(Opt(mc, 1).rationale->value, "<p>Quarter moons give neap tides.</p>");
  // A plain-text answer of an HTML question is escaped so it stands as HTML.
  EXPECT_EQ(Opt(mc, 2).text.value, "Only in spring &amp; autumn");
  EXPECT_EQ(mc.explanation.value, "<p>Sun and Moon pull along one line twice a month.</p>");
  // The stem's span is the line of its <mattext> in the quiz file.
  EXPECT_EQ(mc.stem.span.line, 34u);
  const model::Question& ma = bank.questions[1];
  EXPECT_EQ(ma.KeyIndexes(), (std::vector<size_t>{0, 2}));
  EXPECT_FALSE(Opt(ma, 0).weight.has_value());
  EXPECT_EQ(bank.questions[2].KeyIndexes(), std::vector<size_t>{0});
  const model::Question& sa = bank.questions[3];
  ASSERT_EQ(sa.options.size(), 2u);
  EXPECT_EQ(Opt(sa, 0).text.value, "perihelion");
  EXPECT_EQ(Opt(sa, 1).text.value, "the perihelion");
  const model::Question& num = bank.questions[4];
  ASSERT_EQ(num.options.size(), 2u);
  EXPECT_EQ(Opt(num, 0).text.value, "27.3:0.3");
  EXPECT_EQ(Opt(num, 1).text.value, "29..30");
  const model::Question& match = bank.questions[5];
  ASSERT_EQ(match.options.size(), 3u);  // two pairs and the distractor Triton
  EXPECT_EQ(Opt(match, 0).text.value, "Jupiter");
  EXPECT_EQ(MatchOf(Opt(match, 0)), "Ganymede");
  EXPECT_EQ(MatchOf(Opt(match, 1)), "Titan");
  EXPECT_TRUE(Opt(match, 2).text.empty());
  EXPECT_EQ(MatchOf(Opt(match, 2)), "Triton");
}

TEST(Qti12FormatTest, ReadsACanvasQuizExportAsAZipAndAsAFolder) {
  ExpectCanvasQuiz(ImportText(Canvas(), "quiz.zip", CanvasQuizZip()));
  // The folder, named by its manifest, read through the file system.
  std::string manifest = format_testing::TestdataPath("qti12/canvas_quiz/imsmanifest.xml");
  ExpectCanvasQuiz(ImportText(Canvas(), manifest, ReadTestdata("qti12/canvas_quiz/imsmanifest.xml"),
                              &RealFileSystem()));
  EXPECT_TRUE(Canvas().ClaimsDirectory(RealFileSystem(),
                                       format_testing::TestdataPath("qti12/canvas_quiz")));
  EXPECT_FALSE(Blackboard().ClaimsDirectory(RealFileSystem(),
                                            format_testing::TestdataPath("qti12/canvas_quiz")));
}

TEST(Qti12FormatTest, KeepsCanvasFeedbackPointsAndIdentsAndTheMultiGapItem) {
  Imported in = ImportText(Canvas(), "quiz.zip", CanvasQuizZip());
  ASSERT_EQ(in.bank.questions.size(), 10u);
  const model::Question& mc = in.bank.questions[0];
  const model::Value* own = mc.extensions.Find("qti12");
  ASSERT_NE(own, nullptr);
  EXPECT_EQ(own->Find("feedback")->Find("correct")->as_string(), "<p>Right.</p>");
  EXPECT_EQ(own->Find("feedback")->Find("incorrect")->as_string(),
            "<p>Think of the lunar phases.</p>");
  EXPECT_EQ(own->Find("points_possible")->as_double(), 2.0);
  EXPECT_EQ(own->Find("title")->as_string(), "Spring tides");
  EXPECT_EQ(mc.options[0].extensions.Find("qti12")->Find("ident")->as_string(), "4821");
  // Written back as Canvas's quiz and read again: the same bank, the dropdown item as it was.
  LossReport loss;
  std::string again = ExportText(Canvas(), in.bank, loss, "again.zip");
  Imported back = ImportText(Canvas(), "again.zip", again);
  ASSERT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 10u);
  for (size_t i = 0; i < 10; ++i) {
    const model::Question& a = in.bank.questions[i];
    const model::Question& b = back.bank.questions[i];
    EXPECT_EQ(a.type, b.type) << i;
    EXPECT_EQ(a.stem.value, b.stem.value) << i;
    EXPECT_EQ(a.explanation.value, b.explanation.value) << i;
    EXPECT_EQ(a.KeyIndexes(), b.KeyIndexes()) << i;
    EXPECT_TRUE(a.extensions == b.extensions) << i;
    ASSERT_EQ(a.options.size(), b.options.size()) << i;
    for (size_t k = 0; k < a.options.size(); ++k) {
      EXPECT_EQ(a.options[k].text.value, b.options[k].text.value) << i << "." << k;
      EXPECT_EQ(a.options[k].rationale->value, b.options[k].rationale->value) << i << "." << k;
    }
  }
  EXPECT_TRUE(loss.empty()) << loss.ToString();
}

TEST(Qti12FormatTest, ReadsTheQuizBanksOfACourseExportAndNotTheCartridgeCopy) {
  std::string imscc = ZipOf(
      "course_export", {"imsmanifest.xml", "gq77/assessment_meta.xml", "gq77/assessment_qti.xml",
                        "non_cc_assessments/gq77.xml.qti", "non_cc_assessments/gbank3.xml.qti"});
  EXPECT_EQ(Registry::Default().Detect("geology.imscc", imscc), &Canvas());
  Imported in = ImportText(Canvas(), "geology.imscc", imscc);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  ASSERT_EQ(in.bank.questions.size(), 3u);
  EXPECT_EQ(in.bank.questions[0].id.value, "gq77i1");
  EXPECT_EQ(in.bank.questions[0].KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(in.bank.questions[1].type, QuestionType::kTrueFalse);
  EXPECT_EQ(in.bank.questions[1].domain->value, "Minerals");  // the bank's title
  EXPECT_EQ(in.bank.questions[2].type, QuestionType::kShortAnswer);
  EXPECT_EQ(in.bank.questions[2].markup, model::Markup::kPlain);
  EXPECT_EQ(in.bank.SourcePath(in.bank.questions[2].stem.span.file),
            "geology.imscc!/non_cc_assessments/gbank3.xml.qti");
}

TEST(Qti12FormatTest, ReadsABlackboardPoolAndKeepsTheTypeItCannotRead) {
  std::string pool = ZipOf("blackboard_pool", {"imsmanifest.xml", "res00001.dat"});
  EXPECT_EQ(Registry::Default().Detect("pool.zip", pool), &Blackboard());
  Imported in = ImportText(Blackboard(), "pool.zip", pool);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  EXPECT_EQ(in.WarningText(),
            "pool.zip!/res00001.dat:217:9: warning: Blackboard question type 'Ordering' has no "
            "type in qbank's model; read as an \"other\" question: its text, and the item kept "
            "whole for blackboard-pool to write back (expected Multiple Choice, Multiple Answer, "
            "True/False, Either/Or, Fill in the Blank, Numeric, Matching, Essay, Short Response "
            "or File Upload to read it all)\n");
  ASSERT_EQ(in.bank.questions.size(), 4u);
  const model::Question& ordering = in.bank.questions[3];
  EXPECT_EQ(ordering.type, QuestionType::kOther);
  EXPECT_EQ(ordering.stem.value, "Put the cloud layers in order from low to high.");
  // blackboard-pool writes the Ordering item back as it was; Canvas has no item for it.
  LossReport loss;
  std::string again = ExportText(Blackboard(), in.bank, loss, "pool.zip");
  EXPECT_EQ(loss.ToString().find("questions (other"), std::string::npos) << loss.ToString();
  Imported back = ImportText(Blackboard(), "pool.zip", again);
  ASSERT_EQ(back.bank.questions.size(), 4u);
  EXPECT_EQ(back.bank.questions[3].extensions, ordering.extensions);
  LossReport canvas_loss;
  ExportText(Canvas(), in.bank, canvas_loss, "quiz.zip");
  EXPECT_EQ(canvas_loss.dropped().count("questions (other: no QTI 1.2 item for it)"), 1u)
      << canvas_loss.ToString();
  EXPECT_EQ(in.bank.title.value, "Weather pool");
  const model::Question& mc = in.bank.questions[0];
  EXPECT_EQ(mc.id.value, "_88101_1");
  EXPECT_EQ(mc.stem.value, "<p>Which cloud brings thunderstorms?</p>");
  EXPECT_EQ(mc.stem.span.line, 50u);
  EXPECT_EQ(mc.KeyIndexes(), std::vector<size_t>{1});  // SCORE.max
  // The same feedback after a right and a wrong answer is the explanation.
  EXPECT_EQ(mc.explanation.value, "<p>Tall storm clouds.</p>");
  EXPECT_EQ(mc.options[0].rationale->value, "Cirrus is thin and high.");
  EXPECT_EQ(mc.extensions.Find("qti12")->Find("points_possible")->as_double(), 10.0);
  EXPECT_EQ(in.bank.questions[1].type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(in.bank.questions[1].KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(in.bank.questions[2].type, QuestionType::kTrueFalse);
  EXPECT_EQ(in.bank.questions[2].KeyIndexes(), std::vector<size_t>{0});
}

TEST(Qti12FormatTest, ReadsPlainQti12ChoicesAndReportsWhatItCannotRead) {
  std::string xml = ReadTestdata("qti12/plain_qti12.xml");
  EXPECT_EQ(Registry::Default().Detect("optics.xml", xml), &Canvas());
  Imported in = ImportText(Canvas(), "optics.xml", xml);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(),
            "optics.xml:85:11: error: <response_xy> cannot be read; expected <response_lid> "
            "(choices, matching) or <response_str> (short answer, numerical, essay)\n");
  EXPECT_NE(
      in.WarningText().find("optics.xml:83:13: warning: <matimage uri=\"lens.png\"> not read"),
      std::string::npos)
      << in.WarningText();
  ASSERT_EQ(in.bank.questions.size(), 3u);
  const model::Question& mc = in.bank.questions[0];
  EXPECT_EQ(mc.type, QuestionType::kSingleAnswer);
  EXPECT_EQ(mc.KeyIndexes(), std::vector<size_t>{0});  // full credit is the decvar's maxvalue 1
  EXPECT_EQ(mc.options[0].rationale->value, "Yes: the speed of light changes.");
  const model::Question& ma = in.bank.questions[1];
  EXPECT_EQ(ma.type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(ma.KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_FALSE(ma.options[0].weight.has_value());  // 50 each of two keys is the even split
  ASSERT_TRUE(ma.options[2].weight.has_value());
  EXPECT_EQ(*ma.options[2].weight, -25.0);
  EXPECT_EQ(in.bank.questions[2].type, QuestionType::kTrueFalse);
  EXPECT_EQ(in.bank.questions[2].KeyIndexes(), std::vector<size_t>{1});
}

model::Bank SmallBank() {
  model::Bank bank;
  bank.id.value = "astro-7";
  bank.title.value = "Astronomy";
  model::Question q;
  q.id.value = "a1";
  q.stem.value = "Which planet has the shortest year?";
  q.explanation.value = "Mercury is closest to the Sun.";
  for (const char* t : {"Mercury", "Venus", "Mars"}) {
    model::Option o;
    o.text.value = t;
    q.options.push_back(o);
  }
  q.options[0].correct = true;
  q.options[1].rationale->value = "Venus is second.";
  bank.questions.push_back(q);
  model::Question d;
  d.id.value = "intro";
  d.type = QuestionType::kDescription;
  d.stem.value = "Questions on the planets follow.";
  bank.questions.push_back(d);
  return bank;
}

TEST(Qti12FormatTest, WritesTheCanvasQuizPackageLayout) {
  LossReport loss;
  std::string zip = ExportText(Canvas(), SmallBank(), loss, "out.zip");
  Result<std::vector<zip::Entry>> entries = zip::Read(zip, "out.zip");
  ASSERT_TRUE(entries.ok()) << entries.status().ToString();
  std::vector<std::string> names;
  for (const zip::Entry& e : *entries) names.push_back(e.path);
  EXPECT_EQ(names, (std::vector<std::string>{"imsmanifest.xml", "astro-7/assessment_meta.xml",
                                             "astro-7/astro-7.xml"}));
  const std::string& manifest = (*entries)[0].data;
  EXPECT_NE(manifest.find("type=\"imsqti_xmlv1p2\""), std::string::npos) << manifest;
  EXPECT_NE(manifest.find("<file href=\"astro-7/astro-7.xml\"/>"), std::string::npos);
  EXPECT_NE((*entries)[1].data.find("<title>Astronomy</title>"), std::string::npos);
  const std::string& quiz = (*entries)[2].data;
  EXPECT_NE(quiz.find("<fieldentry>multiple_choice_question</fieldentry>"), std::string::npos);
  EXPECT_NE(quiz.find("<fieldentry>text_only_question</fieldentry>"), std::string::npos);
  EXPECT_NE(quiz.find("<fieldentry>1000,1001,1002</fieldentry>"), std::string::npos);
  EXPECT_NE(quiz.find("linkrefid=\"1001_fb\""), std::string::npos);
  EXPECT_NE(quiz.find("<itemfeedback ident=\"general_fb\">"), std::string::npos);
  EXPECT_EQ(Registry::Default().Detect("out.zip", zip), &Canvas());
  // Detection sees the first 64 KiB of a file: the names of the manifest and the quiz's
  // assessment_meta.xml, written first, say Canvas without the (large) quiz document.
  size_t quiz_header = zip.find("PK\x03\x04", zip.find("assessment_meta.xml"));
  ASSERT_NE(quiz_header, std::string::npos);
  EXPECT_EQ(Registry::Default().Detect("out.zip", zip.substr(0, quiz_header)), &Canvas());
  EXPECT_TRUE(loss.empty()) << loss.ToString();
  // Without a .zip output: the questestinterop document itself.
  std::string xml = ExportText(Canvas(), SmallBank(), loss, "out.xml");
  EXPECT_TRUE(xml.starts_with("<?xml")) << xml;
  EXPECT_EQ(Registry::Default().Detect("out.xml", xml), &Canvas());
  EXPECT_TRUE(Canvas().CanWriteBack("out.xml", xml));
  EXPECT_FALSE(Canvas().CanWriteBack("out.zip", zip));
}

TEST(Qti12FormatTest, WritesTheBlackboardPoolLayoutAndReportsWhatItCannotHold) {
  LossReport loss;
  std::string zip = ExportText(Blackboard(), SmallBank(), loss, "pool.zip");
  Result<std::vector<zip::Entry>> entries = zip::Read(zip, "pool.zip");
  ASSERT_TRUE(entries.ok()) << entries.status().ToString();
  // As Blackboard Learn's own pool exports: the manifest, .bb-package-info, the course context
  // and the pool.
  ASSERT_EQ(entries->size(), 4u);
  EXPECT_EQ((*entries)[0].path, "imsmanifest.xml");
  EXPECT_EQ((*entries)[1].path, ".bb-package-info");
  EXPECT_EQ((*entries)[2].path, "res00002.dat");
  EXPECT_EQ((*entries)[3].path, "res00001.dat");
  EXPECT_NE((*entries)[0].data.find("bb:file=\"res00001.dat\""), std::string::npos);
  EXPECT_NE((*entries)[0].data.find("type=\"assessment/x-bb-qti-pool\""), std::string::npos);
  EXPECT_NE((*entries)[0].data.find("type=\"resource/x-mhhe-course-cx\""), std::string::npos);
  const std::string& info = (*entries)[1].data;
  EXPECT_TRUE(info.starts_with("#Bb PackageInfo Property File\ncx.package.info.version=6.0\n"))
      << info;
  EXPECT_NE(info.find("\ncx.config.package.identifier="), std::string::npos);
  EXPECT_NE((*entries)[2].data.find("<parentContextInfo>"), std::string::npos)
      << (*entries)[2].data;
  const std::string& pool = (*entries)[3].data;
  EXPECT_NE(pool.find("<bbmd_questiontype>Multiple Choice</bbmd_questiontype>"), std::string::npos);
  EXPECT_NE(pool.find("<bbmd_assessmenttype>Pool</bbmd_assessmenttype>"), std::string::npos);
  EXPECT_NE(pool.find("<mat_formattedtext type=\"PLAIN_TEXT\">Venus is second."),
            std::string::npos);
  EXPECT_EQ(Registry::Default().Detect("pool.zip", zip), &Blackboard());
  // The description has no Blackboard question.
  EXPECT_EQ(
      loss.dropped().count("questions (description: a Blackboard pool has no text-only question)"),
      1u)
      << loss.ToString();
  Imported back = ImportText(Blackboard(), "pool.zip", zip);
  ASSERT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].explanation.value, "Mercury is closest to the Sun.");
  EXPECT_EQ(back.bank.questions[0].options[1].rationale->value, "Venus is second.");
  EXPECT_EQ(back.bank.id.value, "astro-7");
  EXPECT_EQ(back.bank.title.value, "Astronomy");
}

TEST(Qti12FormatTest, DetectionKeepsQti2PackagesAndOtherXmlApart) {
  const Registry& r = Registry::Default();
  Result<std::string> qti21 = zip::Write(
      {{"imsmanifest.xml", "<manifest><resources/></manifest>"}, {"items/a.xml", "<x/>"}});
  ASSERT_TRUE(qti21.ok());
  EXPECT_EQ(r.Detect("pkg.zip", *qti21)->name(), "qti21");
  EXPECT_EQ(r.Detect("quiz.xml", "<?xml version=\"1.0\"?>\n<quiz></quiz>")->name(), "moodle-xml");
  std::string bb = ReadTestdata("qti12/blackboard_pool/res00001.dat");
  EXPECT_EQ(r.Detect("res00001.dat", bb), &Blackboard());
  // blackboard-pool names only packages (.zip): a pool's document saved as .xml is qti12's, whose
  // reader reads Blackboard's flavour as well.
  EXPECT_EQ(r.Detect("pool.xml", bb), &Canvas());
  EXPECT_EQ(ImportText(Canvas(), "pool.xml", bb).bank.questions.size(),
            4u);  // the Ordering item kept whole
  EXPECT_EQ(r.Detect("imsmanifest.xml", ReadTestdata("qti12/canvas_quiz/imsmanifest.xml")),
            &Canvas());
}

TEST(Qti12FormatTest, RefusesHostileInput) {
  // A DOCTYPE (entity expansion) is refused by the XML door.
  Imported doctype = ImportText(
      Canvas(), "evil.xml",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE q [<!ENTITY a \"aaaa\">]>\n<questestinterop/>");
  EXPECT_FALSE(doctype.status.ok());
  // A manifest naming a file outside the package.
  Result<std::string> escape =
      zip::Write({{"imsmanifest.xml",
                   "<manifest><resources><resource identifier=\"r\" type=\"imsqti_xmlv1p2\">"
                   "<file href=\"../../etc/passwd\"/></resource></resources></manifest>"}});
  ASSERT_TRUE(escape.ok());
  Imported out = ImportText(Canvas(), "escape.zip", *escape);
  EXPECT_FALSE(out.status.ok());
  EXPECT_NE(out.status.ToString().find("leaves the package"), std::string::npos)
      << out.status.ToString();
  // Not a zip at all, and a zip without a manifest.
  EXPECT_FALSE(ImportText(Canvas(), "bad.zip", "PK\x03\x04garbage").status.ok());
  Result<std::string> bare = zip::Write({{"a.xml", "<a/>"}});
  ASSERT_TRUE(bare.ok());
  Imported no_manifest = ImportText(Blackboard(), "bare.zip", *bare);
  EXPECT_NE(no_manifest.status.ToString().find("no imsmanifest.xml"), std::string::npos);
  // Nesting deeper than the XML door's limit is an error, not a stack overflow.
  std::string deep = "<questestinterop>";
  for (int i = 0; i < 5000; ++i) deep += "<section>";
  EXPECT_FALSE(ImportText(Canvas(), "deep.xml", deep).status.ok());
  // A setvar that is not a number is an error at its line; the other items are read.
  Imported setvar =
      ImportText(Canvas(), "s.xml",
                 "<questestinterop><item ident=\"x\"><presentation><material><mattext>Q</mattext>"
                 "</material><response_lid ident=\"r\"><render_choice><response_label ident=\"a\">"
                 "<material><mattext>A</mattext></material></response_label></render_choice>"
                 "</response_lid></presentation><resprocessing><respcondition><conditionvar>"
                 "<varequal respident=\"r\">a</varequal></conditionvar>\n<setvar>lots</setvar>"
                 "</respcondition></resprocessing></item></questestinterop>");
  EXPECT_EQ(setvar.ErrorText(), "s.xml:2:1: error: <setvar> holds 'lots'; expected a number\n");
}

TEST(Qti12FormatTest, KeepsAShortAnswerGapAndAnyOtherNumericalAnswer) {
  // Both found by converting tests/formats/testdata/gift files to qti12 and back twice: the gap
  // of a short answer was joined on every trip, and GIFT's "any other answer" was dropped.
  model::Bank bank;
  model::Question gap;
  gap.id.value = "gap";
  gap.type = QuestionType::kShortAnswer;
  gap.stem.value = "Two plus";
  SetTextAfterGap(gap, "equals four.");
  model::Option two;
  two.text.value = "two";
  two.correct = true;
  gap.options.push_back(two);
  bank.questions.push_back(gap);
  model::Question year;
  year.id.value = "year";
  year.type = QuestionType::kNumerical;
  year.stem.value = "When did Apollo 11 land?";
  model::Option exact;
  exact.text.value = "1969";
  exact.correct = true;
  model::Option other;
  other.rationale->value = "Look it up in a timeline.";
  year.options = {exact, other};
  bank.questions.push_back(year);
  for (const Format* format : {&Canvas(), &Blackboard()}) {
    SCOPED_TRACE(format->name());
    LossReport loss;
    const model::Bank read = ReadBackOnce(*format, bank, loss);
    EXPECT_TRUE(loss.empty()) << loss.ToString();
    ASSERT_EQ(read.questions.size(), 2u);
    EXPECT_EQ(read.questions[0].stem.value, "Two plus");
    EXPECT_EQ(TextAfterGap(read.questions[0]), "equals four.");
    ASSERT_EQ(read.questions[1].options.size(), 2u);
    EXPECT_TRUE(read.questions[1].options[1].text.empty());
    EXPECT_EQ(read.questions[1].options[1].rationale->value, "Look it up in a timeline.");
  }
}

// A typed answer of an HTML question is written as the text a learner types ("-&gt; 5" is typed
// "-> 5"), which the reader makes HTML again: written as the HTML itself, a second export escaped
// it once more (found by round_trip_fuzz with GIFT's [html] short answer; QTI 2.1 had the same).
TEST(Qti12FormatTest, ATypedAnswerOfAnHtmlQuestionIsItsText) {
  model::Bank bank;
  bank.questions.push_back(MakeQuestion("arrow", QuestionType::kShortAnswer, model::Markup::kHtml,
                                        "<p>What does <code>x -&gt; 5</code> map x to?</p>",
                                        {"-&gt; 5", "five &amp; only five", "<b>5</b>"}));
  for (const Format* format : {&Canvas(), &Blackboard()}) {
    SCOPED_TRACE(format->name());
    LossReport loss;
    const model::Bank read = ReadBackOnce(*format, bank, loss);
    EXPECT_EQ(loss.Summary(),
              "  options.text (markup in a typed answer; its text is written): 1 value dropped\n");
    ASSERT_EQ(read.questions.size(), 1u);
    const model::Question& b = read.questions[0];
    ASSERT_EQ(b.options.size(), 3u);
    EXPECT_EQ(b.options[0].text.value, "-&gt; 5");
    EXPECT_EQ(b.options[1].text.value, "five &amp; only five");
    EXPECT_EQ(b.options[2].text.value, "5");
  }
}

// A numerical answer that is not a number (GIFT's "*") is left out and reported before the
// question is prepared: the answers' feedback is numbered by the answers written, and the metadata
// carries nothing of the answer left out, so the package read back is written again the same
// (numbered by the options' places, "answer2_fb" came back as "answer1_fb"; round_trip_fuzz).
TEST(Qti12FormatTest, ANumericalAnswerThatIsNotANumberIsLeftOutBeforeTheFeedbackIsNumbered) {
  model::Bank bank;
  model::Question moon = MakeQuestion("moon", QuestionType::kNumerical, model::Markup::kPlain,
                                      "In which year did people first walk on the Moon?",
                                      {"*", "1969", "1969:2"}, {""});
  moon.options[1].rationale->value = "Exactly.";
  moon.options[2].weight = 50;
  moon.options[2].rationale->value = "Close.";
  moon.options[3].rationale->value = "Look it up in a timeline.";
  bank.questions.push_back(moon);
  for (const Format* format : {&Canvas(), &Blackboard()}) {
    SCOPED_TRACE(format->name());
    LossReport loss;
    const model::Bank read = ReadBackOnce(*format, bank, loss);
    EXPECT_NE(loss.Summary().find("options (numerical answer that is not a number): 1 value"),
              std::string::npos)
        << loss.Summary();
    ASSERT_EQ(read.questions.size(), 1u);
    const model::Question& b = read.questions[0];
    ASSERT_EQ(b.options.size(), 3u);
    EXPECT_EQ(b.options[0].rationale->value, "Exactly.");
    EXPECT_EQ(b.options[1].rationale->value, "Close.");
    EXPECT_EQ(b.options[2].rationale->value, "Look it up in a timeline.");
  }
}

// A wrong option's 0% (GIFT's "~%0%") is its default credit: a multiple-answer question with it
// and unweighted keys is written in the all-or-nothing form, as the bank read back is (written
// with a score per answer, the second export differed: round_trip_fuzz).
TEST(Qti12FormatTest, AZeroWeightOnAWrongOptionKeepsAllOrNothing) {
  model::Bank bank;
  model::Question giants =
      MakeQuestion("giants", QuestionType::kMultipleAnswer, model::Markup::kPlain,
                   "Which of these are gas giants?", {"Jupiter", "Saturn"}, {"Mars"});
  giants.options[2].weight = 0;
  bank.questions.push_back(giants);
  for (const Format* format : {&Canvas(), &Blackboard()}) {
    SCOPED_TRACE(format->name());
    LossReport loss;
    const model::Bank read = ReadBackOnce(*format, bank, loss);
    ASSERT_EQ(read.questions.size(), 1u);
    const model::Question& b = read.questions[0];
    EXPECT_EQ(b.KeyIndexes(), (std::vector<size_t>{0, 1}));
    for (const model::Option& o : b.options) EXPECT_FALSE(o.weight.has_value()) << o.text.value;
  }
}

// An HTML missing-word question whose halves do not stand alone as HTML (a stray "</b>") is not
// split by the reader: it is written without the gap field, its text joined and reported, and
// reads back as it was written (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_qti12_html_gap_halves).
TEST(Qti12FormatTest, AGapTheReaderCannotSplitIsJoinedAndReported) {
  model::Bank bank;
  model::Question q = MakeQuestion("shapes", QuestionType::kShortAnswer, model::Markup::kHtml,
                                   "Match each ,b>shape</b> with its number of sides.", {"four"});
  SetTextAfterGap(q, "in everyday arithmetic.");
  bank.questions.push_back(q);
  for (const Format* format : {&Canvas(), &Blackboard()}) {
    SCOPED_TRACE(format->name());
    LossReport loss;
    const model::Bank read = ReadBackOnce(*format, bank, loss);
    EXPECT_NE(loss.Summary().find("extensions.gift.blank_after (joined into the question text: "
                                  "the text around the gap does not read back apart)"),
              std::string::npos)
        << loss.Summary();
    ASSERT_EQ(read.questions.size(), 1u);
    EXPECT_EQ(read.questions[0].stem.value,
              "Match each ,b>shape</b> with its number of sides. _____ in everyday arithmetic.");
    EXPECT_EQ(TextAfterGap(read.questions[0]), "");
  }
}

// Scores and bounds are plain decimals that read back as the same number. A number %g wrote with
// an exponent went through "%.6f" into 40 bytes: 6.7e43 lost digits to the buffer and 1e-7
// became 0 (found by round_trip_fuzz with GIFT's range
// {#1..66666666666666666666666666666666666666666665}).
TEST(Qti12FormatTest, NumbersAreWrittenAsPlainDecimalsThatReadBack) {
  EXPECT_EQ(qti12::FormatNumber(100), "100");
  EXPECT_EQ(qti12::FormatNumber(-50), "-50");
  EXPECT_EQ(qti12::FormatNumber(100.0 / 3), "33.333333333333336");
  EXPECT_EQ(qti12::FormatNumber(1e-7), "0.0000001");
  EXPECT_EQ(qti12::FormatNumber(1e21), "1000000000000000000000");
  for (double v : {6.666666666666667e43, 1e-7, 2.5e-300, 1.7976931348623157e308, 123456.789}) {
    const std::string text = qti12::FormatNumber(v);
    EXPECT_EQ(text.find_first_of("eE"), std::string::npos) << text;
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), v) << text;
  }
  // And the wide range comes back through a Canvas quiz as it was written.
  const char* wide = "1..66666666666666666666666666666666666666666665";
  model::Bank bank;
  bank.questions.push_back(MakeQuestion("wide", QuestionType::kNumerical, model::Markup::kPlain,
                                        "Pick a whole number.", {wide}));
  LossReport loss;
  const model::Bank read = ReadBackOnce(Canvas(), bank, loss);
  ASSERT_EQ(read.questions.size(), 1u);
  ASSERT_EQ(read.questions[0].options.size(), 1u);
  EXPECT_EQ(read.questions[0].options[0].text.value, wide);
}

// A Canvas quiz package whose question shows two pictures: a <matimage> beside the quiz document
// and an <img> in the HTML under Canvas's $IMS-CC-FILEBASE$ (the package's web_resources/).
TEST(Qti12FormatTest, KeepsThePicturesOfAPackageAndWritesThemBack) {
  const std::string chart("\x89PNG\r\n\x1a\n\0chart", 14);
  const std::string map("GIF89a\0map", 10);
  std::string quiz =
      "<?xml version=\"1.0\"?>\n"
      "<questestinterop xmlns=\"http://www.imsglobal.org/xsd/ims_qtiasiv1p2\">\n"
      "<assessment ident=\"g1\" title=\"Maps\"><section ident=\"root_section\">\n"
      "<item ident=\"i1\" title=\"Question\"><itemmetadata><qtimetadata><qtimetadatafield>"
      "<fieldlabel>question_type</fieldlabel><fieldentry>multiple_choice_question</fieldentry>"
      "</qtimetadatafield></qtimetadata></itemmetadata>\n"
      "<presentation><material><mattext texttype=\"text/html\">&lt;p&gt;Which city is marked? "
      "&lt;img src=\"%24IMS-CC-FILEBASE%24/Uploaded%20Media/map.gif\" alt=\"map\"&gt;&lt;/p&gt;"
      "</mattext><matimage imagtype=\"image/png\" uri=\"chart.png\"/></material>\n"
      "<response_lid ident=\"response1\" rcardinality=\"Single\"><render_choice>"
      "<response_label ident=\"a\"><material><mattext>Lyon</mattext></material></response_label>"
      "<response_label ident=\"b\"><material><mattext>Nantes</mattext></material>"
      "</response_label></render_choice></response_lid></presentation>\n"
      "<resprocessing><outcomes><decvar maxvalue=\"100\" minvalue=\"0\" varname=\"SCORE\"/>"
      "</outcomes><respcondition continue=\"No\"><conditionvar><varequal respident=\"response1\">"
      "b</varequal></conditionvar><setvar action=\"Set\" varname=\"SCORE\">100</setvar>"
      "</respcondition></resprocessing></item>\n"
      "</section></assessment></questestinterop>\n";
  std::string manifest =
      "<?xml version=\"1.0\"?><manifest identifier=\"m\" "
      "xmlns=\"http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1\"><resources>"
      "<resource identifier=\"g1\" type=\"imsqti_xmlv1p2\"><file href=\"g1/g1.xml\"/></resource>"
      "</resources></manifest>";
  Result<std::string> zip = zip::Write({{"imsmanifest.xml", manifest},
                                        {"g1/g1.xml", quiz},
                                        {"g1/chart.png", chart},
                                        {"web_resources/Uploaded Media/map.gif", map}});
  ASSERT_TRUE(zip.ok());
  Imported in = ImportText(Canvas(), "maps.zip", *zip);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  EXPECT_EQ(in.WarningText(), "");
  ASSERT_EQ(in.bank.questions.size(), 1u);
  const model::Question& q = in.bank.questions[0];
  EXPECT_EQ(q.markup, model::Markup::kHtml);
  EXPECT_EQ(q.stem.value,
            "<p>Which city is marked? <img src=\"media/map.gif\" alt=\"map\"></p><br/>"
            "<img src=\"media/chart.png\" alt=\"\"/>");
  std::vector<MediaFile> files = MediaFiles(q);
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].path, "media/chart.png");
  EXPECT_EQ(files[0].bytes, chart);
  EXPECT_EQ(files[1].path, "media/map.gif");
  EXPECT_EQ(files[1].bytes, map);

  // Written back: the files under web_resources/, named by the items and the manifest.
  LossReport loss;
  std::string out = ExportText(Canvas(), in.bank, loss, "out.zip");
  EXPECT_TRUE(loss.empty()) << loss.ToString();
  ExportOptions checked;  // as the command line exports: the pictures are not text
  checked.output_path = "out.zip";
  Result<std::string> exported = ExportBank(Canvas(), in.bank, checked, loss);
  ASSERT_TRUE(exported.ok()) << exported.status().ToString();
  Result<std::vector<zip::Entry>> entries = zip::Read(out, "out.zip");
  ASSERT_TRUE(entries.ok());
  std::map<std::string, std::string> by_name;
  for (const zip::Entry& e : *entries) by_name[e.path] = e.data;
  EXPECT_EQ(by_name["web_resources/media/chart.png"], chart);
  EXPECT_EQ(by_name["web_resources/media/map.gif"], map);
  EXPECT_NE(
      by_name["imsmanifest.xml"].find("type=\"webcontent\" href=\"web_resources/media/map.gif\""),
      std::string::npos)
      << by_name["imsmanifest.xml"];
  std::string document = by_name["g1/g1.xml"];
  EXPECT_NE(document.find("$IMS-CC-FILEBASE$/media/chart.png"), std::string::npos) << document;
  EXPECT_EQ(document.find("base64"), std::string::npos);  // not in the carried metadata too
  EXPECT_EQ(document.find(EncodeBase64(chart)), std::string::npos);
  Imported back = ImportText(Canvas(), "out.zip", out);
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].stem.value, q.stem.value);
  EXPECT_EQ(back.bank.questions[0].extensions, q.extensions);
  LossReport again;
  EXPECT_EQ(ExportText(Canvas(), back.bank, again, "out.zip"), out);
}

// A QTI 1.2 item, or a section of items, kept alone without <questestinterop> (as converters
// keep their test items: OpenAssessments' item.xml and section.xml fixtures are laid out so) is
// detected and read.
TEST(Qti12FormatTest, ReadsAnItemOrSectionWithoutTheWrapper) {
  std::string item =
      "<?xml version=\"1.0\"?>\n"
      "<item ident=\"q1\" title=\"Rivers\" xmlns=\"http://www.imsglobal.org/xsd/ims_qtiasiv1p2\">\n"
      "<presentation><material><mattext>Which river is longest?</mattext></material>\n"
      "<response_lid ident=\"r\" rcardinality=\"Single\"><render_choice>"
      "<response_label ident=\"a\"><material><mattext>Nile</mattext></material></response_label>"
      "<response_label ident=\"b\"><material><mattext>Thames</mattext></material>"
      "</response_label></render_choice></response_lid></presentation>\n"
      "<resprocessing><outcomes><decvar maxvalue=\"1\" varname=\"que_score\"/></outcomes>"
      "<respcondition><conditionvar><varequal respident=\"r\">a</varequal></conditionvar>"
      "<setvar action=\"Set\" varname=\"que_score\">1</setvar></respcondition></resprocessing>\n"
      "</item>\n";
  EXPECT_EQ(Registry::Default().Detect("item.xml", item), &Canvas());
  Imported in = ImportText(Canvas(), "item.xml", item);
  ASSERT_TRUE(in.status.ok()) << in.status.ToString();
  EXPECT_EQ(in.ErrorText(), "");
  ASSERT_EQ(in.bank.questions.size(), 1u);
  EXPECT_EQ(in.bank.questions[0].stem.value, "Which river is longest?");
  EXPECT_EQ(in.bank.questions[0].KeyIndexes(), std::vector<size_t>{0});
  EXPECT_FALSE(Canvas().CanWriteBack("item.xml", item));  // it would gain the wrapper
  std::string section = "<section ident=\"s\">" + item.substr(item.find("<item")) + "</section>";
  EXPECT_EQ(Registry::Default().Detect("section.xml", section), &Canvas());
  Imported in_section = ImportText(Canvas(), "section.xml", section);
  EXPECT_EQ(in_section.ErrorText(), "");
  EXPECT_EQ(in_section.bank.questions.size(), 1u);
  // Another root is still refused.
  Imported other = ImportText(Canvas(), "x.xml", "<quiz/>");
  EXPECT_FALSE(other.status.ok());
}

}  // namespace
}  // namespace qbank::formats
