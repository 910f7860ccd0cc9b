#include "similarity/duplicate_finder.h"

#include <gtest/gtest.h>

#include <utility>

namespace qbank::similarity {
namespace {

model::Question Q(std::string stem, std::vector<std::string> options, size_t key = 0,
                  std::string explanation = "") {
  model::Question q;
  q.stem = std::move(stem);
  for (size_t i = 0; i < options.size(); ++i) {
    model::Option o;
    o.text = options[i];
    o.correct = i == key;
    q.options.push_back(o);
  }
  q.explanation = std::move(explanation);
  return q;
}

// A small bank written for these tests: unrelated questions plus planted copies.
model::Bank TestBank() {
  model::Bank bank;
  auto& qs = bank.questions;
  qs.push_back(Q("Which layer of a greenhouse wall keeps the night frost away from the seedlings?",
                 {"The double glazing", "The gravel floor", "The rain gutter", "The vent flap"}));
  qs.push_back(
      Q("A baker notices bread collapsing after the second proof. What is the most likely "
        "cause in a warm kitchen?",
        {"Over-proofing the dough", "Too little salt", "A cold oven stone", "Using bread flour"}));
  qs.push_back(Q("Which tool does a cartographer use to measure distances along a winding river?",
                 {"An opisometer", "A theodolite", "A sextant", "A hygrometer"}));
  // 3: exact copy of 0 with formatting changes and shuffled options, same key.
  qs.push_back(Q("WHICH layer of a   greenhouse wall keeps the night frost away from the seedlings",
                 {"The gravel floor", "the double glazing.", "The vent flap", "The rain gutter"},
                 1));
  // 4: exact copy of 2 with a different key.
  qs.push_back(Q("Which tool does a cartographer use to measure distances along a winding river?",
                 {"An opisometer", "A theodolite", "A sextant", "A hygrometer"}, 2));
  // 5: a near copy of 1: reworded with two words changed, options reordered.
  qs.push_back(Q(
      "A baker sees bread collapsing after the second proof. What is the most probable "
      "cause in a warm kitchen?",
      {"Too little salt", "Over-proofing the dough", "Using bread flour", "A cold oven stone"}, 1));
  // 6: the option set of 2 under a new stem.
  qs.push_back(
      Q("An explorer wants to know how long a coastline is on an old paper chart. What "
        "should she pack?",
        {"A sextant", "An opisometer", "A hygrometer", "A theodolite"}));
  // 7, 8: stock options under different stems are not an option-set copy.
  qs.push_back(Q("Is frost heave caused by freezing water in soil?", {"True", "False"}));
  qs.push_back(Q("Does a sextant measure angles?", {"True", "False"}));
  return bank;
}

TEST(DuplicateFinderTest, GroupsExactDuplicatesAndFlagsDisagreeingKeys) {
  model::Bank bank = TestBank();
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 1);
  auto groups = FindExactDuplicates(*f);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{0, 3}));
  EXPECT_FALSE(groups[0].keys_disagree);
  EXPECT_EQ(groups[1].members, (std::vector<uint32_t>{2, 4}));
  EXPECT_TRUE(groups[1].keys_disagree);
}

TEST(DuplicateFinderTest, FindsNearDuplicatesWithTheirDifferingWords) {
  model::Bank bank = TestBank();
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 2);
  JoinOptions options;
  options.threshold = 0.7;
  auto pairs = FindNearDuplicates(*f, options);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].a, 1u);
  EXPECT_EQ(pairs[0].b, 5u);
  EXPECT_GT(pairs[0].similarity, 0.8);
  EXPECT_LT(pairs[0].similarity, 1.0);
  WordDifference d = DifferingWords(bank.questions[1], bank.questions[5], 5);
  EXPECT_EQ(d.only_in_a, (std::vector<std::string>{"notices", "likely"}));
  EXPECT_EQ(d.only_in_b, (std::vector<std::string>{"sees", "probable"}));
}

