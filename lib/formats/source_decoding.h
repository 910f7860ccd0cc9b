// Source decoding for the text formats: checks that an input is UTF-8, or converts it from the
// encoding the user named (--encoding), so every importer refuses undeclared legacy bytes alike.
#ifndef QBANK_FORMATS_SOURCE_DECODING_H_
#define QBANK_FORMATS_SOURCE_DECODING_H_

#include <cstdint>
#include <memory>
#include <string_view>

#include "base/source_text.h"
#include "base/status.h"
#include "formats/format.h"

namespace qbank::formats {

// The text an importer parses and the source index its spans name.
struct DecodedSource {
  const SourceText* text = nullptr;  // `source` itself, or `owned`
  uint32_t file = SourceSpan::kNoFile;
  std::shared_ptr<const SourceText> owned;  // set when the text was converted or had a BOM
};

// `source` without a leading UTF-8 byte-order mark: `source` itself when it has none, else its
// text after the mark registered in ctx.bank as a new source whose file_offset() is the mark's
// size, so spans count lines and columns as an editor shows them and `lint --fix` writes its edits
// after the mark. No UTF-8 check (readers that name a bad byte's row and field do their own).
DecodedSource DropByteOrderMark(const SourceText& source, ImportContext& ctx);

// When ctx.encoding is empty (or names UTF-8): `source` must be valid UTF-8, else InvalidInput
// "path:line:col: the file is not valid UTF-8 (byte 0xE9); if it is in another encoding, name it
// with --encoding (for example --encoding windows-1252)". Otherwise the bytes are converted from
// ctx.encoding; a byte that is not valid in it is an InvalidInput naming its line and column
// (counted in bytes), an unknown encoding one naming the path. A converted text, or one that starts
// with a UTF-8 byte-order mark, is registered in ctx.bank as a new source with the BOM removed
// (DropByteOrderMark), so spans name lines and columns of the text as the user sees it.
Result<DecodedSource> DecodeSource(const SourceText& source, ImportContext& ctx);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_SOURCE_DECODING_H_
