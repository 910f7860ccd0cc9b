// The one check every command makes on the inputs it is given, before anything is read.
#ifndef QBANK_COMMANDS_INPUTS_H_
#define QBANK_COMMANDS_INPUTS_H_

#include <string>
#include <vector>

#include "base/status.h"

namespace qbank::commands {

// Usage "no input given" when `inputs` is empty (a command prints it after its name: "qbank lint:
// no input given"); Ok otherwise. Whether each input exists is for the import to say, file by
// file.
Status RequireInputs(const std::vector<std::string>& inputs);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_INPUTS_H_
