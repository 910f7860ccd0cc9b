// LSP positions: a 0-based line and a character offset counted in UTF-16 code units, converted
// from and to the byte offsets and code-point columns qbank works in.
#ifndef QBANK_LSP_UTF16_H_
#define QBANK_LSP_UTF16_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace qbank::lsp {

struct Position {
  uint32_t line = 0;       // 0-based
  uint32_t character = 0;  // UTF-16 code units from the start of the line
  friend auto operator<=>(const Position&, const Position&) = default;
};

struct Range {
  Position start;
  Position end;
  friend bool operator==(const Range&, const Range&) = default;
  // True when `p` is inside [start, end], both ends included (a cursor just after a word is on it).
  bool Contains(Position p) const { return start <= p && p <= end; }
};

// UTF-16 code units of UTF-8 `text`: two for a 4-byte sequence, one for any other code point.
// Bytes are counted as qbank counts code points (base/source_text.h CountCodePoints): a byte that
// is not a continuation byte starts one.
size_t Utf16Length(std::string_view text);

// The byte offset in `line` (one line's text) of UTF-16 `character`, clamped to the line's end;
// a position inside a surrogate pair goes to the start of its code point.
size_t ByteOfUtf16(std::string_view line, uint32_t character);

// The UTF-16 character of 1-based code-point column `column` on `line` (one line's text, without
// its break); a column past the end gives the line's length.
uint32_t Utf16OfColumn(std::string_view line, uint32_t column);

// Line starts of a text (lines end at '\n'), to turn byte offsets into positions and back.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  // The position of byte `offset` (clamped to the text's end).
  Position PositionOf(size_t offset) const;
  // The byte offset of `p`: its line clamped to the last line, its character to the line's end
  // (before a "\r\n" or "\n").
  size_t OffsetOf(Position p) const;
  // The text of 0-based `line` without its line break; empty past the end.
  std::string_view Line(uint32_t line) const;
  uint32_t LineCount() const { return static_cast<uint32_t>(starts_.size()); }

 private:
  std::string_view text_;
  std::vector<size_t> starts_;
};

}  // namespace qbank::lsp

#endif  // QBANK_LSP_UTF16_H_
