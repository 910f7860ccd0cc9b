// UTF-16 counting over UTF-8 bytes, the way qbank counts code points.
#include "lsp/utf16.h"

#include <algorithm>

namespace qbank::lsp {
namespace {

bool IsContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// UTF-16 units of the code point whose first byte is `lead`.
size_t UnitsOfLead(unsigned char lead) { return lead >= 0xF0 ? 2 : 1; }

}  // namespace

size_t Utf16Length(std::string_view text) {
  size_t units = 0;
  for (char c : text) {
    auto b = static_cast<unsigned char>(c);
    if (!IsContinuation(b)) units += UnitsOfLead(b);
  }
  return units;
}

size_t ByteOfUtf16(std::string_view line, uint32_t character) {
  size_t units = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    auto b = static_cast<unsigned char>(line[i]);
    if (IsContinuation(b)) continue;
    size_t next = units + UnitsOfLead(b);
    if (units >= character || next > character) return i;
    units = next;
  }
  return line.size();
}

uint32_t Utf16OfColumn(std::string_view line, uint32_t column) {
  size_t units = 0;
  uint32_t seen = 0;
  for (char c : line) {
    auto b = static_cast<unsigned char>(c);
    if (IsContinuation(b)) continue;
    if (++seen >= column) return static_cast<uint32_t>(units);
    units += UnitsOfLead(b);
  }
  return static_cast<uint32_t>(units);
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') starts_.push_back(i + 1);
  }
}

Position LineIndex::PositionOf(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<uint32_t>(it - starts_.begin() - 1);
  size_t start = starts_[line];
  return {line, static_cast<uint32_t>(Utf16Length(text_.substr(start, offset - start)))};
}

std::string_view LineIndex::Line(uint32_t line) const {
  if (line >= starts_.size()) return {};
  size_t start = starts_[line];
  size_t end = line + 1 < starts_.size() ? starts_[line + 1] - 1 : text_.size();
  std::string_view s = text_.substr(start, end - start);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

size_t LineIndex::OffsetOf(Position p) const {
  if (p.line >= starts_.size()) return text_.size();
  return starts_[p.line] + ByteOfUtf16(Line(p.line), p.character);
}

}  // namespace qbank::lsp
