// `qbank --version`: the version and the data folder in use.
#ifndef QBANK_COMMANDS_VERSION_H_
#define QBANK_COMMANDS_VERSION_H_

#include <ostream>

namespace qbank::commands {

// Prints "qbank VERSION" and "data: FOLDER (how it was found)" to `out`; when no data folder is
// found, "data: not found" and on `err` every place looked at. Returns 0 either way (the version
// is known).
int PrintVersion(std::ostream& out, std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_VERSION_H_
