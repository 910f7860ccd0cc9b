// One lint run for the language server, in the steps of `qbank lint` (commands/lint.cc): the
// configuration, the import, the rule plan (per-question rules restricted to the files that need
// them, as --changed-since restricts them), the engine, the import findings; then each finding's
// places converted to the positions of its file.
#include "lsp/workspace_linter.h"

#include <algorithm>
#include <memory>
#include <set>

#include "commands/layout_form.h"
#include "commands/pull_request.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "lsp/suppression_edit.h"

namespace qbank::lsp {
namespace {

constexpr size_t kMaxSymbolName = 80;

// Collects the paths WalkInputs would read (files, and folders a format reads whole).
class ListingVisitor : public formats::InputVisitor {
 public:
  void File(formats::InputFile file) override { paths.push_back(std::move(file.path)); }
  bool Package(const std::string& dir, const formats::Format&) override {
    paths.push_back(dir);
    return true;
  }
  std::vector<std::string> paths;
};

bool IsQuestionScope(const lint::Rule* rule) {
  return rule != nullptr && (rule->scope() == lint::RuleScope::kQuestion ||
                             rule->scope() == lint::RuleScope::kSuppressions);
}

std::string FirstLine(std::string_view text) {
  text = text.substr(text.find_first_not_of(" \t\r\n") == std::string_view::npos
                         ? text.size()
                         : text.find_first_not_of(" \t\r\n"));
  std::string line(text.substr(0, text.find('\n')));
  if (line.size() > kMaxSymbolName) {
    size_t cut = kMaxSymbolName;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    line = line.substr(0, cut) + "…";
  }
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

// The positions of one source of the run's bank.
class SourcePositions {
 public:
  explicit SourcePositions(const SourceText& source)
      : text_(source.content()), lines_(text_), path_(source.path()) {}

  // The range of a 1-based, code-point span; a span without an end covers the rest of its line.
  Range RangeOf(const SourceSpan& span) const {
    if (!span.known()) return {};
    Position start{span.line - 1, Utf16OfColumn(lines_.Line(span.line - 1), span.column)};
    if (span.end_line == 0) {
      Position end{start.line, static_cast<uint32_t>(Utf16Length(lines_.Line(start.line)))};
      if (end < start) end = start;
      return {start, end};
    }
    Position end{span.end_line - 1, Utf16OfColumn(lines_.Line(span.end_line - 1), span.end_column)};
    if (end < start) end = start;
    return {start, end};
  }
  Range RangeOfBytes(size_t begin, size_t end) const {
    return {lines_.PositionOf(begin), lines_.PositionOf(end)};
  }
  const std::string& text() const { return text_; }
  const LineIndex& lines() const { return lines_; }
  const std::string& path() const { return path_; }

 private:
  std::string text_;
  LineIndex lines_;
  std::string path_;
};

// What one run holds while it converts findings.
struct Conversion {
  const model::Bank& bank;
  std::vector<std::unique_ptr<SourcePositions>> positions;  // by source index, made on demand
  std::vector<const formats::Format*> formats;              // by source index, detected on demand
  std::vector<bool> format_known;

  const SourcePositions* At(uint32_t file) {
    if (file >= bank.sources.size() || bank.sources[file] == nullptr) return nullptr;
    if (positions.size() < bank.sources.size()) positions.resize(bank.sources.size());
    if (positions[file] == nullptr) {
      positions[file] = std::make_unique<SourcePositions>(*bank.sources[file]);
    }
    return positions[file].get();
  }
  const formats::Format* FormatOf(uint32_t file) {
    if (formats.size() < bank.sources.size()) {
      formats.resize(bank.sources.size());
      format_known.resize(bank.sources.size());
    }
    if (!format_known[file]) {
      const SourcePositions* p = At(file);
      formats[file] =
          p == nullptr ? nullptr : formats::Registry::Default().Detect(p->path(), p->text());
      format_known[file] = true;
    }
    return formats[file];
  }
};

uint32_t FileOf(const model::Bank& bank, const lint::Finding& f) {
  if (f.span.file != SourceSpan::kNoFile) return f.span.file;
  if (f.question_index < bank.questions.size()) {
    return lint::QuestionFile(bank.questions[f.question_index]);
  }
  return SourceSpan::kNoFile;
}

FileFinding Convert(Conversion& c, const lint::Finding& f, uint32_t file) {
  FileFinding out;
  out.rule_id = f.rule_id;
  out.severity = f.severity;
  out.message = f.message;
  out.question_id = f.question_id;
  const SourcePositions* here = c.At(file);
  if (here == nullptr) return out;
  out.range = here->RangeOf(f.span);
  if (!f.span.known() && f.question_index < c.bank.questions.size()) {
    out.range = here->RangeOf(c.bank.questions[f.question_index].span);
  }
  if (f.fix && f.fix->file == file) {
    out.fix = TextEdit{here->RangeOfBytes(f.fix->begin, f.fix->end), f.fix->replacement};
  }
  if (f.question_index < c.bank.questions.size()) {
    if (const formats::Format* format = c.FormatOf(file)) {
      out.disable = SuppressionEdit(format->name(), here->text(), here->lines(),
                                    c.bank.questions[f.question_index], f.rule_id);
    }
  }
  for (const lint::RelatedLocation& r : f.related) {
    const SourcePositions* there = c.At(r.span.file);
    if (there == nullptr || !r.span.known()) continue;
    out.related.push_back({there->path(), there->RangeOf(r.span), r.message});
  }
  return out;
}

// The source index of `path` in the bank, a new (empty) source when the file gave none.
uint32_t SourceFor(model::Bank& bank, const std::string& path, const FileSystem& fs) {
  for (uint32_t i = 0; i < bank.sources.size(); ++i) {
    if (bank.sources[i] && bank.sources[i]->path() == path) return i;
  }
  Result<std::string> content =
      fs.IsDirectory(path) ? Result<std::string>(std::string()) : fs.ReadFile(path);
  return bank.AddSource(
      std::make_shared<SourceText>(path, content.ok() ? std::move(content.value()) : ""));
}

std::vector<QuestionSymbol> SymbolsOf(Conversion& c, const std::string& path) {
  std::vector<QuestionSymbol> symbols;
  for (const model::Question& q : c.bank.questions) {
    uint32_t file = lint::QuestionFile(q);
    const SourcePositions* p = c.At(file);
    if (p == nullptr || p->path() != path || !q.span.known()) continue;
    QuestionSymbol s;
    s.detail = FirstLine(q.stem.value);
    s.name = q.id.span.known() && !q.id.empty() ? q.id.value : s.detail;
    if (s.name.empty()) s.name = q.id.value;
    s.range = p->RangeOf(q.span);
    Position line_end{s.range.start.line,
                      static_cast<uint32_t>(Utf16Length(p->lines().Line(s.range.start.line)))};
    s.selection = {s.range.start, std::min(line_end, s.range.end)};
    if (s.selection.end < s.selection.start) s.selection.end = s.selection.start;
    symbols.push_back(std::move(s));
  }
  return symbols;
}

}  // namespace

std::string WorkspaceLinter::RootOf(const std::string& path) const {
  std::string best;
  for (const std::string& root : options_.roots) {
    std::string dir = root;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    bool below = path.size() > dir.size() && path.starts_with(dir) && path[dir.size()] == '/';
    if (below && dir.size() > best.size()) best = dir;
  }
  return best;
}

void WorkspaceLinter::FileChanged(const std::string& path) {
  question_findings_.erase(path);
  listings_.clear();
}

Result<const lint::LintConfig*> WorkspaceLinter::ConfigFor(const std::string& path) {
  std::optional<std::string> found = lint::FindConfig({path}, *options_.fs);
  std::string key = found.value_or("");
  if (auto it = configs_.find(key); it != configs_.end()) return &it->second;
  lint::RuleEnvironment env(*options_.fs, options_.data_dir);
  Result<lint::LintConfig> config =
      found ? lint::LoadConfig(*found, env) : lint::LoadPreset("recommended", env);
  if (!config.ok()) return config.status();
  // A new configuration changes what every file's rules find.
  question_findings_.clear();
  return &configs_.emplace(key, std::move(config).value()).first->second;
}

std::vector<std::string> WorkspaceLinter::InputsFor(const std::string& path) {
  std::string root = RootOf(path);
  if (root.empty()) return {path};
  auto it = listings_.find(root);
  if (it == listings_.end()) {
    ListingVisitor visitor;
    std::vector<Diagnostic> ignored;  // the import reports them again, at their place
    formats::ImportOptions listing;
    (void)formats::WalkInputs({root}, listing, *options_.fs, ignored, visitor);
    it = listings_.emplace(root, std::move(visitor.paths)).first;
  }
  std::vector<std::string> inputs = it->second;
  if (std::find(inputs.begin(), inputs.end(), path) == inputs.end()) inputs.push_back(path);
  return inputs;
}

// long-function: the steps of one run, each a few lines, in the order commands/lint.cc runs them.
Result<std::map<std::string, FileResult>> WorkspaceLinter::Lint(const std::string& path) {
  Result<const lint::LintConfig*> config = ConfigFor(path);
  if (!config.ok()) return config.status();
  FileSystem& fs = *options_.fs;
  lint::RuleEnvironment env(fs, options_.data_dir);
  env.set_canonical_form(commands::FmtCanonicalForm(fs, ""));

  model::Bank bank;
  std::vector<Diagnostic> located;
  std::vector<Diagnostic> warnings;
  formats::ImportOptions import_options;
  import_options.warnings = &warnings;
  Status imported = formats::ImportInputs(InputsFor(path), import_options, fs, bank, located);
  if (!imported.ok()) return imported;
  located.insert(located.end(), warnings.begin(), warnings.end());
  for (Diagnostic& d : located) d.span.file = SourceFor(bank, d.path, fs);

  Result<std::vector<lint::PlannedRule>> plan =
      lint::PlanRules(**config, bank, lint::RuleRegistry::Default(), env);
  if (!plan.ok()) return plan.status();
  // Per-question rules run on the edited file and on files with no kept findings.
  std::vector<bool> rerun(bank.sources.size());
  for (size_t f = 0; f < bank.sources.size(); ++f) {
    const std::string& p = bank.sources[f] ? bank.sources[f]->path() : std::string();
    rerun[f] = p == path || question_findings_.count(p) == 0;
  }
  commands::RestrictToChangedSources(*plan, rerun);
  lint::EngineOptions engine_options;
  engine_options.threads = options_.threads;
  lint::EngineResult engine = lint::RunRules(bank, *plan, engine_options);
  std::vector<lint::Finding> findings = lint::ReportImportErrors(bank, *plan, located);
  findings.insert(findings.end(), std::make_move_iterator(engine.findings.begin()),
                  std::make_move_iterator(engine.findings.end()));

  Conversion c{bank, {}, {}, {}};
  std::map<std::string, FileResult> results;
  std::map<std::string, std::vector<FileFinding>> fresh_question_findings;
  uint32_t own = SourceFor(bank, path, fs);
  for (size_t f = 0; f < bank.sources.size(); ++f) {
    if (bank.sources[f] == nullptr) continue;
    const std::string& p = bank.sources[f]->path();
    results[p];
    if (rerun[f]) fresh_question_findings[p];
  }
  for (const lint::Finding& f : findings) {
    uint32_t file = FileOf(bank, f);
    // Findings on the bank as a whole go to the edited file.
    if (c.At(file) == nullptr) file = own;
    const std::string& p = c.At(file)->path();
    FileFinding converted = Convert(c, f, file);
    bool per_question = IsQuestionScope(lint::RuleRegistry::Default().Find(f.rule_id));
    if (per_question && rerun[file]) {
      fresh_question_findings[p].push_back(std::move(converted));
    } else if (!per_question) {
      results[p].findings.push_back(std::move(converted));
    }
  }
  for (auto& [p, kept] : fresh_question_findings) question_findings_[p] = std::move(kept);
  for (auto& [p, result] : results) {
    auto kept = question_findings_.find(p);
    if (kept != question_findings_.end()) {
      result.findings.insert(result.findings.end(), kept->second.begin(), kept->second.end());
    }
    std::stable_sort(
        result.findings.begin(), result.findings.end(),
        [](const FileFinding& a, const FileFinding& b) { return a.range.start < b.range.start; });
  }
  results[path].symbols = SymbolsOf(c, path);
  return results;
}

}  // namespace qbank::lsp
