// One lint run for the language server, in the steps of `qbank lint` (commands/lint.cc): the
// configuration, the import, the rule plan (per-question rules restricted to the files that need
// them, as --changed-since restricts them), the engine, the import findings; then each finding's
// places converted to the positions of its file.
#include "lsp/workspace_linter.h"

#include <algorithm>
#include <chrono>
#include <functional>
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
// The most files a workspace folder may hold for its documents to be linted with it.
constexpr size_t kMaxWorkspaceFiles = 20000;

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
  question_cache_.erase(path);
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
  // A new configuration changes what every question's rules find.
  question_cache_.clear();
  return &configs_.emplace(key, std::move(config).value()).first->second;
}

std::vector<std::string> WorkspaceLinter::InputsFor(const std::string& path) {
  std::string root = RootOf(path);
  if (root.empty()) return {path};
  auto it = listings_.find(root);
  if (it == listings_.end()) {
    // A folder of more files than a bank has (a home folder opened as the workspace) is not
    // read whole on every edit: its documents are linted alone.
    Result<std::vector<std::string>> names = options_.fs->ListFiles(root);
    if (!names.ok() || names->size() > kMaxWorkspaceFiles) {
      listings_.emplace(root, std::vector<std::string>());
      return {path};
    }
    ListingVisitor visitor;
    std::vector<Diagnostic> ignored;  // the import reports them again, at their place
    formats::ImportOptions listing;
    (void)formats::WalkInputs({root}, listing, *options_.fs, ignored, visitor);
    it = listings_.emplace(root, std::move(visitor.paths)).first;
  }
  if (it->second.empty()) return {path};
  std::vector<std::string> inputs = it->second;
  if (std::find(inputs.begin(), inputs.end(), path) == inputs.end()) inputs.push_back(path);
  return inputs;
}

namespace {

// The questions whose per-question findings must be made again (their key is not in `cache`),
// and each question's key: a hash of its file's path and bytes from its first line to the next
// question's (so a change anywhere in it, its front matter or comments included, makes it new).
struct QuestionKeys {
  std::vector<uint64_t> keys;        // by bank question index; 0 when the place is unknown
  std::vector<size_t> todo;          // bank question indexes, ascending
  std::vector<uint32_t> start_line;  // by bank question index: the 0-based line it starts on
};

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

uint64_t Fnv1a(std::string_view bytes, uint64_t h = 1469598103934665603ull) {
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

QuestionKeys KeyQuestions(
    const model::Bank& bank,
    const std::map<std::string, std::map<uint64_t, std::vector<FileFinding>>>& cache) {
  QuestionKeys out;
  out.keys.assign(bank.questions.size(), 0);
  out.start_line.assign(bank.questions.size(), 0);
  std::map<uint32_t, std::vector<size_t>> by_file;
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    uint32_t file = lint::QuestionFile(bank.questions[i]);
    if (bank.questions[i].span.known() && file < bank.sources.size() && bank.sources[file]) {
      by_file[file].push_back(i);
    }
  }
  for (auto& [file, indexes] : by_file) {
    const SourceText& source = *bank.sources[file];
    std::stable_sort(indexes.begin(), indexes.end(), [&](size_t a, size_t b) {
      return bank.questions[a].span.line < bank.questions[b].span.line;
    });
    uint64_t path_hash = Fnv1a(source.path());
    for (size_t k = 0; k < indexes.size(); ++k) {
      size_t begin = source.LineStart(bank.questions[indexes[k]].span.line);
      size_t end = k + 1 < indexes.size()
                       ? source.LineStart(bank.questions[indexes[k + 1]].span.line)
                       : source.content().size();
      end = std::max(begin, end);
      out.keys[indexes[k]] =
          Fnv1a(std::string_view(source.content()).substr(begin, end - begin), path_hash) | 1;
      out.start_line[indexes[k]] = bank.questions[indexes[k]].span.line - 1;
    }
  }
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    uint32_t file = lint::QuestionFile(bank.questions[i]);
    bool cached = false;
    if (out.keys[i] != 0 && file < bank.sources.size() && bank.sources[file]) {
      auto it = cache.find(bank.sources[file]->path());
      cached = it != cache.end() && it->second.count(out.keys[i]) != 0;
    }
    if (!cached) out.todo.push_back(i);
  }
  return out;
}

