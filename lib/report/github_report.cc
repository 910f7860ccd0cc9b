// GitHub Actions workflow commands for lint findings, with the escapes the runner expects.
#include "report/github_report.h"

#include <map>
#include <set>
#include <sstream>

namespace qbank::report {
namespace {

std::string_view Command(lint::Severity severity) {
  switch (severity) {
    case lint::Severity::kError:
      return "error";
    case lint::Severity::kWarning:
      return "warning";
    default:
      return "notice";
  }
}

std::string Count(size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

std::string EscapeGithubData(std::string_view text) {
  std::string out;
  for (char c : ValidUtf8(text)) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      default:
        // The runner decodes only the escapes above; other control characters (NUL, ESC, ...)
        // would reach its log raw.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
          out += "\xEF\xBF\xBD";
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string EscapeGithubProperty(std::string_view text) {
  std::string out;
  for (char c : EscapeGithubData(text)) {
    switch (c) {
      case ':':
        out += "%3A";
        break;
      case ',':
        out += "%2C";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void WriteGithubAnnotations(const ReportContext& ctx, std::ostream& stream) {
  static const model::Bank kEmptyBank;
  static const std::vector<lint::Finding> kNoFindings;
  const model::Bank& bank = ctx.bank != nullptr ? *ctx.bank : kEmptyBank;
  const std::vector<lint::Finding>& findings =
      ctx.findings != nullptr ? *ctx.findings : kNoFindings;

  std::vector<std::string> names = SourceNames(ctx);
  std::string out;
  std::map<std::string, std::map<lint::Severity, size_t>> per_rule;
  std::map<lint::Severity, size_t> per_severity;
  std::set<uint32_t> files_with_findings;
  for (const lint::Finding& f : findings) {
    uint32_t file = FindingFile(bank, f);
    std::string name = file < names.size() ? names[file] : std::string();
    std::vector<std::string> props;
    if (!name.empty()) {
      files_with_findings.insert(file);
      props.push_back("file=" + EscapeGithubProperty(name));
      // A span is only meaningful in the file it belongs to.
      // A paragraph of a document (.docx) is no line of the file GitHub would show.
      if (f.span.known() && f.span.unit == SourceSpan::Unit::kLine &&
          (f.span.file == file || f.span.file == SourceSpan::kNoFile)) {
        props.push_back("line=" + std::to_string(f.span.line));
        if (f.span.column > 0) props.push_back("col=" + std::to_string(f.span.column));
        bool end_after_start =
            f.span.end_line > f.span.line ||
            (f.span.end_line == f.span.line && f.span.end_column >= f.span.column);
        if (f.span.end_line > 0 && end_after_start) {
          props.push_back("endLine=" + std::to_string(f.span.end_line));
          if (f.span.end_column > 0 && f.span.column > 0) {
            props.push_back("endColumn=" + std::to_string(f.span.end_column));
          }
        }
      }
    }
    props.push_back("title=" + EscapeGithubProperty(f.rule_id));
    out += "::";
    out += Command(f.severity);
    out += ' ';
    for (size_t i = 0; i < props.size(); ++i) {
      if (i > 0) out += ',';
      out += props[i];
    }
    out += "::";
    out += EscapeGithubData(f.message.empty() ? f.rule_id : f.message);
    out += '\n';
    if (out.size() >= (size_t{1} << 16)) {
      stream << out;
      out.clear();
    }
    ++per_rule[f.rule_id][f.severity];
    ++per_severity[f.severity];
  }

  size_t files = bank.sources.size();
  if (findings.empty()) {
    out += "qbank: no findings in " + Count(files, "file", "files") + " (" +
           Count(ctx.rules.size(), "rule", "rules") + ")\n";
    stream << out;
    return;
  }
  out += "\nqbank: " + Count(findings.size(), "finding", "findings") + " (" +
         Count(per_severity[lint::Severity::kError], "error", "errors") + ", " +
         Count(per_severity[lint::Severity::kWarning], "warning", "warnings") + ", " +
         Count(per_severity[lint::Severity::kInfo], "notice", "notices") + ") in " +
         Count(files_with_findings.size(), "file", "files") + " of " + std::to_string(files) + "\n";
  for (const auto& [rule, counts] : per_rule) {
    size_t total = 0;
    for (const auto& [severity, n] : counts) total += n;
    out += "  " + rule + ": " + std::to_string(total) + "\n";
  }
  bool over = false;
  for (const auto& [severity, n] : per_severity) over = over || n > kGithubAnnotationsShown;
  if (over) {
    out += "GitHub shows at most " + std::to_string(kGithubAnnotationsShown) +
           " annotations of each kind per step: every finding is listed in this log above; upload "
           "`--format sarif` to code scanning to see them all on the pull request.\n";
  }
  stream << out;
}

std::string WriteGithubAnnotations(const ReportContext& ctx) {
  std::ostringstream out;
  WriteGithubAnnotations(ctx, out);
  return std::move(out).str();
}

}  // namespace qbank::report
