// Tests of the csv format: RFC 4180 reading and writing, both layouts, every malformation with its
// exact message, the MMLU data, the qbank layout round trip and a large input.
#include "formats/csv/csv_format.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "formats/csv/csv_table.h"
#include "formats/registry.h"

namespace qbank::formats {
namespace {

const std::string kTestData = std::string(QBANK_SOURCE_DIR) + "/tests/formats/testdata/csv/";
const std::string kMmluDir = std::string(QBANK_SOURCE_DIR) + "/../shared/data/mmlu-test/";
constexpr size_t kTwentyMegabytes = size_t{20} * 1024 * 1024;

struct Imported {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  Status status;
};

// Imports `content` as the file `path`; row errors are collected unless `collect` is false.
std::unique_ptr<Imported> ImportCsv(const std::string& path, std::string content,
                                    bool collect = true, const std::string& encoding = "") {
  auto out = std::make_unique<Imported>();
  auto source = std::make_shared<const SourceText>(path, std::move(content));
  ImportContext ctx;
  ctx.bank = &out->bank;
  ctx.file = out->bank.AddSource(source);
  ctx.errors = collect ? &out->errors : nullptr;
  ctx.encoding = encoding;
  out->status = CsvFormat().Import(*source, ctx);
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every record of `content` read with CsvReader; fails the test on an error.
std::vector<CsvRecord> ReadAll(const std::string& content, SourceText** keep = nullptr) {
  static std::vector<std::unique_ptr<SourceText>> sources;  // outlive the records' use
  sources.push_back(std::make_unique<SourceText>("t.csv", content));
  if (keep != nullptr) *keep = sources.back().get();
  CsvReader reader(*sources.back());
  std::vector<CsvRecord> records;
  while (true) {
    CsvRecord record;
    Result<bool> got = reader.Next(&record);
    EXPECT_TRUE(got.ok()) << got.status().ToString();
    if (!got.ok() || !*got) break;
    records.push_back(std::move(record));
  }
  return records;
}

// The message of the import's stopping error (the test fails if the import succeeded).
std::string StopMessage(const std::string& content, const std::string& path = "t.csv") {
  auto imported = ImportCsv(path, content);
  EXPECT_FALSE(imported->status.ok()) << "the import should have failed";
  return imported->status.ToString();
}

// The row errors of an import that otherwise succeeded, as "path:line:col: error: message".
std::vector<std::string> RowErrors(const std::string& content) {
  auto imported = ImportCsv("t.csv", content);
  EXPECT_TRUE(imported->status.ok()) << imported->status.ToString();
  std::vector<std::string> out;
  for (const Diagnostic& d : imported->errors) out.push_back(d.ToString());
  return out;
}

// ---------------------------------------------------------------------------------------------
// RFC 4180 reading

TEST(CsvReaderTest, QuotedFieldsWithEscapesCommasAndLineBreaks) {
  std::vector<CsvRecord> records =
      ReadAll("plain,\"a, b\",\"say \"\"hi\"\"\",\"two\nlines\",\n\"\",x\n");
  ASSERT_EQ(records.size(), 2u);
  const std::vector<CsvCell>& c = records[0].cells;
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0].value, "plain");
  EXPECT_EQ(c[1].value, "a, b");
  EXPECT_EQ(c[2].value, "say \"hi\"");
  EXPECT_EQ(c[3].value, "two\nlines");
  EXPECT_EQ(c[4].value, "");  // a comma at the end of the line leaves an empty last field
  EXPECT_FALSE(c[0].quoted);
  EXPECT_TRUE(c[1].quoted);
  EXPECT_FALSE(c[1].escaped);
  EXPECT_TRUE(c[2].escaped);
  // A quoted cell starts at the first character inside the quote.
  EXPECT_EQ(c[1].begin_pos.line, 1u);
  EXPECT_EQ(c[1].begin_pos.column, 8u);
  EXPECT_EQ(c[3].end_pos.line, 2u);
  EXPECT_EQ(c[3].end_pos.column, 6u);
  EXPECT_EQ(records[1].row, 2u);
  EXPECT_EQ(records[1].begin_pos.line, 3u);  // the record after the quoted line break
  EXPECT_EQ(records[1].cells[0].value, "");
  EXPECT_TRUE(records[1].cells[0].quoted);
  EXPECT_EQ(records[1].cells[1].value, "x");
}

// Cells are found and positions kept eight bytes at a time: on generated files of plain and quoted
// cells (line breaks, escaped quotes, UTF-8, CRLF), every cell's line:column is the one counted
// byte by byte from its offset, and its value is its bytes.
TEST(CsvReaderTest, PositionsMatchAByteByByteCount) {
  const std::vector<std::string> plain = {"a",
                                          "word",
                                          "caf\xc3\xa9",
                                          "x y z",
                                          "12345678901",
                                          "\xe2\x9c\x93 ok",
                                          "",
                                          "longer plain text here"};
  const std::vector<std::string> quoted = {
      "\"a, b\"", "\"two\nlines\"", "\"say \"\"hi\"\"\"", "\"\xc3\xa9\n\xc3\xa9\"",
      "\"\"",     "\"x\r\ny\""};
  std::mt19937 rng(37);
  for (int round = 0; round < 2000; ++round) {
    const bool crlf = rng() % 3 == 0;
    std::string content;
    const size_t rows = 1 + rng() % 4, columns = 1 + rng() % 5;
    for (size_t r = 0; r < rows; ++r) {
      for (size_t c = 0; c < columns; ++c) {
        if (c > 0) content += ',';
        std::string cell =
            rng() % 3 == 0 ? quoted[rng() % quoted.size()] : plain[rng() % plain.size()];
        if (cell.empty() && c == 0) cell = "first";  // a line of one empty cell is a blank line
        content += cell;
      }
      content += crlf ? "\r\n" : "\n";
    }
    auto position = [&](size_t offset) {
      SourcePosition at;
      for (size_t i = 0; i < offset; ++i) {
        const auto b = static_cast<unsigned char>(content[i]);
        if (b == '\n') {
          ++at.line;
          at.column = 1;
        } else if ((b & 0xC0) != 0x80) {
          ++at.column;
        }
      }
      return at;
    };
    std::vector<CsvRecord> records = ReadAll(content);
    ASSERT_EQ(records.size(), rows) << content;
    for (const CsvRecord& record : records) {
      for (const CsvCell& cell : record.cells) {
        const SourcePosition begin = position(cell.begin), end = position(cell.end);
        ASSERT_EQ(cell.begin_pos.line, begin.line) << content;
        ASSERT_EQ(cell.begin_pos.column, begin.column) << content;
        ASSERT_EQ(cell.end_pos.line, end.line) << content;
        ASSERT_EQ(cell.end_pos.column, end.column) << content;
        if (!cell.escaped) {
          ASSERT_EQ(cell.value, content.substr(cell.begin, cell.end - cell.begin)) << content;
        }
      }
    }
  }
}

TEST(CsvReaderTest, ByteOrderMarkAndCrlfAreAccepted) {
  std::vector<CsvRecord> records = ReadAll("\xEF\xBB\xBFh1,h2\r\n\"q\r\nr\",\xC3\xA9t\xC3\xA9\r\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].cells[0].value, "h1");  // no BOM in the first value
  EXPECT_EQ(records[0].cells[0].begin_pos.column, 1u);
  EXPECT_EQ(records[0].cells[1].value, "h2");      // no CR in the last value
  EXPECT_EQ(records[1].cells[0].value, "q\r\nr");  // inside quotes the bytes are kept
  EXPECT_EQ(records[1].cells[1].value, "\xC3\xA9t\xC3\xA9");
  EXPECT_EQ(records[1].cells[1].begin_pos.line, 3u);
  EXPECT_EQ(records[1].cells[1].begin_pos.column, 4u);  // columns count code points
  EXPECT_EQ(records[1].cells[1].end_pos.column, 7u);
}

TEST(CsvReaderTest, BlankLinesAreSkippedButCountAsRows) {
  std::vector<CsvRecord> records = ReadAll("a\n\n\r\nb\nc");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].row, 1u);
  EXPECT_EQ(records[1].row, 4u);
  EXPECT_EQ(records[1].cells[0].value, "b");
  EXPECT_EQ(records[2].row, 5u);
  EXPECT_EQ(records[2].cells[0].value, "c");  // no final line break
}

