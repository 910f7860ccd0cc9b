// Tests for the md format: every model field from front matter and sections, spans that point at
// the right line, directives, per-question errors, golden export, YAML edge cases, hostile input.
#include "formats/md/md_format.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>

#include "formats/import_export_test_support.h"
#include "formats/md/md_front_matter.h"

namespace qbank::formats {
namespace {

// `markdown` rendered by pandoc as CommonMark, or nullopt when pandoc is not installed.
std::optional<std::string> PandocHtml(const std::string& markdown, const std::string& name) {
  if (std::system("command -v pandoc >/dev/null 2>&1") != 0) return std::nullopt;
  const std::filesystem::path md_path = std::filesystem::temp_directory_path() /
                                        ("qbank-" + name + "-" + std::to_string(getpid()) + ".md");
  std::ofstream(md_path, std::ios::binary) << markdown;
  const std::string command = "pandoc -f commonmark -t html '" + md_path.string() + "'";
  std::string html;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (size_t got; (got = fread(buffer, 1, sizeof buffer, pipe)) > 0;) html.append(buffer, got);
    EXPECT_EQ(pclose(pipe), 0);
  }
  std::filesystem::remove(md_path);
  return html;
}

using model::QuestionType;
using testing::ExportText;
using testing::ImportText;
using testing::ReadTestdata;

class MdFixtureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    imported_ = ImportText(md_, "drafts.md", ReadTestdata("md/drafts.md"));
    ASSERT_TRUE(imported_.status.ok()) << imported_.status.ToString();
    ASSERT_EQ(imported_.ErrorText(), "");
    ASSERT_EQ(imported_.bank.questions.size(), 2u);
  }
  const model::Question& Q(size_t i) const { return imported_.bank.questions[i]; }

  MdFormat md_;
  testing::Imported imported_;
};

TEST_F(MdFixtureTest, BankMetadataComesFromTheBankBlock) {
  const model::Bank& bank = imported_.bank;
  EXPECT_EQ(bank.id.value, "night-sky");
  EXPECT_EQ(bank.title.value, "Night sky basics");
  EXPECT_EQ(bank.publisher.value, "Example Observatory");
  EXPECT_EQ(bank.language.value, "en");
  ASSERT_TRUE(bank.declared_size.has_value());
  EXPECT_EQ(*bank.declared_size, 40);
  EXPECT_EQ(bank.declared_size_span.line, 8u);
  EXPECT_EQ(bank.origin->value,
            "Every question is written from scratch by the observatory's guides.");
}

TEST_F(MdFixtureTest, EveryQuestionFieldIsRead) {
  const model::Question& q = Q(0);
  EXPECT_EQ(q.id.value, "astro-0001");
  EXPECT_EQ(q.type, QuestionType::kSingleAnswer);
  EXPECT_EQ(q.exam->value, "ASTRO-101");
  EXPECT_EQ(q.domain->value, "Planets");
  EXPECT_EQ(q.difficulty->value, "easy");
  EXPECT_EQ(q.markup, model::Markup::kMarkdown);
  ASSERT_EQ(q.tags.size(), 2u);
  EXPECT_EQ(q.tags[1].value, "colour");
  ASSERT_EQ(q.authors.size(), 1u);
  EXPECT_EQ(q.authors[0].name.value, "Dana Reyes");
  EXPECT_EQ(q.authors[0].initials.value, "DR");
  EXPECT_EQ(q.authors[0].credentials.value, "MSc Astronomy");
  ASSERT_EQ(q.authors[0].roles.size(), 2u);
  EXPECT_EQ(q.authors[0].roles[1].value, "Question writer");
  EXPECT_EQ(q.review->date.value, "2026-03");
  EXPECT_EQ(q.review->reviewer.value, "Sam Ortiz");
  EXPECT_EQ(q.review->checked_against.value, "the ASTRO-101 syllabus, 2026 edition");
  EXPECT_EQ(q.origin->statement.value, "Written from scratch; not copied from any exam.");
  ASSERT_EQ(q.origin->references.size(), 1u);
  EXPECT_EQ(q.stated_answer->value, "Mars");
  EXPECT_EQ(q.stem.value, "Which planet is known as the *red planet*?");
  EXPECT_EQ(q.trap->value,
            "Venus can look orange near the horizon, but that colour comes from our own "
            "atmosphere.");
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(q.options[1].text.value, "Mars");
  EXPECT_EQ(q.options[1].rationale->value,
            "Iron oxide dust on its surface gives it a rusty colour.");
  EXPECT_EQ(q.explanation.value,
            "Mars looks red because its surface dust is rich in iron oxide, the same compound as "
            "rust.\n\nThrough a small telescope the colour is easy to see.");
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "field-length");
  EXPECT_EQ(q.suppressions[0].reason, "short rationales are enough for a warm-up question");
  EXPECT_EQ(q.suppressions[0].span.line, 63u);
}

