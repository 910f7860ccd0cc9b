// HTML escaping (html_escape.h).
#include "base/html_escape.h"

#include "base/utf8_text.h"

namespace qbank {

std::string EscapeHtml(std::string_view text, HtmlEscape what) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  bool quotes = what == HtmlEscape::kTextAndAttributes;
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (size_t i = 0; i < text.size();) {
    size_t len = Utf8SequenceLength(text, i);
    if (len == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (len > 1) {
      out.append(text.substr(i, len));
      i += len;
      continue;
    }
    char c = text[i++];
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += quotes ? "&quot;" : "\"";
        break;
      case '\'':
        out += quotes ? "&#39;" : "'";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace qbank
