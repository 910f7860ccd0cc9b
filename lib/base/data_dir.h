// Where qbank finds its data files: rules/ (presets, term lists, rule pages) and schemas/.
#ifndef QBANK_BASE_DATA_DIR_H_
#define QBANK_BASE_DATA_DIR_H_

#include <string>

#include "base/file_system.h"
#include "base/status.h"

namespace qbank {

// The places a data folder may be, in the order they are tried. Empty strings are skipped.
struct DataDirCandidates {
  std::string executable;  // the running binary (/proc/self/exe); its ../share/qbank is tried
  std::string env;         // the value of $QBANK_DATA_DIR
  std::string build_tree;  // the source tree the binary was built from (compiled in)
};

// A data folder that was found, and how.
struct DataDirLocation {
  std::string dir;  // lexically normal, no trailing slash
  std::string how;  // "next to the binary", "QBANK_DATA_DIR" or "the source tree of this build"
};

// A folder counts as a data folder when it holds rules/presets/recommended.json and
// schemas/config.schema.json. Tries <dir of executable>/../share/qbank (the installed layout:
// bin/qbank beside share/qbank), then `env`, then `build_tree`, and returns the first that counts.
// When none does, NotFound whose message lists every place looked at and why it did not count.
Result<DataDirLocation> FindDataDir(const DataDirCandidates& candidates, const FileSystem& fs);

// The candidates of this process: /proc/self/exe, $QBANK_DATA_DIR and the compiled-in source tree.
DataDirCandidates ProcessDataDirCandidates();

// FindDataDir(ProcessDataDirCandidates(), RealFileSystem()), computed once per process.
const Result<DataDirLocation>& DataDir();

}  // namespace qbank

#endif  // QBANK_BASE_DATA_DIR_H_
