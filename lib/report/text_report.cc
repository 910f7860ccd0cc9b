// Compiler-style text output with source lines and carets.
#include "report/text_report.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include "text/words.h"

namespace qbank::report {
namespace {

// Longest source line shown in full, and the context kept before a span in a longer one.
constexpr size_t kMaxShownColumns = 160;
constexpr size_t kContextColumns = 40;

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kReset = "\x1b[0m";
constexpr const char* kRed = "\x1b[1;31m";
constexpr const char* kMagenta = "\x1b[1;35m";
constexpr const char* kCyan = "\x1b[1;36m";
constexpr const char* kGreen = "\x1b[1;32m";

const char* SeverityColor(lint::Severity s) {
  switch (s) {
    case lint::Severity::kError:
      return kRed;
    case lint::Severity::kWarning:
      return kMagenta;
    default:
      return kCyan;
  }
}

// Where every kLineStride-th code point of the last long line shown starts, and how many code
// points it has: a million findings on one line (a bank written on one line) each show a window of
// it, and counting from the start of the line for each made the report quadratic (100,000 empty
// questions: 83 s). One per thread; a line is known by its bytes' address, size and a sample of
// its bytes (another line at a freed line's address is not taken for it).
constexpr size_t kLineStride = 4096;
struct LongLine {
  const char* data = nullptr;
  size_t size = 0;
  uint64_t sample = 0;
  size_t code_points = 0;
  std::vector<size_t> starts;  // byte offset of code point k * kLineStride
};

uint64_t SampleOf(std::string_view line) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0, step = line.size() / 64 + 1; i < line.size(); i += step) {  // 64 bytes
    h = (h ^ static_cast<unsigned char>(line[i])) * 1099511628211ULL;
  }
  return h;
}

const LongLine& IndexLongLine(std::string_view line) {
  thread_local LongLine index;
  uint64_t sample = SampleOf(line);
  if (index.data == line.data() && index.size == line.size() && index.sample == sample) {
    return index;
  }
  index.data = line.data();
  index.size = line.size();
  index.sample = sample;
  index.starts.clear();
  size_t count = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (count % kLineStride == 0) index.starts.push_back(i);
    ++count;
  }
  index.code_points = count;
  return index;
}

// Byte offset of 1-based code-point column `column` in `line` (clamped to its end).
size_t ByteOffsetOfColumn(std::string_view line, uint32_t column) {
  size_t from = 0;  // counted from the nearest checkpoint before the column on a long line
  if (line.size() > kLineStride && column > kLineStride) {
    const LongLine& index = IndexLongLine(line);
    size_t k = std::min<size_t>((column - 1) / kLineStride, index.starts.size() - 1);
    from = index.starts[k];
    line.remove_prefix(from);
    column -= static_cast<uint32_t>(k * kLineStride);
  }
  uint32_t col = 1;
  size_t i = 0;
  while (i < line.size() && col < column) {
    ++i;
    while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
    ++col;
  }
  return from + i;
}

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Escaped (EscapeForTerminal is declared below): a file name may hold ESC or BEL too.
std::string Location(const model::Bank& bank, const SourceSpan& span);

}  // namespace

namespace {

// The length of the UTF-8 sequence at line[i] (1 for a stray byte).
size_t SequenceLength(std::string_view line, size_t i) {
  size_t j = i + 1;
  while (j < line.size() && (static_cast<unsigned char>(line[j]) & 0xC0) == 0x80) ++j;
  return j - i;
}

// The code point of a valid sequence, or 0xFFFD.
uint32_t CodePoint(std::string_view seq) {
  unsigned char c = static_cast<unsigned char>(seq[0]);
  if (c < 0x80) return c;
  size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (len == 0 || seq.size() != len) return 0xFFFD;
  uint32_t cp = c & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(seq[k]) & 0x3F);
  return cp;
}

// What the terminal is shown for one character: control characters (other than tab) and the bidi
// controls, which would reorder or garble the very line that warns about them, as "<U+202E>".
std::string Shown(std::string_view seq) {
  uint32_t cp = CodePoint(seq);
  bool hidden = (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C ||
                cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
                (cp >= 0x2066 && cp <= 0x2069);
  if (!hidden) return std::string(seq);
  char buf[16];
  std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(cp));
  return buf;
}

// The source line and the caret line for the whole of `line`.
std::string FullCaretLines(std::string_view line, uint32_t column, uint32_t end_column,
                           bool span_continues) {
  size_t begin = ByteOffsetOfColumn(line, column);
  size_t end = span_continues ? line.size() : ByteOffsetOfColumn(line, end_column);
  if (end < begin) end = begin;
  std::string shown_line;
  std::string caret;
  size_t width = 0;  // of the span
  for (size_t i = 0; i < line.size();) {
    size_t n = SequenceLength(line, i);
    std::string shown = Shown(line.substr(i, n));
    shown_line += shown;
    if (i < begin) {
      // Keep tabs as tabs so the caret lines up whatever the tab width.
      if (shown == "\t") {
        caret.push_back('\t');
      } else {
        caret.append(text::DisplayWidth(shown), ' ');
      }
    } else if (i < end) {
      width += text::DisplayWidth(shown);
    }
    i += n;
  }
  caret.push_back('^');
  if (width > 1) caret.append(width - 1, '~');
  std::string out = std::move(shown_line);
  out += "\n";
  out += caret;
  out += "\n";
  return out;
}

}  // namespace

