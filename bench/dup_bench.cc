// The duplicate and originality benchmark: wall time, peak memory and recall per planted kind for
// synthetic banks of 10k, 100k and 1M questions, an exact all-pairs baseline on 10k, the reference
// check (10k questions against 50 documents embedding 1,000 of them), the load time of a
// million-passage reference index, and the 100k end-to-end run from a bank file.
//
// Usage: dup_bench [--sizes 10000,100000,1000000] [--min-similarity PERCENT]
//                  [--curve 50,55,...,90] [--ngram N]
//                  [--window W] [--skip-reference] [--skip-index-load] [--skip-end-to-end]
//                  [--keep-bank PATH] [--qbank PATH] [--runs N]
// Each measurement runs in its own child process, so peak memory (getrusage) is its own.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/source_text.h"
#include "bench/bench_process.h"
#include "bench/synthetic_bank.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "lint/registry.h"
#include "similarity/duplicate_finder.h"
#include "similarity/fingerprint.h"
#include "similarity/reference_index.h"
#include "text/text_key.h"

namespace qbank::bench {
namespace {

using Clock = std::chrono::steady_clock;
using similarity::BankFeatures;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double PeakMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// A field of /proc/self/status in megabytes ("VmRSS", "VmHWM"), 0 when it cannot be read.
double StatusMegabytes(const char* field) {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return 0;
  char line[256];
  double kb = 0;
  const size_t n = std::strlen(field);
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::strncmp(line, field, n) == 0 && line[n] == ':') kb = std::atof(line + n + 1);
  }
  std::fclose(f);
  return kb / 1024.0;
}

// Resets the process's peak resident size (VmHWM) to its current size, so that the peak of the
// duplicate checks is measured apart from the bank generation's (Linux 4.0 or later).
void ResetPeak() {
  FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (f == nullptr) return;
  std::fputs("5", f);
  std::fclose(f);
}

// Runs `body` in a child process and waits for it (stdout is flushed first).
void InChild(const std::function<void()>& body) {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    body();
    std::fflush(stdout);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::printf("  (measurement failed: child status %d)\n", status);
  }
}

using Pair = std::pair<uint32_t, uint32_t>;
Pair Ordered(uint32_t a, uint32_t b) { return a < b ? Pair{a, b} : Pair{b, a}; }

// What the four duplicate rules report, as pairs of question indexes.
struct Reported {
  std::set<Pair> exact, near, option_set;
  // Every near pair the join found at the lowest threshold of the curve, with its similarity.
  std::map<Pair, double> near_similarity;
  size_t reuse_groups = 0;
  double features_s = 0, exact_s = 0, near_s = 0, option_s = 0, reuse_s = 0;
  similarity::JoinStats join;
};

similarity::JoinOptions g_join;  // --min-similarity sets the threshold
std::vector<double> g_curve = {0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9};  // --curve

// The lowest threshold the curve or the run asks for: the join runs once at it.
similarity::JoinOptions CurveJoin() {
  similarity::JoinOptions join = g_join;
  for (double t : g_curve) join.threshold = std::min(join.threshold, t);
  return join;
}
similarity::IndexParameters g_index;  // --ngram and --window set the reference index's

Reported RunDuplicateChecks(const model::Bank& bank) {
  Reported r;
  auto t = Clock::now();
  auto features = similarity::ComputeBankFeatures({&bank}, 1, similarity::FeatureOptions{}, 2);
  r.features_s = Seconds(t);
  t = Clock::now();
  for (const auto& g : similarity::FindExactDuplicates(*features)) {
    for (size_t i = 1; i < g.members.size(); ++i)
      r.exact.insert(Ordered(g.members[0], g.members[i]));
  }
  r.exact_s = Seconds(t);
  t = Clock::now();
  for (const auto& p : similarity::FindNearDuplicates(*features, CurveJoin(), &r.join)) {
    r.near_similarity[Ordered(p.a, p.b)] = p.similarity;
    if (p.similarity >= g_join.threshold) r.near.insert(Ordered(p.a, p.b));
  }
  r.near_s = Seconds(t);
  t = Clock::now();
  for (const auto& g : similarity::FindSharedOptionSets(*features, 10)) {
    for (size_t i = 1; i < g.members.size(); ++i) {
      r.option_set.insert(Ordered(g.members[0], g.members[i]));
    }
  }
  r.option_s = Seconds(t);
  t = Clock::now();
  r.reuse_groups = similarity::FindReusedExplanations(*features, 3, 8).size();
  r.reuse_s = Seconds(t);
  return r;
}

