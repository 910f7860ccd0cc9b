// The picture files kept in a question's extensions.
#include "formats/media_files.h"

#include <utility>

#include "base/ascii_text.h"
#include "base/base64.h"

namespace qbank::formats {

void AddMediaFile(model::Question& q, const std::string& path, std::string_view bytes) {
  q.extensions[std::string(kMediaKey)][path] = EncodeBase64(bytes);
}

std::vector<MediaFile> MediaFiles(const model::Question& q) {
  std::vector<MediaFile> out;
  const model::Value* media = q.extensions.Find(std::string(kMediaKey));
  if (media == nullptr || !media->is_object()) return out;
  for (const auto& [path, value] : media->as_object()) {
    if (!value.is_string()) continue;
    std::optional<std::string> bytes = DecodeBase64(value.as_string());
    if (bytes.has_value()) out.push_back({path, std::move(*bytes)});
  }
  return out;
}

std::string PictureReference(const std::string& path, model::Markup markup) {
  switch (markup) {
    case model::Markup::kHtml:
      return "<img src=\"" + path + "\" alt=\"\"/>";
    case model::Markup::kMarkdown:
      return "![](" + path + ")";
    case model::Markup::kPlain:
      break;
  }
  return "[picture: " + path + "]";
}

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'; }

// The character references a src may hold (&amp; and the like) decoded.
std::string DecodeReferences(std::string_view s) {
  static constexpr std::pair<std::string_view, char> kReferences[] = {
      {"&amp;", '&'},  {"&lt;", '<'},    {"&gt;", '>'},
      {"&quot;", '"'}, {"&apos;", '\''}, {"&#39;", '\''}};
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    bool decoded = false;
    for (const auto& [ref, c] : kReferences) {
      if (s.substr(i).starts_with(ref)) {
        out += c;
        i += ref.size();
        decoded = true;
        break;
      }
    }
    if (!decoded) out += s[i++];
  }
  return out;
}

std::string EscapeAttribute(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '&') {
      out += "&amp;";
    } else if (c == '"') {
      out += "&quot;";
    } else if (c == '<') {
      out += "&lt;";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string ReplaceImageSources(
    std::string_view html,
    const std::function<std::optional<std::string>(std::string_view src)>& replace) {
  std::string out;
  size_t copied = 0;
  std::string lower = AsciiLowered(html);
  for (size_t at = lower.find("<img"); at != std::string::npos; at = lower.find("<img", at + 4)) {
    size_t end = lower.find('>', at);
    if (end == std::string::npos) break;
    // The src attribute within the tag: a name "src" after white space, then '='.
    size_t name = at + 4;
    while ((name = lower.find("src", name)) != std::string::npos && name < end) {
      if (IsSpace(lower[name - 1])) break;
      name += 3;
    }
    if (name == std::string::npos || name >= end) continue;
    size_t eq = name + 3;
    while (eq < end && IsSpace(lower[eq])) ++eq;
    if (eq >= end || lower[eq] != '=') continue;
    size_t value = eq + 1;
    while (value < end && IsSpace(lower[value])) ++value;
    size_t value_end;
    size_t after;
    if (html[value] == '"' || html[value] == '\'') {
      value_end = html.find(html[value], value + 1);
      if (value_end == std::string::npos || value_end > end) continue;
      after = value_end + 1;
      ++value;
    } else {
      value_end = value;
      while (value_end < end && !IsSpace(html[value_end]) && html[value_end] != '/') ++value_end;
      after = value_end;
    }
    std::optional<std::string> given =
        replace(DecodeReferences(html.substr(value, value_end - value)));
    if (!given.has_value()) continue;
    size_t start = html[value - 1] == '"' || html[value - 1] == '\'' ? value - 1 : value;
    out.append(html.substr(copied, start - copied));
    out += '"';
    out += EscapeAttribute(*given);
    out += '"';
    copied = after;
  }
  out.append(html.substr(copied));
  return out;
}

std::string PercentDecode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string SafeMediaName(std::string_view path) {
  if (size_t slash = path.find_last_of("/\\"); slash != std::string_view::npos) {
    path.remove_prefix(slash + 1);
  }
  std::string out;
  for (char c : path) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '-' || c == '_';
    out += keep ? c : '_';
  }
  if (out.empty() || out.find_first_not_of('.') == std::string::npos) return "picture";
  return out;
}

std::string_view MediaTypeOf(std::string_view path) {
  std::string lower = AsciiLowered(path);
  auto ends = [&](std::string_view e) { return lower.ends_with(e); };
  if (ends(".png")) return "image/png";
  if (ends(".jpg") || ends(".jpeg")) return "image/jpeg";
  if (ends(".gif")) return "image/gif";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".webp")) return "image/webp";
  if (ends(".bmp")) return "image/bmp";
  if (ends(".emf")) return "image/x-emf";
  if (ends(".wmf")) return "image/x-wmf";
  return "application/octet-stream";
}

}  // namespace qbank::formats
