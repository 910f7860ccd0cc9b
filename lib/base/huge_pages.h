// Transparent huge pages on request, for large buffers read or written out of order.
#ifndef QBANK_BASE_HUGE_PAGES_H_
#define QBANK_BASE_HUGE_PAGES_H_

#include <cstddef>

namespace qbank {

// Asks that the 2 MiB-aligned part of [data, data + bytes) be backed by huge pages where the
// system offers them on request (Linux's transparent huge pages in "madvise" mode, Debian's
// default): one page fault per 2 MiB instead of one per 4 KiB while the buffer is first filled,
// and one translation-cache entry for 2 MiB when it is read or written out of order. Only pages
// not yet touched are affected, so call it on fresh memory (a vector just reserved); buffers
// under 16 MiB are left alone. Nothing happens elsewhere.
void AdviseHugePages(const void* data, size_t bytes);

}  // namespace qbank

#endif  // QBANK_BASE_HUGE_PAGES_H_
