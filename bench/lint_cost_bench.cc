// lint_cost_bench: what the lint rules cost against reading the bank, in one run. Writes a
// synthetic bank (bench/synthetic_bank.h, 100,000 questions by default, json), then times
// `qbank lint` on it with every rule off (reading and validating the bank and writing an empty
// report: the baseline) and with a preset (recommended by default), alternating, each in a process
// of its own with QBANK_TIMING=1. Prints the CPU and wall time of both and their ratio, and each
// rule's CPU time (QBANK_TIMING's table of the preset run) against the time the same run spent
// reading the inputs. With --baseline-qbank the same is measured for a second binary (for
// example main's) in the same run, alternating with this build's. With --each-rule, each rule
// that ran (or each named by --rules) is also timed alone (the preset with every other rule off),
// alternating with the rules-off run, and its process CPU time beyond the median of those
// rules-off runs is set against that median: a rule's cost against the read in CPU time, which a
// loaded machine does not inflate as it does QBANK_TIMING's clock.
//
//   lint_cost_bench [--questions N] [--preset NAME] [--runs N] [--qbank PATH]
//                   [--baseline-qbank PATH] [--bank PATH] [--each-rule] [--rules id,...]
//
// --bank PATH: write the bank there and keep it (for profiling one rule on it).
//
// Build with -DCMAKE_BUILD_TYPE=Release (or RelWithDebInfo) for real figures.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_process.h"
#include "bench/synthetic_bank.h"
#include "json/bank_writer.h"
#include "lint/registry.h"

namespace qbank::bench {
namespace {

// One binary's runs: CPU and wall seconds of each run, and the QBANK_TIMING lines of the preset
// runs (step or rule -> seconds per run).
struct Measured {
  std::string qbank;
  std::vector<double> off_cpu, off_wall, on_cpu, on_wall;
  std::map<std::string, std::vector<double>> steps;
  int on_status = -1, off_status = -1;
};

// The "  NAME   1.234 s" lines of a QBANK_TIMING table in the file at `path`.
std::map<std::string, double> ReadTimings(const std::string& path) {
  std::map<std::string, double> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 4 || line.compare(0, 2, "  ") != 0 || line.back() != 's') continue;
    size_t value_end = line.rfind(" s");
    size_t value_begin = line.rfind(' ', value_end - 1);
    if (value_begin == std::string::npos || value_begin < 3) continue;
    std::string name = line.substr(2, value_begin - 2);
    while (!name.empty() && name.back() == ' ') name.pop_back();
    out[name] = std::atof(line.c_str() + value_begin + 1);
  }
  return out;
}

// `qbank lint BANK ARGS... -f json -o REPORT` with QBANK_TIMING=1, its standard error in `err`.
CommandCost RunLint(const std::string& qbank, const std::string& bank,
                    const std::vector<std::string>& args, const std::string& report,
                    const std::string& err) {
  // /bin/sh for the environment variable and the redirection; the paths are ours (no quoting
  // needed: /tmp/qbank-lint-cost-PID-...).
  std::string command = "QBANK_TIMING=1 exec '" + qbank + "' lint '" + bank + "'";
  for (const std::string& a : args) command += " '" + a + "'";
  command += " -f json -o '" + report + "' 2>'" + err + "'";
  return RunCommand({"/bin/sh", "-c", command});
}

void MeasureOnce(Measured& m, const std::string& bank, const std::string& off_config,
                 const std::string& preset, const std::string& stem) {
  const std::string report = stem + "-report.json", err = stem + "-timing.txt";
  CommandCost off = RunLint(m.qbank, bank, {"--config", off_config}, report, err);
  m.off_cpu.push_back(off.cpu_s);
  m.off_wall.push_back(off.wall_s);
  m.off_status = off.status;
  std::map<std::string, double> off_steps = ReadTimings(err);
  m.steps["(rules off) reading the inputs"].push_back(off_steps["reading the inputs"]);
  CommandCost on = RunLint(m.qbank, bank, {"--preset", preset}, report, err);
  m.on_cpu.push_back(on.cpu_s);
  m.on_wall.push_back(on.wall_s);
  m.on_status = on.status;
  for (const auto& [name, seconds] : ReadTimings(err)) m.steps[name].push_back(seconds);
  std::remove(report.c_str());
  std::remove(err.c_str());
}

