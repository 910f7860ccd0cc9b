// rule_cost_bench: what some lint rules add to `qbank lint` on a real bank, end to end. Runs the
// qbank binary of this build on BANK with a preset (`recommended` unless --preset names another)
// plus the named rules on (each at its default severity), and, alternating in the same run as the
// baseline, with those rules off; prints the medians and the ratio.
//
//   rule_cost_bench BANK [--rules id,id,...] [--preset NAME] [--runs N] [--qbank PATH]
//
// Without --rules it measures the rules of issue 11 (the item-writing flaws and the bank-level
// key checks). Build with -DCMAKE_BUILD_TYPE=Release (or RelWithDebInfo) for real figures.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bench/bench_process.h"
#include "lint/registry.h"

namespace {

using qbank::bench::CommandCost;
using qbank::bench::Median;

// Runs `argv` with stdout and stderr sent to /dev/null.
CommandCost Run(const std::vector<std::string>& argv) {
  return qbank::bench::RunCommand(argv, /*quiet_stderr=*/true);
}

// {"extends": PRESET, "rules": {id: default severity or "off", ...}}
std::string Config(const std::string& preset, const std::vector<std::string>& rules, bool on) {
  std::map<std::string, std::string> severities;
  for (const std::string& id : rules) {
    const qbank::lint::Rule* rule = qbank::lint::RuleRegistry::Default().Find(id);
    severities[id] = on ? std::string(qbank::lint::SeverityName(rule->default_severity())) : "off";
  }
  return qbank::bench::ConfigExtending(preset, severities);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> rules = {
      "all-of-the-above", "contradicting-copies", "grammatical-cue",   "key-balance",
      "key-length-cue",   "longest-key-rate",     "negative-stem",     "none-of-the-above",
      "option-debris",    "option-order",         "statement-options", "true-false-balance"};
  std::string bank, qbank = QBANK_BINARY, preset = "recommended";
  int runs = 7;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--rules" && i + 1 < argc) {
      rules.clear();
      std::string list = argv[++i];
      size_t at = 0;
      while (at <= list.size()) {
        size_t comma = std::min(list.find(',', at), list.size());
        if (comma > at) rules.push_back(list.substr(at, comma - at));
        at = comma + 1;
      }
    } else if (arg == "--preset" && i + 1 < argc) {
      preset = argv[++i];
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--qbank" && i + 1 < argc) {
      qbank = argv[++i];
    } else if (bank.empty() && arg.rfind("--", 0) != 0) {
      bank = arg;
    } else {
      std::fprintf(stderr,
                   "usage: rule_cost_bench BANK [--rules id,...] [--preset NAME] [--runs N] "
                   "[--qbank PATH]\n");
      return 2;
    }
  }
  if (bank.empty()) {
    std::fprintf(
        stderr,
        "usage: rule_cost_bench BANK [--rules id,...] [--preset NAME] [--runs N] [--qbank PATH]\n");
    return 2;
  }
  for (const std::string& id : rules) {
    if (qbank::lint::RuleRegistry::Default().Find(id) == nullptr) {
      std::fprintf(stderr, "rule_cost_bench: unknown rule %s\n", id.c_str());
      return 2;
    }
  }
  const std::string stem = "/tmp/qbank-rule-cost-" + std::to_string(getpid());
  const std::string on_config = stem + "-on.json", off_config = stem + "-off.json";
  std::ofstream(on_config) << Config(preset, rules, true);
  std::ofstream(off_config) << Config(preset, rules, false);
  std::vector<double> on_wall, on_cpu, off_wall, off_cpu;
  int on_status = 0, off_status = 0;
  // A warm-up run of each, not counted (file cache).
  Run({qbank, "lint", bank, "--config", on_config});
  Run({qbank, "lint", bank, "--config", off_config});
  for (int i = 0; i < runs; ++i) {
    CommandCost off = Run({qbank, "lint", bank, "--config", off_config});
    CommandCost on = Run({qbank, "lint", bank, "--config", on_config});
    on_wall.push_back(on.wall_s);
    on_cpu.push_back(on.cpu_s);
    off_wall.push_back(off.wall_s);
    off_cpu.push_back(off.cpu_s);
    on_status = on.status;
    off_status = off.status;
  }
  std::remove(on_config.c_str());
  std::remove(off_config.c_str());
  std::printf(
      "qbank lint %s, %s with the %zu rules on (median of %d runs): %.3f s wall, %.3f s "
      "CPU (exit %d); baseline, the same with them off: %.3f s wall, %.3f s CPU (exit %d); the "
      "rules add %.1f%% wall, %.1f%% CPU\n",
      bank.c_str(), preset.c_str(), rules.size(), runs, Median(on_wall), Median(on_cpu), on_status,
      Median(off_wall), Median(off_cpu), off_status,
      100.0 * (Median(on_wall) / Median(off_wall) - 1),
      100.0 * (Median(on_cpu) / Median(off_cpu) - 1));
  return 0;
}
