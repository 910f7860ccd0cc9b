// Loading the banks rules compare with, once per environment.
#include "lint/rule_environment.h"

#include <vector>

#include "base/diagnostic.h"
#include "formats/import.h"

namespace qbank::lint {

Result<std::shared_ptr<const model::Bank>> RuleEnvironment::LoadBank(
    const std::string& path) const {
  // Held while importing, so two rules naming the same bank never import it twice.
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = banks_.find(path);
  if (it != banks_.end()) return it->second;
  auto bank = std::make_shared<model::Bank>();
  std::vector<Diagnostic> errors;
  Status status = formats::ImportInputs({path}, formats::ImportOptions{}, fs_, *bank, errors);
  if (!status.ok()) return status;
  if (!errors.empty()) return Status::InvalidInput(errors.front().ToString());
  std::shared_ptr<const model::Bank> loaded = std::move(bank);
  banks_[path] = loaded;
  return loaded;
}

}  // namespace qbank::lint
