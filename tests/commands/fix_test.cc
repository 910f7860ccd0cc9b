// lint --fix and --fix-dry-run: per format, only the fixed bytes change and a second run fixes
// nothing; escaped text is left for a manual edit; the diff.
#include "commands/fix.h"

#include <gtest/gtest.h>

#include <sstream>

#include "base/line_diff.h"
#include "commands/fmt.h"
#include "commands/lint.h"
#include "formats/registry.h"

namespace qbank::commands {
namespace {

// An invisible zero width space in the stem and a Cyrillic "о" in "Nitrogen".
constexpr std::string_view kZwsp = "\u200B";
constexpr std::string_view kCyrillicO = "\u043E";

class FixTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* rel : {"schemas/config.schema.json", "rules/presets/recommended.json",
                            "rules/terms/dump-markers.txt", "rules/terms/binary-options.txt",
                            "rules/terms/generic-stem-words.txt", "rules/terms/function-words.txt",
                            "rules/terms/paraphrase-function-words.txt"}) {
      Result<std::string> text =
          RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/" + rel);
      ASSERT_TRUE(text.ok());
      fs_.Add(std::string("/data/") + rel, text.value());
    }
    // Only the two fixable rules: the test is about the bytes they change (layout, on at its
    // default severity without a preset, would rewrite the file in fmt's form).
    fs_.Add("/w/.qbank.json", R"({"rules": {"invisible-characters": "warning", )"
                              R"("lookalike-characters": "warning", "layout": "off"}})");
    options_.fs = &fs_;
    options_.data_dir = "/data";
    options_.today = lint::Date{2026, 11, 30};
    options_.out_is_terminal = false;
  }

  int Run() {
    out_.str("");
    err_.str("");
    return RunLint(options_, out_, err_);
  }

  // Writes `text` (with "@Z" for the invisible character and "@O" for the Cyrillic o) to PATH,
  // runs --fix, and checks that the file became `text` with those marks removed or retyped, and
  // that a second run fixes nothing.
  // With `bom`, the file starts with a UTF-8 byte-order mark, which stays.
  void ExpectFixed(const std::string& path, const std::string& text, bool bom = false) {
    std::string mark = bom ? "\xEF\xBB\xBF" : "";
    std::string original = mark + Replace(Replace(text, "@Z", kZwsp), "@O", kCyrillicO);
    std::string fixed = mark + Replace(Replace(text, "@Z", ""), "@O", "o");
    fs_.Add(path, original);
    options_.inputs = {path};
    options_.fix = true;
    EXPECT_EQ(Run(), 0) << err_.str() << out_.str();
    EXPECT_EQ(err_.str(), "qbank lint: fixed 2 findings in 1 file\n");
    EXPECT_EQ(fs_.ReadFile(path).value(), fixed);
    Run();
    EXPECT_EQ(err_.str(), "qbank lint: fixed 0 findings in 0 files\n");
    EXPECT_EQ(fs_.ReadFile(path).value(), fixed);
  }

  static std::string Replace(std::string text, std::string_view mark, std::string_view by) {
    for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at)) {
      text.replace(at, mark.size(), by);
      at += by.size();
    }
    return text;
  }

  InMemoryFileSystem fs_;
  LintOptions options_;
  std::ostringstream out_;
  std::ostringstream err_;
};

TEST_F(FixTest, Aiken) {
  ExpectFixed("/w/air.aiken",
              "Which gas@Z makes up most of the air?\nA) Oxygen\nB) Nitr@Ogen\nC) Argon\n"
              "D) Helium\nANSWER: B\n");
}

TEST_F(FixTest, Gift) {
  ExpectFixed("/w/air.gift",
              "// gases\n::air:: Which gas@Z makes up most of the air? {\n  =Nitr@Ogen\n"
              "  ~Oxygen\n  ~Argon\n  ~Helium\n}\n");
}

