// Large values a command builds and drops just before the process ends: freeing a bank of a
// million questions piece by piece costs a noticeable part of the run, which the operating system
// does at once when the process exits. The command-line tool turns on keeping them
// (SetKeepAtExit); library users and the tests free as usual.
#ifndef QBANK_BASE_KEPT_UNTIL_EXIT_H_
#define QBANK_BASE_KEPT_UNTIL_EXIT_H_

#include <memory>
#include <utility>

namespace qbank {

// Whether values dropped through KeptUntilExit stay allocated until the process ends. Off unless
// set; set once, at the start of main, before any thread starts.
void SetKeepAtExit(bool keep);
bool KeepAtExit();

// Keeps `p` reachable (from a list that is never freed) until the process ends: not freed, and
// not a leak to LeakSanitizer or valgrind.
void KeepReachable(std::shared_ptr<void> p);

// A T on the heap, deleted with its holder, unless KeepAtExit() then holds: then it is kept until
// the process ends (the command's last step has used it).
template <typename T>
class KeptUntilExit {
 public:
  KeptUntilExit() : value_(std::make_unique<T>()) {}
  ~KeptUntilExit() {
    if (KeepAtExit()) KeepReachable(std::shared_ptr<T>(std::move(value_)));
  }
  KeptUntilExit(const KeptUntilExit&) = delete;
  KeptUntilExit& operator=(const KeptUntilExit&) = delete;

  T& operator*() { return *value_; }
  T* operator->() { return value_.get(); }

 private:
  std::unique_ptr<T> value_;
};

}  // namespace qbank

#endif  // QBANK_BASE_KEPT_UNTIL_EXIT_H_
