// The wording of a JSON Schema refusal: what RapidJSON's SchemaValidator reports (the instance
// path, the failing keyword and its subschema) turned into "<path>: expected ...". Internal to
// json/ (it names RapidJSON types); used by the parser in document.cc.
#ifndef QBANK_JSON_SCHEMA_MESSAGE_H_
#define QBANK_JSON_SCHEMA_MESSAGE_H_

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include <string>
#include <vector>

#include "json/document.h"

namespace qbank::json {

// The message for the refusal `validator` has just reported, e.g. `questions[2].options: expected
// at least 2 items` or `unexpected member "stme"; did you mean "stem"?` at the top level.
// `schema_document` is the schema as written (for keyword arguments), `open` the containers open in
// the document at the refusal, outermost first (for the path and for "required"), `found` the kind
// of the refused value, and `at_key` whether a member name was refused (additionalProperties).
std::string SchemaMessage(const rapidjson::SchemaValidator& validator,
                          const rapidjson::Value& schema_document,
                          const std::vector<const Node*>& open, Kind found, bool at_key);

}  // namespace qbank::json

#endif  // QBANK_JSON_SCHEMA_MESSAGE_H_
