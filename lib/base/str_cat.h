// StrCat: pieces of text joined into one string, appended piece by piece. GCC 12 at -O3 gives a
// false -Wrestrict on the inlined std::operator+(const char*, std::string&&) ("'" +
// std::string(x)); code that joins a literal and a temporary string uses this instead.
#ifndef QBANK_BASE_STR_CAT_H_
#define QBANK_BASE_STR_CAT_H_

#include <initializer_list>
#include <string>
#include <string_view>

namespace qbank {

// The pieces one after the other: StrCat({"'", name, "'"}). A piece may be a temporary string
// (std::to_string(n)): it lives until the end of the full expression.
inline std::string StrCat(std::initializer_list<std::string_view> pieces) {
  size_t size = 0;
  for (std::string_view p : pieces) size += p.size();
  std::string out;
  out.reserve(size);
  for (std::string_view p : pieces) out.append(p);
  return out;
}

}  // namespace qbank

#endif  // QBANK_BASE_STR_CAT_H_
