// Asks git which files changed (through posix_spawn, never a shell) and filters findings to them.
#include "lint/changed_files.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <string_view>
#include <system_error>

extern char** environ;

namespace qbank::lint {
namespace {

// Closes a file descriptor when it goes out of scope.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { Close(); }
  int get() const { return fd_; }
  void Reset(int fd) {
    Close();
    fd_ = fd;
  }
  void Close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

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

Result<ProcessOutput> RunProcess(const std::vector<std::string>& argv) {
  if (argv.empty()) return Status::Usage("internal: RunProcess without a program");
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    return Status::IoError(argv[0] + ": cannot make a pipe: " + std::strerror(errno));
  }
  Fd out_read(out_pipe[0]);
  Fd out_write(out_pipe[1]);
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    return Status::IoError(argv[0] + ": cannot make a pipe: " + std::strerror(errno));
  }
  Fd err_read(err_pipe[0]);
  Fd err_write(err_pipe[1]);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_write.get(), 1);
  posix_spawn_file_actions_adddup2(&actions, err_write.get(), 2);

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  pid_t pid = 0;
  int rc = ::posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  out_write.Close();
  err_write.Close();
  if (rc != 0) {
    return Status::IoError(argv[0] + ": cannot run: " + std::strerror(rc));
  }

  ProcessOutput result;
  pollfd fds[2] = {{out_read.get(), POLLIN, 0}, {err_read.get(), POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_count = 2;
  char buf[65536];
  while (open_count > 0) {
    int n = ::poll(fds, 2, -1);
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
      if (got > 0) {
        sinks[i]->append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        fds[i].fd = -1;  // end of output (the Fd objects close the descriptors)
        --open_count;
      }
    }
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Status::IoError(argv[0] + ": lost the child process");
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

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
    if (path.empty() || path == "-") continue;
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

}  // namespace qbank::lint
