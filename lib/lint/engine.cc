// Runs the planned rules: per-question rules on a pool of threads (each question's findings go to
// its own slot, so the order never depends on timing), then per-bank rules, then suppressions and
// the rules that check them; and, apart, the import rules over the run's import errors.
#include "lint/engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <tuple>

#include "lint/suppressions.h"

namespace qbank::lint {
namespace {

bool Applies(const PlannedRule& rule, uint32_t file) {
  if (rule.files.empty()) return true;
  return file < rule.files.size() && rule.files[file];
}

uint32_t SortFile(const Finding& f) { return f.span.known() ? f.span.file : SourceSpan::kNoFile; }

bool FindingLess(const Finding& a, const Finding& b) {
  auto position = [](const Finding& f) {
    return std::make_tuple(SortFile(f), f.span.line, f.span.column, f.span.end_line,
                           f.span.end_column);
  };
  auto pa = position(a);
  auto pb = position(b);
  if (pa != pb) return pa < pb;
  if (a.rule_id != b.rule_id) return a.rule_id < b.rule_id;
  return a.message < b.message;
}

}  // namespace

uint32_t QuestionFile(const model::Question& question) {
  if (question.span.file != SourceSpan::kNoFile) return question.span.file;
  if (question.stem.span.file != SourceSpan::kNoFile) return question.stem.span.file;
  if (question.id.span.file != SourceSpan::kNoFile) return question.id.span.file;
  return SourceSpan::kNoFile;
}

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// What one run carries from step to step.
struct EngineRun {
  EngineRun(const model::Bank& b, const std::vector<PlannedRule>& r, const EngineOptions& o)
      : bank(b), rules(r), options(o), n(b.questions.size()) {}

