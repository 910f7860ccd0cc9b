// Flag parsing for every subcommand (Boost.Program_options stays in tools/).
#include "subcommands.h"

#include <boost/program_options.hpp>
#include <iostream>

#include "base/file_system.h"
#include "base/kept_until_exit.h"
#include "base/suggest.h"
#include "commands/convert.h"
#include "commands/exit_code.h"
#include "commands/explain.h"
#include "commands/fmt.h"
#include "commands/formats.h"
#include "commands/index.h"
#include "commands/inputs.h"
#include "commands/lint.h"
#include "commands/preview.h"
#include "commands/rules.h"
#include "commands/stats.h"
#include "commands/watch.h"
#include "completion.h"
#include "lsp/server.h"

namespace qbank::tools {
namespace {

namespace po = boost::program_options;

// "; did you mean '--NAME'?" for an unknown option `typed` ("--quite", "-x"),
// from the long names of `visible`; "" when none is near.
std::string SuggestOption(const std::string& typed, const po::options_description& visible) {
  std::vector<std::string> names;
  for (const auto& option : visible.options()) names.push_back(option->long_name());
  std::string_view bare = typed;
  while (!bare.empty() && bare.front() == '-') bare.remove_prefix(1);
  if (size_t eq = bare.find('='); eq != std::string_view::npos) bare = bare.substr(0, eq);
  return DidYouMean(bare, names, "--");
}

// Parses `args` against `visible` (+ hidden positional `inputs`); prints help
// and returns 0 on
// --help, prints the error and returns 2 on a parse error, returns -1 to go on.
int Parse(const std::vector<std::string>& args, const std::string& usage,
          po::options_description& visible, po::variables_map& vm, const char* positional_name,
          int positional_max) {
  po::options_description hidden;
  hidden.add_options()(positional_name, po::value<std::vector<std::string>>(), "inputs");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description pos;
  pos.add(positional_name, positional_max);
  try {
    po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    std::cerr << "qbank: " << e.what() << SuggestOption(e.get_option_name(), visible)
              << "\nusage: " << usage << "\n";
    return commands::kExitError;
  } catch (const po::error& e) {
    std::cerr << "qbank: " << e.what() << "\nusage: " << usage << "\n";
    return commands::kExitError;
  }
  if (vm.count("help")) {
    std::cout << "usage: " << usage << "\n\n" << visible;
    return 0;
  }
  return -1;
}

// Prints "qbank COMMAND: MESSAGE" and the usage line; returns the usage exit
// code.
int UsageError(std::string_view command, std::string_view message, const std::string& usage) {
  std::cerr << "qbank " << command << ": " << message << "\nusage: " << usage << "\n";
  return commands::kExitError;
}

// UsageError for inputs commands::RequireInputs refuses; -1 to go on.
int CheckInputs(std::string_view command, const std::vector<std::string>& inputs,
                const std::string& usage) {
  Status given = commands::RequireInputs(inputs);
  return given.ok() ? -1 : UsageError(command, given.ToString(), usage);
}

std::vector<std::string> Strings(const po::variables_map& vm, const char* name) {
  return vm.count(name) ? vm[name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// A --delimiter value bound to `out`: comma (or ","), semicolon (";") or tab ("\t"); anything else
// is a usage error.
po::typed_value<std::string>* DelimiterValue(char& out) {
  return po::value<std::string>()->notifier([&out](const std::string& d) {
    if (d == "tab" || d == "\\t" || d == "\t") {
      out = '\t';
    } else if (d == "semicolon" || d == ";") {
      out = ';';
    } else if (d == "comma" || d == ",") {
      out = ',';
    } else {
      throw po::error("--delimiter: '" + d +
                      "' is not a delimiter; expected comma, semicolon or tab");
    }
  });
}

// The option table of import, export and convert (one shape), bound to
// `options`.
po::options_description ConvertTable(commands::ConvertOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")(
      "from", po::value(&options.from),
      ("input format, detected from extension and content "
       "when absent: " +
       commands::FormatNames(false))
          .c_str())("to,t", po::value(&options.to),
                    ("output format: " + commands::FormatNames(true)).c_str())(
      "output,o", po::value(&options.output), "output file (standard output when absent)")(
      "encoding", po::value(&options.encoding),
      "input encoding when not UTF-8 (e.g. windows-1252)")(
      "columns", po::value(&options.sheet.columns),
      "spreadsheets: which header is which field, \"HEADER=FIELD,...\" (e.g. "
      "\"Q=stem,Opt1=option_a,Good=key\"); also the columns a csv, xlsx or ods export writes")(
      "keep-unknown", po::bool_switch(&options.sheet.keep_unknown),
      "spreadsheets: keep unknown columns in the questions' extensions instead of refusing "
      "them")("delimiter", DelimiterValue(options.sheet.delimiter),
              "csv: the field delimiter (comma, ';' or tab), detected from the header row when "
              "absent")("sheet", po::value(&options.sheet.sheet),
                        "xlsx, ods: the sheet to read (the first when absent)")(
      "layout", po::value(&options.layout),
      "csv, xlsx, ods export: the columns to write: qbank (the default), mmlu, simple or "
      "kahoot")("verbose", po::bool_switch(&options.sheet.verbose),
                "spreadsheets: say which header was read as which field")(
      "strict", po::bool_switch(&options.strict),
      "refuse an export that would drop fields or skip questions (exit 2)")(
      "loss-report", po::value(&options.loss_report),
      "write what the export dropped, per field and question, as JSON to this "
      "file")("quiet,q", po::bool_switch(&options.quiet), "do not print the loss report")(
      "keep-going,k", po::bool_switch(&options.keep_going),
      "on malformed questions, write the ones that were read (exit 1) instead "
      "of nothing "
      "(exit 2)");
  return opts;
}

int RunConvertLike(const std::vector<std::string>& args, const std::string& command) {
  commands::ConvertOptions options;
  if (command == "import") options.to = "json";
  po::options_description opts = ConvertTable(options);
  std::string usage = command == "import"   ? "qbank import INPUT... [-o BANK] [--from FORMAT]"
                      : command == "export" ? "qbank export BANK --to FORMAT [-o PATH]"
                                            : "qbank convert INPUT... --to FORMAT [-o OUTPUT]";
  po::variables_map vm;
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  options.inputs = Strings(vm, "inputs");
  if (int rc = CheckInputs(command, options.inputs, usage); rc >= 0) return rc;
  if (command != "import" && !vm.count("to")) {
    return UsageError(command, "--to FORMAT is required", usage);
  }
  if (command == "export" && options.inputs.size() != 1) {
    return UsageError(command, "exactly one bank is exported at a time", usage);
  }
  return commands::RunConvert(options, RealFileSystem(), std::cin, std::cout, std::cerr);
}

int ImportCommand(const std::vector<std::string>& args) { return RunConvertLike(args, "import"); }
int ExportCommand(const std::vector<std::string>& args) { return RunConvertLike(args, "export"); }
int ConvertCommand(const std::vector<std::string>& args) { return RunConvertLike(args, "convert"); }

po::options_description FmtTable(commands::FmtOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")(
      "check", po::bool_switch(&options.check),
      "exit 1 and say where a file is not in canonical form; write nothing")(
      "write,w", po::bool_switch(&options.write),
      "rewrite the files that are not in canonical form, in place (not '-')")(
      "from", po::value(&options.from),
      "the files' format, detected per file from extension and content when absent")(
      "encoding", po::value(&options.encoding),
      "input encoding when not UTF-8 (e.g. windows-1252); the file is written back as UTF-8")(
      "columns", po::value(&options.sheet.columns),
      "spreadsheets: which header is which field, \"HEADER=FIELD,...\"; the file is written "
      "back with the same headers")("sheet", po::value(&options.sheet.sheet),
                                    "xlsx, ods: the sheet to read (the first when absent)")(
      "stdin-filename", po::value(&options.stdin_filename),
      "the name of standard input ('-'): its format when --from is absent (else detected from "
      "its content), and its name in messages");
  return opts;
}

int FmtCommand(const std::vector<std::string>& args) {
  commands::FmtOptions options;
  po::options_description opts = FmtTable(options);
  po::variables_map vm;
  std::string usage = "qbank fmt FILE|FOLDER|-... [--check | --write] [--from FORMAT]";
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  options.inputs = Strings(vm, "inputs");
  if (int rc = CheckInputs("fmt", options.inputs, usage); rc >= 0) return rc;
  return commands::RunFmt(options, RealFileSystem(), std::cout, std::cerr);
}

// The table of a command whose only option is --help.
po::options_description HelpOnlyTable() {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help");
  return opts;
}

int FormatsCommand(const std::vector<std::string>& args) {
  po::options_description opts = HelpOnlyTable();
  po::variables_map vm;
  if (int rc = Parse(args, "qbank formats", opts, vm, "inputs", 0); rc >= 0) return rc;
  return commands::ListFormats(std::cout);
}

po::options_description LintTable(commands::LintOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")("from", po::value(&options.from),
                                                 "input format, detected per file when absent")(
      "config,c", po::value(&options.config_path),
      "config file (default: the nearest .qbank.json above the inputs)")(
      "preset", po::value(&options.preset)->default_value(options.preset),
      "preset used when there is no config file: recommended, practice-page or "
      "strict")("format,f", po::value(&options.format)->default_value(options.format),
                "report format: text, json, html, sarif, github or junit")(
      "quiet,q", po::bool_switch(&options.quiet),
      "report errors only (warnings and infos are neither shown nor counted)")(
      "select", po::value(&options.select)->composing(),
      "run only these rules (RULE,...; ALL for every rule), over the config; "
      "repeatable")("ignore", po::value(&options.ignore)->composing(),
                    "do not run these rules (RULE,...), over the config and "
                    "--select; repeatable")(
      "rule", po::value(&options.rule_severities)->composing(),
      "RULE=SEVERITY (off, info, warning or warn, error), over the config, "
      "--select and "
      "--ignore; repeatable")("print-config", po::value(&options.print_config),
                              "print the configuration used for FILE (config, "
                              "overrides and the flags above) as JSON, "
                              "and lint nothing")(
      "columns", po::value(&options.columns),
      "spreadsheets: which header is which field, \"HEADER=FIELD,...\"")(
      "keep-unknown", po::bool_switch(&options.keep_unknown),
      "spreadsheets: keep unknown columns in the questions' extensions")(
      "delimiter", DelimiterValue(options.delimiter),
      "csv: the field delimiter (comma, ';' or tab), detected from the header row when absent")(
      "sheet", po::value(&options.sheet), "xlsx, ods: the sheet to read (the first when absent)")(
      "stdin-filename", po::value(&options.stdin_filename),
      "the name of standard input ('-'): for its format, the config and its "
      "overrides, and in "
      "findings")("fix", po::bool_switch(&options.fix),
                  "apply the safe fixes to the input files (only the fixed bytes change), then "
                  "report what is left")("fix-dry-run", po::bool_switch(&options.fix_dry_run),
                                         "print the unified diff --fix would apply; write "
                                         "nothing")("output,o", po::value(&options.output),
                                                    "write the report to FILE (atomically)")(
      "fail-on", po::value(&options.fail_on)->default_value(options.fail_on),
      "exit 1 when a finding is at or above: info, warning (or warn), error, "
      "or none")("max-warnings",
                 po::value(&options.max_warnings)->default_value(options.max_warnings),
                 "exit 1 when there are more warnings than this (-1: no limit)")(
      "color", po::value(&options.color)->default_value(options.color),
      "colour the text report: auto (a terminal, and NO_COLOR unset), always, "
      "never")("baseline", po::value(&options.baseline),
               "report only findings this baseline file lacks")(
      "write-baseline", po::value(&options.write_baseline),
      "record today's findings in FILE and exit 0")(
      "changed-since", po::value(&options.changed_since),
      "lint only questions in files changed since this git ref")(
      "statistics", po::bool_switch(&options.statistics),
      "print the findings per rule, most first")(
      "against", po::value(&options.against)->composing(),
      "compare with this bank (file or folder, any format, dumps too) for "
      "duplicate questions and copied explanations, without linting it; "
      "repeatable")("reference", po::value(&options.reference),
                    "report overlap with the reference index FILE (built by "
                    "`qbank index build`)")(
      "preview", po::value(&options.preview_dir),
      "html report: link each finding to its question in the preview site in DIR (made by "
      "`qbank preview -o DIR`)")("jobs,j", po::value(&options.jobs)->default_value(options.jobs),
                                 "threads that read files and check questions (0: one a core)");
  opts.add_options()("watch", po::bool_switch(),
                     "lint again each time an input or the config changes, until Ctrl-C "
                     "(exit code of the last run)");
  return opts;
}

// The lint options preview and stats take: which inputs, configuration and rules.
void AddViewLintOptions(po::options_description& opts, commands::LintOptions& options) {
  opts.add_options()("from", po::value(&options.from),
                     "input format, detected per file when absent")(
      "config,c", po::value(&options.config_path),
      "config file (default: the nearest .qbank.json above the inputs)")(
      "preset", po::value(&options.preset)->default_value(options.preset),
      "preset used when there is no config file: recommended, practice-page or strict")(
      "select", po::value(&options.select)->composing(),
      "run only these rules (RULE,...; ALL for every rule), over the config; repeatable")(
      "ignore", po::value(&options.ignore)->composing(),
      "do not run these rules (RULE,...), over the config and --select; repeatable")(
      "rule", po::value(&options.rule_severities)->composing(),
      "RULE=SEVERITY (off, info, warning or warn, error), over the config; repeatable");
}

po::options_description PreviewTable(commands::PreviewOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")(
      "output,o", po::value(&options.output_dir),
      "the folder to write the site to (made when missing)")(
      "open", po::bool_switch(&options.open), "open the site in the system's browser (xdg-open)");
  AddViewLintOptions(opts, options.lint);
  return opts;
}

