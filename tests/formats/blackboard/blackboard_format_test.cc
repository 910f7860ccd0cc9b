// Tests for the blackboard format: the upload text of every type, errors at their line and field,
// quoted fields as a spreadsheet saves them (python3's csv module, excel-tab, written at test
// time), the export and its loss report.
#include "formats/blackboard/blackboard_format.h"

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

TEST(BlackboardFormatTest, ReadsEveryTypeOfTheUploadText) {
  BlackboardFormat bb;
  auto r = ImportFixture(bb, "blackboard/upload.txt");
  ASSERT_EQ(r.bank.questions.size(), 15u);
  auto& q = r.bank.questions;
  EXPECT_EQ(q[0].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q[0].KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q[0].options[1].text.value, "Mercury");
  // Spans point into the line: "MC<TAB>Which planet...<TAB>Venus<TAB>incorrect<TAB>Mercury".
  EXPECT_EQ(q[0].stem.span.line, 1u);
  EXPECT_EQ(q[0].stem.span.column, 4u);
  EXPECT_EQ(q[0].options[1].text.span.column, 56u);
  EXPECT_TRUE(q[0].options[1].text.verbatim);
  EXPECT_EQ(q[1].type, QuestionType::kMultipleAnswer);  // "Correct" in any case
  EXPECT_EQ(q[1].KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(q[2].type, QuestionType::kTrueFalse);
  EXPECT_EQ(q[2].KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(q[3].type, QuestionType::kEssay);
  EXPECT_EQ(q[3].extensions["blackboard"]["sample"].as_string(),
            "Solar wind pushes gas and dust away from the Sun.");
  EXPECT_EQ(q[4].type, QuestionType::kEssay);
  EXPECT_EQ(q[4].extensions["blackboard"]["type"].as_string(), "SR");
  EXPECT_EQ(q[5].type, QuestionType::kShortAnswer);
  ASSERT_EQ(q[5].options.size(), 2u);
  EXPECT_TRUE(q[5].options[1].correct);
  EXPECT_EQ(q[6].type, QuestionType::kOther);  // FIB_PLUS: its fields as read
  EXPECT_EQ(q[6].extensions["blackboard"]["fields"].as_array().size(), 6u);
  EXPECT_EQ(q[7].type, QuestionType::kMatching);
  EXPECT_EQ(MatchOf(q[7].options[1]), "Wind speed");
  EXPECT_EQ(q[8].extensions["blackboard"]["type"].as_string(), "ORD");
  EXPECT_EQ(q[8].options.size(), 3u);
  EXPECT_EQ(q[9].type, QuestionType::kNumerical);
  EXPECT_EQ(q[9].options[0].text.value, "8.3:0.2");
  EXPECT_EQ(q[10].extensions["blackboard"]["type"].as_string(), "FIL");
  EXPECT_EQ(q[11].extensions["blackboard"]["type"].as_string(), "JUMBLED_SENTENCE");
  EXPECT_EQ(q[12].extensions["blackboard"]["type"].as_string(), "QUIZ_BOWL");
  EXPECT_EQ(q[13].extensions["blackboard"]["type"].as_string(), "OP");
  // A quoted field holds a tab, a line break and doubled quotes; an element makes it HTML.
  EXPECT_EQ(q[14].stem.value,
            "A field in quotes may hold a tab\there, a line break\nand \"quotes\".");
  EXPECT_FALSE(q[14].stem.verbatim);
  EXPECT_EQ(q[14].markup, model::Markup::kHtml);
  EXPECT_EQ(q[14].span.line, 15u);
  EXPECT_EQ(q[14].options[1].text.span.line, 16u);
}

TEST(BlackboardFormatTest, ErrorsNameTheLineAndTheField) {
  BlackboardFormat bb;
  std::string input =
      "MC\tGood question?\tyes\tcorrect\tno\tincorrect\n"
      "XY\tWhat type is this?\n"
      "MC\tWhich is right?\tone\tyes\ttwo\tincorrect\n"
      "MC\tTwo keys?\tone\tcorrect\ttwo\tcorrect\n"
      "MA\tAn answer without its mark\ta\tcorrect\tb\n"
      "TF\tThe sky is green.\tmaybe\n"
      "NUM\tHow many?\tmany\n"
      "MAT\tPairs\tleft\n"
      "ESS\t\n"
      "MC\t\"quoted\" and more\tx\tcorrect\ty\tincorrect\n"
      "TF\tStill read after the errors.\tfalse\n"
      "MC\t\"never closed\tx\tcorrect\n";
  auto r = ImportText(bb, "f.txt", input);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.ErrorText(),
            "f.txt:2:1: error: field 1: unknown question type \"XY\"; expected MC, MA, TF, ESS, "
            "SR, FIB, FIB_PLUS, MAT, ORD, NUM, FIL, JUMBLED_SENTENCE, QUIZ_BOWL or OP and a tab\n"
            "f.txt:3:24: error: field 4: expected \"correct\" or \"incorrect\" after answer 1, "
            "found \"yes\"\n"
            "f.txt:4:14: error: field 3: a multiple-choice (MC) question needs exactly one "
            "\"correct\" answer, found 2 (MA allows several)\n"
            "f.txt:5:42: error: field 6: expected \"correct\" or \"incorrect\" after answer 2\n"
            "f.txt:6:22: error: field 3: expected \"true\" or \"false\", found \"maybe\"\n"
            "f.txt:7:15: error: field 3: expected a number as the answer, found \"many\"\n"
            "f.txt:8:15: error: field 4: expected pairs of an answer and its match (1 fields "
            "after the question text)\n"
            "f.txt:9:5: error: field 2: expected the question text after \"ESS\" and a tab\n"
            "f.txt:10:12: error: field 2: text after the closing quote; expected a tab or the "
            "end of the line\n"
            "f.txt:12:4: error: field 2: the quoted field is not closed; expected a '\"' before "
            "the end of the file\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[1].stem.value, "Still read after the errors.");
}

TEST(BlackboardFormatTest, ExportWritesEachTypeAndReportsWhatItCannotHold) {
  BlackboardFormat bb;
  auto r = ImportText(bb, "upload.txt", ReadTestdata("blackboard/upload.txt"));
  ASSERT_EQ(r.ErrorText(), "");
  LossReport loss;
  std::string out = ExportText(bb, r.bank, loss);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  // The canonical form: the fixture with "correct" and "incorrect" in lower case.
  std::string expected = ReadTestdata("blackboard/upload.txt");
  for (auto [from, to] : {std::pair{"Correct", "correct"}, std::pair{"Incorrect", "incorrect"}}) {
    for (size_t at = expected.find(from); at != std::string::npos; at = expected.find(from, at)) {
      expected.replace(at, std::string(from).size(), to);
    }
  }
  EXPECT_EQ(out, expected);

  model::Bank bank;
  bank.title.value = "A title";
  model::Question q;
  q.id.value = "named-1";
  q.stem.value = "Pick one";
  q.explanation.value = "Because.";
  q.options.resize(2);
  q.options[0].text.value = "A";
  q.options[0].correct = true;
  q.options[0].rationale->value = "Right.";
  q.options[1].text.value = "B";
  q.options[1].weight = 50.0;
  bank.questions.push_back(q);
  model::Question d;
  d.type = QuestionType::kDescription;
  d.stem.value = "Just text";
  bank.questions.push_back(d);
  model::Question num;
  num.type = QuestionType::kNumerical;
  num.stem.value = "Which year?";
  num.options.resize(2);
  num.options[0].text.value = "1990..1994";
  num.options[0].correct = num.options[1].correct = true;
  num.options[1].text.value = "2000";
  bank.questions.push_back(num);
  model::Question gap;
  gap.stem.value = "The Sun is a";
  SetTextAfterGap(gap, "star.");
  gap.options.resize(2);
  gap.options[0].text.value = "star";
  gap.options[0].correct = true;
  gap.options[1].text.value = "planet";
  bank.questions.push_back(gap);
  LossReport loss2;
  out = ExportText(bb, bank, loss2);
  EXPECT_EQ(out,
            "MC\tPick one\tA\tcorrect\tB\tincorrect\n"
            "NUM\tWhich year?\t1992\t2\n"
            "MC\tThe Sun is a _____ star.\tstar\tcorrect\tplanet\tincorrect\n");
  EXPECT_EQ(loss2.Summary(),
            "  bank.title: 1 value dropped\n"
            "  explanation: 1 value dropped\n"
            "  extensions.gift.blank_after (the gap written as _____ in the question text): 1 "
            "value dropped\n"
            "  id: 1 value dropped\n"
            "  options (numerical answers after the first: NUM holds one): 1 value dropped\n"
            "  options.rationale: 1 value dropped\n"
            "  options.text (a range written as its middle and a tolerance): 1 value dropped\n"
            "  options.weight: 1 value dropped\n"
            "  questions of type description (the upload text has no text-only item): 1 value "
            "dropped\n");
}

TEST(BlackboardFormatTest, MarkdownIsWrittenAsTheHtmlBlackboardShows) {
  BlackboardFormat bb;
  model::Bank bank;
  model::Question q;
  q.type = QuestionType::kTrueFalse;
  q.markup = model::Markup::kMarkdown;
  q.stem.value = "Water boils at *100 degrees* at sea level.";
  q.options.resize(2);
  q.options[0].text.value = "True";
  q.options[1].text.value = "False";
  q.options[0].correct = true;
  bank.questions.push_back(q);
  LossReport loss;
  std::string out = ExportText(bb, bank, loss);
  EXPECT_EQ(out, "TF\tWater boils at <em>100 degrees</em> at sea level.\ttrue\n");
  EXPECT_EQ(loss.Summary(), "  markup (Markdown rendered as HTML): 1 value dropped\n");
  auto back = ImportText(bb, "out.txt", out);
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].markup, model::Markup::kHtml);
}

