// Tests for the located JSON parser, schema validation messages and the value writer.
#include "json/document.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

namespace qbank::json {
namespace {

std::string ParseError(const std::string& text, const ParseOptions& options = {}) {
  SourceText src("in.json", text);
  Result<Node> node = Parse(src, options);
  if (node.ok()) return "OK";
  EXPECT_TRUE(node.status().IsInvalidInput());
  return node.status().ToString();
}

TEST(JsonParseTest, BuildsLocatedTree) {
  SourceText src("in.json",
                 "{\n  \"a\": [1, 2.5, true, null],\n  \"b\": \"x\\ny\",\n  \"c\": \"plain\"\n}\n");
  Result<Node> node = Parse(src);
  ASSERT_TRUE(node.ok()) << node.status().ToString();
  ASSERT_TRUE(node->is_object());
  ASSERT_EQ(node->members().size(), 3u);
  EXPECT_EQ(node->members()[0].key, "a");
  EXPECT_EQ(node->members()[1].key, "b");
  EXPECT_EQ(node->members()[2].key, "c");
  const Member& a = node->members()[0];
  EXPECT_EQ(src.content().substr(a.key_begin, a.key_end - a.key_begin), "\"a\"");
  const Node& array = a.value;
  ASSERT_TRUE(array.is_array());
  ASSERT_EQ(array.items().size(), 4u);
  EXPECT_EQ(array.items()[0].as_int(), 1);
  EXPECT_DOUBLE_EQ(array.items()[1].as_double(), 2.5);
  EXPECT_TRUE(array.items()[2].as_bool());
  EXPECT_TRUE(array.items()[3].is_null());
  EXPECT_EQ(src.content().substr(array.begin(), array.end() - array.begin()),
            "[1, 2.5, true, null]");
  EXPECT_EQ(src.content().substr(array.items()[1].begin(), 3), "2.5");
  EXPECT_EQ(array.items()[3].end() - array.items()[3].begin(), 4u);
  const Node* b = node->Find("b");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->as_string(), "x\ny");
  EXPECT_TRUE(b->escaped());
  EXPECT_EQ(src.PositionAt(b->begin()).line, 3u);
  EXPECT_EQ(src.PositionAt(b->begin()).column, 8u);
  EXPECT_FALSE(node->Find("c")->escaped());
  EXPECT_EQ(node->Find("missing"), nullptr);
  EXPECT_EQ(node->begin(), 0u);
  EXPECT_EQ(node->end(), src.content().size() - 1);
}

TEST(JsonParseTest, StringBeginSkipsEscapedQuotes) {
  SourceText src("in.json", R"(["a\"b\\", "c"])");
  Result<Node> node = Parse(src);
  ASSERT_TRUE(node.ok()) << node.status().ToString();
  EXPECT_EQ(node->items()[0].as_string(), "a\"b\\");
  EXPECT_EQ(node->items()[0].begin(), 1u);
  EXPECT_EQ(node->items()[1].begin(), 11u);
}

TEST(JsonParseTest, ToValueKeepsKindsAndNesting) {
  SourceText src("in.json", R"({"z": [1, -2, 3.0, "s", false], "a": {"b": null}})");
  Result<Node> node = Parse(src);
  ASSERT_TRUE(node.ok());
  model::Value v = node->ToValue();
  ASSERT_TRUE(v.is_object());
  const model::Value* z = v.Find("z");
  ASSERT_NE(z, nullptr);
  EXPECT_TRUE(z->as_array()[0].is_int());
  EXPECT_EQ(z->as_array()[1].as_int(), -2);
  EXPECT_TRUE(z->as_array()[2].is_double());
  EXPECT_EQ(z->as_array()[3].as_string(), "s");
  EXPECT_TRUE(v.Find("a")->Find("b")->is_null());
  EXPECT_EQ(WriteValue(v, 0), R"({"a":{"b":null},"z":[1,-2,3.0,"s",false]})");
}

