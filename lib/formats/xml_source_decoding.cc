// The XML declaration's encoding as a fallback for files that are not UTF-8.
#include "formats/xml_source_decoding.h"

#include "text/encoding.h"
#include "text/unicode.h"
#include "xml/xml_tree.h"

namespace qbank::formats {

Result<DecodedSource> DecodeXmlSource(const SourceText& source, ImportContext& ctx) {
  if (ctx.encoding.empty() && !text::IsValidUtf8(source.content())) {
    std::string declared = xml::DeclaredEncoding(source.content());
    if (!declared.empty() && !text::IsUtf8EncodingName(declared)) {
      ImportContext declared_ctx = ctx;
      declared_ctx.encoding = declared;
      Result<DecodedSource> decoded = DecodeSource(source, declared_ctx);
      if (!decoded.ok()) {
        return Status::InvalidInput("the XML declaration names encoding '" + declared + "', but " +
                                    decoded.status().message())
            .At(source.path(), decoded.status().span());
      }
      return decoded;
    }
  }
  return DecodeSource(source, ctx);
}

}  // namespace qbank::formats