// The features pass makes the near-duplicate tokens too; they are the ones AppendQuestionTokens
// makes, and a second search (after the first took them) finds the same pairs.
TEST(DuplicateFinderTest, TokensMadeWithTheFeaturesAreTheQuestionsTokens) {
  model::Bank bank = TestBank();
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 2);
  TokenSets expected;
  for (const model::Question& q : bank.questions) {
    std::vector<uint32_t> tokens;
    AppendQuestionTokens(q, &tokens);
    expected.Add(tokens.data(), tokens.size());
  }
  ASSERT_TRUE(f->tokens.has_value());
  EXPECT_EQ(f->tokens->data, expected.data);
  EXPECT_EQ(f->tokens->offsets, expected.offsets);
  auto first = FindNearDuplicates(*f, JoinOptions{});
  EXPECT_FALSE(f->tokens.has_value());
  EXPECT_EQ(FindNearDuplicates(*f, JoinOptions{}), first);
}

TEST(DuplicateFinderTest, FindsOptionSetsUnderNewStemsButNotStockOptions) {
  model::Bank bank = TestBank();
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 1);
  auto groups = FindSharedOptionSets(*f, 10);
  ASSERT_EQ(groups.size(), 1u);
  // 2 and 4 share a stem (an exact duplicate): only the first stays, with 6.
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{2, 6}));
  EXPECT_TRUE(FindSharedOptionSets(*f, 1).empty());  // over the cap: a convention
}

TEST(DuplicateFinderTest, FindsExplanationsReusedAcrossQuestions) {
  model::Bank bank;
  std::string shared =
      "Review the chapter on soil chemistry before attempting questions like this.";
  for (int i = 0; i < 4; ++i) {
    bank.questions.push_back(
        Q("Question number " + std::to_string(i) + " about compost heaps?",
          {"a" + std::to_string(i), "b", "c", "d"}, 0,
          i == 3 ? "A different and long enough explanation of the answer." : shared));
  }
  bank.questions[1].options[2].rationale = std::string("Too short.");
  bank.questions[0].options[1].rationale = std::string("too  SHORT");
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 1);
  auto groups = FindReusedExplanations(*f, 3, 8);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].questions, 3u);
  EXPECT_EQ(groups[0].members.size(), 3u);
  EXPECT_EQ(groups[0].members[0], (std::pair<uint32_t, int32_t>{0, -1}));
  EXPECT_TRUE(FindReusedExplanations(*f, 4, 8).empty());
  EXPECT_EQ(FindReusedExplanations(*f, 2, 1).size(), 2u);  // the short rationale now counts
}

TEST(DuplicateFinderTest, ComparesAgainstOtherBanksWithoutCheckingThem) {
  model::Bank mine = TestBank();
  mine.questions.resize(3);  // only the three originals
  model::Bank other = TestBank();
  auto f = ComputeBankFeatures({&mine, &other}, 1, FeatureOptions{}, 2);
  auto groups = FindExactDuplicates(*f);
  // Each of mine's three questions has copies in the other bank; the other bank's own copies of
  // one another (3 of 0, 4 of 2) are only reported through mine.
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{0, 3, 6}));
  EXPECT_EQ(groups[2].members, (std::vector<uint32_t>{2, 5, 7}));
  for (const auto& p : FindNearDuplicates(*f, JoinOptions{})) EXPECT_LT(p.a, 3u);
}

