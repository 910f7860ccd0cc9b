// The near-duplicate search: an exact set-similarity join (Jaccard over distinct tokens) with
// prefix, length and positional filtering (AllPairs/PPJoin), after dropping the tokens common to a
// large share of the records so that templated openings cannot make pairs.
#ifndef QBANK_SIMILARITY_SIMILARITY_JOIN_H_
#define QBANK_SIMILARITY_SIMILARITY_JOIN_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qbank::similarity {

struct JoinOptions {
  // Pairs with Jaccard similarity at or above this are reported (0 < threshold <= 1);
  // near-duplicate's default, chosen from the recall curve in docs/duplicates.md.
  double threshold = 0.6;
  // Pairs of a checked record and a record of a bank compared against (`--against`) are reported
  // from this similarity instead, when it is lower (0: threshold). A copy taken from a dump and
  // reworded in a few words is worth a look at a similarity where two questions of one bank are
  // not. Used by FindNearDuplicateGroups.
  double against_threshold = 0;
  // A token in more than max(frequent_min_records, frequent_share * records) records is dropped
  // from every record before comparing: it says nothing about which records are copies.
  double frequent_share = 0.02;
  size_t frequent_min_records = 20;
  // Records with fewer distinct tokens left than this take no part (exact duplicates of short
  // questions are the exact-duplicate check's business).
  size_t min_tokens = 5;
  // Threads for preparing the records (0: all cores). The pairs do not depend on it.
  unsigned threads = 0;
  // Ranking the tokens makes (hash, record) pairs, 8 bytes each, at most this many at a time
  // (the default, 256 MB, holds 100,000 questions' at once; beyond it they are made a round of
  // buckets at a time, from the records made distinct first). The pairs do not depend on it.
  size_t ranking_pairs = size_t{32} << 20;
};

struct JoinStats {
  size_t records = 0;          // records that took part
  size_t distinct_tokens = 0;  // distinct tokens before dropping
  size_t frequent_tokens = 0;  // tokens dropped as frequent
  size_t candidates = 0;       // pairs that passed the filters and were verified
  size_t pairs = 0;            // pairs reported
  double prepare_seconds = 0;  // wall time spent ranking the tokens, before the join proper
};

// The token sets of many records in one array (32-bit token hashes; repeats allowed, any order):
// record r's tokens are data[offsets[r], offsets[r + 1]).
struct TokenSets {
  std::vector<uint32_t> data;
  std::vector<uint32_t> offsets = {0};
  size_t size() const { return offsets.size() - 1; }
  // Appends a record.
  void Add(const uint32_t* tokens, size_t count) {
    data.insert(data.end(), tokens, tokens + count);
    offsets.push_back(static_cast<uint32_t>(data.size()));
  }
  // Appends every record of `other`.
  void Append(const TokenSets& other);
};

// Two records and their similarity over the kept tokens; a < b.
struct SimilarPair {
  uint32_t a = 0;
  uint32_t b = 0;
  double similarity = 0;
  friend bool operator==(const SimilarPair&, const SimilarPair&) = default;
};

// Every pair of records (a, b) with Jaccard(kept tokens of a, kept tokens of b) >= threshold,
// where at least one of a, b is below `linted` (records at or above `linted` come from banks that
// are compared against but not checked: pairs among them are not reported). The sets are
// consumed (turned into token ranks in place, so memory holds one copy). Pairs are sorted by
// (a, b). Time grows with the number of records times the candidates each one meets through its
// rarest tokens, not with the number of pairs of records.
std::vector<SimilarPair> SimilarityJoin(TokenSets sets, size_t linted, const JoinOptions& options,
                                        JoinStats* stats = nullptr);

// The join with the records whose kept token sets are identical folded into one class first, so
// that a family of k variants differing only in frequent tokens ("[set 3]") costs one record of
// the join, not k, and k * (k - 1) / 2 pairs are never listed. `pairs` are between class
// representatives (a < b, sorted); same_as[r] is the representative of record r's class: its
// first record (r itself when r is alone or takes no part). Records of one class have similarity
// 1 with each other; a member of class A and one of class B have the similarity of the pair (A, B).
// A class whose records are all at or above `linted` meets only classes with a linted record.
struct ClassedPairs {
  std::vector<SimilarPair> pairs;
  std::vector<uint32_t> same_as;
};
ClassedPairs SimilarityJoinClasses(TokenSets sets, size_t linted, const JoinOptions& options,
                                   JoinStats* stats = nullptr);

// Every pair of records a ClassedPairs stands for (the pairs SimilarityJoin returns), sorted.
std::vector<SimilarPair> ExpandClasses(const ClassedPairs& classed, size_t linted);

// The same result by comparing every pair (quadratic): the recall baseline for tests and bench.
std::vector<SimilarPair> ExhaustiveSimilarityPairs(TokenSets sets, size_t linted,
                                                   const JoinOptions& options);

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_SIMILARITY_JOIN_H_
