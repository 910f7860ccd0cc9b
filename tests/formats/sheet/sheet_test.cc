// Tests of the spreadsheet formats: header recognition (sheet_columns), explicit mappings, the
// lenient key, delimiters, the export layouts, and xlsx/ods written and read back with every place
// a cell. Files written by other programs are tested in sheet_interop_test.sh.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "base/source_span.h"
#include "formats/csv/csv_format.h"
#include "formats/registry.h"
#include "formats/sheet/sheet_columns.h"
#include "formats/sheet/workbook.h"
#include "formats/sheet/workbook_formats.h"
#include "zip/zip_archive.h"

namespace qbank::formats {
namespace {

const std::string kTestData = std::string(QBANK_SOURCE_DIR) + "/tests/formats/testdata/sheets/";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Imported {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
  Status status;
};

std::unique_ptr<Imported> Import(const Format& format, const std::string& path, std::string content,
                                 SheetOptions sheet = {}) {
  auto out = std::make_unique<Imported>();
  auto source = std::make_shared<const SourceText>(path, std::move(content));
  ImportContext ctx;
  ctx.bank = &out->bank;
  ctx.file = out->bank.AddSource(source);
  ctx.errors = &out->errors;
  ctx.warnings = &out->warnings;
  ctx.sheet = std::move(sheet);
  out->status = format.Import(*source, ctx);
  return out;
}

std::unique_ptr<Imported> ImportCsv(const std::string& path, std::string content,
                                    SheetOptions sheet = {}) {
  return Import(CsvFormat(), path, std::move(content), std::move(sheet));
}

std::unique_ptr<Imported> ImportFixture(const std::string& name, SheetOptions sheet = {}) {
  return ImportCsv(kTestData + name, ReadFile(kTestData + name), std::move(sheet));
}

// The keys of every question as letters joined by ';' ("B", "A;C").
std::vector<std::string> Keys(const model::Bank& bank) {
  std::vector<std::string> keys;
  for (const model::Question& q : bank.questions) {
    std::string key;
    for (size_t k = 0; k < q.options.size(); ++k) {
      if (!q.options[k].correct) continue;
      if (!key.empty()) key += ';';
      key += model::OptionLetter(k);
    }
    keys.push_back(key);
  }
  return keys;
}

std::string Errors(const Imported& imported) {
  std::string out = imported.status.ok() ? "" : imported.status.ToString() + "\n";
  for (const Diagnostic& d : imported.errors) out += d.ToString() + "\n";
  return out;
}

TEST(SheetColumnsTest, NormalizeDropsDecorationsCaseAndPunctuation) {
  EXPECT_EQ(sheet::NormalizeHeader("Question - max 120 characters"), "question");
  EXPECT_EQ(sheet::NormalizeHeader("Correct answer(s) - choose at least one"), "correct answer");
  EXPECT_EQ(sheet::NormalizeHeader("Time limit (sec) \xE2\x80\x93 5, 10, 20"), "time limit");
  EXPECT_EQ(sheet::NormalizeHeader("  OPTION_A "), "option a");
  EXPECT_EQ(sheet::NormalizeHeader("choice0"), "choice 0");
  EXPECT_EQ(sheet::NormalizeHeader("\xEF\xBB\xBFQuestion"), "question");
}

TEST(SheetColumnsTest, RecognisesTheCommonNames) {
  std::vector<std::string> cells = {"Question",       "Option A",   "Answer 2",         "Choice 3",
                                    "Correct Answer", "Feedback A", "General feedback", "Topic",
                                    "Points",         "Type"};
  sheet::RecognisedHeader h = sheet::RecogniseHeader(cells, {});
  EXPECT_EQ(h.fields,
            (std::vector<std::string>{"stem", "option_a", "option_b", "option_c", "key",
                                      "rationale_a", "explanation", "domain", "points", "type"}));
  EXPECT_FALSE(h.zero_based);
  EXPECT_EQ(sheet::RecogniseHeader({"question", "choice0", "choice1"}, {}).fields,
            (std::vector<std::string>{"stem", "option_a", "option_b"}));
  EXPECT_TRUE(sheet::RecogniseHeader({"question", "choice0", "choice1"}, {}).zero_based);
}

TEST(SheetColumnsTest, DescribesTheMapping) {
  sheet::RecognisedHeader h = sheet::RecogniseHeader({"Q", "Option A"}, {});
  EXPECT_EQ(sheet::DescribeMapping({"Q", "Option A"}, h), "\"Q\" -> ?, \"Option A\" -> option_a");
}

TEST(SheetColumnsTest, MappingParsesAndRefusesUnknownFields) {
  Result<sheet::ColumnMapping> m = sheet::ParseColumnMapping("Q=stem, Opt1=option_a,Good=key");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  ASSERT_EQ(m->pairs.size(), 3u);
  EXPECT_EQ(m->pairs[1], (std::pair<std::string, std::string>{"opt 1", "option_a"}));
  Result<sheet::ColumnMapping> bad = sheet::ParseColumnMapping("Q=stme");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("unknown field 'stme' for \"Q\"; did you mean 'stem'?"),
            std::string::npos)
      << bad.status().message();
  EXPECT_FALSE(sheet::ParseColumnMapping("Q").ok());
}

// The six header styles of the fixtures, each with the keys its rows mean.
TEST(SheetHeadersTest, VendorSheet) {
  auto imported = ImportFixture("vendor.csv");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"B", "A;C"}));
  const model::Question& q = imported->bank.questions[0];
  EXPECT_EQ(q.id.value, "NET-101");
  EXPECT_EQ(q.domain->value, "Networking");
  EXPECT_EQ(q.difficulty->value, "easy");
  EXPECT_EQ(q.options[2].rationale->value, "Port 22 is SSH.");
  EXPECT_EQ(imported->bank.questions[1].type, model::QuestionType::kMultipleAnswer);
}

