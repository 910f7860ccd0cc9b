// import/convert/export on inputs with malformed questions: nothing written by default (exit 2),
// the questions that were read with --keep-going (exit 1); warnings never stop a conversion.
#include "commands/convert.h"

#include <gtest/gtest.h>

#include <sstream>

#include "commands/exit_code.h"

namespace qbank::commands {
namespace {

constexpr const char* kOneBad =
    "Which is a prime? {=7 ~8 ~9}\n"
    "\n"
    "The sky is {1:MC:~=blue~green}.\n"
    "\n"
    "Water is wet. {T}\n";

struct Outcome {
  int rc = 0;
  std::string out;
  std::string err;
};

Outcome Convert(InMemoryFileSystem& fs, const ConvertOptions& options) {
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  Outcome run;
  run.rc = RunConvert(options, fs, in, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

ConvertOptions ToAiken(const std::string& input, bool keep_going) {
  ConvertOptions options;
  options.inputs = {input};
  options.to = "aiken";
  options.output = "out.txt";
  options.quiet = true;
  options.keep_going = keep_going;
  return options;
}

TEST(ConvertKeepGoingTest, ByDefaultAMalformedQuestionMeansNothingIsWritten) {
  InMemoryFileSystem fs;
  fs.Add("quiz.gift", kOneBad);
  Outcome run = Convert(fs, ToAiken("quiz.gift", false));
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_FALSE(fs.Exists("out.txt"));
  EXPECT_NE(run.err.find("quiz.gift:3:12: error: this is a Cloze gap"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("qbank: 1 input error; nothing written (--keep-going writes the 2 "
                         "questions that were read)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, KeepGoingWritesTheQuestionsThatWereReadAndExitsOne) {
  InMemoryFileSystem fs;
  fs.Add("quiz.gift", kOneBad);
  Outcome run = Convert(fs, ToAiken("quiz.gift", true));
  EXPECT_EQ(run.rc, kExitCheckFailed);
  Result<std::string> written = fs.ReadFile("out.txt");
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written,
            "Which is a prime?\nA) 7\nB) 8\nC) 9\nANSWER: A\n\n"
            "Water is wet.\nA) True\nB) False\nANSWER: A\n");
  EXPECT_NE(run.err.find("quiz.gift:3:12: error: this is a Cloze gap"), std::string::npos);
  EXPECT_NE(run.err.find("qbank: 1 input error; wrote the 2 questions that were read "
                         "(--keep-going)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, KeepGoingWithNothingReadWritesNothing) {
  InMemoryFileSystem fs;
  fs.Add("bad.gift", "Only a gap {1:SA:=x}\n");
  Outcome run = Convert(fs, ToAiken("bad.gift", true));
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_FALSE(fs.Exists("out.txt"));
  EXPECT_NE(run.err.find("qbank: 1 input error; nothing written (no question was read)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, WarningsArePrintedInPlaceOrderAndDoNotStopTheConversion) {
  InMemoryFileSystem fs;
  fs.Add("quirks.txt",
         "Pick the second.\nA) one\nC) two\nANSWER: B\n\nBroken\nANSWER: A\n\n"
         "Pick one.\nA) yes\nB) no\nANSWER: A\n");
  ConvertOptions options = ToAiken("quirks.txt", true);
  options.from = "aiken";
  Outcome run = Convert(fs, options);
  EXPECT_EQ(run.rc, kExitCheckFailed);
  size_t warning = run.err.find("quirks.txt:3:1: warning: option lettered C where B");
  size_t error = run.err.find("quirks.txt:7:1: error: expected options");
  ASSERT_NE(warning, std::string::npos) << run.err;
  ASSERT_NE(error, std::string::npos) << run.err;
  EXPECT_LT(warning, error);
  // Without the error, a warning alone is no failure.
  fs.Add("fine.txt", "Pick the second.\nA) one\nC) two\nANSWER: B\n");
  options.inputs = {"fine.txt"};
  options.keep_going = false;
  Outcome fine = Convert(fs, options);
  EXPECT_EQ(fine.rc, kExitOk);
  EXPECT_NE(fine.err.find("warning: option lettered C"), std::string::npos) << fine.err;
}

}  // namespace
}  // namespace qbank::commands
