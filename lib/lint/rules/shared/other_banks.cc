// Loading the banks named by a duplicate rule's "against" option.
#include "lint/rules/shared/other_banks.h"

namespace qbank::lint {

Status LoadOtherBanks(const model::Value& options, const RuleEnvironment& env, OtherBanks* out) {
  out->clear();
  std::vector<std::string> paths;
  QBANK_RETURN_IF_ERROR(ReadStringListOption(options, "against", &paths));
  for (const std::string& path : paths) {
    Result<std::shared_ptr<const model::Bank>> bank = env.LoadBank(path);
    if (!bank.ok()) return Status::InvalidInput("option 'against': " + bank.status().message());
    out->push_back(std::move(bank.value()));
  }
  return Status::Ok();
}

}  // namespace qbank::lint
