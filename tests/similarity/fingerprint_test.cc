#include "similarity/fingerprint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace qbank::similarity {
namespace {

TEST(FingerprintTest, HashesAreStableAndDistinct) {
  EXPECT_EQ(HashToken("policy"), HashToken("policy"));
  EXPECT_NE(HashToken("policy"), HashToken("policies"));
  EXPECT_NE(CombineHash(1, 2), CombineHash(2, 1));
  EXPECT_EQ(NgramHashes({1, 2, 3}, 4).size(), 0u);
  EXPECT_EQ(NgramHashes({1, 2, 3, 4}, 2).size(), 3u);
}

// The values themselves: reference index files hold them, so they never change.
TEST(FingerprintTest, HashValuesArePinned) {
  EXPECT_EQ(HashToken("policy"), 0xa6203f6f84c9e07fULL);
  EXPECT_EQ(HashToken(""), 0xefd01f60ba992926ULL);
  EXPECT_EQ(CombineHash(1, 2), 0x501084c125028319ULL);
}

TEST(FingerprintTest, WinnowPicksRightmostMinimumPerWindow) {
  std::vector<uint64_t> h = {77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98};
  // The example of Schleimer et al. (window 4): 17 17 8 39 17 at positions 3 6 8 11 15.
  EXPECT_EQ(Winnow(h, 4), (std::vector<size_t>{3, 6, 8, 11, 15}));
  EXPECT_EQ(Winnow({5, 3, 9}, 8), (std::vector<size_t>{1}));
  EXPECT_TRUE(Winnow({}, 4).empty());
}

// Two token sequences sharing a run of window + n - 1 tokens share a selected n-gram.
TEST(FingerprintTest, WinnowingKeepsEveryLongSharedRun) {
  std::mt19937_64 rng(3);
  const size_t n = 5, window = 6;
  for (int round = 0; round < 200; ++round) {
    std::vector<uint64_t> shared(n + window - 1);
    for (uint64_t& t : shared) t = rng();
    std::vector<uint64_t> a, b;
    for (size_t i = rng() % 30; i > 0; --i) a.push_back(rng());
    for (size_t i = rng() % 30; i > 0; --i) b.push_back(rng());
    a.insert(a.end(), shared.begin(), shared.end());
    b.insert(b.end(), shared.begin(), shared.end());
    for (size_t i = rng() % 30; i > 0; --i) a.push_back(rng());
    std::vector<uint64_t> na = NgramHashes(a, n), nb = NgramHashes(b, n);
    std::vector<uint64_t> fa, fb;
    for (size_t p : Winnow(na, window)) fa.push_back(na[p]);
    for (size_t p : Winnow(nb, window)) fb.push_back(nb[p]);
    bool common = std::any_of(fa.begin(), fa.end(), [&](uint64_t h) {
      return std::find(fb.begin(), fb.end(), h) != fb.end();
    });
    ASSERT_TRUE(common) << "round " << round;
  }
}

}  // namespace
}  // namespace qbank::similarity