int PreviewCommand(const std::vector<std::string>& args) {
  commands::PreviewOptions options;
  po::options_description opts = PreviewTable(options);
  po::variables_map vm;
  std::string usage = "qbank preview INPUT... -o DIR [--open]";
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  options.lint.inputs = Strings(vm, "inputs");
  if (int rc = CheckInputs("preview", options.lint.inputs, usage); rc >= 0) return rc;
  if (options.output_dir.empty()) {
    return UsageError("preview", "expected -o DIR, the folder to write the site to", usage);
  }
  return commands::RunPreview(options, std::cout, std::cerr);
}

po::options_description StatsTable(commands::StatsOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")(
      "format,f", po::value(&options.format)->default_value(options.format),
      "output format: text, json or html")("output,o", po::value(&options.output),
                                           "write to FILE (atomically)")(
      "preview", po::value(&options.lint.preview_dir),
      "html: link each finding to its question in the preview site in DIR")(
      "findings", po::bool_switch(&options.findings),
      "run every rule, so findings per rule and file count them all (text and json run only "
      "the import and duplicate rules; html always runs all)");
  AddViewLintOptions(opts, options.lint);
  return opts;
}

int StatsCommand(const std::vector<std::string>& args) {
  commands::StatsOptions options;
  po::options_description opts = StatsTable(options);
  po::variables_map vm;
  std::string usage = "qbank stats INPUT... [--format text|json|html] [-o FILE]";
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  options.lint.inputs = Strings(vm, "inputs");
  if (int rc = CheckInputs("stats", options.lint.inputs, usage); rc >= 0) return rc;
  options.lint.exit_follows = true;
  return commands::RunStats(options, std::cout, std::cerr);
}

