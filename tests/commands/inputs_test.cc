// The one input check: every command refuses an empty input list with the same words and exit 2.
#include "commands/inputs.h"

#include <gtest/gtest.h>

#include <sstream>

#include "commands/convert.h"
#include "commands/exit_code.h"
#include "commands/fmt.h"
#include "commands/index.h"
#include "commands/lint.h"

namespace qbank::commands {
namespace {

TEST(RequireInputsTest, RefusesAnEmptyList) {
  EXPECT_TRUE(RequireInputs({"bank.json"}).ok());
  Status none = RequireInputs({});
  EXPECT_FALSE(none.ok());
  EXPECT_EQ(none.ToString(), "no input given");
}

TEST(RequireInputsTest, EveryCommandSaysItTheSameWay) {
  InMemoryFileSystem fs;
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunConvert(ConvertOptions{}, fs, in, out, err), kExitError);
  EXPECT_EQ(err.str(), "qbank: no input given\n");
  err.str("");
  EXPECT_EQ(RunFmt(FmtOptions{}, fs, out, err), kExitError);
  EXPECT_EQ(err.str(), "qbank fmt: no input given\n");
  err.str("");
  IndexBuildOptions index;
  index.output = "refs.qidx";
  EXPECT_EQ(RunIndexBuild(index, fs, out, err), kExitError);
  EXPECT_EQ(err.str(), "qbank index build: no input given\n");
  err.str("");
  LintOptions lint;
  lint.fs = &fs;
  lint.data_dir = "/data";
  EXPECT_EQ(RunLint(lint, out, err), kExitError);
  EXPECT_EQ(err.str(), "qbank lint: no input given\n");
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace qbank::commands