void PrintRecall(const SyntheticBank& s, const Reported& r) {
  std::map<PlantKind, std::pair<size_t, size_t>> per_kind;  // found, planted
  std::set<Pair> planted;
  size_t found_total = 0;
  for (const PlantedPair& p : s.planted) {
    Pair pair = Ordered(p.original, p.copy);
    planted.insert(pair);
    bool found = p.kind == PlantKind::kOptionSet
                     ? r.option_set.count(pair) != 0
                     : (r.exact.count(pair) != 0 || r.near.count(pair) != 0);
    per_kind[p.kind].second++;
    per_kind[p.kind].first += found;
    found_total += found;
  }
  std::printf("  recall: %.1f%% overall (%zu of %zu);", 100.0 * found_total / s.planted.size(),
              found_total, s.planted.size());
  for (const auto& [kind, counts] : per_kind) {
    std::printf(" %s %.1f%%", std::string(PlantKindName(kind)).c_str(),
                100.0 * counts.first / counts.second);
  }
  std::printf("\n");
  size_t unplanted = 0;
  for (const auto* set : {&r.exact, &r.near, &r.option_set}) {
    for (const Pair& p : *set) unplanted += planted.count(p) == 0;
  }
  std::printf(
      "  pairs reported: %zu exact, %zu near, %zu option-set; not planted: %zu; reused "
      "explanation groups: %zu\n",
      r.exact.size(), r.near.size(), r.option_set.size(), unplanted, r.reuse_groups);
}

// Recall and unplanted pairs per threshold: a planted copy (not an option set) counts as found at
// threshold t when exact-duplicate pairs it or the join found it at similarity >= t; unplanted
// pairs are the join's pairs at >= t that were not planted (per 100,000 questions too).
void PrintCurve(const SyntheticBank& s, const Reported& r) {
  std::set<Pair> planted;
  for (const PlantedPair& p : s.planted) planted.insert(Ordered(p.original, p.copy));
  const double per_100k = 100000.0 / static_cast<double>(s.bank.questions.size());
  std::printf(
      "  curve (threshold: near-duplicate recall of the planted copies that are not option "
      "sets; unplanted near pairs, per 100,000 questions):\n");
  for (double t : g_curve) {
    std::map<PlantKind, std::pair<size_t, size_t>> per_kind;  // found, planted
    size_t found = 0, total = 0;
    for (const PlantedPair& p : s.planted) {
      if (p.kind == PlantKind::kOptionSet) continue;
      Pair pair = Ordered(p.original, p.copy);
      auto it = r.near_similarity.find(pair);
      bool hit = r.exact.count(pair) != 0 || (it != r.near_similarity.end() && it->second >= t);
      per_kind[p.kind].first += hit;
      per_kind[p.kind].second++;
      found += hit;
      ++total;
    }
    size_t unplanted = 0;
    for (const auto& [pair, sim] : r.near_similarity) {
      unplanted += sim >= t && planted.count(pair) == 0;
    }
    std::printf("    %2.0f%%: recall %.1f%% (%zu/%zu), unplanted %zu (%.0f per 100k);", 100 * t,
                total ? 100.0 * found / total : 100.0, found, total, unplanted,
                unplanted * per_100k);
    for (const auto& [kind, counts] : per_kind) {
      std::printf(" %s %.1f%%", std::string(PlantKindName(kind)).c_str(),
                  100.0 * counts.first / counts.second);
    }
    std::printf("\n");
  }
}

