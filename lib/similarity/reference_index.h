// The reference index ("refs.qidx"): winnowed word n-gram fingerprints of reference documents
// (leaked dumps, public sources) in one compact, versioned file, and the overlap search that finds
// which reference a question shares a long run or a large share of n-grams with.
#ifndef QBANK_SIMILARITY_REFERENCE_INDEX_H_
#define QBANK_SIMILARITY_REFERENCE_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"

namespace qbank::similarity {

// How fingerprints are made; stored in the file, so a query uses the index's own parameters.
struct IndexParameters {
  uint32_t ngram = 5;   // words per n-gram
  uint32_t window = 4;  // winnowing window: every shared run of ngram + window - 1 words is seen
  // Stock phrasing: an n-gram met in at least this many different contexts (the words around
  // it) is phrasing shared by unrelated questions ("which of the following is", "what is the most
  // likely cause") and is left out of the index. A passage mirrored in many places keeps one
  // context, however many copies there are, so widely mirrored text stays findable. 0: keep all.
  uint32_t stock_contexts = 5;
  uint32_t context_words = 4;  // words on each side of an n-gram that make its context
};

// The file format version this build writes and reads.
inline constexpr uint32_t kReferenceIndexVersion = 1;

// Collects reference passages and writes the index file.
class ReferenceIndexBuilder {
 public:
  explicit ReferenceIndexBuilder(IndexParameters parameters = {});

  // Registers a reference document by the name findings will show; returns its id.
  uint32_t AddDocument(std::string name);
  // Adds one passage of document `doc` (an id from AddDocument) whose first byte is on line
  // `first_line`. Words are comparison keys (text::MakeTextKey); n-grams do not cross passages.
  void AddPassage(uint32_t doc, uint32_t first_line, std::string_view text);

  size_t document_count() const { return documents_.size(); }
  size_t passage_count() const { return passages_; }
  size_t fingerprint_count() const { return entries_.size(); }
  // Fingerprints left out as stock phrasing (known after Serialize).
  size_t stock_fingerprint_count() const { return stock_; }

  // The index file's bytes (little-endian; layout in docs/duplicates.md): a header, the document
  // names, and the fingerprints sorted by hash with their document and line.
  std::string Serialize();

 private:
  struct Entry {
    uint64_t hash;
    uint64_t context;  // hash of the words around the n-gram (not stored in the file)
    uint32_t doc;
    uint32_t line;
  };
  // Drops the entries of n-grams met in parameters_.stock_contexts or more contexts.
  void DropStockPhrasing();
  IndexParameters parameters_;
  std::vector<std::string> documents_;
  std::vector<Entry> entries_;
  size_t passages_ = 0;
  size_t stock_ = 0;
};

// Adds `content` (UTF-8 text) to `builder` as document `name`: each paragraph (lines up to a
// blank line) is a passage at its first line.
void AddReferenceText(const std::string& name, const std::string& content,
                      ReferenceIndexBuilder& builder);

// What the overlap search reports for one question and one reference document.
struct ReferenceMatch {
  uint32_t doc = 0;
  uint32_t line = 0;     // the reference line where the longest shared run starts
  size_t run_first = 0;  // the longest run: query tokens [run_first, run_end)
  size_t run_end = 0;
  size_t shared = 0;  // query fingerprints found in the document
  size_t total = 0;   // query fingerprints
  size_t run_words() const { return run_end - run_first; }
  double share() const { return total == 0 ? 0.0 : static_cast<double>(shared) / total; }
};

struct OverlapOptions {
  // Report a shared run at least this long. Runs are measured between the first and last shared
  // fingerprint, so they read up to 2 * (window - 1) words short of the true run.
  size_t min_run_words = 10;
  double min_share = 0.4;  // or at least this share of the query's fingerprints
  size_t min_shared = 3;   // (and at least this many of them)
  // Fingerprints found in more places than this are not counted (0: no limit). Stock phrasing
  // is left out when the index is built (IndexParameters::stock_contexts), so no limit is needed
  // and text mirrored in any number of places is found.
  size_t max_postings = 0;
};

// A loaded index: the file's bytes, read or mapped in one go, used in place. Copies share them.
class ReferenceIndex {
 public:
  // Checks and adopts the bytes of an index file. InvalidInput "PATH: ..." when the file is not a
  // qbank reference index, has another version, or is truncated or inconsistent.
  static Result<ReferenceIndex> Parse(std::string bytes, const std::string& path);
  // Reads and parses the index at `path`.
  static Result<ReferenceIndex> Load(const FileSystem& fs, const std::string& path);
  // Maps the index file at `path` into memory (read-only) instead of reading it: only the header,
  // names and bucket directory are touched, so a million-passage index opens in milliseconds and
  // its pages are read as searches need them. The one file access of the library that bypasses
  // FileSystem (which has no mapping); for real files only: callers given a FileSystem use it
  // only when that is RealFileSystem(), and Load otherwise.
  static Result<ReferenceIndex> LoadMapped(const std::string& path);

  const IndexParameters& parameters() const { return parameters_; }
  size_t document_count() const { return names_.size(); }
  size_t passage_count() const { return passages_; }
  size_t fingerprint_count() const { return count_; }
  const std::string& document(uint32_t doc) const { return names_[doc]; }

  // The documents `tokens` (a query's token hashes, fingerprinted with this index's parameters)
  // overlaps with enough to report, the longest run first. Runs join matched fingerprints that
  // are at most one window apart, so a swapped word inside a copied passage does not split it.
  std::vector<ReferenceMatch> Search(const std::vector<uint64_t>& tokens,
                                     const OverlapOptions& options) const;

 private:
  uint64_t HashAt(size_t i) const;
  uint32_t DocAt(size_t i) const;
  uint32_t LineAt(size_t i) const;

  static Result<ReferenceIndex> Adopt(std::shared_ptr<const void> owner, std::string_view bytes,
                                      const std::string& path);

  std::shared_ptr<const void> owner_;  // keeps `bytes_` alive: a string or a mapping
  std::string_view bytes_;
  IndexParameters parameters_;
  std::vector<std::string> names_;
  size_t passages_ = 0;
  size_t count_ = 0;
  size_t hashes_offset_ = 0;
  size_t docs_offset_ = 0;
  size_t lines_offset_ = 0;
  std::vector<uint32_t> buckets_;  // first entry of each top-bits bucket, plus the end

 public:
  // Fingerprints are bucketed by their top bits; the file holds the bucket directory.
  static constexpr int kBucketBits = 18;
};

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_REFERENCE_INDEX_H_
