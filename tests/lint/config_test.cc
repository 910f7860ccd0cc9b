#include "lint/config.h"

#include <gtest/gtest.h>

#include "test_bank.h"

namespace qbank::lint {
namespace {

// An in-memory tree with the real schema, presets and term lists under /data.
class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* rel : {"schemas/config.schema.json", "rules/presets/recommended.json",
                            "rules/presets/practice-page.json", "rules/presets/strict.json",
                            "rules/terms/dump-markers.txt", "rules/terms/binary-options.txt",
                            "rules/terms/generic-stem-words.txt", "rules/terms/function-words.txt",
                            "rules/terms/paraphrase-function-words.txt"}) {
      Result<std::string> text =
          RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/" + rel);
      ASSERT_TRUE(text.ok()) << text.status().ToString();
      fs_.Add(std::string("/data/") + rel, text.value());
    }
  }

  Result<LintConfig> Load(const std::string& path) { return LoadConfig(path, env_); }

  // The severity and options PlanRules gives rule `id` for a bank with one file at `path`.
  std::vector<PlannedRule> PlanFor(const LintConfig& config,
                                   const std::vector<std::string>& paths) {
    model::Bank bank;
    for (const std::string& p : paths) bank.AddSource(std::make_shared<SourceText>(p, ""));
    Result<std::vector<PlannedRule>> plan = PlanRules(config, bank, RuleRegistry::Default(), env_);
    EXPECT_TRUE(plan.ok()) << plan.status().ToString();
    return plan.ok() ? plan.value() : std::vector<PlannedRule>{};
  }

  InMemoryFileSystem fs_;
  RuleEnvironment env_{fs_, "/data"};
};

const PlannedRule* FindPlanned(const std::vector<PlannedRule>& plan, std::string_view id,
                               size_t nth = 0) {
  for (const PlannedRule& p : plan) {
    if (p.rule->id() == id && nth-- == 0) return &p;
  }
  return nullptr;
}

TEST_F(ConfigTest, PresetsLoadAndStrictExtendsPracticePageWhichExtendsRecommended) {
  Result<LintConfig> rec = LoadPreset("recommended", env_);
  ASSERT_TRUE(rec.ok()) << rec.status().ToString();
  Result<LintConfig> page = LoadPreset("practice-page", env_);
  ASSERT_TRUE(page.ok()) << page.status().ToString();
  Result<LintConfig> strict = LoadPreset("strict", env_);
  ASSERT_TRUE(strict.ok()) << strict.status().ToString();
  EXPECT_EQ(rec->rules.at("field-length").severity, Severity::kWarning);
  EXPECT_EQ(strict->rules.at("field-length").severity, Severity::kError);
  EXPECT_EQ(strict->rules.at("key-count").severity, Severity::kError);  // inherited
  // House style is off in recommended, on in practice-page, and inherited by strict.
  EXPECT_EQ(rec->rules.at("missing-rationale").severity, Severity::kOff);
  EXPECT_EQ(page->rules.at("missing-rationale").severity, Severity::kWarning);
  EXPECT_NE(strict->rules.at("required-metadata").options.Find("fields"), nullptr);
  EXPECT_FALSE(LoadPreset("lenient", env_).ok());
}

TEST_F(ConfigTest, FindConfigWalksUpFromTheFirstInput) {
  fs_.Add("/proj/.qbank.json", "{}");
  fs_.Add("/proj/bank/drafts/q1.json", "{}");
  EXPECT_EQ(FindConfig({"/proj/bank/drafts/q1.json"}, fs_), "/proj/.qbank.json");
  EXPECT_EQ(FindConfig({"/proj/bank"}, fs_), "/proj/.qbank.json");
  fs_.Add("/proj/bank/.qbank.json", "{}");
  EXPECT_EQ(FindConfig({"/proj/bank/drafts"}, fs_), "/proj/bank/.qbank.json");
  EXPECT_EQ(FindConfig({"/elsewhere/x.json"}, fs_), std::nullopt);
}

