// The loss report names each dropped value's question and place, caps the text form per field and
// writes everything as JSON.
#include "formats/loss_report.h"

#include <gtest/gtest.h>

#include <memory>

namespace qbank::formats {
namespace {

model::Bank BankOf(size_t questions) {
  model::Bank bank;
  uint32_t file = bank.AddSource(std::make_shared<SourceText>("quiz.gift", "text"));
  for (size_t i = 0; i < questions; ++i) {
    model::Question q;
    q.id.value = "q" + std::to_string(i + 1);
    q.span.file = file;
    q.span.line = static_cast<uint32_t>(10 * i + 1);
    bank.questions.push_back(q);
  }
  return bank;
}

TEST(LossReportTest, NamesTheQuestionAndItsLine) {
  model::Bank bank = BankOf(2);
  LossReport loss;
  loss.SetBank(&bank);
  loss.Drop("bank.title");
  {
    LossReport::QuestionScope scope(loss, bank.questions[1]);
    loss.Drop("trap");
    loss.Drop("options.rationale", 2);
    loss.Drop("options.rationale");
  }
  loss.Drop("bank.exam");
  EXPECT_EQ(loss.ToString(),
            "  bank.exam: 1 value dropped\n"
            "  bank.title: 1 value dropped\n"
            "  options.rationale: 3 values dropped\n"
            "    q2 (quiz.gift:11): 3 values\n"
            "  trap: 1 value dropped\n"
            "    q2 (quiz.gift:11)\n");
  EXPECT_EQ(loss.dropped().at("options.rationale"), 3u);
  ASSERT_EQ(loss.values().size(), 4u);
  EXPECT_EQ(loss.values()[1].question_id, "q2");
  EXPECT_EQ(loss.values()[1].path, "quiz.gift");
  EXPECT_EQ(loss.values()[1].line, 11u);
  EXPECT_TRUE(loss.values()[0].question_id.empty());
}

TEST(LossReportTest, TextListsFiveQuestionsPerFieldAndCountsTheRest) {
  model::Bank bank = BankOf(8);
  LossReport loss;
  loss.SetBank(&bank);
  for (const model::Question& q : bank.questions) {
    LossReport::QuestionScope scope(loss, q);
    loss.Drop("extensions.gift");
  }
  EXPECT_EQ(loss.ToString(),
            "  extensions.gift: 8 values dropped\n"
            "    q1 (quiz.gift:1)\n"
            "    q2 (quiz.gift:11)\n"
            "    q3 (quiz.gift:21)\n"
            "    q4 (quiz.gift:31)\n"
            "    q5 (quiz.gift:41)\n"
            "    and 3 more\n");
  EXPECT_NE(loss.ToJson("page").find("\"id\": \"q8\""), std::string::npos);
}

TEST(LossReportTest, JsonHoldsEveryValueWithBankCounts) {
  model::Bank bank = BankOf(1);
  LossReport loss;
  loss.SetBank(&bank);
  loss.Drop("extensions");
  {
    LossReport::QuestionScope scope(loss, bank.questions[0]);
    loss.Drop("extensions", 2);
  }
  EXPECT_EQ(loss.ToJson("json"),
            "{\n"
            "  \"fields\": [\n"
            "    {\n"
            "      \"bank\": 1,\n"
            "      \"count\": 3,\n"
            "      \"field\": \"extensions\",\n"
            "      \"questions\": [\n"
            "        {\n"
            "          \"count\": 2,\n"
            "          \"id\": \"q1\",\n"
            "          \"line\": 1,\n"
            "          \"path\": \"quiz.gift\"\n"
            "        }\n"
            "      ]\n"
            "    }\n"
            "  ],\n"
            "  \"format\": \"json\"\n"
            "}\n");
}

TEST(LossReportTest, AQuestionWithoutAPlaceIsNamedByItsId) {
  model::Question q;
  q.id.value = "made-here";
  LossReport loss;
  {
    LossReport::QuestionScope scope(loss, q);
    loss.Drop("trap");
  }
  EXPECT_EQ(loss.ToString(), "  trap: 1 value dropped\n    made-here\n");
}

}  // namespace
}  // namespace qbank::formats
