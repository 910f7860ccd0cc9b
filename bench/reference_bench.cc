// reference_bench: the reference check at scale, end to end through the qbank binary of this build.
// Writes a reference corpus of N passages (synthetic prose, 40 words each, in text files of 10,000
// paragraphs, some of them dump copies of bank questions) and a bank of Q questions, then times,
// each in a process of its own:
//   index build   `qbank index build refs/ -o refs.qidx`
//   baseline      `qbank lint bank.json` with every rule off (reading the bank, an empty report)
//   reference     the same with reference-overlap on, against refs.qidx
// and prints wall and CPU time and peak memory of each, the reference run against the baseline, and
// how many of the copied questions were found. With --compare OTHER_QBANK the same three commands
// are run with that binary too (an earlier build: its index file version, size and cost side by
// side with this build's, in one run); --qbank QBANK times that binary instead of this build's (a
// copy, so that rebuilding during a long run does not change what is measured). Figures in
// docs/originality.md.
// Usage: reference_bench [--passages 1000000] [--questions 100000] [--dir /tmp] [--compare QBANK]
//                        [--qbank QBANK] [--keep]
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/bench_process.h"
#include "bench/synthetic_bank.h"
#include "json/bank_writer.h"

namespace qbank::bench {
namespace {

constexpr size_t kPassagesPerFile = 10000;
constexpr size_t kCopyEvery = 100;  // one passage in this many is a dump copy of a bank question

struct Sizes {
  size_t passages = 1000000;
  size_t questions = 100000;
  std::string dir = "/tmp";
  std::string compare;               // another qbank binary measured on the same files
  std::string qbank = QBANK_BINARY;  // the binary measured (this build's unless --qbank)
  bool keep = false;  // leave the corpus, bank and configs (to profile a command on them)
};

// The corpus: prose paragraphs, and every kCopyEvery-th a bank question as a dump prints it.
// Returns how many bank questions were copied.
size_t WriteCorpus(const std::string& folder, const model::Bank& bank, size_t passages) {
  std::filesystem::create_directories(folder);
  size_t copied = 0;
  std::ofstream out;
  for (size_t p = 0; p < passages; ++p) {
    if (p % kPassagesPerFile == 0) {
      out.close();
      out.open(folder + "/part-" + std::to_string(p / kPassagesPerFile) + ".txt");
    }
    if (p % kCopyEvery == 0 && copied < bank.questions.size()) {
      // Copies spread over the bank.
      out << DumpText(bank.questions[(copied++ * 7919) % bank.questions.size()]) << "\n\n";
    } else {
      out << SyntheticProse(40, p) << "\n\n";
    }
  }
  return copied;
}

void Print(const char* name, const CommandCost& c) {
  std::printf("  %-12s wall %7.2f s  CPU %7.2f s  peak %6.0f MB  exit %d\n", name, c.wall_s,
              c.cpu_s, c.peak_mb, c.status);
}

size_t CountFindings(const std::string& report) {
  std::ifstream in(report);
  std::string line;
  size_t n = 0;
  while (std::getline(in, line)) {
    for (size_t at = line.find("[reference-overlap]"); at != std::string::npos;
         at = line.find("[reference-overlap]", at + 1)) {
      ++n;
    }
  }
  return n;
}

struct Files {
  std::string work;
  std::string bank;
  size_t copied = 0;
  size_t questions = 0;
};

// Index build, the rules-off lint and the reference lint with `qbank`; true when they worked.
bool Measure(const std::string& qbank, const std::string& label, const Files& f) {
  std::printf("%s\n", label.c_str());
  const std::string index = f.work + "/refs.qidx";
  CommandCost build = RunCommand({qbank, "index", "build", f.work + "/refs", "-o", index}, true);
  Print("index build", build);
  std::printf("  index file   %.0f MB\n",
              static_cast<double>(std::filesystem::file_size(index)) / 1048576.0);
  CommandCost off = RunCommand(
      {qbank, "lint", f.bank, "--config", f.work + "/off.json", "-o", f.work + "/off.txt"});
  Print("lint, off", off);
  CommandCost on = RunCommand({qbank, "lint", f.bank, "--config", f.work + "/on.json",
                               "--reference", index, "-o", f.work + "/on.txt"});
  Print("lint, index", on);
  std::printf(
      "  the reference check adds %.2f s of CPU (%.1f us a question), %.0f MB; %zu "
      "findings for %zu copied questions\n",
      on.cpu_s - off.cpu_s, 1e6 * (on.cpu_s - off.cpu_s) / static_cast<double>(f.questions),
      on.peak_mb - off.peak_mb, CountFindings(f.work + "/on.txt"), f.copied);
  std::filesystem::remove(index);
  return build.status == 0 && (on.status == 0 || on.status == 1);
}

int Run(const Sizes& sizes) {
  Files f;
  f.work = sizes.dir + "/qbank-reference-bench-" + std::to_string(getpid());
  std::filesystem::create_directories(f.work);
  SyntheticOptions options;
  options.questions = sizes.questions;
  options.planted_share = 0;
  SyntheticBank s = MakeSyntheticBank(options);
  f.bank = f.work + "/bank.json";
  f.questions = sizes.questions;
  std::ofstream(f.bank) << json::WriteBank(s.bank);
  f.copied = WriteCorpus(f.work + "/refs", s.bank, sizes.passages);
  std::ofstream(f.work + "/off.json") << ConfigWith({});
  std::ofstream(f.work + "/on.json") << ConfigWith({"reference-overlap"});
  std::printf("%zu reference passages (%zu of them copies of bank questions), %zu questions\n",
              sizes.passages, f.copied, sizes.questions);
  bool ok = true;
  if (!sizes.compare.empty()) ok = Measure(sizes.compare, "compared: " + sizes.compare, f);
  ok = Measure(sizes.qbank, "this build: " + sizes.qbank, f) && ok;
  if (sizes.keep) {
    std::printf("files kept in %s\n", f.work.c_str());
  } else {
    std::filesystem::remove_all(f.work);
  }
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace qbank::bench

int main(int argc, char** argv) {
  qbank::bench::Sizes sizes;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--keep") == 0) {
      sizes.keep = true;
    } else if (has_value && std::strcmp(argv[i], "--passages") == 0) {
      sizes.passages = std::stoul(argv[++i]);
    } else if (has_value && std::strcmp(argv[i], "--questions") == 0) {
      sizes.questions = std::stoul(argv[++i]);
    } else if (has_value && std::strcmp(argv[i], "--dir") == 0) {
      sizes.dir = argv[++i];
    } else if (has_value && std::strcmp(argv[i], "--compare") == 0) {
      sizes.compare = argv[++i];
    } else if (has_value && std::strcmp(argv[i], "--qbank") == 0) {
      sizes.qbank = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: reference_bench [--passages N] [--questions N] [--dir DIR] "
                   "[--compare QBANK] [--qbank QBANK] [--keep]\n");
      return 2;
    }
  }
  return qbank::bench::Run(sizes);
}