void BenchSize(size_t size, bool baseline) {
  auto t = Clock::now();
  SyntheticOptions options;
  options.questions = size;
  SyntheticBank s = MakeSyntheticBank(options);
  double generate_s = Seconds(t);
  double bank_mb = PeakMegabytes();
  const double resident_mb = StatusMegabytes("VmRSS");
  ResetPeak();
  t = Clock::now();
  double cpu_before = CpuSeconds();
  Reported r = RunDuplicateChecks(s.bank);
  double checks_s = Seconds(t);
  double checks_cpu = CpuSeconds() - cpu_before;
  const double checks_peak_mb = StatusMegabytes("VmHWM");
  std::printf(
      "%zu questions: duplicate checks %.2f s wall, %.2f s CPU (features %.2f, exact "
      "%.2f, near %.2f, option sets %.2f, explanations %.2f); %.2f us/question; peak "
      "memory %.0f MB (bank alone %.0f MB); generation %.1f s\n",
      size, checks_s, checks_cpu, r.features_s, r.exact_s, r.near_s, r.option_s, r.reuse_s,
      1e6 * checks_s / static_cast<double>(size), PeakMegabytes(), bank_mb, generate_s);
  std::printf(
      "  near-duplicate join: %zu records, %zu distinct tokens, %zu dropped as frequent, "
      "%zu candidates verified; ranking the tokens took %.2f s of the near-duplicate time\n",
      r.join.records, r.join.distinct_tokens, r.join.frequent_tokens, r.join.candidates,
      r.join.prepare_seconds);
  std::printf(
      "  the checks' own memory: peak %.0f MB resident during the checks against %.0f MB before "
      "them (the bank): %.0f MB for the checks\n",
      checks_peak_mb, resident_mb, checks_peak_mb - resident_mb);
  PrintRecall(s, r);
  PrintCurve(s, r);
  if (!baseline) return;
  // The exact all-pairs search over the same token sets: the recall baseline.
  auto features = similarity::ComputeBankFeatures({&s.bank}, 1, similarity::FeatureOptions{}, 2);
  similarity::TokenSets sets = similarity::QuestionTokenSets(*features, 2);
  const size_t records = sets.size();
  t = Clock::now();
  auto all_pairs = similarity::ExhaustiveSimilarityPairs(std::move(sets), records, CurveJoin());
  double all_s = Seconds(t);
  std::set<Pair> from_all;
  std::map<Pair, double> all_similarity;
  for (const auto& p : all_pairs) {
    if (features->features[p.a].exact_hash != features->features[p.b].exact_hash) {
      all_similarity[Ordered(p.a, p.b)] = p.similarity;
      if (p.similarity >= g_join.threshold) from_all.insert(Ordered(p.a, p.b));
    }
  }
  size_t both = 0;
  for (const Pair& p : from_all) both += r.near.count(p);
  // The join against all pairs at every threshold of the curve.
  for (double th : g_curve) {
    size_t all_n = 0, join_n = 0, agree = 0;
    for (const auto& [pair, sim] : all_similarity) {
      if (sim < th) continue;
      ++all_n;
      auto it = r.near_similarity.find(pair);
      agree += it != r.near_similarity.end() && it->second >= th;
    }
    for (const auto& [pair, sim] : r.near_similarity) join_n += sim >= th;
    std::printf("  all pairs at %.0f%%: %zu near pairs, the join %zu, both %zu\n", 100 * th, all_n,
                join_n, agree);
  }
  size_t planted_near = 0, planted_near_found = 0;
  for (const PlantedPair& p : s.planted) {
    if (p.kind == PlantKind::kOptionSet) continue;
    Pair pair = Ordered(p.original, p.copy);
    if (r.exact.count(pair) != 0) continue;
    ++planted_near;
    planted_near_found += from_all.count(pair);
  }
  std::printf(
      "  all-pairs baseline: %.2f s for %zu comparisons; %zu near pairs, the join found "
      "%zu of them (%.1f%%); the baseline finds %zu of %zu planted non-exact copies\n",
      all_s, records * (records - 1) / 2, from_all.size(), both,
      from_all.empty() ? 100.0 : 100.0 * both / from_all.size(), planted_near_found, planted_near);
}

