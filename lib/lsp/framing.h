// The base protocol of the Language Server Protocol: messages framed by a "Content-Length: N"
// header block, then N bytes of JSON.
#ifndef QBANK_LSP_FRAMING_H_
#define QBANK_LSP_FRAMING_H_

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

#include "base/status.h"

namespace qbank::lsp {

// The largest body ReadMessage accepts; a longer one is read past and refused.
inline constexpr size_t kMaxMessageBytes = size_t{256} << 20;

// What ReadMessage found.
struct Frame {
  enum class Kind {
    kMessage,    // `body` holds one message's bytes
    kBadHeader,  // the header block was read past; `error` says what was wrong with it
    kEnd,        // the stream ended (cleanly, or inside a message: then `error` says so)
  };
  Kind kind = Kind::kEnd;
  std::string body;
  std::string error;
};

// Reads one message from `in`: header lines ending in "\r\n" (a bare "\n" is accepted) up to an
// empty line, then exactly Content-Length bytes. Headers other than Content-Length and
// Content-Type are ignored. A header block without a valid Content-Length (missing, not a
// number, repeated with another value, above kMaxMessageBytes) is kBadHeader; the stream stays in
// step only where the length was known (an over-long body is read and dropped), so after a
// block with no usable length the next header block is searched for. Never blocks once `in` ends.
Frame ReadMessage(std::istream& in);

// `body` framed for writing: "Content-Length: N\r\n\r\n" + body.
std::string FrameMessage(std::string_view body);

}  // namespace qbank::lsp

#endif  // QBANK_LSP_FRAMING_H_