TEST_F(MdFixtureTest, SpansPointAtTheLinesOfTheFile) {
  const model::Question& q = Q(0);
  auto at = [](const model::Text& t) {
    return std::to_string(t.span.line) + ":" + std::to_string(t.span.column);
  };
  EXPECT_EQ(at(q.id), "13:5");
  EXPECT_EQ(at(q.domain), "15:9");
  EXPECT_EQ(at(q.tags[0]), "18:5");
  EXPECT_EQ(at(q.authors[0].name), "21:11");
  EXPECT_EQ(at(q.review->date), "28:9");
  EXPECT_EQ(at(q.stem), "40:1");
  EXPECT_EQ(at(q.trap), "44:1");
  EXPECT_EQ(at(q.options[0].text), "48:7");
  EXPECT_EQ(at(q.options[0].rationale), "49:5");
  EXPECT_EQ(at(q.options[3].rationale), "55:5");
  EXPECT_EQ(q.options[1].correct_span.line, 50u);
  EXPECT_EQ(q.options[1].correct_span.column, 3u);
  EXPECT_EQ(at(q.explanation), "59:1");
  EXPECT_EQ(q.explanation.span.end_line, 61u);
  EXPECT_TRUE(q.stem.verbatim);
  EXPECT_TRUE(q.explanation.verbatim);
  EXPECT_TRUE(q.options[2].rationale->verbatim);
  EXPECT_EQ(q.span.line, 12u);
  // The source line under a span is the text itself (what a finding's caret is drawn under).
  const SourceText* src = imported_.bank.Source(q.options[2].text.span.file);
  ASSERT_NE(src, nullptr);
  EXPECT_EQ(src->Line(q.options[2].text.span.line).substr(q.options[2].text.span.column - 1),
            "Jupiter");
}

TEST_F(MdFixtureTest, WeightsTypeAndMarkup) {
  const model::Question& q = Q(1);
  EXPECT_EQ(q.type, QuestionType::kMultipleAnswer);
  ASSERT_EQ(q.options.size(), 3u);
  EXPECT_EQ(*q.options[0].weight, 50);
  EXPECT_EQ(*q.options[2].weight, -100);
  EXPECT_EQ(q.options[2].text.value, "Sirius");
  EXPECT_EQ(q.options[2].text.span.column, 15u);
  EXPECT_TRUE(q.suppressions.empty());
}

TEST(MdFormatTest, TheTypeIsTheDraftsWordOrSingleHoweverManyBoxesAreChecked) {
  MdFormat md;
  auto r = ImportText(md, "d.md",
                      "---\nid: a\n---\n\n## Question\n\nWhich?\n\n## Options\n\n- [x] One\n"
                      "- [x] Two\n- [ ] Three\n\n---\nid: b\ntype: multiple\n---\n\n"
                      "## Question\n\nWhich?\n\n## Options\n\n- [x] One\n- [ ] Two\n");
  ASSERT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(r.bank.questions[0].KeyIndexes().size(), 2u);
  EXPECT_EQ(r.bank.questions[0].options[1].correct_span.line, 12u);
  EXPECT_EQ(r.bank.questions[1].type, model::QuestionType::kMultipleAnswer);
}