TEST_F(ConfigTest, SeveritiesOptionsAndOverridesByGlob) {
  fs_.Add("/proj/.qbank.json", R"({
  "extends": "recommended",
  "rules": {
    "option-count": {"options": {"single": 5}},
    "review-age": "off"
  },
  "overrides": [
    {"files": ["drafts/**"], "rules": {"field-length": "off", "option-count": "error"}}
  ]
})");
  Result<LintConfig> config = Load("/proj/.qbank.json");
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  std::vector<PlannedRule> plan = PlanFor(*config, {"/proj/bank/a.json", "/proj/drafts/x/b.json"});
  EXPECT_EQ(FindPlanned(plan, "review-age"), nullptr);  // off everywhere
  const PlannedRule* length = FindPlanned(plan, "field-length");
  ASSERT_NE(length, nullptr);
  EXPECT_EQ(length->files, (std::vector<bool>{true, false}));
  EXPECT_EQ(FindPlanned(plan, "field-length", 1), nullptr);
  // option-count: warning for the bank, error for drafts, each its own instance.
  const PlannedRule* count0 = FindPlanned(plan, "option-count", 0);
  const PlannedRule* count1 = FindPlanned(plan, "option-count", 1);
  ASSERT_NE(count0, nullptr);
  ASSERT_NE(count1, nullptr);
  EXPECT_EQ(count0->severity, Severity::kWarning);
  EXPECT_EQ(count0->files, (std::vector<bool>{true, false}));
  EXPECT_EQ(count1->severity, Severity::kError);
  EXPECT_EQ(count1->files, (std::vector<bool>{false, true}));
  // One file: one instance for every file.
  std::vector<PlannedRule> single = PlanFor(*config, {"/proj/bank/a.json"});
  ASSERT_NE(FindPlanned(single, "key-count"), nullptr);
  EXPECT_TRUE(FindPlanned(single, "key-count")->files.empty());
}

TEST_F(ConfigTest, ErrorsNameTheLineAndTheKey) {
  fs_.Add("/p/unknown_rule.json", "{\n  \"rules\": {\n    \"key-cont\": \"error\"\n  }\n}\n");
  EXPECT_EQ(Load("/p/unknown_rule.json").status().ToString(),
            "/p/unknown_rule.json:3:5: rules.key-cont: unknown rule or category; did you mean "
            "'key-count'?");
  // Nothing near: the list is where to look.
  fs_.Add("/p/far_rule.json", "{\"rules\": {\"zzzzzzzz\": \"error\"}}");
  EXPECT_EQ(Load("/p/far_rule.json").status().ToString(),
            "/p/far_rule.json:1:12: rules.zzzzzzzz: unknown rule or category; run `qbank rules` "
            "for the list");
  fs_.Add("/p/warn.json", "{\"rules\": {\"key-count\": \"warn\", \"option-count\": \"eror\"}}");
  EXPECT_EQ(Load("/p/warn.json").status().ToString(),
            "/p/warn.json:1:49: rules.option-count: expected off, info, warning (or warn) or "
            "error; did you mean 'error'?");
  fs_.Add("/p/bad_severity.json", "{\"rules\": {\"key-count\": \"fatal\"}}");
  Status bad_severity = Load("/p/bad_severity.json").status();
  EXPECT_EQ(bad_severity.ToString().rfind("/p/bad_severity.json:1:", 0), 0u)
      << bad_severity.ToString();
  EXPECT_NE(bad_severity.ToString().find("rules.key-count"), std::string::npos)
      << bad_severity.ToString();
  fs_.Add("/p/bad_option.json",
          "{\"rules\": {\n  \"review-age\": {\"options\": {\"max-months\": \"two\"}}}}");
  EXPECT_EQ(Load("/p/bad_option.json").status().ToString(),
            "/p/bad_option.json:2:29: rules.review-age: option 'max-months': expected an integer "
            "from 1 to 1200");
  fs_.Add("/p/unknown_key.json", "{\"rule\": {}}");
  Status unknown_key = Load("/p/unknown_key.json").status();
  EXPECT_NE(unknown_key.ToString().find("/p/unknown_key.json:1:2"), std::string::npos)
      << unknown_key.ToString();
  fs_.Add("/p/syntax.json", "{\"rules\": {\"key-count\": \"error\",}}");
  EXPECT_EQ(Load("/p/syntax.json").status().ToString().rfind("/p/syntax.json:1:", 0), 0u);
  fs_.Add("/p/missing_preset.json", "{\"extends\": \"lenient\"}");
  EXPECT_EQ(Load("/p/missing_preset.json")
                .status()
                .ToString()
                .rfind("/p/missing_preset.json:1:13: extends: no such preset or config file", 0),
            0u)
      << Load("/p/missing_preset.json").status().ToString();
  std::string deep =
      "{\"rules\": {\"review-age\": {\"options\": {\"max-months\": " + std::string(20000, '[') +
      std::string(20000, ']') + "}}}}";
  fs_.Add("/p/deep.json", deep);
  Status too_deep = Load("/p/deep.json").status();
  EXPECT_EQ(too_deep.ToString().rfind("/p/deep.json:1:", 0), 0u) << too_deep.ToString();
  fs_.Add("/p/a.json", "{\"extends\": \"b.json\"}");
  fs_.Add("/p/b.json", "{\"extends\": \"./a.json\"}");
  EXPECT_NE(Load("/p/a.json").status().ToString().find("extends: cycle"), std::string::npos);
}

