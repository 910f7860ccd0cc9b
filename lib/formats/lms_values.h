// Small values the LMS text formats' writers (blackboard, brightspace) write the same way: a
// number as its shortest decimal, and what a question or bank keeps under the format's own
// extension key.
#ifndef QBANK_FORMATS_LMS_VALUES_H_
#define QBANK_FORMATS_LMS_VALUES_H_

#include <string>
#include <string_view>

#include "model/value.h"

namespace qbank::formats {

// `v` as the shortest decimal that reads back as it: "100", "0.5", "1e-07" (an integer below
// 1e15 without a point or exponent).
std::string ShortestNumber(double v);

// The object `extensions` keeps under `format` ("blackboard"), nullptr when it has none.
const model::Value* OwnExtension(const model::Value& extensions, std::string_view format);

// The string under `key` in that object, "" when there is none or it is not a string.
std::string OwnExtensionString(const model::Value& extensions, std::string_view format,
                               const std::string& key);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_LMS_VALUES_H_