TEST_F(MdFixtureTest, ExportMatchesGoldenAndIsStable) {
  LossReport loss;
  std::string out = ExportText(md_, imported_.bank, loss);
  EXPECT_EQ(out, ReadTestdata("md/drafts_export.md"));
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  auto again = ImportText(md_, "again.md", out);
  EXPECT_EQ(again.ErrorText(), "");
  LossReport loss2;
  EXPECT_EQ(ExportText(md_, again.bank, loss2), out);
}

TEST(MdFormatTest, MalformedQuestionsAreReportedAndOthersImported) {
  MdFormat md;
  auto r = ImportText(md, "errors.md", ReadTestdata("md/errors.md"));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.ErrorText(),
            "errors.md:4:1: error: expected valid YAML in the front matter (did not find "
            "expected ',' or ']' while parsing a flow sequence)\n"
            "errors.md:12:1: error: expected one of the keys bank, id, type, exam, domain, "
            "difficulty, markup, tags, authors, review, origin, stated_answer, extensions, "
            "option_extensions in 'front matter', found 'colour'\n"
            "errors.md:43:1: error: expected an option line \"- [ ] text\" or \"- [x] text\" "
            "(indent a rationale under its option as \"  > text\")\n"
            "errors.md:49:1: error: expected a section heading (## Question, ## Trap, ## Options "
            "or ## Explanation) or front matter between '---' lines\n");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].id.value, "good-one");
  EXPECT_EQ(r.bank.questions[1].id.value, "good-two");
  EXPECT_EQ(r.bank.questions[1].KeyIndexes(), std::vector<size_t>{1});
}

TEST(MdFormatTest, EachMalformationHasItsMessage) {
  MdFormat md;
  struct Case {
    std::string input;
    std::string errors;
  };
  const Case cases[] = {
      {"---\nid: x\n", "t.md:1:1: error: expected '---' to close the front matter opened here\n"},
      {"---\n- a list\n---\n\n## Question\n\nQ\n",
       "t.md:2:1: error: expected the front matter to be a mapping of keys (bank, id, type, exam, "
       "domain, difficulty, markup, tags, authors, review, origin, stated_answer, extensions, "
       "option_extensions)\n"},
      {"---\ntype: riddle\n---\n\n## Question\n\nQ\n",
       "t.md:2:7: error: expected a question type (single, multiple, true-false, short-answer, "
       "numerical, matching, essay, description, other), found 'riddle'\n"},
      {"---\nmarkup: rtf\n---\n\n## Question\n\nQ\n",
       "t.md:2:9: error: expected a markup (plain, markdown, html), found 'rtf'\n"},
      {"---\nreview: {date: 2026-01, by: me}\n---\n\n## Question\n\nQ\n",
       "t.md:2:25: error: expected one of the keys date, reviewer, checked_against in 'review', "
       "found 'by'\n"},
      {"---\nid: x\n---\n\n## Options\n\n- [x] a\n",
       "t.md:5:1: error: expected a \"## Question\" section in every question\n"},
      {"---\nid: x\n---\n",
       "t.md:1:1: error: expected a \"## Question\" section after the front "
       "matter\n"},
      {"## Question\n\nA\n\n## Question\n\nB\n",
       "t.md:5:1: error: expected one \"## Question\" section per question\n"},
      {"---\nanchor: &a x\n---\n\n## Question\n\nQ\n",
       "t.md:2:9: error: expected no YAML anchors (&name) in the front matter\n"},
      {"---\nbank: {declared_size: many}\n---\n",
       "t.md:2:23: error: expected a whole number for 'declared_size'\n"},
      {"---\noption_extensions: [null, null]\n---\n\n## Question\n\nQ\n\n## Options\n\n- [x] a\n",
       "t.md:2:20: error: expected a list with one entry (or null) per option for "
       "'option_extensions'\n"},
  };
  for (const Case& c : cases) {
    auto r = ImportText(md, "t.md", c.input);
    EXPECT_TRUE(r.status.ok());
    EXPECT_EQ(r.ErrorText(), c.errors) << c.input;
    EXPECT_TRUE(r.bank.questions.empty()) << c.input;
  }
}

