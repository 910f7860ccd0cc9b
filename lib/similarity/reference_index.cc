// Building, writing, reading and searching the reference fingerprint index.
#include "similarity/reference_index.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "similarity/fingerprint.h"
#include "text/text_key.h"

namespace qbank::similarity {
namespace {

constexpr char kMagic[8] = {'Q', 'B', 'K', 'R', 'E', 'F', 'I', 'X'};
constexpr uint32_t kByteOrderMark = 0x01020304;
constexpr size_t kHeaderSize = 80;
// The token hash the file depends on; bumped (with the version) if HashToken or keys change.
constexpr uint32_t kKeyScheme = 2;  // 2: capital, digit and Latin look-alikes fold

void Put32(std::string* out, uint32_t v) { out->append(reinterpret_cast<const char*>(&v), 4); }
void Put64(std::string* out, uint64_t v) { out->append(reinterpret_cast<const char*>(&v), 8); }
uint32_t Get32(std::string_view s, size_t at) {
  uint32_t v;
  std::memcpy(&v, s.data() + at, 4);
  return v;
}
uint64_t Get64(std::string_view s, size_t at) {
  uint64_t v;
  std::memcpy(&v, s.data() + at, 8);
  return v;
}
void PadTo8(std::string* out) {
  while (out->size() % 8 != 0) out->push_back('\0');
}

}  // namespace

ReferenceIndexBuilder::ReferenceIndexBuilder(IndexParameters parameters) : parameters_(parameters) {
  parameters_.ngram = std::max<uint32_t>(parameters_.ngram, 1);
  parameters_.window = std::max<uint32_t>(parameters_.window, 1);
}

uint32_t ReferenceIndexBuilder::AddDocument(std::string name) {
  // Names are stored NUL-terminated.
  name.erase(std::remove(name.begin(), name.end(), '\0'), name.end());
  documents_.push_back(std::move(name));
  return static_cast<uint32_t>(documents_.size() - 1);
}

namespace {

// True when token `w` of `key` is an option label at the start of a line ("A." or "(b)"), which
// dumps print and questions do not contain.
bool IsOptionLabel(std::string_view text, const text::TextKey& key, size_t w) {
  std::string_view token = key.Word(w);
  if (token.size() != 1 || token[0] < 'a' || token[0] > 'h') return false;
  const text::KeyWord& word = key.words[w];
  if (word.source_end >= text.size()) return false;
  char after = text[word.source_end];
  if (after != '.' && after != ')' && after != ':') return false;
  for (size_t i = word.source_begin; i > 0; --i) {
    char before = text[i - 1];
    if (before == '\n') return true;
    if (before != ' ' && before != '\t' && before != '(') return false;
  }
  return true;
}

}  // namespace

namespace {

// The fingerprint of a whole short line (a field): seeded apart from the n-gram hashes.
uint64_t FieldHash(const uint64_t* tokens, size_t count) {
  uint64_t h = 0x243F6A8885A308D3ULL;
  for (size_t k = 0; k < count; ++k) h = CombineHash(h, tokens[k]);
  return CombineHash(h, count);
}

// Whether a field of `words` words gets a fingerprint of its own: shorter fields than
// ngram + window - 1 words are not sure to share a winnowed n-gram with a copy of themselves.
bool ShortField(size_t words, const IndexParameters& p) {
  return words >= 2 && words + 1 < size_t{p.ngram} + p.window;
}

}  // namespace

double WordSetSimilarity(const std::vector<uint32_t>& a, const uint32_t* b, size_t b_size) {
  if (a.empty() && b_size == 0) return 0.0;
  size_t i = 0, j = 0, common = 0;
  while (i < a.size() && j < b_size) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++common;
      ++i;
      ++j;
    }
  }
  return static_cast<double>(common) / static_cast<double>(a.size() + b_size - common);
}

