// The duplicate and originality rules through the engine: planted copies in a bank the test
// builds, and `against` banks read through the rule environment's file system.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "base/file_system.h"
#include "base/source_text.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "similarity/reference_index.h"

namespace qbank::lint {
namespace {

model::Question Q(const std::string& id, const std::string& stem, std::vector<std::string> options,
                  size_t key = 0, const std::string& explanation = "") {
  model::Question q;
  q.id = id;
  q.stem = stem;
  for (size_t i = 0; i < options.size(); ++i) {
    model::Option o;
    o.text = options[i];
    o.correct = i == key;
    q.options.push_back(o);
  }
  q.explanation = explanation;
  return q;
}

const std::vector<std::string> kOptions = {"Sandstone weathering", "Glacial scouring",
                                           "River meanders", "Wind-blown loess"};

model::Bank PlantedBank() {
  model::Bank bank;
  auto& qs = bank.questions;
  qs.push_back(Q("valley",
                 "Which process carved the wide U-shaped valleys found high in the "
                 "mountains of the northern range?",
                 kOptions, 1, "Ice moving downhill grinds the valley floor and walls into a U."));
  qs.push_back(Q("copy-format",
                 "which PROCESS carved the wide U-shaped valleys found high in "
                 "the mountains of the northern range",
                 {kOptions[3], kOptions[1], kOptions[0], kOptions[2]}, 1));
  qs.push_back(Q("copy-words",
                 "Which process cut the wide U-shaped valleys seen high in the "
                 "mountains of the northern range?",
                 kOptions, 1));
  qs.push_back(Q("copy-options",
                 "A hiker finds scratched boulders and a steep bowl below a peak. "
                 "What left them there?",
                 {kOptions[2], kOptions[0], kOptions[1], kOptions[3]}, 1));
  qs.push_back(Q("copy-disguised",
                 "Which pr\u043Ecess carved the wide U-sh\u0430ped valleys "
                 "found high in the mount\u200Bains of the northern range?",
                 kOptions, 1));
  qs.push_back(Q("other", "What is the main gas given off when limestone is heated strongly?",
                 {"Carbon dioxide", "Oxygen", "Hydrogen", "Chlorine"}, 0,
                 "Ice moving downhill grinds the valley floor and walls into a U."));
  qs.push_back(Q("other-2", "Which mineral makes up most of a quartzite?",
                 {"Quartz", "Mica", "Calcite", "Feldspar"}, 0,
                 "Ice moving downhill grinds the valley floor and walls into a U."));
  return bank;
}

std::map<std::string, std::vector<std::string>> RunDuplicateRules(
    const model::Bank& bank, const std::vector<std::string>& ids, const model::Value& options = {},
    FileSystem* fs = nullptr) {
  InMemoryFileSystem empty;
  RuleEnvironment env(fs != nullptr ? *fs : empty, "/data");
  std::vector<PlannedRule> plan;
  for (const std::string& id : ids) {
    std::unique_ptr<Rule> rule = RuleRegistry::Default().Create(id);
    EXPECT_NE(rule, nullptr) << id;
    Status st = rule->Configure(options, env);
    EXPECT_TRUE(st.ok()) << st.ToString();
    Severity severity = rule->default_severity();
    plan.push_back({std::shared_ptr<const Rule>(std::move(rule)), severity, {}});
  }
  EngineOptions engine;
  engine.threads = 1;
  std::map<std::string, std::vector<std::string>> found;  // rule -> "question: message"
  for (const Finding& f : RunRules(bank, plan, engine).findings) {
    found[f.rule_id].push_back(f.question_id + ": " + f.message);
  }
  return found;
}

TEST(DuplicateRulesTest, FireOnPlantedCopies) {
  model::Bank bank = PlantedBank();
  auto found = RunDuplicateRules(
      bank, {"exact-duplicate", "near-duplicate", "duplicate-option-set", "reused-explanation",
             "lookalike-characters", "invisible-characters"});
  ASSERT_EQ(found["exact-duplicate"].size(), 2u);
  EXPECT_EQ(found["exact-duplicate"][0],
            "copy-format: exact duplicate of question \"valley\" (<unknown>)");
  EXPECT_EQ(found["exact-duplicate"][1],
            "copy-disguised: exact duplicate of question \"valley\" (<unknown>)");
  ASSERT_EQ(found["near-duplicate"].size(), 1u);
  // One finding per group, on its first member (file order).
  EXPECT_NE(found["near-duplicate"][0].find("valley: near duplicate of question \"copy-words\""),
            std::string::npos);
  EXPECT_NE(found["near-duplicate"][0].find("only there: \"cut\", \"seen\""), std::string::npos);
  ASSERT_EQ(found["duplicate-option-set"].size(), 1u);
  EXPECT_EQ(found["duplicate-option-set"][0],
            "valley: same options as question \"copy-options\" (<unknown>) under a different "
            "stem");
  EXPECT_EQ(found["reused-explanation"].size(), 1u);  // one per group of uses
  EXPECT_EQ(found["lookalike-characters"].size(), 2u);
  EXPECT_EQ(found["invisible-characters"].size(), 1u);
}

// eval/passages/passage_bank.json: 24 questions on six shared reading passages and two planted
// rewordings ("bakery-copy", "library-copy"). Under "stem-differences": "wording" only the two
// copies are reported; questions sharing only a passage never are.
TEST(DuplicateRulesTest, WordingOnlyReportsNoQuestionsThatShareOnlyAPassage) {
  const std::string path = std::string(QBANK_SOURCE_DIR) + "/eval/passages/passage_bank.json";
  Result<std::string> text = RealFileSystem().ReadFile(path);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  model::Bank bank;
  ASSERT_TRUE(json::ReadBank(SourceText(path, *text), 0, bank).ok());
  ASSERT_EQ(bank.questions.size(), 26u);
  RuleEnvironment env(RealFileSystem(), QBANK_SOURCE_DIR);  // rules/terms/function-words.txt
  auto run = [&](const std::string& stem_differences) {
    std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("near-duplicate");
    model::Value options;
    if (!stem_differences.empty()) options["stem-differences"] = model::Value(stem_differences);
    Status st = rule->Configure(options, env);
    EXPECT_TRUE(st.ok()) << st.ToString();
    std::vector<PlannedRule> plan = {
        {std::shared_ptr<const Rule>(std::move(rule)), Severity::kWarning, {}}};
    EngineOptions engine;
    engine.threads = 1;
    std::vector<std::string> pairs;  // "lead related..." per finding
    for (const Finding& f : RunRules(bank, plan, engine).findings) {
      std::string pair = f.question_id;
      for (const auto& r : f.related) pair += " " + r.question_id;
      pairs.push_back(pair);
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
  };
  EXPECT_EQ(run("wording"),
            (std::vector<std::string>{"bakery-1 bakery-copy", "library-1 library-copy"}));
  // Every pair at min-similarity also takes "second most often" for a copy of "most often".
  EXPECT_EQ(run(""),
            (std::vector<std::string>{"bakery-1 bakery-copy", "library-1 library-2 library-copy"}));
}

TEST(DuplicateRulesTest, StemDifferencesOptionIsChecked) {
  InMemoryFileSystem empty;
  RuleEnvironment env(empty, "/data");
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("near-duplicate");
  model::Value options;
  options["stem-differences"] = model::Value(std::string("same"));
  Status st = rule->Configure(options, env);
  EXPECT_EQ(st.ToString(), "option 'stem-differences': expected \"any\" or \"wording\"");
  // "wording" reads the function words; a data folder without them is an error naming the file.
  options["stem-differences"] = model::Value(std::string("wording"));
  st = rule->Configure(options, env);
  EXPECT_NE(st.ToString().find("/data/rules/terms/function-words.txt"), std::string::npos)
      << st.ToString();
}

TEST(DuplicateRulesTest, CompareAgainstOtherBanksWithoutCheckingThem) {
  model::Bank other = PlantedBank();
  other.id = std::string("other-bank");
  other.title = std::string("Other bank");
  InMemoryFileSystem fs;
  std::string path = "/banks/other.json";
  fs.Add(path, json::WriteBank(other));

  model::Bank mine;
  mine.questions.push_back(Q("mine",
                             "Which process carved the wide U-shaped valleys found high "
                             "in the mountains of the northern range?",
                             kOptions, 2));
  model::Value options;
  options["against"] = model::Value(model::Value::Array{model::Value(path)});
  auto found = RunDuplicateRules(mine, {"exact-duplicate", "near-duplicate"}, options, &fs);
  // Only "mine" is checked: the copies inside the other bank are not reported.
  ASSERT_EQ(found["exact-duplicate"].size(), 1u) << found["exact-duplicate"][1];
  EXPECT_NE(found["exact-duplicate"][0].find("mine: exact duplicate of question \"valley\" (" +
                                             path + ":"),
            std::string::npos)
      << found["exact-duplicate"][0];
  EXPECT_NE(found["exact-duplicate"][0].find(
                "the keys differ: C \"River meanders\" here, B \"Glacial scouring\" there"),
            std::string::npos);
  ASSERT_EQ(found["near-duplicate"].size(), 1u);
  EXPECT_NE(found["near-duplicate"][0].find("mine: near duplicate of question \"copy-words\""),
            std::string::npos);
}

// A copy from an `against` bank reworded in a few words is reported from `against-min-similarity`
// (50 by default), below the 70 two questions of the checked bank are given here.
TEST(DuplicateRulesTest, AgainstBanksHaveTheirOwnThreshold) {
  const std::vector<std::string> options_text = {"The tide gauge", "The wind vane",
                                                 "The depth sounder", "The log"};
  model::Bank dump;
  dump.questions.push_back(Q("d1",
                             "A pilot must inspect the outer beacon before the tanker leaves the "
                             "harbour. Which gauge should the pilot check first?",
                             options_text));
  InMemoryFileSystem fs;
  fs.Add("/banks/dump.json", json::WriteBank(dump));
  model::Bank mine;
  mine.questions.push_back(Q("mine",
                             "A pilot has to inspect the external beacon before the tanker leaves "
                             "the harbour. Which gauge should the pilot verify first?",
                             options_text));
  model::Value options;
  options["against"] = model::Value(model::Value::Array{model::Value("/banks/dump.json")});
  auto found = RunDuplicateRules(mine, {"near-duplicate"}, options, &fs);
  ASSERT_EQ(found["near-duplicate"].size(), 1u);
  EXPECT_NE(found["near-duplicate"][0].find("mine: near duplicate of question \"d1\""),
            std::string::npos)
      << found["near-duplicate"][0];

  // The same pair inside one bank stays below a threshold of 70 for two of its own questions.
  model::Bank both = mine;
  both.questions.push_back(dump.questions[0]);
  model::Value own;
  own["min-similarity"] = model::Value(int64_t{70});
  EXPECT_TRUE(RunDuplicateRules(both, {"near-duplicate"}, own)["near-duplicate"].empty());

  options["min-similarity"] = model::Value(int64_t{70});
  options["against-min-similarity"] = model::Value(int64_t{70});
  EXPECT_TRUE(RunDuplicateRules(mine, {"near-duplicate"}, options, &fs)["near-duplicate"].empty());
}

// "line:column" of the first occurrence of `value` in `file`.
std::string PlaceOf(const std::string& file, const std::string& value) {
  SourcePosition at = SourceText("file", file).PositionAt(file.find(value));
  return std::to_string(at.line) + ":" + std::to_string(at.column);
}

// An explanation copied from an `against` bank under a new stem and options is found as a field
// of its own: the finding is on the explanation's shared words, names the other question's field
// and where the quote stands there, and quotes it; `against-min-similarity` is its threshold.
TEST(DuplicateRulesTest, AnExplanationCopiedFromAnAgainstBankIsFoundUnderANewStem) {
  const std::string copied =
      "A crane is rated for its heaviest lift at the shortest reach, so the safe load falls "
      "quickly as the jib goes out; the signaller reads the load chart for the radius of every "
      "lift and stops any lift whose load comes close to the line drawn for that radius.";
  model::Bank dump;
  dump.questions.push_back(Q("d1", "Which chart does the signaller read before each lift?",
                             {"The load chart", "The tide table", "The berth plan"}, 0, copied));
  InMemoryFileSystem fs;
  fs.Add("/banks/dump.json", json::WriteBank(dump));
  model::Bank mine;
  mine.questions.push_back(Q("new-stem", "What limits how much a crane may lift at long reach?",
                             {"Its load chart", "The colour of its jib", "The cab heater"}, 0,
                             copied));
  mine.questions.push_back(Q("own", "Which gauge shows the height of the tide at the quay?",
                             {"The tide board", "The anemometer", "The log"}, 0,
                             "The tide board is fixed to the quay wall and read directly, so it "
                             "gives the height of water where the ships actually berth."));
  model::Value options;
  options["against"] = model::Value(model::Value::Array{model::Value("/banks/dump.json")});
  RuleEnvironment env(fs, "/data");
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("reused-explanation");
  ASSERT_TRUE(rule->Configure(options, env).ok());
  std::vector<PlannedRule> plan = {
      {std::shared_ptr<const Rule>(std::move(rule)), Severity::kWarning, {}}};
  EngineOptions engine;
  engine.threads = 1;
  std::vector<Finding> findings = RunRules(mine, plan, engine).findings;
  ASSERT_EQ(findings.size(), 1u);
  const Finding& f = findings[0];
  EXPECT_EQ(f.question_id, "new-stem");
  EXPECT_EQ(f.field_path, "questions[0].explanation");
  EXPECT_EQ(
      f.message,
      "the explanation is 100% similar to the explanation of question \"d1\" "
      "(/banks/dump.json:" +
          PlaceOf(json::WriteBank(dump), copied) +
          "): \"A crane is rated for "
          "its heaviest lift at the shortest reach, so the safe load falls quickly as the …\"");

  // One finding per question, naming its other copied fields; a question copied whole is
  // exact-duplicate's (and near-duplicate's) to report, not this rule's.
  model::Bank more = mine;
  more.questions[0].options[1].rationale = copied;
  more.questions.push_back(dump.questions[0]);
  more.questions.back().id = std::string("whole-copy");
  auto both = RunDuplicateRules(more, {"reused-explanation"}, options, &fs);
  ASSERT_EQ(both["reused-explanation"].size(), 1u) << both["reused-explanation"][1];
  EXPECT_NE(both["reused-explanation"][0].find("; also copied: the rationale of option B"),
            std::string::npos)
      << both["reused-explanation"][0];

  // Without the other bank, or above the copy's similarity, nothing.
  EXPECT_TRUE(RunDuplicateRules(mine, {"reused-explanation"})["reused-explanation"].empty());
  mine.questions[0].explanation.value.replace(0, 7, "Every crane");  // "A crane is" -> reworded
  options["against-min-similarity"] = model::Value(int64_t{100});
  EXPECT_TRUE(
      RunDuplicateRules(mine, {"reused-explanation"}, options, &fs)["reused-explanation"].empty());
  options["against-min-similarity"] = model::Value(int64_t{70});
  auto found = RunDuplicateRules(mine, {"reused-explanation"}, options, &fs);
  ASSERT_EQ(found["reused-explanation"].size(), 1u);
  EXPECT_EQ(found["reused-explanation"][0].rfind("new-stem: the explanation is 9", 0),
            0u)  // 90-99% similar
      << found["reused-explanation"][0];
}

TEST(DuplicateRulesTest, AgainstOptionIsChecked) {
  InMemoryFileSystem fs;
  std::string path = "/banks/other.json";
  fs.Add(path, json::WriteBank(PlantedBank()));
  model::Value bad;
  bad["against"] = model::Value(model::Value::Array{model::Value(path + ".missing")});
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("near-duplicate");
  RuleEnvironment env(fs, "/data");
  Status st = rule->Configure(bad, env);
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(st.ToString().rfind("option 'against': ", 0), 0u) << st.ToString();
}

// An `against` file with one question its reader refuses is compared by the questions that were
// read, in a dump and in GIFT: a copy of a good one is still found, and the refused question is
// listed once (with its place) by the environment, however many rules name the file, for the
// command line to warn about; a file none of whose questions was read is still refused.
TEST(DuplicateRulesTest, AnAgainstFileWithARefusedQuestionIsComparedByTheQuestionsRead) {
  InMemoryFileSystem fs;
  fs.Add("/dumps/dump.txt",
         "Geology Practice Exam - dumps in VCE and PDF\n\nQUESTION 1\n"
         "What is the main gas given off when limestone is heated strongly?\n\n"
         "A. Oxygen\nB. Carbon dioxide\nC. Hydrogen\nD. Chlorine\n\nCorrect Answer: B\n\n"
         "QUESTION 2\n\nQUESTION 3\nWhich process carved the wide U-shaped valleys found high in "
         "the mountains of the northern range?\n\nA. Sandstone weathering\nB. Glacial scouring\n"
         "C. River meanders\nD. Wind-blown loess\n\nCorrect Answer: B\n");
  fs.Add("/dumps/quiz.gift",
         "::a:: Which mineral makes up most of a quartzite? {=Quartz ~Mica ~Calcite ~Feldspar}\n\n"
         "::b:: Which rock is made of broken shells? {=Coquina ~Basalt\n\n"
         "::c:: Which process carved the wide U-shaped valleys found high in the mountains of the "
         "northern range? {~Sandstone weathering =Glacial scouring ~River meanders ~Wind-blown "
         "loess}\n");
  fs.Add("/dumps/broken.gift", "::b:: Which rock is made of broken shells? {=Coquina ~Basalt\n");
  model::Bank mine;
  mine.questions.push_back(Q("mine",
                             "Which process carved the wide U-shaped valleys found high in the "
                             "mountains of the northern range?",
                             kOptions, 1));
  for (const char* path : {"/dumps/dump.txt", "/dumps/quiz.gift"}) {
    SCOPED_TRACE(path);
    model::Value options;
    options["against"] = model::Value(model::Value::Array{model::Value(std::string(path))});
    RuleEnvironment env(fs, "/data");
    std::vector<PlannedRule> plan;
    for (const char* id : {"exact-duplicate", "near-duplicate"}) {
      std::unique_ptr<Rule> rule = RuleRegistry::Default().Create(id);
      Status configured = rule->Configure(options, env);
      ASSERT_TRUE(configured.ok()) << configured.ToString();
      plan.push_back({std::shared_ptr<const Rule>(std::move(rule)), Severity::kWarning, {}});
    }
    EngineOptions engine;
    engine.threads = 1;
    std::vector<Finding> findings = RunRules(mine, plan, engine).findings;
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].rule_id, "exact-duplicate");
    EXPECT_NE(findings[0].message.find(std::string(path) + ":"), std::string::npos)
        << findings[0].message;
    std::vector<Diagnostic> unread = env.unread_questions();
    ASSERT_EQ(unread.size(), 1u);  // once, though two rules read the file
    EXPECT_EQ(unread[0].path, path);
    const bool dump = std::string(path) == "/dumps/dump.txt";
    EXPECT_EQ(unread[0].span.line, dump ? 13u : 3u);
    EXPECT_EQ(unread[0].span.column, dump ? 1u : 44u);
    EXPECT_EQ(unread[0].message, dump ? "expected the question text after the heading of dump "
                                        "question 2"
                                      : "expected '}' to close the answer block opened here");
  }
  RuleEnvironment env(fs, "/data");
  Result<std::shared_ptr<const model::Bank>> broken = env.LoadBank("/dumps/broken.gift");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.status().message(),
            "/dumps/broken.gift:1:44: error: expected '}' to close the answer block opened here");
  EXPECT_TRUE(env.unread_questions().empty());
}

