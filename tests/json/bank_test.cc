// Tests for the bank file: reader (schema errors, spans), canonical writer, normalisation and the
// json format.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "commands/convert.h"
#include "commands/exit_code.h"
#include "commands/fmt.h"
#include "formats/json/json_format.h"
#include "formats/registry.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "json/document.h"
#include "model/normalize.h"

namespace qbank::json {
namespace {

// A canonical bank file (the writer's exact output), written for these tests.
constexpr char kCanonical[] = R"({
  "qbank": 1,
  "id": "garden-basics",
  "title": "Garden basics practice set",
  "exam": "GRD-101",
  "publisher": "Example Allotment Society",
  "language": "en",
  "declared_size": 2,
  "origin": "Written from scratch for the qbank tests.",
  "questions": [
    {
      "id": "grd-001",
      "type": "single",
      "exam": "GRD-101",
      "domain": "Soil",
      "stem": "Which amendment lowers the pH of an alkaline soil?",
      "trap": "Lime raises pH; it is the usual wrong pick.",
      "options": [
        {
          "text": "Garden lime",
          "correct": false,
          "rationale": "Lime is alkaline and raises pH further."
        },
        {
          "text": "Elemental sulfur",
          "correct": true,
          "rationale": "Soil bacteria oxidise sulfur to sulfuric acid, lowering pH."
        },
        {
          "text": "Wood ash",
          "correct": false,
          "weight": -25.0,
          "rationale": "Ash is alkaline."
        },
        {
          "text": "Crushed eggshell",
          "correct": false,
          "rationale": "Eggshell is calcium carbonate, like lime.",
          "extensions": {
            "choice_id": "D"
          }
        }
      ],
      "stated_answer": "B",
      "explanation": "Sulfur acidifies slowly.\n\nApply it weeks before planting.",
      "tags": [
        "soil",
        "ph"
      ],
      "difficulty": "easy",
      "markup": "markdown",
      "authors": [
        {
          "initials": "TG",
          "name": "Test Gardener",
          "credentials": "RHS Level 2",
          "roles": [
            "writer",
            "reviewer"
          ]
        }
      ],
      "review": {
        "date": "2025-03",
        "reviewer": "Second Gardener",
        "checked_against": "Society soil handbook, 4th ed."
      },
      "origin": {
        "statement": "Original question; not copied from any exam.",
        "references": [
          "Society soil handbook"
        ]
      },
      "suppress": [
        {
          "rule": "key-is-longest",
          "reason": "The key is naturally longer here."
        }
      ],
      "extensions": {
        "gift": {
          "category": "soil/ph",
          "points": 1.5
        }
      }
    },
    {
      "id": "grd-002",
      "type": "true-false",
      "stem": "Comp\u00f6st \"heats\" up because microbes release energy.",
      "options": [
        {
          "text": "True",
          "correct": true
        },
        {
          "text": "False",
          "correct": false
        }
      ]
    }
  ],
  "extensions": {
    "source": "unit test"
  }
}
)";

// kCanonical as WriteBank writes it: the same, with the \u escape written as UTF-8.
std::string CanonicalOutput() {
  std::string s = kCanonical;
  size_t at = s.find("\\u00f6");
  s.replace(at, 6, "\xC3\xB6");
  return s;
}

Status Read(const std::string& path, const std::string& text, model::Bank& bank) {
  auto src = std::make_shared<const SourceText>(path, text);
  uint32_t file = bank.AddSource(src);
  return ReadBank(*src, file, bank);
}

std::string ReadError(const std::string& text) {
  model::Bank bank;
  Status status = Read("bank.json", text, bank);
  if (status.ok()) return "OK";
  EXPECT_TRUE(bank.questions.empty());
  return status.ToString();
}

