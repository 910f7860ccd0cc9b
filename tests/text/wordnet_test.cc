// text::WordNet: senses, base forms, links and opposites, on a small database written by the test
// in WordNet's own file layout, and on Debian's wordnet-base when it is installed.
#include "text/wordnet.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>

namespace qbank::text {
namespace {

// Data lines with their synset offsets left as {name}: each is replaced by its line's byte offset
// (8 digits), so pointers can name lines before or after them.
std::string DataFile(const std::vector<std::pair<std::string, std::string>>& lines,
                     std::map<std::string, size_t>* offsets) {
  std::string header = "  1 This small database is the test's own.\n";
  size_t at = header.size();
  for (const auto& [name, line] : lines) {
    (*offsets)[name] = at;
    // Every "{name}" becomes 8 digits, this file's or another's: lines are measured after that.
    std::string sized = line;
    for (size_t p = sized.find('{'); p != std::string::npos; p = sized.find('{')) {
      sized.replace(p, sized.find('}', p) - p + 1, "00000000");
    }
    at += sized.size() + 1;
  }
  std::string out = header;
  for (const auto& [name, line] : lines) {
    std::string filled = line;
    for (const auto& [n, offset] : *offsets) {
      char digits[9];
      std::snprintf(digits, sizeof digits, "%08zu", offset);
      for (size_t p = filled.find("{" + n + "}"); p != std::string::npos;
           p = filled.find("{" + n + "}")) {
        filled.replace(p, n.size() + 2, digits);
      }
    }
    out += filled + "\n";
  }
  return out;
}

class WordNetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string nouns =
        DataFile({{"pop", "{pop} 14 n 01 population 0 001 @ {grp} n 0000 | a group of organisms"},
                  {"grp", "{grp} 03 n 02 group 0 grouping 0 000 | any number of entities"},
                  {"bac", "{bac} 05 n 01 bacterium 0 000 | a single-celled organism"}},
                 &noun_);
    std::string adjectives =
        DataFile({{"bcl", "{bcl} 01 a 01 bacterial 0 001 \\ {bac} n 0101 | relating to bacteria"},
                  {"opn", "{opn} 00 a 01 open 0 001 ! {cls} a 0101 | affording passage"},
                  {"cls", "{cls} 00 a 01 closed 0 001 ! {opn} a 0101 | not open"}},
                 &adjective_);
    // The adjective data names noun offsets: fill them in from the noun file.
    for (const auto& [name, offset] : noun_) {
      char digits[9];
      std::snprintf(digits, sizeof digits, "%08zu", offset);
      for (size_t p = adjectives.find("{" + name + "}"); p != std::string::npos;
           p = adjectives.find("{" + name + "}")) {
        adjectives.replace(p, name.size() + 2, digits);
      }
    }
    auto offset = [](size_t o) {
      char digits[9];
      std::snprintf(digits, sizeof digits, "%08zu", o);
      return std::string(digits);
    };
    fs_.Add("/wn/data.noun", nouns);
    fs_.Add("/wn/data.adj", adjectives);
    fs_.Add("/wn/index.noun", "  1 licence\nbacterium n 1 0 1 0 " + offset(noun_["bac"]) +
                                  "  \ngroup n 1 0 1 0 " + offset(noun_["grp"]) +
                                  "  \npopulation n 1 1 @ 1 0 " + offset(noun_["pop"]) + "  \n");
    fs_.Add("/wn/index.adj", "bacterial a 1 1 \\ 1 0 " + offset(adjective_["bcl"]) +
                                 "  \nclosed a 1 1 ! 1 0 " + offset(adjective_["cls"]) +
                                 "  \nopen a 1 1 ! 1 0 " + offset(adjective_["opn"]) + "  \n");
    fs_.Add("/wn/noun.exc", "bacteria bacterium\n");
    for (const char* name :
         {"index.verb", "index.adv", "data.verb", "data.adv", "verb.exc", "adj.exc", "adv.exc"}) {
      fs_.Add(std::string("/wn/") + name, "");
    }
  }

  InMemoryFileSystem fs_;
  std::map<std::string, size_t> noun_, adjective_;
};

bool Has(const std::vector<SynsetId>& ids, SynsetId id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

TEST_F(WordNetTest, SensesFollowTheExceptionListsAndTheRegularEndings) {
  auto net = WordNet::Load(fs_, "/wn");
  ASSERT_TRUE(net.ok()) << net.status().ToString();
  std::vector<SynsetId> bacteria = (*net)->Senses("bacteria");
  ASSERT_EQ(bacteria.size(), 1u);
  EXPECT_EQ(bacteria, (*net)->Senses("bacterium"));
  EXPECT_EQ((*net)->Senses("groups"), (*net)->Senses("group"));
  EXPECT_TRUE((*net)->Senses("the").empty());
  EXPECT_EQ((*net)->Gloss(bacteria[0]), "a single-celled organism");
}

TEST_F(WordNetTest, NeighboursAreHypernymsAndPertainymsAndOppositesAreAntonyms) {
  auto net = WordNet::Load(fs_, "/wn");
  ASSERT_TRUE(net.ok());
  SynsetId population = (*net)->Senses("population")[0];
  SynsetId group = (*net)->Senses("group")[0];
  SynsetId bacterial = (*net)->Senses("bacterial")[0];
  EXPECT_TRUE(Has((*net)->Neighbours(population), group));
  EXPECT_TRUE(Has((*net)->Neighbours(bacterial), (*net)->Senses("bacterium")[0]));
  EXPECT_TRUE(Has((*net)->Opposites((*net)->Senses("open")[0]), (*net)->Senses("closed")[0]));
  EXPECT_TRUE((*net)->Opposites(population).empty());
}

TEST_F(WordNetTest, AMissingFileIsNamed) {
  auto net = WordNet::Load(fs_, "/elsewhere");
  ASSERT_FALSE(net.ok());
  EXPECT_NE(net.status().message().find("/elsewhere/index.noun"), std::string::npos);
  EXPECT_NE(net.status().message().find("wordnet-base"), std::string::npos);
}

TEST(WordNetInstalledTest, DebiansDatabaseKnowsTheIssuesExamples) {
  auto net = WordNet::Load(RealFileSystem(), std::string(WordNet::kDefaultDir));
  if (!net.ok()) GTEST_SKIP() << "wordnet-base is not installed: " << net.status().ToString();
  std::vector<SynsetId> cease = (*net)->Senses("cease");
  bool shared = false;
  for (SynsetId s : (*net)->Senses("stop")) shared |= Has(cease, s);
  EXPECT_TRUE(shared) << "\"stop\" and \"cease\" share a sense";
  EXPECT_FALSE((*net)->Senses("bacteria").empty());
}

}  // namespace
}  // namespace qbank::text