TEST(CsvReaderTest, EmptyInputHasNoRecords) {
  EXPECT_TRUE(ReadAll("").empty());
  EXPECT_TRUE(ReadAll("\xEF\xBB\xBF").empty());
  EXPECT_TRUE(ReadAll("\n\n").empty());
}

TEST(CsvWriterTest, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(CsvField("plain text"), "plain text");
  EXPECT_EQ(CsvField(""), "");
  EXPECT_EQ(CsvField("a,b"), "\"a,b\"");
  EXPECT_EQ(CsvField("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(CsvField("one\ntwo"), "\"one\ntwo\"");
  EXPECT_EQ(CsvField("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(CsvField(" padded "), " padded ");
  std::string out;
  AppendCsvRecord({"x", "y,z", ""}, &out);
  AppendCsvRecord({"\""}, &out);
  EXPECT_EQ(out, "x,\"y,z\",\n\"\"\"\"\n");
  // What the writer writes, the reader reads back.
  std::vector<CsvRecord> back = ReadAll(out);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].cells[1].value, "y,z");
  EXPECT_EQ(back[0].cells[2].value, "");
  EXPECT_EQ(back[1].cells[0].value, "\"");
}

// ---------------------------------------------------------------------------------------------
// Malformed text: each stops the file with an exact message.

TEST(CsvMalformedTest, UnterminatedQuote) {
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\n\"Open,a,b,0\nmore\n"),
            "t.csv:2:1: row 2, field 1: quoted field is not closed; expected a closing '\"' before "
            "the end of the file");
}

TEST(CsvMalformedTest, StrayQuoteInUnquotedField) {
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\nA 5\" screen,a,b,0\n"),
            "t.csv:2:4: row 2, field 1: quote inside an unquoted field; expected the whole field "
            "in quotes with each inner quote doubled (\"\")");
}

TEST(CsvMalformedTest, TextAfterClosingQuote) {
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\nq,\"a\"x,b,0\n"),
            "t.csv:2:6: row 2, field 2: 'x' after the closing quote; expected a comma or the end "
            "of the line (a quote inside a quoted field is written \"\")");
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\nq,\"a\" ,b,0\n"),
            "t.csv:2:6: row 2, field 2: a space after the closing quote; expected a comma or the "
            "end of the line (a quote inside a quoted field is written \"\")");
}

TEST(CsvMalformedTest, CarriageReturnWithoutLineFeed) {
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\rq,a,b,0\r"),
            "t.csv:1:32: row 1, field 4: carriage return without a line feed; expected CRLF or LF "
            "line ends");
}

TEST(CsvMalformedTest, InvalidUtf8NamesRowAndField) {
  EXPECT_EQ(StopMessage("question,choice0,choice1,answer\nq,a,\"caf\xE9\",0\n"),
            "t.csv:2:9: row 2, field 3: invalid UTF-8 (byte 0xE9); expected UTF-8 text (if the "
            "sheet is in another encoding, name it with --encoding, for example --encoding "
            "windows-1252)");
  // After a byte order mark the column still counts from the first visible character.
  EXPECT_EQ(StopMessage("\xEF\xBB\xBFquestion,choice0,choice1,answer\n\n\n\xFF,a,b,0\n"),
            "t.csv:4:1: row 4, field 1: invalid UTF-8 (byte 0xFF); expected UTF-8 text (if the "
            "sheet is in another encoding, name it with --encoding, for example --encoding "
            "windows-1252)");
  EXPECT_EQ(StopMessage("\xEF\xBB\xBFstem,x\xC3\n"),
            "t.csv:1:7: row 1, field 2: invalid UTF-8 (byte 0xC3); expected UTF-8 text (if the "
            "sheet is in another encoding, name it with --encoding, for example --encoding "
            "windows-1252)");
  // Inside a quote that is never closed, the bad byte is still what is reported.
  EXPECT_EQ(StopMessage("stem\n\"ab\x80"),
            "t.csv:2:4: row 2, field 1: invalid UTF-8 (byte 0x80); expected UTF-8 text (if the "
            "sheet is in another encoding, name it with --encoding, for example --encoding "
            "windows-1252)");
}

