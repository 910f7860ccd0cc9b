// TermAutomaton against comparing every term at every place.
#include "text/term_automaton.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "base/ascii_text.h"

namespace qbank::text {
namespace {

using Hit = std::tuple<size_t, size_t, uint32_t>;  // end, begin, id

std::vector<Hit> Scanned(const TermAutomaton& a, std::string_view text,
                         const std::vector<std::string>& terms) {
  std::vector<Hit> hits;
  a.Scan(text, [&](size_t begin, uint32_t id) {
    hits.emplace_back(begin + terms[id].size(), begin, id);
  });
  return hits;
}

// Every occurrence of every term by comparing at each place, in the order Scan promises: by end,
// then longest first (then by id, for equal terms).
std::vector<Hit> Naive(std::string_view text, const std::vector<std::string>& terms) {
  std::vector<Hit> hits;
  for (uint32_t id = 0; id < terms.size(); ++id) {
    const std::string& t = terms[id];
    for (size_t at = 0; !t.empty() && at + t.size() <= text.size(); ++at) {
      if (AsciiEqualIgnoringCase(text.substr(at, t.size()), t)) {
        hits.emplace_back(at + t.size(), at, id);
      }
    }
  }
  std::sort(hits.begin(), hits.end());
  return hits;
}

TEST(TermAutomatonTest, FindsOverlappingTermsIgnoringAsciiCase) {
  std::vector<std::string> terms = {"he", "she", "his", "hers", "VCE", "\u00e9t\u00e9"};
  TermAutomaton a;
  for (uint32_t i = 0; i < terms.size(); ++i) a.Add(terms[i], i);
  a.Build();
  std::string text = "uSHErs vce \u00e9t\u00e9 \u00c9T\u00c9";  // É is not ASCII: no match
  std::vector<Hit> hits = Scanned(a, text, terms);
  std::vector<Hit> expected = {{4, 1, 1}, {4, 2, 0}, {6, 2, 3}, {10, 7, 4}, {16, 11, 5}};
  EXPECT_EQ(hits, expected);
}

TEST(TermAutomatonTest, OfBuildsFromAList) {
  TermAutomaton a = TermAutomaton::Of({"not", "except"});
  EXPECT_TRUE(a.ContainsAny("all EXCEPT one"));
  EXPECT_TRUE(a.ContainsAny("cannot"));
  EXPECT_TRUE(a.ContainsAny("no exceptional note"));  // substrings, not words
  EXPECT_FALSE(a.ContainsAny("all of them, NO extra"));
}

TEST(TermAutomatonTest, EmptyAutomatonFindsNothing) {
  TermAutomaton a;
  a.Add("", 0);
  a.Build();
  EXPECT_TRUE(a.empty());
  size_t calls = 0;
  a.Scan("anything", [&](size_t, uint32_t) { ++calls; });
  EXPECT_EQ(calls, 0u);
}

TEST(TermAutomatonTest, SameHitsAsComparingAtEveryPlace) {
  std::mt19937 rng(7);
  const std::string alphabet = "abAB \xc3\xa9";
  std::uniform_int_distribution<size_t> letter(0, alphabet.size() - 1), term_length(1, 5),
      term_count(1, 12), text_length(0, 200);
  for (int round = 0; round < 2000; ++round) {
    std::vector<std::string> terms(term_count(rng));
    for (std::string& t : terms) {
      for (size_t i = term_length(rng); i > 0; --i) t += alphabet[letter(rng)];
    }
    std::string text;
    for (size_t i = text_length(rng); i > 0; --i) text += alphabet[letter(rng)];
    TermAutomaton a;
    for (uint32_t i = 0; i < terms.size(); ++i) a.Add(terms[i], i);
    a.Build();
    std::vector<Hit> hits = Scanned(a, text, terms);
    std::vector<Hit> expected = Naive(text, terms);
    // Scan's order within one end is longest first; compare as sets after checking the ends.
    for (size_t i = 1; i < hits.size(); ++i) {
      ASSERT_LE(std::get<0>(hits[i - 1]), std::get<0>(hits[i]));
      if (std::get<0>(hits[i - 1]) == std::get<0>(hits[i])) {
        ASSERT_LE(std::get<1>(hits[i - 1]), std::get<1>(hits[i]));
      }
    }
    std::sort(hits.begin(), hits.end());
    ASSERT_EQ(hits, expected) << "text: " << text;
    ASSERT_EQ(a.ContainsAny(text), !expected.empty()) << "text: " << text;
  }
}

}  // namespace
}  // namespace qbank::text
