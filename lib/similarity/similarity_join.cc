// Prefix-filtered Jaccard join (Bayardo et al. "AllPairs", Xiao et al. "PPJoin" positional filter).
#include "similarity/similarity_join.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qbank::similarity {
namespace {

constexpr double kEpsilon = 1e-9;

// Open-addressing map from a token hash to a dense id (hash 0 is kept in a side slot).
class TokenTable {
 public:
  explicit TokenTable(size_t expected) {
    size_t capacity = 16;
    while (capacity < expected * 2) capacity <<= 1;
    keys_.assign(capacity, 0);
    ids_.assign(capacity, 0);
  }
  // The id of `hash`, made when new (ids count up from 0).
  uint32_t Intern(uint32_t hash) {
    if (hash == 0) {
      if (zero_id_ == kNone) zero_id_ = NextId();
      return zero_id_;
    }
    size_t mask = keys_.size() - 1;
    for (size_t slot = Spread(hash) & mask;; slot = (slot + 1) & mask) {
      if (keys_[slot] == hash) return ids_[slot];
      if (keys_[slot] == 0) {
        if ((count_ + 1) * 2 > keys_.size()) {
          Grow();
          return Intern(hash);
        }
        keys_[slot] = hash;
        ids_[slot] = NextId();
        return ids_[slot];
      }
    }
  }
  size_t size() const { return count_; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  static size_t Spread(uint32_t h) {
    return (static_cast<uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >> 20;
  }
  uint32_t NextId() { return static_cast<uint32_t>(count_++); }
  void Grow() {
    std::vector<uint32_t> old_keys = std::move(keys_);
    std::vector<uint32_t> old_ids = std::move(ids_);
    keys_.assign(old_keys.size() * 2, 0);
    ids_.assign(old_keys.size() * 2, 0);
    size_t mask = keys_.size() - 1;
    for (size_t i = 0; i < old_keys.size(); ++i) {
      if (old_keys[i] == 0) continue;
      size_t slot = Spread(old_keys[i]) & mask;
      while (keys_[slot] != 0) slot = (slot + 1) & mask;
      keys_[slot] = old_keys[i];
      ids_[slot] = old_ids[i];
    }
  }
  std::vector<uint32_t> keys_;
  std::vector<uint32_t> ids_;
  size_t count_ = 0;
  uint32_t zero_id_ = kNone;
};

// Records as sorted arrays of token ranks (rarest token first), frequent tokens removed.
struct RankedRecords {
  std::vector<uint32_t> offsets;  // record r's ranks are ranks[offsets[r], offsets[r + 1])
  std::vector<uint32_t> ranks;
  size_t size(size_t r) const { return offsets[r + 1] - offsets[r]; }
  const uint32_t* begin(size_t r) const { return ranks.data() + offsets[r]; }
};

RankedRecords Prepare(TokenSets sets, const JoinOptions& options, JoinStats* stats) {
  const size_t n = sets.size();
  TokenTable table(sets.data.size() / 4 + 16);
  // Token hashes become dense ids, each record's sorted and unique, in place.
  std::vector<uint32_t>& ids = sets.data;
  std::vector<uint32_t>& offsets = sets.offsets;
  size_t write = 0;
  for (size_t r = 0; r < n; ++r) {
    size_t begin = offsets[r], end = offsets[r + 1];
    for (size_t k = begin; k < end; ++k) ids[k] = table.Intern(ids[k]);
    std::sort(ids.begin() + static_cast<std::ptrdiff_t>(begin),
              ids.begin() + static_cast<std::ptrdiff_t>(end));
    size_t start = write;
    for (size_t k = begin; k < end; ++k) {
      if (k == begin || ids[k] != ids[k - 1]) ids[write++] = ids[k];
    }
    offsets[r] = static_cast<uint32_t>(start);
  }
  offsets[n] = static_cast<uint32_t>(write);
  // offsets[r] now holds record r's start; its end is the next record's start.
  ids.resize(write);
  std::vector<uint32_t> df(table.size(), 0);
  for (uint32_t id : ids) ++df[id];
  double limit = std::max(static_cast<double>(options.frequent_min_records),
                          options.frequent_share * static_cast<double>(n));
  // Rank kept tokens by ascending frequency, ties by first appearance (ids are given in record
  // order, so the ranking does not depend on anything but the input): a counting sort.
  constexpr uint32_t kDropped = UINT32_MAX;
  uint32_t max_df = 0;
  for (uint32_t d : df) max_df = std::max(max_df, d);
  std::vector<uint32_t> first_rank(static_cast<size_t>(max_df) + 2, 0);
  size_t frequent = 0;
  for (uint32_t d : df) {
    if (static_cast<double>(d) > limit) {
      ++frequent;
    } else {
      ++first_rank[d + 1];
    }
  }
  for (size_t d = 1; d < first_rank.size(); ++d) first_rank[d] += first_rank[d - 1];
  std::vector<uint32_t>& rank_of = df;  // each id's frequency is read once, then replaced
  for (uint32_t id = 0; id < rank_of.size(); ++id) {
    uint32_t d = rank_of[id];
    rank_of[id] = static_cast<double>(d) > limit ? kDropped : first_rank[d]++;
  }

  RankedRecords records;
  write = 0;
  size_t taking_part = 0;
  for (size_t r = 0; r < n; ++r) {
    size_t begin = offsets[r], end = offsets[r + 1];
    size_t start = write;
    for (size_t k = begin; k < end; ++k) {
      if (rank_of[ids[k]] != kDropped) ids[write++] = rank_of[ids[k]];
    }
    if (write - start < options.min_tokens) {
      write = start;  // too short to take part
    } else {
      std::sort(ids.begin() + static_cast<std::ptrdiff_t>(start),
                ids.begin() + static_cast<std::ptrdiff_t>(write));
      ++taking_part;
    }
    offsets[r] = static_cast<uint32_t>(start);
  }
  offsets[n] = static_cast<uint32_t>(write);
  ids.resize(write);
  ids.shrink_to_fit();
  records.offsets = std::move(offsets);
  records.ranks = std::move(ids);
  if (stats != nullptr) {
    stats->distinct_tokens = table.size();
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
  RankedRecords records = Prepare(std::move(sets), options, stats);
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
  uint32_t max_rank = 0;
  for (uint32_t rank : records.ranks) max_rank = std::max(max_rank, rank + 1);
  std::vector<uint32_t> head(max_rank, kEnd);
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