TEST(CsvMalformedTest, EmptyFileAndHeaderProblems) {
  EXPECT_EQ(StopMessage(""),
            "t.csv:1:1: empty file; expected a header row such as \"id,type,stem,option_a,"
            "option_b,key\" or \"question,choice0,choice1,choice2,choice3,answer\"");
  EXPECT_EQ(StopMessage("stem,option_a,colour\n"),
            "t.csv:1:15: row 1, field 3: unknown column \"colour\"; expected one of id, type, "
            "exam, domain, stem, trap, option_a.., key, rationale_a.., explanation, "
            "stated_answer, tags, difficulty, markup, author_name, author_initials, "
            "author_credentials, author_roles, review_date, review_reviewer, "
            "review_checked_against, origin_statement, origin_references, suppress (or the MMLU "
            "header question,choice0,...,answer)");
  EXPECT_EQ(StopMessage("stem,option_a,STEM\n"),
            "t.csv:1:15: row 1, field 3: column \"stem\" appears twice (fields 1 and 3); expected "
            "each column once");
  EXPECT_EQ(StopMessage("stem,option_a,option_c\n"),
            "t.csv:1:15: row 1, field 3: option_c without option_b; expected option columns from "
            "option_a on without gaps");
  EXPECT_EQ(StopMessage("stem,option_a,rationale_b\n"),
            "t.csv:1:15: row 1, field 3: rationale_b without option_b; expected a rationale column "
            "only next to its option column");
  EXPECT_EQ(StopMessage("id,option_a\n"),
            "t.csv:1:1: row 1: no stem column; expected a header with a stem column (the qbank "
            "layout) or question,choice0,...,answer (the MMLU layout)");
  EXPECT_EQ(StopMessage("stem,,key\n"),
            "t.csv:1:6: row 1, field 2: empty column name; expected a column name such as stem");
  EXPECT_EQ(StopMessage("question,choice0,choice1,solution\n"),
            "t.csv:1:26: row 1, field 4: unknown column \"solution\" in the MMLU layout; expected "
            "question, choice0, choice1, ... (up to choice25), answer");
  EXPECT_EQ(StopMessage("question,choice0,choice2,answer\n"),
            "t.csv:1:18: row 1, field 3: choice2 without choice1; expected choice columns from "
            "choice0 on without gaps");
  EXPECT_EQ(StopMessage("question,choice0,choice1\n"),
            "t.csv:1:1: row 1: no answer column; expected the MMLU header "
            "question,choice0,...,answer");
}

TEST(CsvEncodingTest, NamedEncodingIsConverted) {
  auto imported = ImportCsv("t.csv", "stem,option_a\ncaf\xE9,\"na\xEFve\"\n", true, "latin1");
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  ASSERT_EQ(imported->bank.questions.size(), 1u);
  const model::Question& q = imported->bank.questions[0];
  EXPECT_EQ(q.stem.value, "caf\xC3\xA9");
  EXPECT_EQ(q.options[0].text.value, "na\xC3\xAFve");
  // Spans name the converted text, registered as a source of its own.
  EXPECT_EQ(q.options[0].text.span.file, 1u);
  EXPECT_EQ(q.options[0].text.span.column, 7u);
  ASSERT_EQ(imported->bank.sources.size(), 2u);
  EXPECT_EQ(imported->bank.sources[1]->path(), "t.csv");

  EXPECT_TRUE(ImportCsv("t.csv", "stem\nx\n", true, "UTF-8")->status.ok());
  auto unknown = ImportCsv("t.csv", "stem\nx\n", true, "no-such-encoding");
  EXPECT_FALSE(unknown->status.ok());
  EXPECT_EQ(unknown->status.ToString().rfind("t.csv: ", 0), 0u) << unknown->status.ToString();
}

// ---------------------------------------------------------------------------------------------
// Malformed rows: reported with their place, skipped, and the rest of the file is read.

TEST(CsvMalformedRowTest, WrongNumberOfFields) {
  const std::string csv =
      "question,choice0,choice1,answer\n"
      "short,a,1\n"
      "long,a,b,1,extra\n"
      "fine,a,b,1\n";
  EXPECT_EQ(RowErrors(csv),
            (std::vector<std::string>{
                "t.csv:2:10: error: row 2: found 3 fields; expected 4 as in the header",
                "t.csv:3:12: error: row 3: found 5 fields; expected 4 as in the header"}));
  auto imported = ImportCsv("t.csv", csv);
  ASSERT_EQ(imported->bank.questions.size(), 1u);
  EXPECT_EQ(imported->bank.questions[0].stem.value, "fine");
}

// The expected messages are long literals split over lines, not lists missing a comma.
// NOLINTBEGIN(bugprone-suspicious-missing-comma)
TEST(CsvMalformedRowTest, KeyThatNamesNoOption) {
  EXPECT_EQ(RowErrors("stem,option_a,option_b,option_c,key\n"
                      "q1,yes,no,,C\n"
                      "q2,yes,no,maybe,E\n"
                      "q3,yes,no,maybe,2\n"
                      "q4,yes,no,maybe,A;a\n"
                      "q5,,,,A\n"),
            (std::vector<std::string>{
                "t.csv:2:12: error: row 2, field 5 (key): key \"C\" names option C, which this "
                "row does not have; expected letters among A-B, separated by ';'",
                "t.csv:3:17: error: row 3, field 5 (key): key \"E\" names option E, which this "
                "row does not have; expected letters among A-C, separated by ';'",
                "t.csv:4:17: error: row 4, field 5 (key): key \"2\" holds \"2\", not an option "
                "letter; expected letters such as B or A;C",
                "t.csv:5:17: error: row 5, field 5 (key): key \"A;a\" names option A twice; "
                "expected each key letter once",
                "t.csv:6:7: error: row 6, field 5 (key): key \"A\" names option A, which this row "
                "does not have; expected letters among none (the row has no options), separated "
                "by ';'"}));
}
// NOLINTEND(bugprone-suspicious-missing-comma)

