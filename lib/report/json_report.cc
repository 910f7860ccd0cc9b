// The JSON lint report, built as a model::Value and written by the JSON door.
#include "report/json_report.h"

#include "json/document.h"
#include "report/json_stream.h"
#include "report/report_context.h"
#include "report/text_report.h"

namespace qbank::report {
namespace {

using model::Value;

void PutSpan(const model::Bank& bank, const SourceSpan& span, Value::Object& o) {
  if (span.file != SourceSpan::kNoFile) o["file"] = bank.SourcePath(span.file);
  if (!span.known()) return;
  o["line"] = static_cast<int64_t>(span.line);
  o["column"] = static_cast<int64_t>(span.column);
  o["end_line"] = static_cast<int64_t>(span.end_line != 0 ? span.end_line : span.line);
  o["end_column"] = static_cast<int64_t>(span.end_column != 0 ? span.end_column : span.column);
}

}  // namespace

namespace {

Value FindingValue(const model::Bank& bank, const lint::Finding& f) {
  Value::Object o;
  o["rule"] = f.rule_id;
  o["severity"] = std::string(lint::SeverityName(f.severity));
  o["message"] = f.message;
  PutSpan(bank, f.span, o);
  if (!f.question_id.empty()) o["question_id"] = f.question_id;
  if (!f.field_path.empty()) o["field_path"] = f.field_path;
  o["fingerprint"] = f.fingerprint;
  if (!f.statistics.is_null()) o["statistics"] = f.statistics;
  if (!f.related.empty()) {
    Value::Array related;
    for (const lint::RelatedLocation& r : f.related) {
      Value::Object ro;
      PutSpan(bank, r.span, ro);
      ro["message"] = r.message;
      if (!r.question_id.empty()) ro["question_id"] = r.question_id;
      if (!r.field_path.empty()) ro["field_path"] = r.field_path;
      related.push_back(Value(std::move(ro)));
    }
    o["related"] = Value(std::move(related));
  }
  return Value(std::move(o));
}

// Everything but the findings: the root's other members.
Value::Object ReportHead(const ReportInput& input) {
  int64_t errors = 0, warnings = 0, infos = 0;
  for (const lint::Finding& f : *input.findings) {
    errors += f.severity == lint::Severity::kError;
    warnings += f.severity == lint::Severity::kWarning;
    infos += f.severity == lint::Severity::kInfo;
  }
  Value::Object summary;
  summary["errors"] = errors;
  summary["warnings"] = warnings;
  summary["infos"] = infos;
  summary["files"] = static_cast<int64_t>(input.files_checked);
  summary["questions"] = static_cast<int64_t>(input.questions_checked);
  summary["text"] = SummaryLine(input);
  Value::Object tool;
  tool["name"] = "qbank";
  tool["version"] = std::string(LibraryVersion());
  Value::Array rules;
  for (const lint::Rule* r : input.rules) rules.push_back(std::string(r->id()));
  tool["rules"] = Value(std::move(rules));
  Value::Object root;
  root["qbank_report"] = 1;
  root["tool"] = Value(std::move(tool));
  root["summary"] = Value(std::move(summary));
  return root;
}

}  // namespace

model::Value JsonReportValue(const ReportInput& input) {
  Value::Object root = ReportHead(input);
  Value::Array findings;
  for (const lint::Finding& f : *input.findings) findings.push_back(FindingValue(*input.bank, f));
  root["findings"] = Value(std::move(findings));
  return Value(std::move(root));
}

void WriteJsonReport(const ReportInput& input, const ReportOptions&, std::ostream& out) {
  // The same bytes as json::WriteValue(JsonReportValue(input), 2), written a finding at a time.
  std::string chunk;
  AppendObjectWithArray(
      ReportHead(input), "findings", input.findings->size(),
      [&](size_t i, int level, std::string& to) {
        json::AppendValue(FindingValue(*input.bank, (*input.findings)[i]), 2, level, to);
      },
      0, chunk, out);
  chunk += "\n";
  out << chunk;
}

}  // namespace qbank::report