TEST(MdFormatTest, AQuestionNeedsNoFrontMatter) {
  MdFormat md;
  auto r =
      ImportText(md, "q.md", "## Question\n\nIs water wet?\n\n## Options\n\n- [x] Yes\n- [ ] No\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "Is water wet?");
  EXPECT_EQ(r.bank.questions[0].stem.span.line, 3u);
}

TEST(MdFormatTest, CodeFencesProtectStructureLookalikes) {
  MdFormat md;
  auto r = ImportText(md, "c.md",
                      "## Question\n\nWhat does this print?\n\n```\n---\n## Options\n```\n\n"
                      "## Options\n\n- [x] Nothing\n- [ ] An error\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 1u);
  EXPECT_EQ(r.bank.questions[0].stem.value, "What does this print?\n\n```\n---\n## Options\n```");
  EXPECT_EQ(r.bank.questions[0].options.size(), 2u);
}

TEST(MdFormatTest, DirectiveForTheNextQuestion) {
  MdFormat md;
  auto r = ImportText(md, "d.md",
                      "## Question\n\nFirst\n\n<!-- qbank-disable-next * -- imported legacy item "
                      "-->\n\n---\n---\n\n## Question\n\nSecond\n");
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_TRUE(r.bank.questions[0].suppressions.empty());
  EXPECT_EQ(r.bank.questions[0].stem.value, "First");
  ASSERT_EQ(r.bank.questions[1].suppressions.size(), 1u);
  EXPECT_EQ(r.bank.questions[1].suppressions[0].rule, "*");
  EXPECT_EQ(r.bank.questions[1].suppressions[0].reason, "imported legacy item");
  EXPECT_EQ(r.bank.questions[1].suppressions[0].span.line, 5u);
}

TEST(MdFormatTest, EveryFieldSurvivesExportAndImport) {
  model::Bank bank;
  bank.title.value = "Kitchen chemistry";
  bank.declared_size = 3;
  bank.extensions["csv"]["columns"] = model::Value::Array{"question", "answer"};
  model::Question q;
  q.id.value = "chem-1";
  q.type = QuestionType::kTrueFalse;
  q.markup = model::Markup::kPlain;
  q.stem.value = "Baking soda is an acid.\n---\n## Options\n(not a heading)";
  q.trap->value = "true";
  q.explanation.value = "It is a base: sodium bicarbonate.";
  q.tags = {model::Text("null"), model::Text("- dash"), model::Text("key: value"),
            model::Text("2026")};
  model::Person p;
  p.name.value = "\"Quoted\" Name";
  q.authors.push_back(p);
  q.authors.push_back(model::Person());
  q.extensions["gift"]["tf"] = "T";
  q.extensions["qti"]["score"] = 1.5;
  q.extensions["qti"]["count"] = 2;
  q.extensions["qti"]["flag"] = true;
  q.extensions["qti"]["text"] = "12";
  for (const char* text : {"True", "(50%) looks like a weight", "\\backslash"}) {
    model::Option o;
    o.text.value = text;
    q.options.push_back(o);
  }
  q.options[1].correct = true;
  q.options[1].weight = 33.333333333333336;
  q.options[1].rationale->value = "Paragraph one.\n\nParagraph two.";
  q.options[2].extensions["qti"]["identifier"] = "C";
  model::Suppression s;
  s.rule = "option-count";
  s.reason = "three on purpose";
  q.suppressions.push_back(s);
  bank.questions.push_back(q);

  MdFormat md;
  LossReport loss;
  std::string out = ExportText(md, bank, loss);
  EXPECT_TRUE(loss.empty()) << loss.Summary();
  auto back = ImportText(md, "back.md", out);
  ASSERT_EQ(back.ErrorText(), "") << out;
  ASSERT_EQ(back.bank.questions.size(), 1u) << out;
  const model::Question& b = back.bank.questions[0];
  EXPECT_EQ(back.bank.title.value, bank.title.value);
  EXPECT_EQ(back.bank.declared_size, bank.declared_size);
  EXPECT_TRUE(back.bank.extensions == bank.extensions);
  EXPECT_EQ(b.type, q.type);
  EXPECT_EQ(b.markup, q.markup);
  EXPECT_EQ(b.stem.value, q.stem.value) << out;
  EXPECT_EQ(b.trap->value, q.trap->value);
  ASSERT_EQ(b.tags.size(), 4u) << out;
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(b.tags[i].value, q.tags[i].value) << out;
  ASSERT_EQ(b.authors.size(), 2u);
  EXPECT_EQ(b.authors[0].name.value, p.name.value);
  EXPECT_TRUE(b.extensions == q.extensions) << out;
  ASSERT_EQ(b.options.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(b.options[i].text.value, q.options[i].text.value) << out;
    EXPECT_EQ(b.options[i].correct, q.options[i].correct);
    EXPECT_EQ(b.options[i].weight, q.options[i].weight) << out;
    EXPECT_EQ(b.options[i].rationale->value, q.options[i].rationale->value) << out;
    EXPECT_TRUE(b.options[i].extensions == q.options[i].extensions) << out;
  }
  ASSERT_EQ(b.suppressions.size(), 1u);
  EXPECT_EQ(b.suppressions[0].rule, "option-count");
  EXPECT_EQ(b.suppressions[0].reason, "three on purpose");
}

// A fence nothing closes would take the sections after it into the text: it is closed at the end
// of the text (where Markdown ends it anyway), reported, and the file reads back as written, so
// a second export is the same (round_trip_fuzz's find
// tests/fuzz/seeds/round_trip/find-gift_to_md_unclosed_fence: a GIFT stem starting with "~~~").
TEST(MdFormatTest, AnUnclosedFenceInATextIsClosedAndReported) {
  for (const char* stem :
       {"Look:\n```\nunclosed", "~~~ch metal is liquid?", "```\nclosed\n```\n~~~ open"}) {
    model::Bank bank;
    model::Question& q = bank.questions.emplace_back();
    q.id.value = "fence";
    q.stem.value = stem;
    q.options.emplace_back().text.value = "mercury";
    q.options.back().correct = true;
    q.options.emplace_back().text.value = "iron";
    MdFormat md;
    LossReport loss;
    std::string out = ExportText(md, bank, loss);
    EXPECT_EQ(loss.Summary(),
              "  stem (a code fence nothing closed, closed at the end of the text): 1 value "
              "dropped\n");
    auto back = ImportText(md, "back.md", out);
    ASSERT_EQ(back.ErrorText(), "") << out;
    ASSERT_EQ(back.bank.questions.size(), 1u);
    EXPECT_EQ(back.bank.questions[0].options.size(), 2u) << out;
    LossReport again;
    EXPECT_EQ(ExportText(md, back.bank, again), out);
    EXPECT_EQ(again.Summary(), "");
  }
}

TEST(MdFormatTest, ATextLineThatReadsAsADirectiveIsEscapedAndComesBack) {
  // round_trip_fuzz: a GIFT description whose text was a qbank-disable comment was written to md
  // as it was, read back as a suppression, and the second export differed.
  model::Bank bank;
  model::Question q;
  q.type = model::QuestionType::kDescription;
  q.stem.value = "Leave this note in:\n<!-- qbank-disable field-length -- short on purpose -->";
  bank.questions.push_back(q);
  MdFormat md;
  LossReport loss;
  std::string out = ExportText(md, bank, loss);
  EXPECT_EQ(loss.Summary(), "");
  EXPECT_NE(out.find("\n\\<!-- qbank-disable field-length"), std::string::npos) << out;
  auto back = ImportText(md, "back.md", out);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].stem.value, q.stem.value);
  EXPECT_TRUE(back.bank.questions[0].suppressions.empty());
  LossReport again;
  EXPECT_EQ(ExportText(md, back.bank, again), out);
}

