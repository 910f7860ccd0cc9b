// option-debris: three small scans per option (own label, placeholder, leftover markup).
#include "lint/rules/content/option_debris.h"

#include <cctype>
#include <optional>

#include "base/ascii_text.h"
#include "lint/rules/shared/item_text.h"

namespace qbank::lint {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

// The label of the option at `position` that `text` starts with ("A)", "(a)", "1:", "B."), with
// the character that closes it; nullopt when it has none or the label names another place.
struct Label {
  size_t length = 0;  // bytes of the label and the space after it
  char close = 0;
};
std::optional<Label> OwnLabel(std::string_view text, size_t position) {
  text = Trim(text);
  size_t i = 0;
  bool open = false;
  if (i < text.size() && (text[i] == '(' || text[i] == '[')) {
    open = true;
    ++i;
  }
  if (i >= text.size()) return std::nullopt;
  std::string letter = position < 26 ? std::string(1, static_cast<char>('A' + position)) : "";
  std::string number = std::to_string(position + 1);
  size_t label_end = i;
  if (!letter.empty() && AsciiEqualIgnoringCase(text.substr(i, 1), letter)) {
    label_end = i + 1;
  } else if (text.substr(i, number.size()) == number) {
    label_end = i + number.size();
  } else {
    return std::nullopt;
  }
  if (label_end >= text.size()) return std::nullopt;
  char close = text[label_end];
  if (open ? (close != ')' && close != ']')
           : (close != ')' && close != ']' && close != ':' && close != '.')) {
    return std::nullopt;
  }
  size_t rest = label_end + 1;
  // "1.5", "A.M.", "1:4" and "4:00" are not labels: a '.' or ':' label is followed by a space.
  if ((close == '.' || close == ':') && (rest >= text.size() || !IsSpace(text[rest]))) {
    return std::nullopt;
  }
  while (rest < text.size() && IsSpace(text[rest])) ++rest;
  if (rest >= text.size()) return std::nullopt;  // nothing after the label
  return Label{rest, close};
}

bool IsPlaceholder(std::string_view text) {
  std::string_view trimmed = Trim(text);
  if (trimmed.empty()) return false;                                       // empty-field's business
  if (trimmed.find_first_not_of("._-") == std::string::npos) return true;  // "...", "-", "__"
  // Longer than every placeholder word below ("insert option here"), so only "lorem ipsum..."
  // is left: most options are answered here, without the lowered copy.
  if (trimmed.size() > 20) return AsciiStartsWithIgnoringCase(trimmed, "lorem ipsum");
  std::string t = AsciiLowered(trimmed);
  static constexpr std::string_view kWords[] = {"\xE2\x80\xA6",  // …
                                                "\xE2\x80\x94",  // —
                                                "\xE2\x80\x93",  // –
                                                "n/a",
                                                "n.a.",
                                                "tbd",
                                                "tba",
                                                "todo",
                                                "fixme",
                                                "xxx",
                                                "placeholder",
                                                "[placeholder]",
                                                "<placeholder>",
                                                "insert option here",
                                                "option text"};
  for (std::string_view w : kWords) {
    if (t == w) return true;
  }
  if (t.rfind("lorem ipsum", 0) == 0) return true;
  // "Option B", "Answer 2", "Choice C": a default text nobody replaced.
  for (std::string_view word : {"option ", "answer ", "choice "}) {
    if (t.rfind(word, 0) != 0) continue;
    std::string_view rest = std::string_view(t).substr(word.size());
    if (rest.size() == 1 && std::isalnum(static_cast<unsigned char>(rest[0]))) return true;
    if (rest.size() == 2 && std::isdigit(static_cast<unsigned char>(rest[0])) &&
        std::isdigit(static_cast<unsigned char>(rest[1]))) {
      return true;
    }
  }
  return false;
}

// Offset and length of leftover markup in plain text: an HTML tag of a common kind, a character
// entity, or a literal "\n" / "\t".
struct Span {
  size_t begin = 0;
  size_t end = 0;
};
std::optional<Span> LeftoverMarkup(std::string_view text) {
  static constexpr std::string_view kTags[] = {
      "p",  "br", "div",   "span", "b",   "i",   "u",   "em", "strong", "li", "ul", "ol",
      "td", "tr", "table", "font", "sup", "sub", "img", "a",  "hr",     "h1", "h2", "h3"};
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<') {
      size_t j = i + 1;
      if (j < text.size() && text[j] == '/') ++j;
      size_t name_begin = j;
      while (j < text.size() && std::isalnum(static_cast<unsigned char>(text[j]))) ++j;
      std::string name = AsciiLowered(text.substr(name_begin, j - name_begin));
      bool known = false;
      for (std::string_view t : kTags) known = known || name == t;
      if (!known || j >= text.size()) continue;
      size_t close = text.find('>', j);
      if (close == std::string_view::npos || close - i > 200) continue;
      // "<b>", "</p>", "<br/>", "<span class=...>": right after the name comes '>', '/' or a space
      // followed by an attribute.
      char after = text[j];
      if (after == '>' || after == '/' ||
          (after == ' ' && text.substr(j, close - j).find('=') != std::string_view::npos)) {
        return Span{i, close + 1};
      }
    } else if (c == '&') {
      size_t semi = text.find(';', i);
      if (semi == std::string_view::npos || semi - i > 8 || semi == i + 1) continue;
      std::string_view name = text.substr(i + 1, semi - i - 1);
      bool entity = false;
      if (name[0] == '#') {
        std::string_view digits = name.substr(1);
        if (!digits.empty() && (digits[0] == 'x' || digits[0] == 'X')) digits.remove_prefix(1);
        entity = !digits.empty() &&
                 digits.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
      } else {
        for (std::string_view e : {"nbsp", "amp", "lt", "gt", "quot", "apos", "ndash", "mdash",
                                   "rsquo", "lsquo", "rdquo", "ldquo", "hellip", "deg", "times"}) {
          entity = entity || name == e;
        }
      }
      if (entity) return Span{i, semi + 1};
    } else if (c == '\\' && i + 1 < text.size() && (text[i + 1] == 'n' || text[i + 1] == 't')) {
      // "\n" as two characters, not before more letters ("\newline", "\theta" are TeX).
      if (i + 2 < text.size() && std::isalpha(static_cast<unsigned char>(text[i + 2]))) continue;
      return Span{i, i + 2};
    }
  }
  return std::nullopt;
}

}  // namespace