void ReferenceIndexBuilder::AddEntry(uint64_t hash, const std::vector<uint64_t>& tokens,
                                     size_t first, size_t end) {
  // The context: the words on both sides of the fingerprinted words within the passage.
  const size_t side = parameters_.context_words;
  uint64_t context = 0x9E3779B97F4A7C15ULL;
  for (size_t t = first >= side ? first - side : 0; t < first; ++t) {
    context = CombineHash(context, tokens[t]);
  }
  context = CombineHash(context, 0);
  for (size_t t = end; t < std::min(tokens.size(), end + side); ++t) {
    context = CombineHash(context, tokens[t]);
  }
  entries_.push_back(
      {hash, context, static_cast<uint32_t>(passages_.size() - 1), static_cast<uint32_t>(first)});
}

void ReferenceIndexBuilder::AddPassage(uint32_t doc, const PassagePlace& place,
                                       std::string_view text) {
  text::TextKey key = text::MakeTextKey(text);
  std::vector<uint64_t> tokens;
  std::vector<size_t> fields = {0};  // first token of each line that has one
  size_t scanned = 0;
  for (size_t w = 0; w < key.size(); ++w) {
    if (IsOptionLabel(text, key, w)) continue;
    bool new_line = false;
    for (; scanned < key.words[w].source_begin; ++scanned) new_line |= text[scanned] == '\n';
    if (new_line && !tokens.empty()) fields.push_back(tokens.size());
    tokens.push_back(HashToken(key.Word(w)));
  }
  fields.push_back(tokens.size());
  Passage passage{
      doc, place.line, place.column, place.layout ? 1u : 0u, words_.size(), strings_.size(), 0};
  strings_.append(text);
  passage.label_begin = strings_.size();
  strings_.append(place.dump_question);
  passages_.push_back(passage);
  const size_t words_begin = words_.size();
  for (uint64_t t : tokens) words_.push_back(WordSetHash(t));
  std::sort(words_.begin() + static_cast<std::ptrdiff_t>(words_begin), words_.end());
  words_.erase(std::unique(words_.begin() + static_cast<std::ptrdiff_t>(words_begin), words_.end()),
               words_.end());
  const size_t n = parameters_.ngram;
  if (tokens.size() >= n) {
    std::vector<uint64_t> ngrams = NgramHashes(tokens, n);
    for (size_t pos : Winnow(ngrams, parameters_.window)) {
      AddEntry(ngrams[pos], tokens, pos, pos + n);
    }
  }
  for (size_t f = 0; f + 1 < fields.size(); ++f) {
    const size_t count = fields[f + 1] - fields[f];
    if (!ShortField(count, parameters_)) continue;
    AddEntry(FieldHash(tokens.data() + fields[f], count), tokens, fields[f], fields[f + 1]);
  }
}

void ReferenceIndexBuilder::DropStockPhrasing() {
  if (parameters_.stock_contexts == 0) return;
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return a.hash != b.hash ? a.hash < b.hash : a.context < b.context;
  });
  size_t kept = 0;
  for (size_t i = 0; i < entries_.size();) {
    size_t j = i;
    size_t contexts = 0;
    for (; j < entries_.size() && entries_[j].hash == entries_[i].hash; ++j) {
      contexts += j == i || entries_[j].context != entries_[j - 1].context;
    }
    if (contexts >= parameters_.stock_contexts) {
      stock_ += j - i;
    } else {
      for (size_t k = i; k < j; ++k) entries_[kept++] = entries_[k];
    }
    i = j;
  }
  entries_.resize(kept);
}

