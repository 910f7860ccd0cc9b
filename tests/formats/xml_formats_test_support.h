// Shared helpers for the tests of the XML formats (moodle-xml, qti21, qti30): import a string
// through a format, export a bank, read fixtures, compare banks through their JSON form.
#ifndef QBANK_TESTS_FORMATS_XML_FORMATS_TEST_SUPPORT_H_
#define QBANK_TESTS_FORMATS_XML_FORMATS_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_text.h"
#include "format_test_support.h"
#include "formats/format.h"
#include "formats/json/json_format.h"
#include "model/bank.h"

namespace qbank::xml_formats_testing {

using format_testing::ExportText;
using format_testing::Imported;
using format_testing::ImportText;
using format_testing::ReadTestdata;
using format_testing::TestdataPath;

// The bank as the normalised JSON bank file: two banks are the same to the user when this is.
inline std::string JsonOf(const model::Bank& bank) {
  formats::LossReport loss;
  Result<std::string> out = formats::JsonFormat().Export(bank, formats::ExportOptions{}, loss);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  return out.ok() ? *out : std::string();
}

// Writes `content` to <tmp>/qbank-xml-formats-golden/<name> when a golden comparison fails, so the
// new output can be inspected (and copied over the golden file when the change is intended).
inline void SaveActual(const std::string& name, const std::string& content) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "qbank-xml-formats-golden";
  std::filesystem::create_directories(dir);
  std::filesystem::path file = dir / std::filesystem::path(name).filename();
  std::ofstream(file, std::ios::binary) << content;
  ADD_FAILURE() << "output differs from the golden file; saved to " << file.string();
}

}  // namespace qbank::xml_formats_testing

#endif  // QBANK_TESTS_FORMATS_XML_FORMATS_TEST_SUPPORT_H_
