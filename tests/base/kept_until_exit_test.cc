// KeptUntilExit: a value is freed with its holder unless the process keeps such values until it
// exits (the command-line tool), and then it is not freed at all.
#include "base/kept_until_exit.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

// Counts the live instances.
struct Counted {
  static int live;
  Counted() { ++live; }
  ~Counted() { --live; }
  Counted(const Counted&) = delete;
  Counted& operator=(const Counted&) = delete;
};
int Counted::live = 0;

TEST(KeptUntilExitTest, FreedWithItsHolderUnlessKeptAtExit) {
  ASSERT_FALSE(KeepAtExit());  // off unless the tool sets it
  {
    KeptUntilExit<Counted> held;
    EXPECT_EQ(Counted::live, 1);
  }
  EXPECT_EQ(Counted::live, 0);

  SetKeepAtExit(true);
  {
    KeptUntilExit<Counted> held;
    EXPECT_EQ(Counted::live, 1);
  }
  EXPECT_EQ(Counted::live, 1);  // kept, reachable from the list, until the process ends
  SetKeepAtExit(false);
  { KeptUntilExit<Counted> held; }
  EXPECT_EQ(Counted::live, 1);
}

}  // namespace
}  // namespace qbank
