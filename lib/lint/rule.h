// The lint rule interface and what rules produce: Severity, Finding, and the Reporter a rule sends
// findings to. A rule checks one question at a time or the whole bank at once.
#ifndef QBANK_LINT_RULE_H_
#define QBANK_LINT_RULE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/source_span.h"
#include "base/status.h"
#include "lint/rule_environment.h"
#include "model/bank.h"
#include "model/value.h"

namespace qbank::lint {

// Ordered: a finding "fails" a run when its severity is at or above the failing one.
enum class Severity { kOff = 0, kInfo = 1, kWarning = 2, kError = 3 };
// "off", "info", "warning", "error".
std::string_view SeverityName(Severity severity);
// Parses a name written by SeverityName, or "warn" (ESLint's spelling of "warning"); nullopt
// otherwise.
std::optional<Severity> ParseSeverity(std::string_view name);

// Another place a finding refers to (the first copy of a duplicated option, the other question of
// a near-duplicate pair).
struct RelatedLocation {
  SourceSpan span;
  std::string message;      // "first written here"
  std::string question_id;  // empty when the place is not a question
  std::string field_path;
};

// A safe edit that resolves a finding: bytes [begin, end) of source `file` (an index into
// Bank::sources, the user's own file as read) replaced by `replacement`. Made only where the field
// is verbatim in the file (Reporter::FixRange), so it works the same in every format.
struct Fix {
  uint32_t file = 0;
  size_t begin = 0;
  size_t end = 0;
  std::string replacement;
};

struct Finding {
  static constexpr size_t kNoQuestion = static_cast<size_t>(-1);
  std::string rule_id;
  Severity severity = Severity::kWarning;
  std::string message;
  SourceSpan span;          // the exact text in the file the user edits; unknown spans allowed
  std::string question_id;  // empty for findings on the bank as a whole
  // Where in the question the problem is, as in the bank file: "questions[3].options[1].rationale"
  // (the question index counts questions of the same file).
  std::string field_path;
  // 16 hex digits of a hash of the rule id, question id, the field path inside the question and
  // the offending text: it survives edits elsewhere in the file (line numbers are not in it).
  std::string fingerprint;
  std::vector<RelatedLocation> related;
  // For a finding on a group of questions (near duplicates, one option set, one reused
  // explanation): the ids of every member, the one it sits on first, so a baseline can hold the
  // group member by member. Empty for other findings.
  std::vector<std::string> group_members;
  // Index of the question in Bank::questions, kNoQuestion for findings on the bank as a whole.
  size_t question_index = kNoQuestion;
  // The numbers behind a bank-level finding (counts, test statistic, p-value) as a JSON object,
  // written as "statistics" in the JSON report; null for other findings.
  model::Value statistics;
  // How `qbank lint --fix` resolves the finding; nullopt when the rule cannot fix it, or the text
  // is escaped in the file (then it needs a manual edit).
  std::optional<Fix> fix;
};

// The fingerprint Finding documents: FNV-1a over the parts, printed as 16 hex digits.
std::string Fingerprint(std::string_view rule_id, std::string_view question_id,
                        std::string_view field_path_in_question, std::string_view offending_text);

// The fingerprint a finding is matched by (baselines, SARIF): Finding::fingerprint, or, when a
// producer left it empty, Fingerprint(rule id, question id, field path, message).
std::string StableFingerprint(const Finding& finding);

// The date rules compare against, injectable so tests are stable.
struct Date {
  int year = 1970;
  int month = 1;
  int day = 1;
  friend auto operator<=>(const Date&, const Date&) = default;
};
// Today's date in UTC: from $SOURCE_DATE_EPOCH (seconds since 1970) when it is set to digits, so
// runs can be reproduced on a fixed date; otherwise from the system clock.
Date Today();

// What every check can see besides its own question.
// What the rules of one run compute once and share (the duplicate rules' bank features): the
// first rule to ask for a key makes the result, later ones get the same object. Thread-safe; a
// rule asking while another makes a result waits for it.
class SharedResults {
 public:
  template <typename T, typename Make>
  std::shared_ptr<const T> Get(const std::string& key, Make&& make) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = results_.find(key);
    if (it != results_.end()) return std::static_pointer_cast<const T>(it->second);
    std::shared_ptr<const T> made = make();
    results_[key] = made;
    return made;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const void>> results_;
};

struct LintContext {
  const model::Bank* bank = nullptr;
  Date today;
  // For each question, its index among the questions of its own file (for field paths); when
  // empty, the index in the bank is used.
  std::vector<uint32_t> index_in_file;
  // Whether Reporter::FixRange places fixes. A run that applies none (a plain `qbank lint`) sets
  // it false: placing a fix reads the field's source file back (SourceText::Release freed it
  // after the read), and a million-question file read back during the rules would sit beside
  // the duplicate rules' tables.
  bool place_fixes = true;
  // Shared by the rules of this run.
  std::shared_ptr<SharedResults> shared = std::make_shared<SharedResults>();
};

// Collects the findings of one rule. Rules never build spans or fingerprints by hand: they name
// the field (a model::Text) and its path inside the question, and the Reporter does the rest.
class Reporter {
 public:
  // Findings are appended to `out` with `rule_id` and `severity`.
  Reporter(const LintContext& ctx, std::string_view rule_id, Severity severity,
           std::vector<Finding>* out)
      : ctx_(ctx), rule_id_(rule_id), severity_(severity), out_(out) {}

