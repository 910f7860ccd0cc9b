// Runs every rule on its fixtures (tests/lint/fixtures/<rule-id>/*.json, bank files in the json
// format) and checks that every registered rule has a doc page and fixtures.
//
// A fixture named fires*.json must produce exactly the text report in fires*.expected (the rule
// under test alone, at its default severity, today fixed at 2026-11-30); one named silent*.json
// must produce no finding. The bank's extensions may hold {"lint_fixture": {"options": {...},
// "also": ["other-rule", ...]}}: options for the rule, and other rules to run with it (for
// unused-suppression). The fires fixtures of import-error and import-warning are files whose
// import gives errors or warnings (import-warning's in a text format, by extension); their
// findings come from those diagnostics, and from the import's text checks (mojibake's from the
// control characters they refuse). Set QBANK_UPDATE_FIXTURES=1 to write the .expected files
// (then review them).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands/layout_form.h"
#include "formats/import_checks.h"
#include "formats/registry.h"
#include "lint/category.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "report/text_report.h"

namespace qbank::lint {
namespace {

namespace fs = std::filesystem;

const fs::path& FixturesDir() {
  static const fs::path dir = fs::path(QBANK_SOURCE_DIR) / "tests/lint/fixtures";
  return dir;
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct FixtureRun {
  std::string report;
  size_t findings_of_rule = 0;
  std::string error;
};

// Rules read their data (term lists) from the source tree, as the command line does by default,
// and the layout rule gets fmt's canonical form, as from the command line.
RuleEnvironment& SourceTreeEnvironment() {
  static RuleEnvironment env(RealFileSystem(), QBANK_SOURCE_DIR);
  static const bool with_fmt = [] {
    env.set_canonical_form(commands::FmtCanonicalForm(RealFileSystem(), ""));
    return true;
  }();
  (void)with_fmt;
  return env;
}

FixtureRun RunFixture(const std::string& rule_id, const fs::path& file) {
  FixtureRun run;
  // Fixtures are json bank files; an import rule's may be in any format (import-warning's come
  // from the readers of the text formats), found by the file's extension.
  const formats::Format* json = formats::Registry::Default().Find("json");
  if (file.extension() != ".json") {
    std::string content = ReadAll(file);
    json = formats::Registry::Default().Detect(file.string(), content);
    if (json == nullptr) {
      run.error = "no format reads " + file.string();
      return run;
    }
  }
  model::Bank bank;
  std::string display = rule_id + "/" + file.filename().string();
  auto source = std::make_shared<SourceText>(display, ReadAll(file));
  formats::ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(source);
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
  ctx.errors = &errors;
  ctx.warnings = &warnings;
  Status st = json->Import(*source, ctx);
  // The fixtures of an import rule (import-error, import-warning) are files whose import gives
  // errors or warnings: those are its input. For every other rule a fixture must import.
  const Rule* tested = RuleRegistry::Default().Find(rule_id);
  bool import_rule = tested != nullptr && tested->scope() == RuleScope::kImport;
  if (!import_rule && (!st.ok() || !errors.empty())) {
    run.error = "import failed: " + (st.ok() ? errors[0].ToString() : st.ToString());
    return run;
  }
  if (!st.ok()) errors.push_back(Diagnostic::FromStatus(st, display));
  // And for an import rule, the text checks the import pipeline runs after the reader (control
  // characters, limits), whose refusals mojibake reads.
  if (import_rule && st.ok()) {
    formats::ImportCheck check = formats::CheckImported(bank, 0);
    if (!check.bank.ok()) errors.push_back(Diagnostic::FromStatus(check.bank, display));
    for (const auto& [index, problem] : check.questions) {
      errors.push_back(Diagnostic::FromStatus(problem, display));
    }
  }
  errors.insert(errors.end(), warnings.begin(), warnings.end());
  for (Diagnostic& d : errors) d.span.file = ctx.file;
  std::vector<std::string> ids = {rule_id};
  model::Value options;
  if (const model::Value* fixture = bank.extensions.Find("lint_fixture")) {
    if (const model::Value* o = fixture->Find("options")) options = *o;
    if (const model::Value* also = fixture->Find("also")) {
      for (const model::Value& id : also->as_array()) ids.push_back(id.as_string());
    }
  }
  std::vector<PlannedRule> plan;
  for (const std::string& id : ids) {
    std::unique_ptr<Rule> rule = RuleRegistry::Default().Create(id);
    if (rule == nullptr) {
      run.error = "unknown rule " + id;
      return run;
    }
    Status configured =
        rule->Configure(id == rule_id ? options : model::Value(), SourceTreeEnvironment());
    if (!configured.ok()) {
      run.error = "options rejected: " + configured.ToString();
      return run;
    }
    Severity severity = rule->default_severity();
    plan.push_back({std::shared_ptr<const Rule>(std::move(rule)), severity, {}});
  }
  EngineOptions engine;
  engine.today = Date{2026, 11, 30};
  engine.threads = 1;
  EngineResult result = RunRules(bank, plan, engine);
  std::vector<Finding> findings = ReportImportErrors(bank, plan, errors);
  findings.insert(findings.end(), result.findings.begin(), result.findings.end());
  for (const Finding& f : findings) run.findings_of_rule += f.rule_id == rule_id;
  report::ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  input.files_checked = 1;
  input.questions_checked = result.questions_checked;
  std::ostringstream out;
  report::WriteTextReport(input, {}, out);
  run.report = out.str();
  return run;
}

std::vector<fs::path> FixtureFiles(const std::string& rule_id) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(FixturesDir() / rule_id, ec)) {
    if (entry.path().extension() != ".expected") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool StartsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

TEST(RuleRegistryTest, RulesAreRegisteredOnceInAlphabeticalOrder) {
  const RuleRegistry& registry = RuleRegistry::Default();
  std::vector<const Rule*> all = registry.All();
  EXPECT_EQ(registry.registrations(), all.size()) << "a rule id is registered twice";
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1]->id(), all[i]->id());
  for (const Rule* r : all) {
    std::string id(r->id());
    bool kebab = !id.empty() && id.front() != '-' && id.back() != '-' &&
                 id.find("--") == std::string::npos &&
                 id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos;
    EXPECT_TRUE(kebab) << id << " is not kebab-case";
    EXPECT_FALSE(r->summary().empty()) << id;
    EXPECT_NE(r->default_severity(), Severity::kOff) << id;
    EXPECT_TRUE(
        RuleRegistry::Default().Create(id)->Configure(model::Value(), SourceTreeEnvironment()).ok())
        << id << " rejects its default options";
  }
}

// rules/README.md is the index by category: each category a "## name" section listing its rules
// as links to their pages, every rule under the category it is registered in.
TEST(RuleRegistryTest, TheRulesIndexListsEveryRuleUnderItsCategory) {
  std::string index = ReadAll(fs::path(QBANK_SOURCE_DIR) / "rules" / "README.md");
  ASSERT_FALSE(index.empty()) << "no rules/README.md";
  const RuleRegistry& registry = RuleRegistry::Default();
  for (const Rule* r : registry.All()) {
    std::string id(r->id());
    std::string heading = "\n## " + std::string(CategoryName(*registry.CategoryOf(id))) + "\n";
    size_t at = index.find(heading);
    ASSERT_NE(at, std::string::npos) << "rules/README.md lacks" << heading;
    size_t next = index.find("\n## ", at + heading.size());
    size_t link = index.find("[" + id + "](" + id + ".md)", at);
    EXPECT_LT(link, next) << id << " is not listed under" << heading;
  }
}

// The test the style guide asks for: a registered rule without a doc page or fixtures fails.
TEST(RuleRegistryTest, EveryRuleHasADocPageAndFixtures) {
  for (const Rule* r : RuleRegistry::Default().All()) {
    std::string id(r->id());
    fs::path doc = fs::path(QBANK_SOURCE_DIR) / "rules" / (id + ".md");
    std::string page = ReadAll(doc);
    EXPECT_FALSE(page.empty()) << id << ": no doc page at " << doc;
    if (!page.empty()) {
      EXPECT_TRUE(StartsWith(page, "# " + id + "\n")) << doc << " must start with '# " << id << "'";
      // The page names the category the rule is registered in, linked to the index.
      std::string category(CategoryName(*RuleRegistry::Default().CategoryOf(id)));
      EXPECT_TRUE(StartsWith(
          page, "# " + id + "\n\nCategory: [" + category + "](README.md#" + category + "). "))
          << doc << " must say 'Category: [" << category << "](README.md#" << category << ").'";
      for (const char* heading : {"\n## What it catches\n", "\n## Why it matters\n", "\n## Bad\n",
                                  "\n## Good\n", "\n## Options\n"}) {
        EXPECT_NE(page.find(heading), std::string::npos) << doc << " lacks" << heading;
      }
    }
    bool fires = false, silent = false;
    for (const fs::path& f : FixtureFiles(id)) {
      std::string name = f.filename().string();
      if (StartsWith(name, "fires")) {
        fs::path expected = f;
        expected.replace_extension(".expected");
        fires = fires || fs::exists(expected);
        EXPECT_TRUE(fs::exists(expected)) << f << " has no " << expected.filename();
      } else if (StartsWith(name, "silent")) {
        silent = true;
      } else {
        ADD_FAILURE() << f << ": fixture names start with 'fires' or 'silent'";
      }
    }
    EXPECT_TRUE(fires) << id << ": no fixture tests/lint/fixtures/" << id << "/fires*.json";
    EXPECT_TRUE(silent) << id << ": no fixture tests/lint/fixtures/" << id << "/silent*.json";
  }
  // And no fixtures for rules that do not exist.
  for (const auto& entry : fs::directory_iterator(FixturesDir())) {
    if (!entry.is_directory()) continue;
    std::string id = entry.path().filename().string();
    EXPECT_NE(RuleRegistry::Default().Find(id), nullptr) << "fixtures for unknown rule " << id;
  }
}

TEST(RuleFixturesTest, EachFixtureFiresOrStaysSilentAsWritten) {
  if (formats::Registry::Default().Find("json") == nullptr) {
    GTEST_SKIP() << "the json bank format is not registered in this build";
  }
  bool update = std::getenv("QBANK_UPDATE_FIXTURES") != nullptr;
  for (const Rule* r : RuleRegistry::Default().All()) {
    std::string id(r->id());
    for (const fs::path& f : FixtureFiles(id)) {
      SCOPED_TRACE(f.string());
      FixtureRun run = RunFixture(id, f);
      ASSERT_EQ(run.error, "");
      std::string name = f.filename().string();
      if (StartsWith(name, "silent")) {
        EXPECT_EQ(run.findings_of_rule, 0u) << run.report;
        continue;
      }
      EXPECT_GT(run.findings_of_rule, 0u) << run.report;
      fs::path expected = f;
      expected.replace_extension(".expected");
      if (update) {
        std::ofstream(expected, std::ios::binary) << run.report;
        continue;
      }
      EXPECT_EQ(run.report, ReadAll(expected));
    }
  }
}

}  // namespace
}  // namespace qbank::lint
