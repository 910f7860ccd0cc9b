// libFuzzer target for QTI content packages and the zip reader. An input that starts with "PK" is
// a zip archive read as it is. Any other input lists the package's files: the text before the
// first line "@@ NAME" is imsmanifest.xml, each "@@ NAME" line starts the file NAME. That package
// is read twice, as a zip archive and as a folder, and both reads must agree (same refusal or the
// same bank), since a folder follows the zip reader's rules.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "zip/zip_archive.h"

namespace {

using namespace qbank;

struct Outcome {
  bool ok = false;
  std::string bank;
  std::vector<Diagnostic> errors;
};

Outcome Read(InMemoryFileSystem& fs, const std::string& input) {
  Outcome out;
  model::Bank bank;
  fuzz::Import(fs, {input}, "qti21", bank, out.errors);
  fuzz::CheckErrors(out.errors, input);
  out.ok = out.errors.empty();
  if (out.ok) {
    fuzz::CheckBankText(bank);
    out.bank = json::WriteBank(bank);
    if (!bank.questions.empty()) {
      fuzz::ExportAndReread(bank, *formats::Registry::Default().Find("qti21"), "again.zip");
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with("PK")) {
    InMemoryFileSystem fs;
    fs.Add("pkg.zip", std::string(input));
    Read(fs, "pkg.zip");
    return 0;
  }
  std::vector<zip::Entry> entries;
  entries.push_back({"imsmanifest.xml", ""});
  size_t pos = 0;
  while (pos <= input.size()) {
    size_t end = input.find('\n', pos);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = input.substr(pos, end - pos);
    if (line.starts_with("@@ ")) {
      entries.push_back({std::string(line.substr(3)), ""});
    } else {
      entries.back().data.append(line);
      if (end < input.size()) entries.back().data += '\n';
    }
    pos = end + 1;
  }
  // Names the zip writer refuses (unsafe, or twice) are left out of both copies.
  std::vector<zip::Entry> kept;
  for (zip::Entry& e : entries) {
    bool seen = false;
    for (const zip::Entry& k : kept) seen = seen || k.path == e.path;
    if (!seen && zip::IsSafeEntryName(e.path)) kept.push_back(std::move(e));
  }
  Result<std::string> archive = zip::Write(kept);
  if (!archive.ok()) fuzz::Fail("the zip writer refused safe entries", archive.status().ToString());
  InMemoryFileSystem zip_fs;
  zip_fs.Add("pkg.zip", *archive);
  Outcome from_zip = Read(zip_fs, "pkg.zip");
  InMemoryFileSystem folder_fs;
  for (const zip::Entry& e : kept) folder_fs.Add("pkg/" + e.path, e.data);
  Outcome from_folder = Read(folder_fs, "pkg");
  if (from_zip.ok != from_folder.ok) {
    std::string detail = from_zip.ok ? "zip read, folder refused: " : "folder read, zip refused: ";
    const auto& errors = from_zip.ok ? from_folder.errors : from_zip.errors;
    if (!errors.empty()) detail += errors[0].ToString();
    fuzz::Fail("a package read differently as a zip and as a folder", detail);
  }
  return 0;
}
