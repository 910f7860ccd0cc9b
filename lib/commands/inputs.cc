// The input check shared by every command and by tools/.
#include "commands/inputs.h"

namespace qbank::commands {

Status RequireInputs(const std::vector<std::string>& inputs) {
  if (inputs.empty()) return Status::Usage("no input given");
  return Status::Ok();
}

}  // namespace qbank::commands