TEST(CsvMalformedRowTest, UnknownTypeAndMarkup) {
  EXPECT_EQ(RowErrors("stem,type,markup\n"
                      "q1,mcq,plain\n"
                      "q2,single,rtf\n"),
            (std::vector<std::string>{
                "t.csv:2:4: error: row 2, field 2 (type): type \"mcq\" is not a question type; "
                "expected one of single, multiple, true-false, short-answer, numerical, matching, "
                "essay, description, other",
                "t.csv:3:11: error: row 3, field 3 (markup): markup \"rtf\" is not a markup; "
                "expected plain, markdown or html"}));
}

TEST(CsvMalformedRowTest, MmluAnswerThatNamesNoChoice) {
  EXPECT_EQ(RowErrors("question,choice0,choice1,choice2,choice3,answer\n"
                      "q1,a,b,c,d,4\n"
                      "q2,a,b,c,d,B\n"
                      "q3,a,b,c,d,\n"),
            (std::vector<std::string>{
                "t.csv:2:12: error: row 2, field 6 (answer): answer \"4\" names no choice; "
                "expected a 0-based choice index from 0 to 3",
                "t.csv:3:12: error: row 3, field 6 (answer): answer \"B\" names no choice; "
                "expected a 0-based choice index from 0 to 3",
                "t.csv:4:12: error: row 4, field 6 (answer): answer \"\" names no choice; "
                "expected a 0-based choice index from 0 to 3"}));
}

TEST(CsvMalformedRowTest, WithoutAnErrorListTheFirstBadRowStopsTheFile) {
  auto imported = ImportCsv("t.csv", "stem,key,option_a\nq,B,x\n", /*collect=*/false);
  EXPECT_EQ(imported->status.ToString(),
            "t.csv:2:3: row 2, field 2 (key): key \"B\" names option B, which this row does not "
            "have; expected letters among A, separated by ';'");
}

TEST(CsvMalformedRowTest, ManyBadRowsStopTheFileAfterOneHundred) {
  std::string csv = "stem,option_a\n";
  for (int i = 0; i < 5000; ++i) csv += "q,a,b\n";
  auto imported = ImportCsv("t.csv", csv);
  EXPECT_EQ(imported->errors.size(), 100u);
  EXPECT_EQ(imported->status.ToString(),
            "t.csv:101:5: stopped after 100 malformed rows; expected rows that match the header "
            "(fix the rows reported above first)");
}

TEST(CsvMalformedRowTest, RowsOfEmptyCellsAreSkipped) {
  auto imported = ImportCsv("t.csv", "stem,option_a\nq,a\n,\n,,,\n");
  EXPECT_TRUE(imported->status.ok());
  EXPECT_TRUE(imported->errors.empty());
  EXPECT_EQ(imported->bank.questions.size(), 1u);
}

// ---------------------------------------------------------------------------------------------
// The MMLU layout

TEST(CsvMmluTest, ReadsFixtureWithDomainFromFileName) {
  std::string path = kTestData + "geology_test.csv";
  auto imported = ImportCsv(path, ReadFile(path));
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  ASSERT_TRUE(imported->errors.empty());
  ASSERT_EQ(imported->bank.questions.size(), 2u);
  const model::Question& q1 = imported->bank.questions[0];
  EXPECT_EQ(q1.id.value, "");  // the pipeline derives ids
  EXPECT_EQ(q1.type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(q1.domain->value, "geology");
  EXPECT_EQ(q1.exam->value, "");
  EXPECT_EQ(q1.stem.value, "Which mineral is rated 10 on the Mohs hardness scale?");
  ASSERT_EQ(q1.options.size(), 4u);
  EXPECT_EQ(q1.options[1].text.value, "Diamond");
  EXPECT_EQ(q1.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q1.options[1].correct_span.line, 2u);
  EXPECT_EQ(q1.options[1].correct_span.column, 85u);
  const model::Question& q2 = imported->bank.questions[1];
  EXPECT_EQ(q2.stem.value, "Which rock forms when magma cools, for example after an eruption?");
  EXPECT_EQ(q2.stem.span.line, 3u);
  EXPECT_EQ(q2.stem.span.column, 2u);  // inside the quote
  EXPECT_EQ(q2.options[3].text.value, "Organic, from shells");
  EXPECT_EQ(q2.KeyIndexes(), std::vector<size_t>{0});
}

TEST(CsvMmluTest, SharedAnatomyFileImportsEveryRow) {
  std::string path = kMmluDir + "anatomy_test.csv";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "MMLU data not present at " << path;
  auto imported = ImportCsv(path, ReadFile(path));
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  EXPECT_TRUE(imported->errors.empty());
  // 135 rows below the header (counted with Python's csv module when the data was added).
  ASSERT_EQ(imported->bank.questions.size(), 135u);
  for (const model::Question& q : imported->bank.questions) {
    EXPECT_EQ(q.options.size(), 4u);
    EXPECT_EQ(q.KeyIndexes().size(), 1u);
    EXPECT_EQ(q.domain->value, "anatomy");
  }
  // The second question's stem holds "" escapes: not verbatim, its span inside the quote.
  const model::Question& q2 = imported->bank.questions[1];
  EXPECT_EQ(q2.stem.value.substr(0, 12), "A \"dished fa");
  EXPECT_FALSE(q2.stem.verbatim);
  EXPECT_EQ(q2.stem.span.line, 3u);
  EXPECT_EQ(q2.stem.span.column, 2u);
}

TEST(CsvMmluTest, EverySharedFileImportsEveryRow) {
  if (!std::filesystem::exists(kMmluDir)) GTEST_SKIP() << "MMLU data not present at " << kMmluDir;
  size_t files = 0;
  size_t questions = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kMmluDir)) {
    if (entry.path().extension() != ".csv") continue;
    std::string content = ReadFile(entry.path().string());
    // An independent count: records are the lines that end in a digit answer (no MMLU cell does).
    size_t expected = 0;
    for (size_t i = 0; i + 1 < content.size(); ++i) {
      if (content[i + 1] == '\n' && content[i] >= '0' && content[i] <= '9' && i > 0 &&
          content[i - 1] == ',') {
        ++expected;
      }
    }
    auto imported = ImportCsv(entry.path().string(), std::move(content));
    ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
    EXPECT_TRUE(imported->errors.empty()) << entry.path();
    EXPECT_EQ(imported->bank.questions.size(), expected) << entry.path();
    ++files;
    questions += imported->bank.questions.size();
  }
  EXPECT_EQ(files, 57u);
  EXPECT_EQ(questions, 14042u);  // the figure SOURCE.md states
}