// import-error is a rule the presets name, but always an error: another severity or options are
// refused at their line, in rules and in overrides.
TEST_F(ConfigTest, ImportErrorIsAlwaysAnError) {
  fs_.Add("/p/named.json", "{\"rules\": {\"import-error\": \"error\"}}");
  Result<LintConfig> named = Load("/p/named.json");
  ASSERT_TRUE(named.ok()) << named.status().ToString();
  std::vector<PlannedRule> plan = PlanFor(*named, {"/p/q.json"});  // FindPlanned points into it
  const PlannedRule* planned = FindPlanned(plan, "import-error");
  ASSERT_NE(planned, nullptr);
  EXPECT_EQ(planned->severity, Severity::kError);
  EXPECT_TRUE(planned->files.empty());
  fs_.Add("/p/off.json", "{\"rules\": {\n  \"import-error\": \"off\"}}");
  EXPECT_EQ(Load("/p/off.json").status().ToString(),
            "/p/off.json:2:19: rules.import-error: always error; it takes no other severity and "
            "no options");
  fs_.Add("/p/override.json",
          "{\"overrides\": [{\"files\": [\"*.json\"], \"rules\": {\"import-error\": "
          "{\"severity\": \"error\", \"options\": {\"x\": 1}}}}]}");
  EXPECT_NE(Load("/p/override.json").status().ToString().find("rules.import-error: always error"),
            std::string::npos)
      << Load("/p/override.json").status().ToString();
}

