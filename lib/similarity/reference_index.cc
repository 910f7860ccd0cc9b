// Building, writing, reading and searching the reference fingerprint index.
#include "similarity/reference_index.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <memory>
#include <sstream>

#include "base/source_alignment.h"
#include "base/source_text.h"
#include "similarity/fingerprint.h"
#include "similarity/sorted_sets.h"
#include "text/text_key.h"
#include "zip/deflate.h"

namespace qbank::similarity {
namespace {

constexpr char kMagic[8] = {'Q', 'B', 'K', 'R', 'E', 'F', 'I', 'X'};
constexpr uint32_t kByteOrderMark = 0x01020304;
constexpr size_t kHeaderSize = 112;
// The token hash the file depends on; bumped (with the version) if HashToken or keys change.
constexpr uint32_t kKeyScheme = 2;  // 2: capital, digit and Latin look-alikes fold

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

// The file as it is written: bytes gathered and passed to the stream a megabyte at a time.
class FileWriter {
 public:
  explicit FileWriter(std::ostream& out) : out_(out) {}
  ~FileWriter() { Flush(); }
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;
  void Put32(uint32_t v) { Append(std::string_view(reinterpret_cast<const char*>(&v), 4)); }
  void Put64(uint64_t v) { Append(std::string_view(reinterpret_cast<const char*>(&v), 8)); }
  void Append(std::string_view bytes) {
    buffer_.append(bytes);
    written_ += bytes.size();
    if (buffer_.size() >= (size_t{1} << 20)) Flush();
  }
  void PadTo8() {
    while (written_ % 8 != 0) Append(std::string_view("\0", 1));
  }
  void Flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
  }