// A sheet saved as tab-delimited text: python3's csv module with the excel-tab dialect quotes
// fields as Excel does (tabs, line breaks, quotes inside).
TEST(BlackboardFormatTest, ReadsWhatASpreadsheetSavesAsTabDelimitedText) {
  std::optional<std::string> written = WrittenByPython(
      "import csv, sys\n"
      "rows = [\n"
      "  ['MC', 'Which \"inner\" planet\\nis the hottest?', 'Venus', 'correct', 'Mercury',"
      " 'incorrect'],\n"
      "  ['FIB', 'A year on Mars is about ___ Earth days.', '687', 'six "
      "hundred\\teighty-seven'],\n"
      "  ['MAT', 'Match the moon to its planet.', 'Io', 'Jupiter', 'Titan', 'Saturn'],\n"
      "]\n"
      "with open(sys.argv[1], 'w', newline='', encoding='utf-8') as f:\n"
      "    csv.writer(f, dialect='excel-tab').writerows(rows)\n",
      "sheet.txt");
  if (!written) GTEST_SKIP() << "python3 is not installed";
  const std::string& content = *written;
  EXPECT_NE(content.find("\r\n"), std::string::npos);  // Excel's line ends
  BlackboardFormat bb;
  EXPECT_EQ(bb.Sniff("sheet.txt", content), 95);
  auto r = ImportText(bb, "sheet.txt", content);
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 3u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Which \"inner\" planet\nis the hottest?");
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "Mercury");
  EXPECT_EQ(r.bank.questions[1].options[1].text.value, "six hundred\teighty-seven");
  EXPECT_EQ(MatchOf(r.bank.questions[2].options[1]), "Saturn");
}

TEST(BlackboardFormatTest, SniffIsExact) {
  BlackboardFormat bb;
  EXPECT_EQ(bb.Sniff("f.txt", "MC\tq\ta\tcorrect\tb\tincorrect\n"), 95);
  EXPECT_EQ(bb.Sniff("f.txt", "TF\t\"two\nlines\"\ttrue\nESS\tx\n"), 95);
  EXPECT_EQ(bb.Sniff("f.txt", "MC\tq\ta\tcorrect\nA plain line\n"), 0);
  EXPECT_EQ(bb.Sniff("f.txt", "What is 2+2?\nA) 3\nB) 4\nANSWER: B\n"), 0);
  EXPECT_EQ(bb.Sniff("f.txt", "mc\tlower case type\n"), 0);
  EXPECT_EQ(bb.Sniff("f.txt", ""), 0);
}

}  // namespace
}  // namespace qbank::formats
