// Shortening quoted input in messages.
#include "base/message.h"

namespace qbank {
namespace {

bool IsContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The byte length of the first `n` code points of `s`.
size_t PrefixOfCodePoints(std::string_view s, size_t n) {
  size_t i = 0;
  for (size_t count = 0; i < s.size() && count < n; ++count) {
    ++i;
    while (i < s.size() && IsContinuation(s[i])) ++i;
  }
  return i;
}

}  // namespace

std::string ShortenQuotes(std::string_view message) {
  if (message.size() <= kMaxQuotedBytes) return std::string(message);
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    char c = message[i];
    size_t close = (c == '"' || c == '\'') ? message.find(c, i + 1) : std::string_view::npos;
    if (close == std::string_view::npos || close - i - 1 <= kMaxQuotedBytes) {
      out += c;
      ++i;
      continue;
    }
    std::string_view quoted = message.substr(i + 1, close - i - 1);
    out += c;
    out.append(quoted.substr(0, PrefixOfCodePoints(quoted, kKeptQuotedCodePoints)));
    out += "...";
    out += c;
    out += " (" + std::to_string(quoted.size()) + " bytes)";
    i = close + 1;
  }
  if (out.size() > kMaxMessageBytes) {
    size_t cut = kMaxMessageBytes;
    while (cut > 0 && IsContinuation(out[cut])) --cut;
    size_t total = out.size();
    out.resize(cut);
    out += "... (" + std::to_string(total) + " bytes in all)";
  }
  return out;
}

}  // namespace qbank