TEST(JsonParseTest, SyntaxErrorsNameLineAndColumn) {
  EXPECT_EQ(ParseError("{\n  \"a\": 1,\n  \"b\" 2\n}"),
            "in.json:3:7: expected ':' after the member name");
  EXPECT_EQ(ParseError("{\n  \"a\": 1\n  \"b\": 2\n}"),
            "in.json:3:3: expected ',' or '}' after an object member");
  EXPECT_EQ(ParseError("[1, 2,, 3]"),
            "in.json:1:7: expected a value (object, array, string, number, true, false or null)");
  EXPECT_EQ(ParseError("{\"a\": tru}"),
            "in.json:1:7: expected a value (object, array, string, number, true, false or null)");
  EXPECT_EQ(ParseError("{1: 2}"), "in.json:1:2: expected a member name in double quotes");
  EXPECT_EQ(ParseError("[1] [2]"),
            "in.json:1:5: expected the end of the file after the top-level value");
  EXPECT_EQ(ParseError(""), "in.json:1:1: expected a JSON value, found the end of the file");
  EXPECT_EQ(ParseError("  \n "), "in.json:2:2: expected a JSON value, found the end of the file");
  EXPECT_EQ(ParseError("[\"a\\q\"]"),
            "in.json:1:4: expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)");
  EXPECT_EQ(ParseError("[\"\\u12G4\"]"), "in.json:1:3: expected four hexadecimal digits after \\u");
  EXPECT_EQ(ParseError("[1.]"), "in.json:1:4: expected a digit after the decimal point");
  EXPECT_EQ(ParseError("[\"a\nb\"]"),
            "in.json:1:4: expected an escape sequence instead of a raw control character in a "
            "string");
}

TEST(JsonParseTest, HandEditingSlipsGetAHint) {
  EXPECT_EQ(ParseError("{\"a\": 1,\n}"),
            "in.json:2:1: expected a member name in double quotes (JSON allows no comma before "
            "'}')");
  EXPECT_EQ(ParseError("[1, 2, ]"),
            "in.json:1:8: expected a value (object, array, string, number, true, false or null) "
            "(JSON allows no comma before ']')");
  EXPECT_EQ(ParseError("{\n  // note\n  \"a\": 1}"),
            "in.json:2:3: expected a member name in double quotes (JSON has no comments)");
  EXPECT_EQ(
      ParseError("{'a': 1}"),
      "in.json:1:2: expected a member name in double quotes (JSON strings take double quotes)");
  EXPECT_EQ(ParseError("{\"a\": True}"),
            "in.json:1:7: expected a value (object, array, string, number, true, false or null) "
            "(the JSON literals true, false and null are lower case)");
  EXPECT_EQ(ParseError("[NaN]"),
            "in.json:1:2: expected a value (object, array, string, number, true, false or null) "
            "(JSON has no such literal: use null, or a number)");
  EXPECT_EQ(ParseError("{\"a\": ]"),
            "in.json:1:7: expected a value (object, array, string, number, true, false or null)");
}

TEST(JsonParseTest, TruncatedFileNamesTheEnd) {
  EXPECT_EQ(ParseError("{\n  \"a\": [1, 2"),
            "in.json:2:13: expected ',' or ']', found the end of the file");
  EXPECT_EQ(ParseError("{\n  \"a\": \"unfinished"),
            "in.json:2:19: expected '\"' to close the string, found the end of the file");
  EXPECT_EQ(ParseError("{\n  \"a\": 1,"),
            "in.json:2:10: expected a member name, found the end of the file");
  EXPECT_EQ(ParseError("{\"a\":"), "in.json:1:6: expected a value, found the end of the file");
  EXPECT_EQ(ParseError("{\"a\": 1"), "in.json:1:8: expected ',' or '}', found the end of the file");
}

