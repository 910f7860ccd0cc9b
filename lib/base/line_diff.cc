// Myers' greedy O((N+M)D) algorithm over lines, after the common first and last lines are set
// aside; the trace of each round is kept to walk the script back.
#include "base/line_diff.h"

#include <algorithm>
#include <cstdint>

namespace qbank {
namespace {

// The lines of `text`, each with its '\n', and where each starts (then the text's size).
struct Lines {
  std::vector<std::string_view> text;
  std::vector<size_t> start;
};

Lines SplitLines(std::string_view text) {
  Lines lines;
  lines.text = SplitLinesWithEnds(text);
  size_t at = 0;
  for (std::string_view line : lines.text) {
    lines.start.push_back(at);
    at += line.size();
  }
  lines.start.push_back(text.size());
  return lines;
}

// For each line of a's [a0, a1), whether it is kept (matched with a line of b's [b0, b1)), and
// likewise for b; false when the edit script is longer than `max_edits`.
bool MatchLines(const Lines& a, size_t a0, size_t a1, const Lines& b, size_t b0, size_t b1,
                size_t max_edits, std::vector<bool>& a_kept, std::vector<bool>& b_kept) {
  const int64_t n = static_cast<int64_t>(a1 - a0), m = static_cast<int64_t>(b1 - b0);
  const int64_t max_d = std::min<int64_t>(n + m, static_cast<int64_t>(max_edits));
  const int64_t offset = max_d + 1;
  std::vector<int64_t> v(static_cast<size_t>(2 * max_d + 3), 0);
  std::vector<std::vector<int64_t>> trace;  // v[-d..d] before round d
  auto same = [&](int64_t x, int64_t y) {
    return a.text[a0 + static_cast<size_t>(x)] == b.text[b0 + static_cast<size_t>(y)];
  };
  for (int64_t d = 0; d <= max_d; ++d) {
    trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
    for (int64_t k = -d; k <= d; k += 2) {
      size_t i = static_cast<size_t>(offset + k);
      int64_t x = (k == -d || (k != d && v[i - 1] < v[i + 1])) ? v[i + 1] : v[i - 1] + 1;
      int64_t y = x - k;
      while (x < n && y < m && same(x, y)) ++x, ++y;
      v[i] = x;
      if (x < n || y < m) continue;
      // Walk back: each round made one edit, then a diagonal run of kept lines.
      for (int64_t back = d; back > 0; --back) {
        const std::vector<int64_t>& before = trace[static_cast<size_t>(back)];
        auto v_before = [&](int64_t kk) { return before[static_cast<size_t>(kk + back)]; };
        bool down = k == -back || (k != back && v_before(k - 1) < v_before(k + 1));
        int64_t prev_k = down ? k + 1 : k - 1;
        int64_t prev_x = v_before(prev_k), prev_y = prev_x - prev_k;
        for (; x > prev_x && y > prev_y; --x, --y) {
          a_kept[static_cast<size_t>(x - 1)] = b_kept[static_cast<size_t>(y - 1)] = true;
        }
        x = prev_x, y = prev_y, k = prev_k;
      }
      for (; x > 0 && y > 0; --x, --y) {
        a_kept[static_cast<size_t>(x - 1)] = b_kept[static_cast<size_t>(y - 1)] = true;
      }
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::string_view> SplitLinesWithEnds(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return lines;
}

std::vector<LineHunk> DiffLines(std::string_view before, std::string_view after, size_t max_edits) {
  Lines a = SplitLines(before), b = SplitLines(after);
  size_t na = a.text.size(), nb = b.text.size();
  size_t head = 0;
  while (head < na && head < nb && a.text[head] == b.text[head]) ++head;
  size_t tail = 0;
  while (tail < na - head && tail < nb - head && a.text[na - 1 - tail] == b.text[nb - 1 - tail]) {
    ++tail;
  }
  size_t a1 = na - tail, b1 = nb - tail;
  std::vector<bool> a_kept(a1 - head, false), b_kept(b1 - head, false);
  if (!MatchLines(a, head, a1, b, head, b1, max_edits, a_kept, b_kept)) {
    a_kept.assign(a_kept.size(), false);
    b_kept.assign(b_kept.size(), false);
  }
  // Runs of lines not kept, on both sides between the same two kept lines, are one hunk.
  std::vector<LineHunk> hunks;
  size_t i = 0, j = 0;
  while (i < a_kept.size() || j < b_kept.size()) {
    if (i < a_kept.size() && j < b_kept.size() && a_kept[i] && b_kept[j]) {
      ++i, ++j;
      continue;
    }
    size_t i0 = i, j0 = j;
    while (i < a_kept.size() && !a_kept[i]) ++i;
    while (j < b_kept.size() && !b_kept[j]) ++j;
    hunks.push_back({a.start[head + i0], a.start[head + i], b.start[head + j0], b.start[head + j]});
  }
  return hunks;
}

}  // namespace qbank
