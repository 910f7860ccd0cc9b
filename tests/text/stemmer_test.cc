// text::Stem: Snowball stems through libstemmer.
#include "text/stemmer.h"

#include <gtest/gtest.h>

#include <thread>

namespace qbank::text {
namespace {

TEST(StemmerTest, WordsOfOneFamilyShareAStem) {
  EXPECT_EQ(Stem("protection"), "protect");
  EXPECT_EQ(Stem("protect"), "protect");
  EXPECT_EQ(Stem("protecting"), Stem("protected"));
  EXPECT_NE(Stem("protect"), Stem("project"));
}

TEST(StemmerTest, OtherLanguagesByAlgorithmName) {
  EXPECT_EQ(Stem("continuellement", "french"), Stem("continuel", "french"));
}

TEST(StemmerTest, AnUnknownAlgorithmOrAnEmptyWordGivesTheWordBack) {
  EXPECT_EQ(Stem("protection", "klingon"), "protection");
  EXPECT_EQ(Stem(""), "");
}

TEST(StemmerTest, ThreadsStemAtTheSameTime) {
  std::string a, b;
  std::thread t1([&] {
    for (int i = 0; i < 1000; ++i) a = Stem("connections");
  });
  std::thread t2([&] {
    for (int i = 0; i < 1000; ++i) b = Stem("connections");
  });
  t1.join();
  t2.join();
  EXPECT_EQ(a, "connect");
  EXPECT_EQ(b, "connect");
}

}  // namespace
}  // namespace qbank::text
