// Prefix-filtered Jaccard join (Bayardo et al. "AllPairs", Xiao et al. "PPJoin" positional filter).
#include "similarity/similarity_join.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <span>
#include <thread>

#include "base/huge_pages.h"
#include "similarity/sorted_sets.h"

namespace qbank::similarity {
namespace {

constexpr double kEpsilon = 1e-9;

// A small open-addressing table from token hashes to a number and the last record that met the
// token, for the tokens of one bucket (hash 0 has a side slot). Sized for the bucket's tokens, so
// it stays in the processor's caches; one table is reused for bucket after bucket.
class BucketTable {
 public:
  static constexpr uint32_t kNoRecord = UINT32_MAX;
  struct Slot {
    uint32_t key = 0;
    uint32_t value = 0;
    uint32_t last = kNoRecord;  // the last record that met the token
  };
  // Empties the table and sizes it for at most `tokens` distinct hashes.
  void Reset(size_t tokens) {
    size_t capacity = 16;
    while (capacity < tokens * 2) capacity <<= 1;
    if (slots_.size() < capacity) slots_.resize(capacity);
    mask_ = capacity - 1;
    std::fill(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(capacity), Slot{});
    has_zero_ = false;
    zero_ = Slot{};
  }
  // The slot of `hash`, made (value 0, no record) when new. Never more distinct hashes than
  // Reset allowed.
  Slot& operator[](uint32_t hash) {
    if (hash == 0) {
      has_zero_ = true;
      return zero_;
    }
    for (size_t slot = Spread(hash) & mask_;; slot = (slot + 1) & mask_) {
      if (slots_[slot].key == hash) return slots_[slot];
      if (slots_[slot].key == 0) {
        slots_[slot].key = hash;
        return slots_[slot];
      }
    }
  }

