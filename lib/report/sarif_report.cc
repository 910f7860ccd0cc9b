// Builds the SARIF 2.1.0 log as a model::Value tree and writes it through the JSON door.
#include "report/sarif_report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <system_error>

#include "base/source_span.h"
#include "json/document.h"
#include "report/json_stream.h"

namespace qbank::report {
namespace {

using model::Value;

constexpr std::string_view kSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr std::string_view kRootBase = "%SRCROOT%";

std::string Level(lint::Severity severity) {
  switch (severity) {
    case lint::Severity::kError:
      return "error";
    case lint::Severity::kWarning:
      return "warning";
    case lint::Severity::kInfo:
      return "note";
    case lint::Severity::kOff:
      return "none";
  }
  return "none";
}

Value TextMessage(std::string_view text) {
  Value::Object m;
  m["text"] = ValidUtf8(text);
  return m;
}

// "key-count" -> "KeyCount".
std::string PascalCase(std::string_view id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (c == '-' || c == '_' || c == '.') {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

Value RuleDescriptor(const RuleMetadata& rule, const ReportContext& ctx) {
  Value::Object d;
  d["id"] = rule.id;
  d["name"] = PascalCase(rule.id);
  std::string summary = rule.summary.empty() ? rule.id : rule.summary;
  d["shortDescription"] = TextMessage(summary);
  std::string full = RuleFullDescription(rule.doc_markdown);
  d["fullDescription"] = TextMessage(full.empty() ? summary : full);
  Value::Object help;
  if (rule.doc_markdown.empty()) {
    help["text"] = ValidUtf8(summary);
  } else {
    help["text"] = rule.doc_markdown;
    help["markdown"] = rule.doc_markdown;
  }
  d["help"] = std::move(help);
  if (!ctx.docs_base_uri.empty()) d["helpUri"] = ctx.docs_base_uri + rule.id + ".md";
  Value::Object config;
  config["level"] = Level(rule.default_severity);
  d["defaultConfiguration"] = std::move(config);
  Value::Object props;
  // SARIF 2.1.0 3.19.4: tags classify the rule; the category is how `--select` groups it.
  Value::Array tags{Value("qbank")};
  if (!rule.category.empty()) tags.emplace_back(rule.category);
  props["tags"] = std::move(tags);
  if (!rule.category.empty()) props["category"] = rule.category;
  d["properties"] = std::move(props);
  return d;
}

// The names of the sources, computed once per log.
using Names = std::vector<std::string>;

Value ArtifactLocation(const ReportContext& ctx, const Names& names, uint32_t file) {
  Value::Object a;
  std::string name = file < names.size() ? names[file] : std::string("<unknown>");
  // A workbook sheet's places are in the workbook file (PhysicalLocation names the cell).
  if (IsSheetPath(name)) name = std::string(SheetFile(name));
  if (name.starts_with("/")) {
    a["uri"] = "file://" + PercentEncodePath(name);
  } else {
    a["uri"] = PercentEncodePath(name);
    if (!ctx.repo_root.empty()) a["uriBaseId"] = std::string(kRootBase);
  }
  return a;
}

// A region for `span`, or null when the span has no line, or names a paragraph of a document
// (a region's lines are lines of the artifact's text, which a .docx is not: the paragraph is a
// logical location, ParagraphLocation).
Value Region(const SourceSpan& span) {
  if (!span.known() || span.unit == SourceSpan::Unit::kParagraph) return Value();
  Value::Object r;
  r["startLine"] = static_cast<int64_t>(span.line);
  if (span.column > 0) r["startColumn"] = static_cast<int64_t>(span.column);
  bool end_after_start =
      span.end_line > span.line || (span.end_line == span.line && span.end_column >= span.column);
  if (span.end_line > 0 && end_after_start) {
    r["endLine"] = static_cast<int64_t>(span.end_line);
    if (span.end_column > 0 && span.column > 0) {
      r["endColumn"] = static_cast<int64_t>(span.end_column);
    }
  }
  return r;
}

// The paragraph `span` names in document `path`, as a SARIF logical location ("¶37", kind
// "element": a w:p element of the document), or null when the span is not a paragraph's.
Value ParagraphLocation(const std::string& path, const SourceSpan& span) {
  if (!span.known() || span.unit != SourceSpan::Unit::kParagraph) return Value();
  Value::Object logical;
  logical["name"] = "\xC2\xB6" + std::to_string(span.line);
  logical["fullyQualifiedName"] = ValidUtf8(FormatLocation(path, span));
  logical["kind"] = "element";
  return logical;
}

Value PhysicalLocation(const ReportContext& ctx, const Names& names, uint32_t file,
                       const SourceSpan& span) {
  Value::Object p;
  p["artifactLocation"] = ArtifactLocation(ctx, names, file);
  Value region = span.file == file || span.file == SourceSpan::kNoFile ? Region(span) : Value();
  std::string_view name = file < names.size() ? std::string_view(names[file]) : "";
  if (!region.is_null() && IsSheetPath(name) && span.column > 0) {
    // A cell: its row and column number are the region; its name, as a spreadsheet shows it
    // ("Sheet1!C7"), goes with it.
    std::string_view file_part = SheetFile(name);
    std::string sheet(name.substr(file_part.size() + 1));
    Value::Object properties;
    properties["cell"] = ValidUtf8(sheet + CellName(span.line, span.column));
    Value::Object with_cell = region.as_object();
    with_cell["properties"] = Value(std::move(properties));
    region = Value(std::move(with_cell));
  }
  if (!region.is_null()) p["region"] = std::move(region);
  return p;
}

// The file a result is placed on (see SarifLog), or kNoFile.
uint32_t PrimaryFile(const ReportContext& ctx, const lint::Finding& f) {
  size_t count = ctx.bank->sources.size();
  uint32_t file = FindingFile(*ctx.bank, f);
  if (file < count) return file;
  for (const lint::RelatedLocation& r : f.related) {
    if (r.span.file < count) return r.span.file;
  }
  return count == 0 ? SourceSpan::kNoFile : 0;
}

Value ResultObject(const ReportContext& ctx, const Names& names, const lint::Finding& f,
                   int64_t rule_index) {
  Value::Object r;
  r["ruleId"] = f.rule_id;
  r["ruleIndex"] = rule_index;
  r["level"] = Level(f.severity);
  r["message"] = TextMessage(f.message.empty() ? f.rule_id : f.message);

  uint32_t file = PrimaryFile(ctx, f);
  if (file != SourceSpan::kNoFile) {
    Value::Object location;
    // A span in another file than the primary one (a fallback placement) gets no region.
    SourceSpan span = FindingFile(*ctx.bank, f) == file ? f.span : SourceSpan{};
    location["physicalLocation"] = PhysicalLocation(ctx, names, file, span);
    Value::Array logicals;
    if (!f.question_id.empty()) {
      Value::Object logical;
      logical["name"] = ValidUtf8(f.question_id);
      if (!f.field_path.empty()) logical["fullyQualifiedName"] = ValidUtf8(f.field_path);
      logical["kind"] = "object";
      logicals.emplace_back(std::move(logical));
    }
    std::string name = file < names.size() ? names[file] : std::string("<unknown>");
    if (Value paragraph = ParagraphLocation(name, span); !paragraph.is_null()) {
      logicals.push_back(std::move(paragraph));
    }
    if (!logicals.empty()) location["logicalLocations"] = std::move(logicals);
    r["locations"] = model::OneElementArray(Value(std::move(location)));
  }

  Value::Array related;
  for (const lint::RelatedLocation& rel : f.related) {
    if (rel.span.file == SourceSpan::kNoFile || rel.span.file >= ctx.bank->sources.size()) continue;
    Value::Object loc;
    loc["id"] = static_cast<int64_t>(related.size());
    loc["physicalLocation"] = PhysicalLocation(ctx, names, rel.span.file, rel.span);
    if (!rel.message.empty()) loc["message"] = TextMessage(rel.message);
    related.emplace_back(std::move(loc));
  }
  if (!related.empty()) r["relatedLocations"] = std::move(related);

  Value::Object fingerprints;
  fingerprints[std::string(kSarifFingerprintKey)] = ValidUtf8(lint::StableFingerprint(f));
  r["partialFingerprints"] = std::move(fingerprints);

  Value::Object props;
  if (!f.question_id.empty()) props["questionId"] = ValidUtf8(f.question_id);
  if (!f.field_path.empty()) props["fieldPath"] = ValidUtf8(f.field_path);
  if (!props.empty()) r["properties"] = std::move(props);
  return r;
}

}  // namespace

std::string PercentEncodePath(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    // RFC 3986 path characters stay; ':' is encoded so a relative path cannot read as a scheme.
    bool keep =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
        std::string_view("-._~!$&'()*+,;=@/").find(static_cast<char>(c)) != std::string_view::npos;
    if (keep) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

namespace {

// The rules that ran, then any other rule that has findings; `index` maps an id to its place.
std::vector<RuleMetadata> AllRules(const ReportContext& ctx,
                                   std::map<std::string, int64_t, std::less<>>& index) {
  std::vector<RuleMetadata> rules = ctx.rules;
  for (const RuleMetadata& rule : rules) index.emplace(rule.id, static_cast<int64_t>(index.size()));
  for (const lint::Finding& f : *ctx.findings) {
    if (index.contains(f.rule_id)) continue;
    RuleMetadata extra;
    extra.id = f.rule_id;
    extra.summary = f.rule_id;
    extra.default_severity = f.severity;
    index.emplace(f.rule_id, static_cast<int64_t>(rules.size()));
    rules.push_back(std::move(extra));
  }
  // rules.size() may exceed index.size() only for duplicate ids in ctx.rules; index keeps the
  // first, which is the descriptor results point at.
  return rules;
}

// The run's "tool": qbank's name, version and one descriptor per rule.
Value ToolObject(const ReportContext& ctx, const std::vector<RuleMetadata>& rules) {
  Value::Array descriptors;
  for (const RuleMetadata& rule : rules) descriptors.push_back(RuleDescriptor(rule, ctx));
  Value::Object driver;
  driver["name"] = ctx.tool_name;
  std::string version = ctx.tool_version.empty() ? std::string(LibraryVersion()) : ctx.tool_version;
  driver["version"] = version;
  driver["semanticVersion"] = version;
  driver["rules"] = std::move(descriptors);
  Value::Object tool;
  tool["driver"] = std::move(driver);
  return tool;
}

// The findings the run reports: all of them, or over ctx.sarif_max_results the most severe (in
// their order within a severity), `left_out` counting the others.
std::vector<const lint::Finding*> KeptFindings(const ReportContext& ctx, size_t& left_out) {
  std::vector<const lint::Finding*> kept;
  kept.reserve(ctx.findings->size());
  for (const lint::Finding& f : *ctx.findings) kept.push_back(&f);
  left_out = 0;
  if (ctx.sarif_max_results != 0 && kept.size() > ctx.sarif_max_results) {
    std::stable_sort(kept.begin(), kept.end(), [](const lint::Finding* a, const lint::Finding* b) {
      return a->severity > b->severity;
    });
    left_out = kept.size() - ctx.sarif_max_results;
    kept.resize(ctx.sarif_max_results);
    std::stable_sort(kept.begin(), kept.end());  // back to the findings' order
  }
  return kept;
}

// "originalUriBaseIds": the repository root that relative artifact URIs start from.
Value OriginalUriBaseIds(const std::string& repo_root) {
  std::error_code ec;
  std::filesystem::path abs_root = std::filesystem::absolute(repo_root, ec);
  std::string root =
      (ec ? std::filesystem::path(repo_root) : abs_root).lexically_normal().generic_string();
  if (!root.ends_with("/")) root += "/";
  Value::Object base;
  base["uri"] = "file://" + PercentEncodePath(ValidUtf8(root));
  Value::Object bases;
  bases[std::string(kRootBase)] = std::move(base);
  return bases;
}

// The one invocation, with a warning when findings were left out.
Value Invocation(const ReportContext& ctx, size_t left_out) {
  Value::Object invocation;
  invocation["executionSuccessful"] = true;
  if (left_out != 0) {
    Value::Object note;
    note["level"] = "warning";
    note["message"] = TextMessage(
        std::to_string(left_out) + " of " + std::to_string(ctx.findings->size()) +
        " findings left out: a SARIF run holds at most " + std::to_string(ctx.sarif_max_results) +
        " results (GitHub code scanning rejects more); the most severe are kept. Use a baseline "
        "(--baseline) to report only new findings.");
    invocation["toolExecutionNotifications"] = model::OneElementArray(Value(std::move(note)));
  }
  return invocation;
}

}  // namespace

namespace {

// What SarifLog and the streamed writer share: the context with defaults for what it lacks, the
// rules with their indexes, the source names and the findings kept.
struct SarifParts {
  ReportContext ctx;
  std::map<std::string, int64_t, std::less<>> index;
  std::vector<RuleMetadata> rules;
  Names names;
  size_t left_out = 0;
  std::vector<const lint::Finding*> kept;

  explicit SarifParts(const ReportContext& context) : ctx(context) {
    static const model::Bank kEmptyBank;
    static const std::vector<lint::Finding> kNoFindings;
    if (ctx.bank == nullptr) ctx.bank = &kEmptyBank;
    if (ctx.findings == nullptr) ctx.findings = &kNoFindings;
    rules = AllRules(ctx, index);
    names = SourceNames(ctx);
    kept = KeptFindings(ctx, left_out);
  }

  Value Result(size_t i) const {
    const lint::Finding& f = *kept[i];
    return ResultObject(ctx, names, f, index.find(f.rule_id)->second);
  }

  // The run without its results.
  Value::Object RunHead() const {
    Value::Object run;
    run["tool"] = ToolObject(ctx, rules);
    run["columnKind"] = "unicodeCodePoints";
    if (!ctx.repo_root.empty()) run["originalUriBaseIds"] = OriginalUriBaseIds(ctx.repo_root);
    // Moved into the array, not copied from an initializer list: GCC 12 at -O3 gives a false
    // -Wmaybe-uninitialized on the copy of the variant.
    Value::Array invocations;
    invocations.push_back(Invocation(ctx, left_out));
    run["invocations"] = std::move(invocations);
    return run;
  }

  // The log without its runs.
  static Value::Object LogHead() {
    Value::Object log;
    log["$schema"] = std::string(kSchemaUri);
    log["version"] = "2.1.0";
    return log;
  }
};

}  // namespace

model::Value SarifLog(const ReportContext& ctx) {
  SarifParts parts(ctx);
  Value::Array results;
  for (size_t i = 0; i < parts.kept.size(); ++i) results.push_back(parts.Result(i));
  Value::Object run = parts.RunHead();
  run["results"] = std::move(results);
  Value::Object log = SarifParts::LogHead();
  log["runs"] = model::OneElementArray(Value(std::move(run)));
  return log;
}

void WriteSarif(const ReportContext& ctx, std::ostream& out) {
  // The same bytes as json::WriteValue(SarifLog(ctx)) and a newline, a result at a time.
  SarifParts parts(ctx);
  Value::Object run = parts.RunHead();
  std::string chunk;
  AppendObjectWithArray(
      SarifParts::LogHead(), "runs", 1,
      [&](size_t, int level, std::string& to) {
        AppendObjectWithArray(
            run, "results", parts.kept.size(),
            [&](size_t i, int inner, std::string& to2) {
              json::AppendValue(parts.Result(i), 2, inner, to2);
            },
            level, to, out);
      },
      0, chunk, out);
  chunk += "\n";
  out << chunk;
}

std::string WriteSarif(const ReportContext& ctx) {
  std::ostringstream out;
  WriteSarif(ctx, out);
  return std::move(out).str();
}

}  // namespace qbank::report
