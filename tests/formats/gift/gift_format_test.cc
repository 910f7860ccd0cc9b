// Tests for the gift format: every question type, escapes, weights, comments, categories,
// golden export, write-back unchanged, loss report, encodings and hostile input.
#include "formats/gift/gift_format.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "formats/gift/gift_syntax.h"
#include "formats/import_export_test_support.h"
#include "formats/question_names.h"
#include "formats/registry.h"

namespace qbank::formats {
namespace {

using model::QuestionType;
using testing::ExportText;
using testing::Imported;
using testing::ImportText;
using testing::ReadTestdata;

std::string GiftString(const model::Value& extensions, const std::string& key) {
  const model::Value* gift = extensions.Find("gift");
  const model::Value* v = gift != nullptr ? gift->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : "<none>";
}

class GiftFixtureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    imported_ = ImportText(gift_, "all_types.gift", ReadTestdata("gift/all_types.gift"));
    ASSERT_TRUE(imported_.status.ok()) << imported_.status.ToString();
    ASSERT_EQ(imported_.ErrorText(), "");
    ASSERT_EQ(imported_.bank.questions.size(), 12u);
  }
  const model::Question& Q(size_t i) const { return imported_.bank.questions[i]; }

  GiftFormat gift_;
  testing::Imported imported_;
};

TEST_F(GiftFixtureTest, MultipleChoiceWithFeedbackCommentsAndCategory) {
  const model::Question& q = Q(0);
  EXPECT_EQ(q.type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q.id.value, "astro-1");
  ASSERT_EQ(q.tags.size(), 2u);
  EXPECT_EQ(q.tags[1].value, "easy");
  EXPECT_EQ(q.domain->value, "$course$/top/Astronomy");
  EXPECT_EQ(GiftString(q.extensions, "title"), "Red planet");
  EXPECT_EQ(q.stem.value, "Which planet is called the red planet?");
  ASSERT_EQ(q.options.size(), 3u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(q.options[1].text.value, "Venus");
  EXPECT_EQ(q.options[1].rationale->value, "Venus is covered in pale clouds.");
  EXPECT_EQ(q.explanation.value, "Mars looks red because of iron oxide on its surface.");
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "option-count");
  EXPECT_EQ(q.suppressions[0].reason, "three options are enough here");
  EXPECT_EQ(q.suppressions[0].span.line, 6u);
  // Spans point into the file, verbatim where no escape was involved.
  EXPECT_EQ(q.stem.span.line, 7u);
  EXPECT_EQ(q.stem.span.column, 15u);
  EXPECT_TRUE(q.stem.verbatim);
  EXPECT_EQ(q.options[1].text.span.line, 9u);
  EXPECT_EQ(q.options[1].text.span.column, 2u);
  EXPECT_EQ(q.options[1].rationale->span.column, 8u);
  EXPECT_EQ(q.options[0].correct_span.line, 8u);
  EXPECT_EQ(q.explanation.span.line, 11u);
  EXPECT_EQ(q.explanation.span.column, 5u);
  EXPECT_EQ(q.span.line, 7u);
  EXPECT_EQ(q.span.end_line, 12u);
}