 private:
  static size_t Spread(uint32_t h) {
    return static_cast<size_t>((static_cast<uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >> 32);
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  bool has_zero_ = false;
  Slot zero_;
};

constexpr uint32_t kRepeat = UINT32_MAX;  // a pair's record when the record met its token before

// Numbers the tokens of one bucket's (hash, record) pairs in order of first appearance:
// hashes[k] becomes the token's number, records[k] kRepeat when that record met the token
// before (a bucket's pairs are in record order); df[j] is the number of records of token j.
void IndexBucket(BucketTable& table, uint32_t* hashes, uint32_t* records, size_t count,
                 std::vector<uint32_t>& df) {
  table.Reset(count);
  df.clear();
  for (size_t k = 0; k < count; ++k) {
    BucketTable::Slot& slot = table[hashes[k]];
    if (slot.last == BucketTable::kNoRecord) {  // new
      slot.value = static_cast<uint32_t>(df.size());
      df.push_back(0);
    }
    if (slot.last == records[k]) {
      records[k] = kRepeat;
    } else {
      slot.last = records[k];
      ++df[slot.value];
    }
    hashes[k] = slot.value;
  }
}

// Records as sorted arrays of token ranks (rarest token first), frequent tokens removed.
struct RankedRecords {
  std::vector<uint32_t> begins;  // record r's ranks are ranks[begins[r], begins[r] + sizes[r])
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> ranks;  // (with gaps where records were too short)
  size_t rank_count = 0;        // ranks are below this
  size_t size(size_t r) const { return sizes[r]; }
  const uint32_t* begin(size_t r) const { return ranks.data() + begins[r]; }
};

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

// Tokens are split into buckets by the top bits of their hash, so that each bucket's tokens are
// counted and ranked with a table that fits in the caches instead of one table of every token:
// at least 256 buckets, more for larger inputs (about 32,768 tokens a bucket, 12 bits for a
// million questions).
unsigned BucketBits(size_t tokens) {
  unsigned bits = 8;
  while (bits < 16 && (tokens >> bits) > (size_t{1} << 15)) ++bits;
  return bits;
}

// How many distinct tokens of one bucket occur in exactly `df` records.
struct DfCount {
  uint32_t df = 0;
  uint32_t count = 0;
  uint32_t first_rank = 0;  // the rank of the first of them (set once every bucket is counted)
};

// The tokens grouped by bucket as (hash, record) pairs (ForEachBucket), or as their positions in
// sets.data when `by_position` (NumberInPlace), so that a bucket's tokens are counted and ranked
// together, with the pairs and the bucket's table read in order or from the caches. Within a
// bucket the pairs are in record order, so a token repeated in a record is counted once by
// remembering the last record that met it (positions never repeat: the records' tokens must be
// distinct already). The pairs are made once when there are at most `round_limit` tokens (100,000
// questions have about 12 million); beyond that a round of buckets at a time, on every pass over
// the buckets. Threads take ranges of records.
class BucketRounds {
 public:
  BucketRounds(const TokenSets& sets, unsigned threads, size_t round_limit, bool by_position)
      : sets_(sets),
        by_position_(by_position),
        threads_(threads),
        bucket_bits_(BucketBits(sets.data.size())),
        buckets_(size_t{1} << bucket_bits_),
        in_bucket_(threads, std::vector<size_t>(buckets_, 0)),
        bucket_begin_(buckets_ + 1, 0) {
    OnThreads(threads_, [&](unsigned part) {
      std::vector<size_t>& in_bucket = in_bucket_[part];
      ForEachToken(part, [&](uint32_t hash, uint32_t, uint32_t) { ++in_bucket[BucketOf(hash)]; });
    });
    // Rounds are bucket ranges of at most `round_limit` tokens (or one bucket); by position, a
    // token takes one number of the round's memory, not two.
    if (by_position_) round_limit = round_limit > SIZE_MAX / 2 ? SIZE_MAX : round_limit * 2;
    round_begin_ = {0};
    size_t largest_round = 0;
    for (size_t b = 0, in_round = 0; b < buckets_; ++b) {
      size_t size = 0;
      for (unsigned part = 0; part < threads_; ++part) size += in_bucket_[part][b];
      if (in_round > 0 && in_round + size > std::max<size_t>(round_limit, 1)) {
        round_begin_.push_back(b);
        in_round = 0;
      }
      in_round += size;
      largest_round = std::max(largest_round, in_round);
    }
    round_begin_.push_back(buckets_);
    if (!by_position_) hashes_.resize(largest_round);
    records_.reserve(largest_round);  // written in a stream per bucket: huge pages
    AdviseHugePages(records_.data(), largest_round * sizeof(uint32_t));
    records_.resize(largest_round);
    if (one_round() && !by_position_) PlaceRound(0, buckets_);
  }

  size_t buckets() const { return buckets_; }
  // The memory of the pairs' records, to be reused once the passes are over.
  std::vector<uint32_t> TakeRecords() { return std::move(records_); }
  // True when every pair was placed at once: the token array is no longer read.
  bool one_round() const { return round_begin_.size() == 2; }

  // Runs body(bucket, tokens, records, count, df) for every bucket of every round, the pairs
  // numbered by IndexBucket (tokens[k] the number of the token of pair k) and df[j] the number of
  // records of the bucket's token j; a round's buckets are shared among threads. Placed at once,
  // the pairs are numbered on the first pass only (and each bucket's df kept for the next passes);
  // otherwise on every pass, the same way.
  template <typename Body>
  void ForEachBucket(Body&& body) {
    for (size_t round = 0; round + 1 < round_begin_.size(); ++round) {
      if (!one_round()) PlaceRound(round_begin_[round], round_begin_[round + 1]);
      const bool index = !one_round() || !indexed_;
      if (index && one_round()) kept_df_.resize(buckets_);
      std::atomic<size_t> next_bucket{round_begin_[round]};
      OnThreads(threads_, [&](unsigned) {
        BucketTable table;
        std::vector<uint32_t> df;
        for (size_t b = next_bucket++; b < round_begin_[round + 1]; b = next_bucket++) {
          uint32_t* hashes = hashes_.data() + bucket_begin_[b];
          uint32_t* records = records_.data() + bucket_begin_[b];
          const size_t count = bucket_begin_[b + 1] - bucket_begin_[b];
          if (index) {
            IndexBucket(table, hashes, records, count, df);
            if (one_round()) kept_df_[b] = df;
          }
          body(b, static_cast<const uint32_t*>(hashes), static_cast<const uint32_t*>(records),
               count, static_cast<const std::vector<uint32_t>&>(index ? df : kept_df_[b]));
        }
      });
    }
    indexed_ = true;
  }

  // By position only: numbers the tokens of each bucket in place, round after round. A token's
  // hash in `tokens` becomes (bucket << shift) | its number in the bucket (in order of first
  // appearance, as IndexBucket numbers them); the bucket bits are the hash's own, so a later round
  // never places it again. body(bucket, df) gets df[j], the records of the bucket's token j (the
  // records' tokens are distinct already). Each token is read and rewritten where it is, so a
  // round keeps only its tokens' positions: half the memory of (hash, position) pairs, and half
  // the rounds, each a pass over every token.
  template <typename Body>
  void NumberInPlace(std::vector<uint32_t>& tokens, unsigned shift, Body&& body) {
    for (size_t round = 0; round + 1 < round_begin_.size(); ++round) {
      PlaceRound(round_begin_[round], round_begin_[round + 1]);
      std::atomic<size_t> next_bucket{round_begin_[round]};
      OnThreads(threads_, [&](unsigned) {
        BucketTable table;
        std::vector<uint32_t> df;
        for (size_t b = next_bucket++; b < round_begin_[round + 1]; b = next_bucket++) {
          const uint32_t* positions = records_.data() + bucket_begin_[b];
          const size_t count = bucket_begin_[b + 1] - bucket_begin_[b];
          const uint32_t high = static_cast<uint32_t>(b) << shift;
          table.Reset(count);
          df.clear();
          constexpr size_t kAhead = 16;  // the positions are scattered over every token
          for (size_t k = 0; k < count; ++k) {
            if (k + kAhead < count) __builtin_prefetch(tokens.data() + positions[k + kAhead], 1);
            uint32_t& token = tokens[positions[k]];
            BucketTable::Slot& slot = table[token];
            if (slot.last == BucketTable::kNoRecord) {  // new
              slot.last = 0;
              slot.value = static_cast<uint32_t>(df.size());
              df.push_back(0);
            }
            ++df[slot.value];
            token = high | slot.value;
          }
          body(b, static_cast<const std::vector<uint32_t>&>(df));
        }
      });
    }
  }

  // The bits of a hash that choose its bucket, and the most tokens placed in one bucket.
  unsigned bucket_bits() const { return bucket_bits_; }
  size_t LargestBucket() const {
    size_t largest = 0;
    for (size_t b = 0; b < buckets_; ++b) {
      size_t size = 0;
      for (unsigned part = 0; part < threads_; ++part) size += in_bucket_[part][b];
      largest = std::max(largest, size);
    }
    return largest;
  }

 private:
  // Calls f(hash, record, position) for every token of the records of thread part `part`, in
  // order.
  template <typename F>
  void ForEachToken(unsigned part, F&& f) const {
    const size_t n = sets_.size();
    for (size_t r = n * part / threads_; r < n * (part + 1) / threads_; ++r) {
      for (uint32_t k = sets_.offsets[r]; k < sets_.offsets[r + 1]; ++k) {
        f(sets_.data[k], static_cast<uint32_t>(r), k);
      }
    }
  }
  size_t BucketOf(uint32_t hash) const { return size_t{hash} >> (32 - bucket_bits_); }

  // Places the pairs of buckets [first_bucket, end_bucket), in record order within a bucket.
  void PlaceRound(size_t first_bucket, size_t end_bucket) {
    std::vector<std::vector<size_t>> next(threads_, std::vector<size_t>(buckets_, 0));
    size_t at = 0;
    for (size_t b = first_bucket; b < end_bucket; ++b) {
      bucket_begin_[b] = at;
      for (unsigned part = 0; part < threads_; ++part) {
        next[part][b] = at;
        at += in_bucket_[part][b];
      }
      bucket_begin_[b + 1] = at;
    }
    OnThreads(threads_, [&](unsigned part) {
      std::vector<size_t>& at_part = next[part];
      ForEachToken(part, [&](uint32_t hash, uint32_t record, uint32_t position) {
        size_t b = BucketOf(hash);
        if (b >= first_bucket && b < end_bucket) {
          if (by_position_) {
            records_[at_part[b]++] = position;
          } else {
            hashes_[at_part[b]] = hash;
            records_[at_part[b]++] = record;
          }
        }
      });
    });
  }

  const TokenSets& sets_;
  const bool by_position_;
  const unsigned threads_;
  const unsigned bucket_bits_;
  const size_t buckets_;
  std::vector<std::vector<size_t>> in_bucket_;  // [thread part][bucket] token counts
  std::vector<size_t> round_begin_;             // rounds are bucket ranges
  std::vector<uint32_t> hashes_, records_;      // the current round's pairs
  std::vector<size_t> bucket_begin_;            // in the pairs, for the current round
  bool indexed_ = false;                        // the pairs were numbered (one round only)
  std::vector<std::vector<uint32_t>> kept_df_;  // [bucket] df of each token (one round only)
};

// How many of a bucket's tokens (df_of_token[j]: the records of token j; `count` pairs in all)
// have each frequency, by ascending frequency.
std::vector<DfCount> DfCountsOf(const std::vector<uint32_t>& df_of_token, size_t count) {
  // A histogram of the bucket's frequencies (none is above the bucket's token count).
  std::vector<uint32_t> histogram(count + 1, 0);
  for (uint32_t df : df_of_token) ++histogram[df];
  std::vector<DfCount> counts;
  for (uint32_t df = 1; df <= count; ++df) {
    if (histogram[df] != 0) counts.push_back({df, histogram[df], 0});
  }
  return counts;
}

// Document frequencies: for each bucket, how many of its tokens have each frequency.
std::vector<std::vector<DfCount>> CountFrequencies(BucketRounds& rounds) {
  std::vector<std::vector<DfCount>> df_counts(rounds.buckets());
  rounds.ForEachBucket([&](size_t b, const uint32_t*, const uint32_t*, size_t count,
                           const std::vector<uint32_t>& df_of_token) {
    df_counts[b] = DfCountsOf(df_of_token, count);
  });
  return df_counts;
}

// The kept tokens' ranks and where each token's records go in the lists of records by rank
// (ListRecordsByRank): the tokens of frequency df have ranks [first_rank[df], first_rank[df] +
// tokens[df]) and their records, df of them each, begin at first_entry[df].
struct Ranking {
  size_t distinct = 0;
  size_t frequent = 0;  // in more records than the limit: dropped
  std::vector<uint32_t> tokens, first_rank;
  std::vector<size_t> first_entry;
  size_t entries = 0;  // the kept tokens' records, all told
};

// Sets each DfCount's first_rank: kept tokens ranked by ascending frequency, then by bucket, then
// by first appearance in the bucket.
Ranking RankByFrequency(std::vector<std::vector<DfCount>>& df_counts, double limit) {
  Ranking ranking;
  uint32_t max_df = 0;
  for (const std::vector<DfCount>& counts : df_counts) {
    for (const DfCount& c : counts) {
      ranking.distinct += c.count;
      if (static_cast<double>(c.df) > limit) {
        ranking.frequent += c.count;
      } else {
        max_df = std::max(max_df, c.df);
      }
    }
  }
  ranking.tokens.assign(static_cast<size_t>(max_df) + 1, 0);
  for (const std::vector<DfCount>& counts : df_counts) {
    for (const DfCount& c : counts) {
      if (static_cast<double>(c.df) <= limit) ranking.tokens[c.df] += c.count;
    }
  }
  ranking.first_rank.assign(ranking.tokens.size(), 0);
  ranking.first_entry.assign(ranking.tokens.size(), 0);
  uint32_t rank = 0;
  for (size_t df = 0; df < ranking.tokens.size(); ++df) {
    ranking.first_rank[df] = rank;
    ranking.first_entry[df] = ranking.entries;
    rank += ranking.tokens[df];
    ranking.entries += size_t{ranking.tokens[df]} * df;
  }
  std::vector<uint32_t> next_rank = ranking.first_rank;
  for (std::vector<DfCount>& counts : df_counts) {
    for (DfCount& c : counts) {
      if (static_cast<double>(c.df) > limit) continue;
      c.first_rank = next_rank[c.df];
      next_rank[c.df] += c.count;
    }
  }
  return ranking;
}

constexpr uint32_t kDropped = UINT32_MAX;  // the place of a frequent token's records: none

// The rank of each token of a bucket (df_of_token[j]: the records of its token j) in `ranks`, or
// kDropped for a frequent one: a kept token takes the next of the bucket's ranks for its frequency
// (`counts`, the bucket's DfCounts with their first ranks). `ranks` may be `df_of_token`.
void RankBucket(std::vector<DfCount>& counts, const std::vector<uint32_t>& df_of_token,
                double limit, std::vector<uint32_t>& ranks) {
  ranks.resize(df_of_token.size());
  for (size_t j = 0; j < df_of_token.size(); ++j) {
    const uint32_t df = df_of_token[j];
    if (static_cast<double>(df) > limit) {
      ranks[j] = kDropped;
      continue;
    }
    auto c = std::lower_bound(counts.begin(), counts.end(), df,
                              [](const DfCount& x, uint32_t d) { return x.df < d; });
    ranks[j] = c->first_rank++;
  }
}

// Writes the records of each kept token into `lists` (sized ranking.entries), the tokens in rank
// order: a token's records are lists[first_entry + (rank - first_rank) * df, ... + df), ascending.
// (A bucket is numbered the same way on every pass, so its tokens' order matches the one
// RankByFrequency counted.)
void ListRecordsByRank(BucketRounds& rounds, std::vector<std::vector<DfCount>>& df_counts,
                       const Ranking& ranking, double limit, std::vector<uint32_t>& lists) {
  rounds.ForEachBucket([&](size_t b, const uint32_t* tokens, const uint32_t* records, size_t count,
                           const std::vector<uint32_t>& df_of_token) {
    // Where the next record of each of the bucket's tokens goes in `lists`.
    thread_local std::vector<uint32_t> at;
    RankBucket(df_counts[b], df_of_token, limit, at);
    for (size_t j = 0; j < df_of_token.size(); ++j) {
      const uint32_t df = df_of_token[j];
      if (at[j] == kDropped) continue;
      at[j] = static_cast<uint32_t>(ranking.first_entry[df] +
                                    size_t{at[j] - ranking.first_rank[df]} * df);
    }
    for (size_t k = 0; k < count; ++k) {
      if (records[k] == kRepeat || at[tokens[k]] == kDropped) continue;
      lists[at[tokens[k]]++] = records[k];
    }
  });
}

// Turns the lists of records by rank into each record's ranks, ascending (a counting sort:
// walking the ranks in order appends each record's ranks in order), in `storage`; empties
// records with fewer than `min_tokens` ranks. Threads take ranges of records. Returns how many
// records are left to take part.
size_t RecordsFromLists(const std::vector<uint32_t>& lists, const Ranking& ranking, size_t n,
                        unsigned threads, size_t min_tokens, std::vector<uint32_t> storage,
                        RankedRecords& records) {
  records.sizes.assign(n, 0);
  for (uint32_t r : lists) ++records.sizes[r];
  records.begins.resize(n);
  uint32_t at = 0;
  for (size_t r = 0; r < n; ++r) {
    records.begins[r] = at;
    at += records.sizes[r];
  }
  storage.resize(lists.size());
  std::vector<uint32_t> fill = records.begins;
  OnThreads(threads, [&](unsigned part) {
    const size_t first = n * part / threads, last = n * (part + 1) / threads;
    size_t entry = 0;
    uint32_t rank = 0;
    for (size_t df = 1; df < ranking.tokens.size(); ++df) {
      for (uint32_t i = 0; i < ranking.tokens[df]; ++i, ++rank) {
        for (size_t j = 0; j < df; ++j) {
          const uint32_t r = lists[entry++];
          if (r >= first && r < last) storage[fill[r]++] = rank;
        }
      }
    }
  });
  size_t taking_part = 0;
  for (size_t r = 0; r < n; ++r) {
    if (records.sizes[r] < min_tokens) {
      records.sizes[r] = 0;  // too short to take part
    } else {
      ++taking_part;
    }
  }
  records.ranks = std::move(storage);
  return taking_part;
}

// Prepare when the pairs are placed at once (the tokens fit the pairs' budget): repeats are
// dropped while counting, and the ranks are sorted by the lists of records by rank.
size_t PrepareAtOnce(TokenSets& sets, unsigned threads, double limit, const JoinOptions& options,
                     Ranking& ranking, RankedRecords& records) {
  std::vector<uint32_t> lists, storage;
  {  // the pairs and counts are freed before the counting sort
    // Every pair at once, whatever the budget (PrepareInRounds falls back on this).
    BucketRounds rounds(sets, threads, SIZE_MAX, /*by_position=*/false);
    // The pairs hold every token: the hashes are not read again, and their memory (in use
    // already, at least as large) takes the lists.
    lists = std::move(sets.data);
    std::vector<std::vector<DfCount>> df_counts = CountFrequencies(rounds);
    ranking = RankByFrequency(df_counts, limit);
    lists.resize(ranking.entries);
    ListRecordsByRank(rounds, df_counts, ranking, limit, lists);
    storage = rounds.TakeRecords();  // the ranks go where the pairs' records were
  }
  return RecordsFromLists(lists, ranking, sets.size(), threads, options.min_tokens,
                          std::move(storage), records);
}

// Makes each record's token hashes distinct in place (first occurrences kept), then packs the
// records together again: `records` gets their begins and sizes, `sets` its new offsets.
// Records are split over threads.
void MakeRecordsDistinct(TokenSets& sets, unsigned threads, RankedRecords& records) {
  const size_t n = sets.size();
  std::vector<uint32_t>& tokens = sets.data;
  records.begins.assign(sets.offsets.begin(), sets.offsets.end() - 1);
  records.sizes.resize(n);
  OnThreads(threads, [&](unsigned part) {
    BucketTable seen;
    for (size_t r = n * part / threads; r < n * (part + 1) / threads; ++r) {
      uint32_t* t = tokens.data() + sets.offsets[r];
      const uint32_t count = sets.offsets[r + 1] - sets.offsets[r];
      seen.Reset(count);
      uint32_t kept = 0;
      for (uint32_t k = 0; k < count; ++k) {
        BucketTable::Slot& slot = seen[t[k]];
        if (slot.last == BucketTable::kNoRecord) {
          slot.last = 0;
          t[kept++] = t[k];
        }
      }
      records.sizes[r] = kept;
    }
  });
  size_t total = 0;
  for (size_t r = 0; r < n; ++r) {
    std::copy_n(tokens.begin() + records.begins[r], records.sizes[r], tokens.begin() + total);
    records.begins[r] = static_cast<uint32_t>(total);
    total += records.sizes[r];
  }
  tokens.resize(total);
  for (size_t r = 0; r < n; ++r) sets.offsets[r] = records.begins[r];
  sets.offsets[n] = static_cast<uint32_t>(total);
}

// Replaces each token of each record by rank_of(token), sorts the record's ranks and removes
// dropped tokens (ranks at or above `dropped`); empties records shorter than `min_tokens`.
// Returns how many records are left to take part.
template <typename RankOf>
size_t RankSortAndTrimRecords(std::vector<uint32_t>& ranks, unsigned threads, size_t min_tokens,
                              uint32_t dropped, RankedRecords& records, RankOf&& rank_of) {
  const size_t n = records.sizes.size();
  std::atomic<size_t> taking_part = 0;
  OnThreads(threads, [&](unsigned part) {
    size_t taking = 0;
    for (size_t r = n * part / threads; r < n * (part + 1) / threads; ++r) {
      uint32_t* t = ranks.data() + records.begins[r];
      for (uint32_t k = 0; k < records.sizes[r]; ++k) t[k] = rank_of(t[k]);
      std::sort(t, t + records.sizes[r]);
      uint32_t kept = static_cast<uint32_t>(std::lower_bound(t, t + records.sizes[r], dropped) - t);
      if (kept < min_tokens) {
        kept = 0;  // too short to take part
      } else {
        ++taking;
      }
      records.sizes[r] = kept;
    }
    taking_part += taking;
  });
  return taking_part;
}

// Prepare when the pairs are placed a round of buckets at a time (more tokens than the pairs'
// budget). The records are made distinct first. One pass over the rounds counts the tokens and
// writes, where each token's hash was, its bucket (the same top bits, so a later round never places
// it again) and its number in the bucket (NumberInPlace); once the frequencies are known, each
// bucket's numbers become ranks, and each record's tokens are replaced by their ranks and sorted.
// Needs the tokens, one round's positions and a rank for each distinct token. When a bucket has
// too many tokens for its numbers to fit beside the bucket's bits, the pairs are placed at once.
size_t PrepareInRounds(TokenSets& sets, unsigned threads, double limit, const JoinOptions& options,
                       Ranking& ranking, RankedRecords& records) {
  MakeRecordsDistinct(sets, threads, records);
  std::vector<uint32_t>& tokens = sets.data;
  std::vector<std::vector<uint32_t>> rank_of;  // [bucket][number]: df, then rank
  std::vector<std::vector<DfCount>> df_counts;
  unsigned shift = 0;
  {  // the pairs are freed before the ranks are written
    BucketRounds rounds(sets, threads, options.ranking_pairs, /*by_position=*/true);
    shift = 32 - rounds.bucket_bits();
    if (rounds.LargestBucket() >= (size_t{1} << shift)) shift = 0;  // numbers would not fit
    if (shift != 0) {
      rank_of.resize(rounds.buckets());
      df_counts.resize(rounds.buckets());
      rounds.NumberInPlace(tokens, shift, [&](size_t b, const std::vector<uint32_t>& df_of_token) {
        rank_of[b] = df_of_token;
        size_t count = 0;
        for (uint32_t df : df_of_token) count += df;
        df_counts[b] = DfCountsOf(df_of_token, count);
      });
    }
  }
  if (shift == 0) return PrepareAtOnce(sets, threads, limit, options, ranking, records);
  ranking = RankByFrequency(df_counts, limit);
  // A frequent token's rank: after every kept one.
  const uint32_t dropped = static_cast<uint32_t>(ranking.distinct - ranking.frequent);
  for (size_t b = 0; b < rank_of.size(); ++b) {
    RankBucket(df_counts[b], rank_of[b], limit, rank_of[b]);
    for (uint32_t& rank : rank_of[b]) rank = std::min(rank, dropped);
  }
  df_counts = {};
  const uint32_t mask = (uint32_t{1} << shift) - 1;
  size_t taking_part =
      RankSortAndTrimRecords(tokens, threads, options.min_tokens, dropped, records,
                             [&](uint32_t token) { return rank_of[token >> shift][token & mask]; });
  rank_of = {};
#ifdef __GLIBC__
  // The buckets' ranks were made on the threads, in their heaps: hand the pages back before the
  // join needs its own.
  malloc_trim(0);
#endif
  records.ranks = std::move(tokens);
  return taking_part;
}

// Turns the token hashes of each record into sorted, distinct token ranks. A token's rank orders
// tokens by ascending document frequency (ties by bucket, then by first appearance in the
// bucket: an order that depends only on the input; the pairs do not depend on it); tokens in more
// records than the frequent limit are dropped. Buckets are shared among threads for counting and
// ranking, records for placing and sorting.
RankedRecords Prepare(TokenSets sets, const JoinOptions& options, JoinStats* stats) {
  const unsigned threads = ThreadCount(options.threads, sets.data.size());
  const double limit = std::max(static_cast<double>(options.frequent_min_records),
                                options.frequent_share * static_cast<double>(sets.size()));
  Ranking ranking;
  RankedRecords records;
  const size_t taking_part = sets.data.size() <= std::max<size_t>(options.ranking_pairs, 1)
                                 ? PrepareAtOnce(sets, threads, limit, options, ranking, records)
                                 : PrepareInRounds(sets, threads, limit, options, ranking, records);
  records.rank_count = ranking.distinct - ranking.frequent;
  if (stats != nullptr) {
    stats->distinct_tokens = ranking.distinct;
    stats->frequent_tokens = ranking.frequent;
    stats->records = taking_part;
  }
  return records;
}

size_t CeilTimes(double t, double x) { return static_cast<size_t>(std::ceil(t * x - kEpsilon)); }

// Records that take part, in ascending size: a record only meets records no larger than itself.
std::vector<uint32_t> RecordsBySize(const RankedRecords& records, size_t n) {
  std::vector<uint32_t> by_size;
  for (uint32_t r = 0; r < n; ++r) {
    if (records.size(r) > 0) by_size.push_back(r);
  }
  std::stable_sort(by_size.begin(), by_size.end(),
                   [&](uint32_t a, uint32_t b) { return records.size(a) < records.size(b); });
  return by_size;
}

// How many of the first tokens of a record of `size` tokens are indexed: what a later, larger
// record can share with it at threshold t.
size_t IndexPrefix(size_t size, double t) {
  return std::min(size, size - CeilTimes(2.0 * t / (1.0 + t), static_cast<double>(size)) + 1);
}

// The inverted lists of indexed prefix tokens, as linked lists in one array (newest first, so
// sizes fall along a list and the first too-small entry ends the walk). One vector per token
// would cost 24 bytes for each of millions of mostly empty lists. The array is sized once for
// every record's index prefix (`postings`): grown by doubling, it held up to twice the entries
// while it was copied (a million questions index about 29 million, 350 MB).
class PrefixIndex {
 public:
  PrefixIndex(size_t rank_count, size_t postings) : head_(rank_count, kEnd) {
    postings_.reserve(postings);
  }

  // Walks the lists of the probe prefix of record x (records indexed so far, no smaller than x
  // can match at threshold t): counts in overlap[y] the prefix tokens x shares with each record
  // y, or sets it to -1 once even matching every remaining token cannot reach t. Appends each
  // record met for the first time to `touched`.
  void Probe(const RankedRecords& records, uint32_t x, double t, std::vector<int32_t>& overlap,
             std::vector<uint32_t>& touched) const {
    const size_t nx = records.size(x);
    const uint32_t* xs = records.begin(x);
    const size_t min_size = CeilTimes(t, static_cast<double>(nx));
    const size_t probe_prefix = nx - CeilTimes(t, static_cast<double>(nx)) + 1;
    for (size_t i = 0; i < probe_prefix && i < nx; ++i) {
      for (uint32_t k = head_[xs[i]]; k != kEnd; k = postings_[k].next) {
        const Posting& p = postings_[k];
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
  }

  // Adds the index prefix of record x (what a later, larger record can share with it at t).
  void Insert(const RankedRecords& records, uint32_t x, double t) {
    const uint32_t* xs = records.begin(x);
    const size_t index_prefix = IndexPrefix(records.size(x), t);
    for (size_t i = 0; i < index_prefix; ++i) {
      postings_.push_back({x, static_cast<uint32_t>(i), head_[xs[i]]});
      head_[xs[i]] = static_cast<uint32_t>(postings_.size() - 1);
    }
  }

 private:
  struct Posting {
    uint32_t record;
    uint32_t position;
    uint32_t next;
  };
  static constexpr uint32_t kEnd = UINT32_MAX;
  std::vector<uint32_t> head_;
  std::vector<Posting> postings_;
};

// Verifies the candidates `touched` that record x met in the index (those still counted in
// `overlap`, and reportable: one of the two among the first `linted` records) by their whole
// overlap, appends those at or above t to `pairs`, and clears their counts.
void VerifyCandidates(const RankedRecords& records, uint32_t x, size_t linted, double t,
                      const std::vector<uint32_t>& touched, std::vector<int32_t>& overlap,
                      JoinStats* stats, std::vector<SimilarPair>& pairs) {
  const size_t nx = records.size(x);
  const uint32_t* xs = records.begin(x);
  for (uint32_t y : touched) {
    if (overlap[y] > 0) {
      const size_t ny = records.size(y);
      bool reportable = x < linted || y < linted;
      if (reportable) {
        ++stats->candidates;
        size_t o = CommonCount(xs, nx, records.begin(y), ny);
        double similarity = Jaccard(o, nx, ny);
        if (similarity + kEpsilon >= t) {
          pairs.push_back({std::min(x, y), std::max(x, y), similarity});
        }
      }
    }
    overlap[y] = 0;
  }
}

// Folds the records with identical kept rank sets into classes: every record but the first of a
// class is emptied (takes no part in the join). Returns same_as (record -> first of its class).
std::vector<uint32_t> FoldIdenticalRecords(RankedRecords& records, size_t n) {
  std::vector<uint32_t> same_as(n);
  std::vector<std::pair<uint64_t, uint32_t>> hashed;
  for (uint32_t r = 0; r < n; ++r) {
    same_as[r] = r;
    if (records.size(r) == 0) continue;
    uint64_t h = 1469598103934665603ULL ^ records.size(r);
    const uint32_t* t = records.begin(r);
    for (size_t k = 0; k < records.size(r); ++k) h = (h ^ t[k]) * 1099511628211ULL;
    hashed.push_back({h, r});
  }
  std::sort(hashed.begin(), hashed.end());
  for (size_t begin = 0; begin < hashed.size();) {
    size_t end = begin + 1;
    while (end < hashed.size() && hashed[end].first == hashed[begin].first) ++end;
    // Within equal hashes, each record joins the first earlier record with the same ranks.
    for (size_t i = begin + 1; i < end; ++i) {
      const uint32_t r = hashed[i].second;
      for (size_t j = begin; j < i; ++j) {
        const uint32_t q = hashed[j].second;
        if (same_as[q] != q || records.size(q) == 0 || records.size(q) != records.size(r)) continue;
        if (std::equal(records.begin(r), records.begin(r) + records.size(r), records.begin(q))) {
          same_as[r] = q;
          break;
        }
      }
    }
    begin = end;
  }
  for (uint32_t r = 0; r < n; ++r) {
    if (same_as[r] != r) records.sizes[r] = 0;
  }
  return same_as;
}

}  // namespace

void TokenSets::Append(const TokenSets& other) {
  uint32_t base = static_cast<uint32_t>(data.size());
  data.insert(data.end(), other.data.begin(), other.data.end());
  for (size_t r = 1; r < other.offsets.size(); ++r) offsets.push_back(base + other.offsets[r]);
}

ClassedPairs SimilarityJoinClasses(TokenSets sets, size_t linted, const JoinOptions& options,
                                   JoinStats* stats) {
  JoinStats local;
  if (stats == nullptr) stats = &local;
  const size_t n = sets.size();
  auto start = std::chrono::steady_clock::now();
  RankedRecords records = Prepare(std::move(sets), options, stats);
  ClassedPairs result;
  result.same_as = FoldIdenticalRecords(records, n);
  stats->prepare_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double t = std::clamp(options.threshold, kEpsilon, 1.0);

  const std::vector<uint32_t> by_size = RecordsBySize(records, n);
  size_t postings = 0;
  for (uint32_t x : by_size) postings += IndexPrefix(records.size(x), t);
  PrefixIndex index(records.rank_count, postings);
  std::vector<int32_t> overlap(n, 0);  // -1: pruned for the current probe
  std::vector<uint32_t> touched;
  std::vector<SimilarPair> pairs;
  for (uint32_t x : by_size) {
    touched.clear();
    index.Probe(records, x, t, overlap, touched);
    VerifyCandidates(records, x, linted, t, touched, overlap, stats, pairs);
    index.Insert(records, x, t);
  }
  std::sort(pairs.begin(), pairs.end(), [](const SimilarPair& p, const SimilarPair& q) {
    return p.a != q.a ? p.a < q.a : p.b < q.b;
  });
  stats->pairs = pairs.size();
  result.pairs = std::move(pairs);
  return result;
}

std::vector<SimilarPair> ExpandClasses(const ClassedPairs& classed, size_t linted) {
  const size_t n = classed.same_as.size();
  // The records of each class in ascending order, as one array indexed by class start.
  std::vector<uint32_t> start(n + 1, 0), members(n);
  for (uint32_t r = 0; r < n; ++r) ++start[classed.same_as[r] + 1];
  for (size_t r = 0; r < n; ++r) start[r + 1] += start[r];
  std::vector<uint32_t> next(start.begin(), start.end() - 1);
  for (uint32_t r = 0; r < n; ++r) members[next[classed.same_as[r]]++] = r;
  auto of = [&](uint32_t rep) {
    return std::span<const uint32_t>(members.data() + start[rep], start[rep + 1] - start[rep]);
  };
  std::vector<SimilarPair> pairs;
  auto add = [&](uint32_t x, uint32_t y, double similarity) {
    if (x < linted || y < linted) pairs.push_back({std::min(x, y), std::max(x, y), similarity});
  };
  for (uint32_t rep = 0; rep < n; ++rep) {
    auto in_class = of(rep);
    for (size_t i = 0; i < in_class.size(); ++i) {
      for (size_t j = i + 1; j < in_class.size(); ++j) add(in_class[i], in_class[j], 1.0);
    }
  }
  for (const SimilarPair& p : classed.pairs) {
    for (uint32_t x : of(p.a)) {
      for (uint32_t y : of(p.b)) add(x, y, p.similarity);
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](const SimilarPair& p, const SimilarPair& q) {
    return p.a != q.a ? p.a < q.a : p.b < q.b;
  });
  return pairs;
}

std::vector<SimilarPair> SimilarityJoin(TokenSets sets, size_t linted, const JoinOptions& options,
                                        JoinStats* stats) {
  JoinStats local;
  if (stats == nullptr) stats = &local;
  std::vector<SimilarPair> pairs =
      ExpandClasses(SimilarityJoinClasses(std::move(sets), linted, options, stats), linted);
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
      size_t o = CommonCount(records.begin(a), records.size(a), records.begin(b), records.size(b));
      double similarity = Jaccard(o, records.size(a), records.size(b));
      if (similarity + kEpsilon >= t) pairs.push_back({a, b, similarity});
    }
  }
  return pairs;
}

}  // namespace qbank::similarity
