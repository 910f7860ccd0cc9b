// text::Pattern: RE2 behind one door; linear on patterns that backtrack without end in std::regex.
#include "text/pattern.h"

#include <gtest/gtest.h>

#include <string>

namespace qbank::text {
namespace {

TEST(PatternTest, FullMatchGivesTheFirstGroup) {
  Result<Pattern> p = Pattern::Compile("^(.+)-v[0-9]+$");
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  std::string family;
  EXPECT_TRUE(p->FullMatch("orchard-v2", &family));
  EXPECT_EQ(family, "orchard");
  EXPECT_FALSE(p->FullMatch("orchard", &family));
  EXPECT_TRUE(p->PartialMatch("x orchard-v2"));
  EXPECT_EQ(p->GroupCount(), 1);
  Result<Pattern> none = Pattern::Compile("[a-z]+");
  ASSERT_TRUE(none.ok());
  family = "stale";
  EXPECT_TRUE(none->FullMatch("abc", &family));
  EXPECT_EQ(family, "");
  EXPECT_FALSE(none->FullMatch("abc1"));
}

TEST(PatternTest, NestedRepetitionOnLongTextIsLinear) {
  // std::regex backtracked without end on the first and overflowed the stack on the others.
  Result<Pattern> nested = Pattern::Compile("^(a+)+$");
  ASSERT_TRUE(nested.ok());
  EXPECT_FALSE(nested->FullMatch(std::string(100000, 'a') + "!"));
  Result<Pattern> alternation = Pattern::Compile("^(a|b)*$");
  ASSERT_TRUE(alternation.ok());
  std::string ab(1000000, 'a');
  for (size_t i = 0; i < ab.size(); i += 3) ab[i] = 'b';
  std::string last;
  EXPECT_TRUE(alternation->FullMatch(ab, &last));
  EXPECT_EQ(last, "b");  // the last character, 999,999 = 3 * 333,333
}

TEST(PatternTest, WhatRe2CannotRunIsAClearError) {
  Result<Pattern> backreference = Pattern::Compile("^(a)\\1$");
  ASSERT_FALSE(backreference.ok());
  EXPECT_EQ(backreference.status().ToString(),
            "not a regular expression RE2 can run (invalid escape sequence: \\1; backreferences "
            "(\\1) and lookaround ((?=...), (?!...), (?<=...)) are not supported)");
  Result<Pattern> lookahead = Pattern::Compile("a(?=b)");
  ASSERT_FALSE(lookahead.ok());
  EXPECT_NE(lookahead.status().ToString().find("lookaround"), std::string::npos)
      << lookahead.status().ToString();
  EXPECT_FALSE(Pattern::Compile("(unclosed").ok());
}

}  // namespace
}  // namespace qbank::text
