// Atomic file replacement on the real disk: the one place qbank writes an output file
// (FileSystem::WriteFileAtomic of the real file system). docs/reliability.md ("Outputs") says what
// users see.
#ifndef QBANK_BASE_ATOMIC_FILE_H_
#define QBANK_BASE_ATOMIC_FILE_H_

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "base/status.h"

namespace qbank {

// Writes `content` to `path` so that a reader sees the old file or the new one, never a part:
// - The bytes go to a temporary file ".NAME.tmpPID-RANDOM" in the target's folder, which is
//   flushed, synced and renamed over the target. It is removed on every error and when SIGINT,
//   SIGTERM or SIGHUP arrives during the write (the signal is then re-raised). A SIGKILL can leave
//   one; temporary files of that pattern for the same NAME older than an hour are removed before
//   the next write to NAME.
// - A symbolic link (or a chain of them) is followed: the file it points to is replaced and the
//   link stays a link. A target that exists but is not a regular file (/dev/null, a FIFO) is
//   written in place, since it cannot be replaced.
// - The replaced file's permission bits, and its owner and group when the process runs as root,
//   are given to the new file; a new file gets 0666 less the umask.
// - Hard links: the path named gets the new file; other names of the old file keep the old
//   content (an atomic rename cannot reach them).
// Errors are IoError "PATH: cannot write: REASON", naming ENOSPC ("no space left on device
// (ENOSPC)") and EDQUOT ("disk quota exceeded (EDQUOT)"); the old file is then untouched.
Status WriteFileAtomically(const std::string& path, std::string_view content);

// Writes what `produce` writes to the stream it is given (buffered, so the content is never all
// in memory at once) to `path`, as WriteFileAtomically does. When `produce` returns an error, the
// temporary file is removed, the old file is untouched and that error is returned.
using StreamProducer = std::function<Status(std::ostream&)>;
Status WriteFileAtomicallyStreamed(const std::string& path, const StreamProducer& produce);

// What a failed write step reports for `error_number`: "no space left on device (ENOSPC)",
// "disk quota exceeded (EDQUOT)", else strerror with the errno name where known.
std::string DescribeWriteError(int error_number);

// How old a leftover temporary file must be before a write to the same name removes it.
inline constexpr std::chrono::hours kStaleTemporaryAge{1};

// For tests: replaces write(2) in WriteFileAtomically (nullptr restores it), to inject ENOSPC.
using WriteFunction = ssize_t (*)(int fd, const void* buf, size_t count);
void SetWriteFunctionForTesting(WriteFunction function);

}  // namespace qbank

#endif  // QBANK_BASE_ATOMIC_FILE_H_
