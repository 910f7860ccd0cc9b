// UTF-8 checking and --encoding conversion for the text importers.
#include "formats/source_decoding.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string_view>

#include "base/utf8_text.h"
#include "text/encoding.h"
#include "text/unicode.h"

namespace qbank::formats {
namespace {

DecodedSource Register(const SourceText& source, std::string content, ImportContext& ctx,
                       size_t file_offset = 0) {
  DecodedSource decoded;
  decoded.owned =
      std::make_shared<const SourceText>(source.path(), std::move(content), file_offset);
  decoded.text = decoded.owned.get();
  decoded.file = ctx.bank != nullptr ? ctx.bank->AddSource(decoded.owned) : ctx.file;
  return decoded;
}

// The UTF-16 or UTF-32 encoding a byte-order mark at the start of `content` says, or nullptr (the
// UTF-32LE mark starts with the UTF-16LE one, so it is looked for first).
const char* WideEncodingOf(std::string_view content) {
  using std::string_view_literals::operator""sv;
  if (content.starts_with("\xFF\xFE\x00\x00"sv)) return "UTF-32LE";
  if (content.starts_with("\x00\x00\xFE\xFF"sv)) return "UTF-32BE";
  if (content.starts_with("\xFF\xFE"sv)) return "UTF-16LE";
  if (content.starts_with("\xFE\xFF"sv)) return "UTF-16BE";
  return nullptr;
}

// A file saved as "Unicode" by Windows tools (UTF-16 with a mark; Excel's "Unicode Text"), or as
// UTF-32 with a mark, converted to UTF-8 and registered as a source of its own (as --encoding
// does), unless --encoding names the encoding. nullopt when there is no such mark; an error for
// bytes the marked encoding cannot hold (a lone surrogate, an odd length).
std::optional<Result<DecodedSource>> DecodeWideSource(const SourceText& source,
                                                      ImportContext& ctx) {
  const char* encoding = WideEncodingOf(source.content());
  if (encoding == nullptr || !ctx.encoding.empty()) return std::nullopt;
  size_t bad = std::string_view::npos;
  Result<std::string> converted = text::ConvertToUtf8(source.content(), encoding, &bad);
  if (!converted.ok()) {
    return Result<DecodedSource>(Status::InvalidInput(converted.status().message() +
                                                      " (the file starts with the " + encoding +
                                                      " byte-order mark)")
                                     .At(source.path()));
  }
  return Result<DecodedSource>(Register(source, std::move(converted).value(), ctx));
}

}  // namespace

DecodedSource DropByteOrderMark(const SourceText& source, ImportContext& ctx) {
  // A UTF-16 or UTF-32 text is decoded here too, the one step every text reader takes; one that
  // does not decode is left as it is for the reader's UTF-8 check to refuse at its first byte.
  if (std::optional<Result<DecodedSource>> wide = DecodeWideSource(source, ctx);
      wide && wide->ok()) {
    return std::move(*wide).value();
  }
  std::string_view content = source.content();
  if (content.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    return Register(source, std::string(content.substr(kByteOrderMark.size())), ctx,
                    kByteOrderMark.size());
  }
  DecodedSource decoded;
  decoded.text = &source;
  decoded.file = ctx.file;
  return decoded;
}

Result<DecodedSource> DecodeSource(const SourceText& source, ImportContext& ctx) {
  if (std::optional<Result<DecodedSource>> wide = DecodeWideSource(source, ctx)) {
    return std::move(*wide);
  }
  std::string_view content = source.content();
  if (!ctx.encoding.empty() && !text::IsUtf8EncodingName(ctx.encoding)) {
    size_t bad = std::string_view::npos;
    Result<std::string> converted = text::ConvertToUtf8(content, ctx.encoding, &bad);
    if (!converted.ok()) {
      if (bad == std::string_view::npos) {
        return Status::InvalidInput(converted.status().message()).At(source.path());
      }
      // Lines and columns counted in bytes: exact for the single-byte encodings.
      size_t line_start = content.rfind('\n', bad == 0 ? 0 : bad - 1);
      line_start = line_start == std::string_view::npos || bad == 0 ? 0 : line_start + 1;
      uint32_t line = 1 + static_cast<uint32_t>(
                              std::count(content.begin(), content.begin() + line_start, '\n'));
      uint32_t column = static_cast<uint32_t>(bad - line_start + 1);
      return Status::InvalidInput(converted.status().message() + " (expected text in " +
                                  ctx.encoding + ", as --encoding says)")
          .At(source.path(), SourceSpan::Point(line, column));
    }
    return Register(source, std::move(converted).value(), ctx);
  }
  size_t bad = 0;
  if (!text::IsValidUtf8(content, &bad)) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(content[bad]));
    return source.ErrorAt(
        bad, std::string("the file is not valid UTF-8 (byte ") + byte +
                 "); if it is in another encoding, name it with --encoding (for example "
                 "--encoding windows-1252)");
  }
  return DropByteOrderMark(source, ctx);
}

}  // namespace qbank::formats
