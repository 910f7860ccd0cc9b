// Prefix-filtered Jaccard join (Bayardo et al. "AllPairs", Xiao et al. "PPJoin" positional filter).
#include "similarity/similarity_join.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

namespace qbank::similarity {
namespace {

constexpr double kEpsilon = 1e-9;

// Open-addressing map from a token hash to a 32-bit value, one 8-byte slot per entry (hash 0 is
// kept in a side slot). Grows at half load. Aligned to a cache line, so that tables filled by
// different threads never share one.
class alignas(64) TokenTable {
 public:
  explicit TokenTable(size_t expected) {
    size_t capacity = 16;
    while (capacity < expected * 2) capacity <<= 1;
    slots_.assign(capacity, Slot{});
  }
  // The value of `hash`, made 0 when new.
  uint32_t& operator[](uint32_t hash) {
    if (hash == 0) {
      has_zero_ = true;
      return zero_value_;
    }
    size_t mask = slots_.size() - 1;
    for (size_t slot = Spread(hash) & mask;; slot = (slot + 1) & mask) {
      if (slots_[slot].key == hash) return slots_[slot].value;
      if (slots_[slot].key == 0) {
        if ((count_ + 1) * 2 > slots_.size()) {
          Grow();
          return (*this)[hash];
        }
        ++count_;
        slots_[slot].key = hash;
        return slots_[slot].value;
      }
    }
  }
  // The value of `hash`, which must be in the table.
  uint32_t Find(uint32_t hash) const {
    if (hash == 0) return zero_value_;
    size_t mask = slots_.size() - 1;
    size_t slot = Spread(hash) & mask;
    while (slots_[slot].key != hash) slot = (slot + 1) & mask;
    return slots_[slot].value;
  }
  size_t size() const { return count_ + (has_zero_ ? 1 : 0); }
  // Calls f(value&) for every entry, in slot order (the zero hash first): an order that depends
  // only on the hashes inserted and their order.
  template <typename F>
  void ForEach(F&& f) {
    if (has_zero_) f(zero_value_);
    for (Slot& s : slots_) {
      if (s.key != 0) f(s.value);
    }
  }

 private:
  struct Slot {
    uint32_t key = 0;
    uint32_t value = 0;
  };
  static size_t Spread(uint32_t h) {
    return (static_cast<uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >> 20;
  }
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.key == 0) continue;
      size_t slot = Spread(s.key) & mask;
      while (slots_[slot].key != 0) slot = (slot + 1) & mask;
      slots_[slot] = s;
    }
  }
  std::vector<Slot> slots_;
  size_t count_ = 0;
  bool has_zero_ = false;
  uint32_t zero_value_ = 0;
};

// Records as sorted arrays of token ranks (rarest token first), frequent tokens removed.
struct RankedRecords {
  std::vector<uint32_t> begins;  // record r's ranks are ranks[begins[r], begins[r] + sizes[r])
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> ranks;  // (with gaps between records)
  size_t rank_count = 0;        // ranks are below this
  size_t size(size_t r) const { return sizes[r]; }
  const uint32_t* begin(size_t r) const { return ranks.data() + begins[r]; }
};

// The hash partition of `hash` among `parts` (the top bits, so no division).
unsigned PartOf(uint32_t hash, unsigned parts) {
  return static_cast<unsigned>((static_cast<uint64_t>(hash) * parts) >> 32);
}

unsigned ThreadCount(unsigned requested, size_t work) {
  unsigned threads = requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<size_t>(threads, work / 4096 + 1));
}

// Runs body(part) for part in [0, parts) on `parts` threads (the calling thread takes part 0).
template <typename F>
void OnThreads(unsigned parts, F&& body) {
  std::vector<std::thread> workers;
  for (unsigned p = 1; p < parts; ++p) workers.emplace_back(body, p);
  body(0u);
  for (std::thread& w : workers) w.join();
}

