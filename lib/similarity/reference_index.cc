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
constexpr size_t kHeaderSize = 64;
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

void ReferenceIndexBuilder::AddPassage(uint32_t doc, uint32_t first_line, std::string_view text) {
  ++passages_;
  text::TextKey key = text::MakeTextKey(text);
  std::vector<uint64_t> tokens;
  std::vector<uint32_t> starts;  // source offset of each kept token
  for (size_t w = 0; w < key.size(); ++w) {
    if (IsOptionLabel(text, key, w)) continue;
    tokens.push_back(HashToken(key.Word(w)));
    starts.push_back(key.words[w].source_begin);
  }
  if (tokens.size() < parameters_.ngram) return;
  std::vector<uint64_t> ngrams = NgramHashes(tokens, parameters_.ngram);
  // Line of each token: count line breaks as the tokens advance.
  size_t line = first_line;
  size_t scanned = 0;
  const size_t side = parameters_.context_words;
  for (size_t pos : Winnow(ngrams, parameters_.window)) {
    for (; scanned < starts[pos]; ++scanned) line += text[scanned] == '\n';
    // The context: the words on both sides of the n-gram within the passage.
    uint64_t context = 0x9E3779B97F4A7C15ULL;
    for (size_t t = pos >= side ? pos - side : 0; t < pos; ++t)
      context = CombineHash(context, tokens[t]);
    context = CombineHash(context, 0);
    size_t after = pos + parameters_.ngram;
    for (size_t t = after; t < std::min(tokens.size(), after + side); ++t) {
      context = CombineHash(context, tokens[t]);
    }
    entries_.push_back(
        {ngrams[pos], context, doc, static_cast<uint32_t>(std::min<size_t>(line, UINT32_MAX))});
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
    return a.doc != b.doc ? a.doc < b.doc : a.line < b.line;
  });
  std::string names;
  for (const std::string& n : documents_) {
    names += n;
    names.push_back('\0');
  }
  std::string out;
  out.reserve(kHeaderSize + names.size() + 16 + (size_t{4} << ReferenceIndex::kBucketBits) +
              entries_.size() * 16);
  out.append(kMagic, sizeof kMagic);
  Put32(&out, kReferenceIndexVersion);
  Put32(&out, kByteOrderMark);
  Put32(&out, parameters_.ngram);
  Put32(&out, parameters_.window);
  Put32(&out, kKeyScheme);
  Put32(&out, 0);  // reserved
  Put64(&out, documents_.size());
  Put64(&out, passages_);
  Put64(&out, entries_.size());
  Put64(&out, names.size());
  out.append(names);
  PadTo8(&out);
  // The bucket directory: the first entry of each top-bits bucket, plus the end.
  std::vector<uint32_t> buckets((size_t{1} << ReferenceIndex::kBucketBits) + 1, 0);
  for (const Entry& e : entries_) ++buckets[(e.hash >> (64 - ReferenceIndex::kBucketBits)) + 1];
  for (size_t b = 1; b < buckets.size(); ++b) buckets[b] += buckets[b - 1];
  for (uint32_t b : buckets) Put32(&out, b);
  PadTo8(&out);
  for (const Entry& e : entries_) Put64(&out, e.hash);
  for (const Entry& e : entries_) Put32(&out, e.doc);
  for (const Entry& e : entries_) Put32(&out, e.line);
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

