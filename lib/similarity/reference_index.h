// The reference index ("refs.qidx"): winnowed word n-gram fingerprints of reference documents
// (leaked dumps, public sources) in one compact, versioned file, and the overlap search that finds
// which reference a question shares a long run or a large share of n-grams with.
#ifndef QBANK_SIMILARITY_REFERENCE_INDEX_H_
#define QBANK_SIMILARITY_REFERENCE_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/file_system.h"
#include "base/source_alignment.h"
#include "base/source_text.h"
#include "base/status.h"
#include "text/readable_text.h"

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

// The file format version this build writes and reads. 2: fingerprints name their passage, and
// each passage keeps its distinct words (for the word-set similarity) and document and line. 3:
// fingerprints name their word in the passage, and each passage keeps its text, column and dump
// question number, so a finding quotes the reference and says where the text is. 4: the bucket
// directory is sized to the fingerprint count. 5: the same content in about half the bytes:
// fingerprints keep 32 bits of their hash below the bucket bits, words are ids into one
// vocabulary (delta-coded), the text is deflated in blocks. 6: passages keep places inside them
// (PassageAnchor), so a quote from inside a question, rendered HTML or repaired PDF text is placed
// where it stands in the file.
inline constexpr uint32_t kReferenceIndexVersion = 6;

// A place inside a passage: from passage byte `offset` on, the text stands at `line`:`column` of
// the document, and when `exact` it is the document's own bytes up to the next anchor (so lines
// and columns are counted on); when not, only its first word is placed there.
struct PassageAnchor {
  uint32_t offset = 0;
  uint32_t line = 1;
  uint32_t column = 1;
  bool exact = true;
};

// Where a passage starts in its document.
struct PassagePlace {
  uint32_t line = 1;
  uint32_t column = 1;  // in code points
  // The number of the dump question the passage is (as the dump prints it), or empty.
  std::string dump_question;
  // Whether the passage's lines are the document's (a paragraph of text): then a quote's line and
  // column are counted from the passage's start. A question's fields joined into one passage are
  // not, and a quote is placed at the passage's start.
  bool layout = true;
  // Places further inside the passage (offsets ascending, after 0): where each field of a
  // question starts, or where text rendered from HTML or repaired PDF output leaves the
  // document's bytes (a tag, an entity, a dropped page header). A quote is placed by the last
  // anchor at or before it (the passage's start being the first).
  std::vector<PassageAnchor> anchors;
};

// Collects reference passages and writes the index file.
class ReferenceIndexBuilder {
 public:
  // zlib level of the passage text: 6 (zlib's default) gives a few percent less than 9 in half
  // the time.
  static constexpr int kDefaultDeflateLevel = 6;
  // `deflate_level`: 1 (fastest) to 9 (smallest); Write fails for a level zlib refuses.
  explicit ReferenceIndexBuilder(IndexParameters parameters = {},
                                 int deflate_level = kDefaultDeflateLevel);

  // Registers a reference document by the name findings will show; returns its id.
  uint32_t AddDocument(std::string name);
  // Adds one passage of document `doc` (an id from AddDocument) whose first byte is on line
  // `first_line`. Words are comparison keys (text::MakeTextKey); n-grams do not cross passages.
  // Besides the winnowed n-grams, each line of the passage too short to be sure of a shared
  // n-gram (2 to ngram + window - 2 words: a short stem, an option) is a fingerprint of its own,
  // so a short question whose options are printed in another order is still a candidate.
  void AddPassage(uint32_t doc, const PassagePlace& place, std::string_view text);
  void AddPassage(uint32_t doc, uint32_t first_line, std::string_view text) {
    AddPassage(doc, PassagePlace{first_line, 1, {}, true, {}}, text);
  }

  size_t document_count() const { return documents_.size(); }
  size_t passage_count() const { return passages_.size(); }
  size_t fingerprint_count() const { return entries_.size(); }
  // Fingerprints left out as stock phrasing (known after Serialize).
  size_t stock_fingerprint_count() const { return stock_; }

  // Writes the index file (little-endian; layout in docs/duplicates.md) to `out` as it is made, a
  // megabyte at a time: a header, the document names, the fingerprints sorted by hash with their
  // passage and word, the passages, their words and their deflated text. Once per builder: no
  // passage may be added after it. Internal error, with nothing written, when zlib could not
  // deflate the passage text (out of memory, or a level it refuses).
  Status Write(std::ostream& out);
  // The same bytes in a string.
  Result<std::string> Serialize();

