// Report selection for lint runs, over report/'s writers.
#include "commands/lint_report.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "base/suggest.h"
#include "commands/changed_files.h"
#include "report/ci_report.h"

namespace qbank::commands {

std::vector<std::string> ReportFormats() {
  std::vector<std::string> names;
  for (std::string_view n : report::ReportFormatNames()) names.emplace_back(n);
  for (std::string_view n : report::CiReportFormatNames()) names.emplace_back(n);
  return names;
}

Result<ReportChoice> ChooseReport(const std::string& name) {
  ReportChoice choice;
  choice.format = name;
  choice.writer = report::FindReportWriter(name);
  std::vector<std::string_view> ci_formats = report::CiReportFormatNames();
  choice.ci = std::find(ci_formats.begin(), ci_formats.end(), name) != ci_formats.end();
  if (choice.writer != nullptr || choice.ci) return choice;
  std::string names;
  std::vector<std::string> known = ReportFormats();
  for (const std::string& n : known) names += (names.empty() ? "" : ", ") + n;
  return Status::Usage("unknown --format '" + name + "'; expected one of " + names +
                       DidYouMean(name, known));
}

void RenderReport(const ReportChoice& choice, const report::ReportInput& input,
                  const ReportRendering& rendering, std::ostream& out) {
  if (choice.ci) {
    report::ReportContext ctx =
        report::MakeReportContext(input, rendering.fs != nullptr ? *rendering.fs : RealFileSystem(),
                                  rendering.data_dir, RepoRootFor(rendering.repo_root));
    report::WriteCiReport(choice.format, ctx, rendering.fail_on, out);
    return;
  }
  report::ReportOptions options;
  options.color = rendering.color;
  options.preview_dir = rendering.preview_dir;
  choice.writer(input, options, out);
}

std::string RepoRootFor(const std::string& repo_root) {
  if (!repo_root.empty()) return repo_root;
  if (Result<std::string> top = GitTopLevel("."); top.ok()) return *top;
  std::error_code ec;
  return std::filesystem::current_path(ec).generic_string();
}

}  // namespace qbank::commands