// A bank named by `against` is imported once per environment (shared by every rule naming it) and
// never outlives it: the next run sees the file as it is then.
TEST(DuplicateRulesTest, AgainstBanksAreImportedOncePerEnvironment) {
  InMemoryFileSystem fs;
  model::Bank other = PlantedBank();
  fs.Add("/banks/other.json", json::WriteBank(other));
  {
    RuleEnvironment env(fs, "/data");
    Result<std::shared_ptr<const model::Bank>> first = env.LoadBank("/banks/other.json");
    ASSERT_TRUE(first.ok()) << first.status().message();
    EXPECT_EQ((*first)->questions.size(), other.questions.size());
    Result<std::shared_ptr<const model::Bank>> again = env.LoadBank("/banks/other.json");
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(first->get(), again->get());
  }
  other.questions.resize(2);
  fs.Add("/banks/other.json", json::WriteBank(other));
  RuleEnvironment next_run(fs, "/data");
  Result<std::shared_ptr<const model::Bank>> reloaded = next_run.LoadBank("/banks/other.json");
  ASSERT_TRUE(reloaded.ok()) << reloaded.status().message();
  EXPECT_EQ((*reloaded)->questions.size(), 2u);

  // Configuring a rule goes through the same loader.
  model::Value options;
  options["against"] = model::Value(model::Value::Array{model::Value("/banks/other.json")});
  fs.Add("/banks/other.json", "{not json");
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("exact-duplicate");
  EXPECT_TRUE(rule->Configure(options, next_run).ok());  // already imported in this run
  RuleEnvironment third_run(fs, "/data");
  Status broken = rule->Configure(options, third_run);
  EXPECT_FALSE(broken.ok());
  EXPECT_EQ(broken.message().rfind("option 'against': /banks/other.json:1:", 0), 0u)
      << broken.message();
}

