// families_bench: a bank in which every question comes in k versions (forms A/B/C, "[set 3]"), as
// publishers keep them and question generators emit them. For k = 2, 8 and 32 it writes the bank
// (MMLU-layout CSV) and times `qbank lint` on it: with every rule off (reading the file and writing
// an empty report: the baseline) and with a preset (strict by default: near-duplicate on), each in
// a process of its own, in the same run. Prints wall and CPU time, peak memory, the findings (all,
// and near-duplicate's), the report's size, the ratio to the baseline, and the cost per question
// of k = 32 against k = 2.
//
//   families_bench [--mmlu DIR] [--ks 2,8,32] [--base N] [--preset NAME] [--runs N]
//                  [--qbank PATH]
//
// The base questions are the MMLU test split (../shared/data/mmlu-test, one CSV per subject) when
// it is there, else synthetic ones (bench/synthetic_bank.h). --base N takes the first N.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "bench/bench_process.h"
#include "bench/synthetic_bank.h"
#include "formats/import.h"

namespace qbank::bench {
namespace {

// One MMLU-layout row: question, four choices, the 0-based index of the key.
struct Row {
  std::vector<std::string> cells;  // question, choice0..choice3
  std::string answer;
};

std::vector<Row> RowsOf(const model::Bank& bank) {
  std::vector<Row> rows;
  for (const model::Question& q : bank.questions) {
    std::vector<size_t> keys = q.KeyIndexes();
    if (q.options.size() != 4 || keys.size() != 1) continue;
    Row row{{q.stem.value}, std::to_string(keys[0])};
    for (const model::Option& o : q.options) row.cells.push_back(o.text.value);
    rows.push_back(std::move(row));
  }
  return rows;
}

// The questions of the bank at `path` (a folder of MMLU CSV files), through qbank's own import;
// questions without four options and one key are left out.
std::vector<Row> ReadMmlu(const std::string& path) {
  model::Bank bank;
  std::vector<qbank::Diagnostic> errors;
  formats::ImportOptions options;
  if (!std::filesystem::exists(path) ||
      !formats::ImportInputs({path}, options, qbank::RealFileSystem(), bank, errors).ok()) {
    return {};
  }
  return RowsOf(bank);
}

std::vector<Row> SyntheticRows(size_t count) {
  SyntheticOptions options;
  options.questions = count;
  return RowsOf(MakeSyntheticBank(options).bank);
}

std::string Quoted(const std::string& cell) {
  std::string out = "\"";
  for (char c : cell) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// Every row k times, version i with " [set i]" after its question, versions next to each other.
void WriteFamilies(const std::vector<Row>& rows, size_t k, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  out << "question,choice0,choice1,choice2,choice3,answer\n";
  for (const Row& row : rows) {
    for (size_t i = 1; i <= k; ++i) {
      out << Quoted(row.cells[0] + " [set " + std::to_string(i) + "]");
      for (size_t c = 1; c < 5; ++c) out << ',' << Quoted(row.cells[c]);
      out << ',' << row.answer << '\n';
    }
  }
}

// How many times `needle` occurs in the file at `path`, read in blocks.
size_t CountInFile(const std::string& path, const std::string& needle) {
  std::ifstream in(path, std::ios::binary);
  std::string carry, block(1 << 20, '\0');
  size_t count = 0;
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    std::string text = carry + block.substr(0, static_cast<size_t>(in.gcount()));
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
      ++count;
    }
    carry = text.size() >= needle.size() ? text.substr(text.size() - needle.size() + 1) : text;
  }
  return count;
}

double FileMegabytes(const std::string& path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 ? static_cast<double>(info.st_size) / 1048576.0 : 0;
}

struct Measured {
  CommandCost cost;
  size_t findings = 0, near = 0;
  double report_mb = 0;
};

// `qbank lint BANK EXTRA... -f json -o REPORT`, the median of `runs` runs.
Measured MeasureLint(const std::string& qbank, const std::string& bank,
                     const std::vector<std::string>& extra, const std::string& report, int runs) {
  std::vector<std::string> argv = {qbank, "lint", bank};
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.insert(argv.end(), {"-f", "json", "-o", report});
  std::vector<double> wall, cpu;
  Measured m;
  for (int i = 0; i < runs; ++i) {
    m.cost = RunCommand(argv, true);
    wall.push_back(m.cost.wall_s);
    cpu.push_back(m.cost.cpu_s);
  }
  m.cost.wall_s = Median(wall);
  m.cost.cpu_s = Median(cpu);
  m.findings = CountInFile(report, "\"rule\": ");
  m.near = CountInFile(report, "\"rule\": \"near-duplicate\"");
  m.report_mb = FileMegabytes(report);
  return m;
}

void PrintMeasured(const char* what, const Measured& m, const Measured& off, size_t questions) {
  std::printf(
      "  %-24s %7.2f s wall %7.2f s CPU (%5.2fx rules off) %6.0f MB  %8zu findings (%zu "
      "near-duplicate), report %.1f MB, %.1f us CPU per question%s\n",
      what, m.cost.wall_s, m.cost.cpu_s, m.cost.cpu_s / off.cost.cpu_s, m.cost.peak_mb, m.findings,
      m.near, m.report_mb, m.cost.cpu_s / static_cast<double>(questions) * 1e6,
      m.cost.status == 0 || m.cost.status == 1 ? "" : " (FAILED)");
}

}  // namespace
}  // namespace qbank::bench