// ---------------------------------------------------------------------------------------------
// The qbank layout

TEST(CsvFullLayoutTest, ReadsEveryColumnInAnyOrderAndCase) {
  std::string path = kTestData + "full_layout.csv";
  auto imported = ImportCsv(path, ReadFile(path));
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  ASSERT_TRUE(imported->errors.empty()) << imported->errors[0].ToString();
  ASSERT_EQ(imported->bank.questions.size(), 2u);

  const model::Question& q = imported->bank.questions[0];
  EXPECT_EQ(q.id.value, "net-001");
  EXPECT_EQ(q.type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(q.stem.value, "Which port does HTTPS use when a URL names none?");
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.options[1].text.value, "443");
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q.options[3].rationale->value, "22 belongs to SSH.");
  EXPECT_EQ(q.explanation.value,
            "A browser sends https:// requests to port 443 unless the URL says otherwise.\nThe "
            "server can listen elsewhere, but then the port must be written out.");
  EXPECT_EQ(q.trap->value, "Learners who remember 80 for the web pick it without noticing the S.");
  EXPECT_EQ(q.exam->value, "NET-101");
  EXPECT_EQ(q.domain->value, "Protocols");
  EXPECT_EQ(q.stated_answer->value, "B");
  ASSERT_EQ(q.tags.size(), 2u);
  EXPECT_EQ(q.tags[0].value, "ports");
  EXPECT_EQ(q.tags[1].value, "web");
  EXPECT_EQ(q.difficulty->value, "easy");
  EXPECT_EQ(q.markup, model::Markup::kPlain);
  ASSERT_EQ(q.authors.size(), 1u);
  EXPECT_EQ(q.authors[0].name.value, "Dana Ruiz");
  EXPECT_EQ(q.authors[0].initials.value, "DR");
  EXPECT_EQ(q.authors[0].credentials.value, "MSc, CCNP");
  ASSERT_EQ(q.authors[0].roles.size(), 2u);
  EXPECT_EQ(q.authors[0].roles[1].value, "reviewer");
  EXPECT_EQ(q.review->date.value, "2026-05");
  EXPECT_EQ(q.review->reviewer.value, "Lee Park");
  EXPECT_EQ(q.review->checked_against.value, "the course outline");
  EXPECT_EQ(q.origin->statement.value, "Written from scratch for this bank.");
  ASSERT_EQ(q.origin->references.size(), 1u);
  EXPECT_EQ(q.origin->references[0].value, "RFC 2818");
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "key-is-longest");

  const model::Question& m = imported->bank.questions[1];
  EXPECT_EQ(m.type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(m.stem.value, "Which of these protocols are \"connectionless\"?");
  ASSERT_EQ(m.options.size(), 3u);  // option_d is empty: not an option of this row
  EXPECT_EQ(m.KeyIndexes(), (std::vector<size_t>{0, 2}));
  EXPECT_EQ(m.markup, model::Markup::kMarkdown);
  EXPECT_TRUE(m.authors.empty());
  EXPECT_TRUE(m.trap->empty());
}

TEST(CsvFullLayoutTest, SpansPointAtTheCells) {
  std::string path = kTestData + "full_layout.csv";
  auto imported = ImportCsv(path, ReadFile(path));
  ASSERT_EQ(imported->bank.questions.size(), 2u);
  const model::Question& q = imported->bank.questions[0];
  EXPECT_EQ(q.id.span.file, 0u);
  EXPECT_EQ(q.id.span.line, 2u);
  EXPECT_EQ(q.id.span.column, 1u);
  EXPECT_TRUE(q.id.verbatim);
  EXPECT_EQ(q.stem.span.column, 16u);
  EXPECT_EQ(q.stem.span.end_column, 64u);
  // The explanation is quoted and runs over two lines.
  EXPECT_EQ(q.explanation.span.line, 2u);
  EXPECT_EQ(q.explanation.span.column, 223u);
  EXPECT_EQ(q.explanation.span.end_line, 3u);
  EXPECT_TRUE(q.explanation.verbatim);
  // Each list item has its own span inside a cell without escapes.
  EXPECT_EQ(q.tags[1].span.line, 3u);
  EXPECT_EQ(q.tags[1].span.column, q.tags[0].span.column + 7);
  EXPECT_EQ(q.span.line, 2u);
  EXPECT_EQ(q.span.end_line, 3u);
  // The row after the two-line record sits on line 4 and is row 3.
  const model::Question& m = imported->bank.questions[1];
  EXPECT_EQ(m.stem.span.line, 4u);
  EXPECT_EQ(m.stem.span.column, 19u);
  EXPECT_FALSE(m.stem.verbatim);  // it holds "" escapes
  EXPECT_EQ(m.options[0].correct_span.line, 4u);
}

