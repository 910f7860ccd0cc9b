// qbank fmt: the canonical form per format, refusals of what a write-back would lose, and
// idempotence over every fixture and sample.
#include "commands/fmt.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "base/utf8_text.h"
#include "commands/exit_code.h"
#include "formats/aiken/aiken_format.h"
#include "formats/format.h"
#include "formats/registry.h"
#include "formats/xml_unkept.h"
#include "zip/zip_archive.h"

namespace qbank::commands {
namespace {

struct FmtRun {
  int rc = 0;
  std::string out;
  std::string err;
};

// RunFmt with `options` over `fs`: its exit code and what it wrote on each stream.
FmtRun RunWith(const FmtOptions& options, FileSystem& fs) {
  std::ostringstream out;
  std::ostringstream err;
  FmtRun run;
  run.rc = RunFmt(options, fs, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

FmtRun Fmt(FileSystem& fs, const std::vector<std::string>& inputs, bool check = false,
           bool write = false, const formats::Registry* registry = nullptr) {
  FmtOptions options;
  options.inputs = inputs;
  options.check = check;
  options.write = write;
  options.registry = registry;
  return RunWith(options, fs);
}

// An Aiken file under the extension .stub whose reader and writer can be made to fail as a format
// could: the writer reports a loss, or writes what reads back with another stem, or the format
// does not write its files back, or the reader reads a second source (as a package's member)
// holding an XML comment it does not keep.
class StubFormat : public formats::Format {
 public:
  enum class Fault { kNone, kWriterLoses, kReadsBackChanged, kNoWriteBack, kUnkeptInMember };
  explicit StubFormat(Fault fault) : fault_(fault) {}

  std::string_view name() const override { return "stub"; }
  std::string_view summary() const override { return "Aiken with faults, for tests"; }
  std::vector<std::string_view> extensions() const override { return {".stub"}; }
  int Sniff(std::string_view /*path*/, std::string_view /*content*/) const override { return 100; }
  bool CanWriteBack(std::string_view /*path*/, std::string_view /*content*/) const override {
    return fault_ != Fault::kNoWriteBack;
  }
  Status Import(const SourceText& source, formats::ImportContext& ctx) const override {
    ++imports_;
    QBANK_RETURN_IF_ERROR(aiken_.Import(source, ctx));
    if (fault_ == Fault::kUnkeptInMember) {
      ctx.bank->AddSource(std::make_shared<const SourceText>(source.path() + "!/member.xml",
                                                             "<item>\n<!-- a note -->\n</item>\n"));
    }
    return Status::Ok();
  }
  std::vector<formats::UnkeptContent> Unkept(const SourceText& source) const override {
    return formats::UnkeptXml(source.content());
  }
  Result<std::string> Export(const model::Bank& bank, const formats::ExportOptions& options,
                             formats::LossReport& loss) const override {
    model::Bank copy = bank;
    if (fault_ == Fault::kReadsBackChanged) copy.questions.front().stem.value += " (changed)";
    if (fault_ == Fault::kWriterLoses) {
      formats::LossReport::QuestionScope scope(loss, bank.questions.front());
      loss.Drop("extensions.stub");
    }
    return aiken_.Export(copy, options, loss);
  }
  int imports() const { return imports_; }

 private:
  Fault fault_;
  mutable int imports_ = 0;  // Import calls
  formats::AikenFormat aiken_;
};

// fmt --write of `inputs` refuses: exit 2, `message` on stderr, nothing on stdout and every file
// of `fs` as it was.
void ExpectRefused(InMemoryFileSystem& fs, const std::vector<std::string>& inputs,
                   const std::string& message, const formats::Registry* registry = nullptr) {
  std::map<std::string, std::string> before = fs.files();
  FmtRun run = Fmt(fs, inputs, /*check=*/false, /*write=*/true, registry);
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.err, message);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(fs.files(), before);
}

// fmt --write of a file system holding `text` at `path` alone refuses it, as ExpectRefused says.
void ExpectFileRefused(const std::string& path, const std::string& text, const std::string& message,
                       const formats::Registry* registry = nullptr) {
  InMemoryFileSystem fs;
  fs.Add(path, text);
  ExpectRefused(fs, {path}, message, registry);
}

// Refuses what StubFormat with `fault` does to "q.stub": `message` on stderr, nothing written.
void ExpectStubRefused(StubFormat::Fault fault, const std::string& message) {
  formats::Registry registry;
  registry.Add(std::make_unique<StubFormat>(fault));
  ExpectFileRefused("q.stub", "Which gas?\nA) CO2\nB) He\nANSWER: A\n", message, &registry);
}

// The bytes of a file of this repository (`rel` from its root).
std::string ReadSourceFile(const std::string& rel) {
  std::ifstream in(std::string(QBANK_SOURCE_DIR) + "/" + rel, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// fmt of `input` (named `path`) prints `canonical`, and fmt of that changes nothing.
void ExpectCanonical(const std::string& path, const std::string& input,
                     const std::string& canonical) {
  InMemoryFileSystem fs;
  fs.Add(path, input);
  FmtRun run = Fmt(fs, {path});
  ASSERT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(run.out, canonical);
  FmtRun check = Fmt(fs, {path}, /*check=*/true);
  EXPECT_EQ(check.rc, input == canonical ? kExitOk : kExitCheckFailed) << check.err;
  fs.Add(path, canonical);
  check = Fmt(fs, {path}, /*check=*/true);
  EXPECT_EQ(check.rc, kExitOk) << check.err;
}

TEST(FmtTest, MdSectionsAndBlankLines) {
  ExpectCanonical("q.md",
                  "---\nid: q1\n---\n## Question\n\n\nWhich gas do plants take in?  \n"
                  "## Options\n- [x] Carbon dioxide\n- [ ]  Helium\n",
                  "---\nid: q1\n---\n\n## Question\n\nWhich gas do plants take in?\n\n"
                  "## Options\n\n- [x] Carbon dioxide\n- [ ] Helium\n");
}

TEST(FmtTest, GiftKeepsEveryComment) {
  ExpectCanonical("q.gift",
                  "// File header.\n\n// About q1.\n::q1::Which gas do plants take in?{=Carbon "
                  "dioxide ~Helium}\n\n// Trailing note.\n",
                  "// File header.\n\n// About q1.\n::q1::Which gas do plants take in? {\n"
                  "=Carbon dioxide\n~Helium\n}\n\n// Trailing note.\n");
}

TEST(FmtTest, AikenLabels) {
  ExpectCanonical("q.txt",
                  "Which gas do plants take in?\nA. Carbon dioxide\nB. Helium\nANSWER: A\n",
                  "Which gas do plants take in?\nA) Carbon dioxide\nB) Helium\nANSWER: A\n");
}

// A CSV keeps its columns: which ones, their order and their spelling are the user's layout; fmt
// normalises quoting, line ends and the empty rows spreadsheets leave at the end.
TEST(FmtTest, CsvKeepsItsColumns) {
  ExpectCanonical("q.csv", "Stem,ID,option_a,option_b,Key\n\"Which gas?\",q1,CO2,He,A\n",
                  "Stem,ID,option_a,option_b,Key\nWhich gas?,q1,CO2,He,A\n");
  // As a spreadsheet exports it ("CSV UTF-8"): a byte-order mark, CRLF, every text quoted, the
  // columns in the sheet's order, rationales before options, an empty row at the end.
  ExpectCanonical(
      "sheet.csv",
      std::string(kByteOrderMark) +
          "\"Key\",\" Stem \",\"Rationale_B\",\"Option_B\",\"Option_A\",\"Tags\"\r\n"
          "\"B\",\"Which gas is inert?\",\"Helium is a noble gas.\",\"Helium\",\"Carbon "
          "dioxide\",\"gases; chemistry\"\r\n"
          "\"A\",\"Which is a metal?\",\"\",\"Neon\",\"Iron\",\"\"\r\n,,,,,\r\n",
      std::string(kByteOrderMark) +
          "Key, Stem ,Rationale_B,Option_B,Option_A,Tags\n"
          "B,Which gas is inert?,Helium is a noble gas.,Helium,Carbon dioxide,gases; chemistry\n"
          "A,Which is a metal?,,Neon,Iron,\n");
}

// The MMLU layout is kept as it is: no id, type or domain column added (the domain stays the
// file name's), the answer an index.
TEST(FmtTest, CsvKeepsTheMmluLayout) {
  ExpectCanonical("gases_test.csv",
                  "question,choice0,choice1,choice2,answer\r\n\"Which gas?\",CO2,He,\"\",1\r\n",
                  "question,choice0,choice1,choice2,answer\nWhich gas?,CO2,He,,1\n");
}

// A column the reader does not know is an error, so the file is refused, not reshaped.
TEST(FmtTest, RefusesACsvWithAnUnknownColumn) {
  ExpectFileRefused(
      "q.csv", "stem,option_a,option_b,key,notes\nWhich gas?,CO2,He,A,check\n",
      "q.csv:1:28: error: row 1, field 5: unknown column \"notes\"; expected one of id, "
      "type, exam, domain, stem, trap, option_a.., key, rationale_a.., explanation, "
      "stated_answer, tags, difficulty, markup, author_name, author_initials, "
      "author_credentials, author_roles, review_date, review_reviewer, "
      "review_checked_against, origin_statement, origin_references, suppress (or the "
      "MMLU header question,choice0,...,answer)\n"
      "stem,option_a,option_b,key,notes\n                           ^\n"
      "qbank fmt: q.csv: not formatted: 1 input error; nothing written\n");
}

// --columns maps a vendor's headers for reading and writing back; --sheet picks the sheet.
TEST(FmtTest, ColumnsAndSheetReadAVendorSheet) {
  const formats::Format& csv = *formats::Registry::Default().Find("csv");
  InMemoryFileSystem fs;
  std::string vendor = "Q,Opt1,Opt2,Good\n\"Which gas?\",CO2,He,2\n";
  Formatted unmapped = FormatText("v.csv", vendor, csv, fs);
  EXPECT_FALSE(unmapped.ok);
  FmtSheet sheet;
  sheet.columns = "Q=stem,Opt1=option_a,Opt2=option_b,Good=key";
  Formatted mapped = FormatText("v.csv", vendor, csv, fs, "", sheet);
  ASSERT_TRUE(mapped.ok) << mapped.refusal;
  EXPECT_EQ(mapped.text, "Q,Opt1,Opt2,Good\nWhich gas?,CO2,He,B\n");

  // A workbook's second sheet, named.
  const formats::Format& xlsx = *formats::Registry::Default().Find("xlsx");
  model::Bank bank;
  model::Question q;
  q.stem.value = "Which gas?";
  q.options.resize(2);
  q.options[0].text.value = "CO2";
  q.options[1].text.value = "He";
  q.options[1].correct = true;
  bank.questions.push_back(q);
  formats::LossReport loss;
  Result<std::string> book = formats::ExportBank(xlsx, bank, formats::ExportOptions{}, loss);
  ASSERT_TRUE(book.ok());
  FmtSheet named;
  named.sheet = "Questions";
  EXPECT_TRUE(FormatText("b.xlsx", *book, xlsx, fs, "", named).ok);
  named.sheet = "Missing";
  Formatted missing = FormatText("b.xlsx", *book, xlsx, fs, "", named);
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.refusal.find("Missing"), std::string::npos) << missing.refusal;
}

TEST(FmtTest, CanonicalFileIsByteIdentical) {
  InMemoryFileSystem fs;
  std::string canonical = "Which gas do plants take in?\nA) Carbon dioxide\nB) Helium\nANSWER: A\n";
  fs.Add("q.txt", canonical);
  FmtRun run = Fmt(fs, {"q.txt"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(run.out, "");  // nothing to rewrite
  EXPECT_EQ(fs.files().at("q.txt"), canonical);
}

TEST(FmtTest, CheckNamesTheFirstDifference) {
  InMemoryFileSystem fs;
  fs.Add("q.txt", "Which gas do plants take in?\nA) Carbon dioxide\nB. Helium\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"q.txt"}, /*check=*/true);
  EXPECT_EQ(run.rc, kExitCheckFailed);
  EXPECT_EQ(run.err, "q.txt:3:2: not normalised (run `qbank fmt --write q.txt`)\n");
}

// A file that starts with a UTF-8 byte-order mark keeps it: --check passes on a canonical file
// with a mark, and --write puts the mark before the canonical form, in every format that reads
// one.
TEST(FmtTest, KeepsAByteOrderMark) {
  for (const char* file :
       {"tests/formats/testdata/aiken/golden_export.txt",
        "tests/formats/testdata/csv/full_layout.csv", "tests/formats/testdata/gift/all_types.gift",
        "samples/bank.json", "tests/formats/testdata/md/drafts.md",
        "tests/formats/testdata/moodle_xml/all_types.golden.xml", "samples/pages/01_dns_ttl.txt",
        "tests/formats/testdata/qti/hist-1.qti21.golden.xml"}) {
    SCOPED_TRACE(file);
    std::string name = std::filesystem::path(file).filename().string();
    InMemoryFileSystem fs;
    fs.Add(name, ReadSourceFile(file));
    FmtRun plain = Fmt(fs, {name});
    ASSERT_EQ(plain.rc, kExitOk) << plain.err;
    std::string marked = std::string(kByteOrderMark) + plain.out;
    fs.Add(name, marked);
    FmtRun check = Fmt(fs, {name}, /*check=*/true);
    EXPECT_EQ(check.rc, kExitOk) << check.err;
    FmtRun write = Fmt(fs, {name}, /*check=*/false, /*write=*/true);
    EXPECT_EQ(write.rc, kExitOk) << write.err;
    EXPECT_EQ(write.out, "");
    EXPECT_EQ(fs.files().at(name), marked);
  }
  InMemoryFileSystem fs;
  fs.Add("q.txt", std::string(kByteOrderMark) + "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"q.txt"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(fs.files().at("q.txt"),
            std::string(kByteOrderMark) + "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
}

TEST(FmtTest, RefusesXmlComments) {
  InMemoryFileSystem fs;
  fs.Add("q.xml",
         "<?xml version=\"1.0\"?>\n<quiz>\n<!-- keep me -->\n<question type=\"truefalse\">"
         "<name><text>t1</text></name><questiontext><text>Water boils at 100 C at sea level."
         "</text></questiontext><answer fraction=\"100\"><text>true</text></answer>"
         "<answer fraction=\"0\"><text>false</text></answer></question>\n</quiz>\n");
  ExpectRefused(fs, {"q.xml"},
                "qbank fmt: q.xml: not formatted: qbank does not keep what these places hold, so "
                "writing the file back would lose it; nothing written:\n"
                "  q.xml:3:1: an XML comment\n");
}

TEST(FmtTest, RefusesAJsonSchemaMember) {
  ExpectFileRefused(
      "b.json", "{\"$schema\": \"bank.schema.json\", \"qbank\": 1, \"questions\": []}\n",
      "qbank fmt: b.json: not formatted: qbank does not keep what these places hold, so "
      "writing the file back would lose it; nothing written:\n"
      "  b.json:1:2: a \"$schema\" member (the bank does not keep it)\n");
}

// The refusal is decided from the parsed JSON: a "$schema" inside extensions is kept with them.
TEST(FmtTest, KeepsASchemaMemberInsideExtensions) {
  std::string bank =
      "{\n  \"qbank\": 1,\n  \"extensions\": {\n    \"$schema\": \"x\"\n  },\n  \"questions\": "
      "[]\n}\n";
  InMemoryFileSystem fs;
  fs.Add("b.json", bank);
  FmtRun run = Fmt(fs, {"b.json"});
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_NE(run.out.find("\"$schema\": \"x\""), std::string::npos) << run.out;
}

// The XML declaration, however it is spaced, is written again; a processing instruction whose
// target starts with "xml" is not.
TEST(FmtTest, TheXmlDeclarationIsNotAnUnkeptInstruction) {
  InMemoryFileSystem fs;
  std::string quiz =
      "<quiz>\n<question type=\"truefalse\"><name><text>t1</text></name><questiontext><text>"
      "Water boils at 100 C at sea level.</text></questiontext><answer fraction=\"100\"><text>"
      "true</text></answer><answer fraction=\"0\"><text>false</text></answer></question>\n"
      "</quiz>\n";
  for (const char* declaration :
       {"<?xml\nversion=\"1.0\"?>\n", "<?xml\tversion=\"1.0\"?>\n", "<?xml?>\n"}) {
    fs.Add("q.xml", declaration + quiz);
    FmtRun run = Fmt(fs, {"q.xml"});
    EXPECT_EQ(run.rc, kExitOk) << declaration << run.err;
  }
  fs.Add("q.xml", "<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"q.css\"?>\n" + quiz);
  ExpectRefused(fs, {"q.xml"},
                "qbank fmt: q.xml: not formatted: qbank does not keep what these places hold, so "
                "writing the file back would lose it; nothing written:\n"
                "  q.xml:2:1: an XML processing instruction\n");
}

// A warning fmt's output would not keep (reading it back does not give the warning again: the
// lines after the category line would be set off by a blank line, which Moodle reads otherwise).
TEST(FmtTest, RefusesAFileReadWithWarnings) {
  ExpectFileRefused(
      "q.gift", "$CATEGORY: $course$/top/Gases\n::q1::Which gas? {=CO2 ~He}\n",
      "q.gift:2:1: warning: no blank line after the $CATEGORY: line; read as a question "
      "(Moodle would read these lines as part of the category's name)\n"
      "::q1::Which gas? {=CO2 ~He}\n^\n"
      "qbank fmt: q.gift: not formatted: written back, the file would no longer say what this "
      "warning is about (it would say what qbank read, not what the file says); fix it first; "
      "nothing written\n");
}

// A warning about content fmt writes back as it is (grades Moodle's editor would not save) is
// shown, and the file formatted: printed, checked and written.
TEST(FmtTest, FormatsAFileWhoseWarningsItKeeps) {
  std::string warning =
      "q.gift:1:1: warning: the positive grades of this multiple-answer question add up to 80%, "
      "not 100%; Moodle refuses to save it (\"The grades do not add up to 100%\")\n"
      "Pick two {~%40%a ~%40%b ~c}\n^\n";
  std::string canonical = "Pick two {\n~%40%a\n~%40%b\n~c\n}\n";
  InMemoryFileSystem fs;
  fs.Add("q.gift", "Pick two {~%40%a ~%40%b ~c}\n");
  FmtRun run = Fmt(fs, {"q.gift"});
  EXPECT_EQ(run.rc, kExitOk);
  EXPECT_EQ(run.err, warning);
  EXPECT_EQ(run.out, canonical);
  FmtRun check = Fmt(fs, {"q.gift"}, /*check=*/true);
  EXPECT_EQ(check.rc, kExitCheckFailed);
  EXPECT_EQ(check.err, warning + "q.gift:1:11: not normalised (run `qbank fmt --write q.gift`)\n");
  FmtRun write = Fmt(fs, {"q.gift"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(write.rc, kExitOk);
  EXPECT_EQ(write.err, warning);
  EXPECT_EQ(write.out, "formatted q.gift\n");
  EXPECT_EQ(fs.files().at("q.gift"), canonical);
  // The written file still says what the warning is about.
  check = Fmt(fs, {"q.gift"}, /*check=*/true);
  EXPECT_EQ(check.rc, kExitOk);
  EXPECT_EQ(check.err, warning.substr(0, warning.find('\n') + 1) + "Pick two {\n^\n");
}

// Every warning a reader gives (grep AddWarning in lib/formats), from a file made to trigger it
// alone: formatted when fmt's output keeps what the warning is about (reading it back gives the
// same warning), refused otherwise, as docs/formats/README.md's table says.
TEST(FmtTest, EachImportWarningIsKeptOrRefused) {
  struct Case {
    const char* path;
    const char* text;
    const char* warning;  // the start of the warning's message
    bool formatted;
  };
  const std::string kQuiz = "<?xml version=\"1.0\"?>\n<quiz>\n";
  const std::string kMulti =
      "<question type=\"multichoice\"><name><text>Q1</text></name><questiontext><text>Pick"
      "</text></questiontext>";
  const std::string kEnd = "</question>\n</quiz>\n";
  const std::string orphan = kQuiz + "<question type=\"category\"><name><text>c</text></name>" +
                             "</question>\n" + kMulti +
                             "<answer fraction=\"100\"><text>a</text></answer>" +
                             "<answer fraction=\"0\"><text>b</text></answer>" + kEnd;
  const std::string empty_single =
      kQuiz + kMulti + "<single></single><answer fraction=\"50\"><text>a</text>" +
      "</answer><answer fraction=\"50\"><text>b</text></answer>" + kEnd;
  const std::string grades = kQuiz + kMulti +
                             "<single>false</single><answer fraction=\"40\"><text>a</text>" +
                             "</answer><answer fraction=\"40\"><text>b</text></answer>" + kEnd;
  const std::string no_full = kQuiz +
                              "<question type=\"shortanswer\"><name><text>Q1</text></name>"
                              "<questiontext><text>Name it</text></questiontext>"
                              "<answer fraction=\"50\"><text>half</text></answer>" +
                              kEnd;
  const Case cases[] = {
      {"q.gift", "::Title What is 2+2? {=4 ~5}\n", "no '::' closes this title", false},
      {"q.gift", "Is the sky blue? {true}\n", "\"true\" is read as a short answer", false},
      {"q.gift", "A description\n::T2:: goes on\n", "a title on a new line inside", false},
      {"q.gift", "Text\n::T2:: goes on {=a ~b}\n", "a title on a new line inside", false},
      {"q.gift", "The cat {=sat ~stood} on\n::T2:: next\n", "a title on a new line after", false},
      {"q.gift", "Pick one {=%50%half ~no ~also no}\n", "a weight after '='", true},
      {"q.gift", "Pick one {plain ~b =c}\n", "an answer without '=' or '~'", false},
      {"q.gift", "Pick one {~=right ~wrong}\n", "\"~=\" reads as an empty wrong answer", false},
      {"q.gift", "Pick one {=right ~ ~wrong}\n", "an answer with no text after '~'", false},
      {"q.gift", "How many? {#4 ~ignored #fb}\n", "the text between '~' and '#'", false},
      {"q.gift", "How many? {#4 ~#fb1 ~#fb2}\n", "a second '~' in a numerical answer", false},
      {"q.gift", "Sky blue? {T#no#yes#more}\n", "a third '#' in a true/false answer", false},
      {"q.gift", "// qbank-bank: {x\n\nQ? {=a ~b}\n", "a '// qbank-bank:' comment", true},
      {"q.gift", "$CATEGORY: c\nQ? {=a ~b}\n", "no blank line after the $CATEGORY:", false},
      {"q.gift", "Pick two {~%40%a ~%40%b ~c}\n", "the positive grades", true},
      {"q.gift", "Short {=%50%a}\n", "no answer of this short-answer question", true},
      {"q.gift", "// qbank-meta: {x\nQ? {=a ~b}\n", "a '// qbank-meta:' comment", true},
      {"q.xml", orphan.c_str(), "category question without <category>", false},
      {"q.xml", empty_single.c_str(), "empty <single>", false},
      {"q.xml", grades.c_str(), "the positive grades", true},
      {"q.xml", no_full.c_str(), "no answer of this short-answer question", true},
      {"q.txt", "Q?\nA. one\nC. two\nANSWER: A\n", "option lettered C where B", false},
      {"q.txt", "Q?\nA. one\nC. two\nB. three\nANSWER: C\n", "option lettered C", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    InMemoryFileSystem fs;
    fs.Add(c.path, c.text);
    FmtRun run = Fmt(fs, {c.path}, /*check=*/false, /*write=*/true);
    std::string head = std::string(c.path) + ":";
    EXPECT_EQ(run.err.rfind(head, 0), 0u) << run.err;
    EXPECT_NE(run.err.find(std::string(": warning: ") + c.warning), std::string::npos) << run.err;
    if (c.formatted) {
      EXPECT_EQ(run.rc, kExitOk) << run.err;
      EXPECT_EQ(run.err.find("not formatted"), std::string::npos) << run.err;
      // Written, and the written file still gives the warning: fmt kept what it is about.
      FmtRun check = Fmt(fs, {c.path}, /*check=*/true);
      EXPECT_EQ(check.rc, kExitOk) << check.err;
      EXPECT_NE(check.err.find(std::string(": warning: ") + c.warning), std::string::npos)
          << fs.files().at(c.path);
    } else {
      EXPECT_EQ(run.rc, kExitError);
      EXPECT_NE(run.err.find("not formatted: written back, the file would no longer say what"),
                std::string::npos)
          << run.err;
      EXPECT_EQ(fs.files().at(c.path), c.text);
    }
  }
}

TEST(FmtTest, RefusesAFileWithInputErrors) {
  ExpectFileRefused(
      "q.txt", "Which gas?\nA. CO2\nB. He\nANSWER: C\n",
      "q.txt:4:9: error: expected the letter of an option (A to B), but \"ANSWER: C\" names "
      "no option\nANSWER: C\n        ^\n"
      "qbank fmt: q.txt: not formatted: 1 input error; nothing written\n");
}

TEST(FmtTest, RefusesWhatTheWriterWouldDrop) {
  // QTI inline feedback is read but not written back (the fixture's XML comment taken out, so
  // the writer's loss is what refuses it).
  std::string text = ReadSourceFile("tests/formats/testdata/qti/choice_inline_feedback_21.xml");
  size_t comment = text.find("<!--");
  ASSERT_NE(comment, std::string::npos);
  text.erase(comment, text.find("-->", comment) + 3 - comment);
  ExpectFileRefused(
      "item.xml", text,
      "qbank fmt: item.xml: not formatted: the qti21 writer cannot write back everything "
      "the file holds; nothing written:\n"
      "  item.xml:3: question chem-007 would lose extensions.qti.feedback\n");
  ExpectStubRefused(
      StubFormat::Fault::kWriterLoses,
      "qbank fmt: q.stub: not formatted: the stub writer cannot write back everything the "
      "file holds; nothing written:\n"
      "  q.stub:1: question q-76bc98e112373c22 would lose extensions.stub\n");
}

TEST(FmtTest, RefusesWhatWouldReadBackDifferently) {
  ExpectStubRefused(
      StubFormat::Fault::kReadsBackChanged,
      "qbank fmt: q.stub: not formatted: written back as stub, these fields would not "
      "read back as they are; nothing written:\n"
      "  q.stub:1: question q-76bc98e112373c22: id, stem\n");
}

// A file its writer writes back byte for byte is not read back: reading the same bytes again
// gives what the first read gave. A file that changes is read back and compared.
TEST(FmtTest, ACanonicalFileIsNotReadBack) {
  formats::Registry registry;
  auto stub = std::make_unique<StubFormat>(StubFormat::Fault::kNone);
  const StubFormat& format = *stub;
  registry.Add(std::move(stub));
  InMemoryFileSystem fs;
  fs.Add("q.stub", "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"q.stub"}, /*check=*/true, /*write=*/false, &registry);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(format.imports(), 1);
  fs.Add("q.stub", "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  run = Fmt(fs, {"q.stub"}, /*check=*/true, /*write=*/false, &registry);
  EXPECT_EQ(run.rc, kExitCheckFailed) << run.err;
  EXPECT_EQ(format.imports(), 3);
}

TEST(FmtTest, RefusesAFileItsFormatDoesNotWriteBack) {
  ExpectStubRefused(StubFormat::Fault::kNoWriteBack,
                    "qbank fmt: q.stub: the stub writer does not write this kind of file back "
                    "(docs/formats/README.md, 'qbank fmt')\n");
}

// The exporter's package holds the items alone, under its own paths and manifest: written back,
// a package would lose its other files (an image here), the user's item paths and manifest, and
// the XML comments in its members. fmt leaves zip packages as they are.
TEST(FmtTest, LeavesQtiZipPackagesAsTheyAre) {
  std::vector<zip::Entry> entries;
  for (const char* name : {"imsmanifest.xml", "test.xml", "items/phys 2.xml", "items/phys-1.xml"}) {
    entries.push_back(
        {name, ReadSourceFile(std::string("tests/formats/testdata/qti/package21/") + name)});
  }
  entries.push_back({"images/diagram.png", std::string("\x89PNG\r\n\x1a\n", 8)});
  Result<std::string> package = zip::Write(entries);
  ASSERT_TRUE(package.ok()) << package.status().ToString();
  ExpectFileRefused("pkg.zip", *package,
                    "qbank fmt: pkg.zip: the qti21 writer does not write this kind of file back "
                    "(docs/formats/README.md, 'qbank fmt')\n");
  // In a folder, skipped with a note; the folder's other files are formatted.
  InMemoryFileSystem fs;
  fs.Add("bank/pkg.zip", *package);
  fs.Add("bank/q.txt", "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"bank"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(run.err,
            "qbank fmt: note: skipped bank/pkg.zip: the qti21 writer does not write this kind of "
            "file back (docs/formats/README.md, 'qbank fmt')\n");
  EXPECT_EQ(run.out, "formatted bank/q.txt\n");
  EXPECT_EQ(fs.files().at("bank/pkg.zip"), *package);
}

TEST(FmtTest, RefusesWhatTheReaderDoesNotKeepInAnySource) {
  ExpectStubRefused(StubFormat::Fault::kUnkeptInMember,
                    "qbank fmt: q.stub: not formatted: qbank does not keep what these places hold, "
                    "so writing the file back would lose it; nothing written:\n"
                    "  q.stub!/member.xml:2:1: an XML comment\n");
}

TEST(FmtTest, FoldersSkipReadmesAndBaselines) {
  InMemoryFileSystem fs;
  fs.Add("bank/README.md", "# About\n\nThese are the gas questions.\n");
  fs.Add("bank/baseline.json",
         "{\n  \"entries\": [],\n  \"generator\": \"qbank 0.1.0\",\n  \"kind\": "
         "\"qbank-baseline\",\n  \"version\": 1\n}\n");
  fs.Add("bank/q.txt", "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"bank"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(run.out, "formatted bank/q.txt\n");
  EXPECT_EQ(fs.files().at("bank/README.md"), "# About\n\nThese are the gas questions.\n");
}

TEST(FmtTest, FromForcesTheFormat) {
  InMemoryFileSystem fs;
  fs.Add("q.quiz", "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  FmtOptions options;
  options.inputs = {"q.quiz"};
  options.from = "aiken";
  FmtRun run = RunWith(options, fs);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(run.out, "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
  options.from = "dump";
  run = RunWith(options, fs);
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_NE(run.err.find("fmt cannot read and write the format 'dump'"), std::string::npos);
}

// An in-memory file system that counts how often each file is read.
class CountingFileSystem : public InMemoryFileSystem {
 public:
  Result<std::string> ReadFile(const std::string& path) const override {
    ++reads_[path];
    return InMemoryFileSystem::ReadFile(path);
  }
  std::map<std::string, int>& reads() const { return reads_; }

 private:
  mutable std::map<std::string, int> reads_;
};

// Each file is read once, in a folder and named directly, whatever fmt does with it: the bytes
// fmt compares and writes over are the bytes the bank was read from.
TEST(FmtTest, ReadsEachFileOnce) {
  CountingFileSystem fs;
  fs.Add("bank/q.txt", "Which gas?\nA. CO2\nB. He\nANSWER: A\n");
  fs.Add("bank/r.gift", "::r1::Which gas? {=He ~CO2}\n");
  fs.Add("bank/README.md", "# About\n");
  fs.Add("s.txt", "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"bank", "s.txt"}, /*check=*/true);
  EXPECT_EQ(run.rc, kExitCheckFailed) << run.err;
  EXPECT_EQ(fs.reads(),
            (std::map<std::string, int>{
                {"bank/README.md", 1}, {"bank/q.txt", 1}, {"bank/r.gift", 1}, {"s.txt", 1}}));
  fs.reads().clear();
  run = Fmt(fs, {"bank"}, /*check=*/false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
  EXPECT_EQ(fs.reads().at("bank/q.txt"), 1);
  EXPECT_EQ(fs.reads().at("bank/r.gift"), 1);
}

// Folders are walked as the importer walks them: a folder with no question file is an error, as
// for lint, also beside another folder that has one.
TEST(FmtTest, AFolderWithoutQuestionFilesIsAnError) {
  InMemoryFileSystem fs;
  fs.Add("empty/README.md", "# Nothing here yet\n");
  fs.Add("bank/q.txt", "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
  FmtRun run = Fmt(fs, {"empty", "bank"}, /*check=*/true);
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.err, "qbank fmt: empty: no question file of a known format in this folder\n");
}

// `qbank fmt -`: standard input's canonical form on stdout; its format from --from, else from
// --stdin-filename, else from its content.
FmtRun FmtStdin(const std::string& input, const std::string& from,
                const std::string& stdin_filename, bool check = false, bool write = false) {
  InMemoryFileSystem fs;
  FmtOptions options;
  options.inputs = {"-"};
  options.from = from;
  options.stdin_filename = stdin_filename;
  options.check = check;
  options.write = write;
  std::istringstream in(input);
  options.stdin_stream = &in;
  return RunWith(options, fs);
}

TEST(FmtStdinTest, PrintsTheCanonicalForm) {
  const std::string aiken = "Which gas?\nA. CO2\nB. He\nANSWER: A\n";
  const std::string canonical = "Which gas?\nA) CO2\nB) He\nANSWER: A\n";
  for (const auto& [from, name] : std::vector<std::pair<std::string, std::string>>{
           {"aiken", ""}, {"", "quiz.txt"}, {"", ""}}) {
    FmtRun run = FmtStdin(aiken, from, name);
    EXPECT_EQ(run.rc, kExitOk) << run.err;
    EXPECT_EQ(run.out, canonical);
    EXPECT_EQ(run.err, "");
  }
  // The name's extension picks the format.
  FmtRun gift = FmtStdin("::q1::Which gas?{=He ~CO2}\n", "", "quiz.gift");
  EXPECT_EQ(gift.rc, kExitOk) << gift.err;
  EXPECT_EQ(gift.out, "::q1::Which gas? {\n=He\n~CO2\n}\n");
}

TEST(FmtStdinTest, CheckNamesTheFirstDifference) {
  FmtRun run = FmtStdin("Which gas?\nA) CO2\nB. He\nANSWER: A\n", "aiken", "", /*check=*/true);
  EXPECT_EQ(run.rc, kExitCheckFailed);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "<stdin>:3:2: not normalised (`qbank fmt -` prints the canonical form)\n");
  run = FmtStdin("Which gas?\nA) CO2\nB. He\nANSWER: A\n", "", "drafts/q.txt", /*check=*/true);
  EXPECT_EQ(run.err,
            "drafts/q.txt:3:2: not normalised (`qbank fmt -` prints the canonical form)\n");
  run = FmtStdin("Which gas?\nA) CO2\nB) He\nANSWER: A\n", "", "", /*check=*/true);
  EXPECT_EQ(run.rc, kExitOk) << run.err;
}

TEST(FmtStdinTest, UsageAndInputErrors) {
  FmtRun run = FmtStdin("Which gas?\nA. CO2\nB. He\nANSWER: A\n", "", "", false, /*write=*/true);
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.err,
            "qbank fmt: --write cannot rewrite standard input ('-'); without --write, the "
            "canonical form is printed\n");
  run = FmtStdin("no question here\n", "", "");
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.err,
            "qbank fmt: <stdin>: cannot tell the format of standard input; name it with --from "
            "FORMAT or --stdin-filename NAME\n");
  // Refused as a file is: nothing on stdout.
  run = FmtStdin("Which gas?\nA. CO2\nB. He\nANSWER: C\n", "aiken", "");
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("qbank fmt: <stdin>: not formatted: 1 input error"), std::string::npos)
      << run.err;
  InMemoryFileSystem fs;
  fs.Add("q.txt", "Which gas?\nA) CO2\nB) He\nANSWER: A\n");
  FmtOptions options;
  options.inputs = {"q.txt"};
  options.stdin_filename = "x.txt";
  run = RunWith(options, fs);
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_EQ(run.err,
            "qbank fmt: --stdin-filename names standard input; give '-' among the inputs\n");
}

// ---- fmt(fmt(x)) == fmt(x) over every fixture and sample ----

std::vector<std::string> FixturesAndSamples() {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const char* dir : {"tests/formats/testdata", "samples", "tests/cli/testdata/fmt"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(QBANK_SOURCE_DIR) / dir)) {
      if (!e.is_regular_file()) continue;
      std::string rel = fs::relative(e.path(), QBANK_SOURCE_DIR).string();
      if (formats::Registry::Default().KnowsExtension(rel)) files.push_back(rel);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class FmtIdempotenceTest : public ::testing::TestWithParam<std::string> {};

TEST_P(FmtIdempotenceTest, SecondRunChangesNothing) {
  namespace stdfs = std::filesystem;
  std::string path = std::string(QBANK_SOURCE_DIR) + "/" + GetParam();
  FmtRun first = Fmt(RealFileSystem(), {path});
  if (first.rc != kExitOk) {
    EXPECT_EQ(first.rc, kExitError) << first.err;
    EXPECT_EQ(first.out, "");  // a refused or unreadable file prints nothing
    GTEST_SKIP() << "not formatted: " << first.err;
  }
  stdfs::path dir = stdfs::temp_directory_path() / ("qbank_fmt_idem_" + std::to_string(getpid()));
  stdfs::create_directories(dir);
  std::string copy = (dir / stdfs::path(path).filename()).string();
  {
    std::ofstream o(copy, std::ios::binary);
    o << first.out;
  }
  FmtRun second = Fmt(RealFileSystem(), {copy});
  EXPECT_EQ(second.rc, kExitOk) << second.err;
  EXPECT_EQ(second.out, first.out);
  FmtRun check = Fmt(RealFileSystem(), {copy}, /*check=*/true);
  EXPECT_EQ(check.rc, kExitOk) << check.err;
  stdfs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FmtIdempotenceTest, ::testing::ValuesIn(FixturesAndSamples()),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return n;
                         });

// The idempotence test skips refused files; this one makes sure it is not vacuous: for every
// format fmt can write, a fixture it formats.
TEST(FmtIdempotenceCoverage, EveryWritableFormatHasAFormattedFixture) {
  std::map<std::string, std::string> one_per_format = {
      {"aiken", "tests/formats/testdata/aiken/golden_export.txt"},
      {"blackboard", "tests/formats/testdata/blackboard/upload.txt"},
      {"brightspace", "tests/formats/testdata/brightspace/template.csv"},
      {"text2qti", "tests/formats/testdata/text2qti/quiz.txt"},
      {"csv", "tests/formats/testdata/csv/full_layout.csv"},
      {"gift", "tests/formats/testdata/gift/all_types.gift"},
      {"json", "samples/bank.json"},
      {"md", "tests/formats/testdata/md/drafts.md"},
      {"moodle-xml", "tests/formats/testdata/moodle_xml/all_types.golden.xml"},
      {"page", "samples/pages/01_dns_ttl.txt"},
      {"qti21", "tests/formats/testdata/qti/hist-1.qti21.golden.xml"},
      {"qti30", "tests/formats/testdata/qti/hist-1.qti30.golden.xml"},
  };
  for (const auto& [format, file] : one_per_format) {
    FmtRun run = Fmt(RealFileSystem(), {std::string(QBANK_SOURCE_DIR) + "/" + file});
    EXPECT_EQ(run.rc, kExitOk) << format << ": " << run.err;
  }
}

}  // namespace
}  // namespace qbank::commands
