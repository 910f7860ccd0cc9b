// Grouping by file and the file-wide threshold.
#include "lint/rules/shared/file_wide.h"

#include "lint/engine.h"

namespace qbank::lint {

std::vector<FileQuestions> GroupByFile(const model::Bank& bank, std::span<const size_t> indexes) {
  std::vector<FileQuestions> groups;
  std::vector<size_t> slot_of_file;  // file -> group index + 1 (0: none yet)
  size_t no_file_slot = 0;
  for (size_t index : indexes) {
    uint32_t file = QuestionFile(bank.questions[index]);
    size_t* slot = &no_file_slot;
    if (file != SourceSpan::kNoFile) {
      if (file >= slot_of_file.size()) slot_of_file.resize(file + 1, 0);
      slot = &slot_of_file[file];
    }
    if (*slot == 0) {
      groups.push_back({file, {}});
      *slot = groups.size();
    }
    groups[*slot - 1].indexes.push_back(index);
  }
  return groups;
}

Status ReadFileWidePercent(const model::Value& options, int64_t* percent) {
  return ReadIntOption(options, std::string(kFileWidePercentOption), 0, 100, percent);
}

bool IsFileWide(size_t absent, size_t total, int64_t percent) {
  if (percent <= 0 || total == 0 || absent < kMinFileWideQuestions) return false;
  return absent * 100 >= static_cast<size_t>(percent) * total;
}

std::string FileWideCount(size_t absent, size_t total) {
  std::string out =
      "in " + std::to_string(absent) + " of " + std::to_string(total) + " questions of this file";
  if (absent != total) out += " (" + std::to_string(absent * 100 / total) + "%)";
  return out;
}

}  // namespace qbank::lint
