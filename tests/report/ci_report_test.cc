// Tests for the CI report writers: SARIF checked against the SARIF 2.1.0 schema, GitHub workflow
// commands and JUnit XML against golden files, JUnit against Jenkins' junit-10.xsd with xmllint.
#include "report/ci_report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "commands/process.h"
#include "json/document.h"
#include "report/ci_fixtures.h"
#include "report/github_report.h"
#include "report/junit_report.h"
#include "report/report_context.h"
#include "report/sarif_report.h"
#include "report/statistics.h"

namespace qbank::report {
namespace {

const std::string kTestDir = std::string(QBANK_SOURCE_DIR) + "/tests/report";

std::string ReadTestFile(const std::string& path) {
  Result<std::string> text = RealFileSystem().ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  return text.ok() ? *text : std::string();
}

// Compares `actual` with the golden file; QBANK_UPDATE_GOLDEN=1 rewrites the file instead.
void ExpectGolden(const std::string& name, const std::string& actual) {
  std::string path = kTestDir + "/golden/" + name;
  if (std::getenv("QBANK_UPDATE_GOLDEN") != nullptr) {
    ASSERT_TRUE(RealFileSystem().WriteFileAtomic(path, actual).ok());
    return;
  }
  EXPECT_EQ(actual, ReadTestFile(path))
      << "golden file " << path << " differs (QBANK_UPDATE_GOLDEN=1 rewrites it)";
}

// A bank written by hand: one file whose name needs escaping everywhere, one clean file, and
// findings of every severity, one spanning lines, one with a related location, one with no file.
struct HandBank {
  model::Bank bank;
  std::vector<lint::Finding> findings;
  std::vector<RuleMetadata> rules;
};

HandBank MakeHandBank() {
  HandBank h;
  h.bank.AddSource(std::make_shared<SourceText>(
      "/repo/bank/ops, part 1: intro.md",
      "## q-ops-1\nWhich tool shows open ports?\n- [x] ss -tln\n- [x] netstat\n  -tln\n\n"
      "## q-ops-2\nWhat does 100% CPU mean?\n- [ ] idle\n- [x] busy\n"));
  h.bank.AddSource(std::make_shared<SourceText>("/repo/bank/clean.md", "## q-ok\nFine.\n"));
  for (const char* id : {"q-ops-1", "q-ops-2", "q-ok"}) {
    model::Question q;
    q.id.value = id;
    q.span.file = std::string(id) == "q-ok" ? 1 : 0;
    h.bank.questions.push_back(q);
  }

  lint::Finding key;
  key.rule_id = "key-count";
  key.severity = lint::Severity::kError;
  key.message = "2 options are marked correct; a single-answer question needs exactly 1";
  key.span = SourceSpan{0, 3, 1, 5, 7};
  key.question_id = "q-ops-1";
  key.question_index = 0;
  key.field_path = "questions[0].options";
  key.fingerprint = lint::Fingerprint("key-count", "q-ops-1", "options", "");
  h.findings.push_back(key);

  lint::Finding rationale;
  rationale.rule_id = "missing-rationale";
  rationale.severity = lint::Severity::kWarning;
  rationale.message = "option B has no rationale:\nsay why \"busy\" is 100% right\r";
  rationale.span = SourceSpan{0, 10, 7, 10, 11};
  rationale.question_id = "q-ops-2";
  rationale.question_index = 1;
  rationale.field_path = "questions[1].options[1].rationale";
  rationale.fingerprint =
      lint::Fingerprint("missing-rationale", "q-ops-2", "options[1].rationale", "");
  rationale.related.push_back({SourceSpan{1, 2, 1, 2, 6}, "a question that has one", "q-ok", ""});
  h.findings.push_back(rationale);

  lint::Finding size;
  size.rule_id = "declared-size";
  size.severity = lint::Severity::kInfo;
  size.message = "the bank declares 50 questions <and> has 3 & more to come";
  size.fingerprint = lint::Fingerprint("declared-size", "", "", "50");
  h.findings.push_back(size);

  InMemoryFileSystem docs;
  docs.Add("rules/key-count.md",
           "# key-count\n\nChecks that the number of *keys* fits the `type`: exactly one for a\n"
           "single-answer question.\n\n## Why it matters\n\nTwo keys make a question unfair.\n");
  h.rules = DescribeRules(lint::RuleRegistry::Default(),
                          {"key-count", "missing-rationale", "option-count"}, docs, "rules");
  return h;
}

ReportContext ContextOf(const HandBank& h) {
  ReportContext ctx;
  ctx.bank = &h.bank;
  ctx.findings = &h.findings;
  ctx.rules = h.rules;
  ctx.tool_version = "9.8.7";
  ctx.repo_root = "/repo";
  ctx.docs_base_uri = "https://example.org/qbank/rules/";
  return ctx;
}

// --- report context -------------------------------------------------------------------------

TEST(ReportContextTest, RepoRelativePaths) {
  EXPECT_EQ(RepoRelativePath("/repo/bank/a.md", "/repo"), "bank/a.md");
  EXPECT_EQ(RepoRelativePath("/repo/bank/../b.md", "/repo/"), "b.md");
  EXPECT_EQ(RepoRelativePath("/elsewhere/a.md", "/repo"), "/elsewhere/a.md");
  EXPECT_EQ(RepoRelativePath("./bank//a.md", ""), "bank/a.md");
  EXPECT_EQ(RepoRelativePath("-", "/repo"), "-");
  std::string cwd = std::filesystem::current_path().generic_string();
  EXPECT_EQ(RepoRelativePath("x/y.md", cwd), "x/y.md");

  // A root reached through a symbolic link still gives relative names.
  namespace fs = std::filesystem;
  fs::path base = fs::weakly_canonical(fs::path(::testing::TempDir())) /
                  ("qbank_link_" + std::to_string(::getpid()));
  fs::remove_all(base);
  fs::create_directories(base / "real/bank");
  std::ofstream(base / "real/bank/q.md") << "x";
  std::error_code ec;
  fs::create_directory_symlink(base / "real", base / "link", ec);
  if (!ec) {
    EXPECT_EQ(RepoRelativePath((base / "link/bank/q.md").string(), (base / "real").string()),
              "bank/q.md");
    EXPECT_EQ(RepoRelativePath((base / "real/bank/q.md").string(), (base / "link").string()),
              "bank/q.md");
  }
  fs::remove_all(base);
}

TEST(ReportContextTest, FirstParagraphIsPlainText) {
  EXPECT_EQ(FirstParagraph("# rule\n\nFinds *bad* `things` in [the stem](stem.md),\nand more.\n\n"
                           "Second paragraph.\n"),
            "Finds bad things in the stem, and more.");
  EXPECT_EQ(FirstParagraph("# only a title\n\n- a list\n"), "");
  EXPECT_EQ(FirstParagraph("Suppress `*` or `[a](b)`, not *this*.\n"),
            "Suppress * or [a](b), not this.");
  EXPECT_EQ(FirstParagraph("```\ncode\n```\nText after code.\n"), "Text after code.");
}

TEST(ReportContextTest, RuleFullDescriptionReadsWhatItCatches) {
  EXPECT_EQ(
      RuleFullDescription("# key-count\n\nDefault severity: **error**.\n\n"
                          "## What it catches\n\nA question whose keys do not fit its type:\n\n"
                          "- single answer: exactly one key;\n"
                          "- multiple answer: at least\n  one key.\n\n"
                          "Other types are not checked.\n\n## Why it matters\n\nFairness.\n"),
      "A question whose keys do not fit its type: single answer: exactly one key; multiple "
      "answer: at least one key.");
  EXPECT_EQ(RuleFullDescription("# r\n\n## what it catches\n\nOne line.\nTwo lines.\n\n- not "
                                "this list\n"),
            "One line. Two lines.");
  EXPECT_EQ(RuleFullDescription("# r\n\nNo sections here.\n\n## Options\n\nNone.\n"),
            "No sections here.");
  EXPECT_EQ(RuleFullDescription(""), "");
}

TEST(ReportContextTest, DescribeRulesReadsDocPages) {
  HandBank h = MakeHandBank();
  ASSERT_EQ(h.rules.size(), 3u);
  EXPECT_EQ(h.rules[0].id, "key-count");
  EXPECT_EQ(h.rules[0].default_severity, lint::Severity::kError);
  EXPECT_NE(h.rules[0].doc_markdown.find("## Why it matters"), std::string::npos);
  EXPECT_EQ(h.rules[1].id, "missing-rationale");
  EXPECT_EQ(h.rules[1].doc_markdown, "");  // no page in this file system
  EXPECT_FALSE(h.rules[1].summary.empty());
  std::vector<RuleMetadata> unknown = DescribeRules(
      lint::RuleRegistry::Default(), {"no-such-rule", "no-such-rule"}, InMemoryFileSystem(), "");
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0].summary, "no-such-rule");
  EXPECT_EQ(unknown[0].default_severity, lint::Severity::kError);
  // import-error is a registered rule: its findings are described like any other's.
  std::vector<RuleMetadata> import =
      DescribeRules(lint::RuleRegistry::Default(), {"import-error"}, InMemoryFileSystem(), "");
  ASSERT_EQ(import.size(), 1u);
  EXPECT_EQ(import[0].summary, "An input file, or a question in it, that could not be read.");
}

