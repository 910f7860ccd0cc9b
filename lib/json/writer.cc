// The JSON writer: model::Value to JSON text (WriteValue, AppendValue, AppendQuoted in
// json/document.h). Deterministic: the same value always gives the same bytes.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/swar.h"
#include "json/document.h"

namespace qbank::json {
namespace {

std::string FormatNumber(double d) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  if (ec != std::errc()) return "0";
  return std::string(buf, end);
}

// Length of the valid UTF-8 sequence at s[i], or 0 when s[i] does not start one (AppendQuoted
// writes U+FFFD for that byte).
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t len = 0;
  uint32_t min = 0;
  uint32_t cp = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2, cp = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, cp = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (size_t k = 1; k < len; ++k) {
    unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

void AppendIndent(int indent, int level, std::string& out) {
  if (indent <= 0) return;
  out += '\n';
  out.append(static_cast<size_t>(indent) * static_cast<size_t>(level), ' ');
}

void WriteValueTo(const model::Value& value, int indent, int level, std::string& out) {
  if (value.is_null()) {
    out += "null";
  } else if (value.is_bool()) {
    out += value.as_bool() ? "true" : "false";
  } else if (value.is_int()) {
    out += std::to_string(value.as_int());
  } else if (value.is_double()) {
    double d = value.as_double();
    if (!std::isfinite(d)) {
      out += "null";
      return;
    }
    std::string s = FormatNumber(d);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    out += s;
  } else if (value.is_string()) {
    AppendQuoted(value.as_string(), out);
  } else if (value.is_array()) {
    const model::Value::Array& a = value.as_array();
    if (a.empty()) {
      out += "[]";
      return;
    }
    out += '[';
    for (size_t i = 0; i < a.size(); ++i) {
      if (i > 0) out += ',';
      AppendIndent(indent, level + 1, out);
      WriteValueTo(a[i], indent, level + 1, out);
    }
    AppendIndent(indent, level, out);
    out += ']';
  } else {
    const model::Value::Object& o = value.as_object();
    if (o.empty()) {
      out += "{}";
      return;
    }
    out += '{';
    bool first = true;
    for (const auto& [key, member] : o) {
      if (!first) out += ',';
      first = false;
      AppendIndent(indent, level + 1, out);
      AppendQuoted(key, out);
      out += indent > 0 ? ": " : ":";
      WriteValueTo(member, indent, level + 1, out);
    }
    AppendIndent(indent, level, out);
    out += '}';
  }
}

}  // namespace

void AppendQuoted(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  size_t i = 0;
  while (i < s.size()) {
    // Copy a run of printable ASCII at once: the common case.
    size_t run = i;
    // Eight bytes at a time: the first byte that is a control character, DEL, not ASCII, '"' or
    // '\\' is the first flag (a byte under 0x20 may flag the ones after it too, by its borrow).
    while (run + 8 <= s.size()) {
      const uint64_t w = swar::Load(s.data() + run);
      const uint64_t stop = swar::FirstBytesBelow(w, 0x20) | (w & swar::kHighBits) |
                            swar::BytesEqual(w, 0x7F) | swar::BytesEqual(w, '"') |
                            swar::BytesEqual(w, '\\');
      if (stop != 0) {
        run += swar::FirstFlag(stop);
        break;
      }
      run += 8;
    }
    while (run < s.size()) {
      unsigned char r = static_cast<unsigned char>(s[run]);
      if (r < 0x20 || r >= 0x7F || r == '"' || r == '\\') break;
      ++run;
    }
    if (run > i) {
      out.append(s.data() + i, run - i);
      i = run;
      continue;
    }
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      size_t len = Utf8SequenceLength(s, i);
      if (len == 0) {
        out += "\xEF\xBF\xBD";
        ++i;
      } else {
        out.append(s.data() + i, len);
        i += len;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xF];
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  out += '"';
}

void AppendValue(const model::Value& value, int indent, int level, std::string& out) {
  WriteValueTo(value, indent, level, out);
}

std::string WriteValue(const model::Value& value, int indent) {
  std::string out;
  WriteValueTo(value, indent, 0, out);
  return out;
}

}  // namespace qbank::json
