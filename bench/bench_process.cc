// Running a benchmarked command in a child process.
#include "bench/bench_process.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "lint/registry.h"

namespace qbank::bench {

CommandCost RunCommand(const std::vector<std::string>& argv, bool quiet_stderr) {
  std::fflush(stdout);
  CommandCost cost;
  auto start = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    std::FILE* null = std::fopen("/dev/null", "w");
    if (null != nullptr) {
      dup2(fileno(null), STDOUT_FILENO);
      if (quiet_stderr) dup2(fileno(null), STDERR_FILENO);
    }
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  cost.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  cost.cpu_s = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  cost.peak_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;
  cost.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return cost;
}

std::string ConfigWith(const std::set<std::string>& on) {
  std::string json = "{\"rules\": {";
  bool first = true;
  for (const lint::Rule* rule : lint::RuleRegistry::Default().All()) {
    // import-error and import-warning take no severity but their own.
    if (rule->scope() == lint::RuleScope::kImport) continue;
    std::string id(rule->id());
    json += (first ? "" : ", ") + std::string("\"") + id + "\": \"" +
            (on.count(id) != 0 ? "warning" : "off") + "\"";
    first = false;
  }
  return json + "}}\n";
}

std::string ConfigExtending(const std::string& preset,
                            const std::map<std::string, std::string>& severities) {
  std::string json = "{\"extends\": \"" + preset + "\", \"rules\": {";
  bool first = true;
  for (const auto& [id, severity] : severities) {
    json += first ? "\"" : ", \"";
    json += id + "\": \"" + severity + "\"";
    first = false;
  }
  return json + "}}\n";
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace qbank::bench