TEST_F(GiftFixtureTest, MultipleAnswerKeepsOnlyWeightsBeyondTheEvenSplit) {
  const model::Question& q = Q(1);
  EXPECT_EQ(q.type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(q.KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_FALSE(q.options[0].weight.has_value());
  ASSERT_TRUE(q.options[2].weight.has_value());
  EXPECT_EQ(*q.options[2].weight, -100);
  EXPECT_EQ(GiftString(q.extensions, "comments"), "<none>");  // an array, checked below
  const model::Value* comments = q.extensions.Find("gift")->Find("comments");
  ASSERT_NE(comments, nullptr);
  EXPECT_EQ(comments->as_array().at(0).as_string(),
            "A multiple-answer question: the credit is split between the keys.");
}

TEST_F(GiftFixtureTest, TrueFalseFeedbackBecomesRationales) {
  const model::Question& q = Q(2);
  EXPECT_EQ(q.type, QuestionType::kTrueFalse);
  EXPECT_EQ(q.markup, model::Markup::kMarkdown);
  ASSERT_EQ(q.options.size(), 2u);
  EXPECT_EQ(q.options[0].text.value, "True");
  EXPECT_TRUE(q.options[0].correct);
  EXPECT_EQ(q.options[0].rationale->value, "Right: Earth sits between them.");
  EXPECT_EQ(q.options[1].rationale->value, "It is not on the same side.");
  EXPECT_EQ(GiftString(q.extensions, "tf"), "TRUE");
}

TEST_F(GiftFixtureTest, EscapesAreDecoded) {
  const model::Question& q = Q(3);
  EXPECT_EQ(q.stem.value, "What does the ratio 1:2 mean in {braces}?");
  EXPECT_FALSE(q.stem.verbatim);
  EXPECT_EQ(q.options[2].text.value, "one~two");
  EXPECT_EQ(Q(9).stem.value,
            "Describe how you would measure the height of a tree.\nUse at most 100 words.");
}

TEST_F(GiftFixtureTest, OtherQuestionTypesAreRead) {
  EXPECT_EQ(Q(4).type, QuestionType::kShortAnswer);
  EXPECT_EQ(Q(4).domain->value, "$course$/top/Arithmetic");
  ASSERT_EQ(Q(4).options.size(), 3u);
  EXPECT_EQ(*Q(4).options[2].weight, 50);
  EXPECT_EQ(Q(4).options[2].rationale->value, "Almost: check the spelling.");
  EXPECT_EQ(Q(5).type, QuestionType::kNumerical);
  EXPECT_EQ(Q(5).options.at(0).text.value, "3.14:0.005");
  EXPECT_EQ(GiftString(Q(5).extensions, "format"), "plain");
  EXPECT_EQ(Q(6).options.at(0).text.value, "1..5");
  EXPECT_EQ(Q(7).options.size(), 3u);
  EXPECT_FALSE(Q(7).options[2].correct);
  EXPECT_EQ(Q(7).options[2].rationale->value, "Look it up in a timeline.");
  EXPECT_EQ(Q(8).type, QuestionType::kMatching);
  EXPECT_EQ(Q(8).markup, model::Markup::kHtml);
  ASSERT_EQ(Q(8).options.size(), 3u);
  EXPECT_EQ(Q(8).options[1].text.value, "square");
  EXPECT_EQ(GiftString(Q(8).options[1].extensions, "match"), "4");
  EXPECT_EQ(Q(9).type, QuestionType::kEssay);
  EXPECT_EQ(GiftString(Q(9).extensions, "format"), "moodle");
  EXPECT_EQ(Q(10).type, QuestionType::kDescription);
  EXPECT_EQ(Q(10).stem.value, "The next questions are about the night sky.");
  EXPECT_EQ(Q(11).type, QuestionType::kShortAnswer);
  EXPECT_EQ(Q(11).stem.value, "Two plus two makes");
  EXPECT_EQ(GiftString(Q(11).extensions, "blank_after"), "in everyday arithmetic.");
}

TEST_F(GiftFixtureTest, ExportMatchesGoldenWithoutLoss) {
  LossReport loss;
  EXPECT_EQ(ExportText(gift_, imported_.bank, loss), ReadTestdata("gift/golden_export.gift"));
  EXPECT_TRUE(loss.empty()) << loss.Summary();
}

TEST_F(GiftFixtureTest, AnswerBlocksTheModelOnlyPartlyHoldsAreWrittenBackUnchanged) {
  LossReport loss;
  std::string out = ExportText(gift_, imported_.bank, loss);
  for (const char* block :
       {"{=ten =10 =%50%tenn#Almost: check the spelling.}", "{#3.14:0.005}", "{#1..5}",
        "{#\n=1969:0#Exactly.\n=%50%1969:2#Close.\n~#Look it up in a timeline.\n}",
        "{\n=triangle -> 3\n=square -> 4\n=pentagon -> 5\n}", "{}"}) {
    EXPECT_NE(out.find(block), std::string::npos) << block;
  }
  // And the export reads back to the same model, and writes the same bytes again.
  auto again = ImportText(gift_, "again.gift", out);
  EXPECT_EQ(again.ErrorText(), "");
  LossReport loss2;
  EXPECT_EQ(ExportText(gift_, again.bank, loss2), out);
}

TEST_F(GiftFixtureTest, AnEditedAnswerBlockIsWrittenFromTheModel) {
  model::Bank bank = imported_.bank;
  model::Question& numerical = bank.questions[5];
  numerical.options[0].text.value = "3.1416:0.0001";
  model::Question& matching = bank.questions[8];
  matching.options[2].extensions["gift"]["match"] = "five";
  LossReport loss;
  std::string out = ExportText(gift_, bank, loss);
  EXPECT_NE(out.find("{#\n=3.1416:0.0001\n}"), std::string::npos) << out;
  EXPECT_NE(out.find("=pentagon -> five\n}"), std::string::npos) << out;
}

TEST(GiftFormatTest, MalformedQuestionsAreReportedAndOthersImported) {
  GiftFormat gift;
  auto r = ImportText(gift, "bad.gift", ReadTestdata("gift/bad_weights.gift"));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.ErrorText(),
            "bad.gift:5:3: error: expected a weight Moodle accepts (100, 90, 83.33333, 80, 75, 70, "
            "66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, "
            "5, 0 or one of them negative), found 45%; Moodle refuses the whole file\n"
            "bad.gift:8:51: error: expected '}' to close the answer block opened here\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[1].type, QuestionType::kTrueFalse);
}

TEST(GiftFormatTest, EachMalformationHasItsMessage) {
  GiftFormat gift;
  struct Case {
    std::string input;
    std::string errors;
  };
  const Case cases[] = {
      {"Stray } brace",
       "t.gift:1:7: error: found '}' without an opening '{' (write a literal "
       "brace as \\})\n"},
      {"Nested {=a {=b} }",
       "t.gift:1:12: error: expected '}' before another '{' (write a literal "
       "brace as \\{)\n"},
      {"Two {=a ~b} blocks {=c ~d}",
       "t.gift:1:20: error: a second gap in one question: GIFT holds one answer block per "
       "question (split the question, or write it as Cloze in Moodle XML; a literal brace is "
       "written \\{)\n"},
      {"Two {=a ~b} blocks {",
       "t.gift:1:20: error: expected one answer block per question (write a literal brace as "
       "\\{)\n"},
      {"First {=a ~b}\nSecond {=c ~d}",
       "t.gift:2:1: error: expected a blank line between two questions: missing blank line "
       "before line 2?\n"},
      {"Pick {1:MC:~=a~b}",
       "t.gift:1:6: error: this is a Cloze gap ('{1:MC:...}', Moodle's embedded answers), which "
       "GIFT cannot hold: import the question as Moodle XML (type cloze) or rewrite it as GIFT\n"},
      {"Half of $$\\frac{1}{2}$$? {=a ~b}",
       "t.gift:1:16: error: unescaped '{' in LaTeX: GIFT reads every brace as the answer block; "
       "write the formula's braces as \\{ and \\}\n"},
      {"Square {=$$x^{2}$$ ~b}",
       "t.gift:1:14: error: unescaped '{' in LaTeX: GIFT reads every brace as the answer block; "
       "write the formula's braces as \\{ and \\}\n"},
      {"Short {=}", "t.gift:1:8: error: expected an accepted answer in a short answer\n"},
      {"Num {# ~#only feedback}",
       "t.gift:1:6: error: expected a numerical answer after '#' (a number, number:tolerance or "
       "low..high)\n"},
      {"One {~only}", "t.gift:1:6: error: expected at least two answers in a multiple choice\n"},
      {"Num {#abc}",
       "t.gift:1:7: error: expected a number, \"number:tolerance\", \"low..high\" or \"*\" "
       "in a numerical answer, found \"abc\"\n"},
      {"Pairs {=a -> b =c}", "t.gift:1:17: error: expected \"item -> match\" in a matching pair\n"},
      {"Weight {~%45% a ~b}",
       "t.gift:1:11: error: expected a weight Moodle accepts (100, 90, "
       "83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, "
       "20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0 or one of them "
       "negative), found 45%; Moodle refuses the whole file\n"},
      {"::Only a title::", "t.gift:1:17: error: expected the question text\n"},
  };
  for (const Case& c : cases) {
    auto r = ImportText(gift, "t.gift", c.input);
    EXPECT_TRUE(r.status.ok());
    EXPECT_EQ(r.ErrorText(), c.errors) << c.input;
    EXPECT_TRUE(r.bank.questions.empty()) << c.input;
  }
}

TEST(GiftFormatTest, APercentSignThatIsNoWeightIsAnswerText) {
  GiftFormat gift;
  auto r = ImportText(gift, "p.gift", "Which operator is the remainder? {~/ =% ~%x% ~%50 of it}");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  const model::Question& q = r.bank.questions[0];
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.options[1].text.value, "%");
  EXPECT_TRUE(q.options[1].correct);
  EXPECT_EQ(q.options[2].text.value, "%x%");
  EXPECT_EQ(q.options[3].text.value, "%50 of it");
  EXPECT_FALSE(q.options[3].weight.has_value());
  // An option text that does look like a weight cannot be written unambiguously: reported.
  model::Bank bank = r.bank;
  bank.questions[0].options[2].text.value = "%50% of it";
  LossReport loss;
  ExportText(gift, bank, loss);
  EXPECT_EQ(loss.Summary(), "  options.text (starts like a weight): 1 value dropped\n");
}

TEST(GiftFormatTest, MoodleGradesAreTheOnlyAcceptedWeights) {
  EXPECT_EQ(MoodleGrade(50), 50);
  EXPECT_EQ(MoodleGrade(-33.33333), -33.33333);
  EXPECT_EQ(MoodleGrade(33.3333), 33.33333);  // within Moodle's tolerance
  EXPECT_EQ(MoodleGrade(14.28571), 14.28571);
  EXPECT_FALSE(MoodleGrade(33.33).has_value());
  EXPECT_FALSE(MoodleGrade(45).has_value());
  EXPECT_FALSE(MoodleGrade(101).has_value());
}

model::Question PageLikeQuestion() {
  model::Question q;
  q.id.value = "geo-7";
  q.exam->value = "GEO-101";
  q.domain->value = "Rivers";
  q.stem.value = "Which river flows through Cairo?";
  q.trap->value = "The Congo is long too, but it is far to the south.";
  q.stated_answer->value = "The Nile";
  q.explanation.value = "Cairo sits on the Nile delta.\n\nThe city grew along its banks.";
  q.difficulty->value = "easy";
  model::Person author;
  author.name.value = "R. Okafor";
  q.authors.push_back(author);
  q.review->date.value = "2026-05";
  q.origin->statement.value = "Written from scratch.";
  for (const char* text : {"The Nile", "The Congo", "The Niger"}) {
    model::Option o;
    o.text.value = text;
    o.rationale->value = std::string("About ") + text + ".";
    q.options.push_back(o);
  }
  q.options[0].correct = true;
  return q;
}

TEST(GiftFormatTest, LossReportNamesWhatGiftCannotCarry) {
  model::Bank bank;
  bank.publisher.value = "Example Press";
  bank.questions.push_back(PageLikeQuestion());
  bank.questions[0].extensions["page"]["footer"] = "kept by the page format";
  bank.questions[0].options[0].extensions["qti"]["identifier"] = "NILE";
  GiftFormat gift;
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  // The fields GIFT has no notation for travel in comments; an option's other-format extension
  // has no place.
  EXPECT_EQ(out,
            "// qbank-bank: {\"qbank\": 1,\"publisher\": \"Example Press\"}\n\n"
            "$CATEGORY: Rivers\n\n"
            "// qbank-meta: {\"qbank\": 1,\"questions\": [{\"type\": \"single\",\"exam\": "
            "\"GEO-101\",\"trap\": \"The Congo is long too, but it is far to the south.\","
            "\"stated_answer\": \"The Nile\",\"difficulty\": \"easy\",\"authors\": [{\"name\": "
            "\"R. Okafor\"}],\"review\": {\"date\": \"2026-05\"},\"origin\": {\"statement\": "
            "\"Written from scratch.\"},\"extensions\": {\"page\": {\"footer\": \"kept by the "
            "page format\"}}}]}\n"
            "::geo-7::Which river flows through Cairo? {\n"
            "=The Nile#About The Nile.\n~The Congo#About The Congo.\n~The Niger#About The Niger.\n"
            "####Cairo sits on the Nile delta.\\n\\nThe city grew along its banks.\n}\n");
  EXPECT_EQ(loss.Summary(), "  options.extensions.qti: 1 value dropped\n");
  // What GIFT holds comes back, the comments' fields included.
  auto back = ImportText(gift, "back.gift", out);
  ASSERT_EQ(back.bank.questions.size(), 1u);
  const model::Question& q = back.bank.questions[0];
  EXPECT_EQ(q.id.value, "geo-7");
  EXPECT_EQ(q.domain->value, "Rivers");
  EXPECT_EQ(q.explanation.value, bank.questions[0].explanation.value);
  EXPECT_EQ(q.options[2].rationale->value, "About The Niger.");
  EXPECT_EQ(q.trap->value, bank.questions[0].trap->value);
  EXPECT_EQ(back.bank.publisher.value, "Example Press");
  // The title was the id: nothing of GIFT's own to keep, only the page's extension.
  EXPECT_EQ(q.extensions.Find("gift"), nullptr);
  EXPECT_NE(q.extensions.Find("page"), nullptr);
}

TEST(GiftFormatTest, WeightsMoodleRefusesAreWrittenAsTheNearestGradeAndReported) {
  model::Bank bank;
  model::Question q = PageLikeQuestion();
  q.type = QuestionType::kMultipleAnswer;
  q.options[1].correct = true;
  q.options[0].weight = 45;
  q.options[1].weight = 55;
  bank.questions.push_back(q);
  GiftFormat gift;
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  EXPECT_NE(out.find("~%50%The Nile"), std::string::npos) << out;
  EXPECT_NE(out.find("~%60%The Congo"), std::string::npos) << out;
  EXPECT_EQ(loss.dropped().at("options.weight (not a Moodle grade; nearest written)"), 2u);
}

TEST(GiftFormatTest, TypesGiftCannotSayAreReported) {
  model::Bank bank;
  model::Question keyless = PageLikeQuestion();
  keyless.options[0].correct = false;
  bank.questions.push_back(keyless);
  model::Question tf = PageLikeQuestion();
  tf.type = QuestionType::kTrueFalse;  // options are not True/False
  bank.questions.push_back(tf);
  model::Question fine = PageLikeQuestion();
  bank.questions.push_back(fine);
  GiftFormat gift;
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  EXPECT_EQ(loss.dropped().at("type"), 2u);
  auto back = ImportText(gift, "t.gift", out);
  ASSERT_EQ(back.bank.questions.size(), 3u);
  EXPECT_EQ(back.bank.questions[0].type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(back.bank.questions[1].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(back.bank.questions[2].type, QuestionType::kSingleAnswer);
}

TEST(GiftFormatTest, TextsThatLookLikeStructureAreProtected) {
  model::Bank bank;
  model::Question comment_like;
  comment_like.stem.value = "// is the comment marker in C++; what does it start?";
  comment_like.type = QuestionType::kEssay;
  bank.questions.push_back(comment_like);
  model::Question format_like;
  format_like.stem.value = "[html] in a GIFT file names which text format?";
  format_like.type = QuestionType::kEssay;
  bank.questions.push_back(format_like);
  model::Question spaced;
  spaced.id.value = " spaced-id ";
  spaced.stem.value = "  Padded text  ";
  spaced.type = QuestionType::kEssay;
  bank.questions.push_back(spaced);
  GiftFormat gift;
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  EXPECT_NE(out.find("::::// is the comment"), std::string::npos) << out;
  EXPECT_NE(out.find("[plain][html] in a GIFT"), std::string::npos) << out;
  EXPECT_NE(out.find("::spaced-id::Padded text {}"), std::string::npos) << out;
  auto back = ImportText(gift, "s.gift", out);
  ASSERT_EQ(back.bank.questions.size(), 3u) << out;
  EXPECT_EQ(back.bank.questions[0].stem.value, comment_like.stem.value);
  EXPECT_EQ(back.bank.questions[1].stem.value, format_like.stem.value);
  EXPECT_EQ(back.bank.questions[1].markup, model::Markup::kPlain);
  LossReport loss2;
  EXPECT_EQ(ExportText(gift, back.bank, loss2), out);
}

TEST(GiftFormatTest, AnEmptyQuestionTextIsLeftToLint) {
  GiftFormat gift;
  auto r = ImportText(gift, "e.gift", "::Blank:: {=a ~b}\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_TRUE(r.bank.questions[0].stem.empty());
}

TEST(GiftFormatTest, TextRightAfterACategoryLineIsAQuestion) {
  GiftFormat gift;
  auto r = ImportText(gift, "c.gift",
                      "$CATEGORY: Units\n::U1::Unit of force? {=newton ~joule}\n\nQ {T}\n");
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(),
            "c.gift:2:1: warning: no blank line after the $CATEGORY: line; read as a question "
            "(Moodle would read these lines as part of the category's name)\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].domain->value, "Units");
  EXPECT_EQ(r.bank.questions[0].stem.value, "Unit of force?");
  EXPECT_EQ(r.bank.questions[0].span.line, 2u);
  EXPECT_EQ(r.bank.questions[1].domain->value, "Units");
}

TEST(GiftFormatTest, ATitleOnANewLineInsideAQuestionIsWarned) {
  GiftFormat gift;
  auto r = ImportText(gift, "w.gift",
                      "::Intro::Read the passage.\n::Q1::What is it about? {=cats ~dogs}\n\n"
                      "::Q2::Which? {=a ~b}\n::Q3::Next\n");
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(),
            "w.gift:2:1: warning: a title on a new line inside the question text: missing blank "
            "line before line 2? (read as part of this question, as Moodle reads it)\n"
            "w.gift:5:1: warning: a title on a new line after the answer block: missing blank "
            "line before line 5? (read as the text after the gap, as Moodle reads it)\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
}

TEST(GiftFormatTest, AFileWithAnswerBlocksNeverYieldsNothingSilently) {
  GiftFormat gift;
  // Only comments and a category: no question, and nothing that looks like one.
  auto none = ImportText(gift, "n.gift", "// nothing yet\n$CATEGORY: Empty\n");
  EXPECT_EQ(none.ErrorText(), "");
  EXPECT_TRUE(none.bank.questions.empty());
  // A category's name is taken as written, braces and all: they are no answer block (found by
  // gift_fuzz: an export whose only question GIFT could not hold was this line alone, and it
  // did not read back).
  auto braces = ImportText(gift, "c.gift", "// c\n$CATEGORY: /d. {cat -> cat food}\n");
  EXPECT_EQ(braces.ErrorText(), "");
  EXPECT_TRUE(braces.bank.questions.empty());
  // A brace on the line after the category line is a question's (read with a warning).
  auto after = ImportText(gift, "a.gift", "$CATEGORY: d\nPick {=a ~b}\n");
  EXPECT_EQ(after.errors.size(), 0u);
  EXPECT_EQ(after.bank.questions.size(), 1u);
  // Each block read is either a question or an error: every malformed one is reported.
  auto bad = ImportText(gift, "b.gift", "// c\nA {=x ~y\n\nB {=z ~w\n");
  EXPECT_EQ(bad.errors.size(), 2u);
  EXPECT_TRUE(bad.bank.questions.empty());
}

TEST(GiftFormatTest, EmptyAnswersAreDroppedAsMoodleDropsThem) {
  GiftFormat gift;
  auto r = ImportText(gift, "e.gift", "Pick {~= right ~wrong}\n\nName {= =ten}\n");
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(),
            "e.gift:1:7: warning: \"~=\" reads as an empty wrong answer before a right one; the "
            "empty answer is dropped, as Moodle drops it (write \"=\" alone for the right "
            "answer)\n"
            "e.gift:3:7: warning: an answer with no text after '=' is dropped, as Moodle drops "
            "it\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  ASSERT_EQ(r.bank.questions[0].options.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].options[0].text.value, "right");
  EXPECT_TRUE(r.bank.questions[0].options[0].correct);
  ASSERT_EQ(r.bank.questions[1].options.size(), 1u);
  EXPECT_EQ(r.bank.questions[1].options[0].text.value, "ten");
}

TEST(GiftFormatTest, SeveralFullyCorrectAnswersKeepTheSingleAnswerType) {
  GiftFormat gift;
  auto r = ImportText(gift, "s.gift", "Which are even? {=two =four ~three}\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].type, QuestionType::kSingleAnswer);
  LossReport loss;
  std::string out = ExportText(gift, r.bank, loss);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  EXPECT_NE(out.find("{\n=two\n=four\n~three\n}"), std::string::npos) << out;
  auto again = ImportText(gift, "again.gift", out);
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(again.bank.questions[0].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(again.bank.questions[0].KeyIndexes(), (std::vector<size_t>{0, 1}));
}

// Found by gift_fuzz: a single-answer question whose every option is a key was written with
// '=' only, which reads back as a short answer, or with "->" in a text as a matching question
// that then failed to import.
TEST(GiftFormatTest, AQuestionWhoseEveryOptionIsAKeyStaysAMultipleChoice) {
  GiftFormat gift;
  auto r = ImportText(gift, "k.gift", "Pick a route. {=north -> east =south ~#no text}\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  ASSERT_EQ(r.bank.questions[0].options.size(), 2u);
  LossReport loss;
  std::string out = ExportText(gift, r.bank, loss);
  EXPECT_NE(out.find("=north -> east\n~%100%south\n"), std::string::npos) << out;
  auto again = ImportText(gift, "again.gift", out);
  ASSERT_EQ(again.ErrorText(), "") << out;
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(again.bank.questions[0].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(again.bank.questions[0].KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(again.bank.questions[0].options[0].text.value, "north -> east");
}

// Found by gift_fuzz: a short answer holding "->" was written, and the file then failed to
// import (Moodle reads such a block as a matching question too). It is left out and reported.
TEST(GiftFormatTest, AShortAnswerHoldingAnArrowIsLeftOutAndReported) {
  GiftFormat gift;
  model::Bank bank;
  for (const char* text : {"a -> b", "plain"}) {
    model::Question q;
    q.id.value = std::string("q-") + text[0];
    q.type = QuestionType::kShortAnswer;
    q.stem.value = "Write the rule.";
    model::Option o;
    o.text.value = text;
    o.correct = true;
    q.options.push_back(o);
    bank.questions.push_back(q);
  }
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  EXPECT_EQ(out.find("a -> b"), std::string::npos) << out;
  EXPECT_NE(loss.Summary().find("short answers holding \"->\""), std::string::npos)
      << loss.Summary();
  auto again = ImportText(gift, "again.gift", out);
  EXPECT_EQ(again.ErrorText(), "") << out;
  ASSERT_EQ(again.bank.questions.size(), 1u);
  EXPECT_EQ(again.bank.questions[0].options[0].text.value, "plain");
}

// Found by gift_fuzz: a "\\[" in a stem that never closes made the answer block's brace read as
// LaTeX, so a stem with a literal "\\[" did not read back.
// FindUnescaped skips eight bytes at a time up to a backslash or the needle's first byte: it
// finds what the byte-by-byte rule finds, escapes across blocks included.
TEST(GiftSyntaxTest, FindUnescapedMatchesByteByByte) {
  auto byte_by_byte = [](std::string_view s, size_t from, std::string_view needle) {
    for (size_t i = from; i < s.size(); ++i) {
      if (s[i] == '\\') {
        ++i;
        continue;
      }
      if (s.substr(i, needle.size()) == needle && i + needle.size() <= s.size()) return i;
    }
    return std::string_view::npos;
  };
  const std::string pieces[] = {"abcdefgh", "a", "bc", "\\", "\\\\", ":", "::", "{", "~", "="};
  const std::string needles[] = {"::", "{", "=", "~", ":"};
  std::mt19937 rng(5);
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    size_t length = rng() % 20;
    for (size_t k = 0; k < length; ++k) s += pieces[rng() % std::size(pieces)];
    const std::string& needle = needles[rng() % std::size(needles)];
    size_t from = s.empty() ? 0 : rng() % s.size();
    ASSERT_EQ(gift_syntax::FindUnescaped(s, from, s.size(), needle), byte_by_byte(s, from, needle))
        << "'" << s << "' from " << from << " for '" << needle << "'";
  }
}

// An unescaped brace inside LaTeX is found wherever the formula starts in a long stem (the scan
// for formulas skips eight bytes at a time); a formula closed before the answer block is not.
TEST(GiftFormatTest, LatexIsFoundAtEveryOffsetOfALongStem) {
  GiftFormat gift;
  for (size_t pad = 0; pad < 24; ++pad) {
    const std::string words(pad, 'w');
    auto open = ImportText(gift, "l.gift", words + " half of $$\\frac{1}{2}$$? {=a ~b}\n");
    EXPECT_NE(open.ErrorText().find("unescaped '{' in LaTeX"), std::string::npos) << pad;
    auto paren = ImportText(gift, "l.gift", words + " is \\(x + y{=a ~b}\\)\n");
    EXPECT_NE(paren.ErrorText().find("unescaped '{' in LaTeX"), std::string::npos) << pad;
    auto closed =
        ImportText(gift, "l.gift", words + " half of $$\\frac\\{1\\}\\{2\\}$$? {=a ~b}\n");
    EXPECT_EQ(closed.ErrorText(), "") << pad;
  }
}

// A stem holding a NUL under a qbank-meta comment that carries a Markdown draft is kept as read,
// for the import to refuse at its place, not emptied (gift_fuzz: turning the stem back into
// Markdown went through XML writing, which cut it at the NUL, and the empty stem was read without a
// word).
TEST(GiftFormatTest, AControlCharacterUnderACarriedDraftIsKeptForTheImportToRefuse) {
  GiftFormat gift;
  using namespace std::string_literals;
  auto r = ImportText(gift, "n.gift",
                      "// qbank-meta: {\"qbank\": 1,\"questions\": [{\"markup\": \"markdown\"}]}\n"
                      "::a2::\0Which of these stars?\n"s);
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  // As read: the import's check refuses it at its place (`qbank convert` says
  // "n.gift:2:7: error: stem: expected text, found the control character U+0000 (NUL)").
  EXPECT_EQ(r.bank.questions[0].stem.value, "\0Which of these stars?"s);
}

// A run of backslashes before '(' is written so that it does not open a LaTeX formula the text did
// not have (gift_fuzz: "\\\(" in a stem was written as two escaped backslashes and "\(", and the
// answer block after it then read as inside a formula that a "\]" later seemed to close).
TEST(GiftFormatTest, BackslashesBeforeAParenthesisDoNotOpenAFormula) {
  GiftFormat gift;
  for (size_t run = 1; run <= 5; ++run) {
    for (const char* opener : {"(", "["}) {
      const std::string backslashes(2 * run, '\\');  // `run` backslashes, each escaped
      const std::string text = "Which" + backslashes + opener + " x {=a ~b} is a \\] y\n";
      auto r = ImportText(gift, "b.gift", text);
      ASSERT_EQ(r.ErrorText(), "") << text;
      ASSERT_EQ(r.bank.questions.size(), 1u);
      LossReport loss;
      std::string out = ExportText(gift, r.bank, loss);
      auto again = ImportText(gift, "again.gift", out);
      ASSERT_EQ(again.ErrorText(), "") << out;
      ASSERT_EQ(again.bank.questions.size(), 1u);
      EXPECT_EQ(again.bank.questions[0].stem.value, r.bank.questions[0].stem.value) << out;
    }
  }
  // A stem of 100,000 openers and no closer: each written escaped, in one pass over the text.
  auto many = ImportText(gift, "m.gift", "Q? {T}\n");
  ASSERT_EQ(many.bank.questions.size(), 1u);
  std::string openers;
  for (int k = 0; k < 100000; ++k) openers += "\\(";
  many.bank.questions[0].stem.value = openers;
  LossReport many_loss;
  auto many_again = ImportText(gift, "m2.gift", ExportText(gift, many.bank, many_loss));
  ASSERT_EQ(many_again.ErrorText(), "");
  ASSERT_EQ(many_again.bank.questions.size(), 1u);
  EXPECT_EQ(many_again.bank.questions[0].stem.value, openers);
  // A lone "\(" is LaTeX, written as it is.
  auto latex = ImportText(gift, "l.gift", "Is \\(x^2\\) even? {T}\n");
  ASSERT_EQ(latex.ErrorText(), "");
  LossReport loss;
  EXPECT_NE(ExportText(gift, latex.bank, loss).find("Is \\(x^2\\) even?"), std::string::npos);
}

TEST(GiftFormatTest, ALatexOpenerThatNeverClosesLeavesTheAnswerBlockAlone) {
  GiftFormat gift;
  auto r = ImportText(gift, "l.gift", "Is \\[ a display-math opener? {T}\n");
  ASSERT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Is \\[ a display-math opener?");
  LossReport loss;
  std::string out = ExportText(gift, r.bank, loss);
  auto again = ImportText(gift, "again.gift", out);
  EXPECT_EQ(again.ErrorText(), "") << out;
  // A formula that closes after the brace is still one.
  auto latex = ImportText(gift, "m.gift", "Half of \\[\\frac{1}{2}\\]? {=a ~b}\n");
  EXPECT_NE(latex.ErrorText().find("unescaped '{' in LaTeX"), std::string::npos);
}

TEST(GiftFormatTest, TitlesAreWrittenOnlyWhereTheQuestionHadOne) {
  GiftFormat gift;
  auto r = ImportText(gift, "t.gift",
                      "Untitled? {T}\n\n::Named::Titled? {F}\n\n// [id:own-id]\nWith an id? {T}\n");
  ASSERT_EQ(r.bank.questions.size(), 3u);
  r.bank.questions[0].id.value = "q-0123456789abcdef";  // as the pipeline derives it
  // Without an [id:...] comment the title is the id, written once (as the title).
  EXPECT_EQ(r.bank.questions[1].id.value, "Named");
  LossReport loss;
  std::string out = ExportText(gift, r.bank, loss);
  EXPECT_NE(out.find("\nUntitled? {T}"), std::string::npos) << out;
  EXPECT_NE(out.find("\n::Named::Titled? {F}"), std::string::npos) << out;
  EXPECT_NE(out.find("\n::own-id::With an id? {T}"), std::string::npos) << out;
  EXPECT_EQ(out.find("::q-"), std::string::npos) << out;
  EXPECT_EQ(out.find("[id:Named]"), std::string::npos) << out;
  EXPECT_EQ(out.find("[id:own-id]"), std::string::npos) << out;
  // A question read from Moodle XML has its name as the title.
  r.bank.questions[0].extensions["moodle_xml"]["name"] = "From Moodle";
  LossReport moodle_loss;
  out = ExportText(gift, r.bank, moodle_loss);
  EXPECT_NE(out.find("\n::From Moodle::Untitled? {T}"), std::string::npos) << out;
}

// A matching item without a match (a QTI match interaction whose target lost its identifier)
// is written ending at "->", so reading the file and writing it again gives the same bytes
// (round_trip_fuzz's find tests/fuzz/seeds/round_trip/find-qti30_to_gift_item_without_match).
TEST(GiftFormatTest, AMatchingItemWithoutAMatchWritesTheSameFileTwice) {
  GiftFormat gift;
  model::Bank bank;
  model::Question& q = bank.questions.emplace_back();
  q.id.value = "lights";
  q.type = QuestionType::kMatching;
  q.stem.value = "Match each light with its side.";
  for (const char* item : {"Red", "White"}) q.options.emplace_back().text.value = item;
  SetMatch(q.options[0], "Port");
  LossReport loss;
  std::string first = ExportText(gift, bank, loss);
  EXPECT_NE(first.find("\n=White ->\n"), std::string::npos) << first;
  auto back = ImportText(gift, "lights.gift", first);
  ASSERT_EQ(back.ErrorText(), "") << first;
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(MatchOf(back.bank.questions[0].options[1]), "");
  LossReport again;
  EXPECT_EQ(ExportText(gift, back.bank, again), first);
}

// A title becomes the id only when no question in the bank has that id: the ids given by
// [id:...] comments earlier in the file, and those of files read before, count, however many
// questions came before the first without an id.
TEST(GiftFormatTest, ATitleIsNotTakenAsIdWhenAQuestionAlreadyHasIt) {
  GiftFormat gift;
  auto r = ImportText(gift, "t.gift",
                      "// [id:taken]\nFirst? {T}\n\n// [id:other]\nSecond? {F}\n\n"
                      "::taken::Third? {T}\n\n::free::Fourth? {F}\n\n::free::Fifth? {T}\n");
  ASSERT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 5u);
  EXPECT_EQ(r.bank.questions[0].id.value, "taken");
  EXPECT_EQ(r.bank.questions[2].id.value, "");  // derived later by the pipeline
  EXPECT_EQ(GiftString(r.bank.questions[2].extensions, "title"), "taken");
  EXPECT_EQ(r.bank.questions[3].id.value, "free");
  EXPECT_EQ(r.bank.questions[4].id.value, "");
  // The same file read after a bank that holds "free" already.
  Imported into;
  model::Question earlier;
  earlier.id.value = "free";
  into.bank.questions.push_back(earlier);
  auto source = std::make_shared<const SourceText>(
      "u.gift", "// [id:mine]\nOne? {T}\n\n::free::Two? {F}\n\n::mine::Three? {T}\n");
  ImportContext ctx;
  ctx.bank = &into.bank;
  ctx.file = into.bank.AddSource(source);
  ctx.errors = &into.errors;
  ctx.warnings = &into.warnings;
  ASSERT_TRUE(gift.Import(*source, ctx).ok());
  ASSERT_EQ(into.ErrorText(), "");
  ASSERT_EQ(into.bank.questions.size(), 4u);
  EXPECT_EQ(into.bank.questions[1].id.value, "mine");
  EXPECT_EQ(into.bank.questions[2].id.value, "");
  EXPECT_EQ(into.bank.questions[3].id.value, "");
}

TEST(GiftFormatTest, CategoriesAreTakenAsWritten) {
  GiftFormat gift;
  auto r = ImportText(gift, "c.gift", "$CATEGORY: $course$/top/Units\\: SI\n\nQ {T}\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].domain->value, "$course$/top/Units\\: SI");
}

TEST(GiftFormatTest, EscapesRoundTrip) {
  model::Bank bank;
  model::Question q;
  q.stem.value = "::Not a title:: with {braces}, ~tilde, =equals, #hash, a\\backslash and \\n";
  q.options.resize(2);
  q.options[0].text.value = "C:\\new\\temp";
  q.options[0].correct = true;
  q.options[1].text.value = "ends with \\";
  q.options[1].rationale->value = "line one\nline two";
  bank.questions.push_back(q);
  GiftFormat gift;
  LossReport loss;
  std::string out = ExportText(gift, bank, loss);
  auto back = ImportText(gift, "e.gift", out);
  ASSERT_EQ(back.ErrorText(), "") << out;
  ASSERT_EQ(back.bank.questions.size(), 1u) << out;
  EXPECT_EQ(back.bank.questions[0].stem.value, q.stem.value) << out;
  EXPECT_EQ(back.bank.questions[0].options[0].text.value, q.options[0].text.value) << out;
  EXPECT_EQ(back.bank.questions[0].options[1].text.value, q.options[1].text.value) << out;
  EXPECT_EQ(back.bank.questions[0].options[1].rationale->value, q.options[1].rationale->value);
}

TEST(GiftFormatTest, SuppressionDirectiveForTheNextQuestion) {
  GiftFormat gift;
  auto r = ImportText(gift, "s.gift",
                      "// qbank-disable-next option-count, answer-in-explanation -- drill set\n\n"
                      "$CATEGORY: Drills\n\nFirst {=a ~b}\n\nSecond {=a ~b}\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  ASSERT_EQ(r.bank.questions[0].suppressions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].suppressions[1].rule, "answer-in-explanation");
  EXPECT_EQ(r.bank.questions[0].suppressions[1].reason, "drill set");
  EXPECT_TRUE(r.bank.questions[1].suppressions.empty());
}

TEST(GiftFormatTest, NonUtf8IsRefusedUnlessTheEncodingIsNamed) {
  GiftFormat gift;
  std::string latin1 = "::Caf\xE9::Le caf\xE9 est-il chaud ? {T}\n";
  auto refused = ImportText(gift, "c.gift", latin1);
  EXPECT_EQ(refused.status.ToString(),
            "c.gift:1:6: the file is not valid UTF-8 (byte 0xE9); if it is in another encoding, "
            "name it with --encoding (for example --encoding windows-1252)");
  auto ok = ImportText(gift, "c.gift", latin1, "ISO-8859-1");
  ASSERT_TRUE(ok.status.ok());
  ASSERT_EQ(ok.bank.questions.size(), 1u);
  EXPECT_EQ(ok.bank.questions[0].stem.value, "Le caf\xC3\xA9 est-il chaud ?");
  EXPECT_EQ(ok.bank.questions[0].stem.span.column, 9u);
}

TEST(GiftFormatTest, ByteOrderMarkIsSkipped) {
  GiftFormat gift;
  auto r = ImportText(gift, "b.gift", "\xEF\xBB\xBFWarm? {T}\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Warm?");
  EXPECT_EQ(r.bank.questions[0].stem.span.column, 1u);
}

TEST(GiftFormatTest, TheDocExampleImports) {
  GiftFormat gift;
  auto r = ImportText(gift, "gift.md", testing::DocExample("gift.md", "```text"));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 4u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.id.value, "sky-1");
  EXPECT_EQ(q.domain->value, "$course$/top/Astronomy");
  EXPECT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(*q.options[2].weight, 50);
  EXPECT_EQ(r.bank.questions[1].type, QuestionType::kTrueFalse);
  EXPECT_EQ(r.bank.questions[2].type, QuestionType::kNumerical);
  EXPECT_EQ(r.bank.questions[2].options.size(), 2u);
  EXPECT_EQ(r.bank.questions[3].type, QuestionType::kMatching);
}

TEST(GiftFormatTest, SniffRecognisesGift) {
  GiftFormat gift;
  EXPECT_EQ(gift.Sniff("x.txt", ReadTestdata("gift/all_types.gift")), 90);
  EXPECT_EQ(gift.Sniff("x.txt", "Is the sky blue? {T}\n"), 60);
  EXPECT_EQ(gift.Sniff("x.txt", "Which is red?\nA) Mars\nB) Venus\nANSWER: A\n"), 0);
}

TEST(GiftFormatTest, HostileInputNeverCrashes) {
  GiftFormat gift;
  std::mt19937 rng(7);
  const std::string alphabet = "{}=~#%:\\-> \n\nTaF[html]/1.5\xE2\x80\x94";
  for (int round = 0; round < 500; ++round) {
    std::string input;
    size_t length = rng() % 300;
    for (size_t i = 0; i < length; ++i) input += alphabet[rng() % alphabet.size()];
    auto r = ImportText(gift, "fuzz.gift", input);
    LossReport loss;
    Result<std::string> out = gift.Export(r.bank, ExportOptions{}, loss);
    ASSERT_TRUE(out.ok());
  }
  // A thousand answers on one line (the most a question may have): spans still exact.
  std::string wide = "Q {=key";
  for (int i = 0; i < 999; ++i) wide += " ~o" + std::to_string(i);
  wide += "}";
  auto w = ImportText(gift, "wide.gift", wide);
  ASSERT_EQ(w.bank.questions.size(), 1u);
  ASSERT_EQ(w.bank.questions[0].options.size(), 1000u);
  const model::Option& last = w.bank.questions[0].options.back();
  EXPECT_EQ(last.text.value, "o998");
  EXPECT_EQ(last.text.span.column, wide.size() - 4);  // 1-based column of "o998"
  // A hundred thousand: refused before the answers are split, at the question's place.
  std::string wider = "Q {=key";
  for (int i = 0; i < 100000; ++i) wider += " ~o" + std::to_string(i);
  wider += "}";
  auto refused = ImportText(gift, "wider.gift", wider);
  EXPECT_TRUE(refused.bank.questions.empty());
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_NE(refused.errors[0].ToString().find("wider.gift:1:"), std::string::npos);
  EXPECT_NE(refused.errors[0].ToString().find("at most 1000"), std::string::npos);
  std::string deep(200000, '{');
  auto r = ImportText(gift, "deep.gift", deep);
  EXPECT_EQ(r.errors.size(), 1u);
  std::string long_line = "Q {=" + std::string(3'000'000, 'a') + " ~b}";
  auto big = ImportText(gift, "big.gift", long_line);
  EXPECT_EQ(big.bank.questions.size(), 1u);
}

// What GIFT has no notation for travels in "// qbank-meta:" and "// qbank-bank:" comments (which
// Moodle skips as comments) and comes back on import.
TEST(GiftMetadataTest, FieldsWithoutANotationTravelInComments) {
  model::Bank bank;
  bank.exam->value = "OCEAN-101";
  bank.publisher.value = "Tide Press";
  bank.declared_size = 120;
  model::Question q;
  q.id.value = "tide-1";
  q.stem.value = "Which moon phase gives spring tides?";
  q.trap->value = "Spring tides have nothing to do with the season.";
  q.exam->value = "OCEAN-101";
  q.difficulty->value = "easy";
  q.stated_answer->value = "New and full moon";
  model::Person author;
  author.name.value = "R. Keel";
  author.roles = {model::Text(std::string("hydrographer"))};
  q.authors.push_back(author);
  q.review->date.value = "2026-03";
  q.review->checked_against.value = "the tide tables";
  q.origin->statement.value = "Written for this bank";
  q.extensions["page"]["footer"] = "A footer with \"quotes\" and a // slash pair";
  for (const char* t : {"New and full moon", "First quarter"}) {
    model::Option o;
    o.text.value = t;
    o.correct = std::string(t) == "New and full moon";
    q.options.push_back(o);
  }
  bank.questions.push_back(q);
  LossReport loss;
  std::string gift = ExportText(GiftFormat(), bank, loss);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  EXPECT_EQ(gift.substr(0, 16), "// qbank-bank: {") << gift;
  EXPECT_NE(gift.find("\n// qbank-meta: {"), std::string::npos) << gift;
  Imported back = ImportText(GiftFormat(), "meta.gift", gift);
  ASSERT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.WarningText(), "");
  EXPECT_EQ(back.bank.exam->value, "OCEAN-101");
  EXPECT_EQ(back.bank.publisher.value, "Tide Press");
  EXPECT_EQ(back.bank.declared_size, 120);
  ASSERT_EQ(back.bank.questions.size(), 1u);
  const model::Question& b = back.bank.questions[0];
  EXPECT_EQ(b.trap->value, q.trap->value);
  EXPECT_EQ(b.exam->value, q.exam->value);
  EXPECT_EQ(b.difficulty->value, q.difficulty->value);
  EXPECT_EQ(b.stated_answer->value, q.stated_answer->value);
  ASSERT_EQ(b.authors.size(), 1u);
  EXPECT_EQ(b.authors[0].name.value, "R. Keel");
  EXPECT_EQ(b.authors[0].roles.at(0).value, "hydrographer");
  EXPECT_EQ(b.review->date.value, "2026-03");
  EXPECT_EQ(b.review->checked_against.value, "the tide tables");
  EXPECT_EQ(b.origin->statement.value, "Written for this bank");
  EXPECT_TRUE(b.extensions == q.extensions);
  // Written again, the same bytes.
  LossReport again_loss;
  EXPECT_EQ(ExportText(GiftFormat(), back.bank, again_loss), gift);
}

TEST(GiftMetadataTest, TheDocExampleReadsItsMetadata) {
  Imported in = ImportText(GiftFormat(), "gift.md", testing::DocExample("gift.md", "```gift"));
  ASSERT_EQ(in.ErrorText(), "");
  ASSERT_EQ(in.WarningText(), "");
  EXPECT_EQ(in.bank.exam->value, "GEO-101");
  EXPECT_EQ(in.bank.declared_size, 120);
  ASSERT_EQ(in.bank.questions.size(), 1u);
  EXPECT_EQ(in.bank.questions[0].trap->value, "The Congo is long too.");
  EXPECT_EQ(in.bank.questions[0].review->date.value, "2026-05");
}

TEST(GiftMetadataTest, AMetadataCommentQbankDidNotWriteIsAWarningAndStaysAComment) {
  Imported in =
      ImportText(GiftFormat(), "odd.gift", "// qbank-meta: {not json\n::q1:: Pick one {=a ~b}\n");
  ASSERT_EQ(in.ErrorText(), "");
  EXPECT_NE(in.WarningText().find("odd.gift:1:1: warning: a '// qbank-meta:' comment that is not "
                                  "the metadata qbank writes"),
            std::string::npos)
      << in.WarningText();
  ASSERT_EQ(in.bank.questions.size(), 1u);
  LossReport loss;
  EXPECT_NE(ExportText(GiftFormat(), in.bank, loss).find("// qbank-meta: {not json\n"),
            std::string::npos);
}

// A seed page -> gift -> json keeps every field: the question's (trap, authors, review, exam,
// origin, the page's own extension) and the bank's (exam, publisher, declared size).
TEST(GiftMetadataTest, SeedPagesKeepEveryFieldThroughGift) {
  std::filesystem::path seeds(QBANK_SEEDS_DIR);
  if (!std::filesystem::is_directory(seeds)) GTEST_SKIP() << "no seed pages at " << seeds;
  const Format* page = Registry::Default().Find("page");
  const Format* json = Registry::Default().Find("json");
  ASSERT_NE(page, nullptr);
  ASSERT_NE(json, nullptr);
  size_t pages = 0;
  for (const auto& entry : std::filesystem::directory_iterator(seeds)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    Imported seed = ImportText(*page, entry.path().string(), ss.str());
    ASSERT_TRUE(seed.status.ok()) << seed.status.ToString();
    LossReport loss;
    std::string gift = ExportText(GiftFormat(), seed.bank, loss);
    EXPECT_TRUE(loss.empty()) << entry.path() << ":\n" << loss.Summary();
    Imported back = ImportText(GiftFormat(), "seed.gift", gift);
    ASSERT_EQ(back.ErrorText(), "");
    LossReport json_loss;
    EXPECT_EQ(ExportText(*json, back.bank, json_loss), ExportText(*json, seed.bank, json_loss))
        << entry.path();
    ++pages;
  }
  EXPECT_GT(pages, 0u);
}

// Moodle imports these questions but its editor refuses to save them: a warning at the question.
TEST(GiftFormatTest, GradesMoodleWouldNotSaveAreWarnings) {
  Imported in = ImportText(GiftFormat(), "grades.gift",
                           "::m1:: Pick the gases {~%50%neon ~%25%argon ~%-100%iron}\n\n"
                           "::s1:: Name a noble gas {=%50%neon =%50%argon}\n\n"
                           "::n1:: Boiling point of water? {#=%90%100:1 =%50%100:5}\n\n"
                           "::ok:: Pick the gases {~%50%neon ~%50%argon ~%-100%iron}\n");
  ASSERT_EQ(in.ErrorText(), "");
  EXPECT_EQ(in.bank.questions.size(), 4u);
  EXPECT_EQ(in.WarningText(),
            "grades.gift:1:1: warning: the positive grades of this multiple-answer question add "
            "up to 75%, not 100%; Moodle refuses to save it (\"The grades do not add up to "
            "100%\")\n"
            "grades.gift:3:1: warning: no answer of this short-answer question has a score of "
            "100%; Moodle refuses to save it (\"One of the answers should have a score of 100% so "
            "it is possible to get full marks for this question\")\n"
            "grades.gift:5:1: warning: no answer of this numerical question has a score of 100%; "
            "Moodle refuses to save it (\"One of the answers should have a score of 100% so it is "
            "possible to get full marks for this question\")\n");
}

}  // namespace
}  // namespace qbank::formats