std::string ReferenceIndexBuilder::Serialize() {
  DropStockPhrasing();
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    if (a.hash != b.hash) return a.hash < b.hash;
    return a.passage != b.passage ? a.passage < b.passage : a.position < b.position;
  });
  std::string names;
  for (const std::string& n : documents_) {
    names += n;
    names.push_back('\0');
  }
  std::string out;
  const int bucket_bits = ReferenceIndex::BucketBitsFor(entries_.size());
  out.reserve(kHeaderSize + names.size() + 16 + (size_t{4} << bucket_bits) + entries_.size() * 16 +
              passages_.size() * 40 + 16 + words_.size() * 4 + strings_.size());
  out.append(kMagic, sizeof kMagic);
  Put32(&out, kReferenceIndexVersion);
  Put32(&out, kByteOrderMark);
  Put32(&out, parameters_.ngram);
  Put32(&out, parameters_.window);
  Put32(&out, kKeyScheme);
  Put32(&out, static_cast<uint32_t>(bucket_bits));
  Put64(&out, documents_.size());
  Put64(&out, passages_.size());
  Put64(&out, entries_.size());
  Put64(&out, names.size());
  Put64(&out, words_.size());
  Put64(&out, strings_.size());
  out.append(names);
  PadTo8(&out);
  // The bucket directory: the first entry of each top-bits bucket, plus the end.
  std::vector<uint32_t> buckets((size_t{1} << bucket_bits) + 1, 0);
  for (const Entry& e : entries_) ++buckets[(e.hash >> (64 - bucket_bits)) + 1];
  for (size_t b = 1; b < buckets.size(); ++b) buckets[b] += buckets[b - 1];
  for (uint32_t b : buckets) Put32(&out, b);
  PadTo8(&out);
  for (const Entry& e : entries_) Put64(&out, e.hash);
  for (const Entry& e : entries_) Put32(&out, e.passage);
  for (const Entry& e : entries_) Put32(&out, e.position);
  for (const Passage& p : passages_) {
    Put32(&out, p.doc);
    Put32(&out, p.line);
    Put32(&out, p.column);
    Put32(&out, p.layout);
  }
  for (const Passage& p : passages_) Put64(&out, p.words_begin);
  Put64(&out, words_.size());
  for (const Passage& p : passages_) {
    Put64(&out, p.text_begin);
    Put64(&out, p.label_begin);
  }
  Put64(&out, strings_.size());
  for (uint32_t w : words_) Put32(&out, w);
  out.append(strings_);
  return out;
}

Result<ReferenceIndex> ReferenceIndex::Parse(std::string bytes, const std::string& path) {
  auto owner = std::make_shared<const std::string>(std::move(bytes));
  std::string_view view = *owner;
  return Adopt(std::move(owner), view, path);
}

Result<ReferenceIndex> ReferenceIndex::LoadMapped(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::NotFound(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Status::IoError(path + ": not a regular file");
  }
  size_t size = static_cast<size_t>(st.st_size);
  if (size < kHeaderSize) {
    ::close(fd);
    return Parse(std::string(), path);  // the same "not an index" message
  }
  void* address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (address == MAP_FAILED) return Status::IoError(path + ": cannot map: " + std::strerror(errno));
  std::shared_ptr<const void> owner(
      address, [size](const void* a) { ::munmap(const_cast<void*>(a), size); });
  return Adopt(std::move(owner), std::string_view(static_cast<const char*>(address), size), path);
}

namespace {

// The document names: NUL-terminated, one after another. False when the last is unterminated.
bool ReadNames(std::string_view names, std::vector<std::string>* out) {
  while (!names.empty()) {
    size_t nul = names.find('\0');
    if (nul == std::string_view::npos) return false;
    out->emplace_back(names.substr(0, nul));
    names.remove_prefix(nul + 1);
  }
  return true;
}

// The bucket directory must rise from 0 to the entry count; entries and passage records are not
// scanned (a damaged one can only give a wrong match, and ids and offsets are checked when used),
// so a mapped index opens without reading them.
bool ReadDirectory(std::string_view bytes, uint64_t directory, uint64_t bucket_count,
                   uint64_t count, std::vector<uint32_t>* buckets) {
  buckets->resize(bucket_count);
  uint32_t previous = 0;
  for (uint64_t b = 0; b < bucket_count; ++b) {
    uint32_t v = Get32(bytes, directory + b * 4);
    if (v < previous || v > count || (b == 0 && v != 0)) return false;
    (*buckets)[b] = previous = v;
  }
  return previous == count;
}

}  // namespace

