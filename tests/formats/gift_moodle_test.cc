// GIFT read as Moodle reads it, one fixture per construct (tests/formats/testdata/gift/moodle/):
// each file's questions, answers, weights and feedback (with the warnings where qbank reads
// something the way Moodle does that a writer may not mean) match <name>.expected, and the file
// written back reads as the same questions.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "formats/gift/gift_format.h"
#include "formats/json/json_format.h"
#include "import_export_test_support.h"

namespace qbank::formats {
namespace {

using testing::ExportText;
using testing::ImportText;
using testing::ReadTestdata;

std::string GiftKey(const model::Value& extensions, const std::string& key) {
  const model::Value* gift = extensions.Find("gift");
  const model::Value* v = gift != nullptr ? gift->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : "";
}

std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string Weight(const model::Option& o) {
  if (!o.weight) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, " %%%g%%", *o.weight);
  return buf;
}

// The parts of each question that Moodle stores: type, text, answers with credit and feedback,
// general feedback, category, and the GIFT details qbank keeps to write the file back.
std::string Describe(const model::Bank& bank) {
  std::string out;
  for (const model::Question& q : bank.questions) {
    out += std::string(model::QuestionTypeName(q.type)) + " " + q.id.value + ": " +
           Quoted(q.stem.value) + "\n";
    if (!q.domain->empty()) out += "  category " + Quoted(q.domain->value) + "\n";
    if (q.markup != model::Markup::kPlain) {
      out += "  markup " + std::string(model::MarkupName(q.markup)) + "\n";
    }
    for (const char* key : {"format", "blank_after", "explanation_format", "tf"}) {
      if (!GiftKey(q.extensions, key).empty()) {
        out += std::string("  ") + key + " " + Quoted(GiftKey(q.extensions, key)) + "\n";
      }
    }
    for (const model::Option& o : q.options) {
      out += std::string("  ") + (o.correct ? "+ " : "- ") + Quoted(o.text.value) + Weight(o);
      if (!GiftKey(o.extensions, "match").empty())
        out += " -> " + Quoted(GiftKey(o.extensions, "match"));
      for (const char* key : {"text_format", "feedback_format"}) {
        if (!GiftKey(o.extensions, key).empty())
          out += std::string(" ") + key + "=" + GiftKey(o.extensions, key);
      }
      if (!o.rationale->empty()) out += " # " + Quoted(o.rationale->value);
      out += "\n";
    }
    if (!q.explanation.empty()) out += "  #### " + Quoted(q.explanation.value) + "\n";
  }
  return out;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class GiftMoodleConstructTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GiftMoodleConstructTest, ReadsAsMoodleAndWritesBack) {
  GiftFormat gift;
  std::string name = "gift/moodle/" + GetParam();
  auto read = ImportText(gift, GetParam() + ".gift", ReadTestdata(name + ".gift"));
  ASSERT_TRUE(read.status.ok()) << read.status.ToString();
  EXPECT_EQ(read.ErrorText(), "");
  std::string actual = Describe(read.bank) + read.WarningText();
  std::string expected_path = format_testing::TestdataPath(name + ".expected");
  if (std::getenv("QBANK_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(expected_path, std::ios::binary) << actual;
  } else {
    EXPECT_EQ(actual, ReadFile(expected_path));
  }

  // Written back, the file reads as the same questions, with no loss and no new warning, and
  // writing it again gives the same bytes.
  LossReport loss;
  std::string written = ExportText(gift, read.bank, loss);
  EXPECT_EQ(loss.Summary(), "") << written;
  auto back = ImportText(gift, "back.gift", written);
  EXPECT_EQ(back.ErrorText(), "") << written;
  // Only what the writer means is warned again (a text "%50%x" after '=' stays such a text).
  for (const Diagnostic& w : back.warnings) {
    bool known = false;
    for (const Diagnostic& r : read.warnings) known = known || r.message == w.message;
    EXPECT_TRUE(known) << w.ToString() << "\n" << written;
  }
  EXPECT_EQ(Describe(back.bank), Describe(read.bank)) << written;
  LossReport again_loss;
  EXPECT_EQ(ExportText(gift, back.bank, again_loss), written);
}

INSTANTIATE_TEST_SUITE_P(Constructs, GiftMoodleConstructTest,
                         ::testing::Values("numerical", "short_answer", "true_false",
                                           "multiple_choice", "missing_word", "matching",
                                           "essay_description", "categories", "formats_markers",
                                           "escapes_comments"));

// A mixed quiz of every question type goes gift -> json -> gift and back to the same questions
// and the same GIFT bytes.
TEST(GiftMoodleTest, MixedQuizRoundTripsThroughJson) {
  GiftFormat gift;
  JsonFormat json;
  auto read = ImportText(gift, "quiz.gift", ReadTestdata("gift/moodle/mixed_quiz.gift"));
  ASSERT_EQ(read.ErrorText(), "");
  ASSERT_EQ(read.WarningText(), "");
  ASSERT_GE(read.bank.questions.size(), 16u);
  LossReport loss;
  std::string first = ExportText(gift, read.bank, loss);
  EXPECT_EQ(loss.Summary(), "");
  std::string bank_json = ExportText(json, read.bank, loss);
  auto from_json = ImportText(json, "quiz.json", bank_json);
  ASSERT_EQ(from_json.ErrorText(), "");
  EXPECT_EQ(Describe(from_json.bank), Describe(read.bank));
  LossReport again;
  std::string second = ExportText(gift, from_json.bank, again);
  EXPECT_EQ(again.Summary(), "");
  EXPECT_EQ(second, first);
  auto back = ImportText(gift, "back.gift", second);
  EXPECT_EQ(Describe(back.bank), Describe(read.bank));
}

}  // namespace
}  // namespace qbank::formats