TEST_F(FixTest, MarkdownDraft) {
  ExpectFixed("/w/air.md",
              "---\nid: air\n---\n\n## Question\n\nWhich gas@Z makes up most of the air?\n\n"
              "## Options\n\n- [ ] Oxygen\n- [x] Nitr@Ogen\n- [ ] Argon\n- [ ] Helium\n");
}

TEST_F(FixTest, Csv) {
  ExpectFixed("/w/air.csv",
              "question,choice0,choice1,choice2,choice3,answer\r\n"
              "\"Which gas@Z makes up most of the air, by volume?\",Oxygen,Nitr@Ogen,Argon,"
              "Helium,1\r\n");
}

TEST_F(FixTest, JsonBank) {
  ExpectFixed(
      "/w/air.json",
      "{\n  \"qbank\": 1,\n  \"questions\": [\n    {\"id\": \"air\", \"type\": \"single\",\n"
      "     \"stem\": \"Which gas@Z makes up most of the air?\",\n"
      "     \"options\": [{\"text\": \"Oxygen\", \"correct\": false},\n"
      "                 {\"text\": \"Nitr@Ogen\", \"correct\": true},\n"
      "                 {\"text\": \"Argon\", \"correct\": false},\n"
      "                 {\"text\": \"Helium\", \"correct\": false}]}\n  ]\n}\n");
}

TEST_F(FixTest, MoodleXml) {
  ExpectFixed("/w/air.xml",
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
              "  <question type=\"multichoice\">\n    <name><text>air</text></name>\n"
              "    <questiontext format=\"html\"><text>Which gas@Z makes up most of the air?"
              "</text></questiontext>\n    <single>true</single>\n"
              "    <answer fraction=\"0\"><text>Oxygen</text></answer>\n"
              "    <answer fraction=\"100\"><text>Nitr@Ogen</text></answer>\n"
              "    <answer fraction=\"0\"><text>Argon</text></answer>\n"
              "    <answer fraction=\"0\"><text>Helium</text></answer>\n  </question>\n</quiz>\n");
}

// A practice page in the seed pages' layout (written for this test).
constexpr char kPage[] =
    "QB-TEST Chemistry Practice Question\n"
    "Which gas@Z makes up most of the air we breathe?\n"
    "\u26A0 Common exam trap\n"
    "Many candidates pick oxygen because it is the gas we need, not the one there is most of.\n"
    "Answer choices\nWhy each option matters\n"
    "Answer the question above first, then reveal the full breakdown.\n"
    "Correct answer & explanation\n\u2713\nNitrogen\n"
    "Dry air is about 78 percent nitrogen and 21 percent oxygen by volume.\n"
    "Answer analysis\nOption-by-option breakdown\n"
    "For each option: why learners choose it and why it is or isn't the right answer here.\n"
    "- \u2717\nOxygen\nWhy it's wrong here\n"
    "Oxygen is about a fifth of dry air: vital, but not the largest part.\n"
    "- \u2713\nNitrogen\nWhy this is correct\n"
    "Nitrogen is about four fifths of dry air, far more than any other gas.\n"
    "- \u2717\nArg@On\nWhy it's wrong here\n"
    "Argon is under one percent of dry air, though it is the most common noble gas.\n"
    "- \u2717\nHelium\nWhy it's wrong here\n"
    "Helium is a trace gas in the air; most of it escapes to space.\n";

TEST_F(FixTest, PracticePage) { ExpectFixed("/w/air.txt", kPage); }

