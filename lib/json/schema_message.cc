// The wording of a JSON Schema refusal (see schema_message.h). One function per kind of keyword;
// SchemaMessage picks one and prefixes the instance path.
#include "json/schema_message.h"

#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "base/suggest.h"

namespace qbank::json {
namespace {

// Compact JSON of a schema value, for messages.
std::string SchemaValueText(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  v.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

bool IsPlainKey(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-' || c == '$';
    if (!ok) return false;
  }
  return true;
}

void AppendPathKey(std::string_view key, std::string& path) {
  if (IsPlainKey(key)) {
    if (!path.empty()) path += '.';
    path += key;
  } else {
    path += '[';
    AppendQuoted(key, path);
    path += ']';
  }
}

// The instance path of the refused value, RapidJSON's JSON Pointer tokens shown as `a.b[3]`;
// whether a token is an index or a key is decided by the container open at that depth. When a
// member name was refused (`at_key`), its name is the last token: it goes to `refused_key`, not
// into the path.
std::string InstancePath(const rapidjson::Pointer& pointer, const std::vector<const Node*>& open,
                         bool at_key, std::string& refused_key) {
  std::string path;
  size_t count = pointer.GetTokenCount();
  for (size_t i = 0; i < count; ++i) {
    const rapidjson::Pointer::Token& token = pointer.GetTokens()[i];
    std::string_view name(token.name, token.length);
    if (at_key && i + 1 == count) {
      refused_key = std::string(name);
      break;
    }
    if (i < open.size() && open[i]->is_array()) {
      path += '[' + std::string(name) + ']';
    } else {
      AppendPathKey(name, path);
    }
  }
  return path;
}

// "type": "expected string or integer, found array".
std::string TypeExpectation(const rapidjson::Value& types, Kind found) {
  std::vector<std::string> names;
  if (types.IsString()) names.emplace_back(types.GetString());
  if (types.IsArray()) {
    for (const auto& t : types.GetArray()) {
      if (t.IsString()) names.emplace_back(t.GetString());
    }
  }
  std::string what = "expected ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) what += i + 1 == names.size() ? " or " : ", ";
    what += names[i];
  }
  return what + ", found " + std::string(KindName(found));
}

// "enum": "expected one of "a", "b"" (the first 20 values, then "...").
std::string EnumExpectation(const rapidjson::Value& values) {
  std::string what = values.Size() == 1 ? "expected " : "expected one of ";
  rapidjson::SizeType i = 0;
  for (const auto& v : values.GetArray()) {
    if (i > 0) what += ", ";
    if (i++ == 20) {
      what += "...";
      break;
    }
    what += SchemaValueText(v);
  }
  return what;
}

// "required": the members `object` lacks, "expected members "a", "b"".
std::string RequiredExpectation(const rapidjson::Value& required, const Node& object) {
  std::vector<std::string> missing;
  for (const auto& name : required.GetArray()) {
    if (name.IsString() && object.Find(name.GetString()) == nullptr) {
      missing.push_back(SchemaValueText(name));
    }
  }
  std::string what = missing.size() == 1 ? "expected member " : "expected members ";
  for (size_t i = 0; i < missing.size(); ++i) what += (i > 0 ? ", " : "") + missing[i];
  return what;
}

// "additionalProperties": `unexpected member "stme"`, then the known member Suggest finds (most
// likely a typo) or else every known member.
std::string UnexpectedMember(const std::string& key, const rapidjson::Value* subschema) {
  std::string what = "unexpected member ";
  AppendQuoted(key, what);
  const rapidjson::Value* properties = nullptr;
  if (subschema != nullptr && subschema->IsObject()) {
    auto it = subschema->FindMember("properties");
    if (it != subschema->MemberEnd() && it->value.IsObject()) properties = &it->value;
  }
  if (properties == nullptr || properties->MemberCount() == 0) return what;
  std::vector<std::string> names;
  for (const auto& m : properties->GetObject()) {
    names.emplace_back(m.name.GetString(), m.name.GetStringLength());
  }
  if (std::optional<std::string> near = Suggest(key, names)) {
    what += "; did you mean ";
    AppendQuoted(*near, what);
    return what + "?";
  }
  what += "; expected one of ";
  bool first = true;
  for (const auto& m : properties->GetObject()) {
    if (!first) what += ", ";
    first = false;
    what += SchemaValueText(m.name);
  }
  return what;
}

// Keywords that bound a value by their argument `arg` ("expected a number >= 1", "expected at
// most 20 characters", ...); empty for any other keyword. `subschema` holds `keyword`.
std::string BoundExpectation(std::string_view keyword, const rapidjson::Value& arg,
                             const rapidjson::Value& subschema) {
  std::string value = SchemaValueText(arg);
  if (keyword == "minimum" || keyword == "maximum") {
    bool minimum = keyword == "minimum";
    auto it = subschema.FindMember(minimum ? "exclusiveMinimum" : "exclusiveMaximum");
    bool exclusive = it != subschema.MemberEnd() && it->value.IsBool() && it->value.GetBool();
    return std::string("expected a number ") + (minimum ? ">" : "<") + (exclusive ? " " : "= ") +
           value;
  }
  if (keyword == "multipleOf") return "expected a multiple of " + value;
  if (keyword == "pattern") return "expected a string matching " + value;
  struct Count {
    std::string_view at_least, at_most, unit;
  };
  static constexpr Count kCounts[] = {{"minLength", "maxLength", "characters"},
                                      {"minItems", "maxItems", "items"},
                                      {"minProperties", "maxProperties", "members"}};
  for (const Count& c : kCounts) {
    if (keyword == c.at_least || keyword == c.at_most) {
      return std::string("expected ") + (keyword == c.at_least ? "at least " : "at most ") + value +
             " " + std::string(c.unit);
    }
  }
  return "";
}

// Keywords whose message does not depend on their argument; nullptr for any other keyword.
const char* FixedExpectation(std::string_view keyword) {
  static constexpr std::pair<std::string_view, const char*> kPhrases[] = {
      {"additionalItems", "expected no more items than the schema lists"},
      {"allOf", "expected a value matching all of the required forms"},
      {"anyOf", "expected a value matching at least one of the allowed forms"},
      {"dependencies", "expected the members its other members depend on"},
      {"not", "expected a value not matching the excluded form"},
      {"oneOf", "expected a value matching exactly one of the allowed forms"},
      {"uniqueItems", "expected unique items"},
  };
  for (const auto& [name, phrase] : kPhrases) {
    if (keyword == name) return phrase;
  }
  return nullptr;
}

}  // namespace

