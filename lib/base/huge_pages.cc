#include "base/huge_pages.h"

#include <cstdint>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace qbank {

void AdviseHugePages(const void* data, size_t bytes) {
#ifdef __linux__
  constexpr uintptr_t kHuge = uintptr_t{1} << 21;
  if (bytes < 8 * kHuge) return;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHuge - 1);
  // NOLINTNEXTLINE(performance-no-int-to-ptr): madvise takes a page-aligned address
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace qbank
