// A progress line for long runs on a terminal: `qbank lint` shows what it is doing on stderr
// (the step, files read, questions checked) once a run has taken a second, redraws it in place
// at most ten times a second, and erases it before anything else is written.
#ifndef QBANK_COMMANDS_PROGRESS_H_
#define QBANK_COMMANDS_PROGRESS_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace qbank::commands {

// Whether a run should show progress on `err`: not with `quiet`, not when NO_COLOR is set and
// not empty or TERM is "dumb" (the conventions the colour of the text report follows), and only
// when `err` is a terminal (`err_is_terminal` when given, else isatty(2) for std::cerr).
bool WantProgress(bool quiet, std::optional<bool> err_is_terminal, const std::ostream& err);

class ProgressLine {
 public:
  // What the line shows; written by the run (from any thread), read by the drawing thread.
  struct Counts {
    std::atomic<size_t> files_read{0};
    std::atomic<size_t> questions_read{0};
    std::atomic<size_t> questions_checked{0};
    std::atomic<size_t> questions_total{0};  // 0 until known
  };

  // Draws nothing until Start(). `delay`: how long a run goes before the line appears;
  // `interval`: the least time between two draws. `width`: the columns of the terminal (the
  // line is cut to width - 1 so it never wraps); 0 asks the terminal on stderr, else 80.
  ProgressLine(std::ostream& err, std::string prefix,
               std::chrono::milliseconds delay = std::chrono::milliseconds(1000),
               std::chrono::milliseconds interval = std::chrono::milliseconds(100),
               size_t width = 0);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  Counts& counts() { return counts_; }
  // Starts the drawing thread.
  void Start();
  // The step now under way ("reading the inputs", "rule near-duplicate").
  void SetStep(std::string_view step);
  // Runs `write` (which writes to the same stream) with the line erased, so the two never mix.
  void Interrupt(const std::function<void()>& write);
  // Stops the thread and erases the line if it was drawn. Idempotent.
  void Stop();
  // How many times the line was drawn (for tests of the rate).
  size_t draws() const { return draws_; }

  // The text of the line for these values, at most `width` - 1 columns.
  static std::string Render(std::string_view prefix, std::string_view step, size_t files_read,
                            size_t questions_read, size_t questions_checked, size_t questions_total,
                            size_t width);

 private:
  void Run();
  void DrawLocked();
  void EraseLocked();

  std::ostream& err_;
  std::string prefix_;
  std::chrono::milliseconds delay_;
  std::chrono::milliseconds interval_;
  size_t width_;
  Counts counts_;
  std::mutex mutex_;  // guards everything below and writes to err_
  std::condition_variable wake_;
  std::string step_;
  bool stopping_ = false;
  bool drawn_ = false;  // the line is on the screen
  std::string last_;    // the text last drawn
  size_t draws_ = 0;
  std::thread thread_;
};

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PROGRESS_H_
