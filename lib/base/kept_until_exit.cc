// The switch and the list of values kept until the process ends.
#include "base/kept_until_exit.h"

#include <mutex>
#include <vector>

namespace qbank {
namespace {

bool keep_at_exit = false;

}  // namespace

void SetKeepAtExit(bool keep) { keep_at_exit = keep; }

bool KeepAtExit() { return keep_at_exit; }

void KeepReachable(std::shared_ptr<void> p) {
  // Never freed (a static vector would be destroyed at exit, freeing what it holds).
  static auto* mutex = new std::mutex;
  static auto* kept = new std::vector<std::shared_ptr<void>>;
  std::lock_guard<std::mutex> lock(*mutex);
  kept->push_back(std::move(p));
}

}  // namespace qbank
