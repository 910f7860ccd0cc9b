// The qbank command: dispatches to a subcommand (tools/subcommands.cc).
#include <iostream>
#include <string>
#include <vector>

#include "base/data_dir.h"
#include "subcommands.h"

namespace {

void PrintUsage(std::ostream& out) {
  out << "usage: qbank <command> [options] [args]\n\n"
         "Import, lint and export multiple-choice question banks.\n\ncommands:\n";
  for (const auto& sub : qbank::tools::Subcommands()) {
    std::string name(sub.name);
    name.resize(10, ' ');
    out << "  " << name << sub.summary << "\n";
  }
  out << "\nRun `qbank <command> --help` for a command's options. Exit codes: 0 success, 1 check\n"
         "failed (lint findings, fmt --check), 2 usage or input error.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    PrintUsage(std::cerr);
    return 2;
  }
  const std::string& command = args.front();
  if (command == "--help" || command == "-h" || command == "help") {
    PrintUsage(std::cout);
    return 0;
  }
  if (command == "--version" || command == "-V") {
    std::cout << "qbank " << QBANK_VERSION << "\n";
    const qbank::Result<qbank::DataDirLocation>& data = qbank::DataDir();
    if (data.ok()) {
      std::cout << "data: " << data->dir << " (" << data->how << ")\n";
      return 0;
    }
    std::cout << "data: not found\n";
    std::cerr << "qbank: " << data.status().ToString() << "\n";
    return 0;
  }
  for (const auto& sub : qbank::tools::Subcommands()) {
    if (sub.name == command) return sub.run({args.begin() + 1, args.end()});
  }
  std::cerr << "qbank: unknown command '" << command << "'\n\n";
  PrintUsage(std::cerr);
  return 2;
}