std::string EscapeForTerminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t n = SequenceLength(text, i);
    out += Shown(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string CaretLines(std::string_view line, uint32_t column, uint32_t end_column,
                       bool span_continues) {
  if (column == 0) return "";
  size_t n = line.size() <= kMaxShownColumns ? line.size()
             : line.size() > kLineStride     ? IndexLongLine(line).code_points
                                             : CountCodePoints(line);
  if (n <= kMaxShownColumns) return FullCaretLines(line, column, end_column, span_continues);
  // A very long line (a bank written on one line, a long CSV row) is shown as a window of
  // kMaxShownColumns code points from a little before the span, so a finding never prints
  // megabytes; "..." marks what is cut.
  size_t start = column > kContextColumns + 1 ? column - 1 - kContextColumns : 0;
  start = std::min(start, n - kMaxShownColumns);
  size_t stop = start + kMaxShownColumns;
  size_t from = ByteOffsetOfColumn(line, static_cast<uint32_t>(start + 1));
  size_t to = ByteOffsetOfColumn(line, static_cast<uint32_t>(stop + 1));
  std::string prefix = start > 0 ? "..." : "";
  std::string window = prefix + std::string(line.substr(from, to - from));
  auto shift = [&](uint32_t c) {
    size_t clamped = std::clamp<size_t>(c, start + 1, stop + 1);
    return static_cast<uint32_t>(clamped - start + prefix.size());
  };
  bool continues = span_continues || end_column > stop + 1;
  std::string out = FullCaretLines(window, shift(column), shift(end_column), continues);
  if (stop < n) out.insert(out.find('\n'), "...");
  return out;
}

std::string SummaryLine(const ReportInput& input) {
  size_t errors = 0, warnings = 0, infos = 0;
  std::set<uint32_t> files;
  for (const lint::Finding& f : *input.findings) {
    if (f.severity == lint::Severity::kError) ++errors;
    if (f.severity == lint::Severity::kWarning) ++warnings;
    if (f.severity == lint::Severity::kInfo) ++infos;
    files.insert(f.span.file);
  }
  std::string checked = Plural(input.questions_checked, "question", "questions") + " in " +
                        Plural(input.files_checked, "file", "files") + " checked";
  if (input.findings->empty()) return "no findings (" + checked + ")";
  std::string parts;
  auto add = [&](size_t n, const char* one, const char* many) {
    if (n == 0) return;
    parts += (parts.empty() ? "" : ", ") + Plural(n, one, many);
  };
  add(errors, "error", "errors");
  add(warnings, "warning", "warnings");
  add(infos, "info", "infos");
  return parts + " in " + Plural(files.size(), "file", "files") + " (" + checked + ")";
}

namespace {

std::string Location(const model::Bank& bank, const SourceSpan& span) {
  if (span.file == SourceSpan::kNoFile) return "<bank>";
  return EscapeForTerminal(FormatLocation(bank.SourcePath(span.file), span));
}

}  // namespace

void WriteImportErrors(const std::vector<Diagnostic>& errors, const model::Bank& bank,
                       std::ostream& out) {
  // By path; a file read again after decoding (--encoding, a byte order mark) is added again,
  // and positions count in the later text.
  std::map<std::string_view, const SourceText*> sources;
  for (const std::shared_ptr<const SourceText>& s : bank.sources) {
    if (s != nullptr) sources[s->path()] = s.get();
  }
  for (const Diagnostic& d : errors) {
    out << EscapeForTerminal(d.ToString()) << "\n";
    // A workbook sheet's places are cells; it has no line of text to show.
    auto it = d.span.known() && !IsSheetPath(d.path) ? sources.find(d.path) : sources.end();
    if (it == sources.end() || d.span.line > it->second->LineCount()) continue;
    out << CaretLines(it->second->Line(d.span.line), d.span.column, d.span.end_column,
                      d.span.end_line > d.span.line);
  }
}

void WriteTextReport(const ReportInput& input, const ReportOptions& options, std::ostream& out) {
  const model::Bank& bank = *input.bank;
  auto paint = [&](const char* color, const std::string& s) {
    return options.color ? std::string(color) + s + kReset : s;
  };
  for (const lint::Finding& f : *input.findings) {
    out << paint(kBold, Location(bank, f.span) + ":") << " "
        << paint(SeverityColor(f.severity), std::string(lint::SeverityName(f.severity)) + ":")
        << " " << EscapeForTerminal(f.message) << " [" << f.rule_id << "]\n";
    const SourceText* src = f.span.known() ? bank.Source(f.span.file) : nullptr;
    if (src != nullptr && f.span.line <= src->LineCount() && !IsSheetPath(src->path())) {
      std::string_view line = src->Line(f.span.line);
      bool continues = f.span.end_line > f.span.line;
      std::string lines = CaretLines(line, f.span.column, f.span.end_column, continues);
      if (options.color && !lines.empty()) {
        size_t nl = lines.find('\n');
        lines = lines.substr(0, nl + 1) + kGreen + lines.substr(nl + 1, lines.size() - nl - 2) +
                kReset + "\n";
      }
      out << lines;
    }
    for (const lint::RelatedLocation& r : f.related) {
      out << paint(kBold, Location(bank, r.span) + ":") << " " << paint(kCyan, "note:") << " "
          << EscapeForTerminal(r.message) << "\n";
    }
  }
  out << SummaryLine(input) << "\n";
}

}  // namespace qbank::report
