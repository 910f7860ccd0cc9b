// Tests of the page format: the seed pages and the team's samples (fields and byte-for-byte round
// trips), a multi-page fixture, every import error with its position, lint-level problems that
// import fine, models built here, the loss report, and hostile input.
#include "formats/page/page_format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "base/utf8_text.h"
#include "formats/registry.h"

namespace qbank::formats {
namespace {

namespace fs = std::filesystem;
using model::Bank;
using model::Option;
using model::Question;
using model::Text;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Imports `content` as file `path` into `bank`.
Status ImportText(const std::string& path, const std::string& content, Bank& bank) {
  auto source = std::make_shared<const SourceText>(path, content);
  ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(source);
  std::vector<Diagnostic> errors;
  ctx.errors = &errors;
  Status status = PageFormat().Import(*source, ctx);
  // A malformed page is reported in the list and skipped: the first one is this file's error.
  if (status.ok() && !errors.empty()) {
    return Status::InvalidInput(errors.front().message)
        .At(errors.front().path, errors.front().span);
  }
  return status;
}

Result<std::string> ExportBank(const Bank& bank, LossReport& loss) {
  return PageFormat().Export(bank, ExportOptions{}, loss);
}

// The error message importing `content` as "m.txt" gives ("OK" when it imports).
std::string ImportError(const std::string& content) {
  Bank bank;
  return ImportText("m.txt", content, bank).ToString();
}

std::vector<fs::path> TxtFiles(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".txt") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

constexpr const char* kInstructionLine =
    "Answer the question above first, then reveal the full breakdown to understand why each "
    "option is right or wrong.";

// A page of our own, one line per element, used as the base of the malformation tests.
std::vector<std::string> BasePage() {
  return {
      "QB-TEST Storage Practice Question",                                    // 1
      "Which RAID level keeps a full copy of every block on a second disk?",  // 2
      "\xE2\x9A\xA0 Common exam trap",                                        // 3
      "Learners mix up mirroring with parity.",                               // 4
      "Answer choices",                                                       // 5
      "Why each option matters",                                              // 6
      kInstructionLine,                                                       // 7
      "Correct answer & explanation",                                         // 8
      "\xE2\x9C\x93",                                                         // 9
      "RAID 1",                                                               // 10
      "RAID 1 mirrors every write to both disks.",                            // 11
      "Answer analysis",                                                      // 12
      "Option-by-option breakdown",                                           // 13
      "For each option: why learners choose it and why it is or isn't the right answer here.",
      "- \xE2\x9C\x97",                                                        // 15
      "RAID 0",                                                                // 16
      "Why it's wrong here",                                                   // 17
      "RAID 0 stripes data and keeps no copy.",                                // 18
      "- \xE2\x9C\x93",                                                        // 19
      "RAID 1",                                                                // 20
      "Why this is correct",                                                   // 21
      "A mirror holds two full copies.",                                       // 22
      "About these practice questions",                                        // 23
      "One of 12 original QB-TEST questions.",                                 // 24
      "TN",                                                                    // 25
      "Written and reviewed by Tomas Novak, BSc Computing",                    // 26
      "Systems Administrator",                                                 // 27
      "Last reviewed March 2026 \xC2\xB7 checked against the storage module",  // 28
      "A short footer.",                                                       // 29
  };
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) out += (i > 0 ? "\n" : "") + lines[i];
  return out;
}

// BasePage() with 1-based line `line` removed (or replaced by `with`).
std::string Without(size_t line) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + static_cast<long>(line - 1));
  return Join(lines);
}
std::string Replacing(size_t line, const std::string& with) {
  std::vector<std::string> lines = BasePage();
  lines[line - 1] = with;
  return Join(lines);
}

// --- The seed pages -----------------------------------------------------------------------------

class SeedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::is_directory(QBANK_SEEDS_DIR)) {
      GTEST_SKIP() << "seed pages not found at " << QBANK_SEEDS_DIR
                   << " (QBANK_SEEDS_DIR); the seed tests need them";
    }
  }
  fs::path Seed(const std::string& name) {
    fs::path p = fs::path(QBANK_SEEDS_DIR) / name;
    if (!fs::exists(p)) ADD_FAILURE() << "missing seed " << p;
    return p;
  }
};

TEST_F(SeedTest, GradientAccumulationPageFields) {
  fs::path path = Seed("000_dd3702ab60c4fbc8.txt");
  Bank bank;
  ASSERT_TRUE(ImportText(path.string(), ReadAll(path), bank).ok());
  ASSERT_EQ(bank.questions.size(), 1u);
  const Question& q = bank.questions[0];
  EXPECT_EQ(q.exam->value, "NCP-GENL");
  EXPECT_EQ(q.domain->value, "Fine-Tuning");
  EXPECT_EQ(q.domain->span.line, 1u);
  EXPECT_EQ(q.domain->span.column, 10u);
  EXPECT_TRUE(q.stem.value.starts_with("Which of the following describes the purpose of"));
  EXPECT_EQ(q.stem.span.line, 2u);
  EXPECT_TRUE(q.stem.verbatim);
  EXPECT_TRUE(q.trap->value.starts_with("Candidates confuse gradient accumulation"));
  EXPECT_EQ(q.trap->span.line, 4u);
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q.stated_answer->value, q.options[1].text.value);
  EXPECT_EQ(q.stated_answer->span.line, 10u);
  EXPECT_TRUE(q.explanation.value.starts_with("Gradient accumulation allows"));
  EXPECT_EQ(q.options[0].correct_span.line, 15u);
  EXPECT_EQ(q.options[0].correct_span.column, 3u);
  EXPECT_EQ(q.options[3].text.value,
            "To reduce the number of parameters being fine-tuned in the model.");
  EXPECT_EQ(q.options[3].text.span.line, 28u);
  EXPECT_TRUE(q.options[3].rationale->value.starts_with("Gradient accumulation does not change"));
  EXPECT_EQ(q.options[3].rationale->span.line, 30u);
  EXPECT_TRUE(q.origin->statement.value.starts_with("Courseiva writes every NCP-GENL question"));
  ASSERT_EQ(q.authors.size(), 1u);
  EXPECT_EQ(q.authors[0].initials.value, "JA");
  EXPECT_EQ(q.authors[0].name.value, "Johnson Ajibi");
  EXPECT_EQ(q.authors[0].credentials.value, "MSc IT Security");
  ASSERT_EQ(q.authors[0].roles.size(), 2u);
  EXPECT_EQ(q.authors[0].roles[0].value, "Senior Network & Security Engineer");
  EXPECT_EQ(q.authors[0].roles[1].value, "founder of Courseiva");
  EXPECT_EQ(q.authors[0].roles[1].span.column, 38u);
  EXPECT_EQ(q.review->date.value, "2026-09");
  EXPECT_EQ(q.review->date.span.line, 36u);
  EXPECT_EQ(q.review->date.span.column, 15u);
  EXPECT_EQ(q.review->checked_against.value, "the official NVIDIA exam blueprint");
  EXPECT_EQ(q.review->reviewer.value, "Johnson Ajibi");
  const model::Value* page = q.extensions.Find("page");
  ASSERT_NE(page, nullptr);
  EXPECT_EQ(page->Find("headings"), nullptr);  // every fixed line has the usual wording
  ASSERT_NE(page->Find("footer"), nullptr);
  EXPECT_TRUE(page->Find("footer")->as_string().starts_with("This NCP-GENL practice question"));
  EXPECT_EQ(page->Find("final_newline"), nullptr);
  EXPECT_EQ(bank.exam->value, "NCP-GENL");
  EXPECT_EQ(bank.publisher.value, "Courseiva");
  EXPECT_EQ(bank.publisher.span.line, 32u);
  EXPECT_EQ(bank.publisher.span.column, 1u);
  ASSERT_TRUE(bank.declared_size.has_value());
  EXPECT_EQ(*bank.declared_size, 352);
  EXPECT_EQ(bank.declared_size_span.line, 32u);
  EXPECT_EQ(bank.declared_size_span.column, 57u);
  EXPECT_EQ(bank.declared_size_span.end_column, 60u);
  EXPECT_EQ(q.span.line, 1u);
  EXPECT_EQ(q.span.end_line, 37u);
}

