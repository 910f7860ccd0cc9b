// The classes of hostile input of issue 33 (round 3 of the reliability probe), each run through the
// qbank binary under `timeout` so a hang fails the test instead of stalling it: every one ends in a
// clean result (an answer, or an error naming the file and its place, exit 2), never a hang, a
// crash or a silent loss.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "base/file_system.h"
#include "formats/import.h"
#include "model/bank.h"

namespace {

namespace stdfs = std::filesystem;

struct Outcome {
  int exit_code = -1;      // 124: timeout killed it
  std::string out;         // stdout and stderr together
  double cpu_seconds = 0;  // user and system time of the run (wall time varies with the load)
};

double ChildrenCpuSeconds() {
  struct rusage usage {};
  ::getrusage(RUSAGE_CHILDREN, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

class HostileInputsTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = stdfs::temp_directory_path() /
           ("qbank_hostile_" + std::to_string(::getpid()) + "_" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    stdfs::create_directories(dir_);
  }
  void TearDown() override { stdfs::remove_all(dir_); }

  // Runs `args` (shell words) with the qbank binary in dir_, at most `limit` seconds of wall time
  // (a hang fails instead of stalling the test).
  Outcome Qbank(const std::string& args, int limit = 600) {
    std::string log = (dir_ / "out.log").string();
    std::string command = "cd '" + dir_.string() + "' && timeout " + std::to_string(limit) + " '" +
                          QBANK_BINARY + "' " + args + " >'" + log + "' 2>&1";
    double start = ChildrenCpuSeconds();
    int status = std::system(command.c_str());
    Outcome r;
    r.cpu_seconds = ChildrenCpuSeconds() - start;
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    std::ifstream in(log);
    r.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return r;
  }

  std::string Write(const std::string& name, const std::string& content) {
    stdfs::path path = dir_ / name;
    stdfs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
  }
  std::string Read(const std::string& name) {
    std::ifstream in(dir_ / name, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  stdfs::path dir_;
};

constexpr const char* kGift = "::q1:: Which gas is a noble gas? {=Neon ~Nitrogen ~Oxygen}\n";

std::string Moodle(const std::string& name, const std::string& stem) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n  <question type=\"multichoice\">\n"
         "    <name><text>" +
         name + "</text></name>\n    <questiontext format=\"html\"><text>" + stem +
         "</text></questiontext>\n    <single>true</single>\n"
         "    <answer fraction=\"100\"><text>Jupiter</text></answer>\n"
         "    <answer fraction=\"0\"><text>Mars</text></answer>\n  </question>\n</quiz>\n";
}

// Silent loss: a character reference to no character cut the text ("Jupiter" became "Jup").
TEST_F(HostileInputsTest, ACharacterReferenceToNoCharacterIsRefusedAtItsPlace) {
  for (std::string ref : {"&#0;", "&#xD800;", "&#x110000;", "&#xFFFE;"}) {
    Write("q.xml", Moodle("q1", "Which planet is Jup" + ref + "iter?"));
    Outcome r = Qbank("convert q.xml --to json");
    EXPECT_EQ(r.exit_code, 2) << ref << "\n" << r.out;
    EXPECT_NE(r.out.find("q.xml:5:58: error: character reference '" + ref + "' names no XML"),
              std::string::npos)
        << r.out;
  }
}

// Silent loss, the worst: fmt --write rewrote two joined exports without the second.
TEST_F(HostileInputsTest, JoinedMoodleExportsAreRefusedAndFmtWriteKeepsTheFile) {
  std::string joined = Moodle("q1", "First?") + Moodle("q2", "Second?");
  Write("both.xml", joined);
  Outcome r = Qbank("fmt --write both.xml");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("both.xml:12:1: error: second root element <quiz> after <quiz>"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("qbank fmt: both.xml: not formatted"), std::string::npos) << r.out;
  EXPECT_EQ(Read("both.xml"), joined);
  Outcome lint = Qbank("import both.xml -o out.json");
  EXPECT_EQ(lint.exit_code, 2) << lint.out;
  EXPECT_FALSE(stdfs::exists(dir_ / "out.json"));
}

// Crash: a 6,000-file extends chain overflowed the stack.
TEST_F(HostileInputsTest, ALongExtendsChainLoads) {
  constexpr int kChain = 6000;
  for (int i = 0; i < kChain; ++i) {
    Write("c" + std::to_string(i) + ".json",
          i + 1 < kChain ? "{\"extends\": \"./c" + std::to_string(i + 1) + ".json\"}" : "{}");
  }
  Write("q.gift", kGift);
  Outcome r = Qbank("lint q.gift --config c0.json");
  EXPECT_LT(r.exit_code, 2) << r.out.substr(0, 2000);
}

// Crash and hang: std::regex backtracked without end or overflowed the stack.
TEST_F(HostileInputsTest, FamilyIdPatternsRunInLinearTime) {
  std::string a31(31, 'a');
  std::string ab(100000, 'a');
  for (size_t i = 0; i < ab.size(); i += 2) ab[i] = 'b';
  std::string v(30000, 'x');
  v += "-v2";
  struct Case {
    std::string pattern;
    std::string id;
  };
  for (const Case& c :
       {Case{"^(a+)+$", a31 + "!"}, Case{"^(a|b)*$", ab}, Case{"^(.+)-v[0-9]+$", v}}) {
    Write(".qbank.json",
          "{\"rules\": {\"near-duplicate\": {\"options\": {\"family-id-pattern\": \"" + c.pattern +
              "\"}}}}");
    Write("q.gift", "::" + c.id + ":: Which gas is a noble gas? {=Neon ~Nitrogen ~Oxygen}\n\n::" +
                        c.id + "x:: Which gas is a noble gas here? {=Neon ~Nitrogen ~Oxygen}\n");
    Outcome r = Qbank("lint q.gift --format json -o report.json");
    EXPECT_LT(r.exit_code, 2) << c.pattern << "\n" << r.out.substr(0, 2000);
  }
  Write(
      ".qbank.json",
      "{\"rules\": {\"near-duplicate\": {\"options\": {\"family-id-pattern\": \"^(a)\\\\1$\"}}}}");
  Outcome r = Qbank("lint q.gift");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("option 'family-id-pattern': not a regular expression RE2 can run"),
            std::string::npos)
      << r.out;
}

// Hang: ids derived for 40,000 copies of one question probed -2, -3, ... for each (124 s).
TEST_F(HostileInputsTest, IdsForManyIdenticalQuestionsAreDerivedInLinearTime) {
  std::string gift;
  for (int i = 0; i < 40000; ++i) gift += "Which gas is a noble gas? {=Neon ~Nitrogen ~Oxygen}\n\n";
  Write("same.gift", gift);
  Outcome r = Qbank("import same.gift -o bank.json");
  EXPECT_EQ(r.exit_code, 0) << r.out.substr(0, 2000);
  EXPECT_LT(r.cpu_seconds, 30);  // 124 s before
  std::string bank = Read("bank.json");
  EXPECT_NE(bank.find("-40000\""), std::string::npos);
}

// Hang: a JSON bank of empty questions on one line: every position, and every finding's window
// of the line in the text report, was counted from the start of the line (100,000: 83 s).
TEST_F(HostileInputsTest, AOneLineBankOfEmptyQuestionsIsLintedInLinearTime) {
  // The bound tells linear from quadratic (83 s of CPU for 100,000 questions before). A Debug +
  // AddressSanitizer build (CI's ASan run) takes 20 times as long, linear or not: 200,000
  // questions took 196 s there alone and passed ctest's 300 s only on an idle machine, so it lints
  // half as many, still far from what a quadratic walk would take (about 800 s).
#ifdef __SANITIZE_ADDRESS__
  constexpr int kQuestions = 100000;
  constexpr double kBound = 180;
#else
  constexpr int kQuestions = 200000;
  constexpr double kBound = 60;
#endif
  std::string bank = "{\"qbank\": 1, \"questions\": [{}";
  for (int i = 1; i < kQuestions; ++i) bank += ",{}";
  bank += "]}";
  Write("empty.json", bank);
  Outcome r = Qbank("lint empty.json -o report.txt");
  EXPECT_EQ(r.exit_code, 1) << r.out.substr(0, 2000);
  EXPECT_LT(r.cpu_seconds, kBound);
  // The last question, "{}" at column 28 + 3 * (kQuestions - 1) of the one line.
  std::string report = Read("report.txt");
  EXPECT_NE(report.find("empty.json:1:" + std::to_string(28 + 3 * (kQuestions - 1)) +
                        ": error: the stem is empty [empty-field]"),
            std::string::npos)
      << report.substr(report.size() - 2000);
}

// Wrong answer: one file named three ways was read three times, each question its own duplicate.
TEST_F(HostileInputsTest, AFileNamedSeveralWaysIsReadOnce) {
  Write("bank/a.gift", kGift);
  stdfs::create_symlink("bank/a.gift", dir_ / "link.gift");
  Outcome r = Qbank("lint bank/a.gift ./bank/a.gift link.gift bank --select exact-duplicate");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  Outcome imported = Qbank("import bank/a.gift ./bank/a.gift link.gift bank -o out.json");
  EXPECT_EQ(imported.exit_code, 0) << imported.out;
  std::string out = Read("out.json");
  EXPECT_EQ(out.find("\"q1\""), out.rfind("\"q1\"")) << out;
}

// Hang and out of memory: a FIFO blocked forever, /dev/zero ate the whole memory limit.
TEST_F(HostileInputsTest, DevicesAndFifosAreRefusedUpFrontWithTheFileNamed) {
  Write("q.gift", kGift);
  ASSERT_EQ(::mkfifo((dir_ / "fifo.json").c_str(), 0600), 0);
  Outcome config = Qbank("lint q.gift --config fifo.json");
  EXPECT_EQ(config.exit_code, 2) << config.out;
  EXPECT_NE(config.out.find("fifo.json: not a regular file (a FIFO)"), std::string::npos)
      << config.out;
  Write("ext.json", "{\"extends\": \"./fifo.json\"}");
  Outcome extends = Qbank("lint q.gift --config ext.json");
  EXPECT_EQ(extends.exit_code, 2) << extends.out;
  EXPECT_NE(extends.out.find("fifo.json"), std::string::npos) << extends.out;
  for (const char* device : {"/dev/zero", "/dev/urandom"}) {
    Outcome input = Qbank(std::string("lint ") + device + " --from gift");
    EXPECT_EQ(input.exit_code, 2) << input.out;
    EXPECT_NE(
        input.out.find(std::string(device) + ": error: not a regular file (a character device)"),
        std::string::npos)
        << input.out;
    Outcome against = Qbank(std::string("lint q.gift --against ") + device);
    EXPECT_EQ(against.exit_code, 2) << against.out;
    EXPECT_NE(against.out.find(device), std::string::npos) << against.out;
    Outcome baseline = Qbank(std::string("lint q.gift --baseline ") + device);
    EXPECT_EQ(baseline.exit_code, 2) << baseline.out;
    EXPECT_NE(baseline.out.find(device), std::string::npos) << baseline.out;
  }
}

// Wrong answer: a 10 MB unknown rule name and a 3 MB value were quoted whole in their messages.
TEST_F(HostileInputsTest, MessagesQuoteHugeValuesShort) {
  Write("q.gift", kGift);
  Write("big.json", "{\"rules\": {\"" + std::string(10 << 20, 'r') + "\": \"off\"}}");
  Outcome rule = Qbank("lint q.gift --config big.json");
  EXPECT_EQ(rule.exit_code, 2);
  EXPECT_LT(rule.out.size(), 3000u) << rule.out.substr(0, 3000);
  Write("answer.txt", "Which gas?\nA) Neon\nB) Argon\nANSWER: " + std::string(3 << 20, 'Z') + "\n");
  Outcome answer = Qbank("convert answer.txt --from aiken --to json");
  EXPECT_EQ(answer.exit_code, 2);
  EXPECT_LT(answer.out.size(), 3000u) << answer.out.substr(0, 3000);
}

// Encodings: a file saved as "Unicode" by Windows tools (UTF-16 with a byte-order mark) was
// refused as invalid UTF-8.
TEST_F(HostileInputsTest, Utf16AndUtf32WithAByteOrderMarkAreRead) {
  std::string text = "Which gas is a noble gas? {=N\xC3\xA9on ~Nitrogen}\n";  // "Néon"
  auto utf16 = [&](bool little) {
    std::string out = little ? "\xFF\xFE" : "\xFE\xFF";
    for (size_t i = 0; i < text.size(); ++i) {
      unsigned char b = static_cast<unsigned char>(text[i]);
      char32_t cp = b;
      if (b == 0xC3) cp = 0xC0 | (static_cast<unsigned char>(text[++i]) & 0x3F);  // only é here
      char hi = static_cast<char>(cp >> 8), lo = static_cast<char>(cp & 0xFF);
      out += little ? std::string{lo, hi} : std::string{hi, lo};
    }
    return out;
  };
  for (bool little : {true, false}) {
    Write("u.gift", utf16(little));
    Outcome r = Qbank("convert u.gift --to json -o out.json");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(Read("out.json").find("N\xC3\xA9on"), std::string::npos) << Read("out.json");
  }
}

// AssignMissingIds keeps the ids it gave before it was made linear: "-2", "-3", ... in bank
// order, skipping ids the bank already has.
TEST(AssignMissingIdsTest, CopiesGetNumberedIdsSkippingTakenOnes) {
  qbank::InMemoryFileSystem fs;
  std::string question = "Which gas is a noble gas? {=Neon ~Nitrogen ~Oxygen}\n\n";
  fs.Add("a.gift", question + question + question + question);
  qbank::model::Bank probe;
  std::vector<qbank::Diagnostic> errors;
  qbank::formats::ImportOptions options;
  ASSERT_TRUE(qbank::formats::ImportInputs({"a.gift"}, options, fs, probe, errors).ok());
  ASSERT_EQ(probe.questions.size(), 4u);
  std::string base = probe.questions[0].id.value;
  EXPECT_EQ(probe.questions[1].id.value, base + "-2");
  EXPECT_EQ(probe.questions[3].id.value, base + "-4");
  // With "-3" taken by a named question (and the file named twice, read once).
  fs.Add("b.gift",
         "::" + base + "-3:: Another question? {=Yes ~No}\n\n" + question + question + question);
  qbank::model::Bank bank;
  ASSERT_TRUE(qbank::formats::ImportInputs({"b.gift", "b.gift"}, options, fs, bank, errors).ok());
  ASSERT_EQ(bank.questions.size(), 4u) << "b.gift was read twice";
  EXPECT_EQ(bank.questions[1].id.value, base);
  EXPECT_EQ(bank.questions[2].id.value, base + "-2");
  EXPECT_EQ(bank.questions[3].id.value, base + "-4");
  EXPECT_TRUE(errors.empty());
}

}  // namespace