TEST(JsonParseTest, InvalidUtf8NamesTheByte) {
  EXPECT_EQ(ParseError("{\n  \"a\": \"ok \xC3\xA9 then \xFF here\"\n}"),
            "in.json:2:19: expected valid UTF-8, found the byte 0xFF");
  EXPECT_EQ(ParseError("{\n  \"caf\xC3\": 1}"),
            "in.json:2:7: expected valid UTF-8, found the byte 0xC3");
  EXPECT_EQ(ParseError("[1, \xE9]"), "in.json:1:5: expected valid UTF-8, found the byte 0xE9");
  // A multi-byte sequence cut off by the end of the file (found by fuzzing: it once read past the
  // end of the buffer).
  EXPECT_EQ(ParseError("[\"a string long enough to live on the heap \xF0"),
            "in.json:1:44: expected valid UTF-8, found the byte 0xF0");
  EXPECT_EQ(ParseError("{\"key \xE2\x82"),
            "in.json:1:7: expected valid UTF-8, found the byte 0xE2");
  EXPECT_EQ(ParseError(std::string("[1,\0 2]", 7)),
            "in.json:1:4: expected JSON text, found a NUL byte");
}

// Strings are copied eight bytes at a time up to the first quote, backslash or control character
// (the parse of text already checked as UTF-8): every string the writer makes reads back, and a
// raw control character or a string cut off by the end is placed where it is.
TEST(JsonParseTest, StringsReadBackWhateverStopsTheirRuns) {
  const std::string pieces[] = {"abcdefgh", "a",    "bc",   " ",      "\"",           "\\", "\n",
                                "\t",       "\x1f", "\x7f", "\u00e9", "\xe2\x9c\x93", "/"};
  std::mt19937 rng(13);
  for (int n = 0; n < 5000; ++n) {
    std::string s;
    size_t length = rng() % 24;
    for (size_t k = 0; k < length; ++k) s += pieces[rng() % std::size(pieces)];
    model::Value v;
    v["text"] = s;
    Result<Node> node = Parse(SourceText("s.json", WriteValue(v)));
    ASSERT_TRUE(node.ok()) << node.status().ToString();
    ASSERT_EQ(node->ToValue(), v) << "'" << s << "'";
  }
  for (size_t pad = 0; pad < 20; ++pad) {
    const std::string text(pad, 'x');
    EXPECT_EQ(ParseError("[\"" + text + "\x01 rest\"]"),
              "in.json:1:" + std::to_string(3 + pad) +
                  ": expected an escape sequence instead of a raw control character in a string")
        << pad;
    EXPECT_NE(ParseError("[\"" + text).find("in.json:1:"), std::string::npos) << pad;
  }
}

TEST(JsonParseTest, ByteOrderMarkIsSkipped) {
  SourceText src("in.json", "\xEF\xBB\xBF{\"a\": 1}");
  Result<Node> node = Parse(src);
  ASSERT_TRUE(node.ok()) << node.status().ToString();
  EXPECT_EQ(node->begin(), 3u);
}

TEST(JsonParseTest, DeepNestingIsACleanError) {
  std::string deep(10000, '[');
  deep += std::string(10000, ']');
  EXPECT_EQ(ParseError(deep),
            "in.json:1:513: expected at most 512 levels of nested arrays and objects (nesting "
            "deeper than 512 levels)");
  std::string objects;
  for (int i = 0; i < 10000; ++i) objects += "{\"a\":";
  EXPECT_NE(ParseError(objects).find("nesting deeper than 512 levels"), std::string::npos);
  ParseOptions shallow;
  shallow.max_depth = 3;
  EXPECT_EQ(ParseError("[[[1]]]", shallow), "OK");
  EXPECT_EQ(ParseError("[[[[1]]]]", shallow),
            "in.json:1:4: expected at most 3 levels of nested arrays and objects (nesting deeper "
            "than 3 levels)");
  // Up to the limit is fine.
  std::string ok(512, '[');
  ok += std::string(512, ']');
  EXPECT_EQ(ParseError(ok), "OK");
}