void OptionDebrisRule::CheckQuestion(const LintContext& ctx, size_t index,
                                     Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type)) return;
  std::vector<std::optional<Label>> labels(q.options.size());
  size_t labelled = 0;
  for (size_t i = 0; i < q.options.size(); ++i) {
    labels[i] = OwnLabel(q.options[i].text.value, i);
    labelled += labels[i].has_value();
  }
  bool reported_label = false;
  for (size_t i = 0; i < q.options.size(); ++i) {
    const model::Option& o = q.options[i];
    const std::string& text = o.text.value;
    std::string path = "options[" + std::to_string(i) + "]";
    std::string letter = model::OptionLetter(i);
    if (labels[i] && (labels[i]->close != '.' || labelled >= 2)) {
      // One finding for the question: the first labelled option, with the count.
      if (reported_label) continue;
      reported_label = true;
      size_t begin = text.find_first_not_of(" \t\r\n");
      std::string label(Trim(text.substr(begin, labels[i]->length)));
      std::string message;
      if (labelled >= 2) {
        message = std::to_string(labelled) + " options start with their own label (option ";
        message += letter;
        message += ": \"" + label + "\")";
      } else {
        message = "option " + letter;
        message += " starts with its own label \"" + label + "\"";
      }
      reporter.ReportRange(index, o.text, begin, begin + labels[i]->length, path,
                           message +
                               ": the letters are added when the question is shown; remove "
                               "the label from the text");
      continue;
    }
    if (IsPlaceholder(text)) {
      reporter.Report(index, o.text, path,
                      "option " + letter + " is a placeholder (\"" + std::string(Trim(text)) +
                          "\"): write a real option or remove it");
      continue;
    }
    if (q.markup != model::Markup::kPlain) continue;
    if (auto span = LeftoverMarkup(text)) {
      reporter.ReportRange(index, o.text, span->begin, span->end, path,
                           "option " + letter + " holds leftover markup \"" +
                               text.substr(span->begin, span->end - span->begin) +
                               "\" in plain text: it is shown to the reader as written");
    }
  }
}

}  // namespace qbank::lint
