// Output destinations for commands.
#include "commands/output.h"

#include <filesystem>

#include "formats/import.h"

namespace qbank::commands {

bool SamePath(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec1;
  std::error_code ec2;
  if (fs::exists(a, ec1) && fs::exists(b, ec2)) {
    std::error_code ec;
    bool same = fs::equivalent(a, b, ec);
    if (!ec) return same;
  }
  std::error_code ec;
  fs::path pa = fs::absolute(a, ec).lexically_normal();
  fs::path pb = fs::absolute(b, ec).lexically_normal();
  return pa == pb;
}

Status RefuseToOverwriteInput(const std::string& path, const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    if (SamePath(input, path)) {
      std::string message = "refusing to overwrite the input " + path;
      message += " (write elsewhere; `qbank fmt --write ";
      message += path;
      message += "` rewrites a file in its own format)";
      return Status::Usage(message);
    }
  }
  return Status::Ok();
}

Status RefuseToOverwriteInput(const std::string& path, const model::Bank& bank) {
  std::vector<std::string> files;
  for (const auto& source : bank.sources) {
    if (source != nullptr && source->path() != formats::kStdinSourceName) {
      files.push_back(source->path());
    }
  }
  return RefuseToOverwriteInput(path, files);
}

Status WriteOutput(FileSystem& fs, const std::string& path, std::string_view content,
                   const model::Bank& bank, std::ostream& out) {
  if (path.empty() || path == "-") {
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) return Status::IoError("cannot write to standard output");
    return Status::Ok();
  }
  if (Status refused = RefuseToOverwriteInput(path, bank); !refused.ok()) return refused;
  if (fs.IsDirectory(path)) return Status::Usage(path + " is a folder; name a file with -o");
  return fs.WriteFileAtomic(path, content);
}

Status WriteOutput(FileSystem& fs, const std::string& path,
                   const std::function<Status(std::ostream&)>& produce, const model::Bank& bank,
                   std::ostream& out) {
  if (path.empty() || path == "-") {
    QBANK_RETURN_IF_ERROR(produce(out));
    out.flush();
    if (!out) return Status::IoError("cannot write to standard output");
    return Status::Ok();
  }
  if (Status refused = RefuseToOverwriteInput(path, bank); !refused.ok()) return refused;
  if (fs.IsDirectory(path)) return Status::Usage(path + " is a folder; name a file with -o");
  return fs.WriteFileAtomicStreamed(path, produce);
}

}  // namespace qbank::commands