TEST_F(SeedTest, WarmUpPageFields) {
  fs::path path = Seed("004_accc35ec9b1f8a39.txt");
  Bank bank;
  ASSERT_TRUE(ImportText(path.string(), ReadAll(path), bank).ok());
  ASSERT_EQ(bank.questions.size(), 1u);
  const Question& q = bank.questions[0];
  EXPECT_EQ(q.exam->value, "NCP-GENL");
  EXPECT_EQ(q.domain->value, "Fine-Tuning");
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q.stated_answer->value,
            "To allow the optimizer to adapt to the new data distribution gradually.");
  EXPECT_EQ(q.review->date.value, "2026-09");
  EXPECT_TRUE(q.origin->statement.value.starts_with("One of 352 original NCP-GENL"));
  EXPECT_EQ(*bank.declared_size, 352);
  EXPECT_EQ(bank.declared_size_span.column, 8u);
  EXPECT_EQ(bank.publisher.value, "Courseiva");
  EXPECT_EQ(bank.publisher.span.line, 32u);
  EXPECT_EQ(bank.publisher.span.column, 52u);
}

TEST_F(SeedTest, EverySeedRoundTripsByteForByte) {
  std::vector<fs::path> seeds = TxtFiles(QBANK_SEEDS_DIR);
  ASSERT_FALSE(seeds.empty());
  for (const fs::path& path : seeds) {
    SCOPED_TRACE(path.string());
    std::string content = ReadAll(path);
    Bank bank;
    Status status = ImportText(path.string(), content, bank);
    ASSERT_TRUE(status.ok()) << status.ToString();
    LossReport loss;
    Result<std::string> out = ExportBank(bank, loss);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_EQ(*out, content);
    EXPECT_TRUE(loss.empty()) << loss.Summary();
  }
}

TEST_F(SeedTest, AFolderOfSeedsExportsAsOneMultiPageFileThatReadsBack) {
  Bank bank;
  std::vector<std::string> contents;
  for (const fs::path& path : TxtFiles(QBANK_SEEDS_DIR)) {
    contents.push_back(ReadAll(path));
    ASSERT_TRUE(ImportText(path.string(), contents.back(), bank).ok());
  }
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok());
  std::string expected;
  for (size_t i = 0; i < contents.size(); ++i) expected += (i > 0 ? "\n---\n" : "") + contents[i];
  EXPECT_EQ(*out, expected);
  Bank again;
  ASSERT_TRUE(ImportText("all.txt", *out, again).ok());
  EXPECT_EQ(again.questions.size(), contents.size());
}

TEST_F(SeedTest, SniffRecognisesSeedsAndTheRegistryPicksPage) {
  for (const fs::path& path : TxtFiles(QBANK_SEEDS_DIR)) {
    std::string content = ReadAll(path);
    EXPECT_EQ(PageFormat().Sniff(path.string(), content), 90);
    const Format* f = Registry::Default().Detect(path.string(), content);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name(), "page");
  }
}

// --- The team's sample pages and our own fixture -------------------------------------------------

TEST(PageFormatTest, SamplePagesRoundTripByteForByte) {
  fs::path dir = fs::path(QBANK_SOURCE_DIR) / "samples" / "pages";
  std::vector<fs::path> files = TxtFiles(dir);
  ASSERT_FALSE(files.empty()) << dir;
  for (const fs::path& path : files) {
    SCOPED_TRACE(path.string());
    std::string content = ReadAll(path);
    Bank bank;
    Status status = ImportText(path.string(), content, bank);
    ASSERT_TRUE(status.ok()) << status.ToString();
    ASSERT_EQ(bank.questions.size(), 1u);
    LossReport loss;
    Result<std::string> out = ExportBank(bank, loss);
    ASSERT_TRUE(out.ok());
    EXPECT_EQ(*out, content);
  }
}

class FixtureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (fs::path(QBANK_SOURCE_DIR) / "tests/formats/testdata/page/three_pages.txt").string();
    content_ = ReadAll(path_);
    ASSERT_FALSE(content_.empty());
    Status status = ImportText(path_, content_, bank_);
    ASSERT_TRUE(status.ok()) << status.ToString();
    ASSERT_EQ(bank_.questions.size(), 3u);
  }
  std::string path_;
  std::string content_;
  Bank bank_;
};

TEST_F(FixtureTest, PagesAreSeparatedByDashLines) {
  EXPECT_EQ(bank_.questions[0].domain->value, "Storage");
  EXPECT_EQ(bank_.questions[1].domain->value, "Cloud Networking");
  EXPECT_EQ(bank_.questions[2].domain->value, "Scripting");
  EXPECT_EQ(bank_.questions[1].span.line, 40u);
  EXPECT_EQ(bank_.questions[1].span.end_line, 71u);
  EXPECT_EQ(bank_.questions[2].span.line, 73u);
  EXPECT_EQ(bank_.exam->value, "QB-TEST");
  EXPECT_EQ(bank_.publisher.value, "Sample Works");
  EXPECT_EQ(*bank_.declared_size, 3);
  EXPECT_EQ(bank_.declared_size_span.line, 33u);
}

TEST_F(FixtureTest, MultiLineExplanationKeepsItsLines) {
  const Question& q = bank_.questions[0];
  EXPECT_EQ(q.explanation.span.line, 11u);
  EXPECT_EQ(q.explanation.span.end_line, 12u);
  EXPECT_NE(q.explanation.value.find("remaining disk.\nThe failed disk"), std::string::npos);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
}

TEST_F(FixtureTest, OtherWordingIsKeptInExtensions) {
  const Question& q = bank_.questions[1];
  EXPECT_TRUE(q.trap->empty());
  EXPECT_EQ(q.stem.span.line, 41u);
  const model::Value* headings = q.extensions.Find("page")->Find("headings");
  ASSERT_NE(headings, nullptr);
  EXPECT_EQ(headings->Find("choices")->as_string(), "Answer options");
  EXPECT_EQ(headings->Find("about")->as_string(), "About this question set");
  EXPECT_EQ(headings->as_object().size(), 2u);
  EXPECT_EQ(q.options[0].extensions.Find("page")->Find("why")->as_string(), "Why this one fits");
  EXPECT_EQ(q.options[1].extensions.Find("page"), nullptr);
  EXPECT_EQ(q.review->date.value, "2026-05-04");
  EXPECT_EQ(q.review->checked_against.value, "the course networking module");
}

TEST_F(FixtureTest, DirectiveLinesBecomeSuppressions) {
  const Question& q = bank_.questions[1];
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "option-count");
  EXPECT_EQ(q.suppressions[0].reason, "three options are enough for this scenario");
  EXPECT_EQ(q.suppressions[0].span.line, 71u);
  EXPECT_EQ(q.extensions.Find("page")->Find("footer")->as_string(),
            "This QB-TEST practice question is part of Sample Works's training set.");
  EXPECT_TRUE(bank_.questions[0].suppressions.empty());
}