TEST(MdFormatTest, OptionLinesThatWouldReadAsStructureAreReported) {
  model::Bank bank;
  model::Question q;
  q.stem.value = "Which one?";
  q.options.resize(2);
  q.options[0].text.value = "first line\n\nafter a blank line";
  q.options[1].text.value = "code:\n```";
  q.options[1].correct = true;
  bank.questions.push_back(q);
  MdFormat md;
  LossReport loss;
  std::string out = ExportText(md, bank, loss);
  // The blank line is reported; the fence line is written six spaces in, where it is text, and
  // reads back as it was (at two spaces it opened a fence that swallowed the rest of the file).
  EXPECT_EQ(loss.Summary(), "  options.text (line read as structure): 1 value dropped\n");
  EXPECT_NE(out.find("\n      ```\n"), std::string::npos) << out;
  auto back = ImportText(md, "back.md", out);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions[0].options.size(), 2u);
  EXPECT_EQ(back.bank.questions[0].options[1].text.value, "code:\n```");
  // And a CommonMark renderer shows it as text in the item, not as a code block (at four spaces
  // pandoc opened an empty one).
  std::optional<std::string> rendered = PandocHtml(out, "fence");
  if (!rendered) GTEST_SKIP() << "pandoc is not installed (Debian package pandoc)";
  const std::string& html = *rendered;
  EXPECT_EQ(html.find("<pre>"), std::string::npos) << html;
  EXPECT_NE(html.find("[x] code: ```</"), std::string::npos) << html;
}

