// libFuzzer target for one format's reader, chosen at build time (QBANK_FUZZ_FORMAT, the file name
// QBANK_FUZZ_PATH): the input is one file, detected as every file is (fuzz::CheckDetection) and
// read through the import pipeline; a first line of reader options (fuzz::TakeReaderOptions) sets
// what the command line would. Its errors name the file; what it reads is a bank of text that
// exports to the same format and reads back (tests/fuzz/CMakeLists.txt builds one target per
// reader; docs/reliability.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace qbank;
  const std::string path = QBANK_FUZZ_PATH;
  formats::ImportOptions options;
  options.from = QBANK_FUZZ_FORMAT;
  std::string_view file =
      fuzz::TakeReaderOptions(std::string_view(reinterpret_cast<const char*>(data), size), options);
  const formats::Format* format = formats::Registry::Default().Find(QBANK_FUZZ_FORMAT);
  fuzz::CheckDetection(*format, path, file);
  InMemoryFileSystem fs;
  fs.Add(path, std::string(file));
  model::Bank bank;
  std::vector<Diagnostic> errors;
  fuzz::Import(fs, {path}, options, bank, errors);
  fuzz::CheckErrors(errors, path);
  // Errors that leave the rest of the file readable (one bad question of many) keep the others.
  fuzz::CheckBankText(bank);
  if (bank.questions.empty()) return 0;
  if (!format->can_export()) return 0;  // an import-only format (dump)
  fuzz::ExportAndReread(bank, *format, "out/" + path);
  return 0;
}
