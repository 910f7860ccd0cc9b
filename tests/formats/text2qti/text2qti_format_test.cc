// Tests for the text2qti format: the README's layouts (feedback of every kind, multiple answers,
// numerical ranges and margins, short answer, essay, file upload, text regions, groups),
// errors at their line, the export and its loss report.
#include "formats/text2qti/text2qti_format.h"

#include <gtest/gtest.h>

#include "formats/import_export_test_support.h"

namespace qbank::formats {
namespace {

using model::QuestionType;
using testing::ExportText;
using testing::ImportFixture;
using testing::ImportText;
using testing::ReadTestdata;

TEST(Text2QtiFormatTest, ReadsEveryKindOfQuestion) {
  Text2QtiFormat t2q;
  auto r = ImportFixture(t2q, "text2qti/quiz.txt");
  EXPECT_EQ(r.bank.title.value, "Sky and weather");
  EXPECT_EQ(r.bank.extensions["text2qti"]["description"].as_string(),
            "A short check on the sky, the weather\nand the instruments that measure them.");
  ASSERT_EQ(r.bank.questions.size(), 13u);
  auto& q = r.bank.questions;
  EXPECT_EQ(q[0].id.value, "closest-planet");  // Title: is the id
  EXPECT_EQ(q[0].type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q[0].markup, model::Markup::kMarkdown);
  EXPECT_EQ(q[0].KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q[0].explanation.value, "Mercury orbits at about 0.39 AU.");
  EXPECT_EQ(q[0].options[0].rationale->value, "Venus is second.");
  EXPECT_EQ(q[0].extensions["text2qti"]["points"].as_string(), "2");
  EXPECT_EQ(q[0].extensions["text2qti"]["correct_feedback"].as_string(), "Well done.");
  EXPECT_EQ(q[0].stem.span.line, 8u);
  EXPECT_EQ(q[0].stem.span.column, 5u);
  EXPECT_EQ(q[0].span.line, 6u);  // from its Title: line
  EXPECT_EQ(q[1].type, QuestionType::kMultipleAnswer);
  EXPECT_EQ(q[1].KeyIndexes(), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(q[2].type, QuestionType::kTrueFalse);
  EXPECT_EQ(q[3].stem.value, "What is $2^{10}$?");  // LaTeX math kept as written
  EXPECT_EQ(q[3].options[0].text.value, "1024");
  EXPECT_EQ(q[4].options[0].text.value, "384:19.2");  // a percentage margin made absolute
  EXPECT_EQ(q[5].options[0].text.value, "1960..1969");
  EXPECT_EQ(q[6].options[0].text.value, "3.14:0.005");
  EXPECT_EQ(q[7].type, QuestionType::kShortAnswer);
  EXPECT_EQ(q[7].options.size(), 2u);
  EXPECT_EQ(q[8].type, QuestionType::kEssay);
  EXPECT_EQ(q[8].stem.value,
            "Describe how a rainbow forms, in a few sentences. Write about light\nbending and "
            "reflecting inside the drops.");
  EXPECT_EQ(q[9].type, QuestionType::kOther);
  EXPECT_EQ(q[9].extensions["text2qti"]["type"].as_string(), "file_upload");
  EXPECT_EQ(q[10].type, QuestionType::kDescription);
  EXPECT_EQ(q[10].id.value, "Interlude");
  EXPECT_EQ(q[11].extensions["text2qti"]["group"]["pick"].as_string(), "1");
  EXPECT_TRUE(q[11].extensions["text2qti"]["group"] == q[12].extensions["text2qti"]["group"]);
}

TEST(Text2QtiFormatTest, WritesTheFixtureBackAsItIs) {
  Text2QtiFormat t2q;
  std::string text = ReadTestdata("text2qti/quiz.txt");
  auto r = ImportText(t2q, "quiz.txt", text);
  ASSERT_EQ(r.ErrorText(), "");
  LossReport loss;
  EXPECT_EQ(ExportText(t2q, r.bank, loss), text);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
}

TEST(Text2QtiFormatTest, ErrorsNameTheLine) {
  Text2QtiFormat t2q;
  std::string input =
      "Some stray text.\n"
      "1.  Two kinds of answers?\n"
      "a)  one\n"
      "[*] two\n"
      "\n"
      "2.  No key.\n"
      "a)  one\n"
      "b)  two\n"
      "\n"
      "3.  A number?\n"
      "=   lots\n"
      "\n"
      "4.  Wrapped badly, the next line is not\n"
      "  indented enough.\n"
      "*a) yes\n"
      "b)  no\n"
      "\n"
      "5.  Still read.\n"
      "*a) yes\n"
      "b)  no\n"
      "6.  No answers at all.\n";
  auto r = ImportText(t2q, "q.txt", input);
  ASSERT_TRUE(r.status.ok());
  // The stray line before any question, and the rest of a malformed question (line 15 on, up to
  // the next question) is skipped with it.
  EXPECT_EQ(r.ErrorText(),
            "q.txt:1:1: error: expected a question (\"1.  text\"), \"Title:\", \"Points:\" or "
            "\"Text:\"\n"
            "q.txt:4:1: error: this answer line does not go with the question's earlier answers "
            "(a question is one kind: choices, [ ] answers, \"=\", \"*\", \"____\" or \"^^^^\")\n"
            "q.txt:6:1: error: expected exactly one choice marked correct (\"*a)\"), found 0; "
            "\"[*]\" marks several\n"
            "q.txt:11:5: error: expected a number, a range \"[min, max]\" or \"answer +- margin\" "
            "after \"=\", found \"lots\"\n"
            "q.txt:14:3: error: a wrapped line must be indented as far as the text it continues "
            "(4 columns)\n"
            "q.txt:21:1: error: expected choices, \"=\", \"*\", \"____\" or \"^^^^\" after the "
            "question\n");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Still read.");
}

TEST(Text2QtiFormatTest, ExportReportsWhatTextQtiHasNoLineFor) {
  Text2QtiFormat t2q;
  model::Bank bank;
  bank.publisher.value = "A press";
  model::Question q;
  q.id.value = "m-1";
  q.type = QuestionType::kMatching;
  q.stem.value = "Match";
  bank.questions.push_back(q);
  model::Question n;
  n.id.value = "n-1";
  n.type = QuestionType::kNumerical;
  n.stem.value = "Pi?";
  n.trap->value = "Not 3.";
  n.options.resize(1);
  n.options[0].text.value = "3.14";
  n.options[0].correct = true;
  bank.questions.push_back(n);
  LossReport loss;
  EXPECT_EQ(ExportText(t2q, bank, loss),
            "Title: n-1\n"
            "1.  Pi?\n"
            "=   3.14 +- 0\n");
  EXPECT_EQ(loss.Summary(),
            "  bank.publisher: 1 value dropped\n"
            "  options.text (an exact answer that is not an integer, written v +- 0): 1 value "
            "dropped\n"
            "  questions of type matching (text2qti has none): 1 value dropped\n"
            "  trap: 1 value dropped\n");
}

TEST(Text2QtiFormatTest, SniffTellsItFromAiken) {
  Text2QtiFormat t2q;
  EXPECT_EQ(t2q.Sniff("q.txt", "Quiz title: X\n\n1.  Q?\n*a) y\nb)  n\n"), 95);
  EXPECT_EQ(t2q.Sniff("q.txt", "1.  Q?\n*a) y\nb)  n\n"), 75);
  EXPECT_EQ(t2q.Sniff("q.txt", "1.  Q?\n=   5\n"), 75);
  EXPECT_EQ(t2q.Sniff("q.txt", "1. What is 2+2?\nA) 3\nB) 4\nANSWER: B\n"), 0);
  EXPECT_EQ(t2q.Sniff("q.txt", "Just a sentence.\n"), 0);
}

}  // namespace
}  // namespace qbank::formats
