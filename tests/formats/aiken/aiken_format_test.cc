// Tests for the aiken format: import with per-question errors, golden export, loss report,
// encodings, hostile input.
#include "formats/aiken/aiken_format.h"

#include <gtest/gtest.h>

#include <random>

#include "formats/import_export_test_support.h"

namespace qbank::formats {
namespace {

using testing::ExportText;
using testing::ImportText;
using testing::ReadTestdata;

TEST(AikenFormatTest, ImportsBothOptionStylesWithSpans) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "good.txt", ReadTestdata("aiken/good.txt"));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q0 = r.bank.questions[0];
  EXPECT_EQ(q0.stem.value, "Which planet in our solar system has the shortest year?");
  EXPECT_EQ(q0.type, model::QuestionType::kSingleAnswer);
  ASSERT_EQ(q0.options.size(), 4u);
  EXPECT_EQ(q0.options[3].text.value, "Neptune");
  EXPECT_EQ(q0.KeyIndexes(), std::vector<size_t>{0});
  EXPECT_EQ(q0.options[2].text.span.line, 4u);
  EXPECT_EQ(q0.options[2].text.span.column, 4u);
  EXPECT_TRUE(q0.options[2].text.verbatim);
  EXPECT_EQ(q0.options[0].correct_span.line, 6u);
  EXPECT_EQ(q0.options[0].correct_span.column, 9u);
  EXPECT_TRUE(q0.id.empty());  // the import pipeline derives ids
  const model::Question& q1 = r.bank.questions[1];
  EXPECT_EQ(q1.stem.span.line, 8u);
  EXPECT_EQ(q1.options[1].text.value, "Temperature");
  EXPECT_EQ(q1.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q1.span.line, 8u);
  EXPECT_EQ(q1.span.end_line, 12u);
}

TEST(AikenFormatTest, MalformedQuestionsAreReportedAndGoodOnesStillImport) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "errors.txt", ReadTestdata("aiken/errors.txt"));
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(),
            "errors.txt:5:9: error: expected the letter of an option (A to C), but \"ANSWER: E\" "
            "names no option\n"
            "errors.txt:22:1: error: expected \"ANSWER: X\" after the options of the question on "
            "line 18\n");
  // Option letters are labels, as in Moodle: out of order is a warning, and the question is read.
  EXPECT_EQ(r.WarningText(),
            "errors.txt:9:1: warning: option lettered C where B was expected; read as option B "
            "(letters are labels: \"ANSWER:\" counts options by position, as Moodle does)\n");
  ASSERT_EQ(r.bank.questions.size(), 3u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Which instrument has 88 keys?");
  EXPECT_EQ(r.bank.questions[1].stem.value, "How many sides does a hexagon have?");
  EXPECT_EQ(r.bank.questions[2].stem.value, "Which ocean is the largest?");
  EXPECT_EQ(r.bank.questions[2].KeyIndexes(), std::vector<size_t>{1});
}

TEST(AikenFormatTest, AnswerLettersCountOptionsByPositionAsInMoodle) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "l.txt",
                      "Pick the third.\nA) one\nD) two\nC) three\nD) four\nE) five\nANSWER: C\n\n"
                      "Pick the last.\nA) one\nC) two\nANSWER: B\n\n"
                      "Pick by label.\nA) one\nC) two\nB) three\nANSWER: C\n");
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.WarningText(),
            "l.txt:3:1: warning: option lettered D where B was expected; read as option B "
            "(letters are labels: \"ANSWER:\" counts options by position, as Moodle does)\n"
            "l.txt:11:1: warning: option lettered C where B was expected; read as option B "
            "(letters are labels: \"ANSWER:\" counts options by position, as Moodle does)\n"
            "l.txt:16:1: warning: option lettered C where B was expected; read as option B "
            "(letters are labels: \"ANSWER:\" counts options by position, as Moodle does)\n"
            "l.txt:17:1: warning: option lettered B where C was expected; read as option C "
            "(letters are labels: \"ANSWER:\" counts options by position, as Moodle does)\n"
            "l.txt:18:9: warning: \"ANSWER: C\" names option C by position, which is lettered B "
            "in the file\n");
  ASSERT_EQ(r.bank.questions.size(), 3u);
  EXPECT_EQ(r.bank.questions[0].KeyIndexes(), std::vector<size_t>{2});
  EXPECT_EQ(r.bank.questions[0].options[2].text.value, "three");
  EXPECT_EQ(r.bank.questions[1].KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(r.bank.questions[2].KeyIndexes(), std::vector<size_t>{2});
}