// `f` with every place in `path` moved down by `delta` lines (negative: up).
FileFinding Shifted(FileFinding f, const std::string& path, int64_t delta) {
  auto shift = [delta](Range& r) {
    r.start.line = static_cast<uint32_t>(std::max<int64_t>(0, r.start.line + delta));
    r.end.line = static_cast<uint32_t>(std::max<int64_t>(0, r.end.line + delta));
  };
  shift(f.range);
  if (f.fix) shift(f.fix->range);
  if (f.disable) shift(f.disable->range);
  for (RelatedPlace& r : f.related) {
    if (r.path == path) shift(r.range);
  }
  return f;
}

using QuestionCache = std::map<std::string, std::map<uint64_t, std::vector<FileFinding>>>;

// The bank's metadata and sources with only the questions at `indexes`.
model::Bank SubBank(model::Bank& bank, const std::vector<size_t>& indexes) {
  model::QuestionList all = std::move(bank.questions);
  bank.questions.clear();
  model::Bank sub = bank;
  bank.questions = std::move(all);
  for (size_t i : indexes) sub.questions.push_back(bank.questions[i]);
  return sub;
}

// Reads `inputs` into `bank` as `qbank lint` reads them; the import errors, then warnings, go to
// `located`, each placed in its source (a new one for a file that gave none).
Status ImportWorkspace(const std::vector<std::string>& inputs, FileSystem& fs, model::Bank& bank,
                       std::vector<Diagnostic>& located) {
  std::vector<Diagnostic> warnings;
  formats::ImportOptions import_options;
  import_options.warnings = &warnings;
  Status imported = formats::ImportInputs(inputs, import_options, fs, bank, located);
  if (!imported.ok()) return imported;
  located.insert(located.end(), warnings.begin(), warnings.end());
  for (Diagnostic& d : located) d.span.file = SourceFor(bank, d.path, fs);
  return Status::Ok();
}

// The per-question findings into `results`: the new ones (`fresh`, question indexes of the bank)
// as they are, and into the cache relative to their question's first line; those of questions
// that did not change from `cache`, moved to where their question is now. `cache` is left with
// the entries of what the files of this run hold now (other files' entries stay).
void MergeQuestionFindings(Conversion& c, const QuestionKeys& keys,
                           const std::vector<lint::Finding>& fresh,
                           const std::function<uint32_t(const lint::Finding&)>& file_of,
                           QuestionCache& question_cache,
                           std::map<std::string, FileResult>& results) {
  const model::Bank& bank = c.bank;
  std::map<std::string, std::map<uint64_t, std::vector<FileFinding>>> cache;
  for (size_t i : keys.todo) {
    uint32_t file = lint::QuestionFile(bank.questions[i]);
    if (keys.keys[i] != 0) cache[c.At(file)->path()][keys.keys[i]];
  }
  for (const lint::Finding& f : fresh) {
    uint32_t file = file_of(f);
    const std::string& p = c.At(file)->path();
    FileFinding converted = Convert(c, f, file);
    if (f.question_index < bank.questions.size() && keys.keys[f.question_index] != 0) {
      int64_t start = keys.start_line[f.question_index];
      cache[p][keys.keys[f.question_index]].push_back(Shifted(converted, p, -start));
    }
    results[p].findings.push_back(std::move(converted));
  }
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    uint32_t file = lint::QuestionFile(bank.questions[i]);
    if (keys.keys[i] == 0 || c.At(file) == nullptr) continue;
    const std::string& p = c.At(file)->path();
    std::map<uint64_t, std::vector<FileFinding>>& fresh = cache[p];
    auto kept = fresh.find(keys.keys[i]);
    if (kept != fresh.end() && std::binary_search(keys.todo.begin(), keys.todo.end(), i)) continue;
    if (kept == fresh.end()) {
      auto old = question_cache[p].find(keys.keys[i]);
      if (old == question_cache[p].end()) continue;
      kept = fresh.emplace(keys.keys[i], std::move(old->second)).first;
    }
    for (const FileFinding& f : kept->second) {
      results[p].findings.push_back(Shifted(f, p, keys.start_line[i]));
    }
  }
  // Only what the files hold now is kept; other files' entries stay for the next run.
  for (auto& [p, entries] : cache) question_cache[p] = std::move(entries);
}

}  // namespace

