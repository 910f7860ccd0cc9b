// lint/bank_statistics: the numbers `qbank stats`, the HTML report and the preview share.
#include "lint/bank_statistics.h"

#include <gtest/gtest.h>

#include "test_bank.h"

namespace qbank::lint {
namespace {

TEST(DistributeTest, QuartilesAndWholeNumberBins) {
  Distribution d = Distribute({1, 2, 3, 4, 5, 6, 7, 8, 9}, 3);
  EXPECT_EQ(d.count, 9u);
  EXPECT_EQ(d.min, 1);
  EXPECT_EQ(d.q1, 3);
  EXPECT_EQ(d.median, 5);
  EXPECT_EQ(d.q3, 7);
  EXPECT_EQ(d.max, 9);
  EXPECT_DOUBLE_EQ(d.mean, 5);
  ASSERT_EQ(d.bins.size(), 3u);
  EXPECT_EQ(d.bins[0].low, 1);
  EXPECT_EQ(d.bins[0].high, 3);
  EXPECT_EQ(d.bins[2].low, 7);
  EXPECT_EQ(d.bins[2].high, 9);
  for (const HistogramBin& b : d.bins) EXPECT_EQ(b.count, 3u);
  // Interpolated quartiles, and one value in one bin.
  Distribution two = Distribute({10, 20});
  EXPECT_DOUBLE_EQ(two.q1, 12.5);
  EXPECT_DOUBLE_EQ(two.median, 15);
  Distribution one = Distribute({4});
  ASSERT_EQ(one.bins.size(), 1u);
  EXPECT_EQ(one.bins[0].count, 1u);
  EXPECT_EQ(Distribute({}).count, 0u);
  EXPECT_TRUE(Distribute({}).bins.empty());
}

TEST(CohensWTest, IsTheSquareRootOfChiSquareOverN) {
  CountTest t;
  t.total = 100;
  t.chi_square = 4;
  EXPECT_DOUBLE_EQ(CohensW(t), 0.2);
  EXPECT_EQ(CohensW(CountTest{}), 0);
}

TEST(BankStatisticsTest, CountsKeysLengthsReviewsAndClusters) {
  testing::BankBuilder b("bank.txt");
  for (int i = 0; i < 8; ++i) {
    model::Question& q = b.AddQuestion("q" + std::to_string(i), "What is the answer here?",
                                       {"one", "two words", "three", "four"}, i % 2);
    q.domain = i < 5 ? model::Text("Networking") : model::Text("");
    if (i < 3) q.authors.push_back({model::Text("MR"), model::Text("Mara Reyes"), {}, {}});
    if (i == 0) q.review->date = model::Text("2026-10");
    if (i == 1) q.review->date = model::Text("2026-11-20");
    if (i == 2) q.review->date = model::Text("2027-01");
    if (i == 3) q.explanation = model::Text("Because it is so.");
  }
  model::Bank bank = b.Build();
  std::vector<Finding> findings(3);
  findings[0].rule_id = "exact-duplicate";
  findings[0].question_id = "q4";
  findings[0].question_index = 4;
  findings[0].related.push_back({bank.questions[1].span, "first", "q1", ""});
  findings[1] = findings[0];
  findings[1].question_id = "q5";
  findings[1].question_index = 5;
  findings[2].rule_id = "key-balance";  // on the bank: no file
  BankStatistics s = ComputeBankStatistics(bank, findings, Date{2026, 11, 30});
  EXPECT_EQ(s.questions, 8u);
  EXPECT_EQ(s.files, 1u);
  EXPECT_EQ(s.by_type, (NamedCounts{{"single", 8}}));
  EXPECT_EQ(s.by_domain, (NamedCounts{{"Networking", 5}, {"(none)", 3}}));
  EXPECT_EQ(s.by_author, (NamedCounts{{"(none)", 5}, {"Mara Reyes", 3}}));
  EXPECT_EQ(s.option_counts, (std::vector<std::pair<size_t, size_t>>{{4, 8}}));
  ASSERT_EQ(s.keys.positions.size(), 1u);
  EXPECT_EQ(s.keys.positions[0].counts, (std::vector<size_t>{4, 4, 0, 0}));
  EXPECT_EQ(s.stem_words.count, 8u);
  EXPECT_EQ(s.stem_words.min, 5);
  EXPECT_EQ(s.option_words.count, 32u);
  EXPECT_EQ(s.option_words.max, 2);
  EXPECT_EQ(s.explanation_words.count, 1u);
  // 2026-10-01 and 2026-11-20 are 60 and 10 days before 2026-11-30; 2027-01 is ahead.
  EXPECT_EQ(s.review_age_days.count, 2u);
  EXPECT_EQ(s.review_age_days.min, 10);
  EXPECT_EQ(s.review_age_days.max, 60);
  EXPECT_EQ(s.review_in_future, 1u);
  EXPECT_EQ(s.without_review_date, 5u);
  ASSERT_EQ(s.duplicate_clusters.size(), 1u);
  EXPECT_EQ(s.duplicate_clusters[0].question_ids, (std::vector<std::string>{"q1", "q4", "q5"}));
  EXPECT_EQ(s.duplicate_clusters[0].places[0],
            "bank.txt:" + std::to_string(bank.questions[1].span.line));
  EXPECT_EQ(s.findings_by_rule, (NamedCounts{{"exact-duplicate", 2}, {"key-balance", 1}}));
  EXPECT_EQ(s.findings_by_file, (NamedCounts{{"bank.txt", 2}, {"(bank)", 1}}));

  model::Value v = BankStatisticsValue(s);
  ASSERT_NE(v.Find("keys"), nullptr);
  const model::Value& positions = *v.Find("keys")->Find("positions");
  EXPECT_EQ(positions.as_array()[0].Find("counts")->as_array().size(), 4u);
  EXPECT_NE(positions.as_array()[0].Find("test")->Find("cohens_w"), nullptr);
  EXPECT_EQ(v.Find("questions")->as_int(), 8);
}

}  // namespace
}  // namespace qbank::lint
