// typography_bench: what lint::FindTypographyEdits costs on every prose field of a real bank (the
// MMLU test set by default), against a baseline in the same run that only decodes each field's
// UTF-8 (the least a scan of the text can do), and on one long line with many dashes (where a
// per-dash rescan of the line would be quadratic).
// Usage: typography_bench [BANK_PATH [REPEATS]]   (default /work/shared/data/mmlu-test, 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/utf8_text.h"
#include "formats/import.h"
#include "lint/rules/typography.h"
#include "model/bank.h"

namespace {

using qbank::lint::TypographyStyle;

// The prose fields the rule reads: stem, trap, stated answer, explanation, options, rationales.
std::vector<std::string> ProseFields(const qbank::model::Bank& bank) {
  std::vector<std::string> fields;
  for (const qbank::model::Question& q : bank.questions) {
    for (const qbank::model::Text* t : {&q.stem, &q.trap, &q.stated_answer, &q.explanation}) {
      if (!t->value.empty()) fields.push_back(t->value);
    }
    for (const qbank::model::Option& o : q.options) {
      if (!o.text.value.empty()) fields.push_back(o.text.value);
      if (!o.rationale.value.empty()) fields.push_back(o.rationale.value);
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

// The fastest of `repeats` runs of `work`, in milliseconds; `*result` is its last result.
template <typename Work>
double FastestMs(int repeats, Work work, size_t* result) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    *result = work();
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, ms);
  }
  return best;
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
  std::string line;
  for (int i = 0; i < 4000; ++i) line += "the cache - not the server ";
  Compare("one long line", {line}, all, repeats);
  return 0;
}