TEST(BankReaderTest, ReadsEveryField) {
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json", kCanonical, bank).ok());
  EXPECT_EQ(bank.id.value, "garden-basics");
  EXPECT_EQ(bank.title.value, "Garden basics practice set");
  EXPECT_EQ(bank.exam->value, "GRD-101");
  EXPECT_EQ(bank.publisher.value, "Example Allotment Society");
  EXPECT_EQ(bank.language.value, "en");
  ASSERT_TRUE(bank.declared_size.has_value());
  EXPECT_EQ(*bank.declared_size, 2);
  EXPECT_EQ(bank.declared_size_span.line, 8u);
  EXPECT_EQ(bank.declared_size_span.column, 20u);
  EXPECT_EQ(bank.origin->value, "Written from scratch for the qbank tests.");
  EXPECT_EQ(bank.extensions.Find("source")->as_string(), "unit test");
  ASSERT_EQ(bank.questions.size(), 2u);

  const model::Question& q = bank.questions[0];
  EXPECT_EQ(q.id.value, "grd-001");
  EXPECT_EQ(q.type, model::QuestionType::kSingleAnswer);
  EXPECT_EQ(q.domain->value, "Soil");
  EXPECT_EQ(q.trap->value, "Lime raises pH; it is the usual wrong pick.");
  ASSERT_EQ(q.options.size(), 4u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{1});
  EXPECT_FALSE(q.options[0].weight.has_value());
  ASSERT_TRUE(q.options[2].weight.has_value());
  EXPECT_DOUBLE_EQ(*q.options[2].weight, -25.0);
  EXPECT_EQ(q.options[3].extensions.Find("choice_id")->as_string(), "D");
  EXPECT_EQ(q.stated_answer->value, "B");
  EXPECT_EQ(q.explanation.value, "Sulfur acidifies slowly.\n\nApply it weeks before planting.");
  ASSERT_EQ(q.tags.size(), 2u);
  EXPECT_EQ(q.tags[1].value, "ph");
  EXPECT_EQ(q.difficulty->value, "easy");
  EXPECT_EQ(q.markup, model::Markup::kMarkdown);
  ASSERT_EQ(q.authors.size(), 1u);
  EXPECT_EQ(q.authors[0].initials.value, "TG");
  EXPECT_EQ(q.authors[0].credentials.value, "RHS Level 2");
  ASSERT_EQ(q.authors[0].roles.size(), 2u);
  EXPECT_EQ(q.authors[0].roles[1].value, "reviewer");
  EXPECT_EQ(q.review->date.value, "2025-03");
  EXPECT_EQ(q.review->reviewer.value, "Second Gardener");
  EXPECT_EQ(q.review->checked_against.value, "Society soil handbook, 4th ed.");
  EXPECT_EQ(q.origin->statement.value, "Original question; not copied from any exam.");
  ASSERT_EQ(q.origin->references.size(), 1u);
  ASSERT_EQ(q.suppressions.size(), 1u);
  EXPECT_EQ(q.suppressions[0].rule, "key-is-longest");
  EXPECT_EQ(q.suppressions[0].reason, "The key is naturally longer here.");
  EXPECT_EQ(q.suppressions[0].span.line, 75u);
  EXPECT_EQ(q.suppressions[0].span.column, 9u);
  const model::Value* gift = q.extensions.Find("gift");
  ASSERT_NE(gift, nullptr);
  EXPECT_TRUE(gift->Find("points")->is_double());

  const model::Question& q2 = bank.questions[1];
  EXPECT_EQ(q2.type, model::QuestionType::kTrueFalse);
  EXPECT_EQ(q2.stem.value, "Comp\xC3\xB6st \"heats\" up because microbes release energy.");
  EXPECT_FALSE(q2.stem.verbatim);
  EXPECT_TRUE(q.stem.verbatim);
  EXPECT_FALSE(q.explanation.verbatim);
}

// The rare fields are boxed (model/boxed.h): a question that leaves them out holds none, which is
// most of what a question of a bank like MMLU saves.
TEST(BankReaderTest, FieldsLeftOutAreNotMade) {
  model::Bank bank;
  ASSERT_TRUE(
      Read(
          "bank.json",
          R"({"qbank": 1, "questions": [{"id": "m1", "type": "single", "stem": "Which gas do plants take in?",
    "options": [{"text": "Carbon dioxide", "correct": true}, {"text": "Neon", "correct": false}],
    "explanation": "Photosynthesis uses carbon dioxide."}]})",
          bank)
          .ok());
  ASSERT_EQ(bank.questions.size(), 1u);
  const model::Question& q = bank.questions[0];
  for (const model::Boxed<model::Text>* field :
       {&q.exam, &q.domain, &q.trap, &q.stated_answer, &q.difficulty}) {
    EXPECT_FALSE(field->present());
  }
  EXPECT_FALSE(q.review.present());
  EXPECT_FALSE(q.origin.present());
  for (const model::Option& o : q.options) EXPECT_FALSE(o.rationale.present());
  EXPECT_FALSE(bank.exam.present());
}

TEST(BankReaderTest, SpansPointAtTheText) {
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json", kCanonical, bank).ok());
  const model::Question& q = bank.questions[0];
  // Text spans cover the string's content, inside the quotes.
  EXPECT_EQ(q.stem.span, (SourceSpan{0, 16, 16, 16, 66}));
  EXPECT_EQ(q.options[1].text.span, (SourceSpan{0, 25, 20, 25, 36}));
  EXPECT_EQ(q.options[1].rationale->span, (SourceSpan{0, 27, 25, 27, 84}));
  EXPECT_EQ(q.options[1].correct_span, (SourceSpan{0, 26, 22, 26, 26}));
  EXPECT_EQ(q.options[1].span, (SourceSpan{0, 24, 9, 28, 10}));
  EXPECT_EQ(q.span.line, 11u);
  EXPECT_EQ(q.span.column, 5u);
  EXPECT_EQ(q.span.end_line, 86u);
  EXPECT_EQ(q.tags[0].span.line, 47u);
  EXPECT_EQ(q.review->date.span, (SourceSpan{0, 64, 18, 64, 25}));
  EXPECT_EQ(bank.title.span, (SourceSpan{0, 4, 13, 4, 39}));
  // Columns count code points: the line after "Compöst" is unaffected, the ö itself is one.
  const model::Question& q2 = bank.questions[1];
  EXPECT_EQ(q2.stem.span.line, 90u);
  EXPECT_EQ(q2.stem.span.column, 16u);
  // Every span names the file it came from.
  EXPECT_EQ(bank.SourcePath(q.stem.span.file), "bank.json");
  // The span's line and column find the value in the source text (verbatim fields).
  const SourceText* src = bank.Source(0);
  std::string_view line = src->Line(q.options[1].rationale->span.line);
  EXPECT_EQ(
      line.substr(q.options[1].rationale->span.column - 1, q.options[1].rationale->value.size()),
      q.options[1].rationale->value);
}

