// stats_bench: what `qbank stats` costs against reading the bank, in one run (issue 29: "stats
// on MMLU prints the table in under the time of the lint read"). Times, alternating and each in a
// process of its own, on the same inputs (the MMLU test split by default):
//   - the read: `qbank lint INPUT --config OFF` with every rule off (reading and validating the
//     bank, the import findings);
//   - `qbank stats INPUT` (the text table), and the same with the duplicate rules ignored (no
//     duplicate clusters: what the statistics cost apart from the rules they count);
//   - `qbank lint INPUT` with the default preset (no config file: recommended).
//   - with --preview, `qbank preview INPUT -o DIR` too (issue 29: "preview of MMLU is written in
//     seconds, not minutes"), and the size of the site it writes.
// Prints the median CPU time of each, stats' own work (stats less the read) against the read,
// and stats against lint. With --baseline-qbank the same are timed for a second binary (for
// example main's) in the same run.
//
//   stats_bench [--input PATH] [--runs N] [--qbank PATH] [--baseline-qbank PATH] [--preview]
//
// Build with -DCMAKE_BUILD_TYPE=Release (or RelWithDebInfo) for real figures.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <vector>

#include "bench/bench_process.h"

namespace qbank::bench {
namespace {

struct Measured {
  std::string qbank;
  std::vector<double> read_cpu, stats_cpu, no_dup_cpu, lint_cpu, preview_cpu, preview_wall;
  double stats_peak_mb = 0, preview_peak_mb = 0;
  uintmax_t site_bytes = 0;
  size_t site_files = 0;
};

// The bytes and the number of the files under `dir`.
std::pair<uintmax_t, size_t> FolderSize(const std::string& dir) {
  uintmax_t bytes = 0;
  size_t files = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir, ec)) {
    if (!entry.is_regular_file()) continue;
    bytes += entry.file_size();
    ++files;
  }
  return {bytes, files};
}

void MeasurePreview(Measured& m, const std::string& input, const std::string& site) {
  std::error_code ec;
  std::filesystem::remove_all(site, ec);
  CommandCost preview = RunCommand({m.qbank, "preview", input, "-o", site}, true);
  m.preview_cpu.push_back(preview.cpu_s);
  m.preview_wall.push_back(preview.wall_s);
  m.preview_peak_mb = std::max(m.preview_peak_mb, preview.peak_mb);
  std::tie(m.site_bytes, m.site_files) = FolderSize(site);
  std::filesystem::remove_all(site, ec);
}

void MeasureOnce(Measured& m, const std::string& input, const std::string& off_config) {
  // Standard output goes to /dev/null (RunCommand); the notes on standard error too.
  m.read_cpu.push_back(
      RunCommand({m.qbank, "lint", input, "--config", off_config}, /*quiet_stderr=*/true).cpu_s);
  CommandCost stats = RunCommand({m.qbank, "stats", input}, true);
  m.stats_cpu.push_back(stats.cpu_s);
  m.stats_peak_mb = std::max(m.stats_peak_mb, stats.peak_mb);
  m.no_dup_cpu.push_back(
      RunCommand({m.qbank, "stats", input, "--ignore", "exact-duplicate,near-duplicate"}, true)
          .cpu_s);
  m.lint_cpu.push_back(RunCommand({m.qbank, "lint", input}, true).cpu_s);
}

// Prints `m`'s medians; returns 0 when both targets hold, 1 otherwise.
int Print(const char* what, const Measured& m, int runs) {
  const double read = Median(m.read_cpu), stats = Median(m.stats_cpu), lint = Median(m.lint_cpu);
  const double own = stats - read;
  std::printf("%s (%s), CPU time, median of %d run(s):\n", what, m.qbank.c_str(), runs);
  std::printf("  qbank lint, every rule off (the read): %6.3f s\n", read);
  std::printf("  qbank stats:                           %6.3f s (peak %.0f MB)\n", stats,
              m.stats_peak_mb);
  std::printf(
      "  qbank stats --ignore exact-duplicate,near-duplicate: %6.3f s (%.2fx the read "
      "beyond it)\n",
      Median(m.no_dup_cpu), read > 0 ? (Median(m.no_dup_cpu) - read) / read : 0);
  std::printf("  qbank lint, default preset:            %6.3f s\n", lint);
  std::printf("  stats' own work (stats - read): %.3f s = %.2fx the read (target < 1): %s\n", own,
              read > 0 ? own / read : 0, own < read ? "met" : "NOT met");
  std::printf("  stats against lint: %.2fx (target < 1): %s\n", lint > 0 ? stats / lint : 0,
              stats < lint ? "met" : "NOT met");
  if (!m.preview_cpu.empty()) {
    const double preview = Median(m.preview_cpu);
    std::printf(
        "  qbank preview -o DIR: %.3f s CPU (%.2fx the read, %.2fx lint), %.1f s wall, peak %.0f "
        "MB; the site: %zu files, %.1f MB\n",
        preview, read > 0 ? preview / read : 0, lint > 0 ? preview / lint : 0,
        Median(m.preview_wall), m.preview_peak_mb, m.site_files,
        static_cast<double>(m.site_bytes) / 1e6);
  }
  return own < read && stats < lint ? 0 : 1;
}

// The MMLU test split beside the checkout or beside the folder of worktrees, or "".
std::string DefaultInput() {
  const std::filesystem::path source(QBANK_SOURCE_DIR);
  for (const std::filesystem::path& dir :
       {source / ".." / "shared" / "data" / "mmlu-test",
        source / ".." / ".." / "shared" / "data" / "mmlu-test"}) {
    if (std::filesystem::is_directory(dir)) return std::filesystem::canonical(dir).string();
  }
  return "";
}

}  // namespace
}  // namespace qbank::bench

int main(int argc, char** argv) {
  using namespace qbank::bench;
  std::string qbank = QBANK_BINARY, baseline, input = DefaultInput();
  int runs = 3;
  bool preview = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--input" && i + 1 < argc) {
      input = argv[++i];
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--qbank" && i + 1 < argc) {
      qbank = argv[++i];
    } else if (arg == "--baseline-qbank" && i + 1 < argc) {
      baseline = argv[++i];
    } else if (arg == "--preview") {
      preview = true;
    } else {
      std::fprintf(stderr,
                   "usage: stats_bench [--input PATH] [--runs N] [--qbank PATH] "
                   "[--baseline-qbank PATH] [--preview]\n");
      return 2;
    }
  }
  if (input.empty()) {
    std::fprintf(stderr, "stats_bench: no MMLU test split beside the checkout; give --input\n");
    return 2;
  }
  const std::string stem = "/tmp/qbank-stats-bench-" + std::to_string(getpid());
  const std::string off_config = stem + ".json", site = stem + "-site";
  std::ofstream(off_config) << ConfigWith({});
  double load[1] = {0};
  if (getloadavg(load, 1) > 0) std::printf("(machine load average at start: %.1f)\n", load[0]);
  std::printf("input: %s\n", input.c_str());
  Measured current{qbank}, old{baseline};
  // A warm-up run (file cache), not counted.
  RunCommand({qbank, "lint", input, "--config", off_config}, true);
  for (int i = 0; i < runs; ++i) {
    if (!baseline.empty()) MeasureOnce(old, input, off_config);
    MeasureOnce(current, input, off_config);
    if (preview && !baseline.empty()) MeasurePreview(old, input, site);
    if (preview) MeasurePreview(current, input, site);
  }
  std::remove(off_config.c_str());
  if (!baseline.empty()) Print("baseline", old, runs);
  return Print("this build", current, runs);
}