// reference-overlap's "index" is read through the rule environment's file system (mapped only
// when that is the real one), so the rule runs on an index held in an in-memory file system.
TEST(DuplicateRulesTest, ReferenceIndexIsReadThroughTheEnvironment) {
  similarity::ReferenceIndexBuilder builder;
  similarity::AddReferenceText("dumps/forum-thread.txt",
                               "Notes from a forum.\n\nThe harbour pilot must board every vessel "
                               "longer than forty metres before it passes the outer breakwater, "
                               "and the pilot alone decides whether the tug escort is needed.\n",
                               builder);
  InMemoryFileSystem fs;
  fs.Add("/refs/refs.qidx", builder.Serialize().value());
  model::Bank bank;
  bank.questions.push_back(Q("copied",
                             "The harbour pilot must board every vessel longer than forty metres "
                             "before it passes the outer breakwater. Who decides on the tug?",
                             {"The pilot", "The master", "The port", "The tug"}, 0));
  model::Value options;
  options["index"] = model::Value(std::string("/refs/refs.qidx"));
  auto found = RunDuplicateRules(bank, {"reference-overlap"}, options, &fs);
  ASSERT_EQ(found["reference-overlap"].size(), 1u);
  EXPECT_NE(found["reference-overlap"][0].find("dumps/forum-thread.txt"), std::string::npos)
      << found["reference-overlap"][0];

  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("reference-overlap");
  RuleEnvironment env(fs, "/data");
  model::Value missing;
  missing["index"] = model::Value(std::string("/refs/none.qidx"));
  Status st = rule->Configure(missing, env);
  EXPECT_EQ(st.ToString().rfind("option 'index': ", 0), 0u) << st.ToString();
  EXPECT_NE(st.ToString().find("/refs/none.qidx"), std::string::npos) << st.ToString();
}

