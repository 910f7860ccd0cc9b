// The format registry: every format is registered in one alphabetical list (registry.cc).
#ifndef QBANK_FORMATS_REGISTRY_H_
#define QBANK_FORMATS_REGISTRY_H_

#include <memory>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace qbank::formats {

class Registry {
 public:
  // The registry holding every built-in format.
  static const Registry& Default();

  void Add(std::unique_ptr<Format> format) { formats_.push_back(std::move(format)); }
  // The format named `name`, or nullptr.
  const Format* Find(std::string_view name) const;
  // The format for a file: by extension when only one format claims it, else by Sniff over the
  // content. nullptr when nothing fits.
  const Format* Detect(std::string_view path, std::string_view content) const;
  // True when some format claims `path`'s extension (used to pick files out of folders).
  bool KnowsExtension(std::string_view path) const;
  std::vector<const Format*> All() const;

 private:
  std::vector<std::unique_ptr<Format>> formats_;
};

// True when `path` ends with one of `format`'s extensions, ignoring ASCII case.
bool HasExtensionOf(const Format& format, std::string_view path);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_REGISTRY_H_
