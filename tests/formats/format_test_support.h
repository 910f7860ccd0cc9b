// Helpers every format test needs: read a fixture from tests/formats/testdata, import a string
// or a fixture through one format into a fresh bank, export a bank through one format, and a
// file written at test time by a python3 script (as another program saves it).
#ifndef QBANK_TESTS_FORMATS_FORMAT_TEST_SUPPORT_H_
#define QBANK_TESTS_FORMATS_FORMAT_TEST_SUPPORT_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/file_system.h"
#include "base/source_text.h"
#include "formats/format.h"
#include "model/bank.h"

namespace qbank::format_testing {

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
  std::vector<Diagnostic> warnings;
  Status status;

  // Every error as "path:line:col: error: message", one per line.
  std::string ErrorText() const {
    std::string out;
    for (const Diagnostic& d : errors) out += d.ToString() + "\n";
    return out;
  }
  // Every warning as "path:line:col: warning: message", one per line.
  std::string WarningText() const {
    std::string out;
    for (const Diagnostic& d : warnings) out += d.ToString() + "\n";
    return out;
  }
};

// Imports `content` (as file `path`) with `format` into a fresh bank, reading it in `encoding`
// ("" for UTF-8); `fs` serves formats that read more than one file (packages).
inline Imported ImportText(const formats::Format& format, const std::string& path,
                           std::string content, const std::string& encoding = "",
                           FileSystem* fs = nullptr) {
  Imported result;
  auto source = std::make_shared<const SourceText>(path, std::move(content));
  formats::ImportContext ctx;
  ctx.bank = &result.bank;
  ctx.file = result.bank.AddSource(source);
  ctx.errors = &result.errors;
  ctx.warnings = &result.warnings;
  ctx.encoding = encoding;
  ctx.fs = fs;
  result.status = format.Import(*source, ctx);
  return result;
}

// The same, in UTF-8, with `fs` serving packages.
inline Imported ImportText(const formats::Format& format, const std::string& path,
                           std::string content, FileSystem* fs) {
  return ImportText(format, path, std::move(content), "", fs);
}

// Exports `bank` with `format` (to `output_path`, which some formats look at); the loss report
// goes to `loss`. Fails the test on an error.
inline std::string ExportText(const formats::Format& format, const model::Bank& bank,
                              formats::LossReport& loss, const std::string& output_path = "") {
  formats::ExportOptions options;
  options.output_path = output_path;
  Result<std::string> out = format.Export(bank, options, loss);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  return out.ok() ? *out : std::string();
}

// Imports fixture tests/formats/testdata/<name> with `format` (as a file named for the fixture's
// last part), expecting it read without an error.
inline Imported ImportFixture(const formats::Format& format, const std::string& name) {
  Imported r = ImportText(format, name.substr(name.rfind('/') + 1), ReadTestdata(name));
  EXPECT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  return r;
}

// The file a python3 `script` writes to the path it gets as its one argument (a file named
// `file_name` in a fresh temporary folder, removed afterwards); nullopt when python3 with its csv
// module is not installed (the caller skips the test). Fails the test when the script fails.
inline std::optional<std::string> WrittenByPython(const std::string& script,
                                                  const std::string& file_name) {
  if (std::system("python3 -c 'import csv' >/dev/null 2>&1") != 0) return std::nullopt;
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("qbank_py_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path script_path = dir / "write.py";
  fs::path out = dir / file_name;
  std::ofstream(script_path) << script;
  EXPECT_EQ(std::system(("python3 " + script_path.string() + " " + out.string()).c_str()), 0);
  std::ifstream in(out, std::ios::binary);
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove_all(dir);
  return content;
}

}  // namespace qbank::format_testing

#endif  // QBANK_TESTS_FORMATS_FORMAT_TEST_SUPPORT_H_
