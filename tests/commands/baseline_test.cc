// Tests for baselines: the file round-trips and matches its schema, matching is by fingerprint
// with multiplicity, and a baseline survives lines inserted above the findings.
#include "commands/baseline.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/file_system.h"
#include "json/document.h"
#include "report/ci_fixtures.h"

namespace qbank::commands {
namespace {

using lint::Finding;
using lint::StableFingerprint;

Finding MakeFinding(std::string rule, std::string question, std::string fingerprint,
                    std::string message = "a message") {
  Finding f;
  f.rule_id = std::move(rule);
  f.question_id = std::move(question);
  f.fingerprint = std::move(fingerprint);
  f.message = std::move(message);
  return f;
}

Finding GroupFinding(std::string fingerprint, std::vector<std::string> members) {
  Finding f = MakeFinding("near-duplicate", members.front(), std::move(fingerprint),
                          "one of " + std::to_string(members.size()) + " near-duplicate questions");
  f.group_members = std::move(members);
  return f;
}

TEST(BaselineTest, WritesSortedEntriesAndReadsThemBack) {
  std::vector<Finding> findings = {
      MakeFinding("b-rule", "q-2", "00000000000000bb"),
      MakeFinding("a-rule", "q-9", "00000000000000aa", "line one\nline \"two\""),
      MakeFinding("b-rule", "q-2", "00000000000000bb"),
  };
  Baseline baseline = MakeBaseline(findings);
  ASSERT_EQ(baseline.entries.size(), 3u);
  EXPECT_EQ(baseline.entries[0].rule_id, "a-rule");
  std::string text = WriteBaseline(baseline, "qbank 1.2.3");
  EXPECT_EQ(text.substr(0, 2), "{\n");
  EXPECT_EQ(text.back(), '\n');
  EXPECT_NE(text.find("\"kind\": \"qbank-baseline\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"generator\": \"qbank 1.2.3\""), std::string::npos) << text;

  Result<Baseline> read = ReadBaseline(SourceText("base.json", text));
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->entries, baseline.entries);
  // Writing what was read gives the same bytes.
  EXPECT_EQ(WriteBaseline(*read, "qbank 1.2.3"), text);
}

TEST(BaselineTest, FileMatchesItsSchema) {
  std::string schema_path = std::string(QBANK_SOURCE_DIR) + "/schemas/baseline.schema.json";
  Result<std::string> schema_text = RealFileSystem().ReadFile(schema_path);
  ASSERT_TRUE(schema_text.ok()) << schema_text.status().ToString();
  SourceText schema(schema_path, *schema_text);
  std::string text = WriteBaseline(
      MakeBaseline({MakeFinding("r", "q", "0123456789abcdef"), MakeFinding("s", "", "ff"),
                    GroupFinding("abcd", {"q-1", "q-2"})}),
      "qbank test");
  Status status = json::ValidateSchema(SourceText("base.json", text), schema);
  EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << text;
  EXPECT_TRUE(json::ValidateSchema(SourceText("empty.json", WriteBaseline({}, "x")), schema).ok());
  // The schema rejects what the reader rejects.
  EXPECT_FALSE(
      json::ValidateSchema(
          SourceText("bad.json", R"({"kind":"qbank-baseline","version":2,"entries":[]})"), schema)
          .ok());
}

TEST(BaselineTest, LongMessagesAreShortenedAtACharacterBoundary) {
  std::string message(kBaselineMessageBytes - 1, 'x');
  message += "\xC3\xA9\xC3\xA9 and more";
  Baseline baseline = MakeBaseline({MakeFinding("r", "q", "f", message)});
  const std::string& kept = baseline.entries[0].message;
  EXPECT_EQ(kept, std::string(kBaselineMessageBytes - 1, 'x') + "\xE2\x80\xA6");
}

TEST(BaselineTest, ReadErrorsNameTheSpot) {
  auto error = [](const std::string& text) {
    Result<Baseline> r = ReadBaseline(SourceText("base.json", text));
    return r.ok() ? std::string("OK") : r.status().ToString();
  };
  EXPECT_EQ(error("[]"),
            "base.json:1:1: expected a baseline object ({\"kind\": \"qbank-baseline\", ...})");
  EXPECT_EQ(
      error("{\"kind\": \"sarif\"}"),
      "base.json:1:10: expected \"kind\": \"qbank-baseline\" (is this a qbank baseline file?)");
  EXPECT_EQ(error("{\"kind\": \"qbank-baseline\",\n \"version\": 7, \"entries\": []}"),
            "base.json:2:13: expected baseline version 1, found 7 (written by another qbank "
            "version?)");
  EXPECT_EQ(
      error("{\"kind\": \"qbank-baseline\", \"version\": 1, \"entries\": [{\"rule\": \"x\"}]}"),
      "base.json:1:54: expected \"fingerprint\": a non-empty string");
  EXPECT_EQ(error("{\"kind\": \"qbank-baseline\", \"version\": 1, \"entries\": [{\"fingerprint\": "
                  "\"ab\", \"rule\": 3}]}"),
            "base.json:1:84: expected \"rule\": a string");
  EXPECT_NE(error("{\"kind\": \"qbank-baseline\", \"vers"), "OK");
  EXPECT_NE(error("\xFF"), "OK");
}

TEST(BaselineTest, MatchesByFingerprintWithMultiplicity) {
  Baseline baseline = MakeBaseline({
      MakeFinding("r", "q-1", "aaaa"),
      MakeFinding("r", "q-1", "aaaa"),
      MakeFinding("r", "q-2", "bbbb"),
      MakeFinding("r", "q-3", "cccc"),
  });
  std::vector<Finding> now = {
      MakeFinding("r", "q-1", "aaaa", "first"),     MakeFinding("r", "q-1", "aaaa", "second"),
      MakeFinding("r", "q-1", "aaaa", "third"),     MakeFinding("r", "q-2", "bbbb"),
      MakeFinding("r", "q-4", "dddd", "brand new"),
  };
  BaselineMatch match = ApplyBaseline(baseline, now);
  EXPECT_EQ(match.matched, 3u);
  ASSERT_EQ(match.new_findings.size(), 2u);
  EXPECT_EQ(match.new_findings[0].message, "third");  // two entries cover two of three
  EXPECT_EQ(match.new_findings[1].message, "brand new");
  ASSERT_EQ(match.gone.size(), 1u);
  EXPECT_EQ(match.gone[0].fingerprint, "cccc");
  EXPECT_EQ(BaselineSummary(match),
            "baseline: 3 findings matched, 2 new; 1 entry no longer occurs (fixed): regenerate "
            "the baseline with --write-baseline to shrink it");
  EXPECT_EQ(BaselineSummary(ApplyBaseline(MakeBaseline({}), {})),
            "baseline: 0 findings matched, 0 new");
}

// After an edit that changes a question's id, its findings are new under new fingerprints: the
// summary counts them as new, and the entries they replace as changed, not fixed.
TEST(BaselineTest, EntriesReplacedByTheSameFindingAreChangedNotFixed) {
  Baseline baseline = MakeBaseline({
      MakeFinding("r", "q-old", "aaaa", "same words"),
      MakeFinding("s", "q-old", "bbbb", "other words"),
      MakeFinding("r", "q-gone", "cccc", "fixed words"),
  });
  BaselineMatch match = ApplyBaseline(baseline, {MakeFinding("r", "q-new", "dddd", "same words"),
                                                 MakeFinding("s", "q-new", "eeee", "other words"),
                                                 MakeFinding("s", "q-new", "ffff", "other words")});
  EXPECT_EQ(match.matched, 0u);
  EXPECT_EQ(match.new_findings.size(), 3u);
  EXPECT_EQ(match.gone.size(), 3u);
  EXPECT_EQ(match.changed, 2u);
  EXPECT_EQ(BaselineSummary(match),
            "baseline: 0 findings matched, 3 new; 3 entries no longer occur (1 fixed, 2 changed: "
            "a new finding of the same rule and message, its question edited or renamed): "
            "regenerate the baseline with --write-baseline to shrink it");
}

TEST(BaselineTest, FindingsWithoutFingerprintGetAStableOne) {
  Finding f = MakeFinding("import-error", "", "", "bank.txt:3:1: expected an option");
  f.field_path = "";
  std::string fp = StableFingerprint(f);
  EXPECT_EQ(fp.size(), 16u);
  EXPECT_EQ(fp, StableFingerprint(f));
  BaselineMatch match = ApplyBaseline(MakeBaseline({f}), {f});
  EXPECT_EQ(match.matched, 1u);
  EXPECT_TRUE(match.new_findings.empty());
}

// The acceptance test of the issue: record a baseline, insert lines (a new question and blank
// lines) above the recorded findings, lint again: only the new question's findings are new and
// no entry is reported gone.
// A group finding is held member by member: an edited stem (a new fingerprint) or a member that
// left keeps it matched; a question that joined makes it new and is named.
TEST(BaselineTest, GroupsAreMatchedMemberByMember) {
  Baseline baseline = MakeBaseline(
      {GroupFinding("aaaa", {"q-1", "q-2", "q-3"}), GroupFinding("bbbb", {"q-7", "q-8"})});
  std::string text = WriteBaseline(baseline, "qbank test");
  EXPECT_NE(text.find("\"members\": [\n        \"q-1\","), std::string::npos) << text;
  Result<Baseline> read = ReadBaseline(SourceText("base.json", text));
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->entries, baseline.entries);

