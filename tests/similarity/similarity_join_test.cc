#include "similarity/similarity_join.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

namespace qbank::similarity {
namespace {

TokenSets Sets(const std::vector<std::vector<uint64_t>>& sets) {
  TokenSets out;
  for (const auto& s : sets) {
    std::vector<uint32_t> t(s.begin(), s.end());
    out.Add(t.data(), t.size());
  }
  return out;
}

std::vector<std::vector<uint64_t>> RandomSets(size_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<uint64_t>> sets;
  for (size_t i = 0; i < count; ++i) {
    std::vector<uint64_t> s;
    if (i > 0 && rng() % 3 == 0) {
      // A variant of an earlier set: a few tokens replaced, some added.
      s = sets[rng() % sets.size()];
      for (size_t k = 0; k < s.size(); ++k) {
        if (rng() % 8 == 0) s[k] = 1000 + rng() % 3000;
      }
      if (rng() % 2 == 0) s.push_back(1000 + rng() % 3000);
    } else {
      size_t n = 4 + rng() % 30;
      for (size_t k = 0; k < n; ++k) s.push_back(1 + rng() % 3000);
    }
    sets.push_back(std::move(s));
  }
  return sets;
}

TEST(SimilarityJoinTest, FindsExactlyWhatComparingEveryPairFinds) {
  for (double threshold : {0.5, 0.7, 0.85, 1.0}) {
    auto sets = RandomSets(600, static_cast<uint32_t>(threshold * 100));
    JoinOptions options;
    options.threshold = threshold;
    options.frequent_min_records = 5;
    JoinStats stats;
    auto fast = SimilarityJoin(Sets(sets), sets.size(), options, &stats);
    auto slow = ExhaustiveSimilarityPairs(Sets(sets), sets.size(), options);
    EXPECT_EQ(fast, slow) << "threshold " << threshold;
    EXPECT_GT(fast.size(), 5u);
    EXPECT_LT(stats.candidates, 600u * 599u / 2u / 10u);  // far fewer than all pairs
  }
}

// The join against a reference that needs no ranking: distinct tokens per record as std::sets,
// frequencies counted over them, frequent tokens dropped, short records left out, every pair
// compared. Records repeat tokens (up to three times, shuffled) and hold token 0; the pairs must be
// the same whether the tokens are ranked at once or a few buckets at a time.
TEST(SimilarityJoinTest, RepeatedTokensCountOnceWhicheverWayTheyAreRanked) {
  auto sets = RandomSets(500, 7);
  std::mt19937 rng(11);
  for (size_t i = 0; i < sets.size(); i += 5) sets[i].push_back(0);
  std::vector<std::vector<uint64_t>> repeated;
  for (const auto& set : sets) {
    std::vector<uint64_t> r;
    for (uint64_t token : set) {
      for (uint32_t k = 0, copies = 1 + rng() % 3; k < copies; ++k) {
        r.push_back(static_cast<uint32_t>(token * 2654435761u));
      }
    }
    std::shuffle(r.begin(), r.end(), rng);
    repeated.push_back(std::move(r));
  }
  JoinOptions options;
  options.threshold = 0.6;
  options.frequent_min_records = 12;
  options.frequent_share = 0.01;
  options.min_tokens = 5;

  std::vector<std::set<uint64_t>> distinct;
  std::map<uint64_t, size_t> df;
  for (const auto& r : repeated) {
    distinct.emplace_back(r.begin(), r.end());
    for (uint64_t token : distinct.back()) ++df[token];
  }
  for (auto& d : distinct) {
    std::erase_if(d, [&](uint64_t token) { return df[token] > 12; });
    if (d.size() < options.min_tokens) d.clear();
  }
  std::vector<SimilarPair> expected;
  for (uint32_t a = 0; a < distinct.size(); ++a) {
    for (uint32_t b = a + 1; b < distinct.size(); ++b) {
      if (distinct[a].empty() || distinct[b].empty()) continue;
      size_t common = 0;
      for (uint64_t token : distinct[a]) common += distinct[b].count(token);
      const double similarity =
          static_cast<double>(common) /
          static_cast<double>(distinct[a].size() + distinct[b].size() - common);
      if (similarity + 1e-9 >= options.threshold) expected.push_back({a, b, similarity});
    }
  }
  ASSERT_GT(expected.size(), 20u);
  for (size_t budget : {size_t{32} << 20, size_t{1}, size_t{700}}) {
    for (unsigned threads : {1u, 2u}) {
      options.ranking_pairs = budget;
      options.threads = threads;
      JoinStats stats;
      EXPECT_EQ(SimilarityJoin(Sets(repeated), repeated.size(), options, &stats), expected)
          << budget << " pairs, " << threads << " threads";
      EXPECT_EQ(stats.distinct_tokens, df.size());
    }
  }
}

// The records are ranked on several threads, the tokens counted by hash buckets: the pairs must
// not depend on how many threads, nor on how many buckets are done at a time (token 0, which the
// bucket tables keep apart, included).
TEST(SimilarityJoinTest, PairsDoNotDependOnThreads) {
  auto sets = RandomSets(3000, 11);
  for (auto& set : sets) {
    for (uint64_t& token : set) token = static_cast<uint32_t>(token * 2654435761u);  // all bits
  }
  for (size_t i = 0; i < sets.size(); i += 7) sets[i].push_back(0);
  JoinOptions options;
  options.threshold = 0.6;
  options.frequent_min_records = 40;
  options.threads = 1;
  auto one = SimilarityJoin(Sets(sets), sets.size(), options);
  EXPECT_EQ(one, ExhaustiveSimilarityPairs(Sets(sets), sets.size(), options));
  EXPECT_GT(one.size(), 50u);
  for (unsigned threads : {2u, 3u, 8u}) {
    options.threads = threads;
    EXPECT_EQ(SimilarityJoin(Sets(sets), sets.size(), options), one) << threads << " threads";
  }
  // The ranking pairs made a few buckets at a time (many rounds) give the same pairs too, and so
  // does numbering every token in place in one round (a budget just under the tokens: each
  // position takes half a pair).
  size_t tokens = 0;
  for (const auto& set : sets) tokens += set.size();
  for (size_t budget : {size_t{1}, size_t{5000}, tokens - 1}) {
    options.ranking_pairs = budget;
    options.threads = 2;
    EXPECT_EQ(SimilarityJoin(Sets(sets), sets.size(), options), one) << budget << " pairs";
  }
}

TEST(SimilarityJoinTest, FrequentTokensDoNotMakePairs) {
  // 100 records share a 6-token templated opening and differ in 4 tokens each.
  std::vector<std::vector<uint64_t>> sets;
  for (uint64_t i = 0; i < 100; ++i) {
    sets.push_back({1, 2, 3, 4, 5, 6, 100 + i * 4, 101 + i * 4, 102 + i * 4, 103 + i * 4});
  }
  sets.push_back(sets[7]);  // a real copy
  JoinOptions options;
  options.threshold = 0.5;
  options.min_tokens = 3;
  JoinStats stats;
  auto pairs = SimilarityJoin(Sets(sets), sets.size(), options, &stats);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].a, 7u);
  EXPECT_EQ(pairs[0].b, 100u);
  EXPECT_DOUBLE_EQ(pairs[0].similarity, 1.0);
  EXPECT_EQ(stats.frequent_tokens, 6u);
  // Without the guard every record pairs with every other one (6/14 > 0.4).
  options.frequent_share = 1.0;
  options.frequent_min_records = 1000;
  options.threshold = 0.4;
  EXPECT_GT(SimilarityJoin(Sets(sets), sets.size(), options).size(), 4000u);
}

