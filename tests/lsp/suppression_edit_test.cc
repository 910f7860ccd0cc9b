// "Disable RULE here" for each format with a directive: the edit applied to a file, read back by
// the format's own reader, suppresses the rule for that question (and only that one).
#include "lsp/suppression_edit.h"

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "formats/registry.h"

namespace qbank::lsp {
namespace {

// `text` read as `format`: its questions.
model::Bank Read(std::string_view format, const std::string& text) {
  model::Bank bank;
  auto source = std::make_shared<SourceText>("test." + std::string(format), text);
  formats::ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(source);
  std::vector<Diagnostic> errors;
  ctx.errors = &errors;
  Status read = formats::Registry::Default().Find(format)->Import(*source, ctx);
  EXPECT_TRUE(read.ok()) << read.ToString();
  EXPECT_TRUE(errors.empty()) << errors.front().message;
  return bank;
}

// `text` with `edit` applied.
std::string Apply(const std::string& text, const TextEdit& edit) {
  LineIndex lines(text);
  size_t begin = lines.OffsetOf(edit.range.start);
  size_t end = lines.OffsetOf(edit.range.end);
  return text.substr(0, begin) + edit.new_text + text.substr(end);
}

std::vector<std::string> SuppressedRules(const model::Question& q) {
  std::vector<std::string> rules;
  for (const model::Suppression& s : q.suppressions) rules.push_back(s.rule);
  return rules;
}

// Disables `rule` for question `which` of `text` and reads the result back.
model::Bank DisableAndRead(std::string_view format, const std::string& text, size_t which,
                           std::string_view rule) {
  model::Bank before = Read(format, text);
  EXPECT_GT(before.questions.size(), which);
  LineIndex lines(text);
  std::optional<TextEdit> edit =
      SuppressionEdit(format, text, lines, before.questions[which], rule);
  EXPECT_TRUE(edit.has_value());
  if (!edit) return before;
  return Read(format, Apply(text, *edit));
}

constexpr char kMarkdown[] =
    "---\nid: first\n---\n\n## Question\n\nWhich gas do plants take in for photosynthesis?\n\n"
    "## Options\n\n- [x] Carbon dioxide\n- [ ] Helium\n- [ ] Neon\n\n"
    "---\nid: second\n---\n\n## Question\n\nWhich organ pumps blood? Cœur 😀\n\n"
    "## Options\n\n- [x] The heart\n- [ ] The lung\n- [ ] The liver\n";

TEST(SuppressionEditTest, MarkdownSecondQuestion) {
  model::Bank bank = DisableAndRead("md", kMarkdown, 1, "option-count");
  ASSERT_EQ(bank.questions.size(), 2u);
  EXPECT_TRUE(bank.questions[0].suppressions.empty());
  EXPECT_EQ(SuppressedRules(bank.questions[1]), std::vector<std::string>{"option-count"});
}

TEST(SuppressionEditTest, MarkdownFirstQuestion) {
  model::Bank bank = DisableAndRead("md", kMarkdown, 0, "field-length");
  ASSERT_EQ(bank.questions.size(), 2u);
  EXPECT_EQ(SuppressedRules(bank.questions[0]), std::vector<std::string>{"field-length"});
  EXPECT_TRUE(bank.questions[1].suppressions.empty());
}

constexpr char kGift[] =
    "// [id:g1]\n::One:: Which metal is liquid at room temperature? {\n=Mercury\n~Iron\n~Tin\n}\n"
    "\n::Two:: Which is the largest ocean? {\n=Pacific\n~Arctic\n~Indian\n}\n";

TEST(SuppressionEditTest, GiftEachQuestion) {
  model::Bank second = DisableAndRead("gift", kGift, 1, "key-length-cue");
  ASSERT_EQ(second.questions.size(), 2u);
  EXPECT_TRUE(second.questions[0].suppressions.empty());
  EXPECT_EQ(SuppressedRules(second.questions[1]), std::vector<std::string>{"key-length-cue"});
  model::Bank first = DisableAndRead("gift", kGift, 0, "typography");
  EXPECT_EQ(SuppressedRules(first.questions[0]), std::vector<std::string>{"typography"});
  EXPECT_TRUE(first.questions[1].suppressions.empty());
  EXPECT_EQ(first.questions[0].id.value, "g1");  // the id comment still belongs to it
}

TEST(SuppressionEditTest, PageLineAtTheEnd) {
  std::ifstream in(std::string(QBANK_SOURCE_DIR) + "/samples/pages/01_dns_ttl.txt");
  std::stringstream page;
  page << in.rdbuf();
  model::Bank bank = DisableAndRead("page", page.str(), 0, "missing-rationale");
  ASSERT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(SuppressedRules(bank.questions[0]), std::vector<std::string>{"missing-rationale"});
}

TEST(SuppressionEditTest, FormatsWithoutADirective) {
  model::Question q;
  q.span = {0, 2, 1, 3, 1};
  std::string text = "id,stem\nq,Why?\n";
  LineIndex lines(text);
  EXPECT_FALSE(SuppressionEdit("csv", text, lines, q, "option-count").has_value());
  EXPECT_FALSE(SuppressionEdit("moodle-xml", text, lines, q, "option-count").has_value());
}

}  // namespace
}  // namespace qbank::lsp