std::vector<uint64_t> QueryTokens(const model::Question& q) {
  std::string text = q.stem.value;
  for (const model::Option& o : q.options) text += "\n" + o.text.value;
  return similarity::TokenHashes(text::MakeTextKey(text));
}

void BenchReference() {
  SyntheticOptions options;
  options.questions = 10000;
  options.planted_share = 0;
  options.seed = 7;
  SyntheticBank s = MakeSyntheticBank(options);
  auto t = Clock::now();
  similarity::ReferenceIndexBuilder builder(g_index);
  std::vector<bool> embedded(s.bank.questions.size(), false);
  std::vector<int> variant(s.bank.questions.size(), -1);
  size_t next = 0;
  for (int d = 0; d < 50; ++d) {
    uint32_t doc = builder.AddDocument("dump-" + std::to_string(d) + ".txt");
    uint32_t line = 1;
    for (int k = 0; k < 20; ++k) {
      std::string prose =
          SyntheticProse(120, static_cast<uint64_t>(d) * 100 + static_cast<uint64_t>(k));
      builder.AddPassage(doc, line, prose);
      line += static_cast<uint32_t>(std::count(prose.begin(), prose.end(), '\n')) + 1;
      size_t qi = (next++ * 7919) % s.bank.questions.size();  // spread over the bank
      embedded[qi] = true;
      variant[qi] = k % 3;
      // The dump keeps its layout (one option a line); the words are swapped or disguised.
      model::Question copy = s.bank.questions[qi];
      if (k % 3 == 1) copy.stem = SwapWords(copy.stem.value, 3, qi);
      if (k % 3 == 2) {
        copy.stem = Disguise(copy.stem.value, qi);
        for (model::Option& o : copy.options) o.text = Disguise(o.text.value, qi + 1);
      }
      std::string text = DumpText(copy);
      builder.AddPassage(doc, line, text);
      line += static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    }
  }
  std::string bytes = builder.Serialize().value();
  double build_s = Seconds(t);
  auto index = similarity::ReferenceIndex::Parse(std::move(bytes), "refs.qidx");
  if (!index.ok()) {
    std::printf("reference: %s\n", index.status().ToString().c_str());
    return;
  }
  t = Clock::now();
  size_t found = 0, false_flags = 0;
  size_t by_variant[3][2] = {{0, 0}, {0, 0}, {0, 0}};  // found, embedded
  for (size_t i = 0; i < s.bank.questions.size(); ++i) {
    bool flagged = !index->Search(QueryTokens(s.bank.questions[i]), {}).empty();
    if (flagged && embedded[i]) ++found;
    if (flagged && !embedded[i]) ++false_flags;
    if (embedded[i]) {
      by_variant[variant[i]][0] += flagged;
      by_variant[variant[i]][1] += 1;
    }
  }
  double search_s = Seconds(t);
  size_t embedded_count = static_cast<size_t>(std::count(embedded.begin(), embedded.end(), true));
  std::printf(
      "reference check: 10000 questions against 50 documents embedding %zu of them "
      "(verbatim, 3 word swaps, look-alikes): found %zu (%.1f%%), %zu false flags; index "
      "%zu fingerprints built in %.2f s, search %.2f s; peak memory %.0f MB\n",
      embedded_count, found, 100.0 * found / embedded_count, false_flags,
      index->fingerprint_count(), build_s, search_s, PeakMegabytes());
  std::printf("  found per variant: verbatim %zu/%zu, word swaps %zu/%zu, look-alikes %zu/%zu\n",
              by_variant[0][0], by_variant[0][1], by_variant[1][0], by_variant[1][1],
              by_variant[2][0], by_variant[2][1]);
}

