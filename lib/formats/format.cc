// Default behaviour of formats and the loss report.
#include "formats/format.h"

namespace qbank::formats {

std::string LossReport::ToString() const {
  std::string out;
  for (const auto& [field, count] : dropped_) {
    out += "  " + field + ": " + std::to_string(count) + (count == 1 ? " value" : " values") +
           " dropped\n";
  }
  return out;
}

int Format::Sniff(std::string_view /*path*/, std::string_view /*content*/) const { return 0; }

Status Format::Import(const SourceText& source, ImportContext& /*ctx*/) const {
  return Status::Unsupported(source.path() + ": the " + std::string(name()) +
                             " format cannot be imported");
}

bool Format::ClaimsDirectory(const FileSystem& /*fs*/, const std::string& /*dir*/) const {
  return false;
}

Status Format::ImportDirectory(const std::string& dir, ImportContext& /*ctx*/) const {
  return Status::Unsupported(dir + ": the " + std::string(name()) +
                             " format does not read folders");
}

Result<std::string> Format::Export(const model::Bank& /*bank*/, const ExportOptions& /*options*/,
                                   LossReport& /*loss*/) const {
  return Status::Unsupported("the " + std::string(name()) + " format cannot be exported");
}

}  // namespace qbank::formats