TEST(MdFormatTest, IndentedCodeAtTheStartOfATextKeepsItsIndentation) {
  model::Bank bank;
  model::Question q;
  q.stem.value = "    int x = 1;\n\nWhat is x?";
  bank.questions.push_back(q);
  MdFormat md;
  LossReport loss;
  std::string out = ExportText(md, bank, loss);
  auto back = ImportText(md, "i.md", out);
  ASSERT_EQ(back.bank.questions.size(), 1u);
  EXPECT_EQ(back.bank.questions[0].stem.value, q.stem.value);
  EXPECT_TRUE(back.bank.questions[0].stem.verbatim);
}

TEST(MdFormatTest, YamlScalarsReadBackAsWritten) {
  for (std::string s : {"plain words", "2026-03", "null", "~", "true", "12", "-3", "a: b", "x #y",
                        "[list]", "'quoted'", "\"double\"", "tab\there", "line\nbreak", "trailing ",
                        "caf\xC3\xA9", "\xE2\x80\xA8sep", "@at", "%pct"}) {
    std::string yaml = "k: " + YamlScalar(s, false) + "\n";
    SourceText src("y.yaml", yaml);
    Result<YamlNode> node = ParseYaml(src, 0, yaml.size());
    ASSERT_TRUE(node.ok()) << node.status().ToString();
    ASSERT_NE(node->Find("k"), nullptr);
    EXPECT_EQ(node->Find("k")->scalar, s) << yaml;
  }
  EXPECT_EQ(YamlScalar("12", true), "\"12\"");
  EXPECT_EQ(YamlScalar("12", false), "12");
}

// The tree as text, every field of every node, for comparing two parses.
void DescribeYaml(const YamlNode& n, std::string& out) {
  out += std::to_string(static_cast<int>(n.kind)) + "|" + n.scalar + "|" + std::to_string(n.plain) +
         std::to_string(n.single_line) + "@" + std::to_string(n.line) + ":" +
         std::to_string(n.column) + "[";
  for (const YamlNode& item : n.items) DescribeYaml(item, out);
  out += "]{";
  for (const YamlMember& m : n.members) {
    DescribeYaml(m.key, out);
    out += "=";
    DescribeYaml(m.value, out);
    out += ";";
  }
  out += "}";
}

std::string ParsedYaml(const Result<YamlNode>& node) {
  if (!node.ok()) return "error: " + node.status().ToString();
  std::string out;
  DescribeYaml(*node, out);
  return out;
}

