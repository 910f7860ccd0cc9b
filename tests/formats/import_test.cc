#include "formats/import.h"

#include <gtest/gtest.h>

#include <sstream>

#include "format_test_support.h"

namespace qbank::formats {
namespace {

constexpr char kBank[] = R"({
  "qbank": 1,
  "questions": [
    {"type": "single", "stem": "Which planet is closest to the Sun?",
     "options": [{"text": "Mercury", "correct": true}, {"text": "Venus", "correct": false}]}
  ]
}
)";

TEST(ImportInputsTest, ReadsFoldersAndKeepsGoingPastBadFiles) {
  InMemoryFileSystem fs;
  fs.Add("bank/a.json", kBank);
  fs.Add("bank/b.json", "{\"qbank\": 1, \"questions\": [");
  fs.Add("bank/notes.unknownext", "ignored");
  fs.Add("bank/c.json", kBank);
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"bank"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].path, "bank/b.json");
  EXPECT_EQ(errors[0].span.line, 1u);
  EXPECT_EQ(bank.questions.size(), 2u);
  // The same content twice gets distinct, stable ids.
  EXPECT_EQ(bank.questions[1].id.value, bank.questions[0].id.value + "-2");
  EXPECT_EQ(bank.SourcePath(bank.questions[1].stem.span.file), "bank/c.json");
}

// ImportOptions::release_sources frees each file's bytes once it is read (lint's setting): the
// text is read again from the file when asked for, so a file that changed since reads as empty;
// without the option the bytes read are kept.
TEST(ImportInputsTest, ReleasesEachFilesBytesOnRequest) {
  for (bool release : {false, true}) {
    InMemoryFileSystem fs;
    fs.Add("bank/a.json", kBank);
    fs.Add("bank/b.json", kBank);
    model::Bank bank;
    std::vector<Diagnostic> errors;
    ImportOptions options;
    options.release_sources = release;
    ASSERT_TRUE(ImportInputs({"bank"}, options, fs, bank, errors).ok());
    ASSERT_TRUE(errors.empty());
    ASSERT_EQ(bank.questions.size(), 2u);
    ASSERT_EQ(bank.sources.size(), 2u);
    fs.Add("bank/a.json", "changed");
    EXPECT_EQ(bank.sources[0]->content(), release ? "" : kBank) << release;
    // An unchanged file is read back whole, line index and all.
    EXPECT_EQ(bank.sources[1]->content(), kBank) << release;
    EXPECT_EQ(bank.sources[1]->Line(4),
              "    {\"type\": \"single\", \"stem\": \"Which planet is closest to the Sun?\",");
  }
}

// ImportOptions::others_read tells a question refused among others that were read (a GIFT
// question, an item of a QTI package) from an input of which nothing was read (a file refused
// whole, a missing file, a file whose every question was refused).
TEST(ImportInputsTest, SaysWhetherEachErrorsInputGaveOtherQuestions) {
  InMemoryFileSystem fs;
  fs.Add("bank/a.json", kBank);
  fs.Add("bank/b.json", "{\"qbank\": 1, \"questions\": [");
  fs.Add("bank/c.gift",
         "::c1:: Which is red? {=Ruby ~Jade}\n\n::c2:: Which is blue? {=Lapis\n\n"
         "::c3:: Which is green? {=Jade ~Ruby}\n");
  fs.Add("bank/d.gift", "::d1:: Which is white? {=Pearl ~Jet\n");
  for (const char* file : {"imsmanifest.xml", "test.xml", "items/phys-1.xml"}) {
    fs.Add(std::string("pkg/") + file,
           format_testing::ReadTestdata(std::string("qti/package21/") + file));
  }
  fs.Add("pkg/items/phys 2.xml", "<assessmentItem");
  model::Bank bank;
  std::vector<Diagnostic> errors = {Diagnostic{}};  // the caller's own, left as it is
  std::vector<bool> others_read = {true};
  ImportOptions options;
  options.others_read = &others_read;
  ASSERT_TRUE(ImportInputs({"bank", "missing.json", "pkg"}, options, fs, bank, errors).ok());
  std::vector<std::string> got;
  for (size_t i = 1; i < errors.size(); ++i) {
    got.push_back(FormatLocation(errors[i].path, errors[i].span.line, errors[i].span.column));
  }
  EXPECT_EQ(got,
            (std::vector<std::string>{"bank/b.json:1:28", "bank/c.gift:3:23", "bank/d.gift:1:24",
                                      "missing.json", "pkg/items/phys 2.xml:1:15"}));
  EXPECT_EQ(others_read, (std::vector<bool>{true, false, true, false, false, true}));
  EXPECT_EQ(bank.questions.size(), 1u + 2u + 1u);  // a.json, c.gift, the package's other item
}

