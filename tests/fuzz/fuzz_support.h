// What every qbank fuzz target checks after reading an input: a refusal names its file (and
// place), a read bank holds only text (valid UTF-8, no control characters), and every exporter
// writes bytes its own reader takes back. Header-only: each target is one translation unit.
#ifndef QBANK_TESTS_FUZZ_FUZZ_SUPPORT_H_
#define QBANK_TESTS_FUZZ_FUZZ_SUPPORT_H_

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/file_system.h"
#include "base/source_text.h"
#include "formats/format.h"
#include "formats/import.h"
#include "formats/import_checks.h"
#include "formats/registry.h"
#include "json/bank_writer.h"
#include "model/bank.h"
#include "text/unicode.h"

namespace qbank::fuzz {

[[noreturn]] inline void Fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "%s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Imports the files in `fs` named by `inputs` with `options` through the import pipeline.
inline void Import(InMemoryFileSystem& fs, const std::vector<std::string>& inputs,
                   const formats::ImportOptions& options, model::Bank& bank,
                   std::vector<Diagnostic>& errors) {
  Status status = formats::ImportInputs(inputs, options, fs, bank, errors);
  if (!status.ok()) Fail("usage error from the import pipeline", status.message());
}

// Imports the files in `fs` named by `inputs` as `format` through the import pipeline.
inline void Import(InMemoryFileSystem& fs, const std::vector<std::string>& inputs,
                   const std::string& format, model::Bank& bank, std::vector<Diagnostic>& errors) {
  formats::ImportOptions options;
  options.from = format;
  Import(fs, inputs, options, bank, errors);
}

// The reader options a user sets on the command line, which a bare file never sets: an input
// whose first line starts with kOptionsLine gives them, tab-separated, and the rest of the input
// is the file. `columns=MAPPING` (--columns), `keep-unknown`, `verbose`, `delimiter=C` and
// `encoding=NAME` (--encoding); other words are ignored. Returns the file; `options` gets the
// options (none for an input without the line).
inline constexpr std::string_view kOptionsLine = "#qbank-fuzz-options\t";
inline std::string_view TakeReaderOptions(std::string_view input, formats::ImportOptions& options) {
  if (!input.starts_with(kOptionsLine)) return input;
  size_t end = input.find('\n');
  std::string_view line = input.substr(kOptionsLine.size(), end - kOptionsLine.size());
  std::string_view file = end == std::string_view::npos ? "" : input.substr(end + 1);
  while (!line.empty()) {
    size_t tab = line.find('\t');
    std::string_view word = line.substr(0, tab);
    line = tab == std::string_view::npos ? "" : line.substr(tab + 1);
    if (word.starts_with("columns=")) options.sheet.columns = word.substr(8);
    if (word.starts_with("encoding=")) options.encoding = word.substr(9);
    if (word.starts_with("delimiter=") && word.size() == 11) options.sheet.delimiter = word[10];
    if (word == "keep-unknown") options.sheet.keep_unknown = true;
    if (word == "verbose") options.sheet.verbose = true;
  }
  return file;
}

// What runs on a file besides its reader: detection by name and content (each sniffer that
// claims the name reads the bytes) and the own format's sniffer, which run on every file given
// without --from, and the check `qbank fmt` makes before it writes (content the reader would not
// keep). A score is 0 to 100; a place of unkept content lies in the file.
inline void CheckDetection(const formats::Format& format, const std::string& path,
                           std::string_view content) {
  const formats::Registry& registry = formats::Registry::Default();
  registry.Detect(path, content);
  int score = format.Sniff(path, content);
  if (score < 0 || score > 100) Fail("a sniffer's score out of 0 to 100", std::to_string(score));
  format.ClaimsDespiteExtension(path, content);
  SourceText source(path, std::string(content));
  for (const formats::UnkeptContent& u : format.Unkept(source)) {
    if (u.offset > content.size()) Fail("unkept content past the end of the file", u.what);
  }
}

// Every refusal names the input it is about.
inline void CheckErrors(const std::vector<Diagnostic>& errors, std::string_view path) {
  for (const Diagnostic& d : errors) {
    if (d.path.empty() || d.message.empty())
      Fail("an error without a path or message", d.ToString());
    if (d.ToString().rfind(path, 0) != 0)
      Fail("an error that does not name the input", d.ToString());
  }
}

inline void CheckString(std::string_view s, const char* what) {
  if (!text::IsValidUtf8(s)) Fail("invalid UTF-8 in a read bank", what);
  if (formats::FindControlCharacter(s) != std::string_view::npos) {
    Fail("a control character in a read bank", what);
  }
}

// The bank holds only text: the JSON writer's output (every field) is valid UTF-8 without controls
// other than the escapes it writes for them.
inline void CheckBankText(const model::Bank& bank) {
  for (const model::Question& q : bank.questions) {
    CheckString(q.stem.value, "stem");
    CheckString(q.explanation.value, "explanation");
    for (const model::Option& o : q.options) {
      CheckString(o.text.value, "option");
      CheckString(o.rationale->value, "rationale");
    }
  }
  std::string json = json::WriteBank(bank);
  CheckString(json, "the bank as JSON");
}

// Exports `bank` to `format` through the checked door (which refuses invalid UTF-8) and reads the
// result back as that format: an export qbank cannot read again is a bug. Returns the export
// (empty when the format refused the bank as a whole, e.g. a qti item of two questions).
inline std::string ExportAndReread(const model::Bank& bank, const formats::Format& format,
                                   const std::string& path, model::Bank* reread = nullptr) {
  formats::ExportOptions options;
  options.output_path = path;
  formats::LossReport loss;
  Result<std::string> bytes = formats::ExportBank(format, bank, options, loss);
  if (!bytes.ok()) {
    if (bytes.status().ToString().find("internal error") != std::string::npos) {
      Fail("an exporter wrote invalid UTF-8", bytes.status().ToString());
    }
    return {};
  }
  InMemoryFileSystem fs;
  fs.Add(path, *bytes);
  model::Bank again;
  std::vector<Diagnostic> errors;
  Import(fs, {path}, std::string(format.name()), again, errors);
  if (!errors.empty()) {
    std::string all = std::string(format.name()) + " export:\n" + *bytes + "\nread back:\n";
    for (const Diagnostic& d : errors) all += d.ToString() + "\n";
    Fail("an export does not read back", all);
  }
  CheckBankText(again);
  if (reread != nullptr) *reread = std::move(again);
  return std::move(bytes).value();
}

}  // namespace qbank::fuzz

#endif  // QBANK_TESTS_FUZZ_FUZZ_SUPPORT_H_
