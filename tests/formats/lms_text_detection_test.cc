// Detection of the LMS text formats (blackboard, text2qti on .txt; brightspace on .csv): each of
// their fixtures is detected as its format, and no other fixture or sample is taken for one of
// them (what `qbank import samples/` read before they existed it still reads).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "formats/registry.h"

namespace qbank::formats {
namespace {

std::string Read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(LmsTextDetectionTest, EachFixtureIsItsFormatAndNoOtherFileIsOne) {
  namespace fs = std::filesystem;
  const std::set<std::string> mine = {"blackboard", "brightspace", "text2qti"};
  size_t checked = 0;
  for (const char* dir : {"tests/formats/testdata", "samples", "tests/cli/testdata"}) {
    fs::path root = fs::path(QBANK_SOURCE_DIR) / dir;
    if (!fs::is_directory(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      std::string ext = e.path().extension().string();
      if (ext != ".txt" && ext != ".csv" && ext != ".tsv") continue;
      std::string rel = fs::relative(e.path(), QBANK_SOURCE_DIR).string();
      const Format* f = Registry::Default().Detect(rel, Read(e.path()));
      std::string parent = e.path().parent_path().filename().string();
      if (mine.count(parent) != 0) {
        ASSERT_NE(f, nullptr) << rel;
        EXPECT_EQ(f->name(), parent) << rel;
      } else if (f != nullptr) {
        EXPECT_EQ(mine.count(std::string(f->name())), 0u) << rel << " read as " << f->name();
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 10u);
}

TEST(LmsTextDetectionTest, AnUnclaimedCsvStaysCsv) {
  const Format* f = Registry::Default().Detect("x.csv", "a,b,c\n1,2,3\n");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->name(), "csv");
  f = Registry::Default().Detect("x.csv", "//comment,,\nNewQuestion,MC,,\n");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->name(), "brightspace");
}

}  // namespace
}  // namespace qbank::formats