int ReferenceIndex::BucketBitsFor(uint64_t fingerprints) {
  int bits = kMinBucketBits;
  while (bits < kMaxBucketBits && (uint64_t{8} << bits) < fingerprints) ++bits;
  return bits;
}

Result<ReferenceIndex> ReferenceIndex::Adopt(std::shared_ptr<const void> owner,
                                             std::string_view bytes, const std::string& path) {
  auto bad = [&](const std::string& what) {
    return Status::InvalidInput(path + ": not a usable qbank reference index: " + what +
                                " (rebuild it with `qbank index build SOURCE... -o " + path + "`)");
  };
  if (bytes.size() < 12 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return bad("expected the \"QBKREFIX\" signature at byte 0");
  }
  ReferenceIndex index;
  uint32_t version = Get32(bytes, 8);
  if (version != kReferenceIndexVersion) {
    return bad("version " + std::to_string(version) + ", expected version " +
               std::to_string(kReferenceIndexVersion));
  }
  if (bytes.size() < kHeaderSize) return bad("truncated header");
  if (Get32(bytes, 12) != kByteOrderMark) return bad("written with another byte order");
  index.parameters_.ngram = Get32(bytes, 16);
  index.parameters_.window = Get32(bytes, 20);
  if (Get32(bytes, 24) != kKeyScheme) return bad("made with another comparison-key scheme");
  if (index.parameters_.ngram == 0 || index.parameters_.ngram > 64 ||
      index.parameters_.window == 0 || index.parameters_.window > 1024) {
    return bad("n-gram size or window out of range");
  }
  uint64_t doc_count = Get64(bytes, 32);
  uint64_t passages = Get64(bytes, 40);
  uint64_t count = Get64(bytes, 48);
  uint64_t names_size = Get64(bytes, 56);
  uint64_t words = Get64(bytes, 64);
  uint64_t strings = Get64(bytes, 72);
  uint64_t available = bytes.size() - kHeaderSize;
  if (names_size > available || doc_count > names_size) return bad("truncated document names");
  uint64_t names_end = kHeaderSize + names_size;
  uint32_t bucket_bits = Get32(bytes, 28);
  if (bucket_bits < kMinBucketBits || bucket_bits > kMaxBucketBits ||
      static_cast<int>(bucket_bits) != BucketBitsFor(count)) {
    return bad("bucket directory size " + std::to_string(bucket_bits) + " does not fit " +
               std::to_string(count) + " fingerprints");
  }
  index.bucket_bits_ = static_cast<int>(bucket_bits);
  const uint64_t bucket_count = (uint64_t{1} << bucket_bits) + 1;
  uint64_t directory = (names_end + 7) / 8 * 8;
  uint64_t table = (directory + bucket_count * 4 + 7) / 8 * 8;
  // Each count is bounded by the file size first, so the sum below cannot overflow.
  if (table > bytes.size() || count > bytes.size() / 16 || passages > bytes.size() / 16 ||
      words > bytes.size() / 4 || strings > bytes.size() || count > UINT32_MAX ||
      passages > UINT32_MAX ||
      table + count * 16 + passages * 40 + 16 + words * 4 + strings != bytes.size()) {
    return bad("expected " + std::to_string(count) + " fingerprints, " + std::to_string(passages) +
               " passages, " + std::to_string(words) + " passage words and " +
               std::to_string(strings) + " bytes of passage text; the file size does not match");
  }
  if (!ReadNames(bytes.substr(kHeaderSize, names_size), &index.names_)) {
    return bad("unterminated document name");
  }
  if (index.names_.size() != doc_count) return bad("document count does not match the names");
  if (!ReadDirectory(bytes, directory, bucket_count, count, &index.buckets_)) {
    return bad("damaged bucket directory");
  }
  index.passages_ = passages;
  index.count_ = count;
  index.words_count_ = words;
  index.hashes_offset_ = table;
  index.entry_passages_offset_ = table + count * 8;
  index.positions_offset_ = table + count * 12;
  index.passage_records_offset_ = table + count * 16;
  index.word_offsets_offset_ = index.passage_records_offset_ + passages * 16;
  index.string_offsets_offset_ = index.word_offsets_offset_ + (passages + 1) * 8;
  index.words_offset_ = index.string_offsets_offset_ + (passages * 2 + 1) * 8;
  index.strings_offset_ = index.words_offset_ + words * 4;
  index.strings_size_ = strings;
  index.owner_ = std::move(owner);
  index.bytes_ = bytes;
  return index;
}