int LintCommand(const std::vector<std::string>& args) {
  commands::LintOptions options;
  po::options_description opts = LintTable(options);
  po::variables_map vm;
  std::string usage = "qbank lint INPUT... [options]";
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  options.inputs = Strings(vm, "inputs");
  if (options.print_config.empty()) {
    if (int rc = CheckInputs("lint", options.inputs, usage); rc >= 0) return rc;
  }
  if (options.max_warnings < -1) {
    return UsageError("lint",
                      "--max-warnings: expected a number of warnings (0 or more), or -1 for no "
                      "limit; found " +
                          std::to_string(options.max_warnings),
                      usage);
  }
  if (options.jobs < 0) {
    return UsageError("lint",
                      "--jobs: expected a number of threads (0 for one a core); found " +
                          std::to_string(options.jobs),
                      usage);
  }
  options.threads = static_cast<unsigned>(options.jobs);
  const char* timing = std::getenv("QBANK_TIMING");
  options.timing = timing != nullptr && *timing != '\0' && std::string_view(timing) != "0";
  if (vm["watch"].as<bool>()) {
    SetKeepAtExit(false);  // runs until stopped: every value is freed when done with
    return commands::RunLintWatch(options, std::cout, std::cerr);
  }
  options.exit_follows = true;
  return commands::RunLint(options, std::cout, std::cerr);
}