 private:
  std::ostream& out_;
  std::string buffer_;
  uint64_t written_ = 0;
};

// Unsigned LEB128: 7 bits a byte, the high bit set on every byte but the last.
void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// One unsigned LEB128 number of `bytes` from `*at` on (advanced past it); false when malformed.
bool GetVarint(std::string_view bytes, size_t* at, uint64_t* v) {
  *v = 0;
  for (int shift = 0; shift <= 63; shift += 7) {
    if (*at >= bytes.size()) return false;
    auto byte = static_cast<unsigned char>(bytes[(*at)++]);
    *v |= uint64_t{byte & 0x7Fu} << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

// Decodes the delta-coded ids of `bytes` into `ids`; false for a malformed or overflowing one.
bool DecodeIds(std::string_view bytes, std::vector<uint32_t>* ids) {
  ids->clear();
  uint64_t id = 0;
  for (size_t i = 0; i < bytes.size();) {
    uint64_t delta = 0;
    if (!GetVarint(bytes, &i, &delta) || delta > UINT32_MAX) return false;
    id += delta;
    if (id > UINT32_MAX || (!ids->empty() && delta == 0)) return false;
    ids->push_back(static_cast<uint32_t>(id));
  }
  return true;
}

}  // namespace

ReferenceIndexBuilder::ReferenceIndexBuilder(IndexParameters parameters, int deflate_level)
    : parameters_(parameters), deflate_level_(deflate_level) {
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
  Passage passage{doc,        place.line, place.column,   place.layout ? 1u : 0u, words_.size(),
                  text_size_, 0,          anchors_.size()};
  uint32_t previous_offset = 0;
  for (const PassageAnchor& a : place.anchors) {
    if (a.offset <= previous_offset || a.offset >= text.size()) continue;  // ascending, inside
    PutVarint((uint64_t{a.offset - previous_offset} << 1) | (a.exact ? 1 : 0), &anchors_);
    PutVarint(a.line, &anchors_);
    PutVarint(a.column, &anchors_);
    previous_offset = a.offset;
  }
  AppendText(text);
  passage.label_begin = text_size_;
  AppendText(place.dump_question);
  passages_.push_back(passage);
  const size_t words_begin = words_.size();
  for (uint64_t t : tokens) words_.push_back(WordSetHash(t));
  std::sort(words_.begin() + static_cast<std::ptrdiff_t>(words_begin), words_.end());
  words_.erase(std::unique(words_.begin() + static_cast<std::ptrdiff_t>(words_begin), words_.end()),
               words_.end());
  for (size_t w = words_begin; w < words_.size(); ++w) vocabulary_.emplace(words_[w], 0);
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

void ReferenceIndexBuilder::AppendText(std::string_view text) {
  text_size_ += text.size();
  while (!text.empty()) {
    size_t take = std::min(text.size(), ReferenceIndex::kTextBlock - pending_text_.size());
    pending_text_.append(text.substr(0, take));
    text.remove_prefix(take);
    if (pending_text_.size() == ReferenceIndex::kTextBlock) DeflatePending();
  }
}

void ReferenceIndexBuilder::DeflatePending() {
  // A block zlib could not deflate would read back as damaged, and every quote from it empty.
  if (!zip::DeflateAppend(pending_text_, deflate_level_, &deflated_)) deflate_failed_ = true;
  block_ends_.push_back(deflated_.size());
  pending_text_.clear();
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

std::string ReferenceIndexBuilder::EncodeWords(std::vector<uint64_t>* offsets,
                                               std::vector<uint32_t>* vocabulary) {
  vocabulary->clear();
  vocabulary->reserve(vocabulary_.size());
  for (const auto& entry : vocabulary_) vocabulary->push_back(entry.first);
  std::sort(vocabulary->begin(), vocabulary->end());
  for (size_t id = 0; id < vocabulary->size(); ++id) {
    vocabulary_[(*vocabulary)[id]] = static_cast<uint32_t>(id);
  }
  std::string encoded;
  offsets->assign(1, 0);
  for (size_t p = 0; p < passages_.size(); ++p) {
    const size_t end = p + 1 < passages_.size() ? passages_[p + 1].words_begin : words_.size();
    uint32_t previous = 0;
    // A passage's hashes are sorted, so their ids ascend.
    for (size_t w = passages_[p].words_begin; w < end; ++w) {
      uint32_t id = vocabulary_[words_[w]];
      PutVarint(id - previous, &encoded);
      previous = id;
    }
    offsets->push_back(encoded.size());
  }
  std::vector<uint32_t>().swap(words_);
  std::unordered_map<uint32_t, uint32_t>().swap(vocabulary_);
  return encoded;
}

// long-function: the file's sections in their order, one after the other (the layout in one place)
Status ReferenceIndexBuilder::Write(std::ostream& stream) {
  if (!pending_text_.empty()) DeflatePending();
  std::string().swap(pending_text_);
  if (deflate_failed_) {
    return Status::IoError("zlib could not compress the passage text at level " +
                           std::to_string(deflate_level_) + " (out of memory?); nothing written");
  }
  DropStockPhrasing();
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    if (a.hash != b.hash) return a.hash < b.hash;
    return a.passage != b.passage ? a.passage < b.passage : a.position < b.position;
  });
  std::vector<uint64_t> word_offsets;
  std::vector<uint32_t> vocabulary;
  const std::string words = EncodeWords(&word_offsets, &vocabulary);
  std::string names;
  for (const std::string& n : documents_) {
    names += n;
    names.push_back('\0');
  }
  const int bucket_bits = ReferenceIndex::BucketBitsFor(entries_.size());
  FileWriter out(stream);
  out.Append(std::string_view(kMagic, sizeof kMagic));
  out.Put32(kReferenceIndexVersion);
  out.Put32(kByteOrderMark);
  out.Put32(parameters_.ngram);
  out.Put32(parameters_.window);
  out.Put32(kKeyScheme);
  out.Put32(static_cast<uint32_t>(bucket_bits));
  out.Put64(documents_.size());
  out.Put64(passages_.size());
  out.Put64(entries_.size());
  out.Put64(names.size());
  out.Put64(vocabulary.size());
  out.Put64(words.size());
  out.Put64(text_size_);
  out.Put64(deflated_.size());
  out.Put32(static_cast<uint32_t>(ReferenceIndex::kTextBlock));
  out.Put32(0);  // reserved
  out.Put64(anchors_.size());
  out.Append(names);
  out.PadTo8();
  // The bucket directory: the first entry of each top-bits bucket, plus the end.
  const int shift = 64 - bucket_bits;
  std::vector<uint32_t> buckets((size_t{1} << bucket_bits) + 1, 0);
  for (const Entry& e : entries_) ++buckets[(e.hash >> shift) + 1];
  for (size_t b = 1; b < buckets.size(); ++b) buckets[b] += buckets[b - 1];
  for (uint32_t b : buckets) out.Put32(b);
  out.PadTo8();
  for (const Entry& e : entries_) {
    out.Put32(static_cast<uint32_t>(e.hash >> (shift - ReferenceIndex::kKeyBits)));
  }
  for (const Entry& e : entries_) out.Put32(e.passage);
  for (const Entry& e : entries_) out.Put32(e.position);
  for (const Passage& p : passages_) {
    out.Put32(p.doc);
    out.Put32(p.line);
    out.Put32(p.column);
    out.Put32(p.layout);
  }
  for (uint64_t offset : word_offsets) out.Put64(offset);
  for (const Passage& p : passages_) {
    out.Put64(p.text_begin);
    out.Put64(p.label_begin);
  }
  out.Put64(text_size_);
  for (const Passage& p : passages_) out.Put64(p.anchors_begin);
  out.Put64(anchors_.size());
  for (uint32_t w : vocabulary) out.Put32(w);
  out.Put64(0);
  for (uint64_t end : block_ends_) out.Put64(end);
  out.Append(words);
  out.Append(anchors_);
  out.Append(deflated_);
  return Status::Ok();
}

Result<std::string> ReferenceIndexBuilder::Serialize() {
  std::ostringstream out;
  QBANK_RETURN_IF_ERROR(Write(out));
  return std::move(out).str();
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

Status Unusable(const std::string& path, const std::string& what) {
  return Status::InvalidInput(path + ": not a usable qbank reference index: " + what +
                              " (rebuild it with `qbank index build SOURCE... -o " + path + "`)");
}

// The header's signature, version, byte order, key scheme and parameters; the block size in
// `block_size`.
Status CheckHeader(std::string_view bytes, const std::string& path, IndexParameters* parameters,
                   size_t* block_size) {
  if (bytes.size() < 12 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return Unusable(path, "expected the \"QBKREFIX\" signature at byte 0");
  }
  uint32_t version = Get32(bytes, 8);
  if (version != kReferenceIndexVersion) {
    return Unusable(path, "version " + std::to_string(version) + ", expected version " +
                              std::to_string(kReferenceIndexVersion));
  }
  if (bytes.size() < kHeaderSize) return Unusable(path, "truncated header");
  if (Get32(bytes, 12) != kByteOrderMark) return Unusable(path, "written with another byte order");
  parameters->ngram = Get32(bytes, 16);
  parameters->window = Get32(bytes, 20);
  if (Get32(bytes, 24) != kKeyScheme) {
    return Unusable(path, "made with another comparison-key scheme");
  }
  if (parameters->ngram == 0 || parameters->ngram > 64 || parameters->window == 0 ||
      parameters->window > 1024) {
    return Unusable(path, "n-gram size or window out of range");
  }
  *block_size = Get32(bytes, 96);
  if (*block_size < 1024 || *block_size > (size_t{1} << 24)) {
    return Unusable(path, "text block size out of range");
  }
  return Status::Ok();
}

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
  auto bad = [&](const std::string& what) { return Unusable(path, what); };
  ReferenceIndex index;
  QBANK_RETURN_IF_ERROR(CheckHeader(bytes, path, &index.parameters_, &index.block_size_));
  uint64_t doc_count = Get64(bytes, 32);
  uint64_t passages = Get64(bytes, 40);
  uint64_t count = Get64(bytes, 48);
  uint64_t names_size = Get64(bytes, 56);
  uint64_t vocabulary = Get64(bytes, 64);
  uint64_t words = Get64(bytes, 72);
  uint64_t text = Get64(bytes, 80);
  uint64_t deflated = Get64(bytes, 88);
  uint64_t anchors = Get64(bytes, 104);
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
  const uint64_t size = bytes.size();
  if (table > size || count > size / 12 || passages > size / 48 || vocabulary > size / 4 ||
      words > size || deflated > size || anchors > size || text > (uint64_t{1} << 40) ||
      count > UINT32_MAX || passages > UINT32_MAX || vocabulary > UINT32_MAX) {
    return bad("counts larger than the file");
  }
  const uint64_t blocks = (text + index.block_size_ - 1) / index.block_size_;
  if (blocks > size / 8 || table + count * 12 + passages * 48 + 24 + vocabulary * 4 +
                                   (blocks + 1) * 8 + words + anchors + deflated !=
                               size) {
    return bad("expected " + std::to_string(count) + " fingerprints, " + std::to_string(passages) +
               " passages, a vocabulary of " + std::to_string(vocabulary) + " words, " +
               std::to_string(words) + " bytes of passage words and " + std::to_string(deflated) +
               " of deflated text; the file size does not match");
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
  index.vocabulary_size_ = vocabulary;
  index.keys_offset_ = table;
  index.entry_passages_offset_ = table + count * 4;
  index.positions_offset_ = table + count * 8;
  index.passage_records_offset_ = table + count * 12;
  index.word_offsets_offset_ = index.passage_records_offset_ + passages * 16;
  index.string_offsets_offset_ = index.word_offsets_offset_ + (passages + 1) * 8;
  index.anchor_offsets_offset_ = index.string_offsets_offset_ + (passages * 2 + 1) * 8;
  index.vocabulary_offset_ = index.anchor_offsets_offset_ + (passages + 1) * 8;
  index.block_offsets_offset_ = index.vocabulary_offset_ + vocabulary * 4;
  index.words_offset_ = index.block_offsets_offset_ + (blocks + 1) * 8;
  index.words_size_ = words;
  index.anchors_offset_ = index.words_offset_ + words;
  index.anchors_size_ = anchors;
  index.deflated_offset_ = index.anchors_offset_ + anchors;
  index.deflated_size_ = deflated;
  index.text_size_ = text;
  index.owner_ = std::move(owner);
  index.bytes_ = bytes;
  return index;
}

Result<ReferenceIndex> ReferenceIndex::Load(const FileSystem& fs, const std::string& path) {
  Result<std::string> bytes = fs.ReadFile(path);
  if (!bytes.ok()) return bytes.status();
  return Parse(std::move(bytes).value(), path);
}

uint32_t ReferenceIndex::KeyAt(size_t i) const { return Get32(bytes_, keys_offset_ + i * 4); }
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
  if (view->doc >= names_.size() || begin > end || end > words_size_) return false;
  view->word_bytes = bytes_.substr(words_offset_ + begin, end - begin);
  const size_t strings = string_offsets_offset_ + size_t{p} * 16;
  view->text_begin = Get64(bytes_, strings);
  view->label_begin = Get64(bytes_, strings + 8);
  view->label_end = Get64(bytes_, strings + 16);
  uint64_t anchors = Get64(bytes_, anchor_offsets_offset_ + size_t{p} * 8);
  uint64_t anchors_end = Get64(bytes_, anchor_offsets_offset_ + size_t{p} * 8 + 8);
  if (anchors > anchors_end || anchors_end > anchors_size_) return false;
  view->anchor_bytes = bytes_.substr(anchors_offset_ + anchors, anchors_end - anchors);
  return view->text_begin <= view->label_begin && view->label_begin <= view->label_end &&
         view->label_end <= text_size_;
}

bool ReferenceIndex::TextRange(uint64_t begin, uint64_t end, std::string* out) const {
  out->clear();
  if (begin >= end) return begin == end;
  std::string block;
  for (uint64_t b = begin / block_size_; b * block_size_ < end; ++b) {
    uint64_t from = Get64(bytes_, block_offsets_offset_ + b * 8);
    uint64_t to = Get64(bytes_, block_offsets_offset_ + b * 8 + 8);
    if (from > to || to > deflated_size_) return false;
    const uint64_t block_begin = b * block_size_;
    const size_t size =
        static_cast<size_t>(std::min<uint64_t>(block_size_, text_size_ - block_begin));
    if (!zip::Inflate(bytes_.substr(deflated_offset_ + from, to - from), size, &block))
      return false;
    const size_t first = static_cast<size_t>(std::max(begin, block_begin) - block_begin);
    const size_t last = static_cast<size_t>(std::min<uint64_t>(end - block_begin, size));
    out->append(block, first, last - first);
  }
  return true;
}

std::vector<uint32_t> ReferenceIndex::WordIds(const std::vector<uint32_t>& words) const {
  std::vector<uint32_t> ids;
  size_t lo = 0;  // words ascend, so each search starts where the last ended
  for (uint32_t w : words) {
    size_t hi = vocabulary_size_;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (Get32(bytes_, vocabulary_offset_ + mid * 4) < w) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo < vocabulary_size_ && Get32(bytes_, vocabulary_offset_ + lo * 4) == w) {
      ids.push_back(static_cast<uint32_t>(lo));
    }
  }
  return ids;
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
  const auto key = static_cast<uint32_t>(hash >> (64 - bucket_bits_ - kKeyBits));
  size_t lo = buckets_[bucket];
  size_t hi = buckets_[bucket + 1];
  while (lo < hi) {  // first entry >= key
    size_t mid = lo + (hi - lo) / 2;
    if (KeyAt(mid) < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  size_t last = lo;
  while (last < buckets_[bucket + 1] && KeyAt(last) == key) ++last;
  if (last == lo || (options.max_postings != 0 && last - lo > options.max_postings)) return;
  for (size_t i = lo; i < last; ++i) {
    if (PassageAt(i) < passages_) hits.push_back({PassageAt(i), first, end, PositionAt(i), field});
  }
}

ReferenceMatch ReferenceIndex::Measure(const std::vector<Hit>& hits, size_t i, size_t j,
                                       const std::vector<uint32_t>& query_ids, size_t query_size,
                                       size_t total, std::vector<uint32_t>& passage_ids) const {
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
  if (PassageRecord(m.passage, &passage) && DecodeIds(passage.word_bytes, &passage_ids)) {
    m.doc = passage.doc;
    m.line = passage.line;
    m.similarity = Jaccard(
        CommonCount(query_ids.data(), query_ids.size(), passage_ids.data(), passage_ids.size()),
        query_size, passage_ids.size());
  } else {
    m.doc = UINT32_MAX;  // a damaged record: not reported
  }
  return m;
}

namespace {

// Whether the run of `m` is a stock phrase of the reference: `stock_passages` or more candidate
// passages of its document hold a run over the same query words (OverlapOptions::stock_passages).
bool StockRun(const ReferenceMatch& m, const std::vector<ReferenceMatch>& candidates,
              size_t stock_passages) {
  if (stock_passages == 0) return false;
  size_t holding = 0;
  for (const ReferenceMatch& c : candidates) {
    if (c.doc != m.doc || c.run_words() == 0) continue;
    size_t first = std::max(c.run_first, m.run_first), end = std::min(c.run_end, m.run_end);
    // The same phrase: the runs share most of the shorter one's words.
    if (end > first && 2 * (end - first) > std::min(c.run_words(), m.run_words())) ++holding;
  }
  return holding >= stock_passages;
}

}  // namespace

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
  const std::vector<uint32_t> query_ids = WordIds(query_words);
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.passage != b.passage) return a.passage < b.passage;
    if (a.first != b.first) return a.first < b.first;
    return a.field != b.field ? b.field : a.position < b.position;
  });
  std::vector<uint32_t> passage_ids;  // each candidate's words, in one buffer reused
  std::vector<ReferenceMatch> measured;
  for (size_t i = 0; i < hits.size();) {
    size_t j = i;
    while (j < hits.size() && hits[j].passage == hits[i].passage) ++j;
    measured.push_back(Measure(hits, i, j, query_ids, query_words.size(), total, passage_ids));
    i = j;
  }
  for (const ReferenceMatch& m : measured) {
    bool long_run = m.run_words() >= options.min_run_words;
    bool large_share = m.shared >= options.min_shared && m.share() >= options.min_share;
    bool similar = options.min_similarity > 0 && m.similarity >= options.min_similarity;
    if (long_run && !large_share && !similar && StockRun(m, measured, options.stock_passages)) {
      long_run = false;
    }
    if (m.doc != UINT32_MAX && (long_run || large_share || similar)) matches.push_back(m);
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

// The last of the anchors in `bytes` at or before passage byte `offset` into `*anchor` (left as
// it is when there is none, or the anchors are damaged from there on: malformed, or a line or
// column of 0).
void LastAnchorBefore(std::string_view bytes, size_t offset, PassageAnchor* anchor) {
  size_t at = 0;
  uint64_t position = 0;
  while (at < bytes.size()) {
    uint64_t delta = 0, line = 0, column = 0;
    if (!GetVarint(bytes, &at, &delta) || !GetVarint(bytes, &at, &line) ||
        !GetVarint(bytes, &at, &column)) {
      return;
    }
    position += delta >> 1;
    if (position > offset) return;
    // Lines and columns count from 1: a 0 or too large a number is a damaged anchor.
    if (line == 0 || column == 0 || line > UINT32_MAX || column > UINT32_MAX) return;
    *anchor = {static_cast<uint32_t>(position), static_cast<uint32_t>(line),
               static_cast<uint32_t>(column), (delta & 1) != 0};
  }
}

}  // namespace