  // A finding on the whole of `field` of question `question_index` (index into bank.questions).
  // `path` is the field's path inside the question: "stem", "options[1].rationale".
  Finding& Report(size_t question_index, const model::Text& field, std::string_view path,
                  std::string message);
  // A finding on bytes [begin, end) of field.value. When the field is not verbatim in its source,
  // the span falls back to the whole field.
  Finding& ReportRange(size_t question_index, const model::Text& field, size_t begin, size_t end,
                       std::string_view path, std::string message);
  // A finding at an explicit span with explicit offending text (for marks and metadata).
  Finding& ReportAt(size_t question_index, const SourceSpan& span, std::string_view path,
                    std::string_view offending_text, std::string message);
  // A finding on the bank as a whole (no question).
  Finding& ReportBank(const SourceSpan& span, std::string_view path,
                      std::string_view offending_text, std::string message);

  // The fix replacing bytes [begin, end) of field.value by `replacement` in the field's source
  // file; nullopt when the field is not verbatim there (escaped, normalised, or its source is not
  // at hand), and when the run places no fixes (LintContext::place_fixes).
  std::optional<Fix> FixRange(const model::Text& field, size_t begin, size_t end,
                              std::string replacement) const;
  // The span of bytes [begin, end) of a verbatim field (the whole field otherwise).
  static SourceSpan SubSpan(const model::Text& field, size_t begin, size_t end);
  // "questions[N]" for question `question_index`, N counting questions of its own file.
  std::string QuestionPath(size_t question_index) const;
  const model::Bank& bank() const { return *ctx_.bank; }

 private:
  // Where the last ReportRange began, so many findings on one long field cost one walk over it
  // rather than one walk each.
  const model::Text* last_field_ = nullptr;
  const char* last_data_ = nullptr;
  size_t last_offset_ = 0;
  SourcePosition last_position_;

  const LintContext& ctx_;
  std::string_view rule_id_;
  Severity severity_;
  std::vector<Finding>* out_;
};

enum class RuleScope {
  kQuestion,      // CheckQuestion runs once per question, in parallel
  kBank,          // CheckBank runs once with every question the rule applies to
  kSuppressions,  // CheckSuppressions runs on each question with suppressions, once applied
  kImport,  // CheckImportErrors runs once with the run's import errors (lint::ReportImportErrors)
};

// One lint check. A Rule object holds its configured options: the engine makes one per distinct
// configuration (Configure is called once, before any check), then calls the checks from several
// threads at once, so checks must not change the object.
class Rule {
 public:
  virtual ~Rule() = default;
  // Kebab-case id: "key-count".
  virtual std::string_view id() const = 0;
  // One line for `qbank rules`.
  virtual std::string_view summary() const = 0;
  virtual Severity default_severity() const = 0;
  virtual RuleScope scope() const { return RuleScope::kQuestion; }
  // True when the rule attaches fixes to its findings (Finding::fix) where the text allows.
  virtual bool can_fix() const { return false; }
  // What `qbank lint --fix` does to the rule's findings, one line for `qbank rules` and `qbank
  // explain` ("deletes the field's invisible characters"); empty when can_fix() is false.
  virtual std::string_view fix_summary() const { return {}; }
  // Sets the options from a JSON object (keys missing from it keep their defaults). Returns
  // InvalidInput "option 'NAME': expected ..." for an unknown key or a bad value. The default
  // accepts only an empty object. Files the rule needs (term lists, indexes, banks to compare
  // with) are read here, through `env` only, and kept by the rule; `env` is not kept.
  virtual Status Configure(const model::Value& options, const RuleEnvironment& env);
  // The options whose values are file paths (a string, or a list of strings). A configuration
  // file's relative paths are taken from the folder of that file, as its `overrides` globs are,
  // so the same `.qbank.json` works from any working directory.
  virtual std::vector<std::string_view> path_options() const { return {}; }
  // Checks question `index` of ctx.bank. Called only for kQuestion rules.
  virtual void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const;
  // Checks the questions at `indexes` (ascending) together. Called only for kBank rules.
  virtual void CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                         Reporter& reporter) const;
  // Checks the suppressions of question `index` after they were applied: used[i] is true when
  // suppression i dropped a finding; `ran` holds the ids of the rules that ran on the question.
  // Called only for kSuppressions rules.
  virtual void CheckSuppressions(const LintContext& ctx, size_t index,
                                 const std::vector<bool>& used,
                                 const std::set<std::string, std::less<>>& ran,
                                 Reporter& reporter) const;
  // Reports the files (or questions) that failed to import; each error's span.file names its
  // source in ctx.bank. Called only for kImport rules.
  virtual void CheckImportErrors(const LintContext& ctx, std::span<const Diagnostic> errors,
                                 Reporter& reporter) const;
};

// Helpers for Configure: each returns InvalidInput naming the option when the value has the wrong
// type, and leaves `*out` unchanged when `options` has no such key.
Status ReadIntOption(const model::Value& options, const std::string& key, int64_t min, int64_t max,
                     int64_t* out);
Status ReadStringListOption(const model::Value& options, const std::string& key,
                            std::vector<std::string>* out);
// InvalidInput naming the first key of `options` not in `known` (or a non-object `options`).
Status CheckOptionKeys(const model::Value& options, std::initializer_list<std::string_view> known);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULE_H_