TEST_F(FixTest, ByteOrderMarkStays) {
  ExpectFixed("/w/bom.aiken",
              "Which gas@Z makes up most of the air?\nA) Oxygen\nB) Nitr@Ogen\nC) Argon\n"
              "D) Helium\nANSWER: B\n",
              true);
  ExpectFixed("/w/bom.gift",
              "::air:: Which gas@Z makes up most of the air? {\n  =Nitr@Ogen\n  ~Oxygen\n"
              "  ~Argon\n  ~Helium\n}\n",
              true);
  ExpectFixed("/w/bom.md",
              "---\nid: air\n---\n\n## Question\n\nWhich gas@Z makes up most of the air?\n\n"
              "## Options\n\n- [ ] Oxygen\n- [x] Nitr@Ogen\n- [ ] Argon\n- [ ] Helium\n",
              true);
  ExpectFixed("/w/bom.csv",
              "question,choice0,choice1,choice2,choice3,answer\r\n"
              "\"Which gas@Z makes up most of the air, by volume?\",Oxygen,Nitr@Ogen,Argon,"
              "Helium,1\r\n",
              true);
  ExpectFixed("/w/bom.json",
              "{\"qbank\": 1, \"questions\": [{\"id\": \"air\", \"type\": \"single\", "
              "\"stem\": \"Which gas@Z makes up most of the air?\", \"options\": [{\"text\": "
              "\"Oxygen\", \"correct\": false}, {\"text\": \"Nitr@Ogen\", \"correct\": true}, "
              "{\"text\": \"Argon\", \"correct\": false}, {\"text\": \"Helium\", \"correct\": "
              "false}]}]}\n",
              true);
  ExpectFixed("/w/bom.xml",
              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
              "  <question type=\"multichoice\">\n    <name><text>air</text></name>\n"
              "    <questiontext format=\"html\"><text>Which gas@Z makes up most of the air?"
              "</text></questiontext>\n    <single>true</single>\n"
              "    <answer fraction=\"0\"><text>Oxygen</text></answer>\n"
              "    <answer fraction=\"100\"><text>Nitr@Ogen</text></answer>\n"
              "    <answer fraction=\"0\"><text>Argon</text></answer>\n"
              "    <answer fraction=\"0\"><text>Helium</text></answer>\n  </question>\n</quiz>\n",
              true);
  ExpectFixed("/w/bom.txt", kPage, true);
}

// The mark is dropped where the file is decoded, for every format: a finding on line 1 has the
// column an editor shows (the mark is not counted), and its fix lands after the mark.
TEST_F(FixTest, ByteOrderMarkIsNoColumnAndFixesOnLineOneLandAfterIt) {
  std::string bank =
      "{\"qbank\": 1, \"questions\": [{\"id\": \"air\", \"type\": \"single\", \"stem\": "
      "\"Which gas@Z makes up most of the air?\", \"options\": [{\"text\": \"Oxygen\", "
      "\"correct\": false}, {\"text\": \"Nitrogen\", \"correct\": true}]}]}\n";
  fs_.Add("/w/plain.json", Replace(bank, "@Z", kZwsp));
  fs_.Add("/w/marked.json", "\xEF\xBB\xBF" + Replace(bank, "@Z", kZwsp));
  options_.inputs = {"/w/plain.json"};
  Run();
  std::string plain = out_.str();
  options_.inputs = {"/w/marked.json"};
  Run();
  ASSERT_NE(plain.find("/w/plain.json:1:78: warning: invisible"), std::string::npos) << plain;
  EXPECT_EQ(out_.str(), Replace(plain, "plain.json", "marked.json"));
  options_.fix = true;
  Run();
  EXPECT_EQ(err_.str(), "qbank lint: fixed 1 finding in 1 file\n");
  EXPECT_EQ(fs_.ReadFile("/w/marked.json").value(), "\xEF\xBB\xBF" + Replace(bank, "@Z", ""));
}

