// Word stems: Snowball stemming through libstemmer (Debian: libstemmer-dev), so "protect" and
// "protection" compare equal. This folder is libstemmer's door.
#ifndef QBANK_TEXT_STEMMER_H_
#define QBANK_TEXT_STEMMER_H_

#include <string>
#include <string_view>

namespace qbank::text {

// The Snowball stem of `word` (UTF-8, expected lower case: stemmers do not fold case) in the
// language `algorithm` names ("english", "french", "german", ... as libstemmer lists them):
// Stem("protection") and Stem("protect") are both "protect". The word as it is when libstemmer
// has no such algorithm. Thread-safe: each thread keeps its own stemmer per algorithm.
std::string Stem(std::string_view word, std::string_view algorithm = "english");

}  // namespace qbank::text

#endif  // QBANK_TEXT_STEMMER_H_
