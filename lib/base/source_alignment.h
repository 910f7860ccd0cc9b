// Where the bytes of a value a reader made stand in the source it was read from: a field whose
// value is not the file's bytes (HTML rendered, entities decoded, hyphenated lines joined) is
// matched to the file word by word, so a place inside the value maps to a place in the file.
#ifndef QBANK_BASE_SOURCE_ALIGNMENT_H_
#define QBANK_BASE_SOURCE_ALIGNMENT_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "base/source_span.h"
#include "base/source_text.h"

namespace qbank {

// From value byte `value_begin` on, the value is the source's bytes from `source_begin` on (when
// `exact`) up to the next piece; when not exact, only the piece's first word is known to be near
// `source_begin` (its bytes were not found: an entity inside it, a joined hyphenation).
struct AlignedPiece {
  size_t value_begin = 0;
  size_t source_begin = 0;
  bool exact = true;
};

// The pieces of `value` in `source`, the value's first byte read from `source_begin` on: the
// value is walked a word (a run of bytes that are not ASCII white space) at a time; a word that
// follows the previous one as the source has it (the bytes between them the same) continues the
// piece, another word is looked for in the next `window` bytes of the source and starts a piece
// where it is found. The first piece starts at value byte 0; pieces ascend in both value and
// source.
std::vector<AlignedPiece> AlignToSource(std::string_view value, std::string_view source,
                                        size_t source_begin, size_t window = 4096);

// The source offset of value byte `value_offset` by `pieces` (its piece's start when the piece is
// not exact).
size_t SourceOffsetOf(const std::vector<AlignedPiece>& pieces, size_t value_offset);

// Line and column of byte offsets of one text, asked for mostly in ascending order: each answer
// counts on from the last one instead of from its line's start, so the places of many pieces of a
// long one-line file cost one pass over it.
class PositionCounter {
 public:
  explicit PositionCounter(const SourceText& source) : source_(source) {}
  SourcePosition At(size_t offset);
  // The byte offset of 1-based `line` and code-point `column` (clamped to the line's end).
  size_t OffsetOf(uint32_t line, uint32_t column) const;
  const std::string& content() const { return source_.content(); }

 private:
  const SourceText& source_;
  size_t offset_ = 0;
  SourcePosition position_;
};

}  // namespace qbank

#endif  // QBANK_BASE_SOURCE_ALIGNMENT_H_
