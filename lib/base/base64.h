// Base64 (RFC 4648, the standard alphabet with padding), the way a text bank file holds the bytes
// of a picture that came inside a package (a .docx, a QTI zip).
#ifndef QBANK_BASE_BASE64_H_
#define QBANK_BASE_BASE64_H_

#include <optional>
#include <string>
#include <string_view>

namespace qbank {

// `bytes` as base64 text, padded with '=' to a multiple of four characters.
std::string EncodeBase64(std::string_view bytes);

// The bytes base64 text `text` holds; whitespace (line breaks) is skipped. nullopt when it holds
// another character, or its length or padding is not base64's.
std::optional<std::string> DecodeBase64(std::string_view text);

}  // namespace qbank

#endif  // QBANK_BASE_BASE64_H_