int LspCommand(const std::vector<std::string>& args) {
  po::options_description opts = HelpOnlyTable();
  po::variables_map vm;
  if (int rc = Parse(args, "qbank lsp", opts, vm, "inputs", 0); rc >= 0) return rc;
  std::ios::sync_with_stdio(false);
  SetKeepAtExit(false);  // runs until stopped: every value is freed when done with
  lsp::ServerOptions server;
  const char* timing = std::getenv("QBANK_TIMING");
  server.timing = timing != nullptr && *timing != '\0' && std::string_view(timing) != "0";
  return lsp::RunServer(std::cin, std::cout, std::cerr, server);
}

po::options_description RulesTable(std::string& format) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")(
      "format,f", po::value(&format)->default_value("text"), "output format: text or json");
  return opts;
}

int RulesCommand(const std::vector<std::string>& args) {
  std::string format;
  po::options_description opts = RulesTable(format);
  po::variables_map vm;
  if (int rc = Parse(args, "qbank rules [--format json]", opts, vm, "inputs", 0); rc >= 0) {
    return rc;
  }
  return commands::ListRules(std::cout, std::cerr, format);
}

int ExplainCommand(const std::vector<std::string>& args) {
  po::options_description opts = HelpOnlyTable();
  po::variables_map vm;
  std::string usage = "qbank explain RULE";
  if (int rc = Parse(args, usage, opts, vm, "inputs", 1); rc >= 0) return rc;
  std::vector<std::string> rule = Strings(vm, "inputs");
  if (rule.empty()) return UsageError("explain", "name a rule (see `qbank rules`)", usage);
  return commands::ExplainRule(rule.front(), std::cout, std::cerr);
}