  BaselineMatch match =
      ApplyBaseline(*read, {GroupFinding("cccc", {"q-1", "q-2", "q-3"}),    // a stem edited
                            GroupFinding("dddd", {"q-8"}),                  // q-7 left
                            GroupFinding("eeee", {"q-2", "q-3", "q-4"})});  // q-4 joined
  EXPECT_EQ(match.matched, 2u);
  ASSERT_EQ(match.new_findings.size(), 1u);
  EXPECT_EQ(match.new_findings[0].message,
            "one of 3 near-duplicate questions (new in this group since the baseline: q-4)");
  EXPECT_TRUE(match.gone.empty());
  // A group that only grew leaves no entry gone ("fixed"): its finding is new.
  BaselineMatch grown = ApplyBaseline(*read, {GroupFinding("gggg", {"q-1", "q-2", "q-3", "q-5"}),
                                              GroupFinding("bbbb", {"q-7", "q-8"})});
  EXPECT_EQ(grown.new_findings.size(), 1u);
  EXPECT_TRUE(grown.gone.empty());
  // Another rule's group with the same members is not held by it.
  Finding other = GroupFinding("ffff", {"q-1", "q-2"});
  other.rule_id = "duplicate-option-set";
  EXPECT_EQ(ApplyBaseline(*read, {other}).new_findings.size(), 1u);
  // A members list that is not an array of strings is refused with its place.
  Result<Baseline> bad = ReadBaseline(SourceText(
      "b.json",
      R"({"kind":"qbank-baseline","version":1,"entries":[{"fingerprint":"a","members":[1]}]})"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().ToString().find("b.json:1:"), std::string::npos)
      << bad.status().ToString();
}

TEST(BaselineTest, SurvivesLinesInsertedAboveTheFindings) {
  const std::string path = "/bank/net.txt";
  model::Bank before = qbank::testing::ImportAiken({{path, qbank::testing::kTwoQuestions}});
  std::vector<Finding> old_findings = qbank::testing::LintForTest(before);
  // missing-rationale on both questions (no option has one), option-count on the second.
  ASSERT_EQ(old_findings.size(), 3u);
  std::string file = WriteBaseline(MakeBaseline(old_findings), "qbank test");
  Result<Baseline> baseline = ReadBaseline(SourceText("baseline.json", file));
  ASSERT_TRUE(baseline.ok()) << baseline.status().ToString();

  const std::string inserted =
      "Which protocol resolves host names to addresses?\n"
      "A. DNS\n"
      "B. ARP\n"
      "C. NTP\n"
      "D. SMTP\n"
      "ANSWER: A\n"
      "\n"
      "\n";
  model::Bank after =
      qbank::testing::ImportAiken({{path, inserted + qbank::testing::kTwoQuestions}});
  std::vector<Finding> new_findings = qbank::testing::LintForTest(after);
  ASSERT_EQ(after.questions.size(), 3u);

  // Every old finding moved down by the 8 inserted lines...
  size_t moved = 0;
  for (const Finding& f : new_findings) {
    for (const Finding& o : old_findings) {
      if (o.fingerprint == f.fingerprint && f.span.line == o.span.line + 8) ++moved;
    }
  }
  EXPECT_GE(moved, old_findings.size());

  // ...and is still matched; what is new is exactly the inserted question's findings.
  BaselineMatch match = ApplyBaseline(*baseline, new_findings);
  EXPECT_EQ(match.matched, old_findings.size());
  EXPECT_TRUE(match.gone.empty());
  ASSERT_FALSE(match.new_findings.empty());
  for (const Finding& f : match.new_findings) {
    EXPECT_EQ(f.question_id, after.questions[0].id.value) << f.message;
    EXPECT_LE(f.span.line, 6u);
  }

  // Fixing a finding (adding nothing else) shows up as a gone entry, and editing the offending
  // text makes the finding new.
  std::string fixed = qbank::testing::kTwoQuestions;
  fixed.replace(fixed.find("C. uptime\n"), 10, "C. uptime\nD. whoami\n");
  model::Bank edited = qbank::testing::ImportAiken({{path, fixed}});
  BaselineMatch after_fix = ApplyBaseline(*baseline, qbank::testing::LintForTest(edited));
  EXPECT_FALSE(after_fix.gone.empty());
}

}  // namespace
}  // namespace qbank::commands
