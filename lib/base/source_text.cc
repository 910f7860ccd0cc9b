// Line index and offset-to-position conversion for input files.
#include "base/source_text.h"

#include <algorithm>

namespace qbank {

size_t CountCodePoints(std::string_view text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

void SourceText::BuildIndex() const {
  std::call_once(index_once_, [this] {
    line_starts_.push_back(0);
    for (size_t i = 0; i < content_.size(); ++i) {
      if (content_[i] == '\n') line_starts_.push_back(i + 1);
    }
  });
}

uint32_t SourceText::LineCount() const {
  BuildIndex();
  return static_cast<uint32_t>(line_starts_.size());
}

SourcePosition SourceText::PositionAt(size_t offset) const {
  BuildIndex();
  offset = std::min(offset, content_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  size_t line_index = static_cast<size_t>(it - line_starts_.begin()) - 1;
  size_t start = line_starts_[line_index];
  SourcePosition pos;
  pos.line = static_cast<uint32_t>(line_index + 1);
  pos.column = static_cast<uint32_t>(
      CountCodePoints(std::string_view(content_).substr(start, offset - start)) + 1);
  return pos;
}

SourceSpan SourceText::SpanOf(size_t begin, size_t end, uint32_t file) const {
  SourcePosition b = PositionAt(begin);
  SourcePosition e = PositionAt(std::max(begin, end));
  SourceSpan span;
  span.file = file;
  span.line = b.line;
  span.column = b.column;
  span.end_line = e.line;
  span.end_column = e.column;
  return span;
}

size_t SourceText::LineStart(uint32_t line) const {
  BuildIndex();
  if (line == 0 || line > line_starts_.size()) return content_.size();
  return line_starts_[line - 1];
}

std::string_view SourceText::Line(uint32_t line) const {
  BuildIndex();
  if (line == 0 || line > line_starts_.size()) return {};
  size_t start = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : content_.size();
  std::string_view text = std::string_view(content_).substr(start, end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

std::string SourceText::ErrorAt(size_t offset, std::string_view message) const {
  SourcePosition pos = PositionAt(offset);
  return FormatLocation(path_, pos.line, pos.column) + ": " + std::string(message);
}

}  // namespace qbank