TEST_F(FixTest, TypographyRewritesOnlyTheCharactersOutOfStyle) {
  fs_.Add("/w/.qbank.json",
          R"({"rules": {"typography": {"severity": "warning", "options": {"quotes": "curly",)"
          R"( "ellipsis": "character", "dashes": "em", "unit-space": "non-breaking"}}}})");
  // Code spans, a URL and a formula keep their straight quotes, dots and hyphens.
  std::string draft =
      "---\nid: fall\n---\n\n## Question\n\nA 2 kg mass falls for 3 s...  The \"answer\" - as "
      "you'll see - needs no mass. Run `qbank \"x\" --fix ...` or see https://ex.com/a--b...\n\n"
      "## Options\n\n- [x] About 44 m\n- [ ] About 29 m\n- [ ] About 88 m, since d = v - u\n";
  std::string fixed =
      "---\nid: fall\n---\n\n## Question\n\nA 2\u00A0kg mass falls for 3\u00A0s\u2026 The "
      "\u201Canswer\u201D\u2014as you\u2019ll see\u2014needs no mass. Run `qbank \"x\" --fix ...` "
      "or see https://ex.com/a--b...\n\n## Options\n\n- [x] About 44\u00A0m\n- [ ] About "
      "29\u00A0m\n- [ ] About 88\u00A0m, since d = v - u\n";
  fs_.Add("/w/fall.md", draft);
  options_.inputs = {"/w/fall.md"};
  options_.fix = true;
  EXPECT_EQ(Run(), 0) << err_.str() << out_.str();
  EXPECT_EQ(err_.str(), "qbank lint: fixed 4 findings in 1 file\n");
  EXPECT_EQ(fs_.ReadFile("/w/fall.md").value(), fixed);
  Run();
  EXPECT_EQ(err_.str(), "qbank lint: fixed 0 findings in 0 files\n");
  EXPECT_EQ(fs_.ReadFile("/w/fall.md").value(), fixed);
}

TEST_F(FixTest, AnswerMismatchRewritesTheLetterOnlyWhenTheKeysTextIsBesideIt) {
  fs_.Add("/w/.qbank.json", R"({"rules": {"answer-mismatch": "error", "layout": "off"}})");
  // The options were reordered (Nitrogen was B): the first statement quotes the key's text, the
  // second names only a letter, the third quotes a wrong option's text.
  std::string draft =
      "---\nid: air\n---\n\n## Question\n\nWhich gas makes up most of the air?\n\n"
      "## Trap\n\nOxygen is what we breathe, but the answer is (B) \u2014 \"Nitrogen\".\n\n"
      "## Options\n\n- [ ] Oxygen\n- [ ] Argon\n- [x] Nitrogen\n\n"
      "## Explanation\n\nAir is 78% nitrogen. Answer: B, Nitrogen.\n";
  std::string fixed = Replace(Replace(draft, "is (B)", "is (C)"), "Answer: B", "Answer: C");
  fs_.Add("/w/air.md", draft);
  options_.inputs = {"/w/air.md"};
  options_.fix = true;
  EXPECT_EQ(Run(), 0) << err_.str() << out_.str();
  EXPECT_EQ(err_.str(), "qbank lint: fixed 2 findings in 1 file\n");
  EXPECT_EQ(fs_.ReadFile("/w/air.md").value(), fixed);
  Run();
  EXPECT_EQ(err_.str(), "qbank lint: fixed 0 findings in 0 files\n");

  fs_.Add("/w/letter.md",
          "## Question\n\nWhich gas makes up most of the air?\n\n## Options\n\n- [ ] Oxygen\n"
          "- [ ] Argon\n- [x] Nitrogen\n\n## Explanation\n\nThe answer is B.\n");
  fs_.Add("/w/other.md",
          "## Question\n\nWhich gas do we exhale most of?\n\n## Options\n\n- [ ] Oxygen\n"
          "- [x] Nitrogen\n- [ ] Argon\n\n## Explanation\n\nThe answer is C, Argon.\n");
  options_.inputs = {"/w/letter.md", "/w/other.md"};
  EXPECT_EQ(Run(), 1);
  EXPECT_EQ(
      err_.str(),
      "qbank lint: fixed 0 findings in 0 files; 2 findings need a manual edit (escaped in the "
      "file, or no safe replacement known)\n");
  EXPECT_NE(out_.str().find("(not fixed: no option's text is beside the letter, so a stale "
                            "letter cannot be told from a wrong key)"),
            std::string::npos)
      << out_.str();
  EXPECT_NE(out_.str().find("(not fixed: the text beside the letter, \"Argon\", is option C's, "
                            "not the key's: the key or the statement is wrong)"),
            std::string::npos)
      << out_.str();
}