TEST_F(FixtureTest, APageWithoutTailEndsAtItsLastRationale) {
  const Question& q = bank_.questions[2];
  EXPECT_TRUE(q.authors.empty());
  EXPECT_TRUE(q.review->date.empty());
  EXPECT_TRUE(q.origin->statement.empty());
  ASSERT_EQ(q.options.size(), 3u);
  EXPECT_EQ(q.options[2].rationale->span.line, 98u);
  EXPECT_EQ(q.options[1].text.value, "[ -n $name ]");
  EXPECT_TRUE(q.extensions.Find("page")->Find("final_newline")->as_bool());
}

TEST(PageFormatTest, BlankLinesAtTheEndOfAPageAreNotPartOfItsLastField) {
  // round_trip_fuzz: a page ending in blank lines kept them in its last rationale; Moodle XML trims
  // its texts, so the second export through it differed.
  std::vector<std::string> lines = BasePage();
  lines.resize(22);  // no about paragraph, author or footer: the page ends at its last rationale
  for (const char* tail : {"\n\n\n", "\n \n\t\n", "\n\n---\n"}) {
    std::string content = Join(lines) + tail;
    if (std::string(tail).find("---") != std::string::npos) content += Join(BasePage()) + "\n";
    Bank bank;
    ASSERT_TRUE(ImportText("m.txt", content, bank).ok()) << tail;
    EXPECT_EQ(bank.questions[0].options[1].rationale->value, "A mirror holds two full copies.");
  }
}

TEST_F(FixtureTest, RoundTripsByteForByte) {
  LossReport loss;
  Result<std::string> out = ExportBank(bank_, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(*out, content_);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
}

// Through the door every export takes (formats::ExportBank), which puts a mark in front of text
// that starts with U+FEFF: a page's own mark comes back once, and a title that starts with U+FEFF
// keeps it.
TEST_F(FixtureTest, AByteOrderMarkComesBackOnceThroughExportBank) {
  std::string marked = std::string(kByteOrderMark) + content_;
  Bank bank;
  ASSERT_TRUE(ImportText(path_, marked, bank).ok());
  LossReport loss;
  Result<std::string> out = formats::ExportBank(PageFormat(), bank, ExportOptions{}, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(*out, marked);

  for (Question& q : bank_.questions) q.exam->value.insert(0, kByteOrderMark);
  bank_.exam->value.insert(0, kByteOrderMark);
  out = formats::ExportBank(PageFormat(), bank_, ExportOptions{}, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  Bank back;
  ASSERT_TRUE(ImportText(path_, *out, back).ok());
  ASSERT_EQ(back.questions.size(), 3u);
  EXPECT_EQ(back.questions[0].exam->value, bank_.questions[0].exam->value);
}

TEST_F(FixtureTest, TheRegistryPicksPageAmongTheTxtFormats) {
  ASSERT_NE(Registry::Default().Find("page"), nullptr);
  const Format* detected = Registry::Default().Detect(path_, content_);
  ASSERT_NE(detected, nullptr);
  EXPECT_EQ(detected->name(), "page");
  // Plain text in a .txt file is not taken for a page.
  EXPECT_EQ(PageFormat().Sniff("notes.txt", "Storage notes\nRAID 1 mirrors disks.\n"), 0);
}

TEST(PageFormatTest, TheExampleInTheFormatDocImportsAndRoundTrips) {
  std::string doc = ReadAll(fs::path(QBANK_SOURCE_DIR) / "docs/formats/page.md");
  size_t start = doc.find("```\n");
  ASSERT_NE(start, std::string::npos);
  start += 4;
  size_t end = doc.find("\n```", start);
  ASSERT_NE(end, std::string::npos);
  std::string page = doc.substr(start, end - start);
  Bank bank;
  Status status = ImportText("page.md", page, bank);
  ASSERT_TRUE(status.ok()) << status.ToString();
  const Question& q = bank.questions[0];
  EXPECT_EQ(q.domain->value, "Astronomy");
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q.review->date.value, "2026-04");
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "key-is-longest");
  EXPECT_EQ(bank.publisher.value, "Star Notes");
  EXPECT_EQ(*bank.declared_size, 120);
  LossReport loss;
  EXPECT_EQ(*ExportBank(bank, loss), page);
}

// --- Import errors -------------------------------------------------------------------------------

TEST(PageFormatErrorTest, TheBasePageImports) { EXPECT_EQ(ImportError(Join(BasePage())), "OK"); }

TEST(PageFormatErrorTest, EmptyFile) {
  EXPECT_EQ(ImportError(""),
            "m.txt:1:1: expected a title line '<EXAM> <Domain> Practice Question'; the file is "
            "empty");
}

TEST(PageFormatErrorTest, TitleWithoutPracticeQuestion) {
  EXPECT_EQ(ImportError(Replacing(1, "QB-TEST Storage Quiz")),
            "m.txt:1:1: expected a title line '<EXAM> <Domain> Practice Question'");
  EXPECT_EQ(ImportError(Replacing(1, "QB-TEST  Practice Question")),
            "m.txt:1:9: expected the domain after the exam code");
  EXPECT_EQ(ImportError(Replacing(1, " Storage Practice Question")),
            "m.txt:1:1: expected the exam code at the start of the title");
}

TEST(PageFormatErrorTest, MissingStem) {
  EXPECT_EQ(ImportError(Without(2)), "m.txt:2:1: expected the question stem after the title line");
  EXPECT_EQ(ImportError(Replacing(2, "  ")),
            "m.txt:2:1: expected the question stem after the title line");
}

TEST(PageFormatErrorTest, MissingStemWithoutTrap) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 1, lines.begin() + 4);  // stem, trap heading, trap
  EXPECT_EQ(ImportError(Join(lines)), "m.txt:2:1: expected the question stem after the title line");
}

TEST(PageFormatErrorTest, MissingFixedLineBeforeTheAnswerBlock) {
  EXPECT_EQ(ImportError(Without(5)),
            "m.txt:5:1: expected 'Answer choices' before 'Why each option matters'");
  EXPECT_EQ(ImportError(Without(6)),
            "m.txt:6:1: expected 'Why each option matters' after 'Answer choices'");
  EXPECT_EQ(ImportError(Without(8)),
            "m.txt:8:1: expected 'Correct answer & explanation' after 'Answer the question above "
            "first, ...'");
  // Other wording and a missing line: only the position is known.
  std::vector<std::string> reworded = BasePage();
  reworded[5] = "What each option teaches";
  reworded.erase(reworded.begin() + 4);
  EXPECT_EQ(ImportError(Join(reworded)),
            "m.txt:4:1: expected 'Answer choices' on this line (a line of the page is missing)");
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 3, lines.begin() + 6);  // trap text and two fixed lines
  EXPECT_EQ(ImportError(Join(lines)),
            "m.txt:6:1: expected the four lines 'Answer choices', 'Why each option matters', "
            "'Answer the question above first, ...' and 'Correct answer & explanation' before "
            "'\xE2\x9C\x93'");
}

TEST(PageFormatErrorTest, MissingAnswerBlock) {
  EXPECT_EQ(ImportError(Without(9)),
            "m.txt:9:1: expected the correct-answer block: a line '\xE2\x9C\x93' after 'Correct "
            "answer & explanation', then the answer text");
}

