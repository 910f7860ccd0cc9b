// WordNet's lexical database (Princeton WordNet 3.x in its original data files, as Debian's
// wordnet-base installs them under /usr/share/wordnet): the senses of an English word and the
// senses one link away. This file is the one door to those files.
#ifndef QBANK_TEXT_WORDNET_H_
#define QBANK_TEXT_WORDNET_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"

namespace qbank::text {

// A synset (one sense shared by its synonyms): its part of speech (0 noun, 1 verb, 2 adjective,
// 3 adverb) in the top bits and its byte offset in that part's data file below them.
using SynsetId = uint32_t;

// The words, senses and links of one WordNet installation, read whole at Load and never changed:
// safe to share between threads. Words are looked up as WordNet spells them: lower case, words of
// a compound joined by "_" ("contact_lens").
class WordNet {
 public:
  // Where Debian's wordnet-base puts the database.
  static constexpr std::string_view kDefaultDir = "/usr/share/wordnet";

  // Reads index.{noun,verb,adj,adv}, data.{noun,verb,adj,adv} and {noun,verb,adj,adv}.exc from
  // `dir` through `fs`. NotFound naming the missing file when one cannot be read, InvalidInput
  // naming file and line when an index line is not WordNet's layout.
  static Result<std::shared_ptr<const WordNet>> Load(const FileSystem& fs, const std::string& dir);

  // The senses of `word` in every part of speech, after WordNet's own base-form rules ("morphy":
  // the exception lists, so "bacteria" is "bacterium" and "ran" is "run", then the regular
  // endings, "lenses" to "lens", "started" to "start"); most frequent sense first within a part of
  // speech. Empty for a word WordNet does not hold (function words, names, jargon).
  // With `max_per_part`, only the first (most frequent) that many senses of each part of speech
  // and base form.
  std::vector<SynsetId> Senses(std::string_view word, size_t max_per_part = SIZE_MAX) const;

  // The synsets one link away from `synset`: words derived from the same root ("bacterial" and
  // "bacterium"), the noun an adjective pertains to, similar adjectives, and the direct hypernym of
  // a noun or verb ("population" to "group"). Empty for an id not in the database.
  std::vector<SynsetId> Neighbours(SynsetId synset) const;

  // The synsets opposite to `synset`: its antonyms ("open" and "closed"), the antonyms of the
  // adjective it is similar to, and the adjectives similar to those. Empty for an id not in the
  // database.
  std::vector<SynsetId> Opposites(SynsetId synset) const;

  // The gloss of `synset`: its definition and examples, after "|" on its data line; empty for an
  // id not in the database.
  std::string_view Gloss(SynsetId synset) const;

 private:
  WordNet() = default;
  // The synsets the pointers of `synset` whose symbol is one of `symbols` lead to ("@" hypernym,
  // "+" derivation, "!" antonym, ...: WordNet's wninput(5)).
  std::vector<SynsetId> Pointers(SynsetId synset,
                                 std::initializer_list<std::string_view> symbols) const;
  // The data line of `synset`; empty when its offset is not the start of a line.
  std::string_view DataLine(SynsetId synset) const;
  // The synsets listed on the index line of `lemma` for part of speech `pos`, appended to `out`.
  void AppendIndexSenses(std::string_view lemma, int pos, size_t max,
                         std::vector<SynsetId>& out) const;

  std::array<std::string, 4> index_;
  std::array<std::string, 4> data_;
  std::array<std::string, 4> exceptions_text_;
  // lemma -> the offset of its line in index_[pos] plus one (0: not in that part of speech).
  std::unordered_map<std::string_view, std::array<uint32_t, 4>> lemmas_;
  // inflected form -> its base forms, per part of speech (the .exc files).
  std::array<std::unordered_map<std::string_view, std::vector<std::string_view>>, 4> exceptions_;
};

}  // namespace qbank::text

#endif  // QBANK_TEXT_WORDNET_H_