 private:
  struct Entry {
    uint64_t hash;
    uint64_t context;   // hash of the words around the n-gram (not stored in the file)
    uint32_t passage;   // index into passages_
    uint32_t position;  // its first word in the passage (option labels not counted)
  };
  struct Passage {
    uint32_t doc;
    uint32_t line;
    uint32_t column;
    uint32_t layout;
    uint64_t words_begin;  // its distinct word hashes: words_[words_begin, next passage's)
    uint64_t text_begin;   // its text, then its dump question number, in the text stream
    uint64_t label_begin;
    uint64_t anchors_begin;  // its anchors in anchors_
  };
  // Adds the entry for tokens [first, end) of the last passage, with the words around it as
  // context.
  void AddEntry(uint64_t hash, const std::vector<uint64_t>& tokens, size_t first, size_t end);
  // Appends to the text stream, deflating each block as it fills.
  void AppendText(std::string_view text);
  // Deflates pending_text_ as the next block (deflate_failed_ when zlib fails) and clears it.
  void DeflatePending();
  // Drops the entries of n-grams met in parameters_.stock_contexts or more contexts.
  void DropStockPhrasing();
  // The words of every passage as vocabulary ids, delta-coded (words_ is released); offsets of
  // each passage's words in the result, and the vocabulary (sorted word hashes).
  std::string EncodeWords(std::vector<uint64_t>* offsets, std::vector<uint32_t>* vocabulary);
  IndexParameters parameters_;
  int deflate_level_;
  std::vector<std::string> documents_;
  std::vector<Entry> entries_;
  std::vector<Passage> passages_;
  std::vector<uint32_t> words_;
  std::unordered_map<uint32_t, uint32_t> vocabulary_;  // word hash -> id (assigned in Write)
  std::string pending_text_;          // the text stream's last block, not yet deflated
  uint64_t text_size_ = 0;            // bytes of the text stream
  std::string deflated_;              // the blocks deflated so far, one after the other
  std::vector<uint64_t> block_ends_;  // where each deflated block ends in deflated_
  bool deflate_failed_ = false;       // a block could not be deflated: Write fails
  std::string anchors_;  // each passage's anchors, varint-coded, one passage after the other
  size_t stock_ = 0;
};

// Adds `content` (UTF-8 text) to `builder` as document `name`: each paragraph (lines up to a
// blank line) is a passage at its first line.
void AddReferenceText(const std::string& name, const std::string& content,
                      ReferenceIndexBuilder& builder);
// The same for text made readable from `original` (HTML rendered, PDF-to-text repaired), as
// document original.path(): lines and columns are those of `original`, the file as it is, where
// each piece of the text came from.
void AddReferenceText(const text::ReadableText& readable, const SourceText& original,
                      ReferenceIndexBuilder& builder);
// Where bytes [begin, end) of `readable` (made from counter.content(), the original, whose
// positions `counter` counts) stand in the original: the place of the first byte, and an anchor
// wherever the text stops being the original's next byte (a tag or an entity left out, a page
// header dropped, a hyphenation joined). A character made from several bytes of the original (an
// entity) has one anchor, at its first byte: anchors stand at character boundaries.
PassagePlace ReadablePlace(const text::ReadableText& readable, PositionCounter& counter,
                           size_t begin, size_t end);

// The 32-bit hash of a word that a passage's word set holds (the top half of HashToken's).
inline uint32_t WordSetHash(uint64_t token_hash) { return static_cast<uint32_t>(token_hash >> 32); }

// What the overlap search reports for one question and one reference document: its passage that
// matches best.
struct ReferenceMatch {
  uint32_t doc = 0;
  uint32_t passage = 0;
  uint32_t line = 0;           // the line where the passage starts (Evidence: where the run starts)
  size_t reference_first = 0;  // the run's first word in the passage
  size_t run_first = 0;        // the longest run: query tokens [run_first, run_end)
  size_t run_end = 0;
  size_t shared = 0;  // query n-gram fingerprints found in the passage
  size_t total = 0;   // query n-gram fingerprints
  // Jaccard similarity of the query's distinct words and the passage's.
  double similarity = 0;
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
  // Or a candidate passage (one that shares a fingerprint) whose distinct words are at least
  // this similar to the query's (Jaccard), so options in another order and a few words replaced
  // still report; 0: not used.
  double min_similarity = 0;
  // Stock phrases learned from the reference itself: a run that this many passages of one
  // document or more hold (a dump's run of service names, "the responsibility of the provider
  // according to the shared responsibility model") is phrasing of that corpus, not a copy, and
  // counts only when the share or the similarity reports the passage too. A question a dump
  // repeats is still found whole by its share; mirrors are other documents. 0: off.
  size_t stock_passages = 3;
};

// One lookup: the token hashes of the query's fields in one stream (fingerprints of n-grams may
// cross fields, as they cross lines in the reference) and where each field starts.
struct ReferenceQuery {
  std::vector<uint64_t> tokens;
  std::vector<uint32_t> field_starts;  // ascending; empty: one field
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

