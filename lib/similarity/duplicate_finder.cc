// The duplicate checks: grouping by key hashes, the similarity join, and word differences.
#include "similarity/duplicate_finder.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "base/huge_pages.h"
#include "similarity/fingerprint.h"
#include "similarity/sorted_sets.h"

namespace qbank::similarity {
namespace {

// Records grouped by a 64-bit key. Sorting one flat array of (key, record) beats a hash map of
// vectors once there are a million records (no allocation per key, no scattered probes).
struct Keyed {
  uint64_t key;
  uint32_t record;
};

// Calls f(first, last) for each run of equal keys in `items` after sorting it by key; records
// keep the order they were added in within a run (add them in record order).
template <typename F>
void ForEachGroup(std::vector<Keyed>& items, F&& f) {
  std::stable_sort(items.begin(), items.end(),
                   [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  for (size_t begin = 0; begin < items.size();) {
    size_t end = begin + 1;
    while (end < items.size() && items[end].key == items[begin].key) ++end;
    f(items.data() + begin, items.data() + end);
    begin = end;
  }
}

// Collects the hash of every key word of a text.
class WordHashes final : public text::KeyTokenSink {
 public:
  void Token(std::string_view word, size_t /*source_begin*/, size_t /*source_end*/) override {
    hashes.push_back(HashToken(word));
  }
  std::vector<uint64_t> hashes;
};

// The distinct words of a record's stem (comparison keys), as sorted 64-bit hashes: the same
// Jaccard figure as the words themselves, without making each word a string.
std::vector<uint64_t> StemWords(const BankFeatures& f, uint32_t r) {
  text::KeyOptions options;
  options.context_script = f.features[r].script;
  WordHashes words;
  text::VisitKeyTokens(f.question(r).stem.value, options, words);
  std::sort(words.hashes.begin(), words.hashes.end());
  words.hashes.erase(std::unique(words.hashes.begin(), words.hashes.end()), words.hashes.end());
  return std::move(words.hashes);
}

// Jaccard similarity of two stems' distinct words (StemWords).
double StemSimilarity(const std::vector<uint64_t>& wa, const std::vector<uint64_t>& wb) {
  if (wa.empty() && wb.empty()) return 1.0;  // two stems without words are the same
  return Jaccard(CommonCount(wa.data(), wa.size(), wb.data(), wb.size()), wa.size(), wb.size());
}

// The tokens of records [0, n) as record_tokens(r, &tokens) appends them, made on `threads`
// threads. Records are taken in chunks of 4,096 by whichever thread is free; each chunk's tokens
// are kept apart, then moved into one array chunk by chunk (its memory reserved, so touched only as
// it is filled) and each chunk freed (and its pages returned) once copied: the tokens are never
// held twice, as they were
// when two threads' halves were appended into one array (at a million questions the tokens take
// about 450 MB).
template <typename F>
TokenSets TokensInChunks(size_t n, unsigned threads, F&& record_tokens) {
  constexpr size_t kChunk = 4096;
  const size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<TokenSets> parts(chunks);
  std::atomic<size_t> next{0};
  auto work = [&] {
    std::vector<uint32_t> tokens;
    for (size_t c = next++; c < chunks; c = next++) {
      for (size_t r = c * kChunk; r < std::min(n, (c + 1) * kChunk); ++r) {
        tokens.clear();
        record_tokens(r, &tokens);
        parts[c].Add(tokens.data(), tokens.size());
      }
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  size_t total = 0;
  for (const TokenSets& part : parts) total += part.data.size();
  TokenSets all;
  all.data.reserve(total);
  // The join reads and rewrites the tokens out of order (by bucket): huge pages spare it a
  // translation miss on nearly every token.
  AdviseHugePages(all.data.data(), total * sizeof(uint32_t));
  all.offsets.reserve(n + 1);
  for (size_t c = 0; c < chunks; ++c) {
    all.Append(parts[c]);
    parts[c] = TokenSets();
#ifdef __GLIBC__
    // Freed chunks stay in the allocator's heap, still resident: hand their pages back every 32
    // chunks, or the copy would hold the tokens twice after all.
    if (c % 32 == 31) malloc_trim(0);
#endif
  }
  return all;
}

}  // namespace

std::shared_ptr<const BankFeatures> ComputeBankFeatures(
    const std::vector<const model::Bank*>& banks, size_t linted_banks,
    const FeatureOptions& options, unsigned threads) {
  auto result = std::make_shared<BankFeatures>();
  result->banks = banks;
  result->linted_banks = std::min(linted_banks, banks.size());
  for (uint32_t b = 0; b < banks.size(); ++b) {
    for (uint32_t q = 0; q < banks[b]->questions.size(); ++q) result->refs.push_back({b, q});
    if (b + 1 == result->linted_banks) result->linted_records = result->refs.size();
  }
  result->features.resize(result->refs.size());
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, result->refs.size() / 256 + 1));
  result->tokens =
      TokensInChunks(result->refs.size(), threads, [&](size_t r, std::vector<uint32_t>* tokens) {
        result->features[r] = ExtractFeatures(result->question(r), options, tokens);
      });
  return result;
}

std::optional<TokenSets> BankFeatures::TakeTokens() const {
  std::lock_guard<std::mutex> lock(tokens_mutex);
  std::optional<TokenSets> taken = std::move(tokens);
  tokens.reset();
  return taken;
}

std::vector<ExactGroup> FindExactDuplicates(const BankFeatures& f) {
  std::vector<Keyed> items;
  items.reserve(f.features.size());
  for (uint32_t r = 0; r < f.features.size(); ++r) {
    const model::Question& q = f.question(r);
    if (q.stem.value.empty() && q.options.empty()) continue;
    items.push_back({f.features[r].exact_hash, r});
  }
  std::vector<ExactGroup> groups;
  ForEachGroup(items, [&](const Keyed* first, const Keyed* last) {
    if (last - first < 2 || first->record >= f.linted_records) return;
    ExactGroup g;
    for (const Keyed* k = first; k != last; ++k) {
      g.members.push_back(k->record);
      if (f.features[k->record].key_hash != f.features[first->record].key_hash) {
        g.keys_disagree = true;
      }
    }
    groups.push_back(std::move(g));
  });
  std::sort(groups.begin(), groups.end(), [](const ExactGroup& a, const ExactGroup& b) {
    return a.members.front() < b.members.front();
  });
  return groups;
}

TokenSets QuestionTokenSets(const BankFeatures& f, unsigned threads) {
  const size_t n = f.refs.size();
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<size_t>(threads, n / 256 + 1));
  return TokensInChunks(n, threads, [&](size_t r, std::vector<uint32_t>* tokens) {
    AppendQuestionTokens(f.question(r), tokens);
  });
}

std::vector<SimilarPair> FindNearDuplicates(const BankFeatures& f, const JoinOptions& options,
                                            JoinStats* stats) {
  std::optional<TokenSets> taken = f.TakeTokens();
  TokenSets sets = taken ? std::move(*taken) : QuestionTokenSets(f);
  std::vector<SimilarPair> pairs =
      SimilarityJoin(std::move(sets), f.linted_records, options, stats);

  // Exact copies have the same tokens, so a question near one copy is near all of them: keep the
  // pair with the first copy only (and none between copies).
  std::vector<Keyed> items;
  items.reserve(f.features.size());
  for (uint32_t r = 0; r < f.features.size(); ++r) items.push_back({f.features[r].exact_hash, r});
  std::vector<uint32_t> first_copy(f.features.size());
  ForEachGroup(items, [&](const Keyed* first, const Keyed* last) {
    for (const Keyed* k = first; k != last; ++k) first_copy[k->record] = first->record;
  });
  std::erase_if(pairs, [&](const SimilarPair& p) {
    return f.features[p.a].exact_hash == f.features[p.b].exact_hash || first_copy[p.a] != p.a ||
           first_copy[p.b] != p.b;
  });
  if (stats != nullptr) stats->pairs = pairs.size();
  return pairs;
}

std::vector<OptionSetGroup> FindSharedOptionSets(const BankFeatures& f, size_t max_questions) {
  std::vector<Keyed> items;
  for (uint32_t r = 0; r < f.features.size(); ++r) {
    if (f.features[r].option_set_hash != 0) items.push_back({f.features[r].option_set_hash, r});
  }
  std::vector<OptionSetGroup> groups;
  ForEachGroup(items, [&](const Keyed* first, const Keyed* last) {
    const size_t size = static_cast<size_t>(last - first);
    if (size < 2 || size > max_questions) return;
    // Keep the questions whose stems differ from every earlier kept one (each stem's words made
    // once, when first compared).
    OptionSetGroup g;
    std::vector<std::optional<std::vector<uint64_t>>> kept_words;
    for (const Keyed* item = first; item != last; ++item) {
      const uint32_t r = item->record;
      bool alike = false;
      std::optional<std::vector<uint64_t>> words;
      for (size_t i = 0; i < g.members.size() && !alike; ++i) {
        if (f.features[g.members[i]].stem_hash == f.features[r].stem_hash) {
          alike = true;
          break;
        }
        if (!words) words = StemWords(f, r);
        if (!kept_words[i]) kept_words[i] = StemWords(f, g.members[i]);
        alike = StemSimilarity(*kept_words[i], *words) >= 0.5;
      }
      if (!alike) {
        g.members.push_back(r);
        kept_words.push_back(std::move(words));
      }
    }
    bool any_linted = std::any_of(g.members.begin(), g.members.end(),
                                  [&](uint32_t r) { return r < f.linted_records; });
    if (g.members.size() >= 2 && any_linted) groups.push_back(std::move(g));
  });
  std::sort(groups.begin(), groups.end(), [](const OptionSetGroup& a, const OptionSetGroup& b) {
    return a.members.front() < b.members.front();
  });
  return groups;
}

std::vector<ReuseGroup> FindReusedExplanations(const BankFeatures& f, size_t min_questions,
                                               size_t min_words) {
  // Every explanation and rationale long enough, in record order; `record` of a Keyed indexes
  // `refs` here.
  std::vector<std::pair<uint32_t, const ExplanationRef*>> refs;
  std::vector<Keyed> items;
  for (uint32_t r = 0; r < f.features.size(); ++r) {
    for (const ExplanationRef& e : f.features[r].explanations) {
      if (e.words < min_words) continue;
      items.push_back({e.hash, static_cast<uint32_t>(refs.size())});
      refs.emplace_back(r, &e);
    }
  }
  std::vector<ReuseGroup> groups;
  ForEachGroup(items, [&](const Keyed* first, const Keyed* last) {
    ReuseGroup g;
    for (const Keyed* k = first; k != last; ++k) {
      auto [r, e] = refs[k->record];
      if (g.members.empty() || g.members.back().first != r) ++g.questions;
      g.members.emplace_back(r, e->option);
      g.words = e->words;
    }
    if (g.questions < std::max<size_t>(min_questions, 2)) return;
    bool any_linted = std::any_of(g.members.begin(), g.members.end(),
                                  [&](const auto& m) { return m.first < f.linted_records; });
    if (any_linted) groups.push_back(std::move(g));
  });
  std::sort(groups.begin(), groups.end(), [](const ReuseGroup& a, const ReuseGroup& b) {
    return a.members.front() < b.members.front();
  });
  return groups;
}

namespace {

// The indexes of `a`'s tokens beyond the number of times `b` has them (and `b`'s in `*b_out`):
// order does not count, so reordered clauses differ in nothing, while "CR and MR" against "RS and
// KM" differ in those words even when the options name all four.
void CountDifference(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                     std::vector<size_t>* a_out, std::vector<size_t>* b_out) {
  std::unordered_map<std::string_view, int> count;
  for (std::string_view w : b) ++count[w];
  for (size_t i = 0; i < a.size(); ++i) {
    if (--count[a[i]] < 0) a_out->push_back(i);
  }
  count.clear();
  for (std::string_view w : a) ++count[w];
  for (size_t j = 0; j < b.size(); ++j) {
    if (--count[b[j]] < 0) b_out->push_back(j);
  }
}

std::vector<std::string_view> Words(const text::TextKey& key) {
  std::vector<std::string_view> out;
  out.reserve(key.size());
  for (size_t i = 0; i < key.size(); ++i) out.push_back(key.Word(i));
  return out;
}

}  // namespace

WordDifference DifferingWords(const model::Question& a, const model::Question& b, size_t limit) {
  return DifferingWords(KeyQuestionText(a), KeyQuestionText(b), limit);
}

WordDifference DifferingWords(const QuestionText& ta, const QuestionText& tb, size_t limit) {
  WordDifference d;
  // Adds the source text of token `i` of field `f` of `t`, once per distinct key word.
  auto add = [limit](const QuestionText& t, size_t f, size_t i, std::vector<std::string>* out,
                     std::unordered_set<std::string_view>* seen) {
    if (out->size() >= limit || !seen->insert(t.keys[f].Word(i)).second) return;
    const text::KeyWord& w = t.keys[f].words[i];
    out->push_back(t.fields[f]->value.substr(w.source_begin, w.source_end - w.source_begin));
  };
  std::unordered_set<std::string_view> seen_a, seen_b;
  // Stems, then options, each by count.
  std::vector<size_t> stem_a, stem_b;
  CountDifference(Words(ta.keys[0]), Words(tb.keys[0]), &stem_a, &stem_b);
  for (size_t i : stem_a) add(ta, 0, i, &d.only_in_a, &seen_a);
  for (size_t j : stem_b) add(tb, 0, j, &d.only_in_b, &seen_b);
  auto option_counts = [](const QuestionText& t) {
    std::unordered_map<std::string_view, int> count;
    for (size_t f = 1; f < t.keys.size(); ++f) {
      for (size_t i = 0; i < t.keys[f].size(); ++i) ++count[t.keys[f].Word(i)];
    }
    return count;
  };
  auto extra = [&](const QuestionText& t, std::unordered_map<std::string_view, int> other,
                   std::vector<std::string>* out, std::unordered_set<std::string_view>* seen) {
    for (size_t f = 1; f < t.keys.size(); ++f) {
      for (size_t i = 0; i < t.keys[f].size(); ++i) {
        if (--other[t.keys[f].Word(i)] < 0) add(t, f, i, out, seen);
      }
    }
  };
  extra(ta, option_counts(tb), &d.only_in_a, &seen_a);
  extra(tb, option_counts(ta), &d.only_in_b, &seen_b);
  return d;
}

bool SharePassageOnly(const model::Question& a, const model::Question& b,
                      size_t min_passage_words) {
  return SharePassageOnly(KeyQuestionText(a), KeyQuestionText(b), min_passage_words);
}

bool SharePassageOnly(const QuestionText& ta, const QuestionText& tb, size_t min_passage_words) {
  std::vector<std::string_view> sa = Words(ta.keys[0]), sb = Words(tb.keys[0]);
  const size_t shorter = std::min(sa.size(), sb.size());
  size_t prefix = 0;
  while (prefix < shorter && sa[prefix] == sb[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix && sa[sa.size() - 1 - suffix] == sb[sb.size() - 1 - suffix]) {
    ++suffix;
  }
  const size_t passage = prefix + suffix;
  if (passage < min_passage_words || passage * 2 < shorter) return false;
  // What each question asks: the rest of its stem and its options, as distinct words.
  auto rest = [&](const QuestionText& t, const std::vector<std::string_view>& stem) {
    std::unordered_set<std::string_view> words(stem.begin() + static_cast<std::ptrdiff_t>(prefix),
                                               stem.end() - static_cast<std::ptrdiff_t>(suffix));
    for (size_t f = 1; f < t.keys.size(); ++f) {
      for (size_t i = 0; i < t.keys[f].size(); ++i) words.insert(t.keys[f].Word(i));
    }
    return words;
  };
  std::unordered_set<std::string_view> ra = rest(ta, sa), rb = rest(tb, sb);
  if (ra.empty() && rb.empty()) return false;  // the same question
  size_t shared = 0;
  for (std::string_view w : ra) shared += rb.count(w);
  const size_t either = ra.size() + rb.size() - shared;
  return shared * 2 < either;
}

namespace {

// The stem's key words outside `function_words`, in order.
std::vector<std::string_view> ContentWords(const QuestionText& t, const WordSet& function_words) {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < t.keys[0].size(); ++i) {
    std::string_view w = t.keys[0].Word(i);
    if (function_words.count(w) == 0) out.push_back(w);
  }
  return out;
}

bool HasDigit(std::string_view w) {
  return std::any_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The same word, or one with an ending of up to three letters added (four letters or more first).
bool SameWordStem(std::string_view a, std::string_view b) {
  if (a == b) return true;
  if (a.size() > b.size()) std::swap(a, b);
  return a.size() >= 4 && b.size() - a.size() <= 3 && b.substr(0, a.size()) == a && !HasDigit(a) &&
         !HasDigit(b);
}

}  // namespace

bool SameStemWording(const QuestionText& a, const QuestionText& b, const WordSet& function_words) {
  const std::vector<std::string_view> wa = ContentWords(a, function_words);
  const std::vector<std::string_view> wb = ContentWords(b, function_words);
  if (wa.size() != wb.size() || wa.empty()) return false;
  // What lies between the common beginning and end must be the same words, or the same with one
  // part moved before the rest (b's middle a rotation of a's).
  size_t first = 0, last = wa.size();
  while (first < last && SameWordStem(wa[first], wb[first])) ++first;
  while (last > first && SameWordStem(wa[last - 1], wb[last - 1])) --last;
  const size_t n = last - first;
  if (n == 0) return true;
  for (size_t shift = 1; shift < n; ++shift) {
    bool same = true;
    for (size_t i = 0; i < n && same; ++i) {
      same = SameWordStem(wa[first + (i + shift) % n], wb[first + i]);
    }
    if (same) return true;
  }
  return false;
}

}  // namespace qbank::similarity
