// libFuzzer target for the round trip between formats. The first byte of the input chooses the
// format the rest is read as, the second the format it is written to. A bank that reads must
// (1) come back the same from the lossless json format: import -> json -> import -> json gives the
// same bytes; (2) reach a fixed point in the target format after one trip: what is lost is lost
// once, so export(import(export(bank))) == export(bank). The file goes through format detection
// first, as every file given without --from does (fuzz::CheckDetection).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"

namespace {

const char* const kFormats[] = {"aiken",       "csv",      "gift",  "json",  "md",
                                "moodle-xml",  "page",     "qti21", "qti12", "blackboard",
                                "brightspace", "text2qti", "xlsx",  "ods"};
const char* const kPaths[] = {"f.txt", "f.csv",      "f.gift", "f.json", "f.md",
                              "f.xml", "f.txt",      "f.zip",  "f.qti",  "f.txt",
                              "f.csv", "f.text2qti", "f.xlsx", "f.ods"};
constexpr size_t kCount = sizeof kFormats / sizeof kFormats[0];

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace qbank;
  if (size < 2) return 0;
  size_t from = data[0] % kCount;
  size_t to = data[1] % kCount;
  InMemoryFileSystem fs;
  std::string path = kPaths[from];
  std::string_view content(reinterpret_cast<const char*>(data + 2), size - 2);
  fuzz::CheckDetection(*formats::Registry::Default().Find(kFormats[from]), path, content);
  fs.Add(path, std::string(content));
  model::Bank bank;
  std::vector<Diagnostic> errors;
  fuzz::Import(fs, {path}, kFormats[from], bank, errors);
  fuzz::CheckErrors(errors, path);
  if (!errors.empty() || bank.questions.empty()) return 0;
  fuzz::CheckBankText(bank);

  const formats::Registry& registry = formats::Registry::Default();
  model::Bank from_json;
  std::string json = fuzz::ExportAndReread(bank, *registry.Find("json"), "out.json", &from_json);
  model::Bank unused;
  std::string json_again =
      fuzz::ExportAndReread(from_json, *registry.Find("json"), "out.json", &unused);
  if (json != json_again)
    fuzz::Fail("import -> json -> import changed the bank", json + "\n----\n" + json_again);

  const formats::Format& target = *registry.Find(kFormats[to]);
  model::Bank once;
  std::string first = fuzz::ExportAndReread(bank, target, std::string("out/") + kPaths[to], &once);
  if (first.empty() || once.questions.empty()) return 0;
  model::Bank twice;
  std::string second =
      fuzz::ExportAndReread(once, target, std::string("out/") + kPaths[to], &twice);
  if (first != second) {
    fuzz::Fail("a second trip through the format changed the export", first + "\n----\n" + second);
  }
  return 0;
}