TEST(PageFormatErrorTest, MissingAnswerText) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 9, lines.begin() + 11);  // answer text and explanation
  EXPECT_EQ(ImportError(Join(lines)), "m.txt:10:1: expected the answer text after '\xE2\x9C\x93'");
}

TEST(PageFormatErrorTest, MissingBreakdownHeading) {
  EXPECT_EQ(ImportError(Without(12)),
            "m.txt:12:1: expected 'Answer analysis' before 'Option-by-option breakdown'");
  EXPECT_EQ(ImportError(Without(13)),
            "m.txt:13:1: expected 'Option-by-option breakdown' after 'Answer analysis'");
}

TEST(PageFormatErrorTest, NoOptions) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 14, lines.begin() + 22);
  EXPECT_EQ(ImportError(Join(lines)),
            "m.txt:15:1: expected the option-by-option breakdown: a line '- \xE2\x9C\x93' or '- "
            "\xE2\x9C\x97' for each option, then its text, its 'Why ...' line and its rationale");
}

TEST(PageFormatErrorTest, OptionWithoutItsWhyLine) {
  EXPECT_EQ(ImportError(Without(17)),
            "m.txt:17:1: expected 'Why it's wrong here' after the option text");
  EXPECT_EQ(ImportError(Without(21)),
            "m.txt:21:1: expected 'Why this is correct' after the option text");
}

TEST(PageFormatErrorTest, OptionWithoutText) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 15, lines.begin() + 18);
  EXPECT_EQ(ImportError(Join(lines)),
            "m.txt:16:1: expected the option text after '- \xE2\x9C\x97'");
  std::vector<std::string> last = BasePage();
  last.erase(last.begin() + 19, last.begin() + 22);  // the last option's text, why, rationale
  EXPECT_EQ(ImportError(Join(last)), "m.txt:20:1: expected the option text after '- \xE2\x9C\x93'");
}

TEST(PageFormatErrorTest, MissingInitials) {
  EXPECT_EQ(ImportError(Without(25)),
            "m.txt:24:1: expected the author's initials (one word, such as 'JD') on the line "
            "before 'Written and reviewed by'");
}

TEST(PageFormatErrorTest, MissingAuthorName) {
  EXPECT_EQ(ImportError(Replacing(26, "Written and reviewed by , BSc")),
            "m.txt:26:25: expected the author's name after 'Written and reviewed by '");
}

TEST(PageFormatErrorTest, BadReviewLine) {
  EXPECT_EQ(ImportError(Replacing(28, "Last reviewed Sept 2026")),
            "m.txt:28:15: expected the review date as '<Month> <YYYY>' or '<Month> <D>, <YYYY>' "
            "after 'Last reviewed '");
  EXPECT_EQ(ImportError(Replacing(28, "Last reviewed March 05, 2026")),
            "m.txt:28:15: expected the review date as '<Month> <YYYY>' or '<Month> <D>, <YYYY>' "
            "after 'Last reviewed '");
  EXPECT_EQ(
      ImportError(Replacing(28, "Last reviewed March 2026 \xC2\xB7 verified by a peer")),
      "m.txt:28:28: expected 'checked against <what>' after the review date and ' \xC2\xB7 '");
  std::vector<std::string> lines = BasePage();
  lines.insert(lines.begin() + 27, "Mentor");
  EXPECT_EQ(ImportError(Join(lines)),
            "m.txt:28:1: expected 'Last reviewed <Month> <YYYY> \xC2\xB7 checked against <what>' "
            "after the author's roles");
}

TEST(PageFormatErrorTest, BadDirective) {
  std::string page = Join(BasePage());
  EXPECT_EQ(ImportError(page + "\nqbank: ignore option-count"),
            "m.txt:30:1: expected a directive 'qbank: disable <rule-id>: <reason>'");
  EXPECT_EQ(ImportError(page + "\nqbank: disable Option Count"),
            "m.txt:30:16: expected a rule id (lower-case words joined by '-', or '*') after "
            "'qbank: disable '");
  EXPECT_EQ(ImportError(page + "\nqbank: disable key-count:  "),
            "m.txt:30:27: expected a reason after 'qbank: disable key-count: '");
  EXPECT_EQ(ImportError(page + "\nqbank: disable *"), "OK");
}

TEST(PageFormatErrorTest, Separators) {
  std::string page = Join(BasePage());
  EXPECT_EQ(ImportError("---\n" + page),
            "m.txt:1:1: expected a title line '<EXAM> <Domain> Practice Question' before '---'");
  EXPECT_EQ(ImportError(page + "\n---"),
            "m.txt:30:4: expected a title line '<EXAM> <Domain> Practice Question' after '---'");
  EXPECT_EQ(ImportError(page + "\n---\n---\n" + page),
            "m.txt:31:1: expected a title line '<EXAM> <Domain> Practice Question' after '---'");
  // An error in a later page names its own line; the file's good pages are still read.
  Bank bank;
  Status status = ImportText("m.txt", page + "\n---\n" + Without(2), bank);
  EXPECT_EQ(status.ToString(), "m.txt:32:1: expected the question stem after the title line");
  EXPECT_EQ(bank.questions.size(), 1u);
}

TEST(PageFormatErrorTest, AMalformedPageIsSkippedAndTheOthersAreRead) {
  std::string page = Join(BasePage());
  Bank bank;
  auto source = std::make_shared<const SourceText>(
      "m.txt", page + "\n---\n" + Without(2) + "\n---\n---\n" + page);
  ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(source);
  std::vector<Diagnostic> errors;
  ctx.errors = &errors;
  ASSERT_TRUE(PageFormat().Import(*source, ctx).ok());
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].ToString(),
            "m.txt:32:1: error: expected the question stem after the title line");
  EXPECT_EQ(errors[1].ToString(),
            "m.txt:60:1: error: expected a title line '<EXAM> <Domain> Practice Question' after "
            "'---'");
  ASSERT_EQ(bank.questions.size(), 2u);
  EXPECT_EQ(bank.questions[0].span.line, 1u);
  EXPECT_EQ(bank.questions[1].span.line, 61u);
  // Without an error list the first malformed page stops the file.
  Bank strict;
  ImportContext no_list;
  no_list.bank = &strict;
  no_list.file = strict.AddSource(source);
  EXPECT_FALSE(PageFormat().Import(*source, no_list).ok());
}

TEST(PageFormatErrorTest, MarksPaddedWithWhiteSpace) {
  EXPECT_EQ(ImportError(Replacing(15, "- \xE2\x9C\x97 ")),
            "m.txt:15:4: expected '- \xE2\x9C\x97' alone on its line, without white space around "
            "it");
  EXPECT_EQ(ImportError(Replacing(9, " \xE2\x9C\x93")),
            "m.txt:9:1: expected '\xE2\x9C\x93' alone on its line, without white space around it");
  EXPECT_EQ(ImportError(Replacing(1, "QB-TEST Storage Practice Question\t")),
            "m.txt:1:34: expected the title line to end with 'Practice Question', without white "
            "space after it");
  std::string page = Join(BasePage());
  EXPECT_EQ(ImportError(page + "\n--- \n" + page),
            "m.txt:30:4: expected '---' alone on its line, without white space around it");
}

TEST(PageFormatErrorTest, InvalidUtf8) {
  std::string error = ImportError(Replacing(2, "Which RAID \xFF level?"));
  EXPECT_TRUE(error.starts_with("m.txt:2:12: ")) << error;
}

