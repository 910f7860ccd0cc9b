// Shared helpers for the converter tests (aiken, gift, md): import a string or a fixture through a
// format, export a bank, read fixtures from tests/formats/testdata.
#ifndef QBANK_TESTS_FORMATS_CONV1_TEST_SUPPORT_H_
#define QBANK_TESTS_FORMATS_CONV1_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_text.h"
#include "formats/format.h"
#include "model/bank.h"

namespace qbank::testing {

// The content of tests/formats/testdata/<name>; fails the test when missing.
inline std::string ReadTestdata(const std::string& name) {
  std::string path = std::string(QBANK_SOURCE_DIR) + "/tests/formats/testdata/" + name;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "missing fixture " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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

struct Imported {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  Status status;

  // Every error as "path:line:col: error: message", one per line.
  std::string ErrorText() const {
    std::string out;
    for (const Diagnostic& d : errors) out += d.ToString() + "\n";
    return out;
  }
};

// Imports `content` (as file `path`) with `format` into a fresh bank.
inline Imported ImportText(const formats::Format& format, const std::string& path,
                           std::string content, const std::string& encoding = "") {
  Imported result;
  auto source = std::make_shared<const SourceText>(path, std::move(content));
  formats::ImportContext ctx;
  ctx.bank = &result.bank;
  ctx.file = result.bank.AddSource(source);
  ctx.errors = &result.errors;
  ctx.encoding = encoding;
  result.status = format.Import(*source, ctx);
  return result;
}

// Exports `bank` with `format`; the loss report goes to `loss`. Fails the test on an error.
inline std::string ExportText(const formats::Format& format, const model::Bank& bank,
                              formats::LossReport& loss) {
  Result<std::string> out = format.Export(bank, formats::ExportOptions{}, loss);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? *out : std::string();
}

}  // namespace qbank::testing

#endif  // QBANK_TESTS_FORMATS_CONV1_TEST_SUPPORT_H_
