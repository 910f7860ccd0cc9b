// line_diff: hunks that rebuild the second text from the first, as few changed lines as an LCS
// allows, each hunk apart from the next, and one hunk past the edit bound.
#include "base/line_diff.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace qbank {
namespace {

std::vector<std::string> Split(const std::string& text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return lines;
}

// `before` with each hunk's lines replaced by `after`'s.
std::string Apply(const std::string& before, const std::string& after,
                  const std::vector<LineHunk>& hunks) {
  std::string out;
  size_t at = 0;
  for (const LineHunk& h : hunks) {
    out += before.substr(at, h.before_begin - at);
    out += after.substr(h.after_begin, h.after_end - h.after_begin);
    at = h.before_end;
  }
  return out + before.substr(at);
}

size_t ChangedLines(const std::string& before, const std::string& after,
                    const std::vector<LineHunk>& hunks) {
  size_t n = 0;
  for (const LineHunk& h : hunks) {
    n += Split(before.substr(h.before_begin, h.before_end - h.before_begin)).size();
    n += Split(after.substr(h.after_begin, h.after_end - h.after_begin)).size();
  }
  return n;
}

size_t LcsEdits(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = a.size(); i-- > 0;) {
    for (size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  return a.size() + b.size() - 2 * lcs[0][0];
}

TEST(LineDiffTest, HunksAreTheChangedLines) {
  std::string before = "a\nb\nc\nd\ne\n", after = "a\nB\nc\nd\ne\nf";
  std::vector<LineHunk> hunks = DiffLines(before, after);
  ASSERT_EQ(hunks.size(), 2u);
  EXPECT_EQ(before.substr(hunks[0].before_begin, hunks[0].before_end - hunks[0].before_begin),
            "b\n");
  EXPECT_EQ(after.substr(hunks[0].after_begin, hunks[0].after_end - hunks[0].after_begin), "B\n");
  EXPECT_EQ(hunks[1].before_begin, before.size());  // a line added at the end
  EXPECT_EQ(after.substr(hunks[1].after_begin), "f");
  EXPECT_TRUE(DiffLines(before, before).empty());
  EXPECT_EQ(DiffLines("", "x\n").size(), 1u);
}

TEST(LineDiffTest, RandomTextsAreRebuiltWithTheFewestChangedLines) {
  std::mt19937 random(7);
  for (int round = 0; round < 400; ++round) {
    std::string before, after;
    for (int i = static_cast<int>(random() % 12); i > 0; --i)
      before += "abc"[random() % 3] + std::string("\n");
    for (int i = static_cast<int>(random() % 12); i > 0; --i)
      after += "abc"[random() % 3] + std::string("\n");
    if (random() % 2 == 0 && !after.empty()) after.pop_back();  // no line break at the end
    std::vector<LineHunk> hunks = DiffLines(before, after);
    EXPECT_EQ(Apply(before, after, hunks), after) << before << "|" << after;
    EXPECT_EQ(ChangedLines(before, after, hunks), LcsEdits(Split(before), Split(after)))
        << before << "|" << after;
    for (size_t i = 1; i < hunks.size(); ++i) {
      EXPECT_LT(hunks[i - 1].before_end, hunks[i].before_begin);
    }
  }
}

TEST(LineDiffTest, PastTheEditBoundTheMiddleIsOneHunk) {
  std::string before = "head\n", after = "head\n";
  for (int i = 0; i < 50; ++i) {
    before += "x" + std::to_string(i) + "\n";
    after += "y" + std::to_string(i) + "\n";
  }
  before += "tail\n";
  after += "tail\n";
  std::vector<LineHunk> hunks = DiffLines(before, after, 10);
  ASSERT_EQ(hunks.size(), 1u);
  EXPECT_EQ(hunks[0].before_begin, 5u);
  EXPECT_EQ(before.size() - hunks[0].before_end, 5u);
  EXPECT_EQ(Apply(before, after, hunks), after);
}

TEST(LineDiffTest, SplitLinesWithEndsKeepsEachLineBreak) {
  EXPECT_TRUE(SplitLinesWithEnds("").empty());
  EXPECT_EQ(SplitLinesWithEnds("a\r\n\nb"), (std::vector<std::string_view>{"a\r\n", "\n", "b"}));
  EXPECT_EQ(SplitLinesWithEnds("one\n"), (std::vector<std::string_view>{"one\n"}));
}

}  // namespace
}  // namespace qbank