void BenchIndexLoad() {
  const std::string path = "/tmp/qbank-dup-bench-" + std::to_string(getpid()) + ".qidx";
  auto t = Clock::now();
  similarity::ReferenceIndexBuilder builder;
  uint32_t doc = 0;
  for (size_t p = 0; p < 1000000; ++p) {
    if (p % 1000 == 0)
      doc = builder.AddDocument("corpus/part-" + std::to_string(p / 1000) + ".txt");
    builder.AddPassage(doc, static_cast<uint32_t>(p % 1000 + 1), SyntheticProse(40, p));
  }
  std::string bytes = builder.Serialize().value();
  double build_s = Seconds(t);
  Status written = RealFileSystem().WriteFileAtomic(path, bytes);
  size_t file_bytes = bytes.size();
  bytes.clear();
  bytes.shrink_to_fit();
  if (!written.ok()) {
    std::printf("index load: %s\n", written.ToString().c_str());
    return;
  }
  t = Clock::now();
  {
    auto read = similarity::ReferenceIndex::Load(RealFileSystem(), path);
    if (!read.ok()) return;
  }
  double read_s = Seconds(t);
  t = Clock::now();
  auto index = similarity::ReferenceIndex::LoadMapped(path);
  double map_s = Seconds(t);
  if (!index.ok()) {
    std::printf("index load: %s\n", index.status().ToString().c_str());
    std::remove(path.c_str());
    return;
  }
  // Searches touch the pages they need: 1000 passages that are in the index.
  t = Clock::now();
  size_t found = 0;
  for (uint64_t q = 0; q < 1000; ++q) {
    std::string text = SyntheticProse(40, q * 997);
    found += !index->Search(similarity::TokenHashes(text::MakeTextKey(text)), {}).empty();
  }
  double search_s = Seconds(t);
  std::remove(path.c_str());
  std::printf(
      "reference index of %zu passages (40 words each): %zu fingerprints, %.0f MB file, built in "
      "%.1f s; opened in %.4f s mapped (%.3f s when read into memory); 1000 searches for indexed "
      "passages %.2f s, %zu found\n",
      index->passage_count(), index->fingerprint_count(), file_bytes / 1048576.0, build_s, map_s,
      read_s, search_s, found);
}

// `qbank lint` of a bank file with only the four duplicate rules on, end to end (a process of
// its own: reading, checking, the report), against the same command with every rule off (reading
// the file and writing an empty report) as the baseline, each run `runs` times, alternating.
void BenchEndToEnd(size_t size, const std::string& keep_path, const std::string& qbank, int runs) {
  const std::string stem = "/tmp/qbank-dup-bench-" + std::to_string(getpid());
  const std::string path = keep_path.empty() ? stem + ".json" : keep_path;
  // The bank is generated and written in a process of its own.
  InChild([&] {
    SyntheticOptions options;
    options.questions = size;
    SyntheticBank s = MakeSyntheticBank(options);
    s.bank.id = std::string("synthetic");
    s.bank.title = std::string("Synthetic bank");
    Status written = RealFileSystem().WriteFileAtomic(path, json::WriteBank(s.bank));
    if (!written.ok()) std::printf("end to end: %s\n", written.ToString().c_str());
  });
  const std::string dup_config = stem + "-dup.json", off_config = stem + "-off.json";
  Status a = RealFileSystem().WriteFileAtomic(
      dup_config, ConfigWith({"exact-duplicate", "near-duplicate", "duplicate-option-set",
                              "reused-explanation"}));
  Status b = RealFileSystem().WriteFileAtomic(off_config, ConfigWith({}));
  if (!a.ok() || !b.ok() || access(qbank.c_str(), X_OK) != 0) {
    std::printf("end to end: cannot run %s (build the qbank target, or pass --qbank PATH)\n",
                qbank.c_str());
  } else {
    std::vector<double> lint_wall, lint_cpu, read_wall, read_cpu;
    double lint_peak = 0, read_peak = 0;
    int lint_status = 0, read_status = 0;
    for (int i = 0; i < runs; ++i) {
      CommandCost lint = RunCommand({qbank, "lint", path, "--config", dup_config});
      CommandCost read = RunCommand({qbank, "lint", path, "--config", off_config});
      lint_wall.push_back(lint.wall_s);
      lint_cpu.push_back(lint.cpu_s);
      read_wall.push_back(read.wall_s);
      read_cpu.push_back(read.cpu_s);
      lint_peak = std::max(lint_peak, lint.peak_mb);
      read_peak = std::max(read_peak, read.peak_mb);
      lint_status = lint.status;
      read_status = read.status;
    }
    struct stat info {};
    double file_mb = stat(path.c_str(), &info) == 0 ? info.st_size / 1048576.0 : 0;
    std::printf(
        "end to end, qbank lint of a %.0f MB bank file of %zu questions, the four duplicate rules "
        "on (median of %d runs): %.2f s wall, %.2f s CPU, peak memory %.0f MB (exit %d); "
        "baseline, the same with every rule off (reading the file, an empty report): %.2f s "
        "wall, %.2f s CPU, %.0f MB (exit %d); the checks add %.2f s wall (%.2fx the baseline)\n",
        file_mb, size, runs, Median(lint_wall), Median(lint_cpu), lint_peak, lint_status,
        Median(read_wall), Median(read_cpu), read_peak, read_status,
        Median(lint_wall) - Median(read_wall), Median(lint_wall) / Median(read_wall));
  }
  std::remove(dup_config.c_str());
  std::remove(off_config.c_str());
  if (keep_path.empty()) {
    std::remove(path.c_str());
  } else {
    std::printf("  bank file kept at %s\n", path.c_str());
  }
}

}  // namespace
}  // namespace qbank::bench

