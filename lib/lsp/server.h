// `qbank lsp`: a Language Server (LSP 3.17) over a pair of streams: diagnostics for the question
// files an editor has open, quick fixes and "disable here" code actions, hover with the rule's
// page, go to definition from a duplicate to its other question, and one outline symbol per
// question. JSON goes through the json/ door.
#ifndef QBANK_LSP_SERVER_H_
#define QBANK_LSP_SERVER_H_

#include <istream>
#include <ostream>
#include <string>

#include "base/file_system.h"

namespace qbank::lsp {

struct ServerOptions {
  FileSystem* fs = nullptr;  // the real file system when null
  std::string data_dir;      // "": DataDir()
  // How long the server waits after a change before it lints (more changes restart the wait);
  // the client may set it with initializationOptions.debounceMs.
  int debounce_ms = 200;
  unsigned threads = 0;  // for the per-question rules; 0: all cores
  bool timing = false;   // log each lint's steps and times on `err` (QBANK_TIMING)
};

// Serves the client on `in`/`out` until the `exit` notification or the end of `in`. Returns 0
// after `shutdown` then `exit`, 1 when the client exits without `shutdown` or `in` ends first,
// and 2 when the data folder cannot be found (said on `err`). Log lines go to `err`.
int RunServer(std::istream& in, std::ostream& out, std::ostream& err,
              const ServerOptions& options = {});

}  // namespace qbank::lsp

#endif  // QBANK_LSP_SERVER_H_
