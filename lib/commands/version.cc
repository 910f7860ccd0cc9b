// The version line and the data folder lookup's result.
#include "commands/version.h"

#include "base/data_dir.h"
#include "commands/exit_code.h"
#include "report/report_context.h"

namespace qbank::commands {

int PrintVersion(std::ostream& out, std::ostream& err) {
  out << "qbank " << report::LibraryVersion() << "\n";
  const Result<DataDirLocation>& data = DataDir();
  if (data.ok()) {
    out << "data: " << data->dir << " (" << data->how << ")\n";
    return kExitOk;
  }
  out << "data: not found\n";
  err << "qbank: " << data.status().message() << "\n";
  return kExitOk;
}

}  // namespace qbank::commands