TEST_F(FixTest, EscapedTextNeedsAManualEdit) {
  // The zero width space written as a JSON escape: the file holds no such character to delete.
  std::string bank =
      "{\"qbank\": 1, \"questions\": [{\"id\": \"air\", \"type\": \"single\", \"stem\": \"Which "
      "gas\\u200b makes up most of the air?\", \"options\": [{\"text\": \"Oxygen\", \"correct\": "
      "false}, {\"text\": "
      "\"Nitrogen\", \"correct\": true}, {\"text\": \"Argon\", \"correct\": false}, {\"text\": "
      "\"Helium\", \"correct\": false}]}]}\n";
  fs_.Add("/w/escaped.json", bank);
  options_.inputs = {"/w/escaped.json"};
  options_.fix = true;
  Run();
  EXPECT_EQ(err_.str(),
            "qbank lint: fixed 0 findings in 0 files; 1 finding needs a manual edit (escaped in "
            "the file, or no safe replacement known)\n");
  EXPECT_NE(out_.str().find("[invisible-characters]"), std::string::npos) << out_.str();
  EXPECT_EQ(fs_.ReadFile("/w/escaped.json").value(), bank);
}

TEST_F(FixTest, DryRunPrintsADiffAndWritesNothing) {
  std::string original = "Which gas" + std::string(kZwsp) +
                         " makes up most of the air?\nA) Oxygen\nB) Nitr" +
                         std::string(kCyrillicO) + "gen\nC) Argon\nD) Helium\nANSWER: B\n";
  fs_.Add("/w/air.aiken", original);
  options_.inputs = {"/w/air.aiken"};
  options_.fix_dry_run = true;
  EXPECT_EQ(Run(), 1);
  EXPECT_EQ(out_.str(), "--- /w/air.aiken\n+++ /w/air.aiken\n@@ -1,6 +1,6 @@\n-" +
                            original.substr(0, original.find('\n')) +
                            "\n+Which gas makes up most of the air?\n A) Oxygen\n-B) Nitr" +
                            std::string(kCyrillicO) +
                            "gen\n+B) Nitrogen\n C) Argon\n D) Helium\n ANSWER: B\n");
  EXPECT_EQ(err_.str(), "qbank lint: --fix would fix 2 findings in 1 file\n");
  EXPECT_EQ(fs_.ReadFile("/w/air.aiken").value(), original);
}

// The layout rule alone: `text` at PATH is fixed into fmt's canonical form (FormatText), one
// finding per differing run of lines, and a second run fixes nothing.
class LayoutFixTest : public FixTest {
 protected:
  void ExpectFormatted(const std::string& path, const std::string& format_name,
                       const std::string& text) {
    fs_.Add("/w/.qbank.json", R"({"rules": {"layout": "warning"}})");
    const formats::Format* format = formats::Registry::Default().Find(format_name);
    ASSERT_NE(format, nullptr);
    Formatted canonical = FormatText(path, text, *format, fs_);
    ASSERT_TRUE(canonical.ok) << canonical.refusal;
    size_t hunks = DiffLines(text, canonical.text).size();
    ASSERT_GT(hunks, 0u) << "the test text is already canonical";
    fs_.Add(path, text);
    options_.inputs = {path};
    options_.fix = true;
    EXPECT_EQ(Run(), 0) << err_.str() << out_.str();
    EXPECT_EQ(err_.str(), "qbank lint: fixed " + std::to_string(hunks) +
                              (hunks == 1 ? " finding" : " findings") + " in 1 file\n");
    EXPECT_EQ(fs_.ReadFile(path).value(), canonical.text);
    Run();
    EXPECT_EQ(err_.str(), "qbank lint: fixed 0 findings in 0 files\n");
    EXPECT_EQ(fs_.ReadFile(path).value(), canonical.text);
  }
};

TEST_F(LayoutFixTest, Aiken) {
  ExpectFormatted("/w/air.aiken", "aiken",
                  "Which gas makes up most of the air?\nA) Oxygen\nB) Nitrogen\n\nANSWER: B\n\n\n"
                  "Which gas is a noble gas?\nA. Argon\nB. Oxygen\nANSWER: A\n");
}

