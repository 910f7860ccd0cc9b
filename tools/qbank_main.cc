// The qbank command: dispatches to a subcommand (tools/subcommands.cc).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "base/kept_until_exit.h"
#include "base/suggest.h"
#include "commands/exit_code.h"
#include "commands/version.h"
#include "subcommands.h"

namespace {

void PrintUsage(std::ostream& out) {
  out << "usage: qbank <command> [options] [args]\n\n"
         "Import, lint and export multiple-choice question banks.\n\ncommands:\n";
  size_t width = 0;
  for (const auto& sub : qbank::tools::Subcommands()) width = std::max(width, sub.name.size() + 2);
  for (const auto& sub : qbank::tools::Subcommands()) {
    std::string name(sub.name);
    name.resize(width, ' ');
    out << "  " << name << sub.summary << "\n";
  }
  out << "\nRun `qbank <command> --help` or `qbank help <command>` for a command's options.\n"
         "Exit codes: 0 success, 1 check failed (lint findings, fmt --check), 2 usage or input\n"
         "error.\n";
}

}  // namespace

int main(int argc, char** argv) {
  // A closed standard input (`qbank lint - <&-`) reads as empty, like an empty file: marked bad
  // here, reading '-' is an error (formats::WalkInputs) rather than a clean run over nothing.
  if (::fcntl(STDIN_FILENO, F_GETFD) == -1 && errno == EBADF) std::cin.setstate(std::ios::badbit);
  // The process ends after the command: its bank is left to the operating system to reclaim.
  qbank::SetKeepAtExit(true);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    PrintUsage(std::cerr);
    return qbank::commands::kExitError;
  }
  std::string command = args.front();
  if (command == "--help" || command == "-h" || command == "help") {
    // `qbank help CMD` is `qbank CMD --help`.
    if (command == "help" && args.size() > 1) {
      args = {args[1], "--help"};
    } else {
      PrintUsage(std::cout);
      return qbank::commands::kExitOk;
    }
  }
  command = args.front();
  if (command == "--version" || command == "-V") {
    return qbank::commands::PrintVersion(std::cout, std::cerr);
  }
  for (const auto& sub : qbank::tools::Subcommands()) {
    if (sub.name != command) continue;
    try {
      return sub.run({args.begin() + 1, args.end()});
    } catch (const std::bad_alloc&) {
      // The import names the file it was reading when memory ran out; this is the last resort
      // for the steps after it (docs/reliability.md).
      std::cerr << "qbank: out of memory; nothing written (are the inputs data files rather than "
                   "questions?)\n";
      return 2;
    }
  }
  std::vector<std::string> names;
  for (const auto& sub : qbank::tools::Subcommands()) names.emplace_back(sub.name);
  names.emplace_back("help");
  std::cerr << "qbank: unknown command '" << command << "'" << qbank::DidYouMean(command, names)
            << "\n\n";
  PrintUsage(std::cerr);
  return qbank::commands::kExitError;
}
