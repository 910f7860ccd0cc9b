// Text is text: control characters are refused at import, whatever the format and however they
// are written (raw, or through an escape), with the file, line and column; lone surrogates in JSON
// escapes are refused; exports are checked to be UTF-8. Fixtures: tests/formats/testdata/hostile.
#include "formats/import_checks.h"

#include <gtest/gtest.h>

#include "formats/import.h"
#include "formats/registry.h"

namespace qbank::formats {
namespace {

std::string Fixture(const std::string& name) {
  auto text = RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) +
                                        "/tests/formats/testdata/hostile/" + name);
  EXPECT_TRUE(text.ok()) << name;
  return text.ok() ? *text : "";
}

// The one error importing `name` (as `format`) gives.
std::string ImportError(const std::string& name, const std::string& format) {
  InMemoryFileSystem fs;
  fs.Add(name, Fixture(name));
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ImportOptions options;
  options.from = format;
  EXPECT_TRUE(ImportInputs({name}, options, fs, bank, errors).ok());
  EXPECT_TRUE(bank.questions.empty()) << name;
  if (errors.size() != 1) return "expected one error, got " + std::to_string(errors.size());
  return errors[0].ToString();
}

TEST(ControlCharactersTest, FindsC0C1AndDelButNotTabOrLineBreaks) {
  EXPECT_EQ(FindControlCharacter("a\tb\nc\r\n"), std::string_view::npos);
  EXPECT_EQ(FindControlCharacter(std::string_view("ab\0c", 4)), 2u);
  EXPECT_EQ(FindControlCharacter("x\x1b[0m"), 1u);
  EXPECT_EQ(FindControlCharacter("x\x7f"), 1u);
  EXPECT_EQ(FindControlCharacter("caf\xc3\xa9 \xc2\x85"), 6u);                   // U+0085 (NEL)
  EXPECT_EQ(FindControlCharacter("\xc2\xa0 \xc2\xbf"), std::string_view::npos);  // NBSP, ¿
  EXPECT_EQ(DescribeControlCharacter(std::string_view("\0", 1), 0), "U+0000 (NUL)");
  EXPECT_EQ(DescribeControlCharacter("\x1b", 0), "U+001B (ESC)");
  EXPECT_EQ(DescribeControlCharacter("\xc2\x85", 0), "U+0085");
}

// The scan reads eight bytes at a time and looks at a block byte by byte only when it may hold a
// control character (a line break or tab does too): a control character is found at every offset,
// after line breaks in earlier blocks, and a C1 control split across two blocks.
TEST(ControlCharactersTest, FoundAtEveryOffsetAfterLineBreaks) {
  for (size_t length = 1; length <= 40; ++length) {
    for (size_t at = 0; at < length; ++at) {
      for (const std::string& control : {std::string(1, '\0'), std::string("\x1b"),
                                         std::string("\x7f"), std::string("\xc2\x85")}) {
        for (size_t newline = 0; newline < length; newline += 3) {
          std::string text(length, 'a');
          text[newline] = newline % 2 == 0 ? '\n' : '\t';
          if (newline == at) continue;
          text.replace(at, 1, control);
          ASSERT_EQ(FindControlCharacter(text), at)
              << "length " << length << ", control at " << at << ", line break at " << newline;
        }
      }
    }
    std::string clean(length, 'b');
    for (size_t k = 0; k < length; k += 5) clean[k] = '\n';
    EXPECT_EQ(FindControlCharacter(clean), std::string_view::npos);
  }
}

TEST(ControlCharactersTest, OnlyTheQuestionWithTheCharacterIsDropped) {
  // A real bank can carry one stray C1 character (MMLU has a few U+0085 and U+0080): that question
  // is refused at its place and the file's other questions are still read.
  InMemoryFileSystem fs;
  fs.Add("three.gift",
         "::one:: Which gas do plants take in for photosynthesis? {=carbon dioxide ~oxygen}\n\n"
         "::two:: Which organ pumps blood\xc2\x85 round the body? {=heart ~liver}\n\n"
         "::three:: Which planet is closest to the Sun? {=Mercury ~Venus}\n");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"three.gift"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            "three.gift:3:32: error: stem: expected text, found the control character U+0085 (only "
            "tab and line breaks are allowed; remove it, or write what it stood for; U+0080-U+009F "
            "usually come from text decoded with the wrong encoding, such as UTF-8 read as "
            "Windows-1252)");
  ASSERT_EQ(bank.questions.size(), 2u);
  EXPECT_EQ(bank.questions[0].stem.value, "Which gas do plants take in for photosynthesis?");
  EXPECT_EQ(bank.questions[1].stem.value, "Which planet is closest to the Sun?");
}