// Turns the token hashes of each record into sorted, distinct token ranks in place. A token's
// rank orders tokens by ascending document frequency; tokens in more records than the frequent
// limit are dropped. The work is split over threads by record ranges (sorting, mapping) and by
// hash partitions (counting), so no two threads write one table or one record.
RankedRecords Prepare(TokenSets sets, const JoinOptions& options, JoinStats* stats) {
  const size_t n = sets.size();
  std::vector<uint32_t>& tokens = sets.data;
  RankedRecords records;
  records.begins.assign(sets.offsets.begin(), sets.offsets.end() - 1);
  records.sizes.resize(n);
  const unsigned threads = ThreadCount(options.threads, tokens.size());
  auto record_range = [&](unsigned part) {
    return std::pair<size_t, size_t>(n * part / threads, n * (part + 1) / threads);
  };

  // Each record's hashes sorted and distinct, then the records packed again.
  OnThreads(threads, [&](unsigned part) {
    auto [first, last] = record_range(part);
    for (size_t r = first; r < last; ++r) {
      auto begin = tokens.begin() + sets.offsets[r], end = tokens.begin() + sets.offsets[r + 1];
      std::sort(begin, end);
      records.sizes[r] = static_cast<uint32_t>(std::unique(begin, end) - begin);
    }
  });
  size_t total = 0;
  for (size_t r = 0; r < n; ++r) {
    std::copy_n(tokens.begin() + records.begins[r], records.sizes[r], tokens.begin() + total);
    records.begins[r] = static_cast<uint32_t>(total);
    total += records.sizes[r];
  }
  tokens.resize(total);

  // Document frequencies: partition p counts the hashes h with PartOf(h, threads) == p.
  std::vector<TokenTable> tables;
  for (unsigned p = 0; p < threads; ++p) tables.emplace_back(total / threads / 4 + 16);
  OnThreads(threads, [&](unsigned part) {
    TokenTable& table = tables[part];
    const uint32_t* t = tokens.data();
    for (size_t k = 0; k < total; ++k) {
      if (PartOf(t[k], threads) == part) ++table[t[k]];
    }
  });
  // Ranks by ascending frequency (a counting sort; ties in table order), frequent tokens dropped.
  const double limit = std::max(static_cast<double>(options.frequent_min_records),
                                options.frequent_share * static_cast<double>(n));
  constexpr uint32_t kDropped = UINT32_MAX;
  // Frequencies above the limit (no frequency is above n) share one bucket: dropped tokens.
  const size_t frequent_bucket = static_cast<size_t>(std::min(limit, static_cast<double>(n))) + 1;
  std::vector<uint32_t> next_rank(frequent_bucket + 2, 0);
  size_t distinct = 0;
  for (TokenTable& table : tables) {
    distinct += table.size();
    table.ForEach([&](uint32_t& df) { ++next_rank[std::min<size_t>(df, frequent_bucket) + 1]; });
  }
  const size_t frequent = next_rank[frequent_bucket + 1];
  for (size_t d = 1; d < next_rank.size(); ++d) next_rank[d] += next_rank[d - 1];
  for (TokenTable& table : tables) {
    table.ForEach(
        [&](uint32_t& df) { df = static_cast<double>(df) > limit ? kDropped : next_rank[df]++; });
  }

  // Each record's hashes replaced by ranks, dropped tokens removed, sorted; short records emptied.
  std::atomic<size_t> taking_part = 0;
  OnThreads(threads, [&](unsigned part) {
    auto [first, last] = record_range(part);
    size_t taking = 0;
    for (size_t r = first; r < last; ++r) {
      uint32_t* t = tokens.data() + records.begins[r];
      uint32_t kept = 0;
      for (uint32_t k = 0; k < records.sizes[r]; ++k) {
        uint32_t rank = tables[PartOf(t[k], threads)].Find(t[k]);
        if (rank != kDropped) t[kept++] = rank;
      }
      if (kept < options.min_tokens) {
        kept = 0;  // too short to take part
      } else {
        std::sort(t, t + kept);
        ++taking;
      }
      records.sizes[r] = kept;
    }
    taking_part += taking;
  });
  tables.clear();
  tables.shrink_to_fit();
  records.ranks = std::move(tokens);
  records.rank_count = distinct - frequent;
  if (stats != nullptr) {
    stats->distinct_tokens = distinct;
    stats->frequent_tokens = frequent;
    stats->records = taking_part;
  }
  return records;
}

size_t Overlap(const uint32_t* a, size_t na, const uint32_t* b, size_t nb) {
  size_t i = 0, j = 0, o = 0;
  while (i < na && j < nb) {
    if (a[i] < b[j]) {
      ++i;
    } else if (b[j] < a[i]) {
      ++j;
    } else {
      ++o;
      ++i;
      ++j;
    }
  }
  return o;
}

double Jaccard(size_t overlap, size_t na, size_t nb) {
  return static_cast<double>(overlap) / static_cast<double>(na + nb - overlap);
}

size_t CeilTimes(double t, double x) { return static_cast<size_t>(std::ceil(t * x - kEpsilon)); }

}  // namespace

void TokenSets::Append(const TokenSets& other) {
  uint32_t base = static_cast<uint32_t>(data.size());
  data.insert(data.end(), other.data.begin(), other.data.end());
  for (size_t r = 1; r < other.offsets.size(); ++r) offsets.push_back(base + other.offsets[r]);
}