TEST(AikenFormatTest, EachKindOfMalformationHasItsMessage) {
  AikenFormat aiken;
  struct Case {
    std::string input;
    std::string errors;
  };
  const Case cases[] = {
      {"A) orphan option\nANSWER: A\n",
       "t.txt:2:1: error: expected options \"A) ...\" before \"ANSWER:\" (question on line 1)\n"},
      {"ANSWER: A\n",
       "t.txt:1:1: error: expected a question text and its options before "
       "\"ANSWER:\"\n"},
      {"Stem only\nANSWER: A\n",
       "t.txt:2:1: error: expected options \"A) ...\" before \"ANSWER:\" (question on line 1)\n"},
      {"Stem\n\nA) x\nB) y\nANSWER: A\n",
       "t.txt:2:1: error: expected options \"A) ...\" after the question text on line 1\n"
       "t.txt:5:1: error: expected options \"A) ...\" before \"ANSWER:\" (question on line 3)\n"},
      {"Stem\nA) x\nB) y\nANSWER: AB\n",
       "t.txt:4:9: error: expected one option letter after \"ANSWER:\", found \"AB\"\n"},
      {"Stem\nA) x\nANSWER: A\n",
       "t.txt:3:1: error: expected at least two options for the question on line 1\n"},
      {"Stem\nA) x\nB) y",
       "t.txt:3:5: error: expected \"ANSWER: X\" after the options of the "
       "question on line 1\n"},
      {"Stem", "t.txt:1:5: error: expected options \"A) ...\" after the question text on line 1\n"},
  };
  for (const Case& c : cases) {
    auto r = ImportText(aiken, "t.txt", c.input);
    EXPECT_TRUE(r.status.ok());
    EXPECT_EQ(r.ErrorText(), c.errors) << c.input;
    EXPECT_TRUE(r.bank.questions.empty()) << c.input;
  }
}

TEST(AikenFormatTest, AQuestionTextMayLookLikeAnOption) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "t.txt",
                      "B. F. Skinner is known for work in which field?\nA) Behaviourism\n"
                      "B) Geology\nANSWER: A\n\nA. Smith wrote which book?\nA) The first one\n"
                      "B) The other one\nANSWER: B\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "B. F. Skinner is known for work in which field?");
  EXPECT_EQ(r.bank.questions[1].stem.value, "A. Smith wrote which book?");
  EXPECT_EQ(r.bank.questions[1].options.size(), 2u);
}

TEST(AikenFormatTest, LowerCaseAnswerAndCrlfAreAccepted) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "t.txt", "Pick one\r\nA) first\r\nB) second\r\nanswer: b\r\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].options[1].text.value, "second");
  EXPECT_EQ(r.bank.questions[0].KeyIndexes(), std::vector<size_t>{1});
}

TEST(AikenFormatTest, ExportMatchesGolden) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "good.txt", ReadTestdata("aiken/good.txt"));
  LossReport loss;
  EXPECT_EQ(ExportText(aiken, r.bank, loss), ReadTestdata("aiken/golden_export.txt"));
  EXPECT_TRUE(loss.empty()) << loss.Summary();
}

TEST(AikenFormatTest, LossReportCountsEveryDroppedField) {
  model::Bank bank;
  bank.title.value = "Weather basics";
  model::Question q;
  q.id.value = "w-1";
  q.stem.value = "Which cloud type\nbrings thunderstorms?\n";
  q.trap->value = "Cirrus looks dramatic but is harmless.";
  q.explanation.value = "Cumulonimbus clouds grow tall enough to hold charge.";
  q.tags = {model::Text("clouds"), model::Text("storms")};
  for (const char* text : {"Cirrus", "Cumulonimbus", "Stratus"}) {
    model::Option o;
    o.text.value = text;
    o.rationale->value = "Because.";
    q.options.push_back(o);
  }
  q.options[1].correct = true;
  bank.questions.push_back(q);
  model::Question multi = q;
  multi.type = model::QuestionType::kMultipleAnswer;
  bank.questions.push_back(multi);
  model::Question keyless = q;
  keyless.options[1].correct = false;
  bank.questions.push_back(keyless);

  AikenFormat aiken;
  LossReport loss;
  std::string out = ExportText(aiken, bank, loss);
  EXPECT_EQ(out,
            "Which cloud type brings thunderstorms?\nA) Cirrus\nB) Cumulonimbus\nC) Stratus\n"
            "ANSWER: B\n");
  EXPECT_EQ(loss.Summary(),
            "  bank.title: 1 value dropped\n"
            "  explanation: 1 value dropped\n"
            "  id: 1 value dropped\n"
            "  options.rationale: 3 values dropped\n"
            "  questions of type multiple: 1 value dropped\n"
            "  questions without one key and 2 to 26 options: 1 value dropped\n"
            "  stem line breaks: 1 value dropped\n"
            "  tags: 2 values dropped\n"
            "  trap: 1 value dropped\n");
}