// Explanations of the checked bank are compared with those of the banks compared against, as
// fields of their own: a copy under a new stem is found, reworded copies down to the threshold,
// and neither two checked texts nor two other texts make an entry.
TEST(DuplicateFinderTest, FindsExplanationsCopiedFromOtherBanks) {
  const std::string dump_text =
      "A harbour crane is rated for its heaviest lift at the shortest reach, so the load chart "
      "falls quickly as the jib goes out; the signaller checks the chart for the radius of every "
      "lift and stops the lift when the load is close to the line.";
  model::Bank other;
  other.questions.push_back(Q("Which chart does the signaller read before each lift?",
                              {"The load chart", "The tide table", "The berth plan"}, 0,
                              dump_text));
  other.questions.push_back(Q("Unrelated?", {"x", "y"}, 0,
                              "The tide table gives the height of water at the quay for each "
                              "hour of the day and each day of the month."));
  // Two of the other bank's texts alike: never an entry.
  other.questions.push_back(Q("Unrelated too?", {"x", "y"}, 0, dump_text));
  model::Bank mine;
  mine.questions.push_back(Q("What limits the lift of a crane at long reach?",
                             {"Its load chart", "Its paint", "Its cab"}, 0, dump_text));
  mine.questions.push_back(Q("Which record keeps the crane safe?", {"a", "b", "c"}, 0,
                             "Something else entirely, written for this question by its author "
                             "about the weather."));
  // A reworded copy in a rationale: two words changed.
  mine.questions.push_back(Q("Which document?", {"a", "b", "c"}, 0));
  std::string reworded = dump_text;
  reworded.replace(reworded.find("heaviest"), 8, "largest");
  reworded.replace(reworded.find("signaller"), 9, "banksman");
  mine.questions[2].options[1].rationale = reworded;
  // Two checked texts alike: FindReusedExplanations' business, not an entry here.
  mine.questions.push_back(Q("Again?", {"a", "b"}, 0, mine.questions[1].explanation.value));
  auto f = ComputeBankFeatures({&mine, &other}, 1, FeatureOptions{}, 1);
  JoinOptions join;
  join.threshold = 0.7;
  std::vector<CopiedExplanation> copies = FindCopiedExplanations(*f, join, 8);
  ASSERT_EQ(copies.size(), 2u);
  EXPECT_EQ(copies[0].record, 0u);
  EXPECT_EQ(copies[0].option, -1);
  EXPECT_EQ(copies[0].other, 4u);  // the first of the two equal texts of the other bank
  EXPECT_EQ(copies[0].other_option, -1);
  EXPECT_DOUBLE_EQ(copies[0].similarity, 1.0);
  EXPECT_EQ(copies[1].record, 2u);
  EXPECT_EQ(copies[1].option, 1);
  EXPECT_EQ(copies[1].other, 4u);
  EXPECT_GT(copies[1].similarity, 0.7);
  EXPECT_LT(copies[1].similarity, 1.0);
  // Above the reworded copy's similarity only the verbatim one is left.
  join.threshold = 0.95;
  EXPECT_EQ(FindCopiedExplanations(*f, join, 8).size(), 1u);
  // Texts shorter than min_words take no part; without another bank there is nothing to compare.
  EXPECT_TRUE(FindCopiedExplanations(*f, join, 100).empty());
  auto alone = ComputeBankFeatures({&mine}, 1, FeatureOptions{}, 1);
  EXPECT_TRUE(FindCopiedExplanations(*alone, join, 8).empty());
}

TEST(DuplicateFinderTest, LongestSharedRunIsTheLongestRunInOrder) {
  text::TextKey a = text::MakeTextKey("The pilot boards the vessel at the outer buoy before dawn.");
  text::TextKey b = text::MakeTextKey("Before dawn the PILOT boards the vessel at the outer gate.");
  SharedRun run = LongestSharedRun(a, b);
  EXPECT_EQ(run.words, 8u);  // "the pilot boards the vessel at the outer"
  EXPECT_EQ(run.a_first, 0u);
  EXPECT_EQ(run.b_first, 2u);
  EXPECT_EQ(LongestSharedRun(a, text::MakeTextKey("nothing in common")).words, 0u);
  EXPECT_EQ(LongestSharedRun(a, text::MakeTextKey("")).words, 0u);
}

TEST(DuplicateFinderTest, LookAlikeAndInvisibleCopiesAreExactDuplicates) {
  model::Bank bank;
  bank.questions.push_back(Q("Which gas do plants take in for photosynthesis during daylight?",
                             {"Carbon dioxide", "Oxygen", "Nitrogen", "Helium"}));
  // Cyrillic о and а, a zero width space and a soft hyphen.
  bank.questions.push_back(
      Q("Which g\u0430s do plants t\u0430ke in for ph\u043Etosyn\u200Bthesis "
        "during day\u00ADlight?",
        {"C\u0430rbon dioxide", "Oxygen", "Nitrogen", "Helium"}));
  auto f = ComputeBankFeatures({&bank}, 1, FeatureOptions{}, 1);
  auto groups = FindExactDuplicates(*f);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{0, 1}));
}

