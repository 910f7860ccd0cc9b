// identical_bench: `qbank lint` (every rule at the recommended preset, text report) and `qbank fmt`
// over banks of 10,000, 100,000 and 1,000,000 copies of one question without an id, and the time
// per question against the 10k run. Every copy is an exact duplicate of every other, every option
// set is the same, and every id is derived from the same text: the work that grows with a group of
// equal questions, options or ids (ids, exact-duplicate, reports, baselines, fmt) must stay linear
// (issue 33, family (a)); a ratio near 1 says it is.
//
// usage: identical_bench [MAX_COPIES] (default 1000000)
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/bench_process.h"

namespace {

namespace stdfs = std::filesystem;

// `copies` times one GIFT question without a name (so an id is derived for each), one per
// paragraph.
void WriteBank(const std::string& path, size_t copies) {
  std::ofstream out(path, std::ios::binary);
  const std::string question =
      "Which of these gases is a noble gas? {=Neon ~Nitrogen ~Oxygen ~Carbon dioxide}\n\n";
  for (size_t i = 0; i < copies; ++i) out << question;
}

}  // namespace

int main(int argc, char** argv) {
  size_t max_copies = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  stdfs::path dir =
      stdfs::temp_directory_path() / ("identical_bench_" + std::to_string(::getpid()));
  stdfs::create_directories(dir);
  std::printf("%10s %8s %12s %14s %10s %12s %14s\n", "copies", "step", "wall s", "us/question",
              "ratio", "peak MB", "exit");
  struct Step {
    const char* name;
    std::vector<std::string> args;
  };
  double base_lint = 0;
  double base_fmt = 0;
  double base_baseline = 0;
  for (size_t copies = 10000; copies <= max_copies; copies *= 10) {
    std::string bank = (dir / "same.gift").string();
    WriteBank(bank, copies);
    std::string report = (dir / "report.txt").string();
    std::string baseline = (dir / "baseline.json").string();
    std::vector<Step> steps = {
        {"lint", {QBANK_BINARY, "lint", bank, "-o", report}},
        {"baseline", {QBANK_BINARY, "lint", bank, "--write-baseline", baseline}},
        {"fmt", {QBANK_BINARY, "fmt", bank}},
    };
    for (const Step& step : steps) {
      qbank::bench::CommandCost cost = qbank::bench::RunCommand(step.args, /*quiet_stderr=*/true);
      double per = cost.wall_s / static_cast<double>(copies) * 1e6;
      double& base = std::string(step.name) == "lint"       ? base_lint
                     : std::string(step.name) == "baseline" ? base_baseline
                                                            : base_fmt;
      if (copies == 10000) base = per;
      std::printf("%10zu %8s %12.2f %14.2f %10.2f %12.1f %14d\n", copies, step.name, cost.wall_s,
                  per, base > 0 ? per / base : 0.0, cost.peak_mb, cost.status);
      std::fflush(stdout);
    }
  }
  stdfs::remove_all(dir);
  return 0;
}