TEST(ImportInputsTest, StandardInputNeedsAFormatAndIsReadOnce) {
  InMemoryFileSystem fs;
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::istringstream in(kBank);
  ImportOptions options;
  options.stdin_stream = &in;
  Status s = ImportInputs({"-"}, options, fs, bank, errors);
  EXPECT_EQ(s.code(), Status::Code::kUsage);
  options.from = "json";
  ASSERT_TRUE(ImportInputs({"-"}, options, fs, bank, errors).ok());
  EXPECT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(bank.SourcePath(0), "<stdin>");
  EXPECT_EQ(ImportInputs({"-", "-"}, options, fs, bank, errors).code(), Status::Code::kUsage);
  options.from = "no-such-format";
  EXPECT_EQ(ImportInputs({"x"}, options, fs, bank, errors).code(), Status::Code::kUsage);
}

TEST(ImportInputsTest, ReportsMissingFilesEmptyFoldersAndUnknownFormats) {
  InMemoryFileSystem fs;
  fs.Add("empty/.hidden", "x");
  fs.Add("mystery.bin", "\x01\x02");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"missing.json", "empty", "mystery.bin"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].ToString(), "missing.json: error: no such file");
  EXPECT_EQ(errors[1].ToString(),
            "empty: error: no question file of a known format in this folder");
  EXPECT_EQ(errors[2].ToString(),
            "mystery.bin: error: cannot tell the format of this file; name it with --from FORMAT");
}

TEST(ImportInputsTest, SkipsFilesInFoldersThatDoNotLookLikeTheirFormat) {
  InMemoryFileSystem fs;
  fs.Add("bank/a.json", kBank);
  fs.Add("bank/notes.json", "[1, 2, 3]\n");  // JSON, but no bank
  // A lint baseline, as `qbank lint --write-baseline` writes it.
  fs.Add("bank/baseline.json",
         "{\n  \"kind\": \"qbank-baseline\",\n  \"version\": 1,\n"
         "  \"entries\": []\n}\n");
  fs.Add("lone.json", "[1, 2, 3]\n");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::vector<std::string> skipped;
  ImportOptions options;
  options.skipped = &skipped;
  ASSERT_TRUE(ImportInputs({"bank"}, options, fs, bank, errors).ok());
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(skipped, (std::vector<std::string>{"bank/baseline.json", "bank/notes.json"}));
  // Named directly, the same kind of file is read and its error reported.
  ASSERT_TRUE(ImportInputs({"lone.json"}, options, fs, bank, errors).ok());
  EXPECT_EQ(errors.size(), 1u);
}

TEST(ImportInputsTest, ExtensionsMatchWithoutCaseWhetherDetectedOrForced) {
  InMemoryFileSystem fs;
  fs.Add("bank/UPPER.JSON", kBank);
  for (const char* from : {"", "json"}) {
    model::Bank bank;
    std::vector<Diagnostic> errors;
    ImportOptions options;
    options.from = from;
    ASSERT_TRUE(ImportInputs({"bank"}, options, fs, bank, errors).ok());
    EXPECT_TRUE(errors.empty()) << "--from '" << from << "'";
    EXPECT_EQ(bank.questions.size(), 1u) << "--from '" << from << "'";
  }
}

TEST(DiagnosticTest, TakesThePlaceFromTheStatusNotFromItsText) {
  Diagnostic d = Diagnostic::FromStatus(
      Status::InvalidInput("expected a comma").At("f.csv", SourceSpan::Point(3, 7)), "other.csv");
  EXPECT_EQ(d.path, "f.csv");
  EXPECT_EQ(d.span.line, 3u);
  EXPECT_EQ(d.span.column, 7u);
  EXPECT_EQ(d.message, "expected a comma");
  EXPECT_EQ(d.ToString(), "f.csv:3:7: error: expected a comma");
  // A message that merely looks like a place is text, and the file named by the caller counts.
  d = Diagnostic::FromStatus(Status::InvalidInput("f.csv:3: expected a comma"), "g.csv");
  EXPECT_EQ(d.path, "g.csv");
  EXPECT_EQ(d.span.line, 0u);
  EXPECT_EQ(d.message, "f.csv:3: expected a comma");
}

TEST(ImportInputsTest, ErrorsCarryTheirPlaceAsData) {
  InMemoryFileSystem fs;
  fs.Add("b.json", "{\"qbank\": 1,\n \"questions\": [}");
  fs.Add("c.aiken", "What is 2+2?\nA) 3\nB) 4\nANSWER: E\n");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ImportOptions options;
  ASSERT_TRUE(ImportInputs({"b.json", "missing.json"}, options, fs, bank, errors).ok());
  options.from = "aiken";
  ASSERT_TRUE(ImportInputs({"c.aiken"}, options, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].path, "b.json");
  EXPECT_EQ(errors[0].span.line, 2u);
  EXPECT_EQ(errors[0].span.column, 16u);
  EXPECT_EQ(errors[0].message.find("b.json"), std::string::npos) << errors[0].message;
  EXPECT_EQ(errors[1].ToString(), "missing.json: error: no such file");
  EXPECT_EQ(errors[2].path, "c.aiken");
  EXPECT_EQ(errors[2].span.line, 4u);
  EXPECT_EQ(errors[2].span.column, 9u);
  EXPECT_EQ(errors[2].message.find("c.aiken"), std::string::npos) << errors[2].message;
}

}  // namespace
}  // namespace qbank::formats
