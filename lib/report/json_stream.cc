// The object-with-a-streamed-array writer shared by the JSON and SARIF reports.
#include "report/json_stream.h"

#include "json/document.h"

namespace qbank::report {
namespace {

constexpr size_t kFlushBytes = size_t{1} << 16;

void NewLine(int level, std::string& chunk) {
  chunk += '\n';
  chunk.append(static_cast<size_t>(level) * 2, ' ');
}

}  // namespace

void AppendObjectWithArray(const model::Value::Object& head, std::string_view array_key,
                           size_t count, const JsonItemWriter& item, int level, std::string& chunk,
                           std::ostream& out) {
  chunk += '{';
  bool first = true;
  auto member = [&](std::string_view key) {
    if (!first) chunk += ',';
    first = false;
    NewLine(level + 1, chunk);
    json::AppendQuoted(key, chunk);
    chunk += ": ";
  };
  bool array_done = false;
  auto write_array = [&] {
    array_done = true;
    member(array_key);
    if (count == 0) {
      chunk += "[]";
      return;
    }
    chunk += '[';
    for (size_t i = 0; i < count; ++i) {
      if (i > 0) chunk += ',';
      NewLine(level + 2, chunk);
      item(i, level + 2, chunk);
      if (chunk.size() >= kFlushBytes) {
        out << chunk;
        chunk.clear();
      }
    }
    NewLine(level + 1, chunk);
    chunk += ']';
  };
  for (const auto& [key, value] : head) {
    if (!array_done && key > array_key) write_array();
    member(key);
    json::AppendValue(value, 2, level + 1, chunk);
  }
  if (!array_done) write_array();
  NewLine(level, chunk);
  chunk += '}';
}

}  // namespace qbank::report