struct Case {
  const char* fixture;
  const char* format;
  std::string expected;
};

class HostileFixtureTest : public testing::TestWithParam<Case> {};

TEST_P(HostileFixtureTest, IsRefusedWithItsPlace) {
  EXPECT_EQ(ImportError(GetParam().fixture, GetParam().format), GetParam().expected);
}

constexpr char kSurrogate[] =
    "expected a valid UTF-16 surrogate pair (\\uD800-\\uDBFF followed by \\uDC00-\\uDFFF)";
constexpr char kTail[] =
    " (only tab and line breaks are allowed; remove it, or write what it stood for)";

INSTANTIATE_TEST_SUITE_P(
    Formats, HostileFixtureTest,
    testing::Values(Case{"nul_stem.gift", "gift",
                         "nul_stem.gift:1:35: error: stem: expected text, found the control "
                         "character U+0000 (NUL)" +
                             std::string(kTail)},
                    Case{"nul_stem.csv", "csv",
                         "nul_stem.csv:2:20: error: stem: expected text, found the control "
                         "character U+0000 (NUL)" +
                             std::string(kTail)},
                    Case{"esc_option.md", "md",
                         "esc_option.md:11:10: error: options[0].text: expected text, found the "
                         "control character U+001B (ESC)" +
                             std::string(kTail)},
                    Case{"nul_stem_aiken.txt", "aiken",
                         "nul_stem_aiken.txt:1:43: error: stem: expected text, found the control "
                         "character U+0000 (NUL)" +
                             std::string(kTail)},
                    Case{"nul_explanation_page.txt", "page",
                         "nul_explanation_page.txt:11:14: error: explanation: expected text, found "
                         "the control character U+0000 (NUL)" +
                             std::string(kTail)},
                    Case{"escape_stem.json", "json",
                         "escape_stem.json:4:33: error: stem: expected text, found the control "
                         "character U+0007 (BEL)" +
                             std::string(kTail)},
                    Case{"c1_option.json", "json",
                         "c1_option.json:5:29: error: options[0].text: expected text, found the "
                         "control character U+0085 (only tab and line breaks are allowed; "
                         "remove it, or write what it stood for; U+0080-U+009F usually come from "
                         "text decoded with the wrong encoding, such as UTF-8 read as "
                         "Windows-1252)"},
                    Case{"escaped_nul.xml", "moodle-xml",
                         "escaped_nul.xml:5:39: error: stem: expected text, found the control "
                         "character U+001B (ESC)" +
                             std::string(kTail)},
                    Case{"lone_low_surrogate.json", "json",
                         "lone_low_surrogate.json:4:37: error: " + std::string(kSurrogate)},
                    Case{"lone_low_surrogate_key.json", "json",
                         "lone_low_surrogate_key.json:1:47: error: " + std::string(kSurrogate)}),
    [](const testing::TestParamInfo<Case>& info) {
      std::string name = info.param.fixture;
      for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return name;
    });

TEST(ControlCharactersTest, ALoneLowSurrogateAfterAnEscapedBackslashIsText) {
  // "\\udfaa" is a backslash and the letters udfaa, not an escape.
  InMemoryFileSystem fs;
  fs.Add("ok.json", R"({"qbank": 1, "questions": [{"type": "single", "stem": "a \\udfaa b",
    "options": [{"text": "x", "correct": true}, {"text": "\ud83d\ude00", "correct": false}]}]})");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"ok.json"}, {}, fs, bank, errors).ok());
  ASSERT_TRUE(errors.empty()) << errors[0].ToString();
  ASSERT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(bank.questions[0].stem.value, "a \\udfaa b");
  EXPECT_EQ(bank.questions[0].options[1].text.value, "\xF0\x9F\x98\x80");
}

TEST(ControlCharactersTest, ARefusedFileLeavesTheBankFieldsAsTheyWere) {
  InMemoryFileSystem fs;
  fs.Add("a.json", "{\"qbank\": 1, \"title\": \"Bad\\u0000title\", \"questions\": []}");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"a.json"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].ToString().find("bank title: expected text"), std::string::npos)
      << errors[0].ToString();
  EXPECT_TRUE(bank.title.empty());
}

