// Tests for the brightspace format: the CSV template's blocks of every type, errors at their
// row and cell, the metadata comment rows, a file written by python3's csv module at test time.
#include "formats/brightspace/brightspace_format.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "formats/import_export_test_support.h"
#include "formats/question_names.h"

namespace qbank::formats {
namespace {

using model::QuestionType;
using testing::ExportText;
using testing::ImportFixture;
using testing::ImportText;
using testing::ReadTestdata;
using testing::WrittenByPython;

TEST(BrightspaceFormatTest, ReadsEveryBlockOfTheTemplate) {
  BrightspaceFormat bs;
  auto r = ImportFixture(bs, "brightspace/template.csv");
  ASSERT_EQ(r.bank.questions.size(), 7u);
  auto& q = r.bank.questions;
  EXPECT_EQ(q[0].id.value, "SKY-101");
  EXPECT_EQ(q[0].type, QuestionType::kEssay);
  EXPECT_EQ(q[0].difficulty->value, "3");
  EXPECT_EQ(q[0].explanation.value, "Refraction and reflection split white light into colours.");
  EXPECT_EQ(q[0].extensions["brightspace"]["answer_key"].as_string(),
            "Sunlight is refracted, reflected inside raindrops and dispersed.");
  EXPECT_EQ(q[0].stem.span.line, 7u);
  EXPECT_EQ(q[0].stem.span.column, 14u);
  EXPECT_EQ(q[1].type, QuestionType::kShortAnswer);
  ASSERT_TRUE(q[1].options[1].weight.has_value());
  EXPECT_EQ(*q[1].options[1].weight, 50.0);
  EXPECT_EQ(q[2].type, QuestionType::kMatching);  // Match rows found by their choice number
  EXPECT_EQ(MatchOf(q[2].options[0]), "Air pressure");
  EXPECT_EQ(MatchOf(q[2].options[1]), "Wind speed");
  EXPECT_EQ(q[3].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q[3].KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(*q[3].options[2].weight, 25.0);
  EXPECT_EQ(q[3].options[2].rationale->value, "Mars is close to Earth, not the Sun.");
  EXPECT_EQ(q[3].extensions["brightspace"]["title"].as_string(), "Closest planet");
  EXPECT_EQ(q[4].type, QuestionType::kTrueFalse);
  EXPECT_EQ(q[4].KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(q[5].type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(q[5].markup, model::Markup::kHtml);
  EXPECT_EQ(q[5].KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(q[5].explanation.value, "Jupiter and Saturn are mostly hydrogen and helium.");
  EXPECT_EQ(q[6].type, QuestionType::kOther);
  EXPECT_EQ(q[6].extensions["brightspace"]["type"].as_string(), "O");
  EXPECT_EQ(q[6].options[2].rationale->value, "Fifth.");
}

TEST(BrightspaceFormatTest, ErrorsNameTheRowAndTheCell) {
  BrightspaceFormat bs;
  std::string input =
      "Title,before any question\n"
      "NewQuestion,XX\n"
      "QuestionText,skipped\n"
      "NewQuestion,MC\n"
      "QuestionText,Pick one\n"
      "Option,lots,A\n"
      "NewQuestion,M\n"
      "QuestionText,Pairs\n"
      "Choice,1,left\n"
      "Match,2,right\n"
      "NewQuestion,TF\n"
      "QuestionText,Read after the errors.\n"
      "TRUE,0\n"
      "FALSE,100\n"
      "Answer,100,x\n"
      "NewQuestion,WR\n"
      "Points,3\n"
      "NewQuestion,TF\n"
      "QuestionText,\"The sky is blue.\"\n"
      "TRUE,100\n"
      "FALSE,0\n";
  auto r = ImportText(bs, "f.csv", input);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.ErrorText(),
            "f.csv:1:1: error: row 1, field 1: expected a \"NewQuestion,TYPE\" row before "
            "\"Title\"\n"
            "f.csv:2:13: error: row 2, field 2: unknown question type \"XX\"; expected MC, MS, "
            "TF, SA, M, O, WR or FIB\n"
            "f.csv:6:8: error: row 6, field 2: expected a weight (a number from 0 to 100), found "
            "\"lots\"\n"
            "f.csv:10:7: error: row 10, field 2: a Match for choice 2, which no Choice row has\n"
            "f.csv:15:1: error: row 15, field 1: a \"Answer\" row has no place in a TF question\n"
            "f.csv:16:1: error: expected a QuestionText row (Brightspace needs one)\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "The sky is blue.");

  auto bad = ImportText(bs, "g.csv", "NewQuestion,MC\nQuestionText,\"never closed\n");
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(bad.status.ToString().find("g.csv:2:14: row 2, field 2"), std::string::npos)
      << bad.status.ToString();
}

// A TF question with two TRUE rows: which the author meant is unknown, so it is an error naming
// both rows (it once kept the first row's weight, 1, beside the second row's key, and the export
// did not read back: found by brightspace_fuzz).
TEST(BrightspaceFormatTest, ASecondTrueRowIsAnError) {
  BrightspaceFormat bs;
  auto r = ImportText(bs, "tf.csv",
                      "NewQuestion,TF\n"
                      "QuestionText,The Moon has a thinner atmosphere than Earth.\n"
                      "TRUE,1,Almost none.\n"
                      "FALSE,0\n"
                      "TRUE,100,Right.\n"
                      "NewQuestion,TF\n"
                      "QuestionText,Mars has two moons.\n"
                      "TRUE,100\n"
                      "FALSE,0\n");
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.ErrorText(),
            "tf.csv:5:1: error: row 5, field 1: a second TRUE row (the first is row 3); a TF "
            "question has one TRUE and one FALSE row\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Mars has two moons.");
}

TEST(BrightspaceFormatTest, MetadataTravelsInCommentRowsBrightspaceSkips) {
  BrightspaceFormat bs;
  model::Bank bank;
  bank.title.value = "Sky bank";
  model::Question q;
  q.id.value = "sky-1";
  q.stem.value = "Which is a *planet*?";
  q.markup = model::Markup::kMarkdown;
  q.trap->value = "Pluto is not one any more.";
  q.difficulty->value = "2";
  q.tags = {model::Text("space")};
  q.options.resize(2);
  q.options[0].text.value = "Mars";
  q.options[0].correct = true;
  q.options[1].text.value = "Pluto";
  bank.questions.push_back(q);
  LossReport loss;
  std::string out = ExportText(bs, bank, loss);
  EXPECT_EQ(loss.Summary(), "  tags: 1 value dropped\n");
  EXPECT_EQ(out,
            "\"// qbank-bank: {\"\"qbank\"\": 1,\"\"title\"\": \"\"Sky bank\"\"}\",,,,\n"
            ",,,,\n"
            "NewQuestion,MC,,,\n"
            "\"// qbank-meta: {\"\"qbank\"\": 1,\"\"questions\"\": [{\"\"type\"\": \"\"single\"\","
            "\"\"trap\"\": \"\"Pluto is not one any "
            "more.\"\",\"\"markup\"\": \"\"markdown\"\"}]}\",,,,\n"
            "ID,sky-1,,,\n"
            "QuestionText,Which is a <em>planet</em>?,HTML,,\n"
            "Difficulty,2,,,\n"
            "Option,100,Mars,HTML,\n"
            "Option,0,Pluto,HTML,\n");
  auto back = ImportText(bs, "out.csv", out);
  EXPECT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.title.value, "Sky bank");
  const model::Question& b = back.bank.questions[0];
  EXPECT_EQ(b.stem.value, "Which is a *planet*?");
  EXPECT_EQ(b.markup, model::Markup::kMarkdown);
  EXPECT_EQ(b.trap->value, "Pluto is not one any more.");
  EXPECT_EQ(b.difficulty->value, "2");
  EXPECT_EQ(b.id.value, "sky-1");
}

TEST(BrightspaceFormatTest, ReadsABlockFileWrittenByPythonsCsvModule) {
  std::optional<std::string> written = WrittenByPython(
      "import csv, sys\n"
      "rows = [\n"
      "  ['//written by a script', '', '', '', ''],\n"
      "  ['NewQuestion', 'MC', '', '', ''],\n"
      "  ['QuestionText', 'Which \"ring\" planet\\nhas the most moons?', '', '', ''],\n"
      "  ['Option', '100', 'Saturn', '', 'It has over a hundred, with commas, counted.'],\n"
      "  ['Option', '0', 'Mars', '', ''],\n"
      "  ['', '', '', '', ''],\n"
      "  ['NewQuestion', 'SA', '', '', ''],\n"
      "  ['QuestionText', 'Name the red planet.', '', '', ''],\n"
      "  ['Answer', '100', 'Mars', '', ''],\n"
      "]\n"
      "with open(sys.argv[1], 'w', newline='', encoding='utf-8-sig') as f:\n"
      "    csv.writer(f).writerows(rows)\n",
      "quiz.csv");
  if (!written) GTEST_SKIP() << "python3 is not installed";
  const std::string& content = *written;
  BrightspaceFormat bs;
  EXPECT_EQ(bs.Sniff("quiz.csv", content), 95);  // after the byte-order mark and a comment
  auto r = ImportText(bs, "quiz.csv", content);
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Which \"ring\" planet\nhas the most moons?");
  EXPECT_EQ(r.bank.questions[0].options[0].rationale->value,
            "It has over a hundred, with commas, counted.");
  EXPECT_EQ(r.bank.questions[1].type, QuestionType::kShortAnswer);
}

}  // namespace
}  // namespace qbank::formats