// Near duplicates come as groups: a star around the member similar to all others; a chain is cut
// so that every member is similar to its group's centre, and a record left over keeps a pair.
TEST(NearGroupsTest, ChainsAreSplitSoEveryMemberIsNearTheCentre) {
  // 0-1, 1-2, 2-3, 3-4: a chain of five; 5 and 6 one class (identical tokens), 6 near 7.
  ClassedPairs joined;
  joined.same_as = {0, 1, 2, 3, 4, 5, 5, 7};
  joined.pairs = {{0, 1, 0.8}, {1, 2, 0.8}, {2, 3, 0.8}, {3, 4, 0.8}, {5, 7, 0.75}};
  std::vector<uint32_t> first = {0, 1, 2, 3, 4, 5, 6, 7};
  auto groups = GroupSimilarPairs(joined, first, 8);
  ASSERT_EQ(groups.size(), 3u);
  for (const NearGroup& g : groups) {
    for (size_t i = 0; i < g.members.size(); ++i) {
      EXPECT_GE(g.similarity[i], 0.75) << "member " << g.members[i] << " centre " << g.centre;
    }
  }
  // By falling degree, ties to the earliest: 1 takes 0 and 2; 3 takes 4 (the pair 2-3 is cut);
  // 5's class (5 and 6, similarity 1) takes 7.
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(groups[0].centre, 1u);
  EXPECT_EQ(groups[1].members, (std::vector<uint32_t>{3, 4}));
  EXPECT_EQ(groups.back().members, (std::vector<uint32_t>{5, 6, 7}));
  EXPECT_EQ(groups.back().similarity, (std::vector<double>{1.0, 1.0, 0.75}));
}

TEST(NearGroupsTest, LaterExactCopiesAndOtherBanksOnlyStayOut) {
  ClassedPairs joined;
  joined.same_as = {0, 0, 2, 3, 3};
  joined.pairs = {{0, 2, 0.9}};
  // 1 is an exact copy of 0 (exact-duplicate's finding); 3 and 4 are both in another bank.
  auto groups = GroupSimilarPairs(joined, {0, 0, 2, 3, 4}, 3);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].members, (std::vector<uint32_t>{0, 2}));
}

}  // namespace
}  // namespace qbank::similarity

namespace qbank::similarity {
namespace {

// SameStemWording over two stems (options play no part).
bool SameWording(const std::string& a, const std::string& b) {
  static const WordSet kFunctionWords = {"a",  "an", "the", "that", "was",   "is",
                                         "in", "of", "to",  "its",  "during"};
  model::Question qa, qb;
  qa.stem = a;
  qb.stem = b;
  return SameStemWording(KeyQuestionText(qa), KeyQuestionText(qb), kFunctionWords);
}

TEST(SameStemWordingTest, FunctionWordsAndEndingsDoNotChangeTheQuestion) {
  EXPECT_TRUE(SameWording("What made up most of the bread thrown away in the first month?",
                          "What made up most of the bread that was thrown away during the "
                          "first month?"));
  EXPECT_TRUE(SameWording("A step-up transformer in an electric circuit can step up",
                          "A step-up transformer in an electrical circuit can step up"));
  EXPECT_TRUE(SameWording("A principal source of the Earth's internal energy is",
                          "The principal source of Earth's internal energy is"));
}

TEST(SameStemWordingTest, APartMovedBeforeTheRestIsTheSameQuestion) {
  EXPECT_TRUE(SameWording("Read this. Which item was borrowed most often in the first year?",
                          "Read this. In the first year, which item was borrowed most often?"));
}

TEST(SameStemWordingTest, ChangedContentWordsNumbersOrRolesAreAnotherQuestion) {
  EXPECT_FALSE(SameWording("As more lamps are connected in a series circuit the current",
                           "As more lamps are connected in parallel in a circuit the current"));
  EXPECT_FALSE(SameWording("What was GDP per capita in 1850?", "What was GDP per capita in 1950?"));
  EXPECT_FALSE(SameWording("Which item was borrowed most often?",
                           "Which item was borrowed second most often?"));
  EXPECT_FALSE(SameWording("Which statement is true?", "Which statement is not true?"));
  // The same words with two of them exchanged ask the reverse.
  EXPECT_FALSE(
      SameWording("When an increase in speed doubles the kinetic energy of a moving "
                  "body its momentum",
                  "When an increase in speed doubles the momentum of a moving body its "
                  "kinetic energy"));
  // An ending is added to a word of four letters or more, never to a number.
  EXPECT_FALSE(
      SameWording("Find the order of the group Z_12", "Find the order of the group Z_124"));
  EXPECT_FALSE(SameWording("the", "a"));  // no content word at all
}

}  // namespace
}  // namespace qbank::similarity
