// JSON reports written a piece at a time: the same bytes as json::WriteValue with indent 2, with
// one array member whose items are produced (and written out) one after another, so a report's
// size never has to fit in memory as a value tree or a string.
#ifndef QBANK_REPORT_JSON_STREAM_H_
#define QBANK_REPORT_JSON_STREAM_H_

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "model/value.h"

namespace qbank::report {

// Appends item `index` to `chunk` as a value nested `level` deep (json::AppendValue's level).
using JsonItemWriter = std::function<void(size_t index, int level, std::string& chunk)>;

// Appends `head` to `chunk` as json::AppendValue(head, 2, level) would, with one more member
// `array_key` (placed in key order among head's members, which must not hold it) holding `count`
// items from `item`. After each item `chunk` is written to `out` and cleared once it holds 64 KiB
// or more; the caller writes what is left.
void AppendObjectWithArray(const model::Value::Object& head, std::string_view array_key,
                           size_t count, const JsonItemWriter& item, int level, std::string& chunk,
                           std::ostream& out);

}  // namespace qbank::report

#endif  // QBANK_REPORT_JSON_STREAM_H_