Result<ReferenceIndex> ReferenceIndex::Load(const FileSystem& fs, const std::string& path) {
  Result<std::string> bytes = fs.ReadFile(path);
  if (!bytes.ok()) return bytes.status();
  return Parse(std::move(bytes).value(), path);
}

uint64_t ReferenceIndex::HashAt(size_t i) const { return Get64(bytes_, hashes_offset_ + i * 8); }
uint32_t ReferenceIndex::PassageAt(size_t i) const {
  return Get32(bytes_, entry_passages_offset_ + i * 4);
}
uint32_t ReferenceIndex::PositionAt(size_t i) const {
  return Get32(bytes_, positions_offset_ + i * 4);
}

bool ReferenceIndex::PassageRecord(uint32_t p, PassageView* view) const {
  if (p >= passages_) return false;
  const size_t record = passage_records_offset_ + size_t{p} * 16;
  view->doc = Get32(bytes_, record);
  view->line = Get32(bytes_, record + 4);
  view->column = Get32(bytes_, record + 8);
  view->layout = Get32(bytes_, record + 12) != 0;
  uint64_t begin = Get64(bytes_, word_offsets_offset_ + size_t{p} * 8);
  uint64_t end = Get64(bytes_, word_offsets_offset_ + size_t{p} * 8 + 8);
  if (view->doc >= names_.size() || begin > end || end > words_count_) return false;
  // Word hashes are 4-byte aligned in the file (the tables before them are 8-byte aligned).
  view->words = reinterpret_cast<const uint32_t*>(bytes_.data() + words_offset_ + begin * 4);
  view->word_count = static_cast<size_t>(end - begin);
  const size_t strings = string_offsets_offset_ + size_t{p} * 16;
  uint64_t text = Get64(bytes_, strings);
  uint64_t label = Get64(bytes_, strings + 8);
  uint64_t next = Get64(bytes_, strings + 16);
  if (text > label || label > next || next > strings_size_) return false;
  view->text = bytes_.substr(strings_offset_ + text, label - text);
  view->dump_question = bytes_.substr(strings_offset_ + label, next - label);
  return true;
}

struct ReferenceIndex::Hit {
  uint32_t passage;
  uint32_t first;  // the query words the fingerprint covers: [first, end)
  uint32_t end;
  uint32_t position;  // the fingerprint's first word in the passage
  bool field;         // a whole short line, not an n-gram
};