TEST(PageFormatBankFactsTest, DeclaredSizeAndPublisherPatterns) {
  struct Case {
    std::string about;
    std::string footer;
    std::string roles;
    std::optional<int64_t> size;
    std::string publisher;
  };
  const std::vector<Case> cases = {
      {"One of 1,200 original questions by Blue Quill.", "Part of Blue Quill's range.",
       "Systems Administrator", 1200, ""},
      {"Blue Quill writes every question from scratch \xE2\x80\x94 75 in total.",
       "This page is part of Blue Quill's free set.", "Systems Administrator", 75, "Blue Quill"},
      {"Questions on Kubernetes, written on Kubernetes.", "A short footer.",
       "Systems Administrator", std::nullopt, ""},
      {"Written in 2026 for 3 teams.", "A short footer. Blue Quill provides the hosting.",
       "Editor at Blue Quill", std::nullopt, "Blue Quill"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.about);
    std::vector<std::string> lines = BasePage();
    lines[23] = c.about;
    lines[26] = c.roles;
    lines[28] = c.footer;
    Bank bank;
    ASSERT_TRUE(ImportText("m.txt", Join(lines), bank).ok());
    EXPECT_EQ(bank.declared_size, c.size);
    EXPECT_EQ(bank.publisher.value, c.publisher);
  }
}

// --- Problems left for lint ----------------------------------------------------------------------

TEST(PageFormatLintLevelTest, TwoKeysAndAWrongStatedAnswerImport) {
  std::string page = Replacing(15, "- \xE2\x9C\x93");  // both options marked correct
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", page, bank).ok());
  EXPECT_EQ(bank.questions[0].KeyIndexes().size(), 2u);
  EXPECT_EQ(bank.questions[0].options[0].extensions.Find("page")->Find("why")->as_string(),
            "Why it's wrong here");
  Bank other;
  ASSERT_TRUE(ImportText("m.txt", Replacing(10, "RAID 0"), other).ok());
  EXPECT_EQ(other.questions[0].stated_answer->value, "RAID 0");
  EXPECT_FALSE(other.questions[0].options[0].correct);
}

TEST(PageFormatLintLevelTest, MissingTrapAndEmptyParagraphsImport) {
  std::vector<std::string> lines = BasePage();
  lines.erase(lines.begin() + 2, lines.begin() + 4);  // trap heading and text
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", Join(lines), bank).ok());
  EXPECT_TRUE(bank.questions[0].trap->empty());
  EXPECT_EQ(bank.questions[0].trap->span.line, 3u);  // where it would stand

  std::vector<std::string> empty_trap = BasePage();
  empty_trap.erase(empty_trap.begin() + 3);  // the trap text only
  Bank kept;
  ASSERT_TRUE(ImportText("m.txt", Join(empty_trap), kept).ok());
  EXPECT_TRUE(kept.questions[0].trap->empty());
  LossReport loss;
  EXPECT_EQ(*ExportBank(kept, loss), Join(empty_trap));
}

// --- Models built here ---------------------------------------------------------------------------

Question BuiltQuestion() {
  Question q;
  q.exam = Text("QB-OWN");
  q.domain = Text("Data Modelling");
  q.stem = Text(
      "A table stores each order with the customer's postal address copied into every "
      "row. Which normal form does this design break first?\nAssume the key is the "
      "order number.");
  q.trap = Text("The address depends on the customer, not on the order.");
  const char* texts[] = {"First normal form", "Second normal form", "Third normal form"};
  for (int i = 0; i < 3; ++i) {
    Option o;
    o.text = Text(texts[i]);
    o.correct = i == 2;
    o.rationale = Text(i == 2 ? "A non-key column depends on another non-key column."
                              : "Every value is atomic and depends on the whole key.");
    q.options.push_back(o);
  }
  q.explanation = Text("The address is a transitive dependency.\n\nMove it to a customer table.");
  q.origin->statement = Text("Written for the QB-OWN sample set, 40 questions in total.");
  model::Person p;
  p.name = Text("Ada Brook");
  p.credentials = Text("PhD Databases");
  p.roles = {Text("Lecturer"), Text("author at Own Press")};
  q.authors.push_back(p);
  q.review->date = Text("2025-11-03");
  q.review->checked_against = Text("the normal forms chapter");
  q.suppressions.push_back({"key-is-longest", "the key is naturally the longest name", {}});
  q.suppressions.push_back({"*", "", {}});
  return q;
}

TEST(PageFormatModelTest, BuiltModelRoundTrips) {
  Bank bank;
  bank.questions.push_back(BuiltQuestion());
  Question second = BuiltQuestion();
  second.trap = Text("");
  second.authors.clear();
  second.review = model::Review();
  second.origin->statement = Text("");
  second.suppressions.clear();
  second.options[0].rationale = Text("");
  bank.questions.push_back(second);
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_TRUE(loss.empty()) << loss.Summary();

  Bank back;
  Status status = ImportText("built.txt", *out, back);
  ASSERT_TRUE(status.ok()) << status.ToString() << "\n" << *out;
  ASSERT_EQ(back.questions.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    SCOPED_TRACE(i);
    const Question& a = bank.questions[i];
    const Question& b = back.questions[i];
    EXPECT_EQ(b.exam, a.exam);
    EXPECT_EQ(b.domain, a.domain);
    EXPECT_EQ(b.stem, a.stem);
    EXPECT_EQ(b.trap, a.trap);
    EXPECT_EQ(b.explanation, a.explanation);
    EXPECT_EQ(b.origin->statement, a.origin->statement);
    EXPECT_EQ(b.review->date, a.review->date);
    EXPECT_EQ(b.review->checked_against, a.review->checked_against);
    ASSERT_EQ(b.options.size(), a.options.size());
    for (size_t k = 0; k < a.options.size(); ++k) {
      EXPECT_EQ(b.options[k].text, a.options[k].text);
      EXPECT_EQ(b.options[k].correct, a.options[k].correct);
      EXPECT_EQ(b.options[k].rationale, a.options[k].rationale);
    }
    EXPECT_EQ(b.stated_answer->value, "Third normal form");  // the key's text when none is stated
    ASSERT_EQ(b.suppressions.size(), a.suppressions.size());
    for (size_t k = 0; k < a.suppressions.size(); ++k) {
      EXPECT_EQ(b.suppressions[k].rule, a.suppressions[k].rule);
      EXPECT_EQ(b.suppressions[k].reason, a.suppressions[k].reason);
    }
  }
  const Question& b = back.questions[0];
  ASSERT_EQ(b.authors.size(), 1u);
  EXPECT_EQ(b.authors[0].initials.value, "AB");  // derived from the name
  EXPECT_EQ(b.authors[0].name.value, "Ada Brook");
  EXPECT_EQ(b.authors[0].credentials.value, "PhD Databases");
  ASSERT_EQ(b.authors[0].roles.size(), 2u);
  EXPECT_EQ(b.authors[0].roles[1].value, "author at Own Press");
  EXPECT_EQ(*back.declared_size, 40);
  EXPECT_EQ(b.stem.span.end_line, 3u);

  LossReport again_loss;
  Result<std::string> again = ExportBank(back, again_loss);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *out);
}

