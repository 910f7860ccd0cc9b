#include "base/suggest.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

TEST(EditDistanceTest, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(EditDistance("", ""), 0u);
  EXPECT_EQ(EditDistance("lint", ""), 4u);
  EXPECT_EQ(EditDistance("", "lint"), 4u);
  EXPECT_EQ(EditDistance("lint", "lint"), 0u);
  EXPECT_EQ(EditDistance("lnt", "lint"), 1u);    // insertion
  EXPECT_EQ(EditDistance("linnt", "lint"), 1u);  // deletion
  EXPECT_EQ(EditDistance("lent", "lint"), 1u);   // substitution
  EXPECT_EQ(EditDistance("litn", "lint"), 1u);   // adjacent swap, not two substitutions
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(EditDistance("LINT", "lint"), 0u);  // case is ignored
  EXPECT_EQ(EditDistance("ca", "abc"), 3u);     // optimal string alignment, not full DL (2)
}

TEST(SuggestTest, NearestWithinTheLimit) {
  std::vector<std::string> commands = {"import", "export", "convert", "fmt", "lint", "rules"};
  EXPECT_EQ(Suggest("lnit", commands), "lint");
  EXPECT_EQ(Suggest("convret", commands), "convert");
  EXPECT_EQ(Suggest("imprt", commands), "import");
  EXPECT_EQ(Suggest("Lint", commands), "lint");
  EXPECT_EQ(Suggest("frobnicate", commands), std::nullopt);
  // A name of three characters or fewer may be off by one only.
  EXPECT_EQ(Suggest("fmx", commands), "fmt");
  EXPECT_EQ(Suggest("fxx", commands), std::nullopt);
  EXPECT_EQ(Suggest("", commands), std::nullopt);
}

TEST(SuggestTest, TieGoesToTheEarliestName) {
  EXPECT_EQ(Suggest("port", {"sort", "part"}), "sort");
  EXPECT_EQ(Suggest("port", {"part", "sort"}), "part");
}

TEST(SuggestTest, UniquePrefix) {
  std::vector<std::string> rules = {"missing-rationale", "missing-answer", "option-count"};
  EXPECT_EQ(Suggest("option", rules), "option-count");
  EXPECT_EQ(Suggest("OPTION", rules), "option-count");  // case is ignored here too
  EXPECT_EQ(Suggest("missing", rules), std::nullopt);   // two names begin so
  EXPECT_EQ(Suggest("op", rules), std::nullopt);        // too short to be a prefix guess
}

TEST(SuggestTest, DidYouMeanWording) {
  std::vector<std::string> options = {"format", "from", "quiet"};
  EXPECT_EQ(DidYouMean("quite", options, "--"), "; did you mean '--quiet'?");
  EXPECT_EQ(DidYouMean("zzzzzz", options, "--"), "");
}

}  // namespace
}  // namespace qbank
