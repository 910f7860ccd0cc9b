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
#include "formats/format.h"
#include "formats/json_format.h"
#include "model/bank.h"

namespace qbank::xml_formats_testing {

inline std::string TestdataPath(const std::string& name) {
  return std::string(QBANK_SOURCE_DIR) + "/tests/formats/testdata/" + name;
}

// The bytes of tests/formats/testdata/<name>; fails the test when missing.
inline std::string ReadTestdata(const std::string& name) {
  std::ifstream in(TestdataPath(name), std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing fixture " << TestdataPath(name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Imported {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  Status status;

  std::string ErrorText() const {
    std::string out;
    for (const Diagnostic& d : errors) out += d.ToString() + "\n";
    return out;
  }
};

// Imports `content` (as file `path`) with `format` into a fresh bank; `fs` serves packages.
inline Imported ImportText(const formats::Format& format, const std::string& path,
                           std::string content, FileSystem* fs = nullptr) {
  Imported result;
  auto source = std::make_shared<const SourceText>(path, std::move(content));
  formats::ImportContext ctx;
  ctx.bank = &result.bank;
  ctx.file = result.bank.AddSource(source);
  ctx.errors = &result.errors;
  ctx.fs = fs;
  result.status = format.Import(*source, ctx);
  return result;
}

// Exports `bank` with `format` to `output_path`; fails the test on an error.
inline std::string ExportText(const formats::Format& format, const model::Bank& bank,
                              formats::LossReport& loss, const std::string& output_path = "") {
  formats::ExportOptions options;
  options.output_path = output_path;
  Result<std::string> out = format.Export(bank, options, loss);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? *out : std::string();
}

// The bank as the normalised JSON bank file: two banks are the same to the user when this is.
inline std::string JsonOf(const model::Bank& bank) {
  formats::LossReport loss;
  Result<std::string> out = formats::JsonFormat().Export(bank, formats::ExportOptions{}, loss);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? *out : std::string();
}

// Writes `content` to <tmp>/qbank-conv2-golden/<name> when a golden comparison fails, so the new
// output can be inspected (and copied over the golden file when the change is intended).
inline void SaveActual(const std::string& name, const std::string& content) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "qbank-conv2-golden";
  std::filesystem::create_directories(dir);
  std::filesystem::path file = dir / std::filesystem::path(name).filename();
  std::ofstream(file, std::ios::binary) << content;
  ADD_FAILURE() << "output differs from the golden file; saved to " << file.string();
}

}  // namespace qbank::xml_formats_testing

#endif  // QBANK_TESTS_FORMATS_XML_FORMATS_TEST_SUPPORT_H_