TEST(SimilarityJoinTest, ComparedBanksDoNotPairAmongThemselves) {
  std::vector<std::vector<uint64_t>> sets = {
      {1, 2, 3, 4, 5, 6}, {11, 12, 13, 14, 15, 16}, {11, 12, 13, 14, 15, 16}, {1, 2, 3, 4, 5, 6}};
  JoinOptions options;
  auto pairs = SimilarityJoin(Sets(sets), /*linted=*/1, options);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].a, 0u);
  EXPECT_EQ(pairs[0].b, 3u);
  EXPECT_EQ(ExhaustiveSimilarityPairs(Sets(sets), 1, options), pairs);
}

TEST(SimilarityJoinTest, ShortRecordsTakeNoPart) {
  std::vector<std::vector<uint64_t>> sets = {{1, 2, 3}, {1, 2, 3}};
  EXPECT_TRUE(SimilarityJoin(Sets(sets), 2, JoinOptions{}).empty());
  EXPECT_TRUE(SimilarityJoin(TokenSets{}, 0, JoinOptions{}).empty());
}

// Records with identical token sets are folded into one class before the join; the pairs they
// stand for are the same as comparing every pair.
TEST(SimilarityJoinTest, FoldedIdenticalRecordsGiveEveryPair) {
  auto sets = RandomSets(400, 5);
  for (size_t i = 0; i < 200; ++i) sets.push_back(sets[i % 40]);  // families of up to 6 copies
  JoinOptions options;
  options.frequent_min_records = 50;
  for (size_t linted : {sets.size(), size_t{300}}) {
    auto fast = SimilarityJoin(Sets(sets), linted, options);
    auto slow = ExhaustiveSimilarityPairs(Sets(sets), linted, options);
    EXPECT_EQ(fast, slow) << linted;
  }
  ClassedPairs classed = SimilarityJoinClasses(Sets(sets), sets.size(), options);
  EXPECT_EQ(classed.same_as[400], 0u);
  EXPECT_EQ(classed.same_as[440], 0u);
  EXPECT_EQ(ExpandClasses(classed, sets.size()),
            ExhaustiveSimilarityPairs(Sets(sets), sets.size(), options));
}

}  // namespace
}  // namespace qbank::similarity
