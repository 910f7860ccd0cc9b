// SourceText: the bytes of one input file plus a lazily built line index, so parsers can work in
// byte offsets and turn them into 1-based line:column (code points) only when they report.
#ifndef QBANK_BASE_SOURCE_TEXT_H_
#define QBANK_BASE_SOURCE_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_span.h"

namespace qbank {

// Thread-safe for reading (the line index is built once, whichever thread asks first).
class SourceText {
 public:
  SourceText(std::string path, std::string content)
      : path_(std::move(path)), content_(std::move(content)) {}

  const std::string& path() const { return path_; }
  const std::string& content() const { return content_; }

  // Line and code-point column (both 1-based) of the byte at `offset` (clamped to the end).
  SourcePosition PositionAt(size_t offset) const;
  // A span from byte `begin` to byte `end` (half-open), in `file`.
  SourceSpan SpanOf(size_t begin, size_t end, uint32_t file) const;
  // The text of 1-based line `line` without its line break; empty when out of range.
  std::string_view Line(uint32_t line) const;
  // Byte offset of the start of 1-based `line` (content size when out of range).
  size_t LineStart(uint32_t line) const;
  uint32_t LineCount() const;

  // "path:line:col: message" for the byte at `offset`.
  std::string ErrorAt(size_t offset, std::string_view message) const;

 private:
  void BuildIndex() const;
  std::string path_;
  std::string content_;
  mutable std::vector<size_t> line_starts_;  // built on first use, by one thread
  mutable std::once_flag index_once_;
};

// Counts the code points in UTF-8 `text` (continuation bytes are not counted).
size_t CountCodePoints(std::string_view text);

}  // namespace qbank

#endif  // QBANK_BASE_SOURCE_TEXT_H_
