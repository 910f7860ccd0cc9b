// scale_bench: `qbank lint` of synthetic banks of growing size (100,000 and 1,000,000 questions by
// default; 10,000,000 on request), with the recommended preset and, as the baseline in the same
// run, with every rule off (reading and validating the files, an empty report). Each bank is a
// folder of bank files of --chunk questions (bench/synthetic_bank, one seed per file), written one
// file at a time so the generator never holds more than one chunk. Prints, per size, wall and CPU
// time and peak memory of both runs, their ratio, and each size's time against the smallest
// (figures in docs/performance.md).
// Usage: scale_bench [--sizes 100000,1000000] [--chunk 100000] [--runs N] [--qbank PATH]
//                    [--scratch DIR] [--keep] [--skip-off]
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "bench/bench_process.h"
#include "bench/synthetic_bank.h"
#include "json/bank_writer.h"

namespace {

using qbank::bench::CommandCost;

struct Flags {
  std::vector<size_t> sizes = {100000, 1000000};
  size_t chunk = 100000;
  int runs = 1;
  std::string qbank = QBANK_BINARY;
  std::string scratch;
  bool keep = false;
  bool skip_off = false;
};

std::vector<size_t> ParseSizes(const std::string& list) {
  std::vector<size_t> sizes;
  for (size_t p = 0; p < list.size();) {
    size_t comma = list.find(',', p);
    if (comma == std::string::npos) comma = list.size();
    sizes.push_back(std::stoul(list.substr(p, comma - p)));
    p = comma + 1;
  }
  return sizes;
}

bool ParseFlags(int argc, char** argv, Flags& flags) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--sizes" && has_value) {
      flags.sizes = ParseSizes(argv[++i]);
    } else if (arg == "--chunk" && has_value) {
      flags.chunk = std::max<size_t>(1, std::stoul(argv[++i]));
    } else if (arg == "--runs" && has_value) {
      flags.runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--qbank" && has_value) {
      flags.qbank = argv[++i];
    } else if (arg == "--scratch" && has_value) {
      flags.scratch = argv[++i];
    } else if (arg == "--keep") {
      flags.keep = true;
    } else if (arg == "--skip-off") {
      flags.skip_off = true;
    } else {
      return false;
    }
  }
  if (flags.scratch.empty()) {
    flags.scratch =
        (std::filesystem::temp_directory_path() / ("qbank-scale-bench-" + std::to_string(getpid())))
            .string();
  }
  return !flags.sizes.empty();
}

// Writes a bank of `size` questions as files of `chunk` questions into `dir`; returns its bytes.
double WriteBankFolder(const std::string& dir, size_t size, size_t chunk) {
  std::filesystem::create_directories(dir);
  double bytes = 0;
  for (size_t done = 0, file = 0; done < size; done += chunk, ++file) {
    qbank::bench::SyntheticOptions options;
    options.questions = std::min(chunk, size - done);
    options.seed = file + 1;
    qbank::bench::SyntheticBank s = qbank::bench::MakeSyntheticBank(options);
    s.bank.id = std::string("synthetic-" + std::to_string(file));
    char name[32];
    std::snprintf(name, sizeof name, "/bank-%05zu.json", file);
    std::string text = qbank::json::WriteBank(s.bank);
    bytes += static_cast<double>(text.size());
    qbank::Status written = qbank::RealFileSystem().WriteFileAtomic(dir + name, text);
    if (!written.ok()) {
      std::fprintf(stderr, "%s\n", written.ToString().c_str());
      std::exit(2);
    }
  }
  return bytes;
}

// The median run of `argv` by wall time, and the largest peak memory of the runs.
CommandCost MedianRun(const std::vector<std::string>& argv, int runs) {
  std::vector<CommandCost> costs;
  double peak = 0;
  for (int i = 0; i < runs; ++i) {
    costs.push_back(qbank::bench::RunCommand(argv, /*quiet_stderr=*/true));
    peak = std::max(peak, costs.back().peak_mb);
  }
  std::sort(costs.begin(), costs.end(),
            [](const CommandCost& a, const CommandCost& b) { return a.wall_s < b.wall_s; });
  CommandCost median = costs[costs.size() / 2];
  median.peak_mb = peak;
  return median;
}

void PrintCost(const char* what, const CommandCost& c) {
  std::printf("  %-28s %8.2f s wall %8.2f s CPU %8.0f MB peak (exit %d)\n", what, c.wall_s, c.cpu_s,
              c.peak_mb, c.status);
}

}  // namespace

int main(int argc, char** argv) {
  Flags flags;
  if (!ParseFlags(argc, argv, flags)) {
    std::fprintf(stderr,
                 "usage: scale_bench [--sizes N,N,...] [--chunk N] [--runs N] [--qbank PATH] "
                 "[--scratch DIR] [--keep] [--skip-off]\n");
    return 2;
  }
  if (access(flags.qbank.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "cannot run %s (build the qbank target, or pass --qbank PATH)\n",
                 flags.qbank.c_str());
    return 2;
  }
  std::filesystem::create_directories(flags.scratch);
  const std::string off_config = flags.scratch + "/off.json";
  const std::string report = flags.scratch + "/report.json";
  if (!qbank::RealFileSystem().WriteFileAtomic(off_config, qbank::bench::ConfigWith({})).ok()) {
    return 2;
  }
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) > 0) {
    std::printf("(load average at start %.1f on %u cores: wall times include waiting)\n", load[0],
                std::max(1u, static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN))));
  }
  double first_wall = 0;
  double first_cpu = 0;
  size_t first_size = 0;
  for (size_t size : flags.sizes) {
    std::string dir = flags.scratch + "/bank-" + std::to_string(size);
    double bytes = WriteBankFolder(dir, size, flags.chunk);
    std::printf("%zu questions in %zu files, %.0f MB\n", size,
                (size + flags.chunk - 1) / flags.chunk, bytes / 1e6);
    CommandCost lint = MedianRun(
        {flags.qbank, "lint", dir, "--preset", "recommended", "--format", "json", "-o", report},
        flags.runs);
    PrintCost("lint, recommended preset", lint);
    if (!flags.skip_off) {
      CommandCost off = MedianRun(
          {flags.qbank, "lint", dir, "--config", off_config, "--format", "json", "-o", report},
          flags.runs);
      PrintCost("baseline: every rule off", off);
      std::printf("  recommended / rules off: %.2fx wall, %.2fx CPU\n", lint.wall_s / off.wall_s,
                  lint.cpu_s / off.cpu_s);
    }
    if (first_size == 0) {
      first_size = size;
      first_wall = lint.wall_s;
      first_cpu = lint.cpu_s;
    } else {
      std::printf("  %zu against %zu questions (%.0fx the size): %.2fx wall, %.2fx CPU\n", size,
                  first_size, static_cast<double>(size) / static_cast<double>(first_size),
                  lint.wall_s / first_wall, lint.cpu_s / first_cpu);
    }
    if (!flags.keep) std::filesystem::remove_all(dir);
  }
  std::filesystem::remove(off_config);
  std::filesystem::remove(report);
  if (!flags.keep) std::filesystem::remove_all(flags.scratch);
  return 0;
}
