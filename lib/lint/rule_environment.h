// RuleEnvironment: what a rule may reach besides its options while it is configured: the run's
// file system, the data folder (rules/, schemas/) and a loader for the banks a rule compares with
// (`--against`). Nothing in lint/ touches the disk or keeps a cache except through one of these.
#ifndef QBANK_LINT_RULE_ENVIRONMENT_H_
#define QBANK_LINT_RULE_ENVIRONMENT_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "base/file_system.h"
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
  // path is imported once per environment: later calls, from any rule, get the same bank. Errors:
  // the import's usage error, or InvalidInput with the first import diagnostic ("path:line:col:
  // ..."); a failure is not remembered.
  Result<std::shared_ptr<const model::Bank>> LoadBank(const std::string& path) const;

 private:
  FileSystem& fs_;  // not const: the import pipeline takes a mutable one (it only reads)
  std::string data_dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const model::Bank>> banks_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULE_ENVIRONMENT_H_
