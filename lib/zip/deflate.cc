// zlib's one-shot compress2 and inflate over byte blocks.
#include "zip/deflate.h"

#include <zlib.h>

#include <cstdint>

namespace qbank::zip {

bool DeflateAppend(std::string_view data, int level, std::string* out) {
  if (data.size() > UINT32_MAX) return false;
  uLongf bound = compressBound(static_cast<uLong>(data.size()));
  const size_t at = out->size();
  out->resize(at + bound);
  // Out of memory (Z_MEM_ERROR) or a bad level (Z_STREAM_ERROR): nothing is appended.
  int result = compress2(reinterpret_cast<Bytef*>(out->data() + at), &bound,
                         reinterpret_cast<const Bytef*>(data.data()),
                         static_cast<uLong>(data.size()), level);
  out->resize(result == Z_OK ? at + bound : at);
  return result == Z_OK;
}

bool Inflate(std::string_view compressed, size_t size, std::string* out) {
  if (compressed.size() > UINT32_MAX || size > UINT32_MAX) return false;
  out->assign(size, '\0');
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) return false;
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  stream.avail_in = static_cast<uInt>(compressed.size());
  stream.next_out = reinterpret_cast<Bytef*>(out->data());
  stream.avail_out = static_cast<uInt>(size);
  int result = inflate(&stream, Z_FINISH);
  bool whole = result == Z_STREAM_END && stream.total_out == size;
  inflateEnd(&stream);
  if (!whole) out->clear();
  return whole;
}

}  // namespace qbank::zip