TEST(SheetHeadersTest, KahootTemplate) {
  auto imported = ImportFixture("kahoot.csv");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"B", "A;C"}));
  ASSERT_EQ(imported->bank.questions[0].options.size(), 4u);
  const model::Value& ext = imported->bank.questions[0].extensions;
  ASSERT_TRUE(ext.is_object());
  EXPECT_EQ(ext.as_object().at("sheet").as_object().at("time_limit").as_string(), "20");
}

TEST(SheetHeadersTest, GoogleFormsExport) {
  auto imported = ImportFixture("google_forms.csv");
  ASSERT_EQ(Errors(*imported), "");
  // Keys as the options' text: "100", and "Two;Five".
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"B", "A;C"}));
  EXPECT_EQ(imported->bank.questions[0].type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(imported->bank.questions[1].type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(imported->bank.questions[0].explanation.value,
            "Water boils at 100 \xC2\xB0"
            "C at one atmosphere.");
}

TEST(SheetHeadersTest, SemicolonCsvFromAEuropeanExcel) {
  auto imported = ImportFixture("semicolon.csv");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"B", "A"}));
  EXPECT_EQ(imported->bank.questions[1].options[0].text.value, "0,75");
  EXPECT_EQ(imported->bank.questions[0].domain->value, "Chemistry");
}

TEST(SheetHeadersTest, TabSeparated) {
  auto imported = ImportFixture("choices.tsv");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"B", "B"}));
  ASSERT_EQ(imported->bank.questions[0].tags.size(), 2u);
  EXPECT_EQ(imported->bank.questions[0].tags[1].value, "anatomy");
}

TEST(SheetHeadersTest, MmluSheet) {
  auto imported = ImportFixture("astronomy_test.csv");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"C", "B"}));
  EXPECT_EQ(imported->bank.questions[0].domain->value, "astronomy");
}

TEST(SheetHeadersTest, CorrectAnswerWithDistractors) {
  auto imported = ImportFixture("distractors.csv");
  ASSERT_EQ(Errors(*imported), "");
  ASSERT_EQ(imported->bank.questions.size(), 1u);
  const model::Question& q = imported->bank.questions[0];
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.options[0].text.value, "Oxygen");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"A"}));
}

TEST(SheetHeadersTest, AnMmluHeaderWithMoreColumnsIsRecognised) {
  // "question" once made the whole header MMLU and refused "Option A".
  auto imported = ImportCsv("t.csv",
                            "Question,Option A,Option B,Option C,Option D,Correct Answer,"
                            "Explanation\nq,a,b,c,d,D,because\n");
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"D"}));
  EXPECT_EQ(imported->bank.questions[0].explanation.value, "because");
}