TEST(JsonParseTest, LargeNumbers) {
  SourceText src("in.json",
                 "[9223372036854775807, 18446744073709551615, -9223372036854775808, 1e400]");
  Result<Node> node = Parse(src);
  ASSERT_FALSE(node.ok());
  EXPECT_EQ(node.status().ToString(), "in.json:1:67: expected a number that fits in a double");
  SourceText fits("in.json", "[9223372036854775807, 18446744073709551615, -9223372036854775808]");
  node = Parse(fits);
  ASSERT_TRUE(node.ok());
  EXPECT_EQ(node->items()[0].as_int(), 9223372036854775807LL);
  EXPECT_TRUE(node->items()[1].is_double());
  EXPECT_TRUE(node->items()[2].is_int());
  // Exact conversion of doubles, underflow to zero, integers beyond 64 bits as doubles.
  SourceText doubles(
      "in.json",
      "[0.1, 2.5e-3, -0.0, 1e-400, 123456789012345678901234567890, 1.7976931348623157e308]");
  node = Parse(doubles);
  ASSERT_TRUE(node.ok()) << node.status().ToString();
  EXPECT_EQ(node->items()[0].as_double(), 0.1);
  EXPECT_EQ(node->items()[1].as_double(), 2.5e-3);
  EXPECT_TRUE(node->items()[2].is_double());
  EXPECT_EQ(node->items()[3].as_double(), 0.0);
  EXPECT_EQ(node->items()[4].as_double(), 123456789012345678901234567890.0);
  EXPECT_EQ(node->items()[5].as_double(), 1.7976931348623157e308);
  EXPECT_EQ(ParseError("[1.8e308]"), "in.json:1:2: expected a number that fits in a double");
  // RapidJSON refuses a huge exponent before looking at the digits.
  EXPECT_EQ(ParseError("[0e99999999999]"), "in.json:1:2: expected a number that fits in a double");
  EXPECT_EQ(ParseError("[1, 2e0400]"), "in.json:1:5: expected a number that fits in a double");
}

constexpr char kSchema[] = R"({
  "$schema": "http://json-schema.org/draft-04/schema#",
  "type": "object",
  "required": ["version"],
  "additionalProperties": false,
  "properties": {
    "version": {"enum": [1]},
    "name": {"type": "string", "minLength": 1},
    "date": {"type": "string", "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$"},
    "size": {"type": "integer", "minimum": 0},
    "questions": {"type": "array", "items": {"$ref": "#/definitions/question"}},
    "tags": {"type": "array", "minItems": 1, "items": {"type": "string"}}
  },
  "definitions": {
    "question": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "stem": {"type": "string"},
        "options": {"type": "array", "items": {"$ref": "#/definitions/option"}}
      }
    },
    "option": {
      "type": "object",
      "required": ["correct"],
      "additionalProperties": false,
      "properties": {
        "text": {"type": "string"},
        "correct": {"type": "boolean"}
      }
    }
  }
})";

std::string SchemaError(const std::string& text) {
  SourceText schema_src("schema.json", kSchema);
  SourceText src("bank.json", text);
  Status status = ValidateSchema(src, schema_src);
  return status.ok() ? "OK" : status.ToString();
}

TEST(JsonSchemaTest, ValidDocumentPasses) {
  EXPECT_EQ(SchemaError(R"({"version": 1, "name": "n", "date": "2024-05-31", "size": 3,
    "questions": [{"stem": "s", "options": [{"text": "a", "correct": true}]}]})"),
            "OK");
}

