// Runs the planned rules: per-question rules on a pool of threads (each question's findings go to
// its own slot, so the order never depends on timing), then per-bank rules, then suppressions.
#include "lint/engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
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

EngineResult RunRules(const model::Bank& bank, const std::vector<PlannedRule>& rules,
                      const EngineOptions& options) {
  const size_t n = bank.questions.size();
  LintContext ctx;
  ctx.bank = &bank;
  ctx.today = options.today;
  ctx.index_in_file.resize(n);
  std::vector<uint32_t> file_of(n);
  {
    std::vector<uint32_t> next_index(bank.sources.size() + 1, 0);
    for (size_t i = 0; i < n; ++i) {
      file_of[i] = QuestionFile(bank.questions[i]);
      size_t slot = file_of[i] < bank.sources.size() ? file_of[i] : bank.sources.size();
      ctx.index_in_file[i] = next_index[slot]++;
    }
  }

  std::vector<const PlannedRule*> question_rules;
  std::vector<const PlannedRule*> bank_rules;
  const PlannedRule* unused_rule = nullptr;
  const UnusedSuppressionRule* unused_impl = nullptr;
  for (const PlannedRule& r : rules) {
    if (r.rule == nullptr || r.severity == Severity::kOff) continue;
    if (auto* u = dynamic_cast<const UnusedSuppressionRule*>(r.rule.get())) {
      unused_rule = &r;
      unused_impl = u;
    } else if (r.rule->scope() == RuleScope::kBank) {
      bank_rules.push_back(&r);
    } else {
      question_rules.push_back(&r);
    }
  }

  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };

  // Per-question rules, one slot of findings per question.
  std::vector<std::vector<Finding>> slots(n);
  std::mutex timing_mutex;
  std::vector<double> question_seconds(question_rules.size(), 0.0);
  auto check_questions = [&](size_t begin, size_t end) {
    std::vector<double> spent(options.measure ? question_rules.size() : 0, 0.0);
    for (size_t i = begin; i < end; ++i) {
      for (size_t k = 0; k < question_rules.size(); ++k) {
        const PlannedRule* r = question_rules[k];
        if (!Applies(*r, file_of[i])) continue;
        Clock::time_point start;
        if (options.measure) start = Clock::now();
        Reporter reporter(ctx, r->rule->id(), r->severity, &slots[i]);
        r->rule->CheckQuestion(ctx, i, reporter);
        if (options.measure) spent[k] += seconds_since(start);
      }
    }
    if (!options.measure) return;
    std::lock_guard<std::mutex> lock(timing_mutex);
    for (size_t k = 0; k < spent.size(); ++k) question_seconds[k] += spent[k];
  };
  unsigned threads = options.threads != 0 ? options.threads : std::thread::hardware_concurrency();
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(n / 64 + 1)));
  if (!question_rules.empty()) {
    if (threads == 1) {
      check_questions(0, n);
    } else {
      constexpr size_t kChunk = 64;
      std::atomic<size_t> next{0};
      auto worker = [&] {
        for (;;) {
          size_t begin = next.fetch_add(kChunk);
          if (begin >= n) return;
          check_questions(begin, std::min(n, begin + kChunk));
        }
      };
      std::vector<std::thread> pool;
      for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
      worker();
      for (std::thread& t : pool) t.join();
    }
  }

  // Per-bank rules, one after the other (each may use every core; the duplicate rules share one
  // features pass). Each sees the questions of the files it applies to; its findings join the
  // slot of the question they name.
  std::vector<std::vector<Finding>> found(bank_rules.size());
  std::vector<double> bank_seconds(bank_rules.size(), 0.0);
  for (size_t k = 0; k < bank_rules.size(); ++k) {
    Clock::time_point start = Clock::now();
    const PlannedRule* r = bank_rules[k];
    std::vector<size_t> indexes;
    for (size_t i = 0; i < n; ++i) {
      if (Applies(*r, file_of[i])) indexes.push_back(i);
    }
    Reporter reporter(ctx, r->rule->id(), r->severity, &found[k]);
    r->rule->CheckBank(ctx, indexes, reporter);
    bank_seconds[k] = seconds_since(start);
  }
  std::vector<Finding> bank_findings;
  for (std::vector<Finding>& list : found) {
    for (Finding& f : list) {
      if (f.question_index < n) {
        slots[f.question_index].push_back(std::move(f));
      } else {
        bank_findings.push_back(std::move(f));
      }
    }
  }

  // Suppressions, then the unused ones.
  for (size_t i = 0; i < n; ++i) {
    const model::Question& q = bank.questions[i];
    if (q.suppressions.empty()) continue;
    std::vector<bool> used;
    ApplySuppressions(q, slots[i], &used);
    if (unused_rule == nullptr || !Applies(*unused_rule, file_of[i])) continue;
    std::set<std::string, std::less<>> ran;
    for (const PlannedRule& r : rules) {
      if (r.rule != nullptr && r.severity != Severity::kOff && Applies(r, file_of[i])) {
        ran.insert(std::string(r.rule->id()));
      }
    }
    Reporter reporter(ctx, unused_rule->rule->id(), unused_rule->severity, &slots[i]);
    unused_impl->CheckSuppressions(ctx, i, used, ran, reporter);
  }

  EngineResult result;
  result.questions_checked = n;
  if (options.measure) {
    for (size_t k = 0; k < question_rules.size(); ++k) {
      result.timings.push_back({std::string(question_rules[k]->rule->id()), question_seconds[k]});
    }
    for (size_t k = 0; k < bank_rules.size(); ++k) {
      result.timings.push_back({std::string(bank_rules[k]->rule->id()), bank_seconds[k]});
    }
  }
  size_t total = bank_findings.size();
  for (const auto& s : slots) total += s.size();
  result.findings.reserve(total);
  for (auto& s : slots) {
    for (Finding& f : s) result.findings.push_back(std::move(f));
  }
  for (Finding& f : bank_findings) result.findings.push_back(std::move(f));
  std::stable_sort(result.findings.begin(), result.findings.end(), FindingLess);
  return result;
}

}  // namespace qbank::lint
