// The lint engine: runs configured rules over a bank (per-question rules on all cores, then the
// per-bank rules), applies the questions' suppressions, and returns findings in a stable order.
#ifndef QBANK_LINT_ENGINE_H_
#define QBANK_LINT_ENGINE_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "lint/rule.h"
#include "model/bank.h"

namespace qbank::lint {

// One configured rule instance and where it applies.
struct PlannedRule {
  std::shared_ptr<const Rule> rule;        // already Configure()d
  Severity severity = Severity::kWarning;  // never kOff (the planner drops rules that are off)
  // files[f] is true when the rule applies to questions of source file f (Bank::sources index);
  // empty means every file. Questions with an unknown file follow files.empty().
  std::vector<bool> files;
};

struct EngineOptions {
  Date today = Today();
  // Worker threads for per-question rules; 0 means std::thread::hardware_concurrency().
  unsigned threads = 0;
  // Measure the time each rule takes (EngineResult::timings).
  bool measure = false;
  // Whether findings carry their fixes (LintContext::place_fixes): false when nothing will apply
  // or show them.
  bool place_fixes = true;
  // For a progress display (commands/progress.h), when set: every worker adds the questions it
  // has run the per-question rules on to `questions_done`, and `on_step` is called on the
  // calling thread as each step begins ("checking questions", then "rule ID" per bank rule).
  std::atomic<size_t>* questions_done = nullptr;
  std::function<void(std::string_view step)> on_step;
};

// The time one rule took: per-question rules summed over the threads that ran them, per-bank
// rules by the wall clock (the first duplicate rule includes the features pass they share).
struct RuleTiming {
  std::string rule_id;
  double seconds = 0;
};

// What a run produced besides the findings.
struct EngineResult {
  std::vector<Finding> findings;
  size_t questions_checked = 0;
  std::vector<RuleTiming> timings;  // when EngineOptions::measure, in plan order
};

// Runs `rules` over `bank`. Findings are sorted by file, line, column, then rule id and message
// (findings without a location last), so the output does not depend on thread timing. A question
// whose suppressions name a rule (or "*") drops that rule's findings on it; the rule
// kSuppressions rules (unused-suppression), when planned, then check the suppressions.
EngineResult RunRules(const model::Bank& bank, const std::vector<PlannedRule>& rules,
                      const EngineOptions& options = {});

// The findings of the planned import rules (RuleScope::kImport: import-error, import-warning) on
// `errors`, the import diagnostics of the run (errors, then warnings), rule by rule in plan order
// and each rule's in the order of the diagnostics. Each error's span.file
// must name its source in `bank` (the caller adds a source for a file that has none). The rules'
// `files` are not consulted: an import rule applies to every file.
std::vector<Finding> ReportImportErrors(const model::Bank& bank,
                                        const std::vector<PlannedRule>& rules,
                                        std::span<const Diagnostic> errors);

// The source file a question belongs to: its span's file, else its stem's, else kNoFile.
uint32_t QuestionFile(const model::Question& question);

}  // namespace qbank::lint

#endif  // QBANK_LINT_ENGINE_H_
