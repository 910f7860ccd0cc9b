// Picks the CI writer by name and fills its context from a lint run.
#include "report/ci_report.h"

#include <sstream>

#include "report/github_report.h"
#include "report/junit_report.h"
#include "report/sarif_report.h"

namespace qbank::report {

std::vector<std::string_view> CiReportFormatNames() { return {"sarif", "github", "junit"}; }

bool WriteCiReport(std::string_view name, const ReportContext& ctx,
                   std::optional<lint::Severity> fail_on, std::ostream& out) {
  if (name == "sarif") {
    WriteSarif(ctx, out);
  } else if (name == "github") {
    WriteGithubAnnotations(ctx, out);
  } else if (name == "junit") {
    // With no failing severity nothing fails: a level above every finding's.
    auto above_all = static_cast<lint::Severity>(static_cast<int>(lint::Severity::kError) + 1);
    WriteJunit(ctx, fail_on.value_or(above_all), out);
  } else {
    return false;
  }
  return true;
}

std::optional<std::string> WriteCiReport(std::string_view name, const ReportContext& ctx,
                                         std::optional<lint::Severity> fail_on) {
  std::ostringstream out;
  if (!WriteCiReport(name, ctx, fail_on, out)) return std::nullopt;
  return std::move(out).str();
}

ReportContext MakeReportContext(const ReportInput& input, const FileSystem& fs,
                                const std::string& data_dir, const std::string& repo_root) {
  ReportContext ctx;
  ctx.bank = input.bank;
  ctx.findings = input.findings;
  std::vector<std::string> ids;
  for (const lint::Rule* rule : input.rules) {
    if (rule != nullptr) ids.emplace_back(rule->id());
  }
  ctx.rules = DescribeRules(lint::RuleRegistry::Default(), ids, fs,
                            data_dir.empty() ? std::string() : data_dir + "/rules");
  ctx.tool_version = std::string(LibraryVersion());
  ctx.repo_root = repo_root;
  return ctx;
}

}  // namespace qbank::report
