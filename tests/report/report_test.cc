#include <gtest/gtest.h>

#include <sstream>

#include "../lint/test_bank.h"
#include "base/file_system.h"
#include "json/document.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "report/json_report.h"
#include "report/text_report.h"

namespace qbank::report {
namespace {

using lint::testing::BankBuilder;

lint::PlannedRule Plan(std::string_view id, lint::Severity severity,
                       const model::Value& options = {}) {
  std::unique_ptr<lint::Rule> rule = lint::RuleRegistry::Default().Create(id);
  // Rules read their data (option-count its binary pairs) from the source tree.
  lint::RuleEnvironment env(RealFileSystem(), QBANK_SOURCE_DIR);
  EXPECT_TRUE(rule->Configure(options, env).ok());
  return lint::PlannedRule{std::shared_ptr<const lint::Rule>(std::move(rule)), severity, {}};
}

struct Run {
  model::Bank bank;
  std::vector<lint::Finding> findings;
  ReportInput input;
};

// Two questions: the second has a duplicated option and a key-count problem.
std::unique_ptr<Run> SampleRun() {
  BankBuilder b("drafts/bank.txt");
  b.AddQuestion("q1", "Which gas do plants take in?", {"Oxygen", "Carbon dioxide", "Neon"}, 1);
  model::Question& q = b.AddQuestion("q2", "Which is a prime?", {"7", "9", "seven.", "Seven"}, 0);
  q.options[2].correct = true;
  auto run = std::make_unique<Run>();
  run->bank = b.Build();
  run->findings = lint::RunRules(run->bank, {Plan("duplicate-options", lint::Severity::kError),
                                             Plan("key-count", lint::Severity::kError),
                                             Plan("option-count", lint::Severity::kWarning,
                                                  model::Value::Object{{"single", 4}})})
                      .findings;
  run->input.bank = &run->bank;
  run->input.findings = &run->findings;
  run->input.files_checked = 1;
  run->input.questions_checked = 2;
  return run;
}

TEST(TextReportTest, CompilerStyleLinesCaretsAndSummary) {
  auto run = SampleRun();
  std::ostringstream out;
  WriteTextReport(run->input, {}, out);
  EXPECT_EQ(
      out.str(),
      "drafts/bank.txt:2:7: warning: single question has 3 options; expected 4 [option-count]\n"
      "stem: Which gas do plants take in?\n"
      "      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
      "drafts/bank.txt:10:9: error: single question has 2 keys (A, C); expected exactly one "
      "[key-count]\n"
      "option: seven.\n"
      "        ^~~~~~\n"
      "drafts/bank.txt:11:9: error: option D is the same as option C (\"seven.\") "
      "[duplicate-options]\n"
      "option: Seven\n"
      "        ^~~~~\n"
      "drafts/bank.txt:10:9: note: option C is here\n"
      "2 errors, 1 warning in 1 file (2 questions in 1 file checked)\n");
}

TEST(TextReportTest, ColourOnlyWhenAsked) {
  auto run = SampleRun();
  std::ostringstream plain, colour;
  WriteTextReport(run->input, {}, plain);
  WriteTextReport(run->input, {.color = true}, colour);
  EXPECT_EQ(plain.str().find('\x1b'), std::string::npos);
  EXPECT_NE(colour.str().find("\x1b[1;31merror:\x1b[0m"), std::string::npos);
}

TEST(TextReportTest, CaretsHandleTabsWideCharactersAndLongSpans) {
  EXPECT_EQ(CaretLines("\tab", 2, 4, false), "\tab\n\t^~\n");
  EXPECT_EQ(CaretLines("显存 x", 4, 5, false), "显存 x\n     ^\n");
  EXPECT_EQ(CaretLines("abc", 2, 0, true), "abc\n ^~\n");
  EXPECT_EQ(CaretLines("abc", 9, 12, false), "abc\n   ^\n");  // past the end: a caret at the end
  EXPECT_EQ(CaretLines("abc", 0, 0, false), "");
}

TEST(TextReportTest, LongLinesAreShownAsAWindowAroundTheSpan) {
  std::string line = std::string(490, 'a') + "XYZ" + std::string(507, 'b');
  std::string shown = std::string(40, 'a') + "XYZ" + std::string(117, 'b');
  EXPECT_EQ(CaretLines(line, 491, 494, false),
            "..." + shown + "...\n" + std::string(43, ' ') + "^~~\n");
  // Near the start: no leading "..."; a span running past the window is underlined to its end.
  EXPECT_EQ(CaretLines(line, 2, 900, false),
            line.substr(0, 160) + "...\n" + " ^" + std::string(158, '~') + "\n");
  // Near the end: the window ends with the line.
  EXPECT_EQ(CaretLines(line, 1000, 1001, false),
            "..." + line.substr(840) + "\n" + std::string(3 + 159, ' ') + "^\n");
}

TEST(TextReportTest, CleanSummary) {
  model::Bank bank;
  std::vector<lint::Finding> none;
  ReportInput input{&bank, &none, {}, 3, 12};
  EXPECT_EQ(SummaryLine(input), "no findings (12 questions in 3 files checked)");
}

TEST(TextReportTest, ImportErrorsGetTheSourceLineAndACaretLikeFindings) {
  model::Bank bank;
  auto source = std::make_shared<const SourceText>("q.txt", "first line\n\tsecond line\n");
  bank.AddSource(source);
  std::vector<Diagnostic> errors = {
      Diagnostic::FromStatus(source->ErrorAt(13, "expected a letter")),
      Diagnostic::FromStatus(Status::NotFound("no such file").At("gone.txt")),
      Diagnostic::FromStatus(Status::InvalidInput("bad").At("other.txt", SourceSpan::Point(2, 1))),
  };
  std::ostringstream out;
  WriteImportErrors(errors, bank, out);
  EXPECT_EQ(out.str(),
            "q.txt:2:3: error: expected a letter\n"
            "\tsecond line\n"
            "\t ^\n"
            "gone.txt: error: no such file\n"
            "other.txt:2:1: error: bad\n");  // a file the bank does not hold: no excerpt
}

TEST(JsonReportTest, ValidatesAgainstTheReportSchema) {
  auto run = SampleRun();
  run->input.rules = {lint::RuleRegistry::Default().Find("key-count")};
  std::ostringstream out;
  WriteJsonReport(run->input, {}, out);
  Result<std::string> schema_text =
      RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/schemas/report.schema.json");
  ASSERT_TRUE(schema_text.ok());
  SourceText schema("report.schema.json", schema_text.value());
  SourceText report("report.json", out.str());
  Status valid = json::ValidateSchema(report, schema);
  EXPECT_TRUE(valid.ok()) << valid.ToString() << "\n" << out.str();
  Result<json::Node> root = json::Parse(report);
  ASSERT_TRUE(root.ok());
  const json::Node* findings = root->Find("findings");
  ASSERT_NE(findings, nullptr);
  ASSERT_EQ(findings->items().size(), 3u);
  const json::Node& dup = findings->items()[2];
  EXPECT_EQ(dup.Find("rule")->as_string(), "duplicate-options");
  EXPECT_EQ(dup.Find("line")->as_int(), 11);
  EXPECT_EQ(dup.Find("end_column")->as_int(), 14);
  EXPECT_EQ(dup.Find("field_path")->as_string(), "questions[1].options[3]");
  EXPECT_EQ(dup.Find("related")->items()[0].Find("line")->as_int(), 10);
  EXPECT_EQ(root->Find("summary")->Find("errors")->as_int(), 2);
  // Same input, same bytes; written finding by finding, the same bytes as the whole value.
  std::ostringstream again;
  WriteJsonReport(run->input, {}, again);
  EXPECT_EQ(out.str(), again.str());
  EXPECT_EQ(out.str(), json::WriteValue(JsonReportValue(run->input), 2) + "\n");
}

}  // namespace
}  // namespace qbank::report
