// import/convert/export on inputs with malformed questions: nothing written by default (exit 2),
// the questions that were read with --keep-going (exit 1); warnings never stop a conversion.
#include "commands/convert.h"

#include <gtest/gtest.h>

#include <sstream>

#include "base/data_dir.h"
#include "base/file_system.h"
#include "commands/exit_code.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "markup/markdown_html.h"

namespace qbank::commands {
namespace {

constexpr const char* kOneBad =
    "Which is a prime? {=7 ~8 ~9}\n"
    "\n"
    "The sky is {1:MC:~=blue~green}.\n"
    "\n"
    "Water is wet. {T}\n";

struct Outcome {
  int rc = 0;
  std::string out;
  std::string err;
};

Outcome Convert(InMemoryFileSystem& fs, const ConvertOptions& options) {
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  Outcome run;
  run.rc = RunConvert(options, fs, in, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

ConvertOptions ToAiken(const std::string& input, bool keep_going) {
  ConvertOptions options;
  options.inputs = {input};
  options.to = "aiken";
  options.output = "out.txt";
  options.quiet = true;
  options.keep_going = keep_going;
  return options;
}

TEST(ConvertKeepGoingTest, ByDefaultAMalformedQuestionMeansNothingIsWritten) {
  InMemoryFileSystem fs;
  fs.Add("quiz.gift", kOneBad);
  Outcome run = Convert(fs, ToAiken("quiz.gift", false));
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_FALSE(fs.Exists("out.txt"));
  EXPECT_NE(run.err.find("quiz.gift:3:12: error: this is a Cloze gap"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("qbank: 1 input error; nothing written (--keep-going writes the 2 "
                         "questions that were read)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, KeepGoingWritesTheQuestionsThatWereReadAndExitsOne) {
  InMemoryFileSystem fs;
  fs.Add("quiz.gift", kOneBad);
  Outcome run = Convert(fs, ToAiken("quiz.gift", true));
  EXPECT_EQ(run.rc, kExitCheckFailed);
  Result<std::string> written = fs.ReadFile("out.txt");
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written,
            "Which is a prime?\nA) 7\nB) 8\nC) 9\nANSWER: A\n\n"
            "Water is wet.\nA) True\nB) False\nANSWER: A\n");
  EXPECT_NE(run.err.find("quiz.gift:3:12: error: this is a Cloze gap"), std::string::npos);
  EXPECT_NE(run.err.find("qbank: 1 input error; wrote the 2 questions that were read "
                         "(--keep-going)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, KeepGoingWithNothingReadWritesNothing) {
  InMemoryFileSystem fs;
  fs.Add("bad.gift", "Only a gap {1:SA:=x}\n");
  Outcome run = Convert(fs, ToAiken("bad.gift", true));
  EXPECT_EQ(run.rc, kExitError);
  EXPECT_FALSE(fs.Exists("out.txt"));
  EXPECT_NE(run.err.find("qbank: 1 input error; nothing written (no question was read)\n"),
            std::string::npos)
      << run.err;
}

TEST(ConvertKeepGoingTest, WarningsArePrintedInPlaceOrderAndDoNotStopTheConversion) {
  InMemoryFileSystem fs;
  fs.Add("quirks.txt",
         "Pick the second.\nA) one\nC) two\nANSWER: B\n\nBroken\nANSWER: A\n\n"
         "Pick one.\nA) yes\nB) no\nANSWER: A\n");
  ConvertOptions options = ToAiken("quirks.txt", true);
  options.from = "aiken";
  Outcome run = Convert(fs, options);
  EXPECT_EQ(run.rc, kExitCheckFailed);
  size_t warning = run.err.find("quirks.txt:3:1: warning: option lettered C where B");
  size_t error = run.err.find("quirks.txt:7:1: error: expected options");
  ASSERT_NE(warning, std::string::npos) << run.err;
  ASSERT_NE(error, std::string::npos) << run.err;
  EXPECT_LT(warning, error);
  // Without the error, a warning alone is no failure.
  fs.Add("fine.txt", "Pick the second.\nA) one\nC) two\nANSWER: B\n");
  options.inputs = {"fine.txt"};
  options.keep_going = false;
  Outcome fine = Convert(fs, options);
  EXPECT_EQ(fine.rc, kExitOk);
  EXPECT_NE(fine.err.find("warning: option lettered C"), std::string::npos) << fine.err;
}

// A Moodle XML question bank as an LMS exports it: HTML in every text.
constexpr const char* kMoodleHtml = R"(<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<question type="multichoice">
<name><text>tide-1</text></name>
<questiontext format="html"><text><![CDATA[<p>Which force raises the <em>spring</em> tides? Use <code>g</code> &amp; <strong>one</strong> word.</p>]]></text></questiontext>
<generalfeedback format="html"><text><![CDATA[<p>Spring tides happen when:</p><ul><li>the Moon is new, or</li><li>the Moon is full.</li></ul>]]></text></generalfeedback>
<single>true</single>
<answer fraction="100" format="html"><text><![CDATA[<p>The <a href="https://example.org/tides">combined</a> pull</p>]]></text>
<feedback format="html"><text>The Sun and the Moon pull in line.</text></feedback></answer>
<answer fraction="0" format="html"><text>Wind at 5 * 3 knots</text>
<feedback format="html"><text><![CDATA[<p>Wind makes waves, not tides.</p>]]></text></feedback></answer>
</question>
<question type="multichoice">
<name><text>tide-2</text></name>
<questiontext format="html"><text><![CDATA[<p>Which port has the higher tide?</p><table><tr><td>Aport</td><td>4 m</td></tr><tr><td>Bport</td><td>6 m</td></tr></table>]]></text></questiontext>
<single>true</single>
<answer fraction="100" format="html"><text><![CDATA[<em>Bport</em>]]></text></answer>
<answer fraction="0" format="html"><text>Aport</text></answer>
</question>
</quiz>
)";

// Converted to Markdown drafts, HTML with a Markdown form is written as Markdown; a question with
// a table keeps its HTML, whole. Written back to Moodle XML, every text is the same HTML.
TEST(ConvertToMdTest, HtmlTextsBecomeMarkdownThatRendersTheSameHtml) {
  InMemoryFileSystem fs;
  fs.Add("tides.xml", kMoodleHtml);
  ConvertOptions options;
  options.inputs = {"tides.xml"};
  options.to = "md";
  options.output = "tides.md";
  options.quiet = true;
  Outcome run = Convert(fs, options);
  ASSERT_EQ(run.rc, kExitOk) << run.err;
  const std::string md = fs.files().at("tides.md");
  EXPECT_NE(md.find("---\nid: tide-1\n---\n\n## Question\n\nWhich force raises the *spring* tides? "
                    "Use `g` & **one** word.\n\n## Options\n\n"
                    "- [x] The [combined](https://example.org/tides) pull\n"
                    "  > The Sun and the Moon pull in line.\n"
                    "- [ ] Wind at 5 \\* 3 knots\n"
                    "  > Wind makes waves, not tides.\n\n"
                    "## Explanation\n\nSpring tides happen when:\n\n- the Moon is new, or\n"
                    "- the Moon is full.\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("id: tide-2\nmarkup: html\n"), std::string::npos) << md;
  EXPECT_NE(md.find("<table><tr><td>Aport</td>"), std::string::npos) << md;
  EXPECT_NE(md.find("- [x] <em>Bport</em>\n"), std::string::npos) << md;

  options.inputs = {"tides.md"};
  options.to = "moodle-xml";
  options.output = "back.xml";
  run = Convert(fs, options);
  ASSERT_EQ(run.rc, kExitOk) << run.err;
  auto read = [&](const std::string& path) {
    model::Bank bank;
    std::vector<Diagnostic> errors;
    formats::ImportOptions import_options;
    EXPECT_TRUE(formats::ImportInputs({path}, import_options, fs, bank, errors).ok());
    EXPECT_TRUE(errors.empty());
    return bank;
  };
  model::Bank before = read("tides.xml");
  model::Bank after = read("back.xml");  // the drafts, restored from what Moodle XML carries
  ASSERT_EQ(after.questions.size(), 2u);
  EXPECT_EQ(after.questions[0].markup, model::Markup::kMarkdown);
  EXPECT_EQ(after.questions[1].markup, model::Markup::kHtml);
  for (size_t i = 0; i < 2; ++i) {
    const model::Question& a = before.questions[i];
    const model::Question& b = after.questions[i];
    // What the LMS shows of each text of `b`.
    auto shown = [&](const model::Text& text) {
      return b.markup == model::Markup::kMarkdown ? markup::RenderMarkdown(text.value, true)
                                                  : text.value;
    };
    EXPECT_TRUE(markup::SameHtml(a.stem.value, shown(b.stem))) << shown(b.stem);
    EXPECT_TRUE(markup::SameHtml(a.explanation.value, shown(b.explanation)))
        << shown(b.explanation);
    ASSERT_EQ(a.options.size(), b.options.size());
    for (size_t o = 0; o < a.options.size(); ++o) {
      EXPECT_TRUE(markup::SameHtml(a.options[o].text.value, shown(b.options[o].text)))
          << a.options[o].text.value << " is shown as " << shown(b.options[o].text);
      EXPECT_TRUE(markup::SameHtml(a.options[o].rationale->value, shown(b.options[o].rationale)))
          << shown(b.options[o].rationale);
    }
  }
}

// import and convert read the csv section of the nearest .qbank.json, as lint does; the command
// line wins over it.
TEST(ConvertConfigTest, TheConfigCsvSectionMapsAVendorSheet) {
  const Result<DataDirLocation>& data = DataDir();
  ASSERT_TRUE(data.ok()) << data.status().ToString();
  InMemoryFileSystem fs;
  Result<std::string> schema = RealFileSystem().ReadFile(data->dir + "/schemas/config.schema.json");
  ASSERT_TRUE(schema.ok());
  fs.Add(data->dir + "/schemas/config.schema.json", *schema);
  fs.Add("/proj/.qbank.json",
         R"({"csv": {"columns": {"Q": "stem", "Opt1": "option_a", "Opt2": "option_b",)"
         R"( "Good": "key"}, "delimiter": ";"}})");
  fs.Add("/proj/v.csv", "Q;Opt1;Opt2;Good\nWhich gas?;CO2;He;2\n");
  ConvertOptions options;
  options.inputs = {"/proj/v.csv"};
  options.to = "aiken";
  Outcome run = Convert(fs, options);
  EXPECT_EQ(run.rc, 0) << run.err;
  EXPECT_EQ(run.out, "Which gas?\nA) CO2\nB) He\nANSWER: B\n");
  // A --columns of the command line replaces the config's.
  options.sheet.columns = "Q=stem,Opt1=option_b,Opt2=option_a,Good=key";
  run = Convert(fs, options);
  EXPECT_EQ(run.rc, 0) << run.err;
  EXPECT_EQ(run.out, "Which gas?\nA) He\nB) CO2\nANSWER: B\n");
  // A config that cannot be read is said, and the sheet read as the command line says.
  fs.Add("/proj/.qbank.json", "{\"csv\": 3}");
  options.sheet.delimiter = ';';
  run = Convert(fs, options);
  EXPECT_EQ(run.rc, 0) << run.err;
  EXPECT_NE(run.err.find("warning: the csv section of /proj/.qbank.json is not read"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace qbank::commands
