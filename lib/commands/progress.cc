// The progress line: a thread that wakes every interval and redraws the line when it changed.
#include "commands/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>

namespace qbank::commands {
namespace {

// "12,345".
std::string Grouped(size_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

size_t TerminalWidth() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

}  // namespace

bool WantProgress(bool quiet, std::optional<bool> err_is_terminal, const std::ostream& err) {
  if (quiet) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  if (err_is_terminal) return *err_is_terminal;
  return &err == &std::cerr && isatty(STDERR_FILENO) == 1;
}

ProgressLine::ProgressLine(std::ostream& err, std::string prefix, std::chrono::milliseconds delay,
                           std::chrono::milliseconds interval, size_t width)
    : err_(err),
      prefix_(std::move(prefix)),
      delay_(delay),
      interval_(interval),
      width_(width != 0 ? width : TerminalWidth()) {}

ProgressLine::~ProgressLine() { Stop(); }

void ProgressLine::Start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { Run(); });
}

void ProgressLine::SetStep(std::string_view step) {
  std::lock_guard<std::mutex> lock(mutex_);
  step_ = step;
}

void ProgressLine::Interrupt(const std::function<void()>& write) {
  std::lock_guard<std::mutex> lock(mutex_);
  EraseLocked();
  write();
  err_.flush();
}

void ProgressLine::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard<std::mutex> lock(mutex_);
  EraseLocked();
}

std::string ProgressLine::Render(std::string_view prefix, std::string_view step, size_t files_read,
                                 size_t questions_read, size_t questions_checked,
                                 size_t questions_total, size_t width) {
  std::string line(prefix);
  line += step;
  line += ": " + Grouped(files_read) + (files_read == 1 ? " file, " : " files, ");
  if (questions_total == 0) {
    line += Grouped(questions_read) + (questions_read == 1 ? " question read" : " questions read");
  } else {
    line += Grouped(questions_checked) + " of " + Grouped(questions_total) + " questions checked";
  }
  // Cut to width - 1 code points, so the line never wraps (a wrapped line cannot be redrawn).
  size_t limit = width > 1 ? width - 1 : 1;
  size_t columns = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (++columns > limit) {
      line.resize(i);
      break;
    }
  }
  return line;
}

void ProgressLine::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (wake_.wait_for(lock, delay_, [this] { return stopping_; })) return;
  while (!stopping_) {
    DrawLocked();
    wake_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

void ProgressLine::DrawLocked() {
  std::string text =
      Render(prefix_, step_, counts_.files_read.load(), counts_.questions_read.load(),
             counts_.questions_checked.load(), counts_.questions_total.load(), width_);
  if (drawn_ && text == last_) return;
  err_ << '\r' << text << "\x1b[K";
  err_.flush();
  last_ = std::move(text);
  drawn_ = true;
  ++draws_;
}

void ProgressLine::EraseLocked() {
  if (!drawn_) return;
  err_ << "\r\x1b[K";
  err_.flush();
  drawn_ = false;
  last_.clear();
}

}  // namespace qbank::commands
