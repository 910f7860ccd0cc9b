// ImportOptions::threads: files of the formats that read alone, read on worker threads and merged
// in the order of the walk, give the bank, the errors, the warnings and the others_read marks a
// read on one thread gives, down to every span's file.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "format_test_support.h"
#include "formats/import.h"
#include "json/bank_writer.h"

namespace qbank::formats {
namespace {

constexpr char kTitledBank[] = R"({
  "qbank": 1,
  "title": "Planets",
  "declared_size": 40,
  "questions": [
    {"type": "single", "stem": "Which planet has the shortest year?",
     "options": [{"text": "Mercury", "correct": true}, {"text": "Mars", "correct": false}]}
  ]
}
)";

// A bank whose title holds a control character: the import check refuses the whole file, and on
// threads the file is read again in turn (its refusal can depend on what earlier files set).
constexpr char kRefusedBank[] =
    "{\"qbank\": 1, \"title\": \"Bad\\u0001title\", \"questions\": [{\"type\": \"single\", "
    "\"stem\": \"Which gas do plants take in?\", \"options\": [{\"text\": \"Carbon dioxide\", "
    "\"correct\": true}, {\"text\": \"Neon\", \"correct\": false}]}]}\n";

// `text` (ASCII) as UTF-16LE with its byte-order mark: read through a decoded source of its own.
std::string Utf16Le(const std::string& text) {
  std::string out = "\xFF\xFE";
  for (char c : text) {
    out += c;
    out += '\0';
  }
  return out;
}

void AddFiles(InMemoryFileSystem& fs) {
  fs.Add("bank/a.json", kTitledBank);
  fs.Add("bank/b.md", format_testing::ReadTestdata("md/drafts.md"));
  fs.Add("bank/c.md", format_testing::ReadTestdata("md/errors.md"));
  fs.Add("bank/d.csv", format_testing::ReadTestdata("csv/malformed_rows.csv"));
  fs.Add("bank/e.gift", format_testing::ReadTestdata("gift/one_bad_question.gift"));
  fs.Add("bank/f.json", kRefusedBank);
  fs.Add("bank/g.txt", format_testing::ReadTestdata("aiken/errors.txt"));
  fs.Add("bank/h.csv", Utf16Le(format_testing::ReadTestdata("csv/geology_test.csv")));
  fs.Add("bank/i.json", "{\"qbank\": 1, \"questions\": [");
  fs.Add("bank/j.txt", format_testing::ReadTestdata("page/three_pages.txt"));
  fs.Add("bank/k.csv", format_testing::ReadTestdata("csv/full_layout.csv"));
  fs.Add("bank/l.txt", format_testing::ReadTestdata("aiken/good.txt"));
}

struct Read {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
  std::vector<bool> others_read;
};

Read ReadWith(unsigned threads, const std::vector<std::string>& inputs) {
  InMemoryFileSystem fs;
  AddFiles(fs);
  Read read;
  ImportOptions options;
  options.threads = threads;
  options.warnings = &read.warnings;
  options.others_read = &read.others_read;
  EXPECT_TRUE(ImportInputs(inputs, options, fs, read.bank, read.errors).ok());
  return read;
}

// Every span of the bank with the path of the file it names, one line each.
std::string Places(const model::Bank& bank) {
  std::ostringstream out;
  auto place = [&](const char* what, const SourceSpan& span) {
    out << what << ' ' << bank.SourcePath(span.file) << ':' << span.line << ':' << span.column
        << '-' << span.end_line << ':' << span.end_column << '\n';
  };
  place("declared_size", bank.declared_size_span);
  for (const model::Question& q : bank.questions) {
    place("question", q.span);
    place("id", q.id.span);
    place("stem", q.stem.span);
    place("explanation", q.explanation.span);
    for (const model::Option& o : q.options) {
      place("option", o.span);
      place("text", o.text.span);
      place("key", o.correct_span);
      place("rationale", o.rationale->span);
    }
    for (const model::Text& tag : q.tags) place("tag", tag.span);
    for (const model::Person& p : q.authors) place("author", p.name.span);
    place("review", q.review->date.span);
    for (const model::Suppression& s : q.suppressions) place("suppression", s.span);
  }
  return out.str();
}

std::vector<std::string> Strings(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> out;
  out.reserve(diagnostics.size());
  for (const Diagnostic& d : diagnostics) out.push_back(d.ToString());
  return out;
}

TEST(ImportThreadsTest, ThreadsGiveTheBankOneThreadGives) {
  const std::vector<std::string> inputs = {"bank", "missing.json", "bank/a.json"};
  Read one = ReadWith(1, inputs);
  ASSERT_GT(one.bank.questions.size(), 10u);
  ASSERT_GE(one.errors.size(), 4u);  // c.md, d.csv, e.gift, f.json, g.txt, i.json, missing.json
  for (unsigned threads : {2U, 3U, 8U}) {
    SCOPED_TRACE(threads);
    Read many = ReadWith(threads, inputs);
    EXPECT_EQ(json::WriteBank(many.bank), json::WriteBank(one.bank));
    EXPECT_EQ(Places(many.bank), Places(one.bank));
    EXPECT_EQ(Strings(many.errors), Strings(one.errors));
    EXPECT_EQ(Strings(many.warnings), Strings(one.warnings));
    EXPECT_EQ(many.others_read, one.others_read);
    EXPECT_EQ(many.bank.sources.size(), one.bank.sources.size());
  }
}

TEST(ImportThreadsTest, TheBankTakesItsFieldsFromTheFirstFileThatHasThem) {
  Read read = ReadWith(2, {"bank/f.json", "bank/a.json", "bank/b.md"});
  EXPECT_EQ(read.bank.title.value, "Planets");  // f.json's was refused with its file
  ASSERT_TRUE(read.bank.declared_size.has_value());
  EXPECT_EQ(*read.bank.declared_size, 40);
  ASSERT_FALSE(read.errors.empty());
  EXPECT_EQ(read.errors[0].path, "bank/f.json");
  // The questions point into their own files.
  ASSERT_FALSE(read.bank.questions.empty());
  EXPECT_EQ(read.bank.SourcePath(read.bank.questions.front().stem.span.file), "bank/a.json");
  EXPECT_EQ(read.bank.SourcePath(read.bank.questions.back().stem.span.file), "bank/b.md");
}

}  // namespace
}  // namespace qbank::formats
