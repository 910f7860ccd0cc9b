// Matching a reader's value to its source word by word; positions counted on.
#include "base/source_alignment.h"

#include <algorithm>

namespace qbank {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Adds a piece, replacing the last one when it starts at the same value byte.
void Push(std::vector<AlignedPiece>* pieces, AlignedPiece piece) {
  if (!pieces->empty() && pieces->back().value_begin == piece.value_begin) {
    pieces->back() = piece;
  } else {
    pieces->push_back(piece);
  }
}

}  // namespace

std::vector<AlignedPiece> AlignToSource(std::string_view value, std::string_view source,
                                        size_t source_begin, size_t window) {
  source_begin = std::min(source_begin, source.size());
  std::vector<AlignedPiece> pieces = {{0, source_begin, true}};
  size_t v = 0;             // value bytes [0, v) are placed
  size_t s = source_begin;  // where value byte v is (when in step)
  bool in_step = true;
  size_t w = 0;
  while (w < value.size()) {
    while (w < value.size() && IsSpace(value[w])) ++w;
    if (w == value.size()) break;
    size_t end = w;
    while (end < value.size() && !IsSpace(value[end])) ++end;
    std::string_view word = value.substr(w, end - w);
    if (in_step && source.substr(s, end - v) == value.substr(v, end - v)) {
      s += end - v;  // the gap and the word as the source has them
    } else {
      size_t limit = std::min(source.size(), s + window + word.size());
      size_t found = source.substr(0, limit).find(word, s);
      if (found != std::string_view::npos) {
        Push(&pieces, {w, found, true});
        s = found + word.size();
        in_step = true;
      } else {
        // Not found: the word is placed at the next text of the source, and the words after it
        // are looked for.
        size_t near = s;
        while (near < source.size() && IsSpace(source[near])) ++near;
        if (in_step || pieces.back().value_begin == w) Push(&pieces, {w, near, false});
        in_step = false;
      }
    }
    v = end;
    w = end;
  }
  return pieces;
}

size_t SourceOffsetOf(const std::vector<AlignedPiece>& pieces, size_t value_offset) {
  auto it = std::upper_bound(
      pieces.begin(), pieces.end(), value_offset,
      [](size_t offset, const AlignedPiece& piece) { return offset < piece.value_begin; });
  if (it == pieces.begin()) return pieces.empty() ? value_offset : pieces.front().source_begin;
  --it;
  return it->exact ? it->source_begin + (value_offset - it->value_begin) : it->source_begin;
}

SourcePosition PositionCounter::At(size_t offset) {
  const std::string& content = source_.content();
  offset = std::min(offset, content.size());
  if (offset < offset_) {
    // Backwards: from the line's start.
    position_ = source_.PositionAt(offset);
    offset_ = offset;
    return position_;
  }
  position_ = Advance(position_, std::string_view(content).substr(offset_, offset - offset_));
  offset_ = offset;
  return position_;
}

size_t PositionCounter::OffsetOf(uint32_t line, uint32_t column) const {
  const std::string& content = source_.content();
  size_t at = source_.LineStart(line);
  for (uint32_t c = 1; c < column && at < content.size() && content[at] != '\n'; ++c) {
    ++at;
    while (at < content.size() && (static_cast<unsigned char>(content[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

}  // namespace qbank