TEST(BankReaderTest, SpansInAMinifiedFile) {
  model::Bank bank;
  std::string text =
      "{\"qbank\":1,\"questions\":[{\"stem\":\"caf\xC3\xA9 one\",\"options\":[{\"text\":\"x\","
      "\"correct\":true}]},{\"stem\":\"two\"}],\"title\":\"t\"}";
  ASSERT_TRUE(Read("min.json", text, bank).ok());
  EXPECT_EQ(bank.questions[0].stem.span, (SourceSpan{0, 1, 34, 1, 42}));
  EXPECT_EQ(bank.questions[0].options[0].text.span.column, 64u);
  EXPECT_EQ(bank.questions[1].stem.span.column, 94u);
  EXPECT_EQ(bank.title.span.column, 110u);
}

// Columns count code points whatever the mix of 1- to 4-byte characters before a field (the
// locator counts eight bytes at a time): every field of a long one-line file lands where a plain
// count puts it.
TEST(BankReaderTest, ColumnsCountCodePointsInLongMixedLines) {
  const std::vector<std::string> pieces = {"a", "\xC3\xA9", "\xE2\x9C\x93", "\xF0\x9F\x98\x80",
                                           " ", "\xD0\x96"};
  std::string text = "{\"qbank\":1,\"questions\":[";
  std::vector<std::pair<std::string, size_t>> stems;  // value, byte offset of its first character
  for (int q = 0; q < 40; ++q) {
    std::string stem;
    for (int k = 0; k < 3 + q * 7 % 23; ++k) stem += pieces[(q * 5 + k * 3) % pieces.size()];
    text += q == 0 ? "" : ",";
    text += "{\"stem\":\"";
    stems.emplace_back(stem, text.size());
    text += stem + "\"}";
  }
  text += "]}";
  model::Bank bank;
  ASSERT_TRUE(Read("mixed.json", text, bank).ok());
  ASSERT_EQ(bank.questions.size(), stems.size());
  for (size_t q = 0; q < stems.size(); ++q) {
    size_t column = 1;
    for (size_t i = 0; i < stems[q].second; ++i) {
      column += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    }
    EXPECT_EQ(bank.questions[q].stem.value, stems[q].first);
    EXPECT_EQ(bank.questions[q].stem.span.line, 1u);
    EXPECT_EQ(bank.questions[q].stem.span.column, column) << q;
  }
}

TEST(BankReaderTest, WrongTypeNamesInstancePathLineAndColumn) {
  std::string text = CanonicalOutput();
  // Make the second option of the second question say "correct": "no".
  size_t at = text.find("\"correct\": false", text.find("\"grd-002\""));
  text.replace(at, 16, "\"correct\": \"no\"");
  EXPECT_EQ(ReadError(text),
            "bank.json:98:22: questions[1].options[1].correct: expected boolean, found string");
}

TEST(BankReaderTest, SchemaErrorsInQuestionsFarDown) {
  std::string text = "{\n  \"qbank\": 1,\n  \"questions\": [\n";
  for (int i = 0; i < 4; ++i) {
    text += "    {\"stem\": \"s" + std::to_string(i) + "\", \"options\": [";
    text += "{\"correct\": true}, {\"correct\": ";
    text += i == 3 ? "1" : "false";
    text += "}]}";
    text += i == 3 ? "\n" : ",\n";
  }
  text += "  ]\n}\n";
  EXPECT_EQ(ReadError(text),
            "bank.json:7:63: questions[3].options[1].correct: expected boolean, found integer");
}

