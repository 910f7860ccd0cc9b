// SourceText: the bytes of one input file plus a lazily built line index, so parsers can work in
// byte offsets and turn them into 1-based line:column (code points) only when they report.
#ifndef QBANK_BASE_SOURCE_TEXT_H_
#define QBANK_BASE_SOURCE_TEXT_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_span.h"
#include "base/status.h"

namespace qbank {

// Thread-safe for reading (the line index is built once, whichever thread asks first).
class SourceText {
 public:
  // `file_offset`: the byte of the file at `path` where `content` begins (see file_offset()).
  // `unit`: what a line of `content` is; kParagraph for the text a document reader makes of a
  // file that is not text (one paragraph a line), whose spans then name paragraphs.
  SourceText(std::string path, std::string content, size_t file_offset = 0,
             SourceSpan::Unit unit = SourceSpan::Unit::kLine)
      : path_(std::move(path)),
        content_(std::move(content)),
        file_offset_(file_offset),
        unit_(unit) {}

  const std::string& path() const { return path_; }
  // Where content() stands in the file at path(): from this byte on. 3 when the reader dropped a
  // UTF-8 byte-order mark before the text (formats::DecodeSource), else 0. An offset into
  // content() plus file_offset() is the same byte's offset in the file.
  size_t file_offset() const { return file_offset_; }
  // What a line of content() is (set on every span this text makes).
  SourceSpan::Unit unit() const { return unit_; }
  const std::string& content() const {
    if (released_.load(std::memory_order_acquire)) Reload();
    return content_;
  }

  // How to read the same bytes again (from the file they came from): lets Release free them.
  using Loader = std::function<std::optional<std::string>()>;
  void SetLoader(Loader loader) { loader_ = std::move(loader); }
  // Frees the content when there is a loader, keeping its size and hash: a run that is done
  // parsing a file of hundreds of megabytes need not hold it beside the model read from it.
  // Anything that needs the bytes again (a finding's source line) reads them through the loader,
  // once; when they are not the bytes read before (the file changed meanwhile), the text reads
  // as empty. Not to be called while other threads use this text; the loader must still work.
  void Release() const;

  // Line and code-point column (both 1-based) of the byte at `offset` (clamped to the end).
  SourcePosition PositionAt(size_t offset) const;
  // A span from byte `begin` to byte `end` (half-open), in `file`.
  SourceSpan SpanOf(size_t begin, size_t end, uint32_t file) const;
  // The text of 1-based line `line` without its line break; empty when out of range.
  std::string_view Line(uint32_t line) const;
  // Byte offset of the start of 1-based `line` (content size when out of range).
  size_t LineStart(uint32_t line) const;
  uint32_t LineCount() const;

  // The place of the byte at `offset` (a start, no end).
  SourceLocation LocationAt(size_t offset) const {
    SourcePosition pos = PositionAt(offset);
    SourceSpan span = SourceSpan::Point(pos.line, pos.column);
    span.unit = unit_;
    return {path_, span};
  }
  // An InvalidInput error placed at the byte at `offset` of this file.
  Status ErrorAt(size_t offset, std::string_view message) const;

 private:
  void BuildIndex() const;
  void Reload() const;
  std::string path_;
  mutable std::string content_;
  size_t file_offset_ = 0;
  SourceSpan::Unit unit_ = SourceSpan::Unit::kLine;
  Loader loader_;
  mutable std::atomic<bool> released_{false};
  mutable std::mutex reload_mutex_;
  mutable size_t released_size_ = 0;
  mutable uint64_t released_hash_ = 0;
  mutable std::vector<size_t> line_starts_;  // built on first use, by one thread
  mutable std::once_flag index_once_;
  mutable std::atomic<bool> index_built_{false};  // line_starts_ is complete
  // Code points before each multiple of kColumnStride bytes, built the first time a column far
  // into a line is asked for, so columns on a long line (a minified JSON file) cost O(stride).
  void BuildColumnIndex() const;
  mutable std::vector<size_t> code_points_before_;
  mutable std::once_flag column_index_once_;
};

// Counts the code points in UTF-8 `text` (continuation bytes are not counted).
size_t CountCodePoints(std::string_view text);

// The position just after `text` when it starts at `from`: a line further for each line break
// ('\n'), the column counted in code points from the last one (or from `from`'s column).
SourcePosition Advance(SourcePosition from, std::string_view text);

}  // namespace qbank

#endif  // QBANK_BASE_SOURCE_TEXT_H_