TEST(AikenFormatTest, NonUtf8IsRefusedUnlessTheEncodingIsNamed) {
  AikenFormat aiken;
  std::string latin1 = "Quel est le caf\xE9 le plus fort ?\nA) Espresso\nB) Lungo\nANSWER: A\n";
  auto refused = ImportText(aiken, "cafe.txt", latin1);
  EXPECT_FALSE(refused.status.ok());
  EXPECT_EQ(refused.status.ToString(),
            "cafe.txt:1:16: the file is not valid UTF-8 (byte 0xE9); if it is in another "
            "encoding, name it with --encoding (for example --encoding windows-1252)");
  auto converted = ImportText(aiken, "cafe.txt", latin1, "windows-1252");
  ASSERT_TRUE(converted.status.ok()) << converted.status.ToString();
  ASSERT_EQ(converted.bank.questions.size(), 1u);
  EXPECT_EQ(converted.bank.questions[0].stem.value, "Quel est le caf\xC3\xA9 le plus fort ?");
  // Spans name the converted text, registered as a source of its own.
  uint32_t file = converted.bank.questions[0].stem.span.file;
  ASSERT_NE(converted.bank.Source(file), nullptr);
  EXPECT_EQ(converted.bank.Source(file)->Line(1), "Quel est le caf\xC3\xA9 le plus fort ?");
  auto invalid = ImportText(aiken, "sjis.txt", "Which?\nA) \x82\xA0\nB) \x82\n", "Shift_JIS");
  EXPECT_EQ(invalid.status.ToString(),
            "sjis.txt:3:4: byte 17 is not valid Shift_JIS (expected text in Shift_JIS, as "
            "--encoding says)");
  auto unknown = ImportText(aiken, "cafe.txt", latin1, "no-such-encoding");
  EXPECT_EQ(unknown.status.ToString(), "cafe.txt: unknown encoding 'no-such-encoding'");
}

TEST(AikenFormatTest, TheDocExampleImports) {
  AikenFormat aiken;
  auto r = ImportText(aiken, "aiken.md", testing::DocExample("aiken.md", "```text"));
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[1].KeyIndexes(), std::vector<size_t>{1});
}

TEST(AikenFormatTest, SniffRecognisesAikenContent) {
  AikenFormat aiken;
  EXPECT_EQ(aiken.Sniff("x.txt", ReadTestdata("aiken/good.txt")), 80);
  EXPECT_EQ(aiken.Sniff("x.txt", "Just some notes.\nNothing to see.\n"), 0);
}

TEST(AikenFormatTest, HostileInputNeverCrashes) {
  AikenFormat aiken;
  std::mt19937 rng(20261130);
  const std::string alphabet = "AB)\n. ANSWER:\r\xE9\xC3\xA9z";
  for (int round = 0; round < 300; ++round) {
    std::string input;
    size_t length = rng() % 400;
    for (size_t i = 0; i < length; ++i) input += alphabet[rng() % alphabet.size()];
    auto r = ImportText(aiken, "fuzz.txt", input);
    for (const model::Question& q : r.bank.questions) {
      EXPECT_EQ(q.KeyIndexes().size(), 1u);
      EXPECT_GE(q.options.size(), 2u);
    }
  }
  auto huge = ImportText(aiken, "huge.txt", std::string(5'000'000, 'x'));
  EXPECT_EQ(huge.errors.size(), 1u);
}

}  // namespace
}  // namespace qbank::formats