// A title whose exam code starts with a lone CR ("\rQB-DEMO ...") reads the CR into the exam; the
// writer made it a space, and a title that starts with a space did not read back (found by
// page_fuzz). The exam is written trimmed, and the line break is reported.
TEST(PageFormatModelTest, AnExamWithALineBreakAtItsStartReadsBack) {
  std::vector<std::string> lines = BasePage();
  lines[0] = "\r" + lines[0];
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", Join(lines), bank).ok());
  ASSERT_EQ(bank.questions.size(), 1u);
  ASSERT_EQ(bank.questions[0].exam->value.substr(0, 1), "\r");
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(loss.Summary().substr(0, 30), "  exam line breaks: 1 value dr");
  Bank back;
  ASSERT_TRUE(ImportText("back.txt", *out, back).ok()) << *out;
  ASSERT_EQ(back.questions.size(), 1u);
  EXPECT_EQ(back.questions[0].exam->value, bank.questions[0].exam->value.substr(1));
}

TEST(PageFormatModelTest, CrlfPagesKeepTheirLineBreaks) {
  std::string page = Join(BasePage());
  std::string crlf;
  for (char c : page + "\n") crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", crlf, bank).ok());
  const Question& q = bank.questions[0];
  EXPECT_EQ(q.stem.value, BasePage()[1]);
  EXPECT_EQ(q.extensions.Find("page")->Find("line_break")->as_string(), "crlf");
  LossReport loss;
  EXPECT_EQ(*ExportBank(bank, loss), crlf);
}

TEST(PageFormatModelTest, ByteOrderMarkIsKept) {
  std::string page = "\xEF\xBB\xBF" + Join(BasePage());
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", page, bank).ok());
  EXPECT_EQ(bank.questions[0].exam->value, "QB-TEST");
  LossReport loss;
  EXPECT_EQ(*ExportBank(bank, loss), page);
}

TEST(PageFormatModelTest, LossReportNamesWhatAPageCannotHold) {
  Bank bank;
  bank.title = Text("Own bank");
  bank.language = Text("en");
  bank.publisher = Text("Nobody Named");
  bank.declared_size = 999;
  Question q = BuiltQuestion();
  q.tags = {Text("sql"), Text("design")};
  q.difficulty = Text("hard");
  q.options[0].weight = 50.0;
  q.options[1].text = Text("Second\nnormal form");
  q.authors.push_back(q.authors[0]);
  q.review->reviewer = Text("Someone Else");
  q.type = model::QuestionType::kMultipleAnswer;
  q.extensions["gift"]["category"] = "x";
  bank.questions.push_back(q);
  LossReport loss;
  ASSERT_TRUE(ExportBank(bank, loss).ok());
  std::map<std::string, size_t> expected = {{"authors", 1},
                                            {"bank.declared_size", 1},
                                            {"bank.language", 1},
                                            {"bank.publisher", 1},
                                            {"bank.title", 1},
                                            {"difficulty", 1},
                                            {"extensions.gift", 1},
                                            {"options.text line breaks", 1},
                                            {"options.weight", 1},
                                            {"review.reviewer", 1},
                                            {"tags", 2},
                                            {"type", 1}};
  EXPECT_EQ(loss.dropped(), expected);
}

TEST(PageFormatModelTest, ExportRefusesQuestionsAPageCannotShow) {
  Bank bank;
  Question q = BuiltQuestion();
  q.options.clear();
  bank.questions.push_back(q);
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().ToString(),
            "none of the 1 questions can be written as a page: a page needs a stem and options");
  Bank empty;
  EXPECT_FALSE(ExportBank(empty, loss).ok());
}

TEST(PageFormatModelTest, ExportSkipsAndReportsQuestionsAPageCannotShow) {
  Bank bank;
  Question essay = BuiltQuestion();
  essay.id.value = "essay-1";
  essay.type = model::QuestionType::kEssay;
  essay.options.clear();
  bank.questions.push_back(essay);
  bank.questions.push_back(BuiltQuestion());
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(loss.dropped().at("questions (essay without options: a page needs options)"), 1u);
  EXPECT_NE(loss.ToString().find("    essay-1\n"), std::string::npos) << loss.ToString();
  Bank back;
  ASSERT_TRUE(ImportText("r.txt", *out, back).ok());
  EXPECT_EQ(back.questions.size(), 1u);
}

// Lines a page would read as structure have no escape: they are left out and reported, so the
// page still reads back (as the same page).
TEST(PageFormatModelTest, ExportLeavesOutLinesThatWouldReadAsPageStructure) {
  struct Case {
    void (*edit)(Question&);
    std::string field;
    std::string (*read_back)(const Question&);
    std::string expected;
  };
  const std::vector<Case> cases = {
      {[](Question& q) { q.explanation = Text("First part.\n---\nSecond part."); }, "explanation",
       [](const Question& q) { return q.explanation.value; }, "First part.\nSecond part."},
      {[](Question& q) { q.stem = Text("Which mark means correct?\n\xE2\x9C\x93"); }, "stem",
       [](const Question& q) { return q.stem.value; }, "Which mark means correct?"},
      {[](Question& q) { q.trap = Text("Mind the marks:\n \xE2\x9C\x93 "); }, "trap",
       [](const Question& q) { return q.trap->value; }, "Mind the marks:"},
      {[](Question& q) { q.options[1].rationale = Text("No.\n- \xE2\x9C\x97"); },
       "options.rationale", [](const Question& q) { return q.options[1].rationale->value; }, "No."},
      {[](Question& q) { q.options[2].rationale = Text("Written and reviewed by nobody"); },
       "options.rationale", [](const Question& q) { return q.options[2].rationale->value; }, ""},
      {[](Question& q) { q.options[1].text = Text("---"); }, "options.text",
       [](const Question& q) { return q.options[1].text.value; }, ""},
      {[](Question& q) { q.stated_answer = Text("- \xE2\x9C\x93"); }, "stated_answer",
       [](const Question& q) { return q.stated_answer->value; }, ""},
      {[](Question& q) {
         q.authors.clear();
         q.review = model::Review();
         q.suppressions.clear();
         q.origin->statement = Text("A note.\nqbank: a made-up note");
       },
       "origin.statement", [](const Question& q) { return q.origin->statement.value; }, "A note."},
  };
  for (const Case& c : cases) {
    Question q = BuiltQuestion();
    c.edit(q);
    Bank bank;
    bank.questions.push_back(q);
    LossReport loss;
    Result<std::string> out = ExportBank(bank, loss);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_EQ(loss.dropped(),
              (std::map<std::string, size_t>{{c.field + " (line read as structure)", 1}}));
    Bank back;
    Status status = ImportText("m.txt", *out, back);
    ASSERT_TRUE(status.ok()) << status.ToString() << "\n" << *out;
    EXPECT_EQ(c.read_back(back.questions[0]), c.expected) << c.field;
    LossReport again_loss;
    EXPECT_EQ(*ExportBank(back, again_loss), *out);
  }
  // A review-like line is text when an author line comes first.
  Question q = BuiltQuestion();
  q.options[0].rationale = Text("Last reviewed by the class in week two.");
  Bank bank;
  bank.questions.push_back(q);
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  Bank back;
  ASSERT_TRUE(ImportText("m.txt", *out, back).ok());
  EXPECT_EQ(back.questions[0].options[0].rationale, q.options[0].rationale);
  // A stem made only of such lines leaves no stem.
  Question bare = BuiltQuestion();
  bare.stem = Text("---");
  Bank refused;
  refused.questions.push_back(bare);
  Result<std::string> none = ExportBank(refused, loss);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().ToString(), "question " + model::DeriveQuestionId(bare) +
                                          ": cannot be written as a page: a page needs a stem");
}

