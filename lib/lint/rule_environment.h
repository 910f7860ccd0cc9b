// RuleEnvironment: what a rule may reach besides its options while it is configured: the run's
// file system, the data folder (rules/, schemas/), a loader for the banks a rule compares with
// (`--against`) and, when the command line provides it, `qbank fmt`'s canonical form of a file.
// Nothing in lint/ touches the disk or keeps a cache except through one of these.
#ifndef QBANK_LINT_RULE_ENVIRONMENT_H_
#define QBANK_LINT_RULE_ENVIRONMENT_H_

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/file_system.h"
#include "base/source_text.h"
#include "base/status.h"
#include "model/bank.h"

namespace qbank::lint {

// One per run (the command line makes one, tests make their own over an InMemoryFileSystem). The
// file system must outlive the environment; the environment must outlive every Configure call
// made with it (rules keep what they load, never the environment). Thread-safe.
class RuleEnvironment {
 public:
  RuleEnvironment(FileSystem& fs, std::string data_dir) : fs_(fs), data_dir_(std::move(data_dir)) {}
  RuleEnvironment(const RuleEnvironment&) = delete;
  RuleEnvironment& operator=(const RuleEnvironment&) = delete;

  // Where rules read files (term lists, indexes, other banks).
  const FileSystem& fs() const { return fs_; }
  // The folder holding rules/ and schemas/ (base/data_dir.h finds it for the command line).
  const std::string& data_dir() const { return data_dir_; }

  // The bank imported from `path` (a file or folder in any importable format) through fs(). Each
  // path is imported once per environment: later calls, from any rule, get the same bank. A
  // question its reader refuses is left out and recorded in unread_questions(); the bank holds
  // every question that was read. Errors: the import's usage error, or InvalidInput with the first
  // import diagnostic ("path:line:col: ...") of a file of which no question was read; a failure is
  // not remembered.
  Result<std::shared_ptr<const model::Bank>> LoadBank(const std::string& path) const;

  // The import errors of the questions LoadBank left out (one each, however many rules named the
  // bank), in the order they were read: for the command line to say that they were not compared.
  std::vector<Diagnostic> unread_questions() const;

  // A note for the user about how a rule runs ("paraphrased-options: WordNet not found at ...,
  // so the rule is off"), printed once however many configurations add it; notes() lists them in
  // the order first added.
  void AddNote(std::string note) const;
  std::vector<std::string> notes() const;

  // The text `qbank fmt` would write for the file `source` was read from (without a byte-order
  // mark, comparable with source.content()); nullopt when fmt leaves the file as it is (it cannot
  // read it whole, would lose something, or the format has no canonical form). Made by the command
  // line over commands::FormatText, which sits above lint/; lint/ only calls it. Must be safe to
  // call from several threads.
  using CanonicalForm = std::function<std::optional<std::string>(const SourceText& source)>;
  // Null (the default: library users and most tests) means no file has a canonical form.
  void set_canonical_form(CanonicalForm canonical_form) {
    canonical_form_ = std::move(canonical_form);
  }
  const CanonicalForm& canonical_form() const { return canonical_form_; }

 private:
  FileSystem& fs_;  // not const: the import pipeline takes a mutable one (it only reads)
  std::string data_dir_;
  CanonicalForm canonical_form_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const model::Bank>> banks_;
  mutable std::vector<Diagnostic> unread_questions_;
  mutable std::vector<std::string> notes_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULE_ENVIRONMENT_H_