TEST(BankReaderTest, OtherSchemaErrors) {
  EXPECT_EQ(ReadError("{\"questions\": []}"), "bank.json:1:1: expected member \"qbank\"");
  EXPECT_EQ(ReadError("{\"qbank\": 2}"), "bank.json:1:11: qbank: expected 1");
  // Huge doubles reach RapidJSON's enum hasher safely (UBSan checks the conversion).
  EXPECT_EQ(ReadError("{\"qbank\": -1.5e300}"), "bank.json:1:11: qbank: expected 1");
  EXPECT_EQ(
      ReadError("{\"qbank\": 1, \"questions\": [{\"markup\": 1e31}]}"),
      "bank.json:1:39: questions[0].markup: expected one of \"plain\", \"markdown\", \"html\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"options\": [{\"correct\": true, "
                      "\"weight\": 2e300}]}]}"),
            "bank.json:1:69: questions[0].options[0].weight: expected a number <= 100");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"stme\": \"x\"}]}"),
            "bank.json:1:29: questions[0]: unexpected member \"stme\"; did you mean \"stem\"?");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"question\": \"x\"}]}"),
            "bank.json:1:29: questions[0]: unexpected member \"question\"; expected one of \"id\", "
            "\"type\", \"exam\", \"domain\", \"stem\", \"trap\", \"options\", \"stated_answer\", "
            "\"explanation\", \"tags\", \"difficulty\", \"markup\", \"authors\", \"review\", "
            "\"origin\", \"suppress\", \"extensions\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"options\": [{\"correct\": true, "
                      "\"rationnale\": \"x\"}]}]}"),
            "bank.json:1:59: questions[0].options[0]: unexpected member \"rationnale\"; did you "
            "mean \"rationale\"?");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"type\": \"single-answer\"}]}"),
            "bank.json:1:37: questions[0].type: expected one of \"single\", \"multiple\", "
            "\"true-false\", \"short-answer\", \"numerical\", \"matching\", \"essay\", "
            "\"description\", \"other\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"options\": [{\"text\": \"a\"}]}]}"),
            "bank.json:1:41: questions[0].options[0]: expected member \"correct\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"review\": {\"date\": \"March 2025\"}}]}"),
            "bank.json:1:48: questions[0].review.date: expected a string matching "
            "\"^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"review\": {\"date\": \"2025-02-30\"}}]}"),
            "OK");  // the pattern checks the shape, not the calendar
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"declared_size\": -3}"),
            "bank.json:1:31: declared_size: expected a number >= 0");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"declared_size\": 18446744073709551615}"),
            "bank.json:1:31: declared_size: expected an integer up to 9223372036854775807");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"options\": [{\"correct\": true, "
                      "\"weight\": 150}]}]}"),
            "bank.json:1:69: questions[0].options[0].weight: expected a number <= 100");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"tags\": [\"a\", 2]}]}"),
            "bank.json:1:43: questions[0].tags[1]: expected string, found integer");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"suppress\": [{\"reason\": \"x\"}]}]}"),
            "bank.json:1:42: questions[0].suppress[0]: expected member \"rule\"");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"extensions\": []}"),
            "bank.json:1:28: extensions: expected object, found array");
}

TEST(BankReaderTest, MemberWrittenTwiceIsAnError) {
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{\"stem\": \"a\",\n \"stem\": \"b\"}]}"),
            "bank.json:2:2: expected each member once, found \"stem\" a second time");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"questions\": [{}],\n\"questions\": [{}]}"),
            "bank.json:2:1: expected each member once, found \"questions\" a second time");
  EXPECT_EQ(ReadError("{\"qbank\": 1, \"title\": \"a\", \"title\": \"b\"}"),
            "bank.json:1:28: expected each member once, found \"title\" a second time");
}

// Questions are converted as the parser completes them: the error reported is the first one in
// the file, whether the converter or the parser finds it.
TEST(BankReaderTest, FirstErrorWinsBetweenConverterAndParser) {
  auto bank_text = [](int count, int twice_at, bool broken_end) {
    std::string text = "{\"qbank\": 1, \"questions\": [\n";
    for (int i = 0; i < count; ++i) {
      text += "{\"stem\": \"s" + std::to_string(i) + "\"";
      if (i == twice_at) text += ", \"stem\": \"again\"";
      text += "}";
      text += i + 1 < count ? ",\n" : "\n";
    }
    return text + (broken_end ? "]" : "]}\n");
  };
  for (int at : {0, 10, 255, 256, 700, 1999}) {
    std::string expected = "bank.json:" + std::to_string(at + 2) + ":" +
                           std::to_string(15 + std::to_string(at).size()) +
                           ": expected each member once, found \"stem\" a second time";
    EXPECT_EQ(ReadError(bank_text(2000, at, false)), expected) << at;
    EXPECT_EQ(ReadError(bank_text(2000, at, true)), expected) << at;
  }
  EXPECT_EQ(ReadError(bank_text(2000, -1, true)),
            "bank.json:2002:2: expected ',' or '}', found the end of the file");
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json", bank_text(2000, -1, false), bank).ok());
  ASSERT_EQ(bank.questions.size(), 2000u);
  for (int i = 0; i < 2000; ++i) EXPECT_EQ(bank.questions[i].stem.value, "s" + std::to_string(i));
}