  // The documents `query` (token hashes, fingerprinted with this index's parameters) overlaps
  // with enough to report, the longest run first, then the most similar. Candidates are the
  // passages sharing a fingerprint with the query; runs are measured within one passage and join
  // matched fingerprints at most one window apart, so a swapped word inside a copied passage does
  // not split one. Each document is reported by its best passage.
  std::vector<ReferenceMatch> Search(const ReferenceQuery& query,
                                     const OverlapOptions& options) const;
  // The same for a query of one field.
  std::vector<ReferenceMatch> Search(const std::vector<uint64_t>& tokens,
                                     const OverlapOptions& options) const {
    return Search(ReferenceQuery{tokens, {}}, options);
  }

  // The shared text of a match as it stands in the reference, and where: the run's words (about
  // run_words() of them from its first shared word) and the line and column of the first (of the
  // passage, when its lines are not the document's: PassagePlace::layout); for a match without a
  // run, the passage's text and start. A passage of a dump question gives its number. Empty for a
  // damaged passage record.
  struct Evidence {
    std::string quote;
    uint32_t line = 0;
    uint32_t column = 0;
    std::string dump_question;
  };
  Evidence EvidenceFor(const ReferenceMatch& match) const;

 private:
  struct Hit;
  uint32_t KeyAt(size_t i) const;
  uint32_t PassageAt(size_t i) const;
  uint32_t PositionAt(size_t i) const;
  // Passage p's record; false when it is damaged (a document, word or text range out of bounds).
  struct PassageView {
    uint32_t doc = 0;
    uint32_t line = 0;
    uint32_t column = 0;
    bool layout = true;
    std::string_view word_bytes;  // its word ids, delta-coded
    uint64_t text_begin = 0;      // its text and dump question number in the text stream
    uint64_t label_begin = 0;
    uint64_t label_end = 0;
    std::string_view anchor_bytes;  // its anchors beyond the first, varint-coded
  };
  bool PassageRecord(uint32_t p, PassageView* view) const;
  // Bytes [begin, end) of the text stream, inflated from the blocks that hold them; false when a
  // block is damaged.
  bool TextRange(uint64_t begin, uint64_t end, std::string* out) const;
  // The vocabulary ids of `words` (word hashes, sorted, without repeats) that the index knows,
  // ascending.
  std::vector<uint32_t> WordIds(const std::vector<uint32_t>& words) const;
  void LookUp(uint64_t hash, uint32_t first, uint32_t end, bool field,
              const OverlapOptions& options, std::vector<Hit>& hits) const;
  // The passage of hits[i, j) as a match (run, share, similarity); doc is set. The query's words
  // are `query_ids` (the known ones, as vocabulary ids) of `query_size` distinct words;
  // `passage_ids` is a buffer for the passage's words, reused from one candidate to the next.
  ReferenceMatch Measure(const std::vector<Hit>& hits, size_t i, size_t j,
                         const std::vector<uint32_t>& query_ids, size_t query_size, size_t total,
                         std::vector<uint32_t>& passage_ids) const;

  static Result<ReferenceIndex> Adopt(std::shared_ptr<const void> owner, std::string_view bytes,
                                      const std::string& path);

  std::shared_ptr<const void> owner_;  // keeps `bytes_` alive: a string or a mapping
  std::string_view bytes_;
  IndexParameters parameters_;
  std::vector<std::string> names_;
  size_t passages_ = 0;
  size_t count_ = 0;
  size_t vocabulary_size_ = 0;
  size_t block_size_ = 0;
  size_t keys_offset_ = 0;
  size_t entry_passages_offset_ = 0;
  size_t positions_offset_ = 0;
  size_t passage_records_offset_ = 0;
  size_t word_offsets_offset_ = 0;
  size_t string_offsets_offset_ = 0;
  size_t vocabulary_offset_ = 0;
  size_t block_offsets_offset_ = 0;
  size_t words_offset_ = 0;
  size_t words_size_ = 0;
  size_t anchor_offsets_offset_ = 0;
  size_t anchors_offset_ = 0;
  size_t anchors_size_ = 0;
  size_t deflated_offset_ = 0;
  size_t deflated_size_ = 0;
  uint64_t text_size_ = 0;
  std::vector<uint32_t> buckets_;  // first entry of each top-bits bucket, plus the end
  int bucket_bits_ = 0;

 public:
  // Fingerprints are bucketed by their top bits; the file holds the bucket directory, whose size
  // follows the fingerprint count (about 8 a bucket) between these bounds, so a small index is
  // small and a large one opens by reading at most 1 MB of directory; and for each fingerprint
  // the kKeyBits bits of its hash below the bucket bits.
  static constexpr int kMinBucketBits = 4;
  static constexpr int kMaxBucketBits = 18;
  static int BucketBitsFor(uint64_t fingerprints);
  static constexpr int kKeyBits = 32;
  // Uncompressed bytes of text per deflated block: a quote inflates one or two blocks.
  static constexpr size_t kTextBlock = 4096;
};

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_REFERENCE_INDEX_H_
