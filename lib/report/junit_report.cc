// JUnit XML for lint findings, written by hand (output only) with careful escaping.
#include "report/junit_report.h"

#include <map>
#include <sstream>

namespace qbank::report {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

struct TestCase {
  std::string name;
  std::string classname;
  bool failed = false;
  std::string failure_type;
  std::string failure_message;
  std::string text;
};

// A suite's findings (indexes into the findings, in order) and how many of them fail.
struct Suite {
  std::string name;
  std::string file;
  std::vector<uint32_t> findings;
  size_t failures = 0;
  size_t tests() const { return findings.empty() ? 1 : findings.size(); }
};

std::string Location(const std::string& path, const lint::Finding& f, uint32_t file) {
  bool span_here = f.span.file == file || f.span.file == SourceSpan::kNoFile;
  if (path.empty()) return "bank";
  return span_here ? FormatLocation(path, f.span) : path;
}

// The field path without its leading "questions[N]" (N moves when questions are inserted above):
// "questions[3].options[1].rationale" -> "options[1].rationale".
std::string FieldInQuestion(std::string_view path) {
  if (path.starts_with("questions[")) {
    size_t close = path.find(']');
    if (close != std::string_view::npos) {
      path.remove_prefix(close + 1);
      if (path.starts_with(".")) path.remove_prefix(1);
    }
  }
  return std::string(path);
}

void AppendCase(const TestCase& c, std::string& out) {
  out += "    <testcase name=\"" + EscapeXml(c.name) + "\" classname=\"" + EscapeXml(c.classname) +
         "\" time=\"0\"";
  if (c.text.empty()) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  if (c.failed) {
    out += "      <failure type=\"" + EscapeXml(c.failure_type) + "\" message=\"" +
           EscapeXml(c.failure_message) + "\">" + EscapeXml(c.text) + "</failure>\n";
  } else {
    out += "      <system-out>" + EscapeXml(c.text) + "</system-out>\n";
  }
  out += "    </testcase>\n";
}

// The test case for finding `f` of `suite` (in file `file`); `counts` numbers repeated names.
TestCase CaseFor(const Suite& suite, const lint::Finding& f, uint32_t file, lint::Severity fail_on,
                 std::map<std::string, size_t>& counts) {
  TestCase c;
  std::string name = f.question_id.empty() ? std::string("bank") : f.question_id;
  std::string field = FieldInQuestion(f.field_path);
  if (!field.empty()) name += " " + field;
  size_t n = ++counts[f.rule_id + '\n' + name];
  if (n > 1) name += " #" + std::to_string(n);
  c.name = std::move(name);
  c.classname = f.rule_id;
  c.failed = f.severity >= fail_on;
  c.failure_type = std::string(lint::SeverityName(f.severity));
  c.failure_message = f.message;
  c.text = Location(suite.file, f, file) + ": " + std::string(lint::SeverityName(f.severity)) +
           ": " + f.message + " [" + f.rule_id + "]";
  if (!f.question_id.empty()) c.text += "\nquestion: " + f.question_id;
  if (!f.field_path.empty()) c.text += "\nfield: " + f.field_path;
  return c;
}

}  // namespace

std::string EscapeXml(std::string_view text) {
  std::string valid = ValidUtf8(text);
  std::string out;
  out.reserve(valid.size());
  for (size_t i = 0; i < valid.size(); ++i) {
    auto c = static_cast<unsigned char>(valid[i]);
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
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        out += "&#13;";
        break;
      case '\t':
        out += "&#9;";
        break;
      default:
        if (c < 0x20) {
          out += kReplacement;
        } else if (c == 0xEF && i + 2 < valid.size() &&
                   static_cast<unsigned char>(valid[i + 1]) == 0xBF &&
                   (static_cast<unsigned char>(valid[i + 2]) & 0xFE) == 0xBE) {
          // U+FFFE and U+FFFF are not XML characters.
          out += kReplacement;
          i += 2;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

void WriteJunit(const ReportContext& ctx, lint::Severity fail_on, std::ostream& out) {
  static const model::Bank kEmptyBank;
  static const std::vector<lint::Finding> kNoFindings;
  const model::Bank& bank = ctx.bank != nullptr ? *ctx.bank : kEmptyBank;
  const std::vector<lint::Finding>& findings =
      ctx.findings != nullptr ? *ctx.findings : kNoFindings;

  // One suite per source, in source order, then "bank" for findings without a file. The first
  // pass only sorts findings into suites and counts, so the totals can lead the document; the
  // second writes each suite's cases, flushing as it goes.
  std::vector<Suite> suites(bank.sources.size() + 1);
  for (uint32_t i = 0; i + 1 < suites.size(); ++i) {
    suites[i].name = SourceName(ctx, i);
    suites[i].file = suites[i].name;
  }
  suites.back().name = "bank";
  for (size_t i = 0; i < findings.size(); ++i) {
    uint32_t file = FindingFile(bank, findings[i]);
    Suite& suite = file < bank.sources.size() ? suites[file] : suites.back();
    suite.findings.push_back(static_cast<uint32_t>(i));
    suite.failures += findings[i].severity >= fail_on ? 1 : 0;
  }
  if (suites.back().findings.empty()) suites.pop_back();
  size_t tests = 0;
  size_t failures = 0;
  for (const Suite& suite : suites) {
    tests += suite.tests();
    failures += suite.failures;
  }

  std::string chunk = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  chunk += "<testsuites name=\"qbank lint\" tests=\"" + std::to_string(tests) + "\" failures=\"" +
           std::to_string(failures) + "\" errors=\"0\" time=\"0\">\n";
  for (uint32_t s = 0; s < suites.size(); ++s) {
    const Suite& suite = suites[s];
    chunk += "  <testsuite name=\"" + EscapeXml(suite.name) + "\" tests=\"" +
             std::to_string(suite.tests()) + "\" failures=\"" + std::to_string(suite.failures) +
             "\" errors=\"0\" skipped=\"0\" time=\"0\"";
    if (!suite.file.empty()) chunk += " file=\"" + EscapeXml(suite.file) + "\"";
    chunk += ">\n";
    if (suite.findings.empty()) {
      TestCase clean;
      clean.name = "no findings";
      clean.classname = "qbank";
      AppendCase(clean, chunk);
    }
    std::map<std::string, size_t> counts;  // per suite: names repeat only within one
    uint32_t file = s < bank.sources.size() ? s : SourceSpan::kNoFile;
    for (uint32_t i : suite.findings) {
      AppendCase(CaseFor(suite, findings[i], file, fail_on, counts), chunk);
      if (chunk.size() >= (size_t{1} << 16)) {
        out << chunk;
        chunk.clear();
      }
    }
    chunk += "  </testsuite>\n";
  }
  chunk += "</testsuites>\n";
  out << chunk;
}

std::string WriteJunit(const ReportContext& ctx, lint::Severity fail_on) {
  std::ostringstream out;
  WriteJunit(ctx, fail_on, out);
  return std::move(out).str();
}

}  // namespace qbank::report
