// Golden command-line tests: each folder under tests/cli/golden/ holds `cmd` (one shell line run
// from the repository root, where `qbank` names the built binary), `rc` (the expected exit code),
// `stdout` and optionally `stderr` (expected output, compared byte for byte). Set
// QBANK_UPDATE_GOLDEN=1 to rewrite the expected files from the actual output.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteAll(const fs::path& p, const std::string& s) {
  std::ofstream out(p, std::ios::binary);
  out << s;
}

std::vector<std::string> Cases() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(QBANK_SOURCE_DIR) / "tests/cli/golden")) {
    if (e.is_directory()) names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class GoldenTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenTest, MatchesExpectedOutput) {
  fs::path dir = fs::path(QBANK_SOURCE_DIR) / "tests/cli/golden" / GetParam();
  std::string cmd = ReadAll(dir / "cmd");
  while (!cmd.empty() && (cmd.back() == '\n' || cmd.back() == '\r')) cmd.pop_back();
  if (cmd.find("$SEEDS") != std::string::npos && !fs::exists(QBANK_SEEDS_DIR)) {
    GTEST_SKIP() << "seed pages not found at " << QBANK_SEEDS_DIR << "; skipping " << GetParam();
  }
  fs::path tmp =
      fs::temp_directory_path() / ("qbank_golden_" + std::to_string(::getpid()) + "_" + GetParam());
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  std::string script = "cd '" + std::string(QBANK_SOURCE_DIR) + "' && export NO_COLOR=1 TMP='" +
                       tmp.string() + "' SEEDS='" + QBANK_SEEDS_DIR + "' && qbank() { '" +
                       QBANK_BINARY + "' \"$@\"; } && " + cmd;
  std::string full = "bash -c \"$QBANK_GOLDEN_SCRIPT\" >'" + (tmp / "out").string() + "' 2>'" +
                     (tmp / "err").string() + "' </dev/null";
  ::setenv("QBANK_GOLDEN_SCRIPT", script.c_str(), 1);
  int status = std::system(full.c_str());
  int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::string out = ReadAll(tmp / "out");
  std::string err = ReadAll(tmp / "err");
  // Paths under the temporary folder vary from run to run.
  for (std::string* s : {&out, &err}) {
    size_t p;
    while ((p = s->find(tmp.string())) != std::string::npos) {
      s->replace(p, tmp.string().size(), "$TMP");
    }
  }
  if (std::getenv("QBANK_UPDATE_GOLDEN") != nullptr) {
    WriteAll(dir / "rc", std::to_string(rc) + "\n");
    WriteAll(dir / "stdout", out);
    WriteAll(dir / "stderr", err);
  } else {
    EXPECT_EQ(std::to_string(rc) + "\n", ReadAll(dir / "rc")) << "stderr:\n" << err;
    EXPECT_EQ(out, ReadAll(dir / "stdout"));
    if (fs::exists(dir / "stderr")) {
      EXPECT_EQ(err, ReadAll(dir / "stderr"));
    }
  }
  fs::remove_all(tmp);
}

INSTANTIATE_TEST_SUITE_P(Cli, GoldenTest, ::testing::ValuesIn(Cases()), [](const auto& info) {
  std::string n = info.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
});

}  // namespace