po::options_description IndexTable(commands::IndexBuildOptions& options) {
  po::options_description opts("options");
  opts.add_options()("help,h", "show this help")("output,o", po::value(&options.output),
                                                 "the index file to write (e.g. refs.qidx)")(
      "stock-contexts", po::value(&options.parameters.stock_contexts),
      "leave out as stock phrasing an n-gram met in this many different "
      "contexts (default 5; 0 "
      "keeps every n-gram)");
  return opts;
}

int CompletionCommand(const std::vector<std::string>& args) {
  po::options_description opts = HelpOnlyTable();
  po::variables_map vm;
  std::string usage = "qbank completion bash|zsh";
  if (int rc = Parse(args, usage, opts, vm, "inputs", 1); rc >= 0) return rc;
  std::vector<std::string> shell = Strings(vm, "inputs");
  if (shell.empty()) return UsageError("completion", "name a shell: bash or zsh", usage);
  return PrintCompletion(shell.front(), std::cout, std::cerr);
}

int IndexCommand(const std::vector<std::string>& args) {
  commands::IndexBuildOptions options;
  po::options_description opts = IndexTable(options);
  po::variables_map vm;
  std::string usage = "qbank index build SOURCE... -o refs.qidx";
  if (int rc = Parse(args, usage, opts, vm, "inputs", -1); rc >= 0) return rc;
  std::vector<std::string> rest = Strings(vm, "inputs");
  if (rest.empty() || rest.front() != "build") {
    return UsageError("index", "expected the action 'build'", usage);
  }
  options.sources.assign(rest.begin() + 1, rest.end());
  if (int rc = CheckInputs("index build", options.sources, usage); rc >= 0) return rc;
  if (options.output.empty()) {
    return UsageError("index build", "expected -o FILE, the index file to write", usage);
  }
  return commands::RunIndexBuild(options, RealFileSystem(), std::cout, std::cerr);
}

