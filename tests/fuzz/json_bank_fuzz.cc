// libFuzzer target for the JSON door and the bank file: any input must either be refused with a
// located message or read, and what is read must write, re-read and normalise to a fixed point.
// Build with clang and -DQBANK_FUZZ=ON (see tests/CMakeLists.txt); run, for example:
//   build-fuzz/tests/json_bank_fuzz -dict=tests/fuzz/json_bank.dict -max_len=4096 CORPUS_DIR
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "json/document.h"
#include "model/normalize.h"

namespace {

void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s: %s\n", what, detail.c_str());
  std::abort();
}

qbank::Status ReadInto(const std::string& path, std::string text, qbank::model::Bank& bank) {
  auto src = std::make_shared<const qbank::SourceText>(path, std::move(text));
  uint32_t file = bank.AddSource(src);
  return qbank::json::ReadBank(*src, file, bank);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);

  qbank::Result<qbank::json::Node> node = qbank::json::Parse(qbank::SourceText("f.json", text));
  if (node.ok()) {
    std::string written = qbank::json::WriteValue(node->ToValue());
    if (!qbank::json::Parse(qbank::SourceText("w.json", written)).ok()) {
      Fail("WriteValue output does not parse", written);
    }
  } else if (node.status().ToString().rfind("f.json:", 0) != 0) {
    Fail("parse error without a location", node.status().ToString());
  }

  qbank::model::Bank bank;
  qbank::Status status = ReadInto("f.json", text, bank);
  if (!status.ok()) {
    if (status.ToString().rfind("f.json:", 0) != 0)
      Fail("error without a location", status.ToString());
    if (!bank.questions.empty()) Fail("failed read added questions", status.ToString());
    return 0;
  }
  std::string once = qbank::json::WriteBank(bank);
  qbank::model::Bank again;
  status = ReadInto("once.json", once, again);
  if (!status.ok()) Fail("written bank does not read back", status.ToString());
  if (qbank::json::WriteBank(again) != once) Fail("write is not stable", once);

  qbank::model::NormalizeBank(again);
  std::string normal = qbank::json::WriteBank(again);
  qbank::model::Bank third;
  status = ReadInto("normal.json", normal, third);
  if (!status.ok()) Fail("normalised bank does not read back", status.ToString());
  qbank::model::NormalizeBank(third);
  if (qbank::json::WriteBank(third) != normal) Fail("normalisation is not idempotent", normal);
  return 0;
}