int main(int argc, char** argv) {
  using namespace qbank::bench;
  std::vector<size_t> sizes = {10000, 100000, 1000000};
  bool reference = true, index_load = true, end_to_end = true;
  std::string keep_bank;             // --keep-bank PATH: leave the end-to-end bank file there
  std::string qbank = QBANK_BINARY;  // --qbank PATH: the qbank binary the end-to-end run times
  int runs = 5;                      // --runs N: end-to-end runs (medians are reported)
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--sizes" && i + 1 < argc) {
      sizes.clear();
      std::string list = argv[++i];
      for (size_t p = 0; p < list.size();) {
        size_t comma = list.find(',', p);
        if (comma == std::string::npos) comma = list.size();
        sizes.push_back(std::stoul(list.substr(p, comma - p)));
        p = comma + 1;
      }
    } else if (arg == "--min-similarity" && i + 1 < argc) {
      g_join.threshold = std::stod(argv[++i]) / 100.0;
    } else if (arg == "--curve" && i + 1 < argc) {
      g_curve.clear();
      std::string list = argv[++i];
      for (size_t p = 0; p < list.size();) {
        size_t comma = list.find(',', p);
        if (comma == std::string::npos) comma = list.size();
        g_curve.push_back(std::stod(list.substr(p, comma - p)) / 100.0);
        p = comma + 1;
      }
    } else if (arg == "--ngram" && i + 1 < argc) {
      g_index.ngram = static_cast<uint32_t>(std::stoul(argv[++i]));
    } else if (arg == "--window" && i + 1 < argc) {
      g_index.window = static_cast<uint32_t>(std::stoul(argv[++i]));
    } else if (arg == "--skip-reference") {
      reference = false;
    } else if (arg == "--skip-index-load") {
      index_load = false;
    } else if (arg == "--skip-end-to-end") {
      end_to_end = false;
    } else if (arg == "--keep-bank" && i + 1 < argc) {
      keep_bank = argv[++i];
    } else if (arg == "--qbank" && i + 1 < argc) {
      qbank = argv[++i];
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      std::fprintf(
          stderr,
          "usage: dup_bench [--sizes N,N,...] [--min-similarity PERCENT] [--curve P,P,...] "
          "[--ngram N] "
          "[--window W] [--skip-reference] [--skip-index-load] "
          "[--skip-end-to-end] [--keep-bank PATH] [--qbank PATH] [--runs N]\n");
      return 2;
    }
  }
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) > 0) {
    std::printf(
        "(machine load average at start: %.1f; 2 cores; wall times include waiting for "
        "the CPU, CPU times do not)\n",
        load[0]);
  }
  for (size_t size : sizes) {
    InChild([&] { BenchSize(size, size <= 10000); });
  }
  if (end_to_end) InChild([&] { BenchEndToEnd(100000, keep_bank, qbank, runs); });
  if (reference) InChild([] { BenchReference(); });
  if (index_load) InChild([] { BenchIndexLoad(); });
  return 0;
}
