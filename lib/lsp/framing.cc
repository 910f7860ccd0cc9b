// Content-Length framing, read defensively: a client's bad header is an error to report, never a
// hang or a crash.
#include "lsp/framing.h"

#include <charconv>
#include <optional>

#include "base/ascii_text.h"

namespace qbank::lsp {
namespace {

// The longest header line read; a longer one is an error (no client sends one).
constexpr size_t kMaxHeaderLine = 8192;

// One header line without its line break; nullopt at the end of the stream before any byte.
// `too_long` is set when the line was cut at kMaxHeaderLine (the rest is read past).
std::optional<std::string> ReadHeaderLine(std::istream& in, bool& too_long) {
  std::string line;
  too_long = false;
  int c;
  bool any = false;
  while ((c = in.get()) != std::char_traits<char>::eof()) {
    any = true;
    if (c == '\n') break;
    if (line.size() < kMaxHeaderLine) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  if (!any) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::string_view TrimSpaces(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

Frame ReadMessage(std::istream& in) {
  Frame frame;
  std::optional<size_t> length;
  std::string problem;
  bool any_line = false;
  for (;;) {
    bool too_long = false;
    std::optional<std::string> line = ReadHeaderLine(in, too_long);
    if (!line) {
      if (any_line) frame.error = "the stream ended inside a header block";
      return frame;  // kEnd
    }
    if (line->empty()) {
      if (!any_line) continue;  // blank lines between messages
      break;
    }
    any_line = true;
    if (too_long) {
      problem = "a header line is longer than " + std::to_string(kMaxHeaderLine) + " bytes";
      continue;
    }
    size_t colon = line->find(':');
    if (colon == std::string::npos) {
      if (problem.empty()) problem = "expected 'Name: value' in the header line '" + *line + "'";
      continue;
    }
    std::string_view name = TrimSpaces(std::string_view(*line).substr(0, colon));
    std::string_view value = TrimSpaces(std::string_view(*line).substr(colon + 1));
    if (!AsciiEqualIgnoringCase(name, "Content-Length")) continue;
    size_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty()) {
      if (problem.empty()) {
        problem = "expected a byte count after Content-Length, found '" + std::string(value) + "'";
      }
      continue;
    }
    if (length && *length != n) {
      if (problem.empty()) problem = "two Content-Length headers with different values";
      continue;
    }
    length = n;
  }
  if (!length && problem.empty()) problem = "the header block has no Content-Length";
  if (length && *length > kMaxMessageBytes) {
    problem = "a message of " + std::to_string(*length) + " bytes is over the limit of " +
              std::to_string(kMaxMessageBytes);
    in.ignore(static_cast<std::streamsize>(*length));
    frame.kind = Frame::Kind::kBadHeader;
    frame.error = problem;
    return frame;
  }
  if (!problem.empty() && !length) {
    frame.kind = Frame::Kind::kBadHeader;
    frame.error = problem;
    return frame;
  }
  if (!problem.empty()) {
    // The length is known: the body is read past so the stream stays in step.
    in.ignore(static_cast<std::streamsize>(*length));
    frame.kind = Frame::Kind::kBadHeader;
    frame.error = problem;
    return frame;
  }
  frame.body.resize(*length);
  in.read(frame.body.data(), static_cast<std::streamsize>(*length));
  if (static_cast<size_t>(in.gcount()) != *length) {
    frame.body.clear();
    frame.error = "the stream ended inside a message body";
    return frame;  // kEnd
  }
  frame.kind = Frame::Kind::kMessage;
  return frame;
}

std::string FrameMessage(std::string_view body) {
  std::string framed = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  framed.append(body);
  return framed;
}

}  // namespace qbank::lsp
