// The exit codes of every qbank command, defined once: 0 success, 1 a check failed (lint findings,
// `fmt --check`, input errors past which `--keep-going` wrote what was read), 2 a usage,
// configuration or input error.
#ifndef QBANK_COMMANDS_EXIT_CODE_H_
#define QBANK_COMMANDS_EXIT_CODE_H_

namespace qbank::commands {

inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;
inline constexpr int kExitError = 2;

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_EXIT_CODE_H_