TEST(BankReaderTest, TruncatedAndMalformedFiles) {
  std::string text = CanonicalOutput();
  EXPECT_EQ(ReadError(text.substr(0, 1000)),
            "bank.json:36:12: expected '\"' to close the string, found the end of the file");
  EXPECT_EQ(ReadError(text.substr(0, text.size() - 4)),
            "bank.json:105:3: expected ',' or '}', found the end of the file");
  std::string bad_utf8 = text;
  bad_utf8.replace(bad_utf8.find("Elemental"), 1, "\xC0");
  EXPECT_EQ(ReadError(bad_utf8), "bank.json:25:20: expected valid UTF-8, found the byte 0xC0");
  EXPECT_EQ(ReadError(""), "bank.json:1:1: expected a JSON value, found the end of the file");
  std::string deep = "{\"qbank\": 1, \"extensions\": {\"x\": " + std::string(10000, '[');
  EXPECT_EQ(ReadError(deep),
            "bank.json:1:544: expected at most 512 levels of nested arrays and objects (nesting "
            "deeper than 512 levels)");
}

TEST(BankReaderTest, EveryTruncationAndManyMutationsFailCleanly) {
  const std::string text = CanonicalOutput();
  // Every proper prefix is an error with a location; none crashes.
  for (size_t len = 0; len + 1 < text.size(); ++len) {
    model::Bank bank;
    Status status = Read("cut.json", text.substr(0, len), bank);
    ASSERT_FALSE(status.ok()) << "prefix of " << len << " bytes read as a bank";
    ASSERT_EQ(status.ToString().rfind("cut.json:", 0), 0u) << status.ToString();
    ASSERT_TRUE(bank.questions.empty());
  }
  // Single-byte changes anywhere: read or refused, never a crash; a refusal adds nothing.
  const char kBytes[] = {'"', '\\', '{', '}',    '[',    ']',  ',',
                         ':', '0',  'x', '\x80', '\xFF', '\n', '\0'};
  uint32_t seed = 12345;
  for (int i = 0; i < 3000; ++i) {
    seed = seed * 1103515245u + 12345u;
    std::string mutated = text;
    size_t at = (seed >> 8) % mutated.size();
    mutated[at] = kBytes[(seed >> 4) % sizeof kBytes];
    model::Bank bank;
    Status status = Read("m.json", mutated, bank);
    if (!status.ok()) {
      ASSERT_EQ(status.ToString().rfind("m.json:", 0), 0u) << status.ToString();
      ASSERT_TRUE(bank.questions.empty());
    }
  }
}

