#include "commands/progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <thread>

namespace qbank::commands {
namespace {

using std::chrono::milliseconds;

TEST(ProgressLineTest, RenderShowsTheStepAndCountsAndNeverWraps) {
  EXPECT_EQ(ProgressLine::Render("qbank lint: ", "reading the inputs", 1, 1, 0, 0, 80),
            "qbank lint: reading the inputs: 1 file, 1 question read");
  EXPECT_EQ(ProgressLine::Render("qbank lint: ", "checking questions", 57, 13962, 4224, 13962, 80),
            "qbank lint: checking questions: 57 files, 4,224 of 13,962 questions checked");
  // Cut to one column less than the terminal, so the cursor stays on the line.
  EXPECT_EQ(ProgressLine::Render("qbank lint: ", "rule near-duplicate", 2, 0, 10, 10, 24),
            "qbank lint: rule near-d");
}

TEST(ProgressLineTest, ShownAfterTheDelayThenErased) {
  std::ostringstream err;
  ProgressLine line(err, "qbank lint: ", milliseconds(0), milliseconds(50), 80);
  line.SetStep("reading the inputs");
  line.counts().files_read = 2;
  line.counts().questions_read = 5;
  line.Start();
  std::this_thread::sleep_for(milliseconds(300));
  line.Stop();
  EXPECT_EQ(err.str(),
            "\rqbank lint: reading the inputs: 2 files, 5 questions read\x1b[K"
            "\r\x1b[K");
  line.Stop();  // again: nothing more
  EXPECT_EQ(line.draws(), 1u);
}

TEST(ProgressLineTest, AShortRunShowsNothing) {
  std::ostringstream err;
  ProgressLine line(err, "qbank lint: ", milliseconds(1000), milliseconds(100), 80);
  line.SetStep("reading the inputs");
  line.Start();
  line.Stop();
  EXPECT_EQ(err.str(), "");
}

TEST(ProgressLineTest, RedrawnAtMostOncePerInterval) {
  std::ostringstream err;
  ProgressLine line(err, "p: ", milliseconds(0), milliseconds(100), 80);
  line.SetStep("checking questions");
  line.counts().questions_total = 1000000;
  line.Start();
  auto start = std::chrono::steady_clock::now();
  // The count changes every millisecond; the line may change only every 100 ms.
  for (size_t i = 0; i < 600; ++i) {
    line.counts().questions_checked = i;
    std::this_thread::sleep_for(milliseconds(1));
  }
  line.Stop();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(line.draws(), 2u);
  EXPECT_LE(line.draws(), static_cast<size_t>(seconds * 10) + 2) << seconds << " s";
}

TEST(ProgressLineTest, InterruptWritesWithTheLineErased) {
  std::ostringstream err;
  ProgressLine line(err, "p: ", milliseconds(0), milliseconds(20), 80);
  line.SetStep("s");
  line.Start();
  std::this_thread::sleep_for(milliseconds(100));
  line.Interrupt([&] { err << "note\n"; });
  std::this_thread::sleep_for(milliseconds(100));
  line.Stop();
  std::string text = err.str();
  size_t note = text.find("note\n");
  ASSERT_NE(note, std::string::npos);
  EXPECT_EQ(text.substr(0, note), "\rp: s: 0 files, 0 questions read\x1b[K\r\x1b[K");
  // Redrawn after the note, then erased.
  EXPECT_EQ(text.substr(note + 5), "\rp: s: 0 files, 0 questions read\x1b[K\r\x1b[K");
}

TEST(ProgressLineTest, WantedOnATerminalUnlessQuietNoColorOrDumb) {
  const char* term = std::getenv("TERM");
  std::string saved_term = term != nullptr ? term : "";
  std::ostringstream err;
  ::unsetenv("NO_COLOR");
  ::setenv("TERM", "xterm", 1);
  EXPECT_TRUE(WantProgress(false, true, err));
  EXPECT_FALSE(WantProgress(true, true, err));
  EXPECT_FALSE(WantProgress(false, false, err));
  EXPECT_FALSE(WantProgress(false, std::nullopt, err));  // a string stream is no terminal
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(WantProgress(false, true, err));
  ::setenv("NO_COLOR", "", 1);
  EXPECT_TRUE(WantProgress(false, true, err));
  ::unsetenv("NO_COLOR");
  ::setenv("TERM", "dumb", 1);
  EXPECT_FALSE(WantProgress(false, true, err));
  if (term != nullptr) {
    ::setenv("TERM", saved_term.c_str(), 1);
  } else {
    ::unsetenv("TERM");
  }
}

}  // namespace
}  // namespace qbank::commands
