#include "lint/engine.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "lint/registry.h"
#include "lint/suppressions.h"
#include "test_bank.h"

namespace qbank::lint {
namespace {

using testing::BankBuilder;

PlannedRule Plan(std::string_view id, Severity severity) {
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create(id);
  EXPECT_NE(rule, nullptr) << id;
  return PlannedRule{std::shared_ptr<const Rule>(std::move(rule)), severity, {}};
}

// A bank of `n` questions where every third one has two keys.
model::Bank ManyQuestions(size_t n) {
  BankBuilder b;
  for (size_t i = 0; i < n; ++i) {
    model::Question& q =
        b.AddQuestion("q" + std::to_string(i), "Which number is prime?", {"4", "6", "7", "9"}, 2);
    if (i % 3 == 0) q.options[0].correct = true;
  }
  return b.Build();
}

TEST(EngineTest, FindingsAreTheSameWhateverTheThreadCount) {
  model::Bank bank = ManyQuestions(3000);
  std::vector<PlannedRule> rules = {Plan("key-count", Severity::kError),
                                    Plan("option-count", Severity::kWarning)};
  EngineOptions one;
  one.threads = 1;
  EngineOptions four;
  four.threads = 4;
  EngineResult a = RunRules(bank, rules, one);
  EngineResult b = RunRules(bank, rules, four);
  ASSERT_EQ(a.findings.size(), 1000u);
  ASSERT_EQ(a.findings.size(), b.findings.size());
  for (size_t i = 0; i < a.findings.size(); ++i) {
    EXPECT_EQ(a.findings[i].span, b.findings[i].span);
    EXPECT_EQ(a.findings[i].fingerprint, b.findings[i].fingerprint);
  }
  // Sorted by position: the first finding is on question 0's second key (option C, line 5).
  EXPECT_EQ(a.findings[0].question_id, "q0");
  EXPECT_EQ(a.findings[0].span.line, 5u);
  EXPECT_EQ(a.findings[0].field_path, "questions[0].options[2].correct");
  EXPECT_EQ(a.findings[0].severity, Severity::kError);
  EXPECT_EQ(a.questions_checked, 3000u);
}

TEST(EngineTest, FingerprintSurvivesEditsElsewhere) {
  BankBuilder before;
  before.AddQuestion("q1", "Which number is prime?", {"4", "7", "7", "9"}, 1);
  BankBuilder after;
  after.AddQuestion("q0", "A question inserted above", {"1", "2", "3", "5"}, 0);
  after.AddQuestion("q1", "Which number is prime?", {"4", "7", "7", "9"}, 1);
  std::vector<PlannedRule> rules = {Plan("duplicate-options", Severity::kError)};
  EngineResult a = RunRules(before.Build(), rules);
  EngineResult b = RunRules(after.Build(), rules);
  ASSERT_EQ(a.findings.size(), 1u);
  ASSERT_EQ(b.findings.size(), 1u);
  EXPECT_NE(a.findings[0].span.line, b.findings[0].span.line);
  EXPECT_EQ(a.findings[0].fingerprint, b.findings[0].fingerprint);
  // Another rule or another text gives another fingerprint.
  EXPECT_NE(Fingerprint("a", "q", "stem", "x"), Fingerprint("b", "q", "stem", "x"));
  EXPECT_NE(Fingerprint("a", "q", "stem", "x"), Fingerprint("a", "q", "stem", "y"));
  EXPECT_NE(Fingerprint("a", "qs", "tem", "x"), Fingerprint("a", "q", "stem", "x"));
}

TEST(EngineTest, SuppressionsDropFindingsAndUnusedOnesAreReported) {
  BankBuilder b;
  model::Question& q1 = b.AddQuestion("q1", "Which number is prime?", {"7", "7", "4", "9"}, 0);
  q1.suppressions.push_back({"duplicate-options", "the repeat is deliberate", q1.id.span});
  model::Question& q2 = b.AddQuestion("q2", "Which number is even?", {"4", "7", "5", "9"}, 0);
  q2.suppressions.push_back({"duplicate-options", "stale", q2.id.span});
  q2.suppressions.push_back({"key-cont", "typo", q2.id.span});
  q2.suppressions.push_back({"review-age", "rule is off here", q2.id.span});
  model::Bank bank = b.Build();
  std::vector<PlannedRule> rules = {Plan("duplicate-options", Severity::kError),
                                    Plan("unused-suppression", Severity::kWarning)};
  EngineResult r = RunRules(bank, rules);
  ASSERT_EQ(r.findings.size(), 2u);
  // Both at the same place: ordered by message.
  EXPECT_EQ(r.findings[0].rule_id, "unused-suppression");
  EXPECT_EQ(r.findings[0].question_id, "q2");
  EXPECT_EQ(r.findings[0].field_path, "questions[1].suppress[1]");
  EXPECT_EQ(r.findings[0].message,
            "suppression names unknown rule 'key-cont'; did you mean 'key-count'?");
  EXPECT_EQ(r.findings[1].field_path, "questions[1].suppress[0]");
  EXPECT_EQ(r.findings[1].message,
            "suppression of 'duplicate-options' is unused: the rule reported nothing on this "
            "question");

  // Without unused-suppression planned, nothing is said about them.
  EngineResult quiet = RunRules(bank, {Plan("duplicate-options", Severity::kError)});
  EXPECT_TRUE(quiet.findings.empty());
}

TEST(EngineTest, WildcardSuppressionDropsEveryRule) {
  BankBuilder b;
  model::Question& q = b.AddQuestion("q1", "Which?", {"7", "7"}, 0);
  q.options[1].correct = true;
  q.suppressions.push_back({"*", "legacy", q.id.span});
  EngineResult r = RunRules(
      b.Build(), {Plan("duplicate-options", Severity::kError), Plan("key-count", Severity::kError),
                  Plan("unused-suppression", Severity::kWarning)});
  EXPECT_TRUE(r.findings.empty());
}

// A plain `qbank lint` places no fixes, so it never reads a released source back during the
// rules (at a million questions that copy of the file sat beside the duplicate rules' tables);
// `--fix` still gets each fix, read from the file once.
TEST(EngineTest, FixesArePlacedOnlyWhenAsked) {
  BankBuilder b;
  b.AddQuestion("q1", "Which pl\u0430net is red?", {"Mars", "Venus"}, 0);  // Cyrillic a
  model::Bank bank = b.Build();
  int loads = 0;
  std::string content = bank.sources[0]->content();
  auto source = std::make_shared<SourceText>(bank.sources[0]->path(), content);
  source->SetLoader([&]() -> std::optional<std::string> {
    ++loads;
    return content;
  });
  source->Release();
  bank.sources[0] = source;
  std::vector<PlannedRule> rules = {Plan("lookalike-characters", Severity::kWarning)};

  EngineOptions no_fixes;
  no_fixes.place_fixes = false;
  EngineResult plain = RunRules(bank, rules, no_fixes);
  ASSERT_EQ(plain.findings.size(), 1u);
  EXPECT_FALSE(plain.findings[0].fix.has_value());
  EXPECT_EQ(loads, 0);

  EngineResult fixing = RunRules(bank, rules);
  ASSERT_EQ(fixing.findings.size(), 1u);
  ASSERT_TRUE(fixing.findings[0].fix.has_value());
  const Fix& fix = *fixing.findings[0].fix;
  std::string fixed = content;
  fixed.replace(fix.begin, fix.end - fix.begin, fix.replacement);
  EXPECT_NE(fixed.find("Which planet is red?"), std::string::npos) << fixed;
  EXPECT_EQ(loads, 1);
}

TEST(EngineTest, RulesApplyOnlyToTheirFiles) {
  model::Bank bank = ManyQuestions(3);
  bank.AddSource(std::make_shared<SourceText>("other.txt", ""));
  PlannedRule only_other = Plan("key-count", Severity::kError);
  only_other.files = {false, true};
  EXPECT_TRUE(RunRules(bank, {only_other}).findings.empty());
  only_other.files = {true, false};
  EXPECT_EQ(RunRules(bank, {only_other}).findings.size(), 1u);
}

// Every registered rule on questions no importer should produce but a test can: invalid UTF-8,
// a megabyte-long explanation full of option letters, 300 options, empty and missing fields,
// spans that point nowhere. Nothing may crash or hang.
TEST(EngineTest, EveryRuleSurvivesHostileQuestions) {
  BankBuilder b;
  b.AddQuestion("bad-utf8", "Which \xFF\xFE is \xC3?", {"\xE2\x82", "ok", "\xF4\x90\x80\x80", ""},
                0);
  std::string huge;
  for (int i = 0; i < 40000; ++i) huge += "Answer: (Z) option Q, choices A and ";
  model::Question& big = b.AddQuestion("huge", std::string(100000, 'x'), {"a", "b"}, 1);
  big.explanation = model::Text(huge);
  big.explanation.verbatim = true;
  big.explanation.span = big.stem.span;
  big.stated_answer = model::Text("\xFF");
  std::vector<std::string> many;
  many.reserve(300);
  for (int i = 0; i < 300; ++i) many.push_back("option " + std::to_string(i % 7));
  model::Question& wide = b.AddQuestion("wide", "Pick one of these many options?", many, 299);
  wide.options[5].rationale = model::Text("See: https://x");
  wide.review->date = model::Text("9999-99-99");
  wide.suppressions.push_back({"*", "", SourceSpan{}});
  model::Bank bank = b.Build();
  model::Question bare;  // no spans, no id, no file
  bare.type = model::QuestionType::kTrueFalse;
  bare.options.resize(3);
  bank.questions.push_back(bare);

  std::vector<PlannedRule> all;
  for (const Rule* r : RuleRegistry::Default().All())
    all.push_back(Plan(r->id(), Severity::kError));
  EngineResult result = RunRules(bank, all);
  EXPECT_GT(result.findings.size(), 0u);
  for (const Finding& f : result.findings) {
    EXPECT_FALSE(f.rule_id.empty());
    EXPECT_EQ(f.fingerprint.size(), 16u);
  }
}

// The rules of one run share results by key: the first asker makes it, the others get the same.
TEST(SharedResultsTest, MakesEachResultOnce) {
  LintContext ctx;
  int made = 0;
  auto make = [&] {
    ++made;
    return std::make_shared<const std::string>("features");
  };
  auto a = ctx.shared->Get<std::string>("k", make);
  auto b = ctx.shared->Get<std::string>("k", make);
  auto c = ctx.shared->Get<std::string>("other", make);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_EQ(made, 2);
  EXPECT_NE(LintContext().shared, ctx.shared);  // a new run starts afresh
}

// ReportRange walks a long field once for findings in order, and still gets every position right
// when they come out of order.
TEST(ReporterTest, RangesMapToLineAndColumnInAnyOrder) {
  BankBuilder b;
  model::Question& q = b.AddQuestion("q", "first line\nsecond \xC3\xA9 line\nthird", {"x"}, 0);
  model::Text stem = q.stem;
  model::Bank bank = b.Build();
  LintContext ctx;
  ctx.bank = &bank;
  std::vector<Finding> out;
  Reporter reporter(ctx, "test-rule", Severity::kInfo, &out);
  std::vector<std::pair<size_t, size_t>> ranges = {{0, 5}, {11, 17}, {18, 20}, {26, 31}, {6, 10}};
  for (auto [begin, end] : ranges) reporter.ReportRange(0, stem, begin, end, "stem", "m");
  ASSERT_EQ(out.size(), ranges.size());
  for (size_t i = 0; i < ranges.size(); ++i) {
    EXPECT_EQ(out[i].span, Reporter::SubSpan(stem, ranges[i].first, ranges[i].second)) << i;
  }
  // "second é line": é is one column; "third" starts line 4 of the file, column 1.
  EXPECT_EQ(out[2].span.line, 3u);
  EXPECT_EQ(out[2].span.column, 8u);
  EXPECT_EQ(out[2].span.end_column, 9u);
  EXPECT_EQ(out[3].span.line, 4u);
  EXPECT_EQ(out[3].span.column, 1u);
  EXPECT_EQ(out[3].span.end_column, 6u);
}

TEST(TodayTest, SourceDateEpochFixesTheDate) {
  ::setenv("SOURCE_DATE_EPOCH", "1796040000", 1);
  EXPECT_EQ(Today(), (Date{2026, 11, 30}));
  ::setenv("SOURCE_DATE_EPOCH", "not a number", 1);
  Date clock = Today();
  ::unsetenv("SOURCE_DATE_EPOCH");
  EXPECT_EQ(clock, Today());
}

TEST(EngineTest, EmptyBankAndNoRules) {
  model::Bank empty;
  EXPECT_TRUE(RunRules(empty, {Plan("key-count", Severity::kError)}).findings.empty());
  EXPECT_TRUE(RunRules(ManyQuestions(5), {}).findings.empty());
}

// import-error and import-warning are rules like the others, of scope kImport: RunRules leaves
// them alone and ReportImportErrors turns each import error (warning) into one finding at its
// place, fingerprinted by the file's normal path (so "./bank/x.json" and "bank/x.json" match in a
// baseline).
TEST(EngineTest, ImportErrorsBecomeFindingsOfTheImportRule) {
  model::Bank bank;
  uint32_t file = bank.AddSource(std::make_shared<SourceText>("./bank/x.json", "{\n  oops\n}\n"));
  Diagnostic d;
  d.path = "./bank/x.json";
  d.span.file = file;
  d.span.line = 2;
  d.span.column = 3;
  d.message = "expected a member name";
  std::vector<PlannedRule> plan = {Plan("import-error", Severity::kError),
                                   Plan("key-count", Severity::kError)};
  EXPECT_TRUE(RunRules(bank, plan).findings.empty());
  EXPECT_TRUE(ReportImportErrors(bank, {Plan("key-count", Severity::kError)}, {&d, 1}).empty());
  Diagnostic warned = d;
  warned.warning = true;
  warned.message = "option letter C out of order";
  std::vector<Diagnostic> both = {warned, d};
  plan.push_back(Plan("import-warning", Severity::kWarning));
  std::vector<Finding> found = ReportImportErrors(bank, plan, both);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[1].rule_id, "import-warning");  // the rules in plan order
  EXPECT_EQ(found[1].severity, Severity::kWarning);
  EXPECT_EQ(found[1].message, "option letter C out of order");
  EXPECT_EQ(found[1].fingerprint,
            Fingerprint("import-warning", "", "bank/x.json", "option letter C out of order"));
  const Finding& f = found[0];
  EXPECT_EQ(f.rule_id, "import-error");
  EXPECT_EQ(f.severity, Severity::kError);
  EXPECT_EQ(f.message, "expected a member name");
  EXPECT_EQ(f.span.file, file);
  EXPECT_EQ(f.span.line, 2u);
  EXPECT_EQ(f.span.end_line, 2u);
  EXPECT_EQ(f.span.end_column, 4u);
  EXPECT_EQ(f.field_path, "");
  EXPECT_EQ(f.question_index, Finding::kNoQuestion);
  EXPECT_EQ(f.fingerprint, Fingerprint("import-error", "", "bank/x.json", d.message));
}

}  // namespace
}  // namespace qbank::lint