// The options of `table` for the completion scripts.
std::vector<OptionInfo> Describe(const po::options_description& table) {
  std::vector<OptionInfo> infos;
  for (const auto& option : table.options()) {
    OptionInfo info;
    info.long_name = option->long_name();
    std::string shorter =
        option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shorter.size() == 2 && shorter[0] == '-') info.short_name = shorter[1];
    info.takes_value = option->semantic()->max_tokens() > 0;
    info.repeatable = option->semantic()->is_composing();
    info.description = option->description();
    infos.push_back(std::move(info));
  }
  return infos;
}

template <typename Options, po::options_description (*Table)(Options&)>
std::vector<OptionInfo> DescribeTable() {
  Options options;
  return Describe(Table(options));
}

std::vector<OptionInfo> DescribeHelpOnly() { return Describe(HelpOnlyTable()); }
std::vector<OptionInfo> DescribeRules() {
  std::string format;
  return Describe(RulesTable(format));
}

}  // namespace

const std::vector<Subcommand>& Subcommands() {
  static const std::vector<Subcommand> kSubcommands = {
      {"import", "read questions in any format into a normalised bank file", ImportCommand,
       DescribeTable<commands::ConvertOptions, ConvertTable>, Operands::kFiles},
      {"export", "write a bank file in another format", ExportCommand,
       DescribeTable<commands::ConvertOptions, ConvertTable>, Operands::kFiles},
      {"convert", "convert questions from one format to another", ConvertCommand,
       DescribeTable<commands::ConvertOptions, ConvertTable>, Operands::kFiles},
      {"fmt", "print, check or rewrite question files in their format's canonical form", FmtCommand,
       DescribeTable<commands::FmtOptions, FmtTable>, Operands::kFiles},
      {"lint", "check questions: answers, lengths, duplicates, originality, flaws", LintCommand,
       DescribeTable<commands::LintOptions, LintTable>, Operands::kFiles},
      {"preview", "write the questions as a static HTML site: the learner's view and the findings",
       PreviewCommand, DescribeTable<commands::PreviewOptions, PreviewTable>, Operands::kFiles},
      {"stats", "print a bank's statistics: counts, key balance, lengths, duplicates, findings",
       StatsCommand, DescribeTable<commands::StatsOptions, StatsTable>, Operands::kFiles},
      {"rules", "list every lint rule with its default severity and whether --fix fixes it",
       RulesCommand, DescribeRules, Operands::kNone},
      {"explain", "print the documentation of a lint rule", ExplainCommand, DescribeHelpOnly,
       Operands::kRule},
      {"index", "build a reference index for the originality check", IndexCommand,
       DescribeTable<commands::IndexBuildOptions, IndexTable>, Operands::kIndexAction},
      {"formats", "list the formats and what each can do", FormatsCommand, DescribeHelpOnly,
       Operands::kNone},
      {"lsp", "serve editors as a language server (LSP over stdio): findings as you type",
       LspCommand, DescribeHelpOnly, Operands::kNone},
      {"completion", "print a bash or zsh completion script for qbank", CompletionCommand,
       DescribeHelpOnly, Operands::kShell},
  };
  return kSubcommands;
}

}  // namespace qbank::tools