void Print(const char* what, const Measured& m, const std::string& preset, int runs) {
  const double off_cpu = Median(m.off_cpu), on_cpu = Median(m.on_cpu);
  std::printf("%s (%s), median of %d run(s):\n", what, m.qbank.c_str(), runs);
  std::printf("  every rule off:     %7.2f s CPU %7.2f s wall (exit %d)\n", off_cpu,
              Median(m.off_wall), m.off_status);
  std::printf("  preset %-12s %7.2f s CPU %7.2f s wall (exit %d): %.2fx the rules-off run\n",
              (preset + ":").c_str(), on_cpu, Median(m.on_wall), m.on_status, on_cpu / off_cpu);
  auto read_it = m.steps.find("reading the inputs");
  const double read = read_it == m.steps.end() ? 0 : Median(read_it->second);
  std::printf("  reading the inputs (QBANK_TIMING, preset run): %.3f s\n", read);
  std::vector<std::pair<double, std::string>> rules;
  for (const auto& [name, seconds] : m.steps) {
    if (name.rfind("rule ", 0) == 0) rules.emplace_back(Median(seconds), name.substr(5));
  }
  std::sort(rules.rbegin(), rules.rend());
  std::printf("  %-30s %9s %14s\n", "rule", "CPU s", "x the read");
  for (const auto& [seconds, id] : rules) {
    if (seconds < 0.0005) continue;
    std::printf("  %-30s %9.3f %13.2fx%s\n", id.c_str(), seconds, read > 0 ? seconds / read : 0,
                read > 0 && seconds > read ? "  (more than the read)" : "");
  }
}

// {"extends": PRESET, "rules": {every registered rule but `id`: "off"}}.
std::string OnlyRule(const std::string& preset, const std::string& id) {
  std::map<std::string, std::string> off;
  for (const lint::Rule* rule : lint::RuleRegistry::Default().All()) {
    if (rule->scope() == lint::RuleScope::kImport || rule->id() == id) continue;
    off[std::string(rule->id())] = "off";
  }
  return ConfigExtending(preset, off);
}

// Each rule of `m`'s preset (or those in `only`, when given) runs alone, alternating with the
// rules-off run: its CPU time beyond the median rules-off run of its own pairs, against that.
void MeasureEachRule(const char* what, const Measured& m, const std::string& bank,
                     const std::string& preset, const std::string& off_config,
                     const std::set<std::string>& only, int runs, const std::string& stem) {
  std::vector<std::pair<double, std::string>> costs;
  std::vector<double> all_off;
  const std::string config = stem + "-one.json", report = stem + "-report.json";
  for (const auto& [name, seconds] : m.steps) {
    if (name.rfind("rule ", 0) != 0) continue;
    std::string id = name.substr(5);
    if (!only.empty() && only.count(id) == 0) continue;
    std::ofstream(config) << OnlyRule(preset, id);
    std::vector<double> on_cpu, off_cpu;
    for (int i = 0; i < runs; ++i) {
      off_cpu.push_back(
          RunLint(m.qbank, bank, {"--config", off_config}, report, "/dev/null").cpu_s);
      on_cpu.push_back(RunLint(m.qbank, bank, {"--config", config}, report, "/dev/null").cpu_s);
    }
    all_off.insert(all_off.end(), off_cpu.begin(), off_cpu.end());
    costs.emplace_back(Median(on_cpu) - Median(off_cpu), id);
  }
  std::remove(config.c_str());
  std::remove(report.c_str());
  std::sort(costs.rbegin(), costs.rend());
  const double off = Median(all_off);
  std::printf(
      "%s, each rule alone (process CPU beyond its own rules-off runs; their median %.2f s):\n",
      what, off);
  std::printf("  %-34s %9s %12s\n", "rule", "CPU s", "x the read");
  for (const auto& [seconds, id] : costs) {
    std::printf("  %-34s %9.3f %11.2fx%s\n", id.c_str(), seconds, seconds / off,
                seconds > off ? "  (more than the read)" : "");
  }
}

}  // namespace
}  // namespace qbank::bench