ReferenceIndex::Evidence ReferenceIndex::EvidenceFor(const ReferenceMatch& match) const {
  Evidence evidence;
  PassageView passage;
  std::string stored;
  if (!PassageRecord(match.passage, &passage) ||
      !TextRange(passage.text_begin, passage.label_end, &stored)) {
    return evidence;
  }
  const auto label_at = static_cast<size_t>(passage.label_begin - passage.text_begin);
  evidence.dump_question = stored.substr(label_at);
  evidence.line = passage.line;
  evidence.column = passage.column;
  std::string_view text = std::string_view(stored).substr(0, label_at);
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
  // The quote is placed by the last anchor at or before it (the passage's start the first): from
  // an exact one (the document's own bytes) its line and column are counted on, an inexact one
  // (a question's fields joined by line breaks of their own) is where it says.
  PassageAnchor anchor{0, passage.line, passage.column, passage.layout};
  LastAnchorBefore(passage.anchor_bytes, begin, &anchor);
  evidence.line = anchor.line;
  evidence.column = anchor.column;
  if (anchor.exact && anchor.offset <= begin) {
    SourcePosition at =
        Advance({anchor.line, anchor.column}, text.substr(anchor.offset, begin - anchor.offset));
    evidence.line = at.line;
    evidence.column = at.column;
  }
  return evidence;
}