// A format whose exporter writes bytes that are not UTF-8, to show the export door refuses them.
class BrokenFormat : public Format {
 public:
  std::string_view name() const override { return "broken"; }
  std::string_view summary() const override { return ""; }
  std::vector<std::string_view> extensions() const override { return {".broken"}; }
  Result<std::string> Export(const model::Bank&, const ExportOptions&, LossReport&) const override {
    return std::string("ok \xED\xBE\xAA then");
  }
};

TEST(ExportBankTest, RefusesAnExportThatIsNotUtf8) {
  BrokenFormat broken;
  model::Bank bank;
  LossReport loss;
  Result<std::string> out = ExportBank(broken, bank, {}, loss);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "internal error: the broken exporter produced invalid UTF-8 at byte 3; nothing "
            "written (please report this bug)");
}

// A single-answer question `id` with `stem` and two options, the first of them the key.
model::Question TwoOptionQuestion(const std::string& id, const std::string& stem,
                                  const std::string& key, const std::string& other) {
  model::Question q;
  q.id.value = id;
  q.type = model::QuestionType::kSingleAnswer;
  q.stem.value = stem;
  q.options.resize(2);
  q.options[0].text.value = key;
  q.options[0].correct = true;
  q.options[1].text.value = other;
  return q;
}

// One trip through the format `name`: `bank` exported to `path`, the bank read back from those
// bytes, and that bank exported again. `ok` is false, after a test failure naming the step, when
// a step fails.
struct Trip {
  bool ok = false;
  std::string out;
  model::Bank back;
  std::string again;
};
Trip ExportAndReadBack(const std::string& name, const model::Bank& bank, const std::string& path) {
  Trip trip;
  const Format& format = *Registry::Default().Find(name);
  ExportOptions export_options;
  export_options.output_path = path;
  LossReport loss;
  Result<std::string> out = ExportBank(format, bank, export_options, loss);
  if (!out.ok()) {
    ADD_FAILURE() << name << " export: " << out.status().ToString();
    return trip;
  }
  trip.out = *out;
  InMemoryFileSystem fs;
  fs.Add(path, trip.out);
  std::vector<Diagnostic> errors;
  ImportOptions options;
  options.from = name;
  if (!ImportInputs({path}, options, fs, trip.back, errors).ok() || !errors.empty()) {
    ADD_FAILURE() << name << " import: " << (errors.empty() ? "" : errors[0].ToString());
    return trip;
  }
  LossReport again_loss;
  Result<std::string> again = ExportBank(format, trip.back, export_options, again_loss);
  if (!again.ok()) {
    ADD_FAILURE() << name << " second export: " << again.status().ToString();
    return trip;
  }
  trip.again = *again;
  trip.ok = true;
  return trip;
}

TEST(ExportBankTest, TextThatStartsWithAByteOrderMarkKeepsIt) {
  // aiken_fuzz: a question whose stem was a stray U+FEFF (from files joined with cat) came first
  // in the export, and the reader took it for the file's byte-order mark, so the question lost its
  // stem. The export now starts with a byte-order mark of its own.
  for (const char* name : {"aiken", "gift", "page", "md"}) {
    model::Bank bank;
    bank.questions.push_back(TwoOptionQuestion(
        "first", "\xEF\xBB\xBFWhich planet is closest to the Sun?", "Mercury", "Venus"));
    Trip trip = ExportAndReadBack(name, bank, "out.txt");
    ASSERT_TRUE(trip.ok);
    ASSERT_EQ(trip.back.questions.size(), 1u) << name;
    EXPECT_EQ(trip.back.questions[0].stem.value, bank.questions[0].stem.value) << name;
  }
}