TEST(MdFormatTest, YamlShortcutGivesLibyamlsTree) {
  // Front matter of "key: value" lines, most of them within the shortcut and some just outside it
  // (a quote, a colon, a space, a tab, a comment, a list, a non-ASCII byte), after some lines of
  // Markdown so the lines are counted from the file's start: ParseYaml's tree (or error) is
  // libyaml's, node for node.
  const std::vector<std::string> keys = {"id",  "domain", "markup", "type", "exam",
                                         "x-1", "a_b",    "9",      "Key",  "tags"};
  const std::vector<std::string> values = {"q-8f7b9ed1a8c451a4",
                                           "abstract_algebra",
                                           "plain",
                                           "true",
                                           "12",
                                           "1.5e3",
                                           "null",
                                           "yes",
                                           "2026-03",
                                           "a.b-c_d",
                                           "-x",
                                           "x:",
                                           "a: b",
                                           "'q'",
                                           "\"d\"",
                                           "x #c",
                                           "x ",
                                           " x",
                                           "t\tx",
                                           "[1, 2]",
                                           "{a: 1}",
                                           "caf\xC3\xA9",
                                           "~",
                                           "&a",
                                           "*a",
                                           "!t",
                                           "|",
                                           ">",
                                           "%x",
                                           "@x",
                                           "`x",
                                           ""};
  std::mt19937 rng(7);
  int shortcut = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string prefix = "# Title\n\nsome text\n---\n";
    std::string yaml;
    size_t lines = 1 + rng() % 5;
    bool simple = true;
    for (size_t l = 0; l < lines; ++l) {
      const std::string& key = keys[rng() % keys.size()];
      // Mostly values the shortcut takes, so both paths are well exercised.
      const std::string& value = values[rng() % 4 == 0 ? rng() % values.size() : rng() % 10];
      yaml += key + ":" + (value.empty() ? "" : " " + value) + "\n";
      if (rng() % 50 == 0) yaml += "# comment\n", simple = false;
      if (rng() % 50 == 0) yaml += "\n", simple = false;
    }
    std::string file = prefix + yaml + "---\n";
    SourceText src("f.md", file);
    std::string fast = ParsedYaml(ParseYaml(src, prefix.size(), prefix.size() + yaml.size()));
    std::string slow =
        ParsedYaml(ParseYamlWithLibyaml(src, prefix.size(), prefix.size() + yaml.size()));
    ASSERT_EQ(fast, slow) << yaml;
    if (simple && fast.find("error") == std::string::npos) ++shortcut;
  }
  EXPECT_GT(shortcut, 500);
}

TEST(MdFormatTest, TheDocExampleIsTheGoldenExport) {
  std::string example = testing::DocExample("md.md", "````markdown");
  EXPECT_EQ(example, ReadTestdata("md/drafts_export.md"));
  MdFormat md;
  auto r = ImportText(md, "md.md", example);
  EXPECT_EQ(r.ErrorText(), "");
  EXPECT_EQ(r.bank.questions.size(), 2u);
}

TEST(MdFormatTest, SniffRecognisesDrafts) {
  MdFormat md;
  EXPECT_EQ(md.Sniff("x.md", ReadTestdata("md/drafts.md")), 90);
  EXPECT_EQ(md.Sniff("x.md", "# README\n\nSome notes.\n"), 0);
}

TEST(MdFormatTest, HostileInputNeverCrashes) {
  MdFormat md;
  std::mt19937 rng(99);
  const std::string alphabet = "---\n## Question\n## Options\n- [x] (5%)> :{}[]&*!\"\\\n```\xC3";
  for (int round = 0; round < 400; ++round) {
    std::string input;
    size_t length = rng() % 400;
    for (size_t i = 0; i < length; ++i) input += alphabet[rng() % alphabet.size()];
    auto r = ImportText(md, "fuzz.md", input);
    LossReport loss;
    ASSERT_TRUE(md.Export(r.bank, ExportOptions{}, loss).ok());
  }
  std::string deep = "---\nk: " + std::string(10000, '[') + "\n---\n\n## Question\n\nQ\n";
  auto r = ImportText(md, "deep.md", deep);
  EXPECT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.ErrorText().find("nested at most 64 levels"), std::string::npos) << r.ErrorText();
  std::string bomb = "---\na: &a [x, x]\nb: *a\n---\n\n## Question\n\nQ\n";
  auto b = ImportText(md, "bomb.md", bomb);
  EXPECT_EQ(b.errors.size(), 1u);
}