TEST(BankReaderTest, ConcurrentReadsAgree) {
  // The bank schema is shared; its date pattern is checked by RapidJSON's stateful matcher.
  std::vector<std::thread> threads;
  std::vector<std::string> results(4);
  for (size_t t = 0; t < results.size(); ++t) {
    threads.emplace_back([t, &results] {
      for (int i = 0; i < 50; ++i) {
        std::string date = (i + static_cast<int>(t)) % 2 == 0 ? "2025-03-14" : "2025-3-14";
        model::Bank bank;
        Status status = Read(
            "c.json", "{\"qbank\": 1, \"questions\": [{\"review\": {\"date\": \"" + date + "\"}}]}",
            bank);
        bool expect_ok = date == "2025-03-14";
        if (status.ok() != expect_ok) results[t] += date + ": " + status.ToString() + "\n";
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (const std::string& r : results) EXPECT_EQ(r, "");
}

TEST(BankReaderTest, SchemaMemberForEditorsIsAccepted) {
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json",
                   "{\"$schema\": \"../schemas/bank.schema.json\", \"qbank\": 1, \"title\": \"t\"}",
                   bank)
                  .ok());
  EXPECT_EQ(bank.title.value, "t");
  EXPECT_EQ(WriteBank(bank), "{\n  \"qbank\": 1,\n  \"title\": \"t\"\n}\n");
}

TEST(BankReaderTest, BankFieldsSetOnlyWhenEmptyAndQuestionsAppended) {
  model::Bank bank;
  bank.title = model::Text("Already named");
  bank.questions.emplace_back();
  bank.questions.back().stem = model::Text("existing");
  ASSERT_TRUE(Read("bank.json", kCanonical, bank).ok());
  EXPECT_EQ(bank.title.value, "Already named");
  EXPECT_EQ(bank.id.value, "garden-basics");
  ASSERT_EQ(bank.questions.size(), 3u);
  EXPECT_EQ(bank.questions[0].stem.value, "existing");
  EXPECT_EQ(bank.questions[1].id.value, "grd-001");
  // A failed read leaves the bank as it was.
  EXPECT_FALSE(Read("bad.json", "{\"qbank\": 1, \"questions\": [{}, {\"x\": 1}]}", bank).ok());
  EXPECT_EQ(bank.questions.size(), 3u);
}

TEST(BankWriterTest, CanonicalFileIsWrittenBackByteForByte) {
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json", kCanonical, bank).ok());
  std::string written = WriteBank(bank);
  EXPECT_EQ(written, CanonicalOutput());
  model::Bank again;
  ASSERT_TRUE(Read("again.json", written, again).ok());
  EXPECT_EQ(WriteBank(again), written);
}

TEST(BankWriterTest, EmptyValuesAreLeftOutButCorrectIsAlwaysWritten) {
  model::Bank bank;
  model::Question q;
  q.stem = model::Text("A stem");
  q.options.resize(2);
  q.options[0].text = model::Text("yes");
  q.options[0].correct = true;
  q.authors.emplace_back();
  q.extensions = model::Value(model::Value::Object{});
  bank.questions.push_back(q);
  EXPECT_EQ(WriteBank(bank),
            "{\n  \"qbank\": 1,\n  \"questions\": [\n    {\n      \"type\": \"single\",\n"
            "      \"stem\": \"A stem\",\n      \"options\": [\n        {\n"
            "          \"text\": \"yes\",\n          \"correct\": true\n        },\n        {\n"
            "          \"correct\": false\n        }\n      ],\n      \"authors\": [\n"
            "        {}\n      ]\n    }\n  ]\n}\n");
  EXPECT_EQ(WriteBank(model::Bank()), "{\n  \"qbank\": 1\n}\n");
  // Control characters are escaped, non-ASCII is not.
  model::Bank odd;
  odd.title = model::Text("tab\there \xE2\x80\x94 bell\x07");
  EXPECT_EQ(WriteBank(odd),
            "{\n  \"qbank\": 1,\n  \"title\": \"tab\\there \xE2\x80\x94 bell\\u0007\"\n}\n");
}

TEST(NormalizeTest, NormalisesTextAndIsIdempotent) {
  model::Bank bank;
  bank.title = model::Text("  Messy   title \n");
  model::Question q;
  q.stem = model::Text("Cafe\xCC\x81  au lait?\r\n\r\n\r\nSecond   paragraph.  ");
  q.options.resize(2);
  q.options[0].text = model::Text(" one ");
  q.options[1].text = model::Text("two\t\t");
  q.options[1].correct = true;
  q.tags = {model::Text(" soil"), model::Text(""), model::Text("soil "), model::Text("ph")};
  q.authors.resize(2);
  q.authors[1].name = model::Text(" Ann  Writer ");
  q.authors[1].roles = {model::Text("writer"), model::Text("writer ")};
  q.origin->references = {model::Text(" "), model::Text("book")};
  bank.questions.push_back(q);

  model::NormalizeBank(bank);
  const model::Question& n = bank.questions[0];
  EXPECT_EQ(bank.title.value, "Messy title");
  EXPECT_EQ(n.stem.value, "Caf\xC3\xA9 au lait?\n\nSecond paragraph.");
  EXPECT_EQ(n.options[0].text.value, "one");
  EXPECT_EQ(n.options[1].text.value, "two");
  ASSERT_EQ(n.tags.size(), 2u);
  EXPECT_EQ(n.tags[0].value, "soil");
  EXPECT_EQ(n.tags[1].value, "ph");
  ASSERT_EQ(n.authors.size(), 1u);
  EXPECT_EQ(n.authors[0].name.value, "Ann Writer");
  EXPECT_EQ(n.authors[0].roles.size(), 1u);
  EXPECT_EQ(n.origin->references.size(), 1u);
  EXPECT_EQ(n.id.value, model::DeriveQuestionId(n));
  EXPECT_EQ(n.id.value.substr(0, 2), "q-");

  std::string once = WriteBank(bank);
  model::Bank reread;
  ASSERT_TRUE(Read("n.json", once, reread).ok());
  model::NormalizeBank(reread);
  EXPECT_EQ(WriteBank(reread), once);
}

TEST(NormalizeTest, VerbatimOnlyWhileUnchanged) {
  model::Bank bank;
  ASSERT_TRUE(Read("bank.json", kCanonical, bank).ok());
  bank.questions[0].stem.value += "  ";
  model::NormalizeBank(bank);
  EXPECT_FALSE(bank.questions[0].stem.verbatim);
  EXPECT_TRUE(bank.questions[0].options[0].text.verbatim);
  EXPECT_EQ(bank.questions[0].stem.span.line, 16u);
  EXPECT_EQ(bank.questions[0].id.value, "grd-001");
}

TEST(JsonFormatTest, RegisteredDetectedAndLossless) {
  const formats::Format* json = formats::Registry::Default().Find("json");
  ASSERT_NE(json, nullptr);
  EXPECT_EQ(formats::Registry::Default().Detect("bank.json", kCanonical), json);
  EXPECT_EQ(json->Sniff("x", "\xEF\xBB\xBF\n  {\"qbank\": 1}"), 90);
  EXPECT_EQ(json->Sniff("x", "{\"name\": 1}"), 10);
  EXPECT_EQ(json->Sniff("x", "Question text\nA) one"), 0);
  // A lint baseline is not a bank: as the baseline writer sorts its members ("entries" first,
  // "kind" past the entries, however many), and written by hand with "kind" first.
  std::string baseline = "{\n  \"entries\": [\n";
  for (int i = 0; i < 100; ++i) {
    baseline +=
        "    {\"fingerprint\": \"5f0c3a9e12d4b7a8\", \"message\": \"option C has no "
        "rationale\", \"question\": \"q" +
        std::to_string(i) + "\", \"rule\": \"missing-rationale\"},\n";
  }
  baseline += "  ],\n  \"generator\": \"qbank\",\n  \"kind\": \"qbank-baseline\"\n}\n";
  EXPECT_EQ(json->Sniff("x", baseline), 0);
  EXPECT_EQ(json->Sniff("x", "{ \"kind\" : \"qbank-baseline\", \"version\": 1, \"entries\": []}"),
            0);
  EXPECT_EQ(json->Sniff("x", "{\"kind\": \"quiz\", \"qbank\": 1}"), 90);

  model::Bank bank;
  auto src = std::make_shared<const SourceText>("bank.json", kCanonical);
  formats::ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(src);
  ASSERT_TRUE(json->Import(*src, ctx).ok());
  formats::LossReport loss;
  Result<std::string> out = json->Export(bank, {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(loss.empty());
  EXPECT_EQ(*out, CanonicalOutput());

  // Export normalises a copy; the bank itself is untouched.
  bank.questions[1].id = model::Text();
  out = json->Export(bank, {}, loss);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(bank.questions[1].id.empty());
  EXPECT_NE(out->find("\"id\": \"" + model::DeriveQuestionId(bank.questions[1]) + "\""),
            std::string::npos);

  // Extensions that are not objects cannot be written and are reported.
  bank.questions[0].options[0].extensions = model::Value("loose");
  out = json->Export(bank, {}, loss);
  EXPECT_EQ(loss.Summary(), "  extensions: 1 value dropped\n");
}

TEST(JsonFormatTest, ImportHonoursEncoding) {
  const formats::Format* json = formats::Registry::Default().Find("json");
  ASSERT_NE(json, nullptr);
  // "Caf\xE9" in ISO-8859-1.
  std::string latin1 = "{\"qbank\": 1, \"questions\": [{\"stem\": \"Caf\xE9 cr\xE8me?\"}]}";
  model::Bank bank;
  auto src = std::make_shared<const SourceText>("latin1.json", latin1);
  formats::ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(src);
  Status status = json->Import(*src, ctx);
  EXPECT_EQ(status.ToString(), "latin1.json:1:41: expected valid UTF-8, found the byte 0xE9");
  ctx.encoding = "ISO-8859-1";
  status = json->Import(*src, ctx);
  ASSERT_TRUE(status.ok()) << status.ToString();
  ASSERT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(bank.questions[0].stem.value, "Caf\xC3\xA9 cr\xC3\xA8me?");
  EXPECT_EQ(bank.questions[0].stem.span.column, 38u);
  EXPECT_EQ(bank.SourcePath(bank.questions[0].stem.span.file), "latin1.json");
}

TEST(JsonFormatTest, ImportErrorsAddNothing) {
  const formats::Format* json = formats::Registry::Default().Find("json");
  ASSERT_NE(json, nullptr);
  model::Bank bank;
  auto src = std::make_shared<const SourceText>("b.json", "{\"qbank\": 1, \"questions\": [{}, 3]}");
  formats::ImportContext ctx;
  ctx.bank = &bank;
  ctx.file = bank.AddSource(src);
  Status status = json->Import(*src, ctx);
  EXPECT_EQ(status.ToString(), "b.json:1:32: questions[1]: expected object, found integer");
  EXPECT_TRUE(bank.questions.empty());
}

TEST(JsonFormatTest, FmtIsIdempotent) {
  InMemoryFileSystem fs;
  fs.Add("messy.json",
         "{\"title\": \"  Two   spaces\", \"qbank\": 1, \"questions\": [{\"stem\": "
         "\"Cafe\u0301 ?  \\n\\n\\n\\nNext\", \"tags\": [\"b\", \"a\", \"b\"], \"options\": "
         "[{\"correct\": true, \"text\": \" yes \"}]}]}");
  commands::FmtOptions options;
  options.inputs = {"messy.json"};
  std::ostringstream out;
  std::ostringstream err;
  ASSERT_EQ(commands::RunFmt(options, fs, out, err), commands::kExitOk) << err.str();
  std::string once = out.str();
  EXPECT_EQ(once,
            "{\n  \"qbank\": 1,\n  \"title\": \"Two spaces\",\n  \"questions\": [\n    {\n"
            "      \"id\": \"q-" +
                model::DeriveQuestionId([] {
                  model::Question q;
                  q.stem = model::Text("Caf\xC3\xA9 ?\n\nNext");
                  q.options.resize(1);
                  q.options[0].text = model::Text("yes");
                  return q;
                }())
                    .substr(2) +
                "\",\n      \"type\": \"single\",\n      \"stem\": \"Caf\xC3\xA9 ?\\n\\nNext\",\n"
                "      \"options\": [\n        {\n          \"text\": \"yes\",\n"
                "          \"correct\": true\n        }\n      ],\n      \"tags\": [\n"
                "        \"b\",\n        \"a\"\n      ]\n    }\n  ]\n}\n");
  // The normalised output is a fixed point: --check passes and --write changes nothing.
  fs.Add("normal.json", once);
  options.inputs = {"normal.json"};
  options.check = true;
  std::ostringstream out2;
  EXPECT_EQ(commands::RunFmt(options, fs, out2, err), commands::kExitOk) << err.str();
  options.inputs = {"messy.json"};
  EXPECT_EQ(commands::RunFmt(options, fs, out2, err), commands::kExitCheckFailed);
  EXPECT_NE(err.str().find("messy.json:1:2: not normalised"), std::string::npos) << err.str();
}

std::string ReadSourceFile(const std::string& relative) {
  std::FILE* f = std::fopen((std::string(QBANK_SOURCE_DIR) + "/" + relative).c_str(), "rb");
  if (f == nullptr) return "";
  std::string content;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) content.append(buf, n);
  std::fclose(f);
  return content;
}

TEST(BankFormatDocTest, ExampleIsACanonicalBank) {
  std::string doc = ReadSourceFile("docs/bank-format.md");
  ASSERT_FALSE(doc.empty());
  size_t begin = doc.find("```json\n");
  ASSERT_NE(begin, std::string::npos);
  begin += 8;
  size_t end = doc.find("```", begin);
  std::string example = doc.substr(begin, end - begin);
  model::Bank bank;
  Status status = Read("docs/bank-format.md", example, bank);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(bank.questions.size(), 1u);
  EXPECT_EQ(WriteBank(bank), example);
  model::NormalizeBank(bank);
  EXPECT_EQ(WriteBank(bank), example);
}

TEST(BankSchemaTest, EmbeddedSchemaMatchesTheFile) {
  std::string disk = ReadSourceFile("schemas/bank.schema.json");
  ASSERT_FALSE(disk.empty());
  EXPECT_EQ(BankSchemaText(), disk);
  // It is a valid schema, and validates the canonical sample.
  Result<Schema> schema = Schema::Load(SourceText("bank.schema.json", disk));
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  EXPECT_TRUE(schema->Validate(SourceText("bank.json", kCanonical)).ok());
}

// A bank of `count` generated questions with every field used, about 500 bytes each.
model::Bank GeneratedBank(int count) {
  model::Bank bank;
  bank.id = model::Text("generated");
  bank.title = model::Text("Generated bank");
  for (int i = 0; i < count; ++i) {
    model::Question q;
    std::string n = std::to_string(i);
    q.id = model::Text("gen-" + n);
    q.domain = model::Text("Domain " + std::to_string(i % 7));
    std::string stem = "Generated question number " + n;
    stem += ": which of these statements about item ";
    stem += n;
    stem += " holds?";
    q.stem = model::Text(stem);
    q.trap = model::Text("A trap note for question " + n + ".");
    for (int k = 0; k < 4; ++k) {
      model::Option o;
      o.text = model::Text("Option " + std::string(1, static_cast<char>('A' + k)) + " for " + n);
      o.correct = k == i % 4;
      o.rationale = model::Text("Why option " + std::to_string(k) + " is " +
                                (o.correct ? "right" : "wrong") + " here.");
      q.options.push_back(std::move(o));
    }
    q.explanation = model::Text("The explanation of question " + n + ", with a \"quote\".");
    q.tags = {model::Text("generated"), model::Text("t" + std::to_string(i % 13))};
    q.review->date = model::Text("2025-01-15");
    bank.questions.push_back(std::move(q));
  }
  return bank;
}

TEST(BankReaderTest, LargeBankReadsAndRoundTrips) {
  constexpr int kCount = 50000;
  std::string text = WriteBank(GeneratedBank(kCount));
  EXPECT_GT(text.size(), 50u * 1000 * 1000);
  auto start = std::chrono::steady_clock::now();
  model::Bank bank;
  Status status = Read("big.json", text, bank);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(status.ok()) << status.ToString();
  ASSERT_EQ(bank.questions.size(), static_cast<size_t>(kCount));
  EXPECT_EQ(bank.questions.back().id.value, "gen-" + std::to_string(kCount - 1));
  const model::Text& last = bank.questions.back().options[3].rationale;
  EXPECT_GT(last.span.line, 1000000u);
  EXPECT_EQ(bank.Source(0)->Line(last.span.line).substr(last.span.column - 1, last.value.size()),
            last.value);
  RecordProperty("bytes", std::to_string(text.size()));
  RecordProperty("read_seconds", std::to_string(seconds));
  std::printf("read %zu bytes, %d questions in %.3f s\n", text.size(), kCount, seconds);
  EXPECT_EQ(WriteBank(bank), text);
}

}  // namespace
}  // namespace qbank::json
