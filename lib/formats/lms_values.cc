// Numbers and own extensions as the LMS text formats' writers write them (lms_values.h).
#include "formats/lms_values.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace qbank::formats {

std::string ShortestNumber(double v) {
  char buffer[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  return buffer;
}

const model::Value* OwnExtension(const model::Value& extensions, std::string_view format) {
  const model::Value* ext = extensions.Find(std::string(format));
  return ext != nullptr && ext->is_object() ? ext : nullptr;
}

std::string OwnExtensionString(const model::Value& extensions, std::string_view format,
                               const std::string& key) {
  const model::Value* ext = OwnExtension(extensions, format);
  const model::Value* v = ext != nullptr ? ext->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : "";
}

}  // namespace qbank::formats