std::vector<SimilarPair> SimilarityJoin(TokenSets sets, size_t linted, const JoinOptions& options,
                                        JoinStats* stats) {
  JoinStats local;
  if (stats == nullptr) stats = &local;
  const size_t n = sets.size();
  auto start = std::chrono::steady_clock::now();
  RankedRecords records = Prepare(std::move(sets), options, stats);
  stats->prepare_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double t = std::clamp(options.threshold, kEpsilon, 1.0);

  // Records in ascending size: a record only meets records no larger than itself.
  std::vector<uint32_t> by_size;
  for (uint32_t r = 0; r < n; ++r) {
    if (records.size(r) > 0) by_size.push_back(r);
  }
  std::stable_sort(by_size.begin(), by_size.end(),
                   [&](uint32_t a, uint32_t b) { return records.size(a) < records.size(b); });

  // The inverted lists of indexed prefix tokens, as linked lists in one array (newest first, so
  // sizes fall along a list and the first too-small entry ends the walk). One vector per token
  // would cost 24 bytes for each of millions of mostly empty lists.
  struct Posting {
    uint32_t record;
    uint32_t position;
    uint32_t next;
  };
  constexpr uint32_t kEnd = UINT32_MAX;
  std::vector<uint32_t> head(records.rank_count, kEnd);
  std::vector<Posting> postings;
  std::vector<int32_t> overlap(n, 0);  // -1: pruned for the current probe
  std::vector<uint32_t> touched;
  std::vector<SimilarPair> pairs;

  for (uint32_t x : by_size) {
    const size_t nx = records.size(x);
    const uint32_t* xs = records.begin(x);
    const size_t min_size = CeilTimes(t, static_cast<double>(nx));
    const size_t probe_prefix = nx - CeilTimes(t, static_cast<double>(nx)) + 1;
    touched.clear();
    for (size_t i = 0; i < probe_prefix && i < nx; ++i) {
      for (uint32_t k = head[xs[i]]; k != kEnd; k = postings[k].next) {
        const Posting& p = postings[k];
        const size_t ny = records.size(p.record);
        if (ny < min_size) break;  // and so are all older entries
        int32_t& count = overlap[p.record];
        if (count < 0) continue;
        const size_t needed = CeilTimes(t / (1.0 + t), static_cast<double>(nx + ny));
        const size_t remaining = std::min(nx - i - 1, ny - p.position - 1);
        if (count == 0) touched.push_back(p.record);
        if (static_cast<size_t>(count) + 1 + remaining < needed) {
          count = -1;  // even matching every remaining token cannot reach the threshold
        } else {
          ++count;
        }
      }
    }
    for (uint32_t y : touched) {
      if (overlap[y] > 0) {
        const size_t ny = records.size(y);
        bool reportable = x < linted || y < linted;
        if (reportable) {
          ++stats->candidates;
          size_t o = Overlap(xs, nx, records.begin(y), ny);
          double similarity = Jaccard(o, nx, ny);
          if (similarity + kEpsilon >= t) {
            pairs.push_back({std::min(x, y), std::max(x, y), similarity});
          }
        }
      }
      overlap[y] = 0;
    }
    const size_t index_prefix = nx - CeilTimes(2.0 * t / (1.0 + t), static_cast<double>(nx)) + 1;
    for (size_t i = 0; i < index_prefix && i < nx; ++i) {
      postings.push_back({x, static_cast<uint32_t>(i), head[xs[i]]});
      head[xs[i]] = static_cast<uint32_t>(postings.size() - 1);
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](const SimilarPair& p, const SimilarPair& q) {
    return p.a != q.a ? p.a < q.a : p.b < q.b;
  });
  stats->pairs = pairs.size();
  return pairs;
}

std::vector<SimilarPair> ExhaustiveSimilarityPairs(TokenSets sets, size_t linted,
                                                   const JoinOptions& options) {
  const size_t n = sets.size();
  RankedRecords records = Prepare(std::move(sets), options, nullptr);
  const double t = std::clamp(options.threshold, kEpsilon, 1.0);
  std::vector<SimilarPair> pairs;
  for (uint32_t a = 0; a < n; ++a) {
    if (records.size(a) == 0) continue;
    for (uint32_t b = a + 1; b < n; ++b) {
      if (records.size(b) == 0 || (a >= linted && b >= linted)) continue;
      size_t o = Overlap(records.begin(a), records.size(a), records.begin(b), records.size(b));
      double similarity = Jaccard(o, records.size(a), records.size(b));
      if (similarity + kEpsilon >= t) pairs.push_back({a, b, similarity});
    }
  }
  return pairs;
}

}  // namespace qbank::similarity
