// Stem: one libstemmer stemmer per thread and algorithm (libstemmer's stemmers keep state).
#include "text/stemmer.h"

#include <libstemmer.h>

#include <map>
#include <memory>

namespace qbank::text {
namespace {

struct StemmerDeleter {
  void operator()(sb_stemmer* s) const { sb_stemmer_delete(s); }
};
using StemmerPtr = std::unique_ptr<sb_stemmer, StemmerDeleter>;

// This thread's stemmer for `algorithm`, or null when libstemmer has none.
sb_stemmer* StemmerFor(std::string_view algorithm) {
  thread_local std::map<std::string, StemmerPtr, std::less<>> stemmers;
  auto it = stemmers.find(algorithm);
  if (it == stemmers.end()) {
    std::string name(algorithm);
    it = stemmers.emplace(name, StemmerPtr(sb_stemmer_new(name.c_str(), "UTF_8"))).first;
  }
  return it->second.get();
}

}  // namespace

std::string Stem(std::string_view word, std::string_view algorithm) {
  sb_stemmer* stemmer = StemmerFor(algorithm);
  if (stemmer == nullptr || word.empty()) return std::string(word);
  const sb_symbol* out = sb_stemmer_stem(stemmer, reinterpret_cast<const sb_symbol*>(word.data()),
                                         static_cast<int>(word.size()));
  if (out == nullptr) return std::string(word);  // out of memory
  return std::string(reinterpret_cast<const char*>(out),
                     static_cast<size_t>(sb_stemmer_length(stemmer)));
}

}  // namespace qbank::text