TEST(JsonSchemaTest, WrongTypeNamesInstancePathAndPosition) {
  std::string doc = R"({
  "version": 1,
  "questions": [
    {"stem": "one", "options": []},
    {"stem": "two"},
    {"stem": "three"},
    {
      "stem": "four",
      "options": [
        {"text": "a", "correct": false},
        {"text": "b", "correct": "yes"}
      ]
    }
  ]
})";
  EXPECT_EQ(SchemaError(doc),
            "bank.json:11:34: questions[3].options[1].correct: expected boolean, found string");
}

TEST(JsonSchemaTest, KeywordMessages) {
  EXPECT_EQ(SchemaError("{}"), "bank.json:1:1: expected member \"version\"");
  EXPECT_EQ(SchemaError("{\"version\": 2}"), "bank.json:1:13: version: expected 1");
  EXPECT_EQ(SchemaError("{\"version\": 1,\n \"colour\": 1}"),
            "bank.json:2:2: unexpected member \"colour\"; expected one of \"version\", \"name\", "
            "\"date\", \"size\", \"questions\", \"tags\"");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"size\": -1}"),
            "bank.json:1:24: size: expected a number >= 0");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"size\": 1.5}"),
            "bank.json:1:24: size: expected integer, found number");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"date\": \"2024-13\"}"),
            "bank.json:1:24: date: expected a string matching "
            "\"^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$\"");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"name\": \"\"}"),
            "bank.json:1:24: name: expected at least 1 characters");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"tags\": []}"),
            "bank.json:1:24: tags: expected at least 1 items");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"questions\": [{\"options\": [{\"text\": \"a\"}]}]}"),
            "bank.json:1:43: questions[0].options[0]: expected member \"correct\"");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"questions\": [{\"stem\": \"s\", \"odd key\": 1}]}"),
            "bank.json:1:44: questions[0]: unexpected member \"odd key\"; expected one of "
            "\"stem\", \"options\"");
  EXPECT_EQ(SchemaError("{\"version\": 1, \"questions\": {}}"),
            "bank.json:1:29: questions: expected array, found object");
  EXPECT_EQ(SchemaError("[]"), "bank.json:1:1: expected object, found array");
}

TEST(JsonSchemaTest, PathsSpellAwkwardKeys) {
  SourceText schema("s.json", R"({"type": "object", "additionalProperties": {"type": "integer"}})");
  auto error = [&](const std::string& text) {
    Status status = ValidateSchema(SourceText("d.json", text), schema);
    return status.ok() ? "OK" : status.ToString();
  };
  EXPECT_EQ(error(R"({"plain_key-1": 1, "a b": "x"})"),
            "d.json:1:27: [\"a b\"]: expected integer, found string");
  EXPECT_EQ(error(R"({"a/b~c": true})"),
            "d.json:1:11: [\"a/b~c\"]: expected integer, found boolean");
  EXPECT_EQ(error(R"({"\u00e9t\u00e9": null})"),
            "d.json:1:19: [\"\xC3\xA9t\xC3\xA9\"]: expected integer, found null");
  EXPECT_EQ(error(R"({"ok": 1, "n": 2.5})"), "d.json:1:16: n: expected integer, found number");
}

TEST(JsonSchemaTest, SyntaxErrorsStillReported) {
  EXPECT_EQ(SchemaError("{\"version\": 1,"),
            "bank.json:1:15: expected a member name, found the end of the file");
  SourceText bad_schema("schema.json", "{\"type\": ");
  SourceText src("bank.json", "{}");
  EXPECT_EQ(ValidateSchema(src, bad_schema).ToString(),
            "schema.json:1:10: expected a value, found the end of the file");
}

TEST(JsonSchemaTest, SchemaIsReusable) {
  Result<Schema> schema = Schema::Load(SourceText("schema.json", kSchema));
  ASSERT_TRUE(schema.ok());
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(schema->Validate(SourceText("a.json", "{\"version\": 1}")).ok());
    EXPECT_FALSE(schema->Validate(SourceText("b.json", "{\"version\": 3}")).ok());
  }
  Result<Node> node =
      schema->ParseAndValidate(SourceText("c.json", "{\"version\": 1, \"name\": \"x\"}"));
  ASSERT_TRUE(node.ok());
  EXPECT_EQ(node->Find("name")->as_string(), "x");
}

