// Bank-wide absences: when most questions of a file lack a field, the rules that check it report
// one finding for the file instead of one per question (a bank without explanations by design
// is one decision, not fourteen thousand defects).
#ifndef QBANK_LINT_RULES_SHARED_FILE_WIDE_H_
#define QBANK_LINT_RULES_SHARED_FILE_WIDE_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// The questions of one source file, in bank order.
struct FileQuestions {
  uint32_t file = SourceSpan::kNoFile;
  std::vector<size_t> indexes;
};

// `indexes` (ascending) grouped by QuestionFile, files in order of their first question.
std::vector<FileQuestions> GroupByFile(const model::Bank& bank, std::span<const size_t> indexes);

// The option every rule with file-wide absences takes.
inline constexpr std::string_view kFileWidePercentOption = "file-wide-percent";
inline constexpr int64_t kDefaultFileWidePercent = 80;
// A file needs at least this many questions lacking a field for the one file-wide finding; fewer
// are reported one by one (a draft file of three questions is not a bank).
inline constexpr size_t kMinFileWideQuestions = 5;

// Reads option "file-wide-percent" (1 to 100; 0 turns roll-ups off) into `*percent`.
Status ReadFileWidePercent(const model::Value& options, int64_t* percent);

// True when `absent` of `total` questions is a file-wide absence under `percent`.
bool IsFileWide(size_t absent, size_t total, int64_t percent);

// "in 14042 of 14042 questions of this file" or "in 900 of 1000 questions of this file (90%)".
std::string FileWideCount(size_t absent, size_t total);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_FILE_WIDE_H_
