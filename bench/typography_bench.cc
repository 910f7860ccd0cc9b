// typography_bench: what lint::FindTypographyEdits costs on every prose field of a real bank (the
// MMLU test set by default), against a baseline in the same run that only decodes each field's
// UTF-8 (the least a scan of the text can do), and on long texts made to defeat a scan (one line
// with many dashes, many openers of code, tags, links or math without their closers), where a
// rescan per character would be quadratic. Times are the thread's CPU time (not wall time, which
// counts the time a niced run waits for the CPU on a busy machine), the fastest of REPEATS runs.
// Usage: typography_bench [BANK_PATH [REPEATS]]   (default /work/shared/data/mmlu-test, 5)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/utf8_text.h"
#include "formats/import.h"
#include "lint/rules/house_style/typography.h"
#include "model/bank.h"

namespace {

using qbank::lint::TypographyStyle;

// The prose fields the rule reads: stem, trap, stated answer, explanation, options, rationales.
std::vector<std::string> ProseFields(const qbank::model::Bank& bank) {
  std::vector<std::string> fields;
  for (const qbank::model::Question& q : bank.questions) {
    for (const qbank::model::Text* t : {&q.stem, &*q.trap, &*q.stated_answer, &q.explanation}) {
      if (!t->value.empty()) fields.push_back(t->value);
    }
    for (const qbank::model::Option& o : q.options) {
      if (!o.text.value.empty()) fields.push_back(o.text.value);
      if (!o.rationale->value.empty()) fields.push_back(o.rationale->value);
    }
  }
  return fields;
}

// The baseline: each field's code points decoded once, as any scan of the text must.
size_t DecodeOnly(const std::vector<std::string>& fields) {
  size_t code_points = 0;
  for (const std::string& f : fields) {
    for (size_t i = 0; i < f.size();) {
      size_t n = qbank::Utf8SequenceLength(f, i);
      i += n == 0 ? 1 : n;
      ++code_points;
    }
  }
  return code_points;
}

size_t Typography(const std::vector<std::string>& fields, const TypographyStyle& style) {
  size_t edits = 0;
  for (const std::string& f : fields) edits += qbank::lint::FindTypographyEdits(f, style).size();
  return edits;
}

// The CPU time this thread has used, in milliseconds.
double ThreadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The fastest of `repeats` runs of `work`, in milliseconds of CPU time; `*result` is its last
// result.
template <typename Work>
double FastestMs(int repeats, Work work, size_t* result) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    double start = ThreadCpuMs();
    *result = work();
    best = std::min(best, ThreadCpuMs() - start);
  }
  return best;
}

// `piece` written `times` times in a row.
std::string Repeated(std::string_view piece, int times) {
  std::string s;
  s.reserve(piece.size() * static_cast<size_t>(times));
  for (int i = 0; i < times; ++i) s += piece;
  return s;
}

void Compare(const char* name, const std::vector<std::string>& fields, const TypographyStyle& style,
             int repeats) {
  size_t code_points = 0, edits = 0;
  double decode = FastestMs(
      repeats, [&] { return DecodeOnly(fields); }, &code_points);
  double typo = FastestMs(
      repeats, [&] { return Typography(fields, style); }, &edits);
  std::printf(
      "%-22s %9zu fields %10zu code points: decode only %8.2f ms, typography %8.2f ms "
      "(%.2fx), %zu edits\n",
      name, fields.size(), code_points, decode, typo, typo / decode, edits);
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : "/work/shared/data/mmlu-test";
  int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
  qbank::model::Bank bank;
  std::vector<qbank::Diagnostic> errors;
  qbank::formats::ImportOptions options;
  if (!std::filesystem::exists(path) ||
      !qbank::formats::ImportInputs({path}, options, qbank::RealFileSystem(), bank, errors).ok()) {
    std::fprintf(stderr, "typography_bench: cannot read %s\n", path.c_str());
    return 2;
  }
  std::vector<std::string> fields = ProseFields(bank);
  TypographyStyle all{.quotes = TypographyStyle::Quotes::kCurly,
                      .ellipsis = TypographyStyle::Ellipsis::kCharacter,
                      .dashes = TypographyStyle::Dashes::kEm,
                      .unit_space_non_breaking = true};
  TypographyStyle straight{.quotes = TypographyStyle::Quotes::kStraight,
                           .ellipsis = TypographyStyle::Ellipsis::kThreeDots,
                           .dashes = TypographyStyle::Dashes::kSpacedEn};
  TypographyStyle spaces;  // the rule turned on with no options: doubled spaces only
  Compare("bank, curly/em/units", fields, all, repeats);
  Compare("bank, straight/en", fields, straight, repeats);
  Compare("bank, spaces only", fields, spaces, repeats);
  // One line of 4,000 "word - word" pairs: each dash is weighed against its line.
  Compare("one long line", {Repeated("the cache - not the server ", 4000)}, all, repeats);
  // Openers whose closer never comes, 100,000 bytes each (with a full stop in each piece, so the
  // field is scanned): each was once a search to the end of the text or line.
  Compare("unclosed tags", {Repeated("<a. ", 25000)}, all, repeats);
  Compare("unclosed links", {Repeated("](x. ", 20000)}, all, repeats);
  Compare("unclosed math", {Repeated("\\( $a. \\[ ", 9000)}, all, repeats);
  std::string backticks;  // runs of 1, 2, 3, ... backticks, no two of one length
  for (int n = 1; backticks.size() < 100000; ++n) backticks += std::string(n, '`') + " x. ";
  Compare("backtick runs", {backticks}, all, repeats);
  return 0;
}
