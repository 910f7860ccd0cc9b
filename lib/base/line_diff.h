// The lines in which two texts differ, as hunks of whole lines (Myers' shortest edit script over
// lines): what a rule that compares a file with another form of it reports, one place per hunk.
#ifndef QBANK_BASE_LINE_DIFF_H_
#define QBANK_BASE_LINE_DIFF_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace qbank {

// Bytes [before_begin, before_end) of the first text, whole lines, are bytes [after_begin,
// after_end) of the second (either range may be empty: lines added or dropped).
struct LineHunk {
  size_t before_begin = 0;
  size_t before_end = 0;
  size_t after_begin = 0;
  size_t after_end = 0;
};

// The lines of `text`, each with its '\n' (the last one may have none); none for "".
std::vector<std::string_view> SplitLinesWithEnds(std::string_view text);

// The hunks that make `after` from `before`, in order, none touching another (at least one equal
// line between two hunks). A line is its bytes up to and including '\n' (the last one may have
// none). The script is a shortest one while the two texts differ in at most `max_edits` lines
// (after their common first and last lines); beyond that, the lines between those are one hunk,
// so the cost stays bounded (time and memory grow with max_edits squared, not the file's length).
std::vector<LineHunk> DiffLines(std::string_view before, std::string_view after,
                                size_t max_edits = 2000);

}  // namespace qbank

#endif  // QBANK_BASE_LINE_DIFF_H_