TEST_F(LayoutFixTest, Gift) {
  ExpectFormatted("/w/air.gift", "gift",
                  "// gases\n::air:: Which gas makes up most of the air? {\n  =Nitrogen\n"
                  "  ~Oxygen\n  ~Argon\n  ~Helium\n}\n\n\n::noble::Which gas is noble? {=Argon "
                  "~Oxygen}\n");
}

TEST_F(LayoutFixTest, MarkdownDraft) {
  ExpectFormatted("/w/air.md", "md",
                  "---\nid: air\n---\n## Question\n\n\nWhich gas makes up most of the air?\n"
                  "## Options\n\n* [ ] Oxygen\n* [x] Nitrogen\n- [ ] Argon\n");
}

TEST_F(LayoutFixTest, Csv) {
  ExpectFormatted("/w/air.csv", "csv",
                  "Stem,ID,option_a,option_b,Key\nWhich gas makes up most of the air?,air,Oxygen,"
                  "Nitrogen,B\n\"Which gas is noble?\",noble,Argon,Oxygen,A\n");
}

TEST_F(LayoutFixTest, JsonBank) {
  ExpectFormatted("/w/air.json", "json",
                  "{\n  \"qbank\": 1,\n  \"questions\": [\n    {\"id\": \"air\", \"type\": "
                  "\"single\",\n     \"stem\": \"Which gas makes up most of the air?\",\n"
                  "     \"options\": [{\"text\": \"Oxygen\", \"correct\": false},\n"
                  "                 {\"text\": \"Nitrogen\", \"correct\": true}]}\n  ]\n}\n");
}

TEST_F(LayoutFixTest, MoodleXml) {
  ExpectFormatted("/w/air.xml", "moodle-xml",
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
                  "  <question type=\"multichoice\">\n    <name><text>air</text></name>\n"
                  "    <questiontext format=\"html\"><text>Which gas makes up most of the air?"
                  "</text></questiontext>\n    <single>true</single>\n"
                  "    <answer fraction=\"0\"><text>Oxygen</text></answer>\n"
                  "    <answer fraction=\"100\"><text>Nitrogen</text></answer>\n"
                  "  </question>\n</quiz>\n");
}

// A page keeps each line as written, so its canonical form is the page: no layout finding.
TEST_F(LayoutFixTest, APageIsItsOwnCanonicalForm) {
  fs_.Add("/w/.qbank.json", R"({"rules": {"layout": "warning"}})");
  std::string page = Replace(Replace(kPage, "@Z", ""), "@O", "o");
  fs_.Add("/w/air.txt", Replace(page, "Answer choices\n", "Answer choices  \n"));
  options_.inputs = {"/w/air.txt"};
  EXPECT_EQ(Run(), 0) << err_.str() << out_.str();
  EXPECT_EQ(out_.str().find("[layout]"), std::string::npos) << out_.str();
}

// Files fmt leaves alone get no layout finding: here an MMLU-layout CSV, which fmt does not
// write back.
TEST_F(LayoutFixTest, AFileFmtLeavesAloneHasNoFinding) {
  fs_.Add("/w/.qbank.json", R"({"rules": {"layout": "warning"}})");
  std::string mmlu = "What is 2+2?,3,4,5,6,B\n";
  fs_.Add("/w/test.csv", mmlu);
  options_.inputs = {"/w/test.csv"};
  options_.from = "csv";
  Run();
  EXPECT_EQ(out_.str().find("[layout]"), std::string::npos) << out_.str();
}

// A file whose import warnings fmt keeps is formatted by fmt, so the rule fixes it too (here
// grades Moodle's editor would not save, written back as they are).
TEST_F(LayoutFixTest, AFileWithAWarningFmtKeeps) {
  ExpectFormatted("/w/lungs.gift", "gift",
                  "Which organs exchange gases? {~%50%Lungs ~%40%Gills ~Liver}\n");
}

