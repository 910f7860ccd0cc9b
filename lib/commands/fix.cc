// Applying lint fixes to the files they came from, and showing them as a unified diff.
#include "commands/fix.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include "base/line_diff.h"
#include "lint/registry.h"

namespace qbank::commands {
namespace {

constexpr size_t kContext = 3;

void AppendLine(std::string& out, char mark, std::string_view line) {
  out += mark;
  if (!line.empty() && line.back() == '\n') {
    out.append(line);
  } else {
    out.append(line);
    out += "\n\\ No newline at end of file\n";
  }
}

// Lines [first, last] of the old text (0-based) that fixes replace as one block.
struct Block {
  size_t first = 0;
  size_t last = 0;
  std::vector<lint::Fix> fixes;
};

// The index of the line holding byte `offset`, given each line's first byte.
size_t LineOf(const std::vector<size_t>& starts, size_t offset) {
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  return it == starts.begin() ? 0 : static_cast<size_t>(it - starts.begin()) - 1;
}

// The fixes grouped into blocks of the lines they touch (blocks sharing a line are one).
std::vector<Block> BlocksOf(const std::vector<size_t>& starts,
                            const std::vector<lint::Fix>& fixes) {
  std::vector<Block> blocks;
  for (const lint::Fix& fix : fixes) {
    size_t first = LineOf(starts, fix.begin);
    size_t last = LineOf(starts, fix.end > fix.begin ? fix.end - 1 : fix.begin);
    if (!blocks.empty() && first <= blocks.back().last) {
      blocks.back().last = std::max(blocks.back().last, last);
      blocks.back().fixes.push_back(fix);
    } else {
      blocks.push_back({first, last, {fix}});
    }
  }
  return blocks;
}

// One hunk over blocks [begin, end) of `blocks`; `shift` is the new text's line count minus the
// old's before this hunk, and grows by this hunk's.
std::string Hunk(const std::vector<std::string_view>& lines, const std::vector<size_t>& starts,
                 std::string_view before, const std::vector<Block>& blocks, size_t begin,
                 size_t end, int64_t& shift) {
  size_t first = blocks[begin].first >= kContext ? blocks[begin].first - kContext : 0;
  size_t last = std::min(lines.size() - 1, blocks[end - 1].last + kContext);
  std::string body;
  size_t old_count = last - first + 1, new_count = old_count;
  size_t at = first;
  for (size_t b = begin; b < end; ++b) {
    const Block& block = blocks[b];
    for (; at < block.first; ++at) AppendLine(body, ' ', lines[at]);
    size_t from = starts[block.first];
    size_t to = block.last + 1 < starts.size() ? starts[block.last + 1] : before.size();
    std::vector<lint::Fix> local = block.fixes;
    for (lint::Fix& fix : local) {
      fix.begin -= from;
      fix.end -= from;
    }
    std::string replaced = ApplyEdits(before.substr(from, to - from), local);
    std::vector<std::string_view> added = SplitLinesWithEnds(replaced);
    for (at = block.first; at <= block.last; ++at) AppendLine(body, '-', lines[at]);
    for (std::string_view line : added) AppendLine(body, '+', line);
    new_count = new_count - (block.last - block.first + 1) + added.size();
  }
  for (; at <= last; ++at) AppendLine(body, ' ', lines[at]);
  int64_t new_first = static_cast<int64_t>(first) + 1 + shift;
  shift += static_cast<int64_t>(new_count) - static_cast<int64_t>(old_count);
  return "@@ -" + std::to_string(first + 1) + "," + std::to_string(old_count) + " +" +
         std::to_string(new_first) + "," + std::to_string(new_count) + " @@\n" + body;
}

}  // namespace

std::string ApplyEdits(std::string_view content, const std::vector<lint::Fix>& fixes) {
  std::string out(content);
  for (auto it = fixes.rbegin(); it != fixes.rend(); ++it) {
    out.replace(it->begin, it->end - it->begin, it->replacement);
  }
  return out;
}

std::string UnifiedDiff(const std::string& path, std::string_view before, std::string_view after,
                        const std::vector<lint::Fix>& fixes) {
  if (before == after || fixes.empty()) return "";
  std::vector<std::string_view> lines = SplitLinesWithEnds(before);
  if (lines.empty()) lines.emplace_back();
  std::vector<size_t> starts;
  for (size_t i = 0, offset = 0; i < lines.size(); offset += lines[i].size(), ++i) {
    starts.push_back(offset);
  }
  std::vector<Block> blocks = BlocksOf(starts, fixes);
  std::string out = "--- " + path + "\n+++ " + path + "\n";
  int64_t shift = 0;
  for (size_t begin = 0; begin < blocks.size();) {
    size_t end = begin + 1;
    while (end < blocks.size() && blocks[end].first <= blocks[end - 1].last + 2 * kContext + 1) {
      ++end;
    }
    out += Hunk(lines, starts, before, blocks, begin, end, shift);
    begin = end;
  }
  return out;
}

Result<FixOutcome> ApplyFixes(const model::Bank& bank, const std::vector<lint::Finding>& findings,
                              FileSystem& fs, bool dry_run) {
  FixOutcome outcome;
  std::map<uint32_t, std::vector<lint::Fix>> by_file;
  for (const lint::Finding& finding : findings) {
    if (finding.fix) {
      by_file[finding.fix->file].push_back(*finding.fix);
      continue;
    }
    const lint::Rule* rule = lint::RuleRegistry::Default().Find(finding.rule_id);
    if (rule != nullptr && rule->can_fix()) ++outcome.manual;
  }
  for (auto& [file, fixes] : by_file) {
    if (file >= bank.sources.size() || bank.sources[file] == nullptr) continue;
    const SourceText& source = *bank.sources[file];
    Result<std::string> on_disk = fs.ReadFile(source.path());
    // The text may start after a byte-order mark the reader dropped: the fixes go after it.
    size_t lead = source.file_offset();
    if (!on_disk.ok() || on_disk.value().size() < lead ||
        on_disk.value().compare(lead, std::string::npos, source.content()) != 0) {
      outcome.notes.push_back(source.path() +
                              ": not fixed: its bytes are not the text that was linted (changed "
                              "since, another encoding, inside an archive or standard input)");
      continue;
    }
    for (lint::Fix& fix : fixes) {
      fix.begin += lead;
      fix.end += lead;
    }
    std::stable_sort(fixes.begin(), fixes.end(), [](const lint::Fix& a, const lint::Fix& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    // The first of overlapping fixes wins; the others are found again by the next run.
    std::vector<lint::Fix> kept;
    for (lint::Fix& fix : fixes) {
      if (!kept.empty() && fix.begin < kept.back().end) continue;
      if (!kept.empty() && fix.begin == kept.back().begin && fix.end == fix.begin) continue;
      kept.push_back(std::move(fix));
    }
    std::string after = ApplyEdits(on_disk.value(), kept);
    if (after == on_disk.value()) continue;
    if (dry_run) {
      outcome.diff += UnifiedDiff(source.path(), on_disk.value(), after, kept);
    } else if (Status written = fs.WriteFileAtomic(source.path(), after); !written.ok()) {
      return written;
    }
    outcome.findings_fixed += kept.size();
    ++outcome.files_fixed;
  }
  return outcome;
}

}  // namespace qbank::commands