TEST(PageFormatModelTest, OwnWordingIsWrittenOnlyWhereItReadsBack) {
  Question q = BuiltQuestion();
  model::Value& headings = q.extensions["page"]["headings"];
  headings["trap"] = "Common trap";  // no warning sign: would read as stem
  headings["choices"] = "Answer options";
  headings["analysis"] = "Analysis.";         // a sentence where a short heading belongs
  headings["breakdown"] = "Answer analysis";  // another fixed line's usual wording
  headings["about"] = "About us";
  q.options[0].extensions["page"]["why"] = "Because";
  Bank bank;
  bank.questions.push_back(q);
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(loss.dropped(),
            (std::map<std::string, size_t>{{"extensions.page.headings.analysis", 1},
                                           {"extensions.page.headings.breakdown", 1},
                                           {"extensions.page.headings.trap", 1},
                                           {"options.extensions.page.why", 1}}));
  Bank back;
  Status status = ImportText("m.txt", *out, back);
  ASSERT_TRUE(status.ok()) << status.ToString();
  const model::Value* kept = back.questions[0].extensions.Find("page")->Find("headings");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->as_object().size(), 2u);
  EXPECT_EQ(kept->Find("choices")->as_string(), "Answer options");
  EXPECT_EQ(kept->Find("about")->as_string(), "About us");
  EXPECT_EQ(back.questions[0].trap, q.trap);

  // Without an author line other About wording could not be found again.
  q.authors.clear();
  q.review = model::Review();
  q.options[0].extensions = model::Value();
  q.extensions["page"]["headings"] = model::Value(model::Value::Object{{"about", "About us"}});
  Bank lone;
  lone.questions.push_back(q);
  LossReport lone_loss;
  Result<std::string> lone_out = ExportBank(lone, lone_loss);
  ASSERT_TRUE(lone_out.ok());
  EXPECT_EQ(lone_loss.dropped(),
            (std::map<std::string, size_t>{{"extensions.page.headings.about", 1}}));
  Bank lone_back;
  ASSERT_TRUE(ImportText("m.txt", *lone_out, lone_back).ok());
  EXPECT_EQ(lone_back.questions[0].origin->statement, q.origin->statement);
}

TEST(PageFormatModelTest, TitleWordsThatWouldSplitDifferentlyAreReported) {
  Bank bank;
  Question q = BuiltQuestion();
  q.exam = Text("QB OWN");
  bank.questions.push_back(q);
  Question r = BuiltQuestion();
  r.exam = Text("");
  bank.questions.push_back(r);
  LossReport loss;
  ASSERT_TRUE(ExportBank(bank, loss).ok());
  EXPECT_EQ(loss.dropped(), (std::map<std::string, size_t>{{"domain (without an exam)", 1},
                                                           {"exam (has a space)", 1}}));

  Bank people;
  Question p = BuiltQuestion();
  p.authors[0].name = Text("Brook, Ada");
  p.authors[0].roles = {Text("Lecturer \xC2\xB7 Examiner")};
  p.review->reviewer = p.authors[0].name;
  people.questions.push_back(p);
  LossReport people_loss;
  ASSERT_TRUE(ExportBank(people, people_loss).ok());
  EXPECT_EQ(people_loss.dropped(),
            (std::map<std::string, size_t>{{"authors.name (has ', ')", 1},
                                           {"authors.roles (has ' \xC2\xB7 ')", 1}}));
}

// A random model whose texts mix plain sentences with lines that look like page structure.
Question RandomQuestion(std::mt19937& rng) {
  static const std::vector<std::string> kPool = {"A plain sentence.",
                                                 "Another line of text",
                                                 "",
                                                 "  ",
                                                 "---",
                                                 "\xE2\x9C\x93",
                                                 "- \xE2\x9C\x93",
                                                 "- \xE2\x9C\x97",
                                                 "\xE2\x9A\xA0 Common exam trap",
                                                 "Answer choices",
                                                 "Correct answer & explanation",
                                                 "Answer analysis",
                                                 "Why it's wrong here",
                                                 "About these practice questions",
                                                 "Written and reviewed by Kim Lee",
                                                 "Last reviewed May 2026",
                                                 "qbank: disable x",
                                                 "Practice Question",
                                                 "One of 9 questions on Test Co, made by Test Co."};
  auto pick = [&] { return kPool[rng() % kPool.size()]; };
  auto text = [&](size_t max_lines, bool may_be_empty) {
    size_t n = (may_be_empty ? 0 : 1) + rng() % max_lines;
    std::string out;
    for (size_t i = 0; i < n; ++i) out += (i > 0 ? "\n" : "") + pick();
    return Text(out);
  };
  Question q;
  q.exam = Text("QB-RND");
  q.domain = Text(rng() % 2 ? "Random Tests" : "");
  q.stem = text(3, false);
  q.trap = text(2, true);
  q.explanation = text(3, true);
  size_t options = 1 + rng() % 4;
  for (size_t i = 0; i < options; ++i) {
    Option o;
    o.text = Text(rng() % 8 == 0 ? pick() : "Option " + std::to_string(i));
    o.correct = rng() % 3 == 0;
    o.rationale = text(3, true);
    q.options.push_back(o);
  }
  if (rng() % 2) q.stated_answer = Text("Option 0");
  q.origin->statement = text(2, true);
  if (rng() % 2) {
    model::Person p;
    p.initials = Text("KL");
    p.name = Text("Kim Lee");
    if (rng() % 2) p.credentials = Text("BSc");
    if (rng() % 2) p.roles = {Text("Tutor"), Text("editor at Test Co")};
    q.authors.push_back(p);
    q.review->reviewer = p.name;
  }
  if (rng() % 2) {
    q.review->date = Text(rng() % 2 ? "2026-05" : "2026-05-09");
    if (rng() % 2) q.review->checked_against = Text("the notes");
  }
  if (rng() % 3 == 0) q.extensions["page"]["footer"] = text(2, false).value;
  if (rng() % 3 == 0) q.suppressions.push_back({"key-count", rng() % 2 ? "" : "on purpose", {}});
  if (rng() % 4 == 0) q.extensions["page"]["line_break"] = "crlf";
  if (rng() % 4 == 0) q.extensions["page"]["final_newline"] = true;
  if (rng() % 4 == 0) q.extensions["page"]["headings"]["choices"] = pick();
  return q;
}