// A warning about what fmt would not keep leaves the file alone: the empty answer of "~=" is
// dropped, as Moodle drops it, so the file is not fmt's to rewrite.
TEST_F(LayoutFixTest, AFileWithAWarningFmtDoesNotKeepHasNoFinding) {
  fs_.Add("/w/.qbank.json", R"({"rules": {"layout": "warning"}})");
  fs_.Add("/w/air.gift", "Which gas makes up most of the air? {~=Nitrogen ~Oxygen}\n");
  options_.inputs = {"/w/air.gift"};
  Run();
  EXPECT_NE(out_.str().find("[import-warning]"), std::string::npos) << out_.str();
  EXPECT_EQ(out_.str().find("[layout]"), std::string::npos) << out_.str();
}

TEST_F(LayoutFixTest, DryRunShowsEachHunk) {
  fs_.Add("/w/.qbank.json", R"({"rules": {"layout": "warning"}})");
  fs_.Add("/w/air.aiken",
          "Which gas makes up most of the air?\nA) Oxygen\nB) Nitrogen\n\nANSWER: B\n");
  options_.inputs = {"/w/air.aiken"};
  options_.fix_dry_run = true;
  EXPECT_EQ(Run(), 1) << err_.str();
  EXPECT_EQ(out_.str(),
            "--- /w/air.aiken\n+++ /w/air.aiken\n@@ -1,5 +1,4 @@\n Which gas makes up most of the "
            "air?\n A) Oxygen\n B) Nitrogen\n-\n ANSWER: B\n");
}

TEST(UnifiedDiffTest, DistantEditsMakeTwoHunksAndAMissingNewlineIsSaid) {
  std::string before;
  for (int i = 1; i <= 12; ++i) before += "line " + std::to_string(i) + (i < 12 ? "\n" : "");
  // "line 2" -> "line two", "line 12" -> "line twelve" (no newline at the end).
  std::vector<lint::Fix> fixes = {{0, 12, 13, "two"},
                                  {0, before.size() - 2, before.size(), "twelve"}};
  std::string after = ApplyEdits(before, fixes);
  EXPECT_EQ(UnifiedDiff("f", before, after, fixes),
            "--- f\n+++ f\n@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n"
            " line 5\n@@ -9,4 +9,4 @@\n line 9\n line 10\n line 11\n-line 12\n"
            "\\ No newline at end of file\n+line twelve\n\\ No newline at end of file\n");
}

// The MMLU case: a CSV whose questions the import refuses for C1 control characters (Windows-1252
// punctuation read as Latin-1) imports whole after one --fix, with the characters they stood for.
TEST_F(FixTest, MojibakeIsRepairedAndTheRefusedQuestionsImport) {
  const std::string path = "/w/mmlu.csv";
  fs_.Add(
      path,
      "question,choice0,choice1,choice2,choice3,answer\n"
      "Structures help to create\u0085,teamwork,silos,groups,networks,1\n"
      "Which span \u0080\u0094 roughly \u0080\u0093 fits?,1914\u0080\u00931918,1939,1861,1950,0\n"
      "\"He said \"\"stop.\"\"\u009d What did he say?\",stop,go,wait,run,0\n");
  options_.inputs = {path};
  EXPECT_EQ(Run(), 2) << out_.str();  // the import refuses three questions
  options_.fix = true;
  Run();
  EXPECT_EQ(err_.str().substr(0, 39), "qbank lint: fixed 5 findings in 1 file\n") << err_.str();
  EXPECT_EQ(fs_.ReadFile(path).value(),
            "question,choice0,choice1,choice2,choice3,answer\n"
            "Structures help to create\u2026,teamwork,silos,groups,networks,1\n"
            "Which span \u2014 roughly \u2013 fits?,1914\u20131918,1939,1861,1950,0\n"
            "\"He said \"\"stop.\"\" What did he say?\",stop,go,wait,run,0\n");
  options_.fix = false;
  EXPECT_NE(Run(), 2) << err_.str() << out_.str();
  EXPECT_EQ(out_.str().find("[import-error]"), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("3 questions in 1 file checked"), std::string::npos) << out_.str();
}

}  // namespace
}  // namespace qbank::commands