TEST(CsvFullLayoutTest, TypeIsInferredFromTheKeyWhenMissing) {
  auto imported = ImportCsv("t.csv", "stem,option_a,option_b,key\nq1,a,b,A\nq2,a,b,a; b\n");
  ASSERT_EQ(imported->bank.questions.size(), 2u);
  EXPECT_EQ(imported->bank.questions[0].type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(imported->bank.questions[1].type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(imported->bank.questions[1].KeyIndexes(), (std::vector<size_t>{0, 1}));
}

// ---------------------------------------------------------------------------------------------
// Export and round trip

model::Text T(std::string value) { return model::Text(std::move(value)); }

model::Bank SampleBank() {
  model::Bank bank;
  model::Question q;
  q.id = T("geo-7");
  q.type = model::QuestionType::kMultipleAnswer;
  q.exam = T("EARTH-2");
  q.domain = T("Plate tectonics");
  q.stem = T("Which boundaries, in the \"textbook\" sense, move plates apart?");
  q.trap = T("Transform faults look active,\nbut plates slide past each other there.");
  for (const char* text : {"Divergent", "Convergent", "Rift zones", "Transform"}) {
    model::Option o;
    o.text = T(text);
    o.rationale = T(std::string("Why ") + text);
    q.options.push_back(o);
  }
  q.options[0].correct = true;
  q.options[2].correct = true;
  q.options[3].rationale = T("");
  q.stated_answer = T("A;C");
  q.explanation = T("Plates separate at divergent boundaries, rifts included.");
  q.tags = {T("geology"), T("plates")};
  q.difficulty = T("hard");
  q.markup = model::Markup::kMarkdown;
  model::Person author;
  author.name = T("Ola Berg");
  author.initials = T("OB");
  author.credentials = T("PhD");
  author.roles = {T("writer")};
  q.authors.push_back(author);
  q.review->date = T("2026-02-14");
  q.review->reviewer = T("Ines Mota");
  q.review->checked_against = T("the field guide, 3rd edition");
  q.origin->statement = T("Original.");
  q.origin->references = {T("Notes, week 3"), T("Lab sheet")};
  q.suppressions.push_back(model::Suppression{"all-of-the-above", "", {}});
  bank.questions.push_back(q);

  model::Question t;
  t.id = T("geo-8");
  t.type = model::QuestionType::kTrueFalse;
  t.stem = T("  Basalt is an igneous rock.");
  t.options = {model::Option{}, model::Option{}};
  t.options[0].text = T("True");
  t.options[0].correct = true;
  t.options[1].text = T("False");
  bank.questions.push_back(t);
  return bank;
}

constexpr std::string_view kSampleCsv =
    "id,type,exam,domain,stem,trap,option_a,option_b,option_c,option_d,key,rationale_a,"
    "rationale_b,rationale_c,explanation,stated_answer,tags,difficulty,markup,author_name,"
    "author_initials,author_credentials,author_roles,review_date,review_reviewer,"
    "review_checked_against,origin_statement,origin_references,suppress\n"
    "geo-7,multiple,EARTH-2,Plate tectonics,\"Which boundaries, in the \"\"textbook\"\" sense, "
    "move plates apart?\",\"Transform faults look active,\nbut plates slide past each other "
    "there.\",Divergent,Convergent,Rift zones,Transform,A;C,Why Divergent,Why Convergent,Why Rift "
    "zones,\"Plates separate at divergent boundaries, rifts included.\",A;C,geology; "
    "plates,hard,markdown,Ola Berg,OB,PhD,writer,2026-02-14,Ines Mota,\"the field guide, 3rd "
    "edition\",Original.,\"Notes, week 3; Lab sheet\",all-of-the-above\n"
    "geo-8,true-false,,,  Basalt is an igneous rock.,,True,False,,,A,,,,,,,,plain,,,,,,,,,,\n";

TEST(CsvExportTest, WritesTheQbankLayoutQuotingOnlyWhenNeeded) {
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(SampleBank(), {}, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(*out, kSampleCsv);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
}

TEST(CsvExportTest, RoundTripKeepsEveryFieldTheLayoutHolds) {
  model::Bank bank = SampleBank();
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(bank, {}, loss);
  ASSERT_TRUE(out.ok());
  auto back = ImportCsv("round.csv", *out);
  ASSERT_TRUE(back->status.ok()) << back->status.ToString();
  ASSERT_TRUE(back->errors.empty()) << back->errors[0].ToString();
  ASSERT_EQ(back->bank.questions.size(), bank.questions.size());
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    const model::Question& a = bank.questions[i];
    const model::Question& b = back->bank.questions[i];
    SCOPED_TRACE(a.id.value);
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.exam, b.exam);
    EXPECT_EQ(a.domain, b.domain);
    EXPECT_EQ(a.stem, b.stem);
    EXPECT_EQ(a.trap, b.trap);
    ASSERT_EQ(a.options.size(), b.options.size());
    for (size_t k = 0; k < a.options.size(); ++k) {
      EXPECT_EQ(a.options[k].text, b.options[k].text);
      EXPECT_EQ(a.options[k].correct, b.options[k].correct);
      EXPECT_EQ(a.options[k].rationale, b.options[k].rationale);
    }
    EXPECT_EQ(a.stated_answer, b.stated_answer);
    EXPECT_EQ(a.explanation, b.explanation);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.difficulty, b.difficulty);
    EXPECT_EQ(a.markup, b.markup);
    ASSERT_EQ(a.authors.size(), b.authors.size());
    for (size_t k = 0; k < a.authors.size(); ++k) {
      EXPECT_EQ(a.authors[k].name, b.authors[k].name);
      EXPECT_EQ(a.authors[k].initials, b.authors[k].initials);
      EXPECT_EQ(a.authors[k].credentials, b.authors[k].credentials);
      EXPECT_EQ(a.authors[k].roles, b.authors[k].roles);
    }
    EXPECT_EQ(a.review->date, b.review->date);
    EXPECT_EQ(a.review->reviewer, b.review->reviewer);
    EXPECT_EQ(a.review->checked_against, b.review->checked_against);
    EXPECT_EQ(a.origin->statement, b.origin->statement);
    EXPECT_EQ(a.origin->references, b.origin->references);
    ASSERT_EQ(a.suppressions.size(), b.suppressions.size());
    for (size_t k = 0; k < a.suppressions.size(); ++k) {
      EXPECT_EQ(a.suppressions[k].rule, b.suppressions[k].rule);
    }
  }
  // And exporting what was read gives the same bytes.
  LossReport again;
  Result<std::string> second = CsvFormat().Export(back->bank, {}, again);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(*second, *out);
}