int main(int argc, char** argv) {
  using namespace qbank::bench;
  std::string mmlu = QBANK_SOURCE_DIR "/../shared/data/mmlu-test";
  std::string qbank = QBANK_BINARY, preset = "strict";
  std::vector<size_t> ks = {2, 8, 32};
  size_t base = 0;
  int runs = 1;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--mmlu" && i + 1 < argc) {
      mmlu = argv[++i];
    } else if (arg == "--ks" && i + 1 < argc) {
      ks.clear();
      std::stringstream list(argv[++i]);
      for (std::string k; std::getline(list, k, ',');) ks.push_back(std::stoul(k));
    } else if (arg == "--base" && i + 1 < argc) {
      base = std::stoul(argv[++i]);
    } else if (arg == "--preset" && i + 1 < argc) {
      preset = argv[++i];
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--qbank" && i + 1 < argc) {
      qbank = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: families_bench [--mmlu DIR] [--ks 2,8,32] [--base N] [--preset NAME] "
                   "[--runs N] [--qbank PATH]\n");
      return 2;
    }
  }
  std::vector<Row> rows = ReadMmlu(mmlu);
  const char* source = "MMLU test split";
  if (rows.empty()) {
    rows = SyntheticRows(base != 0 ? base : 14042);
    source = "synthetic questions (MMLU not found)";
  }
  if (base != 0 && base < rows.size()) rows.resize(base);
  const std::string stem = "/tmp/qbank-families-bench-" + std::to_string(getpid());
  const std::string off_config = stem + "-off.json", report = stem + "-report.json";
  if (!qbank::RealFileSystem().WriteFileAtomic(off_config, ConfigWith({})).ok()) return 1;
  double load[1] = {0};
  if (getloadavg(load, 1) > 0) std::printf("(machine load average at start: %.1f)\n", load[0]);
  std::printf("%zu base questions from the %s; preset %s; median of %d run(s)\n", rows.size(),
              source, preset.c_str(), runs);
  const std::string dup_config = stem + "-dup.json";
  if (!qbank::RealFileSystem()
           .WriteFileAtomic(dup_config,
                            ConfigWith({"exact-duplicate", "near-duplicate", "duplicate-option-set",
                                        "reused-explanation", "contradicting-copies"}))
           .ok()) {
    return 1;
  }
  double first_cost = 0;
  size_t first_k = 0;
  for (size_t k : ks) {
    const std::string bank = stem + "-k" + std::to_string(k) + ".csv";
    WriteFamilies(rows, k, bank);
    const size_t questions = rows.size() * k;
    std::printf("k=%zu: %zu questions (%.0f MB CSV)\n", k, questions, FileMegabytes(bank));
    Measured off = MeasureLint(qbank, bank, {"--config", off_config}, report, runs);
    Measured dup = MeasureLint(qbank, bank, {"--config", dup_config}, report, runs);
    Measured full = MeasureLint(qbank, bank, {"--preset", preset}, report, runs);
    PrintMeasured("every rule off", off, off, questions);
    PrintMeasured("the duplicate rules", dup, off, questions);
    PrintMeasured(("preset " + preset).c_str(), full, off, questions);
    const double cost = dup.cost.cpu_s / static_cast<double>(questions);
    if (first_k == 0) {
      first_k = k;
      first_cost = cost;
    } else {
      std::printf("  the duplicate rules' CPU per question, k=%zu against k=%zu: %.2fx\n", k,
                  first_k, cost / first_cost);
    }
    std::remove(bank.c_str());
  }
  std::remove(dup_config.c_str());
  std::remove(off_config.c_str());
  std::remove(report.c_str());
  return 0;
}