// Found by round_trip_fuzz: an option text with a line starting with ">" was written raw, the
// reader took that line and every line after it as the rationale, and a second export differed.
// Such lines, directives and lines starting with a backslash are escaped, and come back.
// A carriage return is a line ending in Markdown, alone or before a line feed: a section's text
// holding lone ones is written with each as a line break. The reader drops one before each line
// feed, so a line ending in two lost one on every trip and the second export differed
// (round_trip_fuzz, reduced to "## Question" then "*\r\r\r\nW").
TEST(MdFormatTest, CarriageReturnsInASectionAreWrittenAsLineBreaks) {
  MdFormat md;
  testing::Imported read =
      ImportText(md, "cr.md", "---\n---\n## Question\n*\r\r\r\nW\n\n## Explanation\n\nE\rF\n");
  ASSERT_EQ(read.ErrorText(), "");
  ASSERT_EQ(read.bank.questions.size(), 1u);
  LossReport loss;
  const std::string once = ExportText(md, read.bank, loss);
  EXPECT_NE(once.find("\n*\n\nW\n"), std::string::npos) << once;
  EXPECT_NE(once.find("\nE\nF\n"), std::string::npos) << once;
  EXPECT_EQ(once.find('\r'), std::string::npos) << once;
  testing::Imported again = ImportText(md, "once.md", once);
  ASSERT_EQ(again.ErrorText(), "");
  LossReport again_loss;
  EXPECT_EQ(ExportText(md, again.bank, again_loss), once);
}

TEST(MdFormatTest, OptionLinesThatLookLikeStructureAreEscapedAndComeBack) {
  model::Bank bank;
  model::Question q;
  q.stem.value = "Which one?";
  q.options.resize(2);
  q.options[0].text.value =
      "Mars\n> not a rationale\n<!-- qbank-disable field-length -->\n\\frac{1}{2}\n\\> both";
  q.options[0].rationale->value = "The real rationale.";
  q.options[1].text.value = "Venus";
  q.options[1].correct = true;
  bank.questions.push_back(q);
  MdFormat md;
  LossReport loss;
  const std::string out = ExportText(md, bank, loss);
  EXPECT_EQ(loss.Summary(), "") << out;
  EXPECT_NE(out.find("\n  \\> not a rationale\n  \\<!-- qbank-disable field-length -->\n"
                     "  \\\\frac{1}{2}\n  \\\\> both\n  > The real rationale.\n"),
            std::string::npos)
      << out;
  auto back = ImportText(md, "back.md", out);
  ASSERT_TRUE(back.status.ok()) << back.status.ToString();
  EXPECT_EQ(back.ErrorText(), "");
  ASSERT_EQ(back.bank.questions.size(), 1u);
  const model::Question& b = back.bank.questions[0];
  EXPECT_TRUE(b.suppressions.empty());
  ASSERT_EQ(b.options.size(), 2u);
  EXPECT_EQ(b.options[0].text.value, q.options[0].text.value);
  EXPECT_EQ(b.options[0].rationale->value, "The real rationale.");
  LossReport again;
  EXPECT_EQ(ExportText(md, back.bank, again), out);
  // A hand-written backslash before other text stays, as Markdown shows it.
  auto hand = ImportText(md, "hand.md",
                         "---\nid: h\n---\n\n## Question\n\nWhich?\n\n## Options\n\n"
                         "- [x] one\n  \\frac\n- [ ] two\n");
  ASSERT_TRUE(hand.status.ok()) << hand.status.ToString();
  ASSERT_EQ(hand.bank.questions.size(), 1u);
  ASSERT_EQ(hand.bank.questions[0].options.size(), 2u);
  EXPECT_EQ(hand.bank.questions[0].options[0].text.value, "one\n\\frac");
  // A CommonMark renderer shows the escaped lines as text in the item: no block quote, and the
  // directive is visible text rather than a hidden comment.
  std::optional<std::string> rendered = PandocHtml(out, "escape");
  if (!rendered) GTEST_SKIP() << "pandoc is not installed (Debian package pandoc)";
  const std::string& html = *rendered;
  EXPECT_NE(html.find("&gt; not a rationale"), std::string::npos) << html;
  EXPECT_NE(html.find("&lt;!-- qbank-disable field-length"), std::string::npos) << html;
  EXPECT_NE(html.find("\\frac{1}{2}"), std::string::npos) << html;
  EXPECT_NE(html.find("\\&gt; both"), std::string::npos) << html;
  EXPECT_NE(html.find("<blockquote>"), std::string::npos) << html;  // the real rationale only
  EXPECT_EQ(html.find("<blockquote>"), html.rfind("<blockquote>")) << html;
}

}  // namespace
}  // namespace qbank::formats