TEST(SheetKeyTest, AmbiguousAndUnknownKeysAreRowErrors) {
  auto imported = ImportCsv("t.csv",
                            "Question,Option 1,Option 2,Option 3,Answer\n"
                            "q,3,1,2,2\n"
                            "q,x,y,z,w\n"
                            "q,same,same,z,same\n");
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  ASSERT_EQ(imported->errors.size(), 3u) << Errors(*imported);
  EXPECT_EQ(imported->errors[0].ToString(),
            "t.csv:2:9: error: row 2, field 5 (key): key \"2\" names option B as a letter or "
            "number but is the text of option C; expected a key that names one option (write its "
            "letter)");
  EXPECT_EQ(imported->errors[1].ToString(),
            "t.csv:3:9: error: row 3, field 5 (key): key \"w\" names no option; expected letters "
            "among A-C, numbers 1-3 (several separated by ';' or ','), or an option's text");
  EXPECT_EQ(imported->errors[2].ToString(),
            "t.csv:4:15: error: row 4, field 5 (key): key \"same\" is the text of options A, B; "
            "expected a key that names one option (write its letter)");
}

TEST(SheetMappingTest, ColumnsFlagMapsWhatRecognitionCannot) {
  SheetOptions sheet;
  sheet.columns = "Q=stem,Opt1=option_a,Opt2=option_b,Good=key,Notes=ignore";
  auto imported = ImportCsv("t.csv", "Q,Opt1,Opt2,Good,Notes\nWhat?,yes,no,A,skip me\n", sheet);
  ASSERT_EQ(Errors(*imported), "");
  EXPECT_EQ(imported->bank.questions[0].stem.value, "What?");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"A"}));
}

TEST(SheetMappingTest, UnknownColumnNamesTheClosestFieldAndTheMapping) {
  auto imported = ImportCsv("t.csv", "Question,Option A,Option B,Explantion\nq,a,b,c\n");
  EXPECT_EQ(imported->status.ToString(),
            "t.csv:1:28: row 1, field 4: unknown column \"Explantion\"; did you mean "
            "'explanation' (explanation)?; expected a recognised name, a --columns mapping such "
            "as \"Explantion=explanation\", or --keep-unknown (columns read: \"Question\" -> "
            "stem, \"Option A\" -> option_a, \"Option B\" -> option_b, \"Explantion\" -> ?)");
}

TEST(SheetMappingTest, KeepUnknownKeepsTheColumnInExtensions) {
  SheetOptions sheet;
  sheet.keep_unknown = true;
  auto imported =
      ImportCsv("t.csv", "Question,Option A,Option B,Reviewer notes\nq,a,b,check\n", sheet);
  ASSERT_EQ(Errors(*imported), "");
  const model::Value& ext = imported->bank.questions[0].extensions;
  ASSERT_TRUE(ext.is_object());
  EXPECT_EQ(ext.as_object().at("sheet").as_object().at("Reviewer notes").as_string(), "check");
}

TEST(SheetMappingTest, VerboseReportsTheMapping) {
  SheetOptions sheet;
  sheet.verbose = true;
  auto imported = ImportCsv("t.csv", "Prompt,Choice 1,Choice 2,Key\nq,a,b,1\n", sheet);
  ASSERT_EQ(Errors(*imported), "");
  ASSERT_EQ(imported->warnings.size(), 1u);
  EXPECT_EQ(imported->warnings[0].ToString(),
            "t.csv:1:1: warning: columns read: \"Prompt\" -> stem, \"Choice 1\" -> option_a, "
            "\"Choice 2\" -> option_b, \"Key\" -> key");
}

TEST(SheetDialectTest, DelimiterCanBeForced) {
  const std::string sheet = "Question;Option A;Option B;Key\nq;a, or b;c;B\n";
  auto detected = ImportCsv("t.csv", sheet);
  ASSERT_EQ(Errors(*detected), "");
  EXPECT_EQ(detected->bank.questions[0].options[0].text.value, "a, or b");
  // Forced to commas, the header is one unknown column.
  SheetOptions commas;
  commas.delimiter = ',';
  auto forced = ImportCsv("t.csv", sheet, commas);
  EXPECT_EQ(forced->status.ToString(),
            "t.csv:1:1: row 1, field 1: unknown column \"Question;Option A;Option B;Key\"; "
            "expected one of id, type, exam, domain, stem, trap, option_a.., key, rationale_a.., "
            "explanation, stated_answer, tags, difficulty, markup, author_name, author_initials, "
            "author_credentials, author_roles, review_date, review_reviewer, "
            "review_checked_against, origin_statement, origin_references, suppress (or the MMLU "
            "header question,choice0,...,answer)");
}

