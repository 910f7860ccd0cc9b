// Error message text: input quoted in a message is cut to a readable length, so a message about a
// 200 MB header cell does not print the cell.
#ifndef QBANK_BASE_MESSAGE_H_
#define QBANK_BASE_MESSAGE_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace qbank {

// The longest quoted run kept whole, and how much of a longer one is kept (in code points).
inline constexpr size_t kMaxQuotedBytes = 200;
inline constexpr size_t kKeptQuotedCodePoints = 60;
// The longest message kept whole.
inline constexpr size_t kMaxMessageBytes = 2000;

// `message` with every run between a pair of double (or single) quotes longer than
// kMaxQuotedBytes cut to its first kKeptQuotedCodePoints code points, "..." and, after the
// closing quote, " (N bytes)"; a message still longer than kMaxMessageBytes is cut there with
// "... (N bytes in all)". Cuts never split a UTF-8 sequence.
// Status applies it to every message it is given.
std::string ShortenQuotes(std::string_view message);

}  // namespace qbank

#endif  // QBANK_BASE_MESSAGE_H_