TEST(ExportBankTest, XmlFormatsKeepACarriageReturnInText) {
  // round_trip_fuzz: an Aiken option "T<CR>emperature" went to QTI with the raw CR, which every
  // XML reader turns into a line feed, so the second export differed. The XML writers now write a
  // CR as &#13; (in CDATA, where no reference is read, the text is escaped instead).
  for (const char* name : {"moodle-xml", "qti21", "qti30"}) {
    model::Bank bank;
    bank.questions.push_back(TwoOptionQuestion("gauge",
                                               "What does a thermometer\r\nmeasure <b>first</b>?",
                                               "T\remperature", "Air pressure"));
    Trip trip = ExportAndReadBack(
        name, bank, std::string("out.") + (std::string(name) == "moodle-xml" ? "xml" : "zip"));
    ASSERT_TRUE(trip.ok);
    ASSERT_EQ(trip.back.questions.size(), 1u) << name;
    const model::Question& q = trip.back.questions[0];
    EXPECT_EQ(q.options[0].text.value, "T\remperature") << name;
    EXPECT_NE(q.stem.value.find("thermometer\r\nmeasure"), std::string::npos)
        << name << ": " << q.stem.value;
    EXPECT_EQ(trip.again, trip.out) << name;
  }
}

TEST(ExportBankTest, TwoQuestionsWithOneIdKeepItThroughGiftAndMoodleXml) {
  // round_trip_fuzz: two md questions with the id astro-2 went to Moodle XML with the id as the
  // name and no <idnumber>; a reader takes a name as the id only once, so the second came back
  // with an id derived from its content, and the second export wrote that id.
  for (const char* name : {"gift", "moodle-xml"}) {
    model::Bank bank;
    for (const char* stem : {"Which star is red?", "Which star is blue?"}) {
      bank.questions.push_back(TwoOptionQuestion("astro-2", stem, "Betelgeuse", "Rigel"));
    }
    Trip trip = ExportAndReadBack(name, bank, "out.txt");
    ASSERT_TRUE(trip.ok);
    ASSERT_EQ(trip.back.questions.size(), 2u) << name;
    EXPECT_EQ(trip.back.questions[0].id.value, "astro-2") << name;
    EXPECT_EQ(trip.back.questions[1].id.value, "astro-2") << name << "\n" << trip.out;
    EXPECT_EQ(trip.again, trip.out) << name;
  }
}

TEST(ImportChecksTest, AReviewDateTheBankFileCannotHoldIsRefusedAtItsPlace) {
  // round_trip_fuzz: an md draft's `review: date: 202stem` was read, and the bank file written
  // from it did not read back (its schema takes YYYY-MM or YYYY-MM-DD).
  InMemoryFileSystem fs;
  fs.Add("draft.md",
         "---\nid: sky-1\nreview:\n  date: 202stem\n---\n\n"
         "## Question\n\nWhich planet is closest to the Sun?\n\n## Options\n\n- [x] Mercury\n"
         "- [ ] Venus\n");
  fs.Add("good.md",
         "---\nid: sky-2\nreview:\n  date: 2026-05\n---\n\n"
         "## Question\n\nWhich planet has the most moons?\n\n## Options\n\n- [x] Saturn\n"
         "- [ ] Mars\n");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"draft.md", "good.md"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            "draft.md:4:9: error: review.date: expected a date as YYYY-MM or YYYY-MM-DD (such as "
            "2026-05 or 2026-05-14), found '202stem'");
  ASSERT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(bank.questions[0].review->date.value, "2026-05");
}

TEST(ImportChecksTest, AWeightTheBankFileCannotHoldIsRefusedAtItsOption) {
  // round_trip_fuzz: an md draft's option "(-101%) Sirius" was read, and the bank file written
  // from it did not read back (its schema takes -100 to 100).
  InMemoryFileSystem fs;
  fs.Add("stars.md",
         "---\nid: stars-1\ntype: multiple\n---\n\n## Question\n\nWhich stars are in Orion?\n\n"
         "## Options\n\n- [x] (50%) Betelgeuse\n- [x] (50%) Rigel\n- [ ] (-101%) Sirius\n\n"
         "---\nid: stars-2\ntype: multiple\n---\n\n## Question\n\nWhich are planets?\n\n"
         "## Options\n\n- [x] (50%) Mars\n- [x] (50%) Venus\n- [ ] (-100%) Vega\n");
  model::Bank bank;
  std::vector<Diagnostic> errors;
  ASSERT_TRUE(ImportInputs({"stars.md"}, {}, fs, bank, errors).ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            "stars.md:14:1: error: options[2].weight: expected a credit from -100 to 100 percent, "
            "found -101");
  ASSERT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(bank.questions[0].id.value, "stars-2");
}

}  // namespace
}  // namespace qbank::formats
