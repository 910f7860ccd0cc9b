// Source decoding for the XML formats: like DecodeSource, but a file whose bytes are not UTF-8 is
// read in the encoding its XML declaration names (<?xml ... encoding="ISO-8859-1"?>).
#ifndef QBANK_FORMATS_XML_SOURCE_DECODING_H_
#define QBANK_FORMATS_XML_SOURCE_DECODING_H_

#include "formats/source_decoding.h"

namespace qbank::formats {

// When ctx.encoding is empty, `source` is not valid UTF-8, and its XML declaration names another
// encoding, the bytes are converted from that encoding (errors name the path and the encoding).
// Otherwise the same as DecodeSource(source, ctx): UTF-8 checked, or converted from --encoding.
Result<DecodedSource> DecodeXmlSource(const SourceText& source, ImportContext& ctx);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_XML_SOURCE_DECODING_H_
