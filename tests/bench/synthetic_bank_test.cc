// The duplicate benchmark's generator (bench/synthetic_bank.h): each kind of planted copy is found
// by the near-duplicate search at the default threshold at least as often as its floor, on a small
// seeded bank, and the search pairs no question that was not planted.
#include "bench/synthetic_bank.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "similarity/duplicate_finder.h"

namespace qbank::bench {
namespace {

struct KindRecall {
  size_t found = 0;
  size_t planted = 0;
  size_t unplanted = 0;  // near pairs that were not planted
};

// Plants only `kind` in a bank of 4,000 questions (200 copies) and runs the duplicate checks as
// near-duplicate and exact-duplicate do.
KindRecall Measure(PlantKind kind, uint64_t seed) {
  SyntheticOptions options;
  options.questions = 4000;
  options.kinds = {kind};
  options.seed = seed;
  SyntheticBank s = MakeSyntheticBank(options);
  auto features = similarity::ComputeBankFeatures({&s.bank}, 1, similarity::FeatureOptions{}, 2);
  std::set<std::pair<uint32_t, uint32_t>> found;
  for (const auto& g : similarity::FindExactDuplicates(*features)) {
    for (size_t i = 1; i < g.members.size(); ++i) found.insert({g.members[0], g.members[i]});
  }
  for (const auto& p : similarity::FindNearDuplicates(*features, similarity::JoinOptions{})) {
    found.insert({p.a, p.b});
  }
  KindRecall r;
  std::set<std::pair<uint32_t, uint32_t>> planted;
  for (const PlantedPair& p : s.planted) {
    auto pair = std::minmax(p.original, p.copy);
    planted.insert(pair);
    ++r.planted;
    r.found += found.count(pair);
  }
  for (const auto& pair : found) r.unplanted += planted.count(pair) == 0;
  return r;
}

TEST(SyntheticBankTest, PlantsOnlyTheKindsAskedFor) {
  SyntheticOptions options;
  options.questions = 2000;
  options.kinds = {PlantKind::kMixed, PlantKind::kNumeric};
  SyntheticBank s = MakeSyntheticBank(options);
  ASSERT_EQ(s.planted.size(), 100u);
  size_t mixed = 0;
  for (const PlantedPair& p : s.planted) {
    EXPECT_TRUE(p.kind == PlantKind::kMixed || p.kind == PlantKind::kNumeric);
    mixed += p.kind == PlantKind::kMixed;
    EXPECT_NE(s.bank.questions[p.original].stem.value, s.bank.questions[p.copy].stem.value);
  }
  EXPECT_EQ(mixed, 50u);
}

TEST(SyntheticBankTest, SameSeedSameBank) {
  SyntheticOptions options;
  options.questions = 500;
  options.kinds = {PlantKind::kPartialOverlap};
  SyntheticBank a = MakeSyntheticBank(options), b = MakeSyntheticBank(options);
  ASSERT_EQ(a.bank.questions.size(), b.bank.questions.size());
  for (size_t i = 0; i < a.bank.questions.size(); ++i) {
    EXPECT_EQ(a.bank.questions[i].stem.value, b.bank.questions[i].stem.value);
  }
}

TEST(SyntheticBankTest, NumericCopiesChangeNumbersOnly) {
  SyntheticOptions options;
  options.questions = 400;
  options.kinds = {PlantKind::kNumeric};
  SyntheticBank s = MakeSyntheticBank(options);
  for (const PlantedPair& p : s.planted) {
    const model::Question& q = s.bank.questions[p.original];
    // Options of a numeric problem are a number and a unit.
    for (const model::Option& o : q.options) {
      ASSERT_FALSE(o.text.value.empty());
      EXPECT_TRUE(o.text.value[0] >= '0' && o.text.value[0] <= '9') << o.text.value;
    }
  }
}

// The floors are a little under what the default threshold (60%) gives on this seed: 199, 192, 165
// and 200 of 200 (see the curve in docs/duplicates.md), so a change that loses recall on a kind
// fails here.
struct Floor {
  PlantKind kind;
  double recall;
};

class KindFloorTest : public ::testing::TestWithParam<Floor> {};

TEST_P(KindFloorTest, RecallAtTheDefaultThreshold) {
  const Floor floor = GetParam();
  KindRecall r = Measure(floor.kind, 3);
  ASSERT_EQ(r.planted, 200u);
  EXPECT_GE(static_cast<double>(r.found) / static_cast<double>(r.planted), floor.recall)
      << PlantKindName(floor.kind) << ": " << r.found << " of " << r.planted;
  EXPECT_EQ(r.unplanted, 0u) << PlantKindName(floor.kind);
}

INSTANTIATE_TEST_SUITE_P(NewKinds, KindFloorTest,
                         ::testing::Values(Floor{PlantKind::kSwap, 0.97},
                                           Floor{PlantKind::kMixed, 0.92},
                                           Floor{PlantKind::kNumeric, 0.78},
                                           Floor{PlantKind::kPartialOverlap, 0.97}),
                         [](const ::testing::TestParamInfo<Floor>& info) {
                           std::string name(PlantKindName(info.param.kind));
                           std::replace(name.begin(), name.end(), ' ', '_');
                           return name;
                         });

}  // namespace
}  // namespace qbank::bench