void ReferenceIndex::LookUp(uint64_t hash, uint32_t first, uint32_t end, bool field,
                            const OverlapOptions& options, std::vector<Hit>& hits) const {
  size_t bucket = hash >> (64 - bucket_bits_);
  size_t lo = buckets_[bucket];
  size_t hi = buckets_[bucket + 1];
  while (lo < hi) {  // first entry >= hash
    size_t mid = lo + (hi - lo) / 2;
    if (HashAt(mid) < hash) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  size_t last = lo;
  while (last < buckets_[bucket + 1] && HashAt(last) == hash) ++last;
  if (last == lo || (options.max_postings != 0 && last - lo > options.max_postings)) return;
  for (size_t i = lo; i < last; ++i) {
    if (PassageAt(i) < passages_) hits.push_back({PassageAt(i), first, end, PositionAt(i), field});
  }
}

ReferenceMatch ReferenceIndex::Measure(const std::vector<Hit>& hits, size_t i, size_t j,
                                       const std::vector<uint32_t>& query_words,
                                       size_t total) const {
  ReferenceMatch m;
  m.passage = hits[i].passage;
  m.total = total;
  // Runs and the share count n-grams only: a whole-line fingerprint makes a passage a candidate,
  // but lines matched in another order are not one run of the reference's text.
  const size_t window = parameters_.window;
  size_t run_start = j;
  size_t run_end = 0;
  size_t previous = j;
  auto close_run = [&]() {
    if (run_start < j && run_end - hits[run_start].first > m.run_words()) {
      m.run_first = hits[run_start].first;
      m.run_end = run_end;
      m.reference_first = hits[run_start].position;
    }
  };
  for (size_t k = i; k < j; ++k) {
    if (hits[k].field) continue;
    if (previous == j || hits[k].first != hits[previous].first) ++m.shared;
    if (previous == j || hits[k].first > hits[previous].first + window) {
      close_run();
      run_start = k;
      run_end = hits[k].end;
    }
    run_end = std::max<size_t>(run_end, hits[k].end);
    previous = k;
  }
  close_run();
  PassageView passage;
  if (PassageRecord(m.passage, &passage)) {
    m.doc = passage.doc;
    m.line = passage.line;
    m.similarity = WordSetSimilarity(query_words, passage.words, passage.word_count);
  } else {
    m.doc = UINT32_MAX;  // a damaged record: not reported
  }
  return m;
}

std::vector<ReferenceMatch> ReferenceIndex::Search(const ReferenceQuery& query,
                                                   const OverlapOptions& options) const {
  std::vector<ReferenceMatch> matches;
  const std::vector<uint64_t>& tokens = query.tokens;
  if (tokens.empty() || count_ == 0) return matches;
  const size_t n = parameters_.ngram;
  std::vector<Hit> hits;
  size_t total = 0;
  std::vector<uint64_t> ngrams = NgramHashes(tokens, n);
  if (!ngrams.empty()) {
    for (size_t pos : Winnow(ngrams, parameters_.window)) {
      LookUp(ngrams[pos], static_cast<uint32_t>(pos), static_cast<uint32_t>(pos + n), false,
             options, hits);
      ++total;
    }
  }
  // Short fields are looked up whole, as the index holds them.
  std::vector<size_t> bounds(query.field_starts.begin(), query.field_starts.end());
  if (bounds.empty() || bounds.front() != 0) bounds.insert(bounds.begin(), 0);
  bounds.push_back(tokens.size());
  for (size_t f = 0; f + 1 < bounds.size(); ++f) {
    if (bounds[f + 1] < bounds[f] || bounds[f + 1] > tokens.size()) break;
    const size_t count = bounds[f + 1] - bounds[f];
    if (!ShortField(count, parameters_)) continue;
    LookUp(FieldHash(tokens.data() + bounds[f], count), static_cast<uint32_t>(bounds[f]),
           static_cast<uint32_t>(bounds[f + 1]), true, options, hits);
  }
  if (hits.empty()) return matches;
  std::vector<uint32_t> query_words;
  query_words.reserve(tokens.size());
  for (uint64_t t : tokens) query_words.push_back(WordSetHash(t));
  std::sort(query_words.begin(), query_words.end());
  query_words.erase(std::unique(query_words.begin(), query_words.end()), query_words.end());
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.passage != b.passage) return a.passage < b.passage;
    if (a.first != b.first) return a.first < b.first;
    return a.field != b.field ? b.field : a.position < b.position;
  });
  for (size_t i = 0; i < hits.size();) {
    size_t j = i;
    while (j < hits.size() && hits[j].passage == hits[i].passage) ++j;
    ReferenceMatch m = Measure(hits, i, j, query_words, total);
    bool long_run = m.run_words() >= options.min_run_words;
    bool large_share = m.shared >= options.min_shared && m.share() >= options.min_share;
    bool similar = options.min_similarity > 0 && m.similarity >= options.min_similarity;
    if (m.doc != UINT32_MAX && (long_run || large_share || similar)) matches.push_back(m);
    i = j;
  }
  // Each document by its best passage: the longest run, then the most similar.
  auto better = [](const ReferenceMatch& a, const ReferenceMatch& b) {
    if (a.run_words() != b.run_words()) return a.run_words() > b.run_words();
    if (a.similarity != b.similarity) return a.similarity > b.similarity;
    return a.shared != b.shared ? a.shared > b.shared : a.passage < b.passage;
  };
  std::sort(matches.begin(), matches.end(), [&](const ReferenceMatch& a, const ReferenceMatch& b) {
    return a.doc != b.doc ? a.doc < b.doc : better(a, b);
  });
  matches.erase(
      std::unique(matches.begin(), matches.end(),
                  [](const ReferenceMatch& a, const ReferenceMatch& b) { return a.doc == b.doc; }),
      matches.end());
  std::sort(matches.begin(), matches.end(), [&](const ReferenceMatch& a, const ReferenceMatch& b) {
    return better(a, b) || (!better(b, a) && a.doc < b.doc);
  });
  return matches;
}

