// HTML to text, PDF-to-text repair, and markup stripping, with a byte map back to the source.
#include "text/readable_text.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>

namespace qbank::text {
namespace {

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
bool IsAlpha(char c) { return (Lower(c) >= 'a' && Lower(c) <= 'z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHtmlSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

constexpr std::array<std::string_view, 5> kSkippedElements = {"script", "style", "head", "template",
                                                              "noscript"};
// Elements that end a line.
constexpr std::array<std::string_view, 30> kLineElements = {
    "br",      "div",     "li",      "tr",         "dt",   "dd",     "hr",    "header",
    "footer",  "nav",     "aside",   "figcaption", "form", "option", "label", "button",
    "summary", "details", "legend",  "fieldset",   "main", "title",  "body",  "html",
    "center",  "address", "caption", "td",         "th",   "img"};
// Elements that stand apart as paragraphs (a blank line around them).
constexpr std::array<std::string_view, 15> kParagraphElements = {
    "p",  "h1", "h2",      "h3",      "h4",  "h5",         "h6", "table",
    "ul", "ol", "section", "article", "pre", "blockquote", "dl"};

template <size_t N>
bool OneOf(const std::array<std::string_view, N>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// HTML 4's 252 named character references (the Latin-1 letters and symbols, Greek, math and
// typographic names: what editors write) and XML's &apos;, by name.
const std::unordered_map<std::string_view, uint32_t>& NamedReferences() {
  static const std::unordered_map<std::string_view, uint32_t> kNames = {
      {"quot", '"'},       {"amp", '&'},       {"apos", '\''},      {"lt", '<'},
      {"gt", '>'},         {"nbsp", 0xA0},     {"iexcl", 0xA1},     {"cent", 0xA2},
      {"pound", 0xA3},     {"curren", 0xA4},   {"yen", 0xA5},       {"brvbar", 0xA6},
      {"sect", 0xA7},      {"uml", 0xA8},      {"copy", 0xA9},      {"ordf", 0xAA},
      {"laquo", 0xAB},     {"not", 0xAC},      {"shy", 0xAD},       {"reg", 0xAE},
      {"macr", 0xAF},      {"deg", 0xB0},      {"plusmn", 0xB1},    {"sup2", 0xB2},
      {"sup3", 0xB3},      {"acute", 0xB4},    {"micro", 0xB5},     {"para", 0xB6},
      {"middot", 0xB7},    {"cedil", 0xB8},    {"sup1", 0xB9},      {"ordm", 0xBA},
      {"raquo", 0xBB},     {"frac14", 0xBC},   {"frac12", 0xBD},    {"frac34", 0xBE},
      {"iquest", 0xBF},    {"Agrave", 0xC0},   {"Aacute", 0xC1},    {"Acirc", 0xC2},
      {"Atilde", 0xC3},    {"Auml", 0xC4},     {"Aring", 0xC5},     {"AElig", 0xC6},
      {"Ccedil", 0xC7},    {"Egrave", 0xC8},   {"Eacute", 0xC9},    {"Ecirc", 0xCA},
      {"Euml", 0xCB},      {"Igrave", 0xCC},   {"Iacute", 0xCD},    {"Icirc", 0xCE},
      {"Iuml", 0xCF},      {"ETH", 0xD0},      {"Ntilde", 0xD1},    {"Ograve", 0xD2},
      {"Oacute", 0xD3},    {"Ocirc", 0xD4},    {"Otilde", 0xD5},    {"Ouml", 0xD6},
      {"times", 0xD7},     {"Oslash", 0xD8},   {"Ugrave", 0xD9},    {"Uacute", 0xDA},
      {"Ucirc", 0xDB},     {"Uuml", 0xDC},     {"Yacute", 0xDD},    {"THORN", 0xDE},
      {"szlig", 0xDF},     {"agrave", 0xE0},   {"aacute", 0xE1},    {"acirc", 0xE2},
      {"atilde", 0xE3},    {"auml", 0xE4},     {"aring", 0xE5},     {"aelig", 0xE6},
      {"ccedil", 0xE7},    {"egrave", 0xE8},   {"eacute", 0xE9},    {"ecirc", 0xEA},
      {"euml", 0xEB},      {"igrave", 0xEC},   {"iacute", 0xED},    {"icirc", 0xEE},
      {"iuml", 0xEF},      {"eth", 0xF0},      {"ntilde", 0xF1},    {"ograve", 0xF2},
      {"oacute", 0xF3},    {"ocirc", 0xF4},    {"otilde", 0xF5},    {"ouml", 0xF6},
      {"divide", 0xF7},    {"oslash", 0xF8},   {"ugrave", 0xF9},    {"uacute", 0xFA},
      {"ucirc", 0xFB},     {"uuml", 0xFC},     {"yacute", 0xFD},    {"thorn", 0xFE},
      {"yuml", 0xFF},      {"OElig", 0x152},   {"oelig", 0x153},    {"Scaron", 0x160},
      {"scaron", 0x161},   {"Yuml", 0x178},    {"fnof", 0x192},     {"circ", 0x2C6},
      {"tilde", 0x2DC},    {"Alpha", 0x391},   {"Beta", 0x392},     {"Gamma", 0x393},
      {"Delta", 0x394},    {"Epsilon", 0x395}, {"Zeta", 0x396},     {"Eta", 0x397},
      {"Theta", 0x398},    {"Iota", 0x399},    {"Kappa", 0x39A},    {"Lambda", 0x39B},
      {"Mu", 0x39C},       {"Nu", 0x39D},      {"Xi", 0x39E},       {"Omicron", 0x39F},
      {"Pi", 0x3A0},       {"Rho", 0x3A1},     {"Sigma", 0x3A3},    {"Tau", 0x3A4},
      {"Upsilon", 0x3A5},  {"Phi", 0x3A6},     {"Chi", 0x3A7},      {"Psi", 0x3A8},
      {"Omega", 0x3A9},    {"alpha", 0x3B1},   {"beta", 0x3B2},     {"gamma", 0x3B3},
      {"delta", 0x3B4},    {"epsilon", 0x3B5}, {"zeta", 0x3B6},     {"eta", 0x3B7},
      {"theta", 0x3B8},    {"iota", 0x3B9},    {"kappa", 0x3BA},    {"lambda", 0x3BB},
      {"mu", 0x3BC},       {"nu", 0x3BD},      {"xi", 0x3BE},       {"omicron", 0x3BF},
      {"pi", 0x3C0},       {"rho", 0x3C1},     {"sigmaf", 0x3C2},   {"sigma", 0x3C3},
      {"tau", 0x3C4},      {"upsilon", 0x3C5}, {"phi", 0x3C6},      {"chi", 0x3C7},
      {"psi", 0x3C8},      {"omega", 0x3C9},   {"thetasym", 0x3D1}, {"upsih", 0x3D2},
      {"piv", 0x3D6},      {"ensp", 0x2002},   {"emsp", 0x2003},    {"thinsp", 0x2009},
      {"zwnj", 0x200C},    {"zwj", 0x200D},    {"lrm", 0x200E},     {"rlm", 0x200F},
      {"ndash", 0x2013},   {"mdash", 0x2014},  {"lsquo", 0x2018},   {"rsquo", 0x2019},
      {"sbquo", 0x201A},   {"ldquo", 0x201C},  {"rdquo", 0x201D},   {"bdquo", 0x201E},
      {"dagger", 0x2020},  {"Dagger", 0x2021}, {"bull", 0x2022},    {"hellip", 0x2026},
      {"permil", 0x2030},  {"prime", 0x2032},  {"Prime", 0x2033},   {"lsaquo", 0x2039},
      {"rsaquo", 0x203A},  {"oline", 0x203E},  {"frasl", 0x2044},   {"euro", 0x20AC},
      {"image", 0x2111},   {"weierp", 0x2118}, {"real", 0x211C},    {"trade", 0x2122},
      {"alefsym", 0x2135}, {"larr", 0x2190},   {"uarr", 0x2191},    {"rarr", 0x2192},
      {"darr", 0x2193},    {"harr", 0x2194},   {"crarr", 0x21B5},   {"lArr", 0x21D0},
      {"uArr", 0x21D1},    {"rArr", 0x21D2},   {"dArr", 0x21D3},    {"hArr", 0x21D4},
      {"forall", 0x2200},  {"part", 0x2202},   {"exist", 0x2203},   {"empty", 0x2205},
      {"nabla", 0x2207},   {"isin", 0x2208},   {"notin", 0x2209},   {"ni", 0x220B},
      {"prod", 0x220F},    {"sum", 0x2211},    {"minus", 0x2212},   {"lowast", 0x2217},
      {"radic", 0x221A},   {"prop", 0x221D},   {"infin", 0x221E},   {"ang", 0x2220},
      {"and", 0x2227},     {"or", 0x2228},     {"cap", 0x2229},     {"cup", 0x222A},
      {"int", 0x222B},     {"there4", 0x2234}, {"sim", 0x223C},     {"cong", 0x2245},
      {"asymp", 0x2248},   {"ne", 0x2260},     {"equiv", 0x2261},   {"le", 0x2264},
      {"ge", 0x2265},      {"sub", 0x2282},    {"sup", 0x2283},     {"nsub", 0x2284},
      {"sube", 0x2286},    {"supe", 0x2287},   {"oplus", 0x2295},   {"otimes", 0x2297},
      {"perp", 0x22A5},    {"sdot", 0x22C5},   {"lceil", 0x2308},   {"rceil", 0x2309},
      {"lfloor", 0x230A},  {"rfloor", 0x230B}, {"lang", 0x2329},    {"rang", 0x232A},
      {"loz", 0x25CA},     {"spades", 0x2660}, {"clubs", 0x2663},   {"hearts", 0x2665},
      {"diams", 0x2666}};
  return kNames;
}

// The character a reference "&name;" or "&#N;" at `at` stands for, and its length; 0 length when
// it is not one.
size_t DecodeReference(std::string_view s, size_t at, std::string* decoded) {
  const std::unordered_map<std::string_view, uint32_t>& names = NamedReferences();
  size_t semicolon = s.find(';', at + 1);
  if (semicolon == std::string_view::npos || semicolon - at > 12 || semicolon == at + 1) return 0;
  std::string_view body = s.substr(at + 1, semicolon - at - 1);
  uint32_t cp = 0;
  if (body[0] == '#') {
    bool hex = body.size() > 1 && Lower(body[1]) == 'x';
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return 0;
    for (char c : digits) {
      uint32_t d = 0;
      if (IsDigit(c)) {
        d = static_cast<uint32_t>(c - '0');
      } else if (hex && Lower(c) >= 'a' && Lower(c) <= 'f') {
        d = static_cast<uint32_t>(Lower(c) - 'a' + 10);
      } else {
        return 0;
      }
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 0x10FFFF) cp = 0xFFFD;
    }
  } else {
    auto it = names.find(body);
    if (it == names.end()) return 0;
    cp = it->second;
  }
  decoded->clear();
  AppendUtf8(cp, decoded);
  return semicolon + 1 - at;
}

// Writes readable text: spaces and line breaks are held until a visible character follows, so
// lines are trimmed and blank lines fold to one.
class TextWriter {
 public:
  void Visible(std::string_view bytes, size_t source) {
    if (breaks_ > 0 && !out_.text.empty()) {
      for (int k = 0; k < breaks_; ++k) Put('\n', break_source_);
    } else if (space_ && !out_.text.empty() && out_.text.back() != '\n') {
      Put(' ', space_source_);
    }
    breaks_ = 0;
    space_ = false;
    for (char c : bytes) Put(c, source);
  }
  void Space(size_t source) {
    if (!space_) space_source_ = source;
    space_ = true;
  }
  void Break(int count, size_t source) {
    if (count > breaks_) {
      breaks_ = count;
      break_source_ = source;
    }
    space_ = false;
  }
  ReadableText Finish(size_t source_size) {
    out_.source.push_back(static_cast<uint32_t>(source_size));
    return std::move(out_);
  }

 private:
  void Put(char c, size_t source) {
    out_.text.push_back(c);
    out_.source.push_back(static_cast<uint32_t>(source));
  }
  ReadableText out_;
  bool space_ = false;
  size_t space_source_ = 0;
  int breaks_ = 0;
  size_t break_source_ = 0;
};

// The end of the tag starting at `at` ('<'), past its '>' (quoted attribute values may hold '>').
size_t TagEnd(std::string_view s, size_t at) {
  char quote = 0;
  for (size_t i = at + 1; i < s.size(); ++i) {
    char c = s[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return i + 1;
    }
  }
  return s.size();
}

// Where the content of skipped element `name` ends: past its closing tag, or the end.
size_t SkipElement(std::string_view s, size_t from, std::string_view name) {
  for (size_t i = s.find("</", from); i != std::string_view::npos; i = s.find("</", i + 2)) {
    if (i + 2 + name.size() > s.size()) break;
    bool same = true;
    for (size_t k = 0; k < name.size() && same; ++k) same = Lower(s[i + 2 + k]) == name[k];
    // "</style" may end the text: the element ends there too.
    const size_t after = i + 2 + name.size();
    if (same && (after == s.size() || !IsAlpha(s[after]))) return TagEnd(s, i);
  }
  return s.size();
}

// Reads the tag at `at`; returns where reading goes on.
size_t ReadTag(std::string_view s, size_t at, TextWriter& w) {
  if (s.compare(at, 4, "<!--") == 0) {
    size_t end = s.find("-->", at + 4);
    return end == std::string_view::npos ? s.size() : end + 3;
  }
  if (s[at + 1] == '!' || s[at + 1] == '?') return TagEnd(s, at);
  bool closing = s[at + 1] == '/';
  size_t i = at + (closing ? 2 : 1);
  std::string name;
  while (i < s.size() && (IsAlpha(s[i]) || IsDigit(s[i]))) name.push_back(Lower(s[i++]));
  size_t end = TagEnd(s, at);
  bool self_closing = end >= 2 && s[end - 2] == '/';
  if (!closing && !self_closing && OneOf(kSkippedElements, name)) {
    end = SkipElement(s, end, name);
  }
  if (OneOf(kParagraphElements, name)) {
    w.Break(2, at);
  } else if (OneOf(kLineElements, name)) {
    w.Break(1, at);
  }
  return end;
}

bool StartsTag(std::string_view s, size_t at) {
  if (at + 1 >= s.size() || s[at] != '<') return false;
  char next = s[at + 1];
  return IsAlpha(next) || next == '/' || next == '!' || next == '?';
}

}  // namespace

size_t DecodeHtmlReference(std::string_view s, size_t at, std::string* decoded) {
  return DecodeReference(s, at, decoded);
}

bool ReadableText::Verbatim(std::string_view source_text, size_t begin, size_t end) const {
  if (begin >= end) return true;
  size_t from = source[begin];
  if (from + (end - begin) > source_text.size()) return false;
  if (source_text.compare(from, end - begin, std::string_view(text).substr(begin, end - begin)) !=
      0) {
    return false;
  }
  for (size_t i = begin; i < end; ++i) {
    if (source[i] != from + (i - begin)) return false;
  }
  return true;
}

ReadableText Identity(std::string_view text) {
  ReadableText out;
  out.text.assign(text);
  out.source.resize(text.size() + 1);
  for (size_t i = 0; i <= text.size(); ++i) out.source[i] = static_cast<uint32_t>(i);
  return out;
}

bool LooksLikeHtml(std::string_view text) {
  int tags = 0;
  for (size_t i = text.find('<'); i != std::string_view::npos && tags < 3;
       i = text.find('<', i + 1)) {
    size_t k = i + 1;
    if (k < text.size() && text[k] == '/') ++k;
    std::string name;
    while (k < text.size() && (IsAlpha(text[k]) || IsDigit(text[k])) && name.size() < 12) {
      name.push_back(Lower(text[k++]));
    }
    if (k >= text.size() || (text[k] != '>' && text[k] != ' ' && text[k] != '/')) continue;
    if (OneOf(kLineElements, name) || OneOf(kParagraphElements, name) || name == "span" ||
        name == "b" || name == "i" || name == "a" || name == "strong" || name == "em" ||
        name == "code") {
      ++tags;
    }
  }
  return tags >= 3;
}

ReadableText HtmlToText(std::string_view html) {
  TextWriter w;
  std::string decoded;
  size_t i = 0;
  while (i < html.size()) {
    char c = html[i];
    if (c == '<' && StartsTag(html, i)) {
      i = ReadTag(html, i, w);
    } else if (IsHtmlSpace(c)) {
      w.Space(i);
      ++i;
    } else if (c == '&') {
      size_t length = DecodeReference(html, i, &decoded);
      if (length == 0) {
        w.Visible("&", i);
        ++i;
      } else if (decoded == "\xC2\xA0") {  // no-break space: a space that keeps its place
        w.Space(i);
        i += length;
      } else {
        w.Visible(decoded, i);
        i += length;
      }
    } else {
      size_t begin = i++;  // a '<' that starts no tag is text
      while (i < html.size() && html[i] != '<' && html[i] != '&' && !IsHtmlSpace(html[i])) ++i;
      for (size_t k = begin; k < i; ++k) w.Visible(html.substr(k, 1), k);
    }
  }
  return w.Finish(html.size());
}

std::string StripMarkup(std::string_view value) {
  bool markup =
      value.find('<') != std::string_view::npos || value.find('&') != std::string_view::npos;
  if (!markup) return std::string(value);
  std::string text = HtmlToText(value).text;
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace qbank::text

namespace qbank::text {
namespace {

struct Line {
  size_t begin;  // in the input text, without the line break
  size_t end;
  bool page_break_before = false;  // a form feed or the start of the text before it
  bool page_break_after = false;
};

std::vector<Line> SplitLines(std::string_view s) {
  std::vector<Line> lines;
  size_t i = 0;
  bool page_break = true;
  while (i <= s.size()) {
    size_t end = i;
    while (end < s.size() && s[end] != '\n' && s[end] != '\f') ++end;
    Line line{i, end, page_break, false};
    size_t content_end = end;
    while (content_end > i && (s[content_end - 1] == '\r' || s[content_end - 1] == ' ')) {
      --content_end;
    }
    line.end = content_end;
    page_break = end < s.size() && s[end] == '\f';
    line.page_break_after = page_break || end >= s.size();
    lines.push_back(line);
    if (end >= s.size()) break;
    i = end + 1;
  }
  return lines;
}

// A line's repeat key: trimmed, lower case, white space runs as one space, digit runs as "#".
std::string RepeatKey(std::string_view line) {
  std::string key;
  bool space = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      space = !key.empty();
      continue;
    }
    if (space) key.push_back(' ');
    space = false;
    if (IsDigit(c)) {
      key.push_back('#');
      while (i + 1 < line.size() && IsDigit(line[i + 1])) ++i;
      continue;
    }
    key.push_back(Lower(c));
  }
  return key;
}

// True for lines a dump repeats on purpose: question headings, option lines, answer and
// explanation labels.
bool IsStructuralLine(std::string_view key) {
  if (key.size() >= 2 && key[0] >= 'a' && key[0] <= 'h' &&
      (key[1] == '.' || key[1] == ')' || key[1] == ':')) {
    return true;
  }
  for (std::string_view start : {"question", "new question", "topic", "answer", "correct answer",
                                 "explanation", "reference", "selected answer", "suggested answer",
                                 "section", "q#", "q.#", "q #", "ques", "item #", "problem #"}) {
    if (key.compare(0, start.size(), start) == 0) return true;
  }
  return false;
}

// True when a repeated line without form feeds around it reads as a page header or footer: it
// has a page number, a web address or a copyright sign.
bool LooksLikePageLine(std::string_view key) {
  return key.find('#') != std::string_view::npos || key.find("www.") != std::string_view::npos ||
         key.find(".com") != std::string_view::npos || key.find("http") != std::string_view::npos ||
         key.find("\xC2\xA9") != std::string_view::npos ||
         key.find("page") != std::string_view::npos;
}

// Which lines are page headers and footers.
std::vector<bool> PageLines(std::string_view s, const std::vector<Line>& lines,
                            size_t min_repeats) {
  bool form_feeds = s.find('\f') != std::string_view::npos;
  std::unordered_map<std::string, size_t> counts;
  std::vector<std::string> keys(lines.size());
  for (size_t k = 0; k < lines.size(); ++k) {
    keys[k] = RepeatKey(s.substr(lines[k].begin, lines[k].end - lines[k].begin));
    if (!keys[k].empty()) ++counts[keys[k]];
  }
  std::vector<bool> drop(lines.size(), false);
  for (size_t k = 0; k < lines.size(); ++k) {
    const std::string& key = keys[k];
    if (key.empty() || counts[key] < min_repeats || IsStructuralLine(key)) continue;
    bool near_break = false;
    if (form_feeds) {
      // Within two lines of a page break.
      for (size_t d = 0; d <= 2 && !near_break; ++d) {
        near_break = (k >= d && lines[k - d].page_break_before) ||
                     (k + d < lines.size() && lines[k + d].page_break_after);
      }
    } else {
      near_break = LooksLikePageLine(key);
    }
    drop[k] = near_break;
  }
  return drop;
}

}  // namespace

namespace {

// The pieces of `s` that RepairPdfText keeps, in order: put(from, to) for each range of bytes
// [from, to) it copies (a form feed in them becomes a line break).
template <typename Put>
void KeptPdfPieces(std::string_view s, size_t min_repeats, Put&& put) {
  std::vector<Line> lines = SplitLines(s);
  std::vector<bool> drop = PageLines(s, lines, std::max<size_t>(min_repeats, 2));
  for (size_t k = 0; k < lines.size(); ++k) {
    const Line& line = lines[k];
    // A dropped line, or the empty line a form feed ends, leaves nothing.
    if (drop[k] || (line.begin == line.end && line.page_break_after)) continue;
    // The next line that is kept and not blank.
    size_t next = k + 1;
    while (next < lines.size() && (drop[next] || lines[next].begin == lines[next].end)) ++next;
    bool hyphenated = line.end >= line.begin + 2 && s[line.end - 1] == '-' &&
                      IsAlpha(s[line.end - 2]) && next < lines.size() &&
                      s[lines[next].begin] >= 'a' && s[lines[next].begin] <= 'z';
    if (hyphenated) {
      put(line.begin, line.end - 1);
      k = next - 1;  // the word goes on with the next kept line, with no break
      continue;
    }
    size_t line_break_end = k + 1 < lines.size() ? lines[k + 1].begin : s.size();
    put(line.begin, std::min(line_break_end, s.size()));
  }
}

}  // namespace

ReadableText RepairPdfText(const ReadableText& in, size_t min_repeats) {
  std::string_view s = in.text;
  ReadableText out;
  out.text.reserve(s.size());
  out.source.reserve(s.size() + 1);
  KeptPdfPieces(s, min_repeats, [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      out.text.push_back(s[i] == '\f' ? '\n' : s[i]);
      out.source.push_back(in.source[i]);
    }
  });
  out.source.push_back(in.source[s.size()]);
  return out;
}

bool NeedsPdfRepair(std::string_view text, size_t min_repeats) {
  if (text.find('\f') != std::string_view::npos) return true;
  size_t kept_to = 0;  // the text is kept whole while each piece starts where the last ended
  bool whole = true;
  KeptPdfPieces(text, min_repeats, [&](size_t from, size_t to) {
    whole = whole && from == kept_to;
    kept_to = to;
  });
  return !whole || kept_to != text.size();
}

}  // namespace qbank::text