int main(int argc, char** argv) {
  using namespace qbank::bench;
  std::string qbank = QBANK_BINARY, baseline, preset = "recommended", kept_bank;
  size_t questions = 100000;
  int runs = 3;
  bool each_rule = false;
  std::set<std::string> only_rules;  // --rules: the rules --each-rule measures (all when empty)
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--questions" && i + 1 < argc) {
      questions = std::stoul(argv[++i]);
    } else if (arg == "--preset" && i + 1 < argc) {
      preset = argv[++i];
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--qbank" && i + 1 < argc) {
      qbank = argv[++i];
    } else if (arg == "--baseline-qbank" && i + 1 < argc) {
      baseline = argv[++i];
    } else if (arg == "--each-rule") {
      each_rule = true;
    } else if (arg == "--rules" && i + 1 < argc) {
      std::string list = argv[++i];
      for (size_t at = 0; at <= list.size();) {
        size_t comma = std::min(list.find(',', at), list.size());
        if (comma > at) only_rules.insert(list.substr(at, comma - at));
        at = comma + 1;
      }
    } else if (arg == "--bank" && i + 1 < argc) {
      kept_bank = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: lint_cost_bench [--questions N] [--preset NAME] [--runs N] "
                   "[--qbank PATH] [--baseline-qbank PATH] [--bank PATH] [--each-rule] "
                   "[--rules id,...]\n");
      return 2;
    }
  }
  const std::string stem = "/tmp/qbank-lint-cost-" + std::to_string(getpid());
  const std::string bank = kept_bank.empty() ? stem + "-bank.json" : kept_bank;
  const std::string off_config = stem + "-off.json";
  SyntheticOptions options;
  options.questions = questions;
  {
    std::ofstream out(bank, std::ios::binary);
    out << qbank::json::WriteBank(MakeSyntheticBank(options).bank);
  }
  std::ofstream(off_config) << ConfigWith({});
  double load[1] = {0};
  if (getloadavg(load, 1) > 0) std::printf("(machine load average at start: %.1f)\n", load[0]);
  std::printf("synthetic bank of %zu questions (bench/synthetic_bank.h), json\n", questions);
  Measured current{qbank}, old{baseline};
  // A warm-up run (file cache), not counted.
  RunLint(qbank, bank, {"--config", off_config}, stem + "-report.json", "/dev/null");
  for (int i = 0; i < runs; ++i) {
    if (!baseline.empty()) MeasureOnce(old, bank, off_config, preset, stem);
    MeasureOnce(current, bank, off_config, preset, stem);
  }
  if (!baseline.empty()) Print("baseline", old, preset, runs);
  Print("this build", current, preset, runs);
  if (!baseline.empty()) {
    std::printf("preset %s CPU, this build against the baseline: %.2fx\n", preset.c_str(),
                Median(current.on_cpu) / Median(old.on_cpu));
  }
  if (each_rule) {
    if (!baseline.empty()) {
      MeasureEachRule("baseline", old, bank, preset, off_config, only_rules, runs, stem);
    }
    MeasureEachRule("this build", current, bank, preset, off_config, only_rules, runs, stem);
  }
  if (kept_bank.empty()) std::remove(bank.c_str());
  std::remove(off_config.c_str());
  std::remove((stem + "-report.json").c_str());
  return 0;
}
