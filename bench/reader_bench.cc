// reader_bench: how fast each text reader turns a question bank's bytes into questions, against
// reading the same file's bytes in the same run. Reads MMLU (or any inputs qbank reads) once,
// writes it in each format (gift, md, aiken, csv, page, json) to a scratch folder, then times,
// per format, reading the file's bytes (the baseline) and reading it through the import pipeline
// (formats::ImportFile: the reader and the pipeline's text checks), in CPU time of this thread,
// the median of several runs. Prints MB/s for both and the ratio (figures in docs/performance.md).
// Usage: reader_bench [--runs N] [--scratch DIR] [--formats a,b] [INPUT...]
//   (default input /work/shared/data/mmlu-test; build with -DCMAKE_BUILD_TYPE=Release)
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "formats/import.h"
#include "formats/registry.h"

namespace {

using qbank::Diagnostic;
using qbank::FileSystem;
using qbank::Result;

// CPU seconds of the calling thread.
double ThreadCpu() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Flags {
  int runs = 7;
  std::string scratch;
  std::vector<std::string> formats = {"gift", "md", "aiken", "csv", "page", "json"};
  std::vector<std::string> inputs;
};

std::vector<std::string> SplitCommas(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t comma = s.find(',', pos);
    if (comma == std::string::npos) comma = s.size();
    if (comma > pos) out.push_back(s.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

bool ParseFlags(int argc, char** argv, Flags& flags) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      flags.runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--scratch" && i + 1 < argc) {
      flags.scratch = argv[++i];
    } else if (arg == "--formats" && i + 1 < argc) {
      flags.formats = SplitCommas(argv[++i]);
    } else if (arg.starts_with("--")) {
      return false;
    } else {
      flags.inputs.push_back(arg);
    }
  }
  if (flags.inputs.empty()) flags.inputs.push_back("/work/shared/data/mmlu-test");
  if (flags.scratch.empty()) {
    flags.scratch = (std::filesystem::temp_directory_path() / "qbank-reader-bench").string();
  }
  return true;
}

// One timed run of reading `path` (and, when `format` is set, importing it). Returns the CPU
// seconds, or a negative number when the import reported errors.
double TimeOnce(FileSystem& fs, const std::string& path, const qbank::formats::Format* format,
                size_t& questions) {
  double start = ThreadCpu();
  Result<std::string> bytes = fs.ReadFile(path);
  if (!bytes.ok()) return -1;
  if (format == nullptr) {
    // Touch every byte, as a reader does at the least.
    unsigned sum = 0;
    for (char c : *bytes) sum += static_cast<unsigned char>(c);
    questions = sum;  // keeps the loop
    return ThreadCpu() - start;
  }
  qbank::formats::InputFile file;
  file.path = path;
  file.content = std::move(bytes).value();
  file.format = format;
  qbank::formats::ImportOptions options;
  qbank::model::Bank bank;
  std::vector<Diagnostic> errors;
  qbank::formats::ImportFile(std::move(file), options, fs, bank, errors);
  double seconds = ThreadCpu() - start;
  questions = bank.questions.size();
  if (!errors.empty()) {
    std::fprintf(stderr, "%s: %s\n", path.c_str(), errors.front().ToString().c_str());
    return -1;
  }
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  Flags flags;
  if (!ParseFlags(argc, argv, flags)) {
    std::fprintf(stderr,
                 "usage: reader_bench [--runs N] [--scratch DIR] [--formats a,b] [INPUT...]\n");
    return 2;
  }
  FileSystem& fs = qbank::RealFileSystem();
  const qbank::formats::Registry& registry = qbank::formats::Registry::Default();
  qbank::model::Bank bank;
  std::vector<Diagnostic> errors;
  qbank::formats::ImportOptions options;
  qbank::Status status = qbank::formats::ImportInputs(flags.inputs, options, fs, bank, errors);
  if (!status.ok() || bank.questions.empty()) {
    std::fprintf(stderr, "cannot read the inputs: %s\n",
                 !status.ok() ? status.ToString().c_str() : "no questions");
    return 2;
  }
  // (MMLU has one question with a control character, which the import refuses.)
  if (!errors.empty()) std::printf("%zu questions refused by the import\n", errors.size());
  std::filesystem::create_directories(flags.scratch);
  std::printf("%zu questions, median of %d runs, CPU time of one thread\n", bank.questions.size(),
              flags.runs);
  std::printf("%-6s %10s %10s %12s %12s %7s\n", "format", "bytes", "questions", "read MB/s",
              "import MB/s", "ratio");
  int failures = 0;
  for (const std::string& name : flags.formats) {
    const qbank::formats::Format* format = registry.Find(name);
    if (format == nullptr) {
      std::fprintf(stderr, "unknown format %s\n", name.c_str());
      return 2;
    }
    qbank::formats::LossReport loss;
    qbank::formats::ExportOptions export_options;
    std::string path = flags.scratch + "/bank." + std::string(format->extensions().front());
    export_options.output_path = path;
    Result<std::string> text = qbank::formats::ExportBank(*format, bank, export_options, loss);
    if (!text.ok() || !fs.WriteFileAtomic(path, *text).ok()) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 2;
    }
    std::vector<double> read_times;
    std::vector<double> import_times;
    size_t questions = 0;
    for (int run = 0; run < flags.runs; ++run) {
      size_t ignored = 0;
      read_times.push_back(TimeOnce(fs, path, nullptr, ignored));
      import_times.push_back(TimeOnce(fs, path, format, questions));
    }
    double read = Median(read_times);
    double import = Median(import_times);
    if (import < 0 || read <= 0) {
      ++failures;
      continue;
    }
    double mb = static_cast<double>(text->size()) / 1e6;
    std::printf("%-6s %10zu %10zu %12.0f %12.1f %7.1f\n", name.c_str(), text->size(), questions,
                mb / read, mb / import, import / read);
  }
  return failures == 0 ? 0 : 1;
}