namespace {

size_t CodePoints(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

ReferenceIndex::Evidence ReferenceIndex::EvidenceFor(const ReferenceMatch& match) const {
  Evidence evidence;
  PassageView passage;
  if (!PassageRecord(match.passage, &passage)) return evidence;
  evidence.dump_question = std::string(passage.dump_question);
  evidence.line = passage.line;
  evidence.column = passage.column;
  std::string_view text = passage.text;
  size_t begin = 0;
  size_t end = text.size();  // without a run: the passage
  if (match.run_words() > 0) {
    // The passage's words as the index counted them (option labels skipped).
    text::TextKey key = text::MakeTextKey(text);
    std::vector<size_t> kept;
    for (size_t w = 0; w < key.size(); ++w) {
      if (!IsOptionLabel(text, key, w)) kept.push_back(w);
    }
    if (kept.empty()) return evidence;
    size_t first = std::min(match.reference_first, kept.size() - 1);
    size_t last = std::min(first + match.run_words(), kept.size()) - 1;
    begin = key.words[kept[first]].source_begin;
    end = key.words[kept[last]].source_end;
  }
  evidence.quote = std::string(text.substr(begin, end - begin));
  // In text whose lines are the document's, the quote's line and column are counted from the
  // passage's start; a question is placed at its start.
  if (passage.layout) {
    std::string_view before = text.substr(0, begin);
    size_t breaks = static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
    size_t line_start = before.rfind('\n');
    evidence.line = static_cast<uint32_t>(std::min<size_t>(passage.line + breaks, UINT32_MAX));
    size_t column = line_start == std::string_view::npos
                        ? passage.column + CodePoints(before)
                        : 1 + CodePoints(before.substr(line_start + 1));
    evidence.column = static_cast<uint32_t>(std::min<size_t>(column, UINT32_MAX));
  }
  return evidence;
}

namespace {

void AddTextPassages(uint32_t doc, const std::string& content, ReferenceIndexBuilder& builder) {
  size_t line = 1;
  size_t i = 0;
  while (i < content.size()) {
    // Skip blank lines, then take lines up to the next blank line.
    size_t eol = content.find('\n', i);
    if (eol == std::string::npos) eol = content.size();
    std::string_view l(content.data() + i, eol - i);
    if (l.find_first_not_of(" \t\r") == std::string_view::npos) {
      i = eol + 1;
      ++line;
      continue;
    }
    size_t start = i;
    size_t start_line = line;
    while (i < content.size()) {
      eol = content.find('\n', i);
      if (eol == std::string::npos) eol = content.size();
      std::string_view current(content.data() + i, eol - i);
      if (current.find_first_not_of(" \t\r") == std::string_view::npos) break;
      i = eol + 1;
      ++line;
    }
    size_t end = std::min(i, content.size());
    builder.AddPassage(doc, static_cast<uint32_t>(start_line),
                       std::string_view(content).substr(start, end - start));
  }
}

}  // namespace

void AddReferenceText(const std::string& name, const std::string& content,
                      ReferenceIndexBuilder& builder) {
  AddTextPassages(builder.AddDocument(name), content, builder);
}

}  // namespace qbank::similarity
