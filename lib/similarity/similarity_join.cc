// Prefix-filtered Jaccard join (Bayardo et al. "AllPairs", Xiao et al. "PPJoin" positional filter).
#include "similarity/similarity_join.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qbank::similarity {
namespace {

constexpr double kEpsilon = 1e-9;

// Open-addressing map from a token hash to a dense id (hash 0 is stored in a side slot).
class TokenTable {
 public:
  explicit TokenTable(size_t expected) {
    size_t capacity = 16;
    while (capacity < expected * 2) capacity <<= 1;
    keys_.assign(capacity, 0);
    ids_.assign(capacity, 0);
  }
  // The id of `hash`, made when new (ids count up from 0).
  uint32_t Intern(uint64_t hash) {
    if (hash == 0) {
      if (zero_id_ == kNone) zero_id_ = NextId(0);
      return zero_id_;
    }
    size_t mask = keys_.size() - 1;
    for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      if (keys_[slot] == hash) return ids_[slot];
      if (keys_[slot] == 0) {
        if ((count_ + 1) * 2 > keys_.size()) {
          Grow();
          return Intern(hash);
        }
        keys_[slot] = hash;
        ids_[slot] = NextId(hash);
        return ids_[slot];
      }
    }
  }
  size_t size() const { return hashes_.size(); }
  uint64_t HashOf(uint32_t id) const { return hashes_[id]; }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t NextId(uint64_t hash) {
    hashes_.push_back(hash);
    ++count_;
    return static_cast<uint32_t>(hashes_.size() - 1);
  }
  void Grow() {
    std::vector<uint64_t> old_keys = std::move(keys_);
    std::vector<uint32_t> old_ids = std::move(ids_);
    keys_.assign(old_keys.size() * 2, 0);
    ids_.assign(old_keys.size() * 2, 0);
    size_t mask = keys_.size() - 1;
    for (size_t i = 0; i < old_keys.size(); ++i) {
      if (old_keys[i] == 0) continue;
      size_t slot = old_keys[i] & mask;
      while (keys_[slot] != 0) slot = (slot + 1) & mask;
      keys_[slot] = old_keys[i];
      ids_[slot] = old_ids[i];
    }
  }
  std::vector<uint64_t> keys_;
  std::vector<uint32_t> ids_;
  std::vector<uint64_t> hashes_;
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

RankedRecords Prepare(const std::vector<std::vector<uint64_t>>& sets, const JoinOptions& options,
                      JoinStats* stats) {
  size_t total = 0;
  for (const auto& s : sets) total += s.size();
  TokenTable table(total / 4 + 16);
  // Distinct token ids per record, then document frequencies.
  std::vector<uint32_t> offsets(sets.size() + 1, 0);
  std::vector<uint32_t> ids;
  ids.reserve(total);
  for (size_t r = 0; r < sets.size(); ++r) {
    size_t start = ids.size();
    for (uint64_t h : sets[r]) ids.push_back(table.Intern(h));
    std::sort(ids.begin() + static_cast<std::ptrdiff_t>(start), ids.end());
    ids.erase(std::unique(ids.begin() + static_cast<std::ptrdiff_t>(start), ids.end()), ids.end());
    offsets[r + 1] = static_cast<uint32_t>(ids.size());
  }
  std::vector<uint32_t> df(table.size(), 0);
  for (uint32_t id : ids) ++df[id];
  double limit = std::max(static_cast<double>(options.frequent_min_records),
                          options.frequent_share * static_cast<double>(sets.size()));
  // Rank kept tokens by ascending frequency (ties by hash, so the order is stable across runs).
  std::vector<uint32_t> order;
  order.reserve(table.size());
  size_t frequent = 0;
  for (uint32_t id = 0; id < table.size(); ++id) {
    if (static_cast<double>(df[id]) > limit) {
      ++frequent;
    } else {
      order.push_back(id);
    }
  }
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return df[a] != df[b] ? df[a] < df[b] : table.HashOf(a) < table.HashOf(b);
  });
  constexpr uint32_t kDropped = UINT32_MAX;
  std::vector<uint32_t> rank_of(table.size(), kDropped);
  for (uint32_t k = 0; k < order.size(); ++k) rank_of[order[k]] = k;

  RankedRecords records;
  records.offsets.assign(sets.size() + 1, 0);
  records.ranks.reserve(ids.size());
  for (size_t r = 0; r < sets.size(); ++r) {
    size_t start = records.ranks.size();
    for (uint32_t k = offsets[r]; k < offsets[r + 1]; ++k) {
      if (rank_of[ids[k]] != kDropped) records.ranks.push_back(rank_of[ids[k]]);
    }
    if (records.ranks.size() - start < options.min_tokens) {
      records.ranks.resize(start);  // too short to take part
    } else {
      std::sort(records.ranks.begin() + static_cast<std::ptrdiff_t>(start), records.ranks.end());
    }
    records.offsets[r + 1] = static_cast<uint32_t>(records.ranks.size());
  }
  if (stats != nullptr) {
    stats->distinct_tokens = table.size();
    stats->frequent_tokens = frequent;
    stats->records = 0;
    for (size_t r = 0; r < sets.size(); ++r) stats->records += records.size(r) > 0;
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

std::vector<SimilarPair> SimilarityJoin(const std::vector<std::vector<uint64_t>>& sets,
                                        size_t linted, const JoinOptions& options,
                                        JoinStats* stats) {
  JoinStats local;
  if (stats == nullptr) stats = &local;
  RankedRecords records = Prepare(sets, options, stats);
  const double t = std::clamp(options.threshold, kEpsilon, 1.0);

  // Records in ascending size: a record only meets records no larger than itself.
  std::vector<uint32_t> by_size;
  for (uint32_t r = 0; r < sets.size(); ++r) {
    if (records.size(r) > 0) by_size.push_back(r);
  }
  std::stable_sort(by_size.begin(), by_size.end(),
                   [&](uint32_t a, uint32_t b) { return records.size(a) < records.size(b); });

  struct Posting {
    uint32_t record;
    uint32_t position;
  };
  uint32_t max_rank = 0;
  for (uint32_t rank : records.ranks) max_rank = std::max(max_rank, rank + 1);
  std::vector<std::vector<Posting>> postings(max_rank);
  std::vector<uint32_t> list_start(max_rank, 0);  // entries before it are too short for now
  std::vector<int32_t> overlap(sets.size(), 0);   // -1: pruned for the current probe
  std::vector<uint32_t> touched;
  std::vector<SimilarPair> pairs;

  for (uint32_t x : by_size) {
    const size_t nx = records.size(x);
    const uint32_t* xs = records.begin(x);
    const size_t min_size = CeilTimes(t, static_cast<double>(nx));
    const size_t probe_prefix = nx - CeilTimes(t, static_cast<double>(nx)) + 1;
    touched.clear();
    for (size_t i = 0; i < probe_prefix && i < nx; ++i) {
      uint32_t token = xs[i];
      std::vector<Posting>& list = postings[token];
      uint32_t& start = list_start[token];
      while (start < list.size() && records.size(list[start].record) < min_size) ++start;
      for (size_t k = start; k < list.size(); ++k) {
        const Posting& p = list[k];
        int32_t& count = overlap[p.record];
        if (count < 0) continue;
        const size_t ny = records.size(p.record);
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
      postings[xs[i]].push_back({x, static_cast<uint32_t>(i)});
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](const SimilarPair& p, const SimilarPair& q) {
    return p.a != q.a ? p.a < q.a : p.b < q.b;
  });
  stats->pairs = pairs.size();
  return pairs;
}

std::vector<SimilarPair> ExhaustiveSimilarityPairs(const std::vector<std::vector<uint64_t>>& sets,
                                                   size_t linted, const JoinOptions& options) {
  RankedRecords records = Prepare(sets, options, nullptr);
  const double t = std::clamp(options.threshold, kEpsilon, 1.0);
  std::vector<SimilarPair> pairs;
  for (uint32_t a = 0; a < sets.size(); ++a) {
    if (records.size(a) == 0) continue;
    for (uint32_t b = a + 1; b < sets.size(); ++b) {
      if (records.size(b) == 0 || (a >= linted && b >= linted)) continue;
      size_t o = Overlap(records.begin(a), records.size(a), records.begin(b), records.size(b));
      double similarity = Jaccard(o, records.size(a), records.size(b));
      if (similarity + kEpsilon >= t) pairs.push_back({a, b, similarity});
    }
  }
  return pairs;
}

}  // namespace qbank::similarity
