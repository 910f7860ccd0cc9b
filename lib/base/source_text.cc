// Line index and offset-to-position conversion for input files.
#include "base/source_text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "base/swar.h"

namespace qbank {

namespace {
constexpr size_t kColumnStride = 4096;
}  // namespace

size_t CountCodePoints(std::string_view text) {
  // The bytes that are not continuation bytes (10xxxxxx), eight at a time.
  const char* p = text.data();
  const char* end = p + text.size();
  size_t count = 0;
  for (; end - p >= 8; p += 8) {
    const uint64_t word = swar::Load(p);
    count += 8 - swar::CountFlags((word & ~(word << 1)) & swar::kHighBits);
  }
  for (; p < end; ++p) count += (static_cast<unsigned char>(*p) & 0xC0) != 0x80;
  return count;
}

namespace {

// A fast 64-bit fingerprint of `text`, eight bytes at a time (to notice a file that changed
// between two reads; not for hash tables).
uint64_t Fingerprint(std::string_view text) {
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ text.size();
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t word;
    std::memcpy(&word, text.data() + i, sizeof word);
    h = (h ^ word) * 0xFF51AFD7ED558CCDULL;
    h ^= h >> 29;
  }
  for (; i < text.size(); ++i) h = (h ^ static_cast<unsigned char>(text[i])) * 0x100000001B3ULL;
  return h ^ (h >> 32);
}

}  // namespace

void SourceText::Release() const {
  if (!loader_ || released_.load()) return;
  released_size_ = content_.size();
  released_hash_ = Fingerprint(content_);
  std::string().swap(content_);
  released_.store(true, std::memory_order_release);
}

void SourceText::Reload() const {
  std::lock_guard<std::mutex> lock(reload_mutex_);
  if (!released_.load(std::memory_order_acquire)) return;
  std::optional<std::string> again = loader_();
  if (again && again->size() == released_size_ && Fingerprint(*again) == released_hash_) {
    content_ = std::move(*again);
  }
  released_.store(false, std::memory_order_release);
}

void SourceText::BuildIndex() const {
  // Every position a reader makes asks for the index: once it is built, no call_once. Content a
  // run released is read again here too, as content() does (Line and LineStart read content_).
  if (index_built_.load(std::memory_order_acquire)) {
    if (released_.load(std::memory_order_acquire)) Reload();
    return;
  }
  const std::string& content = this->content();
  std::call_once(index_once_, [&] {
    // Eight bytes at a time (base/swar.h): lines of question banks are short, and a memchr call a
    // line cost more than the scan. Sized by a first pass of the same kind, so the index is
    // allocated once.
    const char* data = content.data();
    const size_t n = content.size();
    line_starts_.reserve(swar::CountBytes(content, '\n') + 1);
    line_starts_.push_back(0);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      for (uint64_t found = swar::BytesEqual(swar::Load(data + i), '\n'); found != 0;
           found &= found - 1) {
        line_starts_.push_back(i + swar::FirstFlag(found) + 1);
      }
    }
    for (; i < n; ++i) {
      if (data[i] == '\n') line_starts_.push_back(i + 1);
    }
    index_built_.store(true, std::memory_order_release);
  });
}

uint32_t SourceText::LineCount() const {
  BuildIndex();
  return static_cast<uint32_t>(line_starts_.size());
}

SourcePosition SourceText::PositionAt(size_t offset) const {
  BuildIndex();
  offset = std::min(offset, content_.size());
  // Readers ask for positions in file order: the line of this thread's previous position (or one
  // a few lines after it) is checked before a binary search of the whole index.
  thread_local const SourceText* hint_text = nullptr;
  thread_local size_t hint_line = 0;
  size_t line_index = 0;
  const size_t lines = line_starts_.size();
  size_t k = hint_line;
  if (hint_text == this && k < lines && line_starts_[k] <= offset) {
    for (size_t steps = 0; steps < 8 && k + 1 < lines && line_starts_[k + 1] <= offset; ++steps) {
      ++k;
    }
  }
  if (hint_text == this && k < lines && line_starts_[k] <= offset &&
      (k + 1 == lines || line_starts_[k + 1] > offset)) {
    line_index = k;
  } else {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    line_index = static_cast<size_t>(it - line_starts_.begin()) - 1;
  }
  hint_text = this;
  hint_line = line_index;
  size_t start = std::min(line_starts_[line_index], offset);  // (an index of changed content)
  SourcePosition pos;
  pos.line = static_cast<uint32_t>(line_index + 1);
  std::string_view content(content_);
  if (offset - start <= 2 * kColumnStride) {
    pos.column = static_cast<uint32_t>(CountCodePoints(content.substr(start, offset - start)) + 1);
    return pos;
  }
  // Counted from the checkpoints, else every position on one long line recounts it from its start.
  BuildColumnIndex();
  auto code_points_before = [&](size_t at) {
    size_t checkpoint = at / kColumnStride;
    return code_points_before_[checkpoint] +
           CountCodePoints(
               content.substr(checkpoint * kColumnStride, at - checkpoint * kColumnStride));
  };
  pos.column = static_cast<uint32_t>(code_points_before(offset) - code_points_before(start) + 1);
  return pos;
}

void SourceText::BuildColumnIndex() const {
  std::call_once(column_index_once_, [&] {
    std::string_view content(content_);
    code_points_before_.reserve(content.size() / kColumnStride + 1);
    size_t count = 0;
    for (size_t at = 0; at <= content.size(); at += kColumnStride) {
      code_points_before_.push_back(count);
      count += CountCodePoints(content.substr(at, kColumnStride));
    }
  });
}

SourcePosition Advance(SourcePosition from, std::string_view text) {
  const size_t last_break = text.rfind('\n');
  // Saturating at the largest position rather than wrapping round to line or column 0.
  auto add = [](uint32_t a, size_t b) {
    return static_cast<uint32_t>(std::min<uint64_t>(uint64_t{a} + b, UINT32_MAX));
  };
  if (last_break == std::string_view::npos) {
    from.column = add(from.column, CountCodePoints(text));
    return from;
  }
  from.line = add(from.line, swar::CountBytes(text.substr(0, last_break + 1), '\n'));
  from.column = add(1, CountCodePoints(text.substr(last_break + 1)));
  return from;
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
  span.unit = unit_;
  return span;
}

size_t SourceText::LineStart(uint32_t line) const {
  BuildIndex();
  if (line == 0 || line > line_starts_.size()) return content_.size();
  return std::min(line_starts_[line - 1], content_.size());  // (an index of changed content)
}

std::string_view SourceText::Line(uint32_t line) const {
  BuildIndex();
  if (line == 0 || line > line_starts_.size()) return {};
  size_t start = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : content_.size();
  if (end > content_.size() || start > end) return {};  // an index of content that changed
  std::string_view text = std::string_view(content_).substr(start, end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

Status SourceText::ErrorAt(size_t offset, std::string_view message) const {
  return Status::InvalidInput(std::string(message)).At(LocationAt(offset));
}

}  // namespace qbank
