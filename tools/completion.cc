// Completion scripts for bash and zsh, written from Subcommands() and their option tables.
#include "completion.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <vector>

#include "base/data_dir.h"
#include "base/suggest.h"
#include "commands/exit_code.h"
#include "commands/formats.h"
#include "commands/lint_report.h"
#include "lint/registry.h"
#include "subcommands.h"

namespace qbank::tools {
namespace {

std::vector<std::string> SplitNames(const std::string& list) {
  std::vector<std::string> names;
  std::string_view rest = list;
  while (!rest.empty()) {
    size_t comma = rest.find(", ");
    names.emplace_back(rest.substr(0, comma));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 2);
  }
  return names;
}

// The preset names in the data folder (rules/presets/*.json), sorted; none when not found.
std::vector<std::string> PresetNames() {
  std::vector<std::string> names;
  const Result<DataDirLocation>& data = DataDir();
  if (!data.ok()) return names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(data->dir + "/rules/presets", ec)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The values an option takes, when they are a fixed list; empty for files and free values.
std::vector<std::string> ValueChoices(std::string_view command, std::string_view option) {
  if (option == "from") return SplitNames(commands::FormatNames(false));
  if (option == "to") return SplitNames(commands::FormatNames(true));
  if (command == "rules" && option == "format") return {"text", "json"};
  if (command == "stats" && option == "format") return {"text", "json", "html"};
  // preview and stats lint the bank as lint does: the same presets and rule choices.
  bool lints = command == "lint" || command == "preview" || command == "stats";
  if (lints) {
    if (command == "lint" && option == "format") return commands::ReportFormats();
    if (option == "fail-on") return {"info", "warning", "warn", "error", "none"};
    if (option == "color") return {"auto", "always", "never"};
    if (option == "preset") return PresetNames();
    if (option == "select") {
      std::vector<std::string> ids = lint::RuleRegistry::Default().Ids();
      ids.insert(ids.begin(), "ALL");
      return ids;
    }
    if (option == "ignore" || option == "rule") return lint::RuleRegistry::Default().Ids();
  }
  return {};
}

// Options whose value is a comma-separated list of the choices (--select a,b).
bool TakesList(std::string_view command, std::string_view option) {
  return (command == "lint" || command == "preview" || command == "stats") &&
         (option == "select" || option == "ignore");
}

std::vector<std::string> OperandWords(Operands operands) {
  switch (operands) {
    case Operands::kRule:
      return lint::RuleRegistry::Default().Ids();
    case Operands::kIndexAction:
      return {"build"};
    case Operands::kShell:
      return {"bash", "zsh"};
    case Operands::kNone:
    case Operands::kFiles:
      break;
  }
  return {};
}

std::string Join(const std::vector<std::string>& words) {
  std::string joined;
  for (const std::string& w : words) joined += (joined.empty() ? "" : " ") + w;
  return joined;
}

// The `case "$prev"` arms of one subcommand: options whose value is a list or a file.
void WriteBashValueArms(const Subcommand& sub, std::ostream& out) {
  std::vector<std::string> file_options;
  for (const OptionInfo& o : sub.options()) {
    if (!o.takes_value) continue;
    std::string names = "--" + o.long_name;
    if (o.short_name != 0) names += std::string("|-") + o.short_name;
    std::vector<std::string> choices = ValueChoices(sub.name, o.long_name);
    if (choices.empty()) {
      file_options.push_back(names);
      continue;
    }
    if (TakesList(sub.name, o.long_name)) {
      // Completes the word after the last comma, keeping what is before it.
      out << "        " << names << ") COMPREPLY=($(compgen -P \"${cur%\"${cur##*,}\"}\" -W \""
          << Join(choices) << "\" -- \"${cur##*,}\")); return ;;\n";
      continue;
    }
    out << "        " << names << ") COMPREPLY=($(compgen -W \"" << Join(choices)
        << "\" -- \"$cur\")); return ;;\n";
  }
  if (!file_options.empty()) {
    std::string joined;
    for (const std::string& n : file_options) joined += (joined.empty() ? "" : "|") + n;
    out << "        " << joined << ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
  }
}

void WriteBashCommand(const Subcommand& sub, std::ostream& out) {
  std::vector<std::string> flags;
  for (const OptionInfo& o : sub.options()) {
    flags.push_back("--" + o.long_name);
    if (o.short_name != 0) flags.push_back(std::string("-") + o.short_name);
  }
  out << "    " << sub.name << ")\n      case \"$prev\" in\n";
  WriteBashValueArms(sub, out);
  out << "      esac\n"
      << "      if [[ \"$cur\" == -* ]]; then\n"
      << "        COMPREPLY=($(compgen -W \"" << Join(flags) << "\" -- \"$cur\"))\n";
  std::vector<std::string> operands = OperandWords(sub.operands);
  if (!operands.empty()) {
    out << "      else\n        COMPREPLY=($(compgen -W \"" << Join(operands)
        << "\" -- \"$cur\"))\n";
  } else if (sub.operands == Operands::kFiles) {
    out << "      else\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n";
  }
  out << "      fi\n      ;;\n";
}

void WriteBash(std::ostream& out) {
  std::vector<std::string> commands;
  for (const Subcommand& sub : Subcommands()) commands.emplace_back(sub.name);
  commands.emplace_back("help");
  out << "# bash completion for qbank; generated by `qbank completion bash` from its option "
         "tables.\n"
         "_qbank() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" command=\"\" i\n"
         "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
         "  # lint --rule RULE=SEVERITY: bash splits at '=' (COMP_WORDBREAKS).\n"
         "  if [[ \"$prev\" == \"=\" && COMP_CWORD -gt 2 && \"${COMP_WORDS[COMP_CWORD-3]}\" == "
         "\"--rule\" ]]; then\n"
         "    COMPREPLY=($(compgen -W \"off info warning warn error\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  # --opt=value: complete the value.\n"
         "  if [[ \"$prev\" == \"=\" && COMP_CWORD -gt 1 ]]; then\n"
         "    prev=\"${COMP_WORDS[COMP_CWORD-2]}\"\n"
         "  elif [[ \"$cur\" == \"=\" ]]; then\n"
         "    prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cur=\"\"\n"
         "  fi\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case \"${COMP_WORDS[i]}\" in -*) ;; *) command=\"${COMP_WORDS[i]}\"; break ;; esac\n"
         "  done\n"
         "  COMPREPLY=()\n"
         "  case \"$command\" in\n"
         "    \"\")\n"
         "      COMPREPLY=($(compgen -W \""
      << Join(commands)
      << " --help --version\" -- \"$cur\"))\n"
         "      ;;\n"
         "    help)\n"
         "      COMPREPLY=($(compgen -W \""
      << Join(commands) << "\" -- \"$cur\"))\n      ;;\n";
  for (const Subcommand& sub : Subcommands()) WriteBashCommand(sub, out);
  out << "  esac\n"
         "}\n"
         "complete -o default -F _qbank qbank\n";
}

// `text` inside single quotes in zsh, with the characters special in a description escaped:
// '[', ']' and '\' for _arguments, ':' for _describe (`colon`).
std::string ZshDescription(std::string_view text, bool colon = false) {
  std::string escaped;
  for (char c : text) {
    if (c == '\'') {
      escaped += "'\\''";
    } else if (c == '[' || c == ']' || c == '\\' || (colon && c == ':')) {
      escaped += '\\';
      escaped += c;
    } else {
      escaped += c;
    }
  }
  return escaped;
}

// One _arguments spec per name of option `o`: "'(-f --format)--format=[report format]:value:(a
// b)'".
void WriteZshOption(std::string_view command, const OptionInfo& o, std::ostream& out) {
  std::string exclusion;
  if (!o.repeatable && o.short_name != 0) {
    exclusion = std::string("(-") + o.short_name + " --" + o.long_name + ")";
  } else if (!o.repeatable) {
    exclusion = "(--" + o.long_name + ")";
  }
  std::string value;
  if (o.takes_value) {
    std::vector<std::string> choices = ValueChoices(command, o.long_name);
    if (command == "lint" && o.long_name == "rule") {
      value = ":rule:_qbank_rule_severity";  // RULE=SEVERITY
    } else if (choices.empty()) {
      value = ":" + o.long_name + ":_files";
    } else if (TakesList(command, o.long_name)) {
      value = ":" + o.long_name + ":_sequence compadd - " + Join(choices);  // a,b,c
    } else {
      value = ":" + o.long_name + ":(" + Join(choices) + ")";
    }
  }
  std::string description = "[";  // appended piece by piece: GCC 12's false -Wrestrict at -O3
  description += ZshDescription(o.description);
  description += ']';
  std::string star = o.repeatable ? "*" : "";
  out << "        '" << exclusion << star << "--" << o.long_name << (o.takes_value ? "=" : "")
      << description << value << "'\n";
  if (o.short_name != 0) {
    out << "        '" << exclusion << star << "-" << o.short_name << (o.takes_value ? "+" : "")
        << description << value << "'\n";
  }
}

void WriteZshCommand(const Subcommand& sub, std::ostream& out) {
  out << "    " << sub.name << ")\n      _arguments -s \\\n";
  for (const OptionInfo& o : sub.options()) {
    std::ostringstream spec;
    WriteZshOption(sub.name, o, spec);
    std::string lines = spec.str();
    // Each spec line continues the command.
    for (size_t p = 0; (p = lines.find('\n', p)) != std::string::npos; p += 3) {
      lines.replace(p, 1, " \\\n");
    }
    out << lines;
  }
  std::vector<std::string> operands = OperandWords(sub.operands);
  if (!operands.empty()) {
    out << "        '1:argument:(" << Join(operands) << ")'\n";
  } else if (sub.operands == Operands::kFiles) {
    out << "        '*:file:_files'\n";
  } else {
    out << "        \n";
  }
  out << "      ;;\n";
}

void WriteZsh(std::ostream& out) {
  out << "#compdef qbank\n"
         "# zsh completion for qbank; generated by `qbank completion zsh` from its option "
         "tables.\n"
         "# lint --rule RULE=SEVERITY: the rule, then after '=' its severity.\n"
         "_qbank_rule_severity() {\n"
         "  if compset -P '*='; then\n"
         "    compadd - off info warning warn error\n"
         "  else\n"
         "    compadd -S = - "
      << Join(lint::RuleRegistry::Default().Ids())
      << "\n"
         "  fi\n"
         "}\n"
         "_qbank() {\n"
         "  local -a commands\n"
         "  commands=(\n";
  for (const Subcommand& sub : Subcommands()) {
    out << "    '" << sub.name << ":" << ZshDescription(sub.summary, /*colon=*/true) << "'\n";
  }
  out << "    'help:print the options of a command'\n"
         "  )\n"
         "  if ((CURRENT == 2)); then\n"
         "    _describe -t commands 'qbank command' commands\n"
         "    return\n"
         "  fi\n"
         "  local command=\"$words[2]\"\n"
         "  shift words\n"
         "  ((CURRENT--))\n"
         "  case \"$command\" in\n"
         "    help) _describe -t commands 'qbank command' commands ;;\n";
  for (const Subcommand& sub : Subcommands()) WriteZshCommand(sub, out);
  out << "  esac\n"
         "}\n"
         "_qbank \"$@\"\n";
}

}  // namespace

int PrintCompletion(const std::string& shell, std::ostream& out, std::ostream& err) {
  if (shell == "bash") {
    WriteBash(out);
    return commands::kExitOk;
  }
  if (shell == "zsh") {
    WriteZsh(out);
    return commands::kExitOk;
  }
  err << "qbank completion: unknown shell '" << shell << "'; expected bash or zsh"
      << DidYouMean(shell, {"bash", "zsh"}) << "\n";
  return commands::kExitError;
}

}  // namespace qbank::tools