namespace {

// Each paragraph of `content` as a passage, placed by `place_of(begin, end)` (its bytes) when
// given, else at its first line.
void AddTextPassages(uint32_t doc, const std::string& content,
                     const std::function<PassagePlace(size_t, size_t)>& place_of,
                     ReferenceIndexBuilder& builder) {
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
    PassagePlace place{static_cast<uint32_t>(start_line), 1, {}, true, {}};
    if (place_of) place = place_of(start, end);
    builder.AddPassage(doc, place, std::string_view(content).substr(start, end - start));
  }
}

}  // namespace

void AddReferenceText(const std::string& name, const std::string& content,
                      ReferenceIndexBuilder& builder) {
  AddTextPassages(builder.AddDocument(name), content, {}, builder);
}

PassagePlace ReadablePlace(const text::ReadableText& readable, PositionCounter& counter,
                           size_t begin, size_t end) {
  const std::string& original = counter.content();
  const std::string& text = readable.text;
  auto verbatim = [&](size_t i) {
    size_t s = readable.SourceOffset(i);
    return s < original.size() && original[s] == text[i];
  };
  SourcePosition first = counter.At(readable.SourceOffset(begin));
  PassagePlace place{first.line, first.column, {}, verbatim(begin), {}};
  for (size_t i = begin + 1; i < end; ++i) {
    const size_t at = readable.SourceOffset(i);
    const size_t previous = readable.SourceOffset(i - 1);
    // The original's next byte, as it is: the text goes on where the last anchor says.
    if (at == previous + 1 && verbatim(i - 1) && verbatim(i)) continue;
    // More bytes of one character of the original (an entity decoded to UTF-8, the line breaks
    // made for one tag): the anchor at its first byte places them all.
    if (at == previous) continue;
    SourcePosition p = counter.At(at);
    place.anchors.push_back({static_cast<uint32_t>(i - begin), p.line, p.column, verbatim(i)});
  }
  return place;
}

void AddReferenceText(const text::ReadableText& readable, const SourceText& original,
                      ReferenceIndexBuilder& builder) {
  PositionCounter counter(original);
  // An anchor wherever the text stops being the original's next byte: a tag or an entity left
  // out, a page header dropped, a hyphenation joined.
  auto place_of = [&](size_t begin, size_t end) {
    return ReadablePlace(readable, counter, begin, end);
  };
  AddTextPassages(builder.AddDocument(original.path()), readable.text, place_of, builder);
}

}  // namespace qbank::similarity