// Every model with a stem exports to a page that reads back and writes again to the same bytes;
// unless lines were left out as structure, with the same fields. PAGE_SEED and PAGE_ROUNDS in the
// environment run other or longer series.
TEST(PageFormatModelTest, RandomModelsReadBackAsWritten) {
  const char* seed = std::getenv("PAGE_SEED");
  const char* rounds_text = std::getenv("PAGE_ROUNDS");
  std::mt19937 rng(seed != nullptr ? static_cast<unsigned>(std::atoi(seed)) : 42u);
  const int rounds = rounds_text != nullptr ? std::atoi(rounds_text) : 3000;
  size_t written = 0;
  for (int round = 0; round < rounds; ++round) {
    Bank bank;
    size_t count = 1 + rng() % 2;
    for (size_t i = 0; i < count; ++i) bank.questions.push_back(RandomQuestion(rng));
    LossReport loss;
    Result<std::string> out = ExportBank(bank, loss);
    if (!out.ok()) {
      std::string message = out.status().ToString();
      EXPECT_TRUE(message.find("cannot be written as a page: a page needs a stem") !=
                      std::string::npos ||
                  message.find("can be written as a page: a page needs a stem and options") !=
                      std::string::npos)
          << message;
      continue;
    }
    ++written;
    // A question without options or stem is skipped (and reported); the others are written.
    std::vector<const Question*> pages;
    for (const Question& q : bank.questions) {
      if (!q.options.empty() && !IsBlank(q.stem.value)) pages.push_back(&q);
    }
    count = pages.size();
    Bank back;
    Status status = ImportText("r.txt", *out, back);
    ASSERT_TRUE(status.ok()) << status.ToString() << "\n" << *out;
    ASSERT_EQ(back.questions.size(), count);
    LossReport again_loss;
    Result<std::string> again = ExportBank(back, again_loss);
    ASSERT_TRUE(again.ok());
    ASSERT_EQ(*again, *out);
    bool structure_dropped = false;
    for (const auto& [field, n] : loss.dropped()) {
      structure_dropped = structure_dropped || field.ends_with("(line read as structure)") ||
                          field == "blank lines at the end of a page";
    }
    if (structure_dropped) continue;
    for (size_t i = 0; i < count; ++i) {
      const Question& a = *pages[i];
      const Question& b = back.questions[i];
      SCOPED_TRACE(*out);
      EXPECT_EQ(b.stem, a.stem);
      EXPECT_EQ(b.trap, a.trap);
      EXPECT_EQ(b.explanation, a.explanation);
      EXPECT_EQ(b.origin->statement, a.origin->statement);
      ASSERT_EQ(b.options.size(), a.options.size());
      for (size_t k = 0; k < a.options.size(); ++k) {
        EXPECT_EQ(b.options[k].text, a.options[k].text);
        EXPECT_EQ(b.options[k].correct, a.options[k].correct);
        EXPECT_EQ(b.options[k].rationale, a.options[k].rationale);
      }
      ASSERT_EQ(b.authors.size(), a.authors.size());
      if (!a.authors.empty()) {
        EXPECT_EQ(b.authors[0].name, a.authors[0].name);
        EXPECT_EQ(b.authors[0].credentials, a.authors[0].credentials);
        EXPECT_EQ(b.authors[0].roles, a.authors[0].roles);
      }
      EXPECT_EQ(b.review->date, a.review->date);
      EXPECT_EQ(b.review->checked_against,
                a.review->date.empty() ? Text("") : a.review->checked_against);
      const model::Value* footer = a.extensions.Find("page");
      footer = footer != nullptr ? footer->Find("footer") : nullptr;
      const model::Value* back_footer = b.extensions.Find("page");
      back_footer = back_footer != nullptr ? back_footer->Find("footer") : nullptr;
      bool footer_kept = footer != nullptr && !footer->as_string().empty() &&
                         (!a.authors.empty() || !a.review->date.empty());
      ASSERT_EQ(back_footer != nullptr, footer_kept);
      if (footer_kept) {
        EXPECT_EQ(*back_footer, *footer);
      }
      ASSERT_EQ(b.suppressions.size(), a.suppressions.size());
    }
  }
  EXPECT_GT(written, 100u);
}

// --- Sniffing and hostile input ------------------------------------------------------------------

TEST(PageFormatSniffTest, ScoresOnlyPageLikeText) {
  PageFormat page;
  EXPECT_EQ(page.Sniff("a.txt", Join(BasePage())), 90);
  EXPECT_EQ(page.Sniff("a.txt", "QB-TEST Storage Practice Question\nWhat is RAID?\n"), 30);
  EXPECT_EQ(page.Sniff("a.txt", "Reference notes on storage.\nCorrect answer & explanation\n"), 0);
  EXPECT_EQ(page.Sniff("a.txt", ""), 0);
}

TEST(PageFormatHostileTest, EveryTruncationEndsInOkOrALocatedError) {
  std::string page = Join(BasePage());
  for (size_t n = 0; n <= page.size(); ++n) {
    std::string error = ImportError(page.substr(0, n));
    EXPECT_TRUE(error == "OK" || error.starts_with("m.txt:")) << n << ": " << error;
  }
}

TEST(PageFormatHostileTest, RandomLineEditsNeverCrash) {
  std::vector<std::string> base = BasePage();
  std::mt19937 rng(20261130);
  size_t ok = 0;
  for (int round = 0; round < 3000; ++round) {
    std::vector<std::string> lines = base;
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !lines.empty(); ++e) {
      size_t at = rng() % lines.size();
      switch (rng() % 4) {
        case 0:
          lines.erase(lines.begin() + static_cast<long>(at));
          break;
        case 1:
          lines.insert(lines.begin() + static_cast<long>(at), base[rng() % base.size()]);
          break;
        case 2:
          lines[at] = lines[rng() % lines.size()];
          break;
        default:
          lines.insert(lines.begin() + static_cast<long>(at), "---");
      }
    }
    std::string content = Join(lines);
    Bank bank;
    Status status = ImportText("m.txt", content, bank);
    if (!status.ok()) {
      EXPECT_TRUE(status.ToString().starts_with("m.txt:")) << status.ToString();
      continue;
    }
    ++ok;
    LossReport loss;
    Result<std::string> out = ExportBank(bank, loss);
    ASSERT_TRUE(out.ok());
    Bank back;
    EXPECT_TRUE(ImportText("m.txt", *out, back).ok()) << content;
  }
  EXPECT_GT(ok, 0u);
}

TEST(PageFormatHostileTest, LongLinesOfRepeatedPatternsStayLinear) {
  std::vector<std::string> lines = BasePage();
  std::string roles;
  std::string about;
  const size_t kRepeats = 100000;
  for (size_t i = 0; i < kRepeats; ++i) {
    roles += (i > 0 ? " \xC2\xB7 " : "") + std::string("editor at Blue Quill");
    about += "Written on Blue Quill, ";
  }
  lines[23] = about;
  lines[26] = roles;
  auto start = std::chrono::steady_clock::now();
  Bank bank;
  ASSERT_TRUE(ImportText("m.txt", Join(lines), bank).ok());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const model::Person& author = bank.questions[0].authors[0];
  ASSERT_EQ(author.roles.size(), kRepeats);
  EXPECT_EQ(author.roles.back().span.column, (kRepeats - 1) * 23 + 1);
  EXPECT_EQ(author.roles.back().span.end_column, kRepeats * 23 - 2);
  EXPECT_EQ(bank.publisher.value, "Blue Quill");
  EXPECT_LT(seconds, 20.0);  // quadratic work here would take hours
}

TEST(PageFormatHostileTest, ALargeFileImportsInLinearTime) {
  std::string page = Join(BasePage());
  std::string content;
  const size_t kPages = 20000;
  for (size_t i = 0; i < kPages; ++i) content += (i > 0 ? "\n---\n" : "") + page;
  auto start = std::chrono::steady_clock::now();
  Bank bank;
  ASSERT_TRUE(ImportText("big.txt", content, bank).ok());
  auto mid = std::chrono::steady_clock::now();
  LossReport loss;
  Result<std::string> out = ExportBank(bank, loss);
  auto end = std::chrono::steady_clock::now();
  ASSERT_EQ(bank.questions.size(), kPages);
  EXPECT_EQ(*out, content);
  auto ms = [](auto d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
  std::cout << "[ figures  ] " << kPages << " pages, " << content.size() / 1024 << " KiB: import "
            << ms(mid - start) << " ms, export " << ms(end - mid) << " ms\n";
}

}  // namespace
}  // namespace qbank::formats