  const model::Bank& bank;
  const std::vector<PlannedRule>& rules;
  const EngineOptions& options;
  const size_t n;
  LintContext ctx;
  std::vector<uint32_t> file_of;  // QuestionFile of each question
  std::vector<const PlannedRule*> question_rules;
  std::vector<const PlannedRule*> bank_rules;
  std::vector<const PlannedRule*> suppression_rules;
  std::vector<std::vector<Finding>> slots;  // the findings on each question
  std::vector<Finding> bank_findings;       // findings on no question
  std::vector<double> question_seconds;     // per question rule, when measuring
  std::vector<double> bank_seconds;         // per bank rule
};

// The context the rules see, and each question's file and index within it.
void PrepareContext(EngineRun& run) {
  const model::Bank& bank = run.bank;
  run.ctx.bank = &bank;
  run.ctx.today = run.options.today;
  run.ctx.place_fixes = run.options.place_fixes;
  run.ctx.index_in_file.resize(run.n);
  run.file_of.resize(run.n);
  std::vector<uint32_t> next_index(bank.sources.size() + 1, 0);
  for (size_t i = 0; i < run.n; ++i) {
    run.file_of[i] = QuestionFile(bank.questions[i]);
    size_t slot = run.file_of[i] < bank.sources.size() ? run.file_of[i] : bank.sources.size();
    run.ctx.index_in_file[i] = next_index[slot]++;
  }
  run.slots.resize(run.n);
}

// Sorts the planned rules (those on) by how they run. Import rules do not run here
// (ReportImportErrors).
void SortRulesByScope(EngineRun& run) {
  for (const PlannedRule& r : run.rules) {
    if (r.rule == nullptr || r.severity == Severity::kOff) continue;
    switch (r.rule->scope()) {
      case RuleScope::kQuestion:
        run.question_rules.push_back(&r);
        break;
      case RuleScope::kBank:
        run.bank_rules.push_back(&r);
        break;
      case RuleScope::kSuppressions:
        run.suppression_rules.push_back(&r);
        break;
      case RuleScope::kImport:
        break;
    }
  }
}

// Calls `check_range(begin, end)` over [0, n) in chunks on `threads` threads (this one included).
template <typename CheckRange>
void ForEachChunk(size_t n, unsigned threads, const CheckRange& check_range) {
  if (threads == 1) {
    check_range(0, n);
    return;
  }
  constexpr size_t kChunk = 64;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (;;) {
      size_t begin = next.fetch_add(kChunk);
      if (begin >= n) return;
      check_range(begin, std::min(n, begin + kChunk));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

// Per-question rules on a pool of threads, one slot of findings per question.
void CheckQuestions(EngineRun& run) {
  const EngineOptions& options = run.options;
  std::mutex timing_mutex;
  run.question_seconds.assign(run.question_rules.size(), 0.0);
  auto check_questions = [&](size_t begin, size_t end) {
    std::vector<double> spent(options.measure ? run.question_rules.size() : 0, 0.0);
    for (size_t i = begin; i < end; ++i) {
      for (size_t k = 0; k < run.question_rules.size(); ++k) {
        const PlannedRule* r = run.question_rules[k];
        if (!Applies(*r, run.file_of[i])) continue;
        Clock::time_point start;
        if (options.measure) start = Clock::now();
        Reporter reporter(run.ctx, r->rule->id(), r->severity, &run.slots[i]);
        r->rule->CheckQuestion(run.ctx, i, reporter);
        if (options.measure) spent[k] += SecondsSince(start);
      }
    }
    if (options.questions_done != nullptr) options.questions_done->fetch_add(end - begin);
    if (!options.measure) return;
    std::lock_guard<std::mutex> lock(timing_mutex);
    for (size_t k = 0; k < spent.size(); ++k) run.question_seconds[k] += spent[k];
  };
  unsigned threads = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(run.n / 64 + 1)));
  if (run.question_rules.empty()) return;
  if (options.on_step) options.on_step("checking questions");
  ForEachChunk(run.n, threads, check_questions);
}

// Per-bank rules, one after the other (each may use every core; the duplicate rules share one
// features pass). Each sees the questions of the files it applies to; its findings join the
// slot of the question they name.
void CheckBank(EngineRun& run) {
  std::vector<std::vector<Finding>> found(run.bank_rules.size());
  run.bank_seconds.assign(run.bank_rules.size(), 0.0);
  for (size_t k = 0; k < run.bank_rules.size(); ++k) {
    Clock::time_point start = Clock::now();
    const PlannedRule* r = run.bank_rules[k];
    if (run.options.on_step) run.options.on_step("rule " + std::string(r->rule->id()));
    std::vector<size_t> indexes;
    for (size_t i = 0; i < run.n; ++i) {
      if (Applies(*r, run.file_of[i])) indexes.push_back(i);
    }
    Reporter reporter(run.ctx, r->rule->id(), r->severity, &found[k]);
    r->rule->CheckBank(run.ctx, indexes, reporter);
    run.bank_seconds[k] = SecondsSince(start);
  }
  for (std::vector<Finding>& list : found) {
    for (Finding& f : list) {
      if (f.question_index < run.n) {
        run.slots[f.question_index].push_back(std::move(f));
      } else {
        run.bank_findings.push_back(std::move(f));
      }
    }
  }
}

// The ids of the rules that ran on questions of `file`.
std::set<std::string, std::less<>> RulesRunOn(const std::vector<PlannedRule>& rules,
                                              uint32_t file) {
  std::set<std::string, std::less<>> ran;
  for (const PlannedRule& r : rules) {
    if (r.rule != nullptr && r.severity != Severity::kOff && Applies(r, file)) {
      ran.insert(std::string(r.rule->id()));
    }
  }
  return ran;
}

// Suppressions, then the rules that check them (unused-suppression).
void ApplyAllSuppressions(EngineRun& run) {
  for (size_t i = 0; i < run.n; ++i) {
    const model::Question& q = run.bank.questions[i];
    if (q.suppressions.empty()) continue;
    std::vector<bool> used;
    ApplySuppressions(q, run.slots[i], &used);
    std::optional<std::set<std::string, std::less<>>> ran;
    for (const PlannedRule* r : run.suppression_rules) {
      if (!Applies(*r, run.file_of[i])) continue;
      if (!ran) ran = RulesRunOn(run.rules, run.file_of[i]);
      Reporter reporter(run.ctx, r->rule->id(), r->severity, &run.slots[i]);
      r->rule->CheckSuppressions(run.ctx, i, used, *ran, reporter);
    }
  }
}

// The findings in their stable order, and the timings in plan order.
EngineResult CollectResult(EngineRun& run) {
  EngineResult result;
  result.questions_checked = run.n;
  if (run.options.measure) {
    for (size_t k = 0; k < run.question_rules.size(); ++k) {
      result.timings.push_back(
          {std::string(run.question_rules[k]->rule->id()), run.question_seconds[k]});
    }
    for (size_t k = 0; k < run.bank_rules.size(); ++k) {
      result.timings.push_back({std::string(run.bank_rules[k]->rule->id()), run.bank_seconds[k]});
    }
  }
  size_t total = run.bank_findings.size();
  for (const auto& s : run.slots) total += s.size();
  result.findings.reserve(total);
  for (auto& s : run.slots) {
    for (Finding& f : s) result.findings.push_back(std::move(f));
  }
  for (Finding& f : run.bank_findings) result.findings.push_back(std::move(f));
  std::stable_sort(result.findings.begin(), result.findings.end(), FindingLess);
  return result;
}

}  // namespace

EngineResult RunRules(const model::Bank& bank, const std::vector<PlannedRule>& rules,
                      const EngineOptions& options) {
  EngineRun run(bank, rules, options);
  PrepareContext(run);
  SortRulesByScope(run);
  CheckQuestions(run);
  CheckBank(run);
  ApplyAllSuppressions(run);
  return CollectResult(run);
}

std::vector<Finding> ReportImportErrors(const model::Bank& bank,
                                        const std::vector<PlannedRule>& rules,
                                        std::span<const Diagnostic> errors) {
  std::vector<Finding> findings;
  if (errors.empty()) return findings;
  LintContext ctx;
  ctx.bank = &bank;
  for (const PlannedRule& r : rules) {
    if (r.rule == nullptr || r.severity == Severity::kOff) continue;
    if (r.rule->scope() != RuleScope::kImport) continue;
    Reporter reporter(ctx, r.rule->id(), r.severity, &findings);
    r.rule->CheckImportErrors(ctx, errors, reporter);
  }
  return findings;
}

}  // namespace qbank::lint