// Paths in rule options (near-duplicate's "against", reference-overlap's "index") are taken from
// the folder of the config file that wrote them, like its override globs, not from the working
// directory: the same .qbank.json works wherever qbank runs.
TEST_F(ConfigTest, PathOptionsAreRelativeToTheConfigFile) {
  std::string dir = "/proj/config-paths";
  fs_.Add(dir + "/other.json", R"({"qbank": 1, "questions": [{"stem": "A published question?",
                                   "options": [{"text": "Yes", "correct": true},
                                               {"text": "No", "correct": false}]}]})");
  fs_.Add(dir + "/.qbank.json", R"({"rules": {
    "near-duplicate": {"severity": "warning", "options": {"against": ["other.json"]}}}})");
  Result<LintConfig> config = Load(dir + "/.qbank.json");
  ASSERT_TRUE(config.ok()) << config.status().ToString();
  const model::Value& against =
      config->rules.at("near-duplicate").options.as_object().at("against");
  EXPECT_EQ(against.as_array().at(0).as_string(), dir + "/other.json");

  fs_.Add(dir + "/sub/.qbank.json", R"({"rules": {
    "reference-overlap": {"severity": "warning", "options": {"index": "../refs.qidx"}}}})");
  Result<LintConfig> missing = Load(dir + "/sub/.qbank.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().ToString().find(dir + "/sub/../refs.qidx"), std::string::npos)
      << missing.status().ToString();
}

// The csv section is inherited through extends, key by key; a nearer file's key wins.
TEST_F(ConfigTest, CsvSectionIsInheritedThroughExtends) {
  fs_.Add("/team/base.json",
          R"({"extends": "recommended", "csv": {"columns": {"Q": "stem", "Good": "key"},)"
          R"( "delimiter": ";"}})");
  fs_.Add("/team/course.json", R"({"extends": "base.json"})");
  fs_.Add("/team/other.json", R"({"extends": "base.json", "csv": {"columns": {"Prompt": "stem"},)"
                              R"( "keep_unknown": true}})");
  Result<LintConfig> inherited = Load("/team/course.json");
  ASSERT_TRUE(inherited.ok()) << inherited.status().ToString();
  EXPECT_EQ(inherited->csv.columns, "Q=stem,Good=key");
  EXPECT_EQ(inherited->csv.delimiter, ';');
  Result<SheetConfig> sheet = LoadSheetConfig("/team/course.json", env_);
  ASSERT_TRUE(sheet.ok()) << sheet.status().ToString();
  EXPECT_EQ(sheet->columns, "Q=stem,Good=key");
  EXPECT_EQ(sheet->delimiter, ';');
  EXPECT_FALSE(sheet->keep_unknown);
  // Its own columns replace the inherited ones (not added to them); the delimiter stays.
  Result<SheetConfig> own = LoadSheetConfig("/team/other.json", env_);
  ASSERT_TRUE(own.ok()) << own.status().ToString();
  EXPECT_EQ(own->columns, "Prompt=stem");
  EXPECT_EQ(own->delimiter, ';');
  EXPECT_TRUE(own->keep_unknown);
  Result<LintConfig> full = Load("/team/other.json");
  ASSERT_TRUE(full.ok());
  EXPECT_EQ(full->csv.columns, "Prompt=stem");
}

TEST(GlobMatchTest, StarsSegmentsAndQuestionMarks) {
  EXPECT_TRUE(GlobMatch("/p/*.json", "/p/a.json"));
  EXPECT_FALSE(GlobMatch("/p/*.json", "/p/d/a.json"));
  EXPECT_TRUE(GlobMatch("/p/**/*.json", "/p/d/e/a.json"));
  EXPECT_TRUE(GlobMatch("/p/**/*.json", "/p/a.json"));
  EXPECT_TRUE(GlobMatch("/p/drafts/**", "/p/drafts/x/y.md"));
  EXPECT_FALSE(GlobMatch("/p/drafts/**", "/p/draftsy/x"));
  EXPECT_TRUE(GlobMatch("/p/q?.md", "/p/q1.md"));
  EXPECT_FALSE(GlobMatch("/p/q?.md", "/p/q12.md"));
  EXPECT_FALSE(GlobMatch("/p/q?.md", "/p/q/.md"));
  // Many stars against a long path stays fast (no exponential backtracking).
  std::string stars;
  for (int i = 0; i < 200; ++i) stars += "*a";
  EXPECT_FALSE(GlobMatch(stars + "b", std::string(5000, 'a')));
}

}  // namespace
}  // namespace qbank::lint
