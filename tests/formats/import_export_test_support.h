// Shared helpers for the converter tests (aiken, gift, md): import a string or a fixture through a
// format, export a bank, read fixtures from tests/formats/testdata.
#ifndef QBANK_TESTS_FORMATS_IMPORT_EXPORT_TEST_SUPPORT_H_
#define QBANK_TESTS_FORMATS_IMPORT_EXPORT_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_text.h"
#include "format_test_support.h"
#include "formats/format.h"
#include "model/bank.h"

namespace qbank::testing {

using format_testing::ExportText;
using format_testing::Imported;
using format_testing::ImportFixture;
using format_testing::ImportText;
using format_testing::ReadTestdata;
using format_testing::WrittenByPython;

// The first fenced block of docs/formats/<page> that opens with the line `fence` (e.g. "```text"),
// without its fence lines; fails the test when there is none.
inline std::string DocExample(const std::string& page, const std::string& fence) {
  std::string path = std::string(QBANK_SOURCE_DIR) + "/docs/formats/" + page;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing doc page " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  std::string doc = ss.str();
  size_t open = doc.find(fence + "\n");
  EXPECT_NE(open, std::string::npos) << "no " << fence << " block in " << path;
  if (open == std::string::npos) return "";
  size_t begin = open + fence.size() + 1;
  std::string closing = "\n" +
                        std::string(fence.find_first_not_of("`~") == std::string::npos
                                        ? fence.size()
                                        : fence.find_first_not_of("`~"),
                                    fence[0]) +
                        "\n";
  size_t end = doc.find(closing, begin - 1);
  EXPECT_NE(end, std::string::npos) << "unclosed " << fence << " block in " << path;
  return end == std::string::npos ? "" : doc.substr(begin, end + 1 - begin);
}

}  // namespace qbank::testing

#endif  // QBANK_TESTS_FORMATS_IMPORT_EXPORT_TEST_SUPPORT_H_