// A field that is not the file's bytes as they are (HTML escaped in XML) is matched to the file
// word by word, so the finding points at the copied words, not at the start of the field.
TEST(DuplicateRulesTest, ReferenceOverlapPointsAtTheCopyInsideAnEscapedField) {
  similarity::ReferenceIndexBuilder builder;
  similarity::AddReferenceText("dumps/forum-thread.txt",
                               "The harbour pilot must board every vessel longer than forty metres "
                               "before it passes the outer breakwater, and the pilot alone decides "
                               "whether the tug escort is needed.\n",
                               builder);
  InMemoryFileSystem fs;
  fs.Add("/refs/refs.qidx", builder.Serialize().value());
  const std::string file =
      "<quiz>\n<text>&lt;p&gt;Read &amp; answer.&lt;/p&gt; The harbour pilot must board every "
      "vessel longer than forty metres before it passes the outer breakwater. Who decides on the "
      "tug?</text>\n</quiz>\n";
  model::Bank bank;
  bank.sources.push_back(std::make_shared<const SourceText>("bank.xml", file));
  bank.questions.push_back(Q("escaped",
                             "<p>Read & answer.</p> The harbour pilot must board every vessel "
                             "longer than forty metres before it passes the outer breakwater. Who "
                             "decides on the tug?",
                             {"The pilot", "The master", "The port", "The tug"}, 0));
  bank.questions[0].stem.span = {0, 2, 7, 2, 200};
  bank.questions[0].stem.verbatim = false;
  std::unique_ptr<Rule> rule = RuleRegistry::Default().Create("reference-overlap");
  RuleEnvironment env(fs, "/data");
  model::Value options;
  options["index"] = model::Value(std::string("/refs/refs.qidx"));
  ASSERT_TRUE(rule->Configure(options, env).ok());
  std::vector<PlannedRule> plan = {
      {std::shared_ptr<const Rule>(std::move(rule)), Severity::kError, {}}};
  EngineOptions engine;
  engine.threads = 1;
  std::vector<Finding> findings = RunRules(bank, plan, engine).findings;
  ASSERT_EQ(findings.size(), 1u);
  // Line 2; the copy starts at or after "The" (column 45), not at the field's column 7.
  EXPECT_EQ(findings[0].span.line, 2u);
  EXPECT_GE(findings[0].span.column, 45u);
  EXPECT_LE(findings[0].span.column, 80u);
  EXPECT_EQ(file.substr(file.find("The harbour"), 3), "The");
}

}  // namespace
}  // namespace qbank::lint