TEST(ReportContextTest, ValidUtf8ReplacesBadBytes) {
  EXPECT_EQ(ValidUtf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(ValidUtf8("a\xFF"
                      "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(ValidUtf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
  EXPECT_EQ(ValidUtf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_EQ(ValidUtf8("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // truncated
}

// --- SARIF ----------------------------------------------------------------------------------

const json::Schema& SarifSchema() {
  static const json::Schema* schema = [] {
    std::string path = kTestDir + "/schemas/sarif-schema-2.1.0.json";
    Result<json::Schema> loaded = json::Schema::Load(SourceText(path, ReadTestFile(path)));
    EXPECT_TRUE(loaded.ok()) << loaded.status().ToString();
    return loaded.ok() ? new json::Schema(*loaded) : nullptr;
  }();
  if (schema == nullptr) std::abort();
  return *schema;
}

TEST(SarifReportTest, ValidatesAgainstTheSarifSchema) {
  HandBank h = MakeHandBank();
  std::string sarif = WriteSarif(ContextOf(h));
  Status status = SarifSchema().Validate(SourceText("hand.sarif", sarif));
  EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << sarif;

  // A log from the real pipeline: Aiken import, real rules.
  model::Bank bank = testing::ImportAiken({{"/work/repo/bank/net.txt", testing::kTwoQuestions}});
  std::vector<lint::Finding> findings = testing::LintForTest(bank);
  ASSERT_FALSE(findings.empty());
  ReportContext ctx;
  ctx.bank = &bank;
  ctx.findings = &findings;
  ctx.repo_root = "/work/repo";
  std::string real = WriteSarif(ctx);
  status = SarifSchema().Validate(SourceText("real.sarif", real));
  EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << real;

  // An empty run is valid too.
  EXPECT_TRUE(SarifSchema().Validate(SourceText("empty.sarif", WriteSarif(ReportContext{}))).ok());
}

TEST(SarifReportTest, SchemaCheckRejectsBrokenLogs) {
  // The schema really constrains what the writer produces: break it in three ways.
  HandBank h = MakeHandBank();
  std::string sarif = WriteSarif(ContextOf(h));
  auto broken = [&](const std::string& from, const std::string& to) {
    std::string copy = sarif;
    size_t at = copy.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) copy.replace(at, from.size(), to);
    return SarifSchema().Validate(SourceText("broken.sarif", copy));
  };
  EXPECT_FALSE(broken("\"startLine\": 3", "\"startLine\": 0").ok());
  EXPECT_FALSE(broken("\"level\": \"note\"", "\"level\": \"info\"").ok());
  EXPECT_FALSE(broken("\"version\": \"2.1.0\"", "\"version\": \"2.0.0\"").ok());
}

TEST(SarifReportTest, CarriesRulesLocationsAndFingerprints) {
  HandBank h = MakeHandBank();
  std::string sarif = WriteSarif(ContextOf(h));
  SourceText src("hand.sarif", sarif);
  Result<json::Node> parsed = json::Parse(src);
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  model::Value log = parsed->ToValue();
  EXPECT_EQ(log["version"].as_string(), "2.1.0");
  const model::Value& run = log["runs"].as_array().at(0);
  EXPECT_EQ(run.Find("columnKind")->as_string(), "unicodeCodePoints");
  EXPECT_EQ((*run.Find("originalUriBaseIds")->Find("%SRCROOT%")->Find("uri")).as_string(),
            "file:///repo/");
  const model::Value& driver = *run.Find("tool")->Find("driver");
  EXPECT_EQ(driver.Find("name")->as_string(), "qbank");
  EXPECT_EQ(driver.Find("version")->as_string(), "9.8.7");

  // Every rule that ran, then the rule with findings that was not in the list.
  const model::Value::Array& rules = driver.Find("rules")->as_array();
  ASSERT_EQ(rules.size(), 4u);
  EXPECT_EQ(rules[0].Find("id")->as_string(), "key-count");
  EXPECT_EQ(rules[0].Find("name")->as_string(), "KeyCount");
  EXPECT_EQ(rules[0].Find("fullDescription")->Find("text")->as_string(),
            "Checks that the number of keys fits the type: exactly one for a single-answer "
            "question.");
  EXPECT_NE(rules[0].Find("help")->Find("markdown")->as_string().find("Two keys"),
            std::string::npos);
  EXPECT_EQ(rules[0].Find("helpUri")->as_string(), "https://example.org/qbank/rules/key-count.md");
  EXPECT_EQ(rules[0].Find("defaultConfiguration")->Find("level")->as_string(), "error");
  EXPECT_EQ(rules[2].Find("id")->as_string(), "option-count");
  EXPECT_EQ(rules[3].Find("id")->as_string(), "declared-size");

  const model::Value::Array& results = run.Find("results")->as_array();
  ASSERT_EQ(results.size(), 3u);
  const model::Value& first = results[0];
  EXPECT_EQ(first.Find("ruleId")->as_string(), "key-count");
  EXPECT_EQ(first.Find("ruleIndex")->as_int(), 0);
  EXPECT_EQ(first.Find("level")->as_string(), "error");
  const model::Value& physical =
      *first.Find("locations")->as_array().at(0).Find("physicalLocation");
  EXPECT_EQ(physical.Find("artifactLocation")->Find("uri")->as_string(),
            "bank/ops,%20part%201%3A%20intro.md");
  EXPECT_EQ(physical.Find("artifactLocation")->Find("uriBaseId")->as_string(), "%SRCROOT%");
  const model::Value& region = *physical.Find("region");
  EXPECT_EQ(region.Find("startLine")->as_int(), 3);
  EXPECT_EQ(region.Find("startColumn")->as_int(), 1);
  EXPECT_EQ(region.Find("endLine")->as_int(), 5);
  EXPECT_EQ(region.Find("endColumn")->as_int(), 7);
  EXPECT_EQ(first.Find("partialFingerprints")->Find(std::string(kSarifFingerprintKey))->as_string(),
            h.findings[0].fingerprint);
  const model::Value& logical =
      first.Find("locations")->as_array().at(0).Find("logicalLocations")->as_array().at(0);
  EXPECT_EQ(logical.Find("name")->as_string(), "q-ops-1");
  EXPECT_EQ(logical.Find("fullyQualifiedName")->as_string(), "questions[0].options");

  const model::Value& second = results[1];
  EXPECT_EQ(second.Find("level")->as_string(), "warning");
  EXPECT_EQ(second.Find("message")->Find("text")->as_string(), h.findings[1].message);
  const model::Value& related = second.Find("relatedLocations")->as_array().at(0);
  EXPECT_EQ(related.Find("physicalLocation")->Find("artifactLocation")->Find("uri")->as_string(),
            "bank/clean.md");
  EXPECT_EQ(related.Find("message")->Find("text")->as_string(), "a question that has one");

  // No file: placed on the bank's first source without a region; info is "note".
  const model::Value& third = results[2];
  EXPECT_EQ(third.Find("level")->as_string(), "note");
  EXPECT_EQ(third.Find("ruleIndex")->as_int(), 3);
  const model::Value& placed = *third.Find("locations")->as_array().at(0).Find("physicalLocation");
  EXPECT_EQ(placed.Find("region"), nullptr);
  EXPECT_EQ(placed.Find("artifactLocation")->Find("uri")->as_string(),
            "bank/ops,%20part%201%3A%20intro.md");
}

TEST(SarifReportTest, FileOutsideTheRepoGetsAnAbsoluteUri) {
  HandBank h = MakeHandBank();
  ReportContext ctx = ContextOf(h);
  ctx.repo_root = "/somewhere/else";
  model::Value log = json::Parse(SourceText("x.sarif", WriteSarif(ctx)))->ToValue();
  const model::Value& location = *log["runs"]
                                      .as_array()[0]
                                      .Find("results")
                                      ->as_array()[0]
                                      .Find("locations")
                                      ->as_array()[0]
                                      .Find("physicalLocation")
                                      ->Find("artifactLocation");
  EXPECT_EQ(location.Find("uri")->as_string(), "file:///repo/bank/ops,%20part%201%3A%20intro.md");
  EXPECT_EQ(location.Find("uriBaseId"), nullptr);
}

// partialFingerprints of a result, by start line, for the pipeline-made banks below.
std::multiset<std::string> FingerprintsOf(const std::string& sarif, std::vector<int64_t>* lines) {
  model::Value log = json::Parse(SourceText("x.sarif", sarif))->ToValue();
  std::multiset<std::string> out;
  for (const model::Value& r : log["runs"].as_array()[0].Find("results")->as_array()) {
    out.insert(r.Find("partialFingerprints")->Find(std::string(kSarifFingerprintKey))->as_string());
    lines->push_back(r.Find("locations")
                         ->as_array()[0]
                         .Find("physicalLocation")
                         ->Find("region")
                         ->Find("startLine")
                         ->as_int());
  }
  return out;
}

TEST(SarifReportTest, FingerprintsStayWhenUnrelatedLinesMove) {
  model::Bank before = testing::ImportAiken({{"/r/q.txt", testing::kTwoQuestions}});
  model::Bank after =
      testing::ImportAiken({{"/r/q.txt", std::string("\n\n\n") + testing::kTwoQuestions}});
  std::vector<lint::Finding> f1 = testing::LintForTest(before);
  std::vector<lint::Finding> f2 = testing::LintForTest(after);
  ReportContext c1;
  c1.bank = &before;
  c1.findings = &f1;
  ReportContext c2;
  c2.bank = &after;
  c2.findings = &f2;
  std::vector<int64_t> lines1;
  std::vector<int64_t> lines2;
  std::multiset<std::string> fp1 = FingerprintsOf(WriteSarif(c1), &lines1);
  std::multiset<std::string> fp2 = FingerprintsOf(WriteSarif(c2), &lines2);
  ASSERT_FALSE(fp1.empty());
  EXPECT_EQ(fp1, fp2);
  ASSERT_EQ(lines1.size(), lines2.size());
  for (size_t i = 0; i < lines1.size(); ++i) EXPECT_EQ(lines2[i], lines1[i] + 3);
}

TEST(SarifReportTest, KeepsTheMostSevereResultsUnderTheLimit) {
  HandBank h = MakeHandBank();
  ReportContext ctx = ContextOf(h);
  ctx.sarif_max_results = 2;
  std::string sarif = WriteSarif(ctx);
  EXPECT_TRUE(SarifSchema().Validate(SourceText("limited.sarif", sarif)).ok());
  model::Value log = json::Parse(SourceText("limited.sarif", sarif))->ToValue();
  const model::Value& run = log["runs"].as_array()[0];
  const model::Value::Array& results = run.Find("results")->as_array();
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].Find("level")->as_string(), "error");
  EXPECT_EQ(results[1].Find("level")->as_string(), "warning");
  const model::Value& note =
      run.Find("invocations")->as_array()[0].Find("toolExecutionNotifications")->as_array()[0];
  EXPECT_EQ(note.Find("message")->Find("text")->as_string().substr(0, 30),
            "1 of 3 findings left out: a SA");
  ctx.sarif_max_results = 3;
  EXPECT_EQ(WriteSarif(ctx).find("toolExecutionNotifications"), std::string::npos);
}

TEST(SarifReportTest, PercentEncodesPaths) {
  EXPECT_EQ(PercentEncodePath("a b/c%d#e?f"), "a%20b/c%25d%23e%3Ff");
  EXPECT_EQ(PercentEncodePath("x:y/caf\xC3\xA9"), "x%3Ay/caf%C3%A9");
  EXPECT_EQ(PercentEncodePath("keep-._~!$&'()*+,;=@"), "keep-._~!$&'()*+,;=@");
}

// --- GitHub annotations ---------------------------------------------------------------------

TEST(GithubReportTest, EscapesDataAndProperties) {
  EXPECT_EQ(EscapeGithubData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b");
  EXPECT_EQ(EscapeGithubProperty("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext%3A a%2Cb");
  EXPECT_EQ(EscapeGithubData(std::string("a\0b\x1b[31m\tc\xFF", 11)),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD[31m\tc\xEF\xBF\xBD");
}

TEST(GithubReportTest, MatchesGolden) {
  HandBank h = MakeHandBank();
  ExpectGolden("github_annotations.txt", WriteGithubAnnotations(ContextOf(h)));
}

TEST(GithubReportTest, SaysWhenGithubWillHideAnnotations) {
  HandBank h = MakeHandBank();
  std::vector<lint::Finding> many(12, h.findings[0]);
  ReportContext ctx = ContextOf(h);
  ctx.findings = &many;
  std::string out = WriteGithubAnnotations(ctx);
  EXPECT_NE(out.find("qbank: 12 findings (12 errors, 0 warnings, 0 notices) in 1 file of 2\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("GitHub shows at most 10 annotations"), std::string::npos) << out;
  ctx.findings = &h.findings;
  EXPECT_EQ(WriteGithubAnnotations(ctx).find("GitHub shows at most"), std::string::npos);

  std::vector<lint::Finding> none;
  ctx.findings = &none;
  EXPECT_EQ(WriteGithubAnnotations(ctx), "qbank: no findings in 2 files (3 rules)\n");
}

// --- streaming --------------------------------------------------------------------------------

// A stream that keeps only the byte count and the largest single write it was handed.
class WriteSizes : public std::streambuf {
 public:
  size_t total = 0;
  size_t largest = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    total += static_cast<size_t>(n);
    largest = std::max(largest, static_cast<size_t>(n));
    return n;
  }
  int_type overflow(int_type c) override {
    ++total;
    largest = std::max<size_t>(largest, 1);
    return c;
  }
};

// 20,000 findings make reports of several megabytes; each writer hands them to the stream in
// pieces of well under a megabyte (so none is built whole in memory), and the pieces make the
// same text as the one-string form.
TEST(CiReportTest, WritersStreamLargeReports) {
  HandBank h = MakeHandBank();
  std::vector<lint::Finding> many;
  for (int i = 0; i < 20000; ++i) {
    lint::Finding f = h.findings[static_cast<size_t>(i % 3)];
    f.message += " #" + std::to_string(i);
    many.push_back(std::move(f));
  }
  ReportContext ctx = ContextOf(h);
  ctx.findings = &many;
  ctx.sarif_max_results = 0;
  for (const char* name : {"sarif", "junit", "github"}) {
    SCOPED_TRACE(name);
    WriteSizes sizes;
    std::ostream out(&sizes);
    ASSERT_TRUE(WriteCiReport(name, ctx, lint::Severity::kWarning, out));
    EXPECT_GT(sizes.total, size_t{2} << 20);
    EXPECT_LT(sizes.largest, size_t{1} << 18);
    EXPECT_EQ(sizes.total, WriteCiReport(name, ctx, lint::Severity::kWarning)->size());
  }
  EXPECT_EQ(WriteSarif(ctx), json::WriteValue(SarifLog(ctx)) + "\n");
}

// --- JUnit ----------------------------------------------------------------------------------

TEST(JunitReportTest, EscapesXml) {
  EXPECT_EQ(EscapeXml("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;");
  EXPECT_EQ(EscapeXml("1\n2\r3\t4"), "1&#10;2&#13;3&#9;4");
  EXPECT_EQ(EscapeXml(std::string("nul\0bell\x07", 9)),
            "nul\xEF\xBF\xBD"
            "bell\xEF\xBF\xBD");
  EXPECT_EQ(EscapeXml("bad\xFF"), "bad\xEF\xBF\xBD");
  EXPECT_EQ(EscapeXml("\xEF\xBF\xBF"), "\xEF\xBF\xBD");  // U+FFFF
}

TEST(JunitReportTest, MatchesGolden) {
  HandBank h = MakeHandBank();
  ExpectGolden("junit.xml", WriteJunit(ContextOf(h), lint::Severity::kWarning));
}

TEST(JunitReportTest, FindingsBelowFailOnPass) {
  HandBank h = MakeHandBank();
  std::string strict = WriteJunit(ContextOf(h), lint::Severity::kInfo);
  EXPECT_NE(strict.find("<testsuites name=\"qbank lint\" tests=\"4\" failures=\"3\""),
            std::string::npos)
      << strict;
  std::string lax = WriteJunit(ContextOf(h), lint::Severity::kError);
  EXPECT_NE(lax.find("<testsuites name=\"qbank lint\" tests=\"4\" failures=\"1\""),
            std::string::npos)
      << lax;
  EXPECT_NE(lax.find("<system-out>bank/ops, part 1: intro.md:10:7: warning:"), std::string::npos);
}

// Runs xmllint on `xml` against the Jenkins schema; "" when valid, else xmllint's complaint.
std::string XmllintComplaint(const std::string& xml) {
  std::string dir = ::testing::TempDir();
  std::string path = dir + "/ci_test_junit_" + std::to_string(::getpid()) + ".xml";
  EXPECT_TRUE(RealFileSystem().WriteFileAtomic(path, xml).ok());
  Result<commands::ProcessOutput> run = commands::RunProcess(
      {"xmllint", "--noout", "--schema", kTestDir + "/schemas/jenkins-junit-10.xsd", path});
  std::filesystem::remove(path);
  EXPECT_TRUE(run.ok()) << run.status().ToString();
  if (!run.ok()) return "xmllint did not run";
  return run->exit_code == 0 ? "" : run->err;
}

bool HaveXmllint() {
  Result<commands::ProcessOutput> run = commands::RunProcess({"xmllint", "--version"});
  return run.ok() && run->exit_code == 0;
}

TEST(JunitReportTest, ValidatesAgainstJenkinsSchema) {
  if (!HaveXmllint()) GTEST_SKIP() << "xmllint not installed (scripts/setup.sh installs it)";
  HandBank h = MakeHandBank();
  EXPECT_EQ(XmllintComplaint(WriteJunit(ContextOf(h), lint::Severity::kWarning)), "");
  EXPECT_EQ(XmllintComplaint(WriteJunit(ContextOf(h), lint::Severity::kError)), "");
  ReportContext empty;
  EXPECT_EQ(XmllintComplaint(WriteJunit(empty, lint::Severity::kWarning)), "");

  model::Bank bank = testing::ImportAiken({{"/r/bank/net.txt", testing::kTwoQuestions}});
  std::vector<lint::Finding> findings = testing::LintForTest(bank);
  ReportContext real;
  real.bank = &bank;
  real.findings = &findings;
  real.repo_root = "/r";
  std::string xml = WriteJunit(real, lint::Severity::kWarning);
  EXPECT_EQ(XmllintComplaint(xml), "") << xml;
}

TEST(JunitReportTest, SchemaCheckRejectsWhatJenkinsRejects) {
  if (!HaveXmllint()) GTEST_SKIP() << "xmllint not installed (scripts/setup.sh installs it)";
  // The attributes some writers add that the schema refuses: the check would catch them.
  EXPECT_NE(XmllintComplaint("<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" "
                             "errors=\"0\"><testcase name=\"t\" file=\"a.md\"/></testsuite>"
                             "</testsuites>"),
            "");
  EXPECT_NE(XmllintComplaint("<testsuites><testsuite name=\"a\" tests=\"1\"/></testsuites>"), "");
}

TEST(CiReportsTest, HostileTextStaysWellFormed) {
  using namespace std::string_literals;
  HandBank h = MakeHandBank();
  std::string nasty = "bad \xFF\xC0 bytes, nul \0, bell \x07, ]]> <!-- & ::error::"s;
  for (lint::Finding& f : h.findings) {
    f.message = nasty + "\r\n::warning::injected";
    f.question_id = nasty;
    f.field_path = nasty;
  }
  ReportContext ctx = ContextOf(h);
  Status sarif = SarifSchema().Validate(SourceText("nasty.sarif", WriteSarif(ctx)));
  EXPECT_TRUE(sarif.ok()) << sarif.ToString();

  std::string github = WriteGithubAnnotations(ctx);
  // One command per finding: the CR LF inside messages cannot start a second command.
  size_t commands = 0;
  std::istringstream lines(github);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("::", 0) == 0) ++commands;
    EXPECT_EQ(line.find('\r'), std::string::npos);
    EXPECT_EQ(line.find('\0'), std::string::npos) << "a NUL byte must not reach the runner";
  }
  EXPECT_EQ(commands, h.findings.size()) << github;

  if (HaveXmllint()) {
    EXPECT_EQ(XmllintComplaint(WriteJunit(ctx, lint::Severity::kInfo)), "");
  }
}

// --- statistics -----------------------------------------------------------------------------

TEST(StatisticsTest, CountsPerRuleAndSeverity) {
  HandBank h = MakeHandBank();
  std::vector<lint::Finding> findings = h.findings;
  findings.push_back(h.findings[1]);
  EXPECT_EQ(FormatStatistics(findings, {"option-count", "missing-rationale", "key-count"}),
            "rule                 errors  warnings  info  total\n"
            "missing-rationale         0         2     0      2\n"
            "declared-size             0         0     1      1\n"
            "key-count                 1         0     0      1\n"
            "total                     1         2     1      4\n"
            "1 other rule ran and found nothing\n");
  EXPECT_EQ(FormatStatistics({}, {}),
            "rule     errors  warnings  info  total\n"
            "total         0         0     0      0\n");
}

}  // namespace
}  // namespace qbank::report
