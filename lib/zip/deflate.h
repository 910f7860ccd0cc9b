// Raw byte blocks compressed and restored with zlib's deflate (the reference index keeps its
// passage text this way). This folder is the only place that includes zlib.
#ifndef QBANK_ZIP_DEFLATE_H_
#define QBANK_ZIP_DEFLATE_H_

#include <string>
#include <string_view>

namespace qbank::zip {

// `data` compressed at `level` (1 fastest .. 9 smallest), appended to `out` (a zlib stream);
// false, with `out` as it was, when zlib fails (out of memory, a level out of range).
[[nodiscard]] bool DeflateAppend(std::string_view data, int level, std::string* out);

// The zlib stream `compressed` restored into `out` (replacing its contents); false when it is
// damaged or does not give exactly `size` bytes (nothing beyond `size` is ever written).
bool Inflate(std::string_view compressed, size_t size, std::string* out);

}  // namespace qbank::zip

#endif  // QBANK_ZIP_DEFLATE_H_
