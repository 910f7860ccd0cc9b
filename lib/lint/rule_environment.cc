// Loading the banks rules compare with, once per environment.
#include "lint/rule_environment.h"

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
  std::vector<bool> others_read;  // per error: whether its file still gave questions
  formats::ImportOptions options;
  options.others_read = &others_read;
  Status status = formats::ImportInputs({path}, options, fs_, *bank, errors);
  if (!status.ok()) return status;
  // A file none of whose questions was read (not a bank, or every question refused): nothing of
  // it could be compared, so the bank is refused.
  for (size_t i = 0; i < errors.size(); ++i) {
    if (!others_read[i]) return Status::InvalidInput(errors[i].ToString());
  }
  // Every error left is a question its reader refused beside others that were read.
  unread_questions_.insert(unread_questions_.end(), errors.begin(), errors.end());
  std::shared_ptr<const model::Bank> loaded = std::move(bank);
  banks_[path] = loaded;
  return loaded;
}

std::vector<Diagnostic> RuleEnvironment::unread_questions() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return unread_questions_;
}

void RuleEnvironment::AddNote(std::string note) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const std::string& n : notes_) {
    if (n == note) return;
  }
  notes_.push_back(std::move(note));
}

std::vector<std::string> RuleEnvironment::notes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return notes_;
}

}  // namespace qbank::lint
