// What the end-to-end benchmarks share: running a command in a process of its own and measuring
// it, and medians.
#ifndef QBANK_BENCH_BENCH_PROCESS_H_
#define QBANK_BENCH_BENCH_PROCESS_H_

#include <map>
#include <set>
#include <string>
#include <vector>

namespace qbank::bench {

// What one run of a command cost: wall time, CPU time and peak resident memory (its own, from
// wait4), and its exit status (-1 when it did not exit).
struct CommandCost {
  double wall_s = 0;
  double cpu_s = 0;
  double peak_mb = 0;
  int status = -1;
};

// Runs `argv` (argv[0] a path) with stdout, and stderr too when `quiet_stderr`, sent to /dev/null.
CommandCost RunCommand(const std::vector<std::string>& argv, bool quiet_stderr = false);

// A configuration file's text that turns every registered rule off except those in `on` (at
// warning); the import rules keep their fixed severity.
std::string ConfigWith(const std::set<std::string>& on);

// A configuration file's text that extends `preset` and sets the rules in `severities` (rule id
// -> "off", "info", "warning" or "error"): {"extends": PRESET, "rules": {...}}.
std::string ConfigExtending(const std::string& preset,
                            const std::map<std::string, std::string>& severities);

// The median of `v` (the upper one for an even count); 0 when empty.
double Median(std::vector<double> v);

}  // namespace qbank::bench

#endif  // QBANK_BENCH_BENCH_PROCESS_H_