Result<ReferenceIndex> ReferenceIndex::Adopt(std::shared_ptr<const void> owner,
                                             std::string_view bytes, const std::string& path) {
  auto bad = [&](const std::string& what) {
    return Status::InvalidInput(path + ": not a usable qbank reference index: " + what +
                                " (rebuild it with `qbank index build SOURCE... -o " + path + "`)");
  };
  if (bytes.size() < kHeaderSize || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return bad("expected the \"QBKREFIX\" signature at byte 0");
  }
  ReferenceIndex index;
  uint32_t version = Get32(bytes, 8);
  if (version != kReferenceIndexVersion) {
    return bad("version " + std::to_string(version) + ", expected version " +
               std::to_string(kReferenceIndexVersion));
  }
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
  uint64_t available = bytes.size() - kHeaderSize;
  if (names_size > available || doc_count > names_size) return bad("truncated document names");
  uint64_t names_end = kHeaderSize + names_size;
  const uint64_t bucket_count = (uint64_t{1} << kBucketBits) + 1;
  uint64_t directory = (names_end + 7) / 8 * 8;
  uint64_t table = (directory + bucket_count * 4 + 7) / 8 * 8;
  if (table > bytes.size() || count > (bytes.size() - table) / 16 ||
      table + count * 16 != bytes.size() || count > UINT32_MAX) {
    return bad("expected " + std::to_string(count) + " fingerprints, the file size does not match");
  }
  const char* p = bytes.data() + kHeaderSize;
  const char* end = bytes.data() + names_end;
  while (p < end) {
    const char* nul = static_cast<const char*>(std::memchr(p, '\0', static_cast<size_t>(end - p)));
    if (nul == nullptr) return bad("unterminated document name");
    index.names_.emplace_back(p, nul);
    p = nul + 1;
  }
  if (index.names_.size() != doc_count) return bad("document count does not match the names");
  // The bucket directory must rise from 0 to the entry count; entries themselves are not scanned
  // (a damaged entry can only give a wrong match, and document ids are checked when used).
  index.buckets_.resize(bucket_count);
  uint32_t previous = 0;
  for (uint64_t b = 0; b < bucket_count; ++b) {
    uint32_t v = Get32(bytes, directory + b * 4);
    if (v < previous || v > count || (b == 0 && v != 0)) return bad("damaged bucket directory");
    index.buckets_[b] = previous = v;
  }
  if (previous != count) return bad("damaged bucket directory");
  index.passages_ = passages;
  index.count_ = count;
  index.hashes_offset_ = table;
  index.docs_offset_ = table + count * 8;
  index.lines_offset_ = table + count * 12;
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
uint32_t ReferenceIndex::DocAt(size_t i) const { return Get32(bytes_, docs_offset_ + i * 4); }
uint32_t ReferenceIndex::LineAt(size_t i) const { return Get32(bytes_, lines_offset_ + i * 4); }

std::vector<ReferenceMatch> ReferenceIndex::Search(const std::vector<uint64_t>& tokens,
                                                   const OverlapOptions& options) const {
  std::vector<ReferenceMatch> matches;
  const size_t n = parameters_.ngram;
  const size_t window = parameters_.window;
  std::vector<uint64_t> ngrams = NgramHashes(tokens, n);
  if (ngrams.empty() || count_ == 0) return matches;
  std::vector<size_t> selected = Winnow(ngrams, window);

  struct Hit {
    uint32_t doc;
    uint32_t position;  // query n-gram position
    uint32_t line;
  };
  std::vector<Hit> hits;
  for (size_t pos : selected) {
    uint64_t h = ngrams[pos];
    size_t bucket = h >> (64 - kBucketBits);
    size_t lo = buckets_[bucket];
    size_t hi = buckets_[bucket + 1];
    while (lo < hi) {  // first entry >= h
      size_t mid = lo + (hi - lo) / 2;
      if (HashAt(mid) < h) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    size_t last = lo;
    while (last < buckets_[bucket + 1] && HashAt(last) == h) ++last;
    if (last == lo || (options.max_postings != 0 && last - lo > options.max_postings)) continue;
    for (size_t i = lo; i < last; ++i) {
      if (DocAt(i) < names_.size())
        hits.push_back({DocAt(i), static_cast<uint32_t>(pos), LineAt(i)});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    if (a.doc != b.doc) return a.doc < b.doc;
    return a.position != b.position ? a.position < b.position : a.line < b.line;
  });
  for (size_t i = 0; i < hits.size();) {
    size_t j = i;
    while (j < hits.size() && hits[j].doc == hits[i].doc) ++j;
    ReferenceMatch m;
    m.doc = hits[i].doc;
    m.total = selected.size();
    size_t run_start = i;
    uint32_t prev_position = hits[i].position;
    auto close_run = [&](size_t first_hit, uint32_t last_position) {
      size_t first = hits[first_hit].position;
      size_t end = last_position + n;
      if (end - first > m.run_words()) {
        m.run_first = first;
        m.run_end = end;
        m.line = hits[first_hit].line;
      }
    };
    for (size_t k = i; k < j; ++k) {
      if (k == i || hits[k].position != hits[k - 1].position) ++m.shared;
      if (hits[k].position > prev_position + window) {
        close_run(run_start, prev_position);
        run_start = k;
      }
      prev_position = hits[k].position;
    }
    close_run(run_start, prev_position);
    bool long_run = m.run_words() >= options.min_run_words;
    bool large_share = m.shared >= options.min_shared && m.share() >= options.min_share;
    if (long_run || large_share) matches.push_back(m);
    i = j;
  }
  std::sort(matches.begin(), matches.end(), [](const ReferenceMatch& a, const ReferenceMatch& b) {
    if (a.run_words() != b.run_words()) return a.run_words() > b.run_words();
    return a.shared != b.shared ? a.shared > b.shared : a.doc < b.doc;
  });
  return matches;
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