// The steps of commands/lint.cc's RunLint: configuration, import, plan, engine, findings.
Result<std::map<std::string, FileResult>> WorkspaceLinter::Lint(const std::string& path) {
  Result<const lint::LintConfig*> config = ConfigFor(path);
  if (!config.ok()) return config.status();
  FileSystem& fs = *options_.fs;
  lint::RuleEnvironment env(fs, options_.data_dir);
  env.set_canonical_form(commands::FmtCanonicalForm(fs, ""));

  timings_ = {};
  Clock::time_point start = Clock::now();
  model::Bank bank;
  std::vector<Diagnostic> located;
  Status imported = ImportWorkspace(InputsFor(path), fs, bank, located);
  if (!imported.ok()) return imported;
  timings_.import = SecondsSince(start);

  Result<std::vector<lint::PlannedRule>> plan =
      lint::PlanRules(**config, bank, lint::RuleRegistry::Default(), env);
  if (!plan.ok()) return plan.status();
  // Bank rules over every question; per-question rules only on questions not seen before (their
  // findings for the others are kept, keyed by the question's text).
  std::vector<lint::PlannedRule> bank_plan;
  std::vector<lint::PlannedRule> question_plan;
  for (const lint::PlannedRule& p : *plan) {
    (IsQuestionScope(p.rule.get()) ? question_plan : bank_plan).push_back(p);
  }
  QuestionKeys keys = KeyQuestions(bank, question_cache_);
  lint::EngineOptions engine_options;
  engine_options.threads = options_.threads;
  start = Clock::now();
  lint::EngineResult bank_run = lint::RunRules(bank, bank_plan, engine_options);
  timings_.bank_rules = SecondsSince(start);
  start = Clock::now();
  model::Bank sub = SubBank(bank, keys.todo);
  lint::EngineResult question_run = lint::RunRules(sub, question_plan, engine_options);
  timings_.question_rules = SecondsSince(start);
  timings_.questions = bank.questions.size();
  timings_.questions_checked = keys.todo.size();
  start = Clock::now();
  for (lint::Finding& f : question_run.findings) {
    if (f.question_index < keys.todo.size()) f.question_index = keys.todo[f.question_index];
  }
  std::vector<lint::Finding> findings = lint::ReportImportErrors(bank, *plan, located);
  findings.insert(findings.end(), std::make_move_iterator(bank_run.findings.begin()),
                  std::make_move_iterator(bank_run.findings.end()));

  Conversion c{bank, {}, {}, {}};
  std::map<std::string, FileResult> results;
  uint32_t own = SourceFor(bank, path, fs);
  for (size_t f = 0; f < bank.sources.size(); ++f) {
    if (bank.sources[f] != nullptr) results[bank.sources[f]->path()];
  }
  auto file_of = [&](const lint::Finding& f) {
    uint32_t file = FileOf(bank, f);
    // Findings on the bank as a whole go to the edited file.
    return c.At(file) == nullptr ? own : file;
  };
  for (const lint::Finding& f : findings) {
    uint32_t file = file_of(f);
    results[c.At(file)->path()].findings.push_back(Convert(c, f, file));
  }
  MergeQuestionFindings(c, keys, question_run.findings, file_of, question_cache_, results);
  for (auto& [p, result] : results) {
    std::stable_sort(
        result.findings.begin(), result.findings.end(),
        [](const FileFinding& a, const FileFinding& b) { return a.range.start < b.range.start; });
  }
  results[path].symbols = SymbolsOf(c, path);
  timings_.convert = SecondsSince(start);
  return results;
}

}  // namespace qbank::lsp
