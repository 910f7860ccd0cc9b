// Asks git which files changed (through RunProcess, never a shell) and filters findings to them.
#include "commands/changed_files.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>
#include <system_error>

#include "commands/process.h"
#include "formats/import.h"

namespace qbank::commands {
using lint::Finding;
using lint::RelatedLocation;

namespace {

std::string Describe(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) {
    if (!out.empty()) out += ' ';
    out += a;
  }
  return out;
}

// The first line of `text`, for error messages.
std::string FirstLine(std::string_view text) {
  size_t eol = text.find('\n');
  return std::string(text.substr(0, eol));
}

// Splits git's -z output (NUL-terminated names).
std::vector<std::string> SplitNul(std::string_view text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\0', pos);
    if (end == std::string_view::npos) end = text.size();
    if (end > pos) out.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

std::string Canonical(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(path), ec);
  if (ec) {
    p = fs::absolute(fs::path(path), ec);
    if (ec) p = fs::path(path);
  }
  return p.lexically_normal().generic_string();
}

}  // namespace

Result<std::string> GitTopLevel(const std::string& dir) {
  Result<ProcessOutput> run = RunProcess({"git", "-C", dir, "rev-parse", "--show-toplevel"});
  if (!run.ok()) return run.status();
  if (run->exit_code != 0) {
    return Status::NotFound(dir + ": not inside a git work tree (git rev-parse --show-toplevel: " +
                            FirstLine(run->err) + ")");
  }
  std::string top = run->out;
  while (!top.empty() && (top.back() == '\n' || top.back() == '\r')) top.pop_back();
  return top;
}

Result<std::vector<std::string>> ChangedFilesSince(const std::string& ref, const std::string& dir) {
  auto unknown = [&ref](std::string_view why) {
    return Status::NotFound("--changed-since: unknown git ref '" + ref + "'" + std::string(why));
  };
  if (ref.empty() || ref.front() == '-') return unknown(" (a ref cannot start with '-')");
  Result<std::string> top = GitTopLevel(dir);
  if (!top.ok()) return top.status();

  std::vector<std::string> verify = {
      "git", "-C", *top, "rev-parse", "--verify", "--quiet", ref + "^{commit}"};
  Result<ProcessOutput> checked = RunProcess(verify);
  if (!checked.ok()) return checked.status();
  if (checked->exit_code != 0) {
    return unknown(" in " + *top + " (expected a branch, tag or commit; is the history fetched?)");
  }

  std::set<std::string> names;
  const std::vector<std::vector<std::string>> commands = {
      {"git", "-C", *top, "diff", "--name-only", "-z", "--no-renames", ref, "--"},
      {"git", "-C", *top, "ls-files", "--others", "--exclude-standard", "-z"},
  };
  for (const std::vector<std::string>& command : commands) {
    Result<ProcessOutput> run = RunProcess(command);
    if (!run.ok()) return run.status();
    if (run->exit_code != 0) {
      return Status::IoError(Describe(command) + ": " + FirstLine(run->err));
    }
    for (std::string& name : SplitNul(run->out)) names.insert(std::move(name));
  }
  std::vector<std::string> out;
  out.reserve(names.size());
  for (const std::string& name : names) {
    out.push_back((std::filesystem::path(*top) / name).lexically_normal().generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<bool> ChangedSources(const model::Bank& bank,
                                 const std::vector<std::string>& changed_paths) {
  std::set<std::string, std::less<>> changed;
  for (const std::string& p : changed_paths) changed.insert(Canonical(p));
  std::vector<bool> out(bank.sources.size(), false);
  for (size_t i = 0; i < bank.sources.size(); ++i) {
    if (bank.sources[i] == nullptr) continue;
    const std::string& path = bank.sources[i]->path();
    if (path.empty() || path == formats::kStdinSourceName) continue;
    out[i] = changed.contains(Canonical(path));
  }
  return out;
}

std::vector<Finding> KeepChangedFindings(const model::Bank& bank, std::vector<Finding> findings,
                                         const std::vector<bool>& changed) {
  auto is_changed = [&changed](uint32_t file) {
    return file != SourceSpan::kNoFile && file < changed.size() && changed[file];
  };
  std::vector<Finding> kept;
  for (Finding& f : findings) {
    uint32_t file = f.span.file;
    if (file == SourceSpan::kNoFile && f.question_index < bank.questions.size()) {
      const model::Question& q = bank.questions[f.question_index];
      file = q.span.file != SourceSpan::kNoFile ? q.span.file : q.stem.span.file;
    }
    bool keep = is_changed(file);
    for (const RelatedLocation& r : f.related) keep = keep || is_changed(r.span.file);
    if (keep) kept.push_back(std::move(f));
  }
  return kept;
}

}  // namespace qbank::commands