TEST(CsvExportTest, FixtureSurvivesExportAndImport) {
  std::string path = kTestData + "full_layout.csv";
  auto first = ImportCsv(path, ReadFile(path));
  ASSERT_TRUE(first->status.ok());
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(first->bank, {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  auto second = ImportCsv("again.csv", *out);
  ASSERT_TRUE(second->status.ok()) << second->status.ToString();
  LossReport loss2;
  Result<std::string> out2 = CsvFormat().Export(second->bank, {}, loss2);
  ASSERT_TRUE(out2.ok());
  EXPECT_EQ(*out2, *out);
  EXPECT_EQ(out->find('\r'), std::string::npos);  // LF line ends
  EXPECT_NE(out->substr(0, 3), "\xEF\xBB\xBF");   // no byte order mark
}

TEST(CsvExportTest, ReportsWhatTheLayoutCannotCarry) {
  model::Bank bank = SampleBank();
  bank.title = T("Earth science drills");
  bank.extensions["source"] = model::Value("sheet");
  model::Question& q = bank.questions[0];
  q.extensions["gift"] = model::Value("category");
  q.options[1].weight = 50.0;
  q.options[2].extensions["qti"] = model::Value("choice-3");
  q.authors.push_back(q.authors[0]);
  q.suppressions[0].reason = "the key is long on purpose";
  q.tags.push_back(T("with;semicolon"));
  model::Option empty;
  q.options.push_back(empty);  // an empty fifth option cannot be written
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(bank, {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(loss.Summary(),
            "  authors (after the first): 1 value dropped\n"
            "  bank.extensions.source: 1 value dropped\n"
            "  bank.title: 1 value dropped\n"
            "  extensions.gift: 1 value dropped\n"
            "  options (empty, at the end): 1 value dropped\n"
            "  options.extensions.qti: 1 value dropped\n"
            "  options.weight: 1 value dropped\n"
            "  suppressions.reason: 1 value dropped\n"
            "  tags (empty, with ';' or outer spaces): 1 value dropped\n");
  // The header still stops at option_d: the empty option got no column.
  EXPECT_NE(out->find(",option_d,key,"), std::string::npos);
}

// A list cell ("a; b") reads back split at ';' and trimmed, so an item is written trimmed and one
// that is empty or holds ';' is left out, as the loss report says: written as they were, GIFT's
// "// qbank-disable ;" and a tag " planets" came back changed and a second export differed
// (round_trip_fuzz, through ods).
TEST(CsvExportTest, ListItemsAreWrittenAsTheyReadBack) {
  model::Bank bank = SampleBank();
  model::Question& q = bank.questions[0];
  q.tags = {T(" planets "), T("with;semicolon"), T(""), T("easy")};
  q.suppressions.clear();
  for (const char* rule : {";", " field-length"}) q.suppressions.push_back({rule, "", {}});
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(bank, {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_NE(loss.Summary().find("tags (empty, with ';' or outer spaces): 3 values dropped"),
            std::string::npos)
      << loss.Summary();
  EXPECT_NE(out->find(",planets; easy,"), std::string::npos) << *out;
  auto back = ImportCsv("lists.csv", *out);
  ASSERT_TRUE(back->status.ok()) << back->status.ToString();
  const model::Question& b = back->bank.questions[0];
  ASSERT_EQ(b.tags.size(), 2u);
  EXPECT_EQ(b.tags[0].value, "planets");
  ASSERT_EQ(b.suppressions.size(), 1u);
  EXPECT_EQ(b.suppressions[0].rule, "field-length");
  LossReport again;
  Result<std::string> second = CsvFormat().Export(back->bank, {}, again);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(*second, *out);
}

TEST(CsvExportTest, EmptyBankIsJustTheHeader) {
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(model::Bank(), {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(*out,
            "id,type,exam,domain,stem,trap,key,explanation,stated_answer,tags,difficulty,markup,"
            "author_name,author_initials,author_credentials,author_roles,review_date,"
            "review_reviewer,review_checked_against,origin_statement,origin_references,"
            "suppress\n");
  auto back = ImportCsv("e.csv", *out);
  EXPECT_TRUE(back->status.ok());
  EXPECT_TRUE(back->bank.questions.empty());
}

TEST(CsvExportTest, MmluImportExportsToTheQbankLayout) {
  std::string path = kTestData + "geology_test.csv";
  auto imported = ImportCsv(path, ReadFile(path));
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(imported->bank, {}, loss);
  ASSERT_TRUE(out.ok());
  auto back = ImportCsv("x.csv", *out);
  ASSERT_EQ(back->bank.questions.size(), 2u);
  EXPECT_EQ(back->bank.questions[1].domain->value, "geology");
  EXPECT_EQ(back->bank.questions[1].options[3].text.value, "Organic, from shells");
  EXPECT_EQ(back->bank.questions[0].KeyIndexes(), std::vector<size_t>{1});
}

// Written over a file (qbank fmt), the file's header is kept: its columns, order and spelling;
// what has no column in it is reported under the column's name.
TEST(CsvExportTest, WrittenOverAFileKeepsItsHeaderAndReportsWhatHasNoColumn) {
  model::Bank bank = SampleBank();
  SourceText sheet("sheet.csv", "Key,STEM,option_B,option_a,option_c,option_d\n");
  ExportOptions options;
  options.written_over = &sheet;
  LossReport loss;
  Result<std::string> out = CsvFormat().Export(bank, options, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->substr(0, out->find('\n') + 1), "Key,STEM,option_B,option_a,option_c,option_d\n");
  auto back = ImportCsv("sheet.csv", *out);
  ASSERT_TRUE(back->status.ok()) << back->status.ToString();
  ASSERT_EQ(back->bank.questions.size(), bank.questions.size());
  EXPECT_EQ(back->bank.questions[0].stem.value, bank.questions[0].stem.value);
  EXPECT_EQ(back->bank.questions[0].KeyIndexes(), bank.questions[0].KeyIndexes());
  std::string summary = loss.Summary();
  EXPECT_NE(summary.find("  id: "), std::string::npos) << summary;
  EXPECT_NE(summary.find("  explanation: "), std::string::npos) << summary;
  EXPECT_EQ(summary.find("  stem"), std::string::npos) << summary;
  // The MMLU layout: two keys, an id and an explanation have no column in it.
  SourceText mmlu("geology_test.csv", "question,choice0,choice1,choice2,choice3,answer\n");
  options.written_over = &mmlu;
  LossReport mmlu_loss;
  bank.questions[0].options[2].correct = true;
  out = CsvFormat().Export(bank, options, mmlu_loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->substr(0, out->find('\n') + 1),
            "question,choice0,choice1,choice2,choice3,answer\n");
  summary = mmlu_loss.Summary();
  for (const char* field : {"  id: ", "  key: ", "  explanation: ", "  domain: "}) {
    EXPECT_NE(summary.find(field), std::string::npos) << field << summary;
  }
}

// ---------------------------------------------------------------------------------------------
// Robustness: mutated files end in a located error or import cleanly, and what imports exports.

TEST(CsvRobustnessTest, MutatedFilesEndInALocatedErrorOrImportCleanly) {
  const std::vector<std::string> bases = {ReadFile(kTestData + "full_layout.csv"),
                                          ReadFile(kTestData + "geology_test.csv")};
  ASSERT_FALSE(bases[0].empty());
  const std::string pieces[] = {
      "\"",           ",", "\n", "\r",   "\r\n", "\xFF", "\xC3",
      "\xEF\xBB\xBF", ";", " ",  "\"\"", "Z",    "9",    std::string(1, '\0')};
  std::mt19937 rng(20261130);
  size_t imported_clean = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = bases[static_cast<size_t>(round) % bases.size()];
    int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % (text.size() + 1);
      switch (rng() % 4) {
        case 0:
        case 1:
          text.insert(pos, pieces[rng() % std::size(pieces)]);
          break;
        case 2:
          if (pos < text.size()) text.erase(pos, 1 + rng() % 8);
          break;
        default:
          text.resize(pos);
          break;
      }
    }
    SCOPED_TRACE(::testing::Message() << "round " << round << ": " << text);
    auto imported = ImportCsv("t.csv", text);
    if (!imported->status.ok()) {
      EXPECT_EQ(imported->status.ToString().rfind("t.csv:", 0), 0u);
      EXPECT_NE(imported->status.ToString().find("expected"), std::string::npos);
      continue;
    }
    for (const Diagnostic& d : imported->errors) {
      EXPECT_GT(d.span.line, 0u);
      EXPECT_NE(d.message.find("; expected"), std::string::npos);
    }
    if (!imported->errors.empty()) continue;
    ++imported_clean;
    // Whatever imported cleanly exports and comes back with the same questions.
    LossReport loss;
    Result<std::string> out = CsvFormat().Export(imported->bank, {}, loss);
    ASSERT_TRUE(out.ok());
    auto back = ImportCsv("back.csv", *out);
    ASSERT_TRUE(back->status.ok()) << back->status.ToString() << "\n" << *out;
    ASSERT_TRUE(back->errors.empty()) << back->errors[0].ToString() << "\n" << *out;
    if (loss.empty()) {
      ASSERT_EQ(back->bank.questions.size(), imported->bank.questions.size());
      for (size_t i = 0; i < back->bank.questions.size(); ++i) {
        EXPECT_EQ(back->bank.questions[i].stem, imported->bank.questions[i].stem);
        EXPECT_EQ(back->bank.questions[i].KeyIndexes(), imported->bank.questions[i].KeyIndexes());
      }
    }
  }
  EXPECT_GT(imported_clean, 100u);  // the mutations leave many files valid, so both paths run
}

// ---------------------------------------------------------------------------------------------
// Registration and size

TEST(CsvRegistryTest, RegisteredAndDetected) {
  const Registry& registry = Registry::Default();
  const Format* csv = registry.Find("csv");
  ASSERT_NE(csv, nullptr);
  EXPECT_EQ(registry.Detect("bank.csv", "stem,key\n"), csv);
  EXPECT_EQ(csv->Sniff("x", "question,choice0,choice1,choice2,choice3,answer\nq,a,b,c,d,0\n"), 90);
  EXPECT_EQ(csv->Sniff("x", "\xEF\xBB\xBF\"Stem\",Option_A,Key\r\n"), 90);
  EXPECT_EQ(csv->Sniff("x", "Question: what?\nA. one\n"), 0);
}

TEST(CsvLargeInputTest, TwentyMegabytesImportQuickly) {
  std::string csv = "id,stem,option_a,option_b,option_c,option_d,key,explanation,tags\n";
  size_t rows = 0;
  while (csv.size() < kTwentyMegabytes) {
    std::string n = std::to_string(rows);
    csv += "q-";
    csv += n;
    csv += ",\"Generated stem ";
    csv += n;
    csv += ", with a comma and a \"\"quoted\"\" word?\",first,second,third,fourth,C,\"Line one of ";
    csv += "the explanation for ";
    csv += n;
    csv += ".\nLine two says a little more so that rows are long enough.\",gen; bulk\n";
    ++rows;
  }
  auto start = std::chrono::steady_clock::now();
  auto imported = ImportCsv("big.csv", std::move(csv));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(imported->status.ok()) << imported->status.ToString();
  EXPECT_TRUE(imported->errors.empty());
  EXPECT_EQ(imported->bank.questions.size(), rows);
  EXPECT_EQ(imported->bank.questions.back().options[2].correct, true);
  std::printf("[ figures  ] 20 MB, %zu rows imported in %.2f s\n", rows, seconds);
  EXPECT_LT(seconds, 60.0);
}

// Each hostile input must end in its error well within the test timeout.
TEST(CsvLargeInputTest, QuoteThatSwallowsTwentyMegabytes) {
  std::string open = "stem,key\n\"" + std::string(kTwentyMegabytes, 'x');
  EXPECT_EQ(StopMessage(open),
            "t.csv:2:1: row 2, field 1: quoted field is not closed; expected a closing '\"' before "
            "the end of the file");
}

TEST(CsvLargeInputTest, RowOfTwentyMillionFields) {
  std::string commas = "stem,key\n" + std::string(kTwentyMegabytes, ',');
  EXPECT_TRUE(RowErrors(commas).empty());  // a row of empty cells holds no question
  commas = "stem,key\nx" + std::string(kTwentyMegabytes, ',');
  EXPECT_EQ(RowErrors(commas),
            std::vector<std::string>{
                "t.csv:2:4: error: row 2: found 20971521 fields; expected 2 as in the header"});
}

TEST(CsvLargeInputTest, HeaderOfAMillionColumns) {
  std::string header;
  for (int i = 0; i < 1000000; ++i) header += "stem,";
  EXPECT_EQ(StopMessage(header),
            "t.csv:1:6: row 1, field 2: column \"stem\" appears twice (fields 1 and 2); expected "
            "each column once");
}

}  // namespace
}  // namespace qbank::formats