// `text` (ASCII) as Excel's "Unicode Text" writes it: UTF-16 LE with a byte-order mark.
std::string Utf16Le(std::string_view text) {
  std::string out = "\xFF\xFE";
  for (char c : text) {
    out += c;
    out += '\0';
  }
  return out;
}

// Excel's "Unicode Text" (.txt): detected as a tab-separated sheet by its content, and read.
TEST(SheetDialectTest, ExcelUnicodeTextIsATabSeparatedSheet) {
  std::string sheet = Utf16Le(
      "Question\tOption A\tOption B\tOption C\tCorrect Answer\r\n"
      "Which gas is inert?\tCarbon dioxide\tHelium\tOxygen\tB\r\n");
  const Format* detected = Registry::Default().Detect("bank.txt", sheet);
  ASSERT_NE(detected, nullptr);
  EXPECT_EQ(detected->name(), "csv");
  auto imported = Import(*detected, "bank.txt", sheet);
  ASSERT_EQ(Errors(*imported), "");
  ASSERT_EQ(imported->bank.questions.size(), 1u);
  EXPECT_EQ(imported->bank.questions[0].stem.value, "Which gas is inert?");
  EXPECT_EQ(Keys(imported->bank), std::vector<std::string>{"B"});
  // Other UTF-16 text files keep their own format: an Aiken file, a header without tabs.
  std::string aiken =
      Utf16Le("Which gas is inert?\r\nA. Carbon dioxide\r\nB. Helium\r\nANSWER: B\r\n");
  EXPECT_NE(Registry::Default().Detect("bank.txt", aiken)->name(), "csv");
  std::string commas = Utf16Le("Question,Option A,Option B,Correct Answer\r\nWhich?,x,y,A\r\n");
  EXPECT_NE(Registry::Default().Detect("bank.txt", commas)->name(), "csv");
  // Nor is a UTF-8 .txt with a tab-separated header taken for a sheet.
  EXPECT_NE(Registry::Default()
                .Detect("bank.txt", "Question\tOption A\tOption B\tAnswer\nq\ta\tb\tA\n")
                ->name(),
            "csv");
}

TEST(SheetPlacesTest, CellsPrintAsSheetReferences) {
  EXPECT_EQ(FormatLocation(SheetPath("bank.xlsx", "Sheet1"), 7, 3), "bank.xlsx:Sheet1!C7");
  EXPECT_EQ(FormatLocation(SheetPath("bank.xlsx", "Sheet1"), 2, 27), "bank.xlsx:Sheet1!AA2");
  EXPECT_EQ(FormatLocation(SheetPath("bank.xlsx", "Sheet1"), 2, 0), "bank.xlsx:Sheet1!2");
  EXPECT_EQ(SheetFile("dir/bank.xlsx:Sheet1!"), "dir/bank.xlsx");
  EXPECT_EQ(CellName(1, 702), "ZZ1");
  EXPECT_EQ(CellName(1, 703), "AAA1");
}

model::Bank FixtureBank(const std::string& name) {
  auto imported = ImportFixture(name);
  EXPECT_EQ(Errors(*imported), "");
  return std::move(imported->bank);
}

// What the layouts export, read back with the same keys.
TEST(SheetExportTest, LayoutsWriteTheirHeadersAndReadBack) {
  model::Bank bank = FixtureBank("vendor.csv");
  for (std::string layout : {"qbank", "mmlu", "simple", "kahoot"}) {
    LossReport loss;
    ExportOptions options;
    options.layout = layout;
    Result<std::string> out = CsvFormat().Export(bank, options, loss);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    auto back = ImportCsv(layout == "mmlu" ? "networking_test.csv" : "t.csv", *out);
    ASSERT_EQ(Errors(*back), "") << layout << "\n" << *out;
    // MMLU holds one key.
    EXPECT_EQ(Keys(back->bank), layout == "mmlu" ? (std::vector<std::string>{"B", "A"})
                                                 : (std::vector<std::string>{"B", "A;C"}))
        << layout;
  }
  LossReport loss;
  ExportOptions kahoot;
  kahoot.layout = "kahoot";
  Result<std::string> out = CsvFormat().Export(bank, kahoot, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->substr(0, out->find('\n')),
            "Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 "
            "characters,Answer 3 - max 75 characters,Answer 4 - max 75 characters,\"Time limit "
            "(sec) \xE2\x80\x93 5, 10, 20, 30, 60, 90, 120, or 240 secs\",Correct answer(s) - "
            "choose at least one");
  EXPECT_NE(out->find(",\"1,3\"\n"), std::string::npos) << *out;
  ExportOptions unknown;
  unknown.layout = "kahot";
  EXPECT_EQ(CsvFormat().Export(bank, unknown, loss).status().message(),
            "unknown --layout 'kahot'; did you mean 'kahoot'?; expected qbank, mmlu, simple or "
            "kahoot");
}