std::string SchemaMessage(const rapidjson::SchemaValidator& validator,
                          const rapidjson::Value& schema_document,
                          const std::vector<const Node*>& open, Kind found, bool at_key) {
  std::string refused_key;
  std::string path = InstancePath(validator.GetInvalidDocumentPointer(), open, at_key, refused_key);

  std::string keyword =
      validator.GetInvalidSchemaKeyword() != nullptr ? validator.GetInvalidSchemaKeyword() : "";
  const rapidjson::Value* subschema = validator.GetInvalidSchemaPointer().Get(schema_document);
  const rapidjson::Value* arg = nullptr;
  if (subschema != nullptr && subschema->IsObject()) {
    auto it = subschema->FindMember(keyword.c_str());
    if (it != subschema->MemberEnd()) arg = &it->value;
  }

  std::string what;
  if (keyword == "additionalProperties") {
    what = UnexpectedMember(refused_key, subschema);
  } else if (const char* phrase = FixedExpectation(keyword)) {
    what = phrase;
  } else if (arg != nullptr && keyword == "type") {
    what = TypeExpectation(*arg, found);
  } else if (arg != nullptr && keyword == "enum" && arg->IsArray()) {
    what = EnumExpectation(*arg);
  } else if (arg != nullptr && keyword == "required" && arg->IsArray() && !open.empty()) {
    what = RequiredExpectation(*arg, *open.back());
  } else if (arg != nullptr) {
    what = BoundExpectation(keyword, *arg, *subschema);
  }
  if (what.empty()) what = "expected a value the schema allows (it fails \"" + keyword + "\")";
  return path.empty() ? what : path + ": " + what;
}

}  // namespace qbank::json