TEST(JsonSchemaTest, EmptySchemaIsAnInternalError) {
  Schema empty;
  Status status = empty.Validate(SourceText("a.json", "{}"));
  EXPECT_EQ(status.code(), Status::Code::kInternal);
  EXPECT_EQ(status.ToString(), "internal error: a Schema not made by Schema::Load");
}

TEST(JsonWriteTest, StableIndentedOutput) {
  model::Value v;
  v["b"] = model::Value(model::Value::Array{1, 2.5, "x"});
  v["a"] = model::Value(model::Value::Object{});
  v["c"] = model::Value(model::Value::Array{});
  v["d"] = "caf\xC3\xA9 \"q\" \\ \n\t\x01";
  EXPECT_EQ(WriteValue(v),
            "{\n  \"a\": {},\n  \"b\": [\n    1,\n    2.5,\n    \"x\"\n  ],\n  \"c\": [],\n"
            "  \"d\": \"caf\xC3\xA9 \\\"q\\\" \\\\ \\n\\t\\u0001\"\n}");
  EXPECT_EQ(WriteValue(model::Value(2.0)), "2.0");
  EXPECT_EQ(WriteValue(model::Value(0.1)), "0.1");
  EXPECT_EQ(WriteValue(model::Value(1e300)), "1e+300");
  EXPECT_EQ(WriteValue(model::Value()), "null");
  EXPECT_EQ(WriteValue(model::Value("bad \xFF byte")), "\"bad \xEF\xBF\xBD byte\"");
}

TEST(JsonWriteTest, WriteThenParseGivesSameValue) {
  model::Value v;
  v["list"] =
      model::Value(model::Value::Array{model::Value(int64_t{-5}), 0.25, true, model::Value()});
  v["text"] = "line one\nline two \xE2\x9C\x93";
  v["nested"]["deeper"] = "x";
  std::string text = WriteValue(v);
  Result<Node> node = Parse(SourceText("w.json", text));
  ASSERT_TRUE(node.ok()) << node.status().ToString();
  EXPECT_EQ(node->ToValue(), v);
  EXPECT_EQ(WriteValue(node->ToValue()), text);
}

// AppendQuoted finds the end of a plain run eight bytes at a time. Quoting works character by
// character, so a text quoted whole must equal its pieces quoted one by one: each piece but the
// plain one is shorter than a block (the byte-by-byte path), and in the whole text the bytes that
// stop a run fall at every offset of a block.
TEST(JsonWriteTest, QuotingEightBytesAtATimeMatchesPieceByPiece) {
  const std::string pieces[] = {"abcdefgh",
                                "a",
                                "bc",
                                " ",
                                "\"",
                                "\\",
                                "\n",
                                "\t",
                                std::string(1, '\0'),
                                "\x1f",
                                "\x7f",
                                "\u00e9",
                                "\xe2\x9c\x93",
                                "\xff",
                                "\xc3",
                                "\xed\xa0\x80"};
  auto unquoted = [](std::string_view piece) {
    std::string quoted;
    AppendQuoted(piece, quoted);
    return quoted.substr(1, quoted.size() - 2);
  };
  std::mt19937 rng(11);
  for (int n = 0; n < 20000; ++n) {
    std::string s;
    std::string expected = "\"";
    size_t length = rng() % 24;
    for (size_t k = 0; k < length; ++k) {
      const std::string& piece = pieces[rng() % std::size(pieces)];
      s += piece;
      expected += unquoted(piece);
    }
    expected += '"';
    std::string quoted;
    AppendQuoted(s, quoted);
    ASSERT_EQ(quoted, expected) << "input of " << s.size() << " bytes";
  }
}

}  // namespace
}  // namespace qbank::json