TEST(SheetExportTest, ColumnsWriteTheNamedHeader) {
  model::Bank bank = FixtureBank("vendor.csv");
  LossReport loss;
  ExportOptions options;
  options.columns = "Q=stem,Opt1=option_a,Opt2=option_b,Opt3=option_c,Opt4=option_d,Good=key";
  Result<std::string> out = CsvFormat().Export(bank, options, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->substr(0, out->find('\n')), "Q,Opt1,Opt2,Opt3,Opt4,Good");
  SheetOptions sheet;
  sheet.columns = options.columns;
  auto back = ImportCsv("t.csv", *out, sheet);
  ASSERT_EQ(Errors(*back), "");
  EXPECT_EQ(Keys(back->bank), (std::vector<std::string>{"B", "A;C"}));
}

// Kahoot's time limit, kept in extensions.sheet on import, goes back in its own column: not lost.
TEST(SheetExportTest, KahootTimeLimitIsNotCountedAsDropped) {
  auto imported = ImportFixture("kahoot.csv");
  ASSERT_EQ(Errors(*imported), "");
  ASSERT_NE(imported->bank.questions[0].extensions.Find("sheet"), nullptr);
  LossReport loss;
  ExportOptions kahoot;
  kahoot.layout = "kahoot";
  Result<std::string> out = CsvFormat().Export(imported->bank, kahoot, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(loss.ToString().find("extensions.sheet"), std::string::npos) << loss.ToString();
  // The simple layout has no time limit column: there it is lost.
  LossReport simple_loss;
  ExportOptions simple;
  simple.layout = "simple";
  ASSERT_TRUE(CsvFormat().Export(imported->bank, simple, simple_loss).ok());
  EXPECT_NE(simple_loss.ToString().find("extensions.sheet"), std::string::npos);
}

// ODF: the mimetype entry comes first and is stored, so its text stands at offset 38.
TEST(WorkbookTest, OdsMimetypeIsTheFirstEntryAndStored) {
  model::Bank bank = FixtureBank("vendor.csv");
  LossReport loss;
  Result<std::string> out = OdsFormat().Export(bank, ExportOptions{}, loss);
  ASSERT_TRUE(out.ok());
  ASSERT_GT(out->size(), 80u);
  EXPECT_EQ(out->substr(0, 4), "PK\x03\x04");
  EXPECT_EQ(static_cast<unsigned char>((*out)[8]) | static_cast<unsigned char>((*out)[9]) << 8,
            0);  // compression method: stored
  EXPECT_EQ(out->substr(30, 8), "mimetype");
  EXPECT_EQ(out->substr(38, 46), "application/vnd.oasis.opendocument.spreadsheet");
}

// xlsx and ods written by qbank read back as the same bank, and their places are cells.
TEST(WorkbookTest, XlsxAndOdsRoundTrip) {
  model::Bank bank = FixtureBank("vendor.csv");
  bank.questions[0].stem.value = "Two  spaces,\nand a second line\twith a tab";
  for (const Format* format : std::vector<const Format*>{new XlsxFormat(), new OdsFormat()}) {
    std::unique_ptr<const Format> owned(format);
    LossReport loss;
    Result<std::string> out = format->Export(bank, ExportOptions{}, loss);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_GE(format->Sniff("bank." + std::string(format->name()), *out), 90);
    auto back = Import(*format, "bank." + std::string(format->name()), *out);
    ASSERT_EQ(Errors(*back), "") << format->name();
    ASSERT_EQ(back->bank.questions.size(), 2u);
    EXPECT_EQ(back->bank.questions[0].stem.value, bank.questions[0].stem.value);
    EXPECT_EQ(Keys(back->bank), (std::vector<std::string>{"B", "A;C"}));
    const model::Question& q = back->bank.questions[1];
    EXPECT_EQ(FormatLocation(back->bank.SourcePath(q.stem.span.file), q.stem.span.line,
                             q.stem.span.column),
              "bank." + std::string(format->name()) + ":Questions!E3");
    EXPECT_FALSE(q.stem.verbatim);
  }
}

TEST(WorkbookTest, ErrorsNameTheCell) {
  model::Bank bank = FixtureBank("vendor.csv");
  LossReport loss;
  ExportOptions options;
  options.columns = "Question=stem,Option A=option_a,Option B=option_b,Answer=key";
  Result<std::string> out = XlsxFormat().Export(bank, options, loss);
  ASSERT_TRUE(out.ok());
  // Rewrite the written key "B" of row 2 as "E" through a mapping that names no such option:
  // simpler, read it with a header whose key column is the stem.
  SheetOptions sheet;
  sheet.columns = "Question=stem,Option A=option_a,Option B=option_b,Answer=option_c";
  auto back = Import(XlsxFormat(), "bank.xlsx", *out, sheet);
  ASSERT_TRUE(back->status.ok()) << back->status.ToString();
  EXPECT_EQ(back->bank.questions[0].options[2].text.value, "B");
  EXPECT_EQ(FormatLocation(back->bank.SourcePath(back->bank.questions[0].options[2].span.file),
                           back->bank.questions[0].options[2].span.line,
                           back->bank.questions[0].options[2].span.column),
            "bank.xlsx:Questions!D2");
  auto missing = Import(XlsxFormat(), "bank.xlsx", *out, SheetOptions{"", false, 0, "Qs", false});
  EXPECT_EQ(missing->status.ToString(), "bank.xlsx: no sheet 'Qs'; the workbook has 'Questions'");
}

// A workbook as Excel writes it: shared strings, one of them rich text in runs, a number, a
// boolean and an inline string; no relationship part (the sheet found by its usual name).
TEST(WorkbookTest, XlsxSharedRichAndInlineStrings) {
  const std::string ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  std::string workbook = "<workbook xmlns=\"" + ns +
                         "\" xmlns:r=\"r\"><sheets><sheet name=\"Data\" sheetId=\"1\" "
                         "r:id=\"rId1\"/></sheets></workbook>";
  std::string strings = "<sst xmlns=\"" + ns +
                        "\"><si><t>Question</t></si><si><t>Option A</t></si>"
                        "<si><t>Option B</t></si><si><t>Key</t></si>"
                        "<si><r><t>Which is </t></r><r><rPr><b/></rPr><t>not</t></r>"
                        "<r><t xml:space=\"preserve\"> even?</t></r>"
                        "<rPh><t>phonetic</t></rPh></si></sst>";
  std::string sheet =
      "<worksheet xmlns=\"" + ns +
      "\"><sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v>"
      "</c><c r=\"C1\" t=\"s\"><v>2</v></c><c r=\"D1\" t=\"s\"><v>3</v></c></row>"
      "<row r=\"3\"><c r=\"A3\" t=\"s\"><v>4</v></c><c r=\"B3\"><v>4.5</v></c>"
      "<c r=\"C3\" t=\"b\"><v>1</v></c><c r=\"D3\" t=\"inlineStr\"><is><t>A</t></is></c></row>"
      "</sheetData></worksheet>";
  Result<std::string> bytes = zip::Write({{"xl/workbook.xml", workbook},
                                          {"xl/sharedStrings.xml", strings},
                                          {"xl/worksheets/sheet1.xml", sheet}});
  ASSERT_TRUE(bytes.ok());
  auto imported = Import(XlsxFormat(), "x.xlsx", *bytes);
  ASSERT_EQ(Errors(*imported), "");
  ASSERT_EQ(imported->bank.questions.size(), 1u);
  const model::Question& q = imported->bank.questions[0];
  EXPECT_EQ(q.stem.value, "Which is not even?");
  EXPECT_EQ(q.options[0].text.value, "4.5");
  EXPECT_EQ(q.options[1].text.value, "TRUE");
  EXPECT_EQ(Keys(imported->bank), (std::vector<std::string>{"A"}));
  EXPECT_EQ(FormatLocation(imported->bank.SourcePath(q.span.file), q.span.line, q.span.column),
            "x.xlsx:Data!A3");
}

}  // namespace
}  // namespace qbank::formats
