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

void ImportContext::AddError(const SourceText& source, size_t offset, std::string message) {
  if (errors != nullptr) AddError(source.ErrorAt(offset, std::move(message)));
}

void ImportContext::AddError(const Status& error) {
  if (errors == nullptr) return;
  // An error without a place is about the file being read.
  std::string path = bank != nullptr && file != SourceSpan::kNoFile ? bank->SourcePath(file) : "";
  errors->push_back(Diagnostic::FromStatus(error, path));
}

int Format::Sniff(std::string_view /*path*/, std::string_view /*content*/) const { return 0; }

Status Format::Import(const SourceText& source, ImportContext& /*ctx*/) const {
  return Status::Internal("the " + std::string(name()) + " format cannot be imported")
      .At(source.path());
}

bool Format::ClaimsDirectory(const FileSystem& /*fs*/, const std::string& /*dir*/) const {
  return false;
}

Status Format::ImportDirectory(const std::string& dir, ImportContext& /*ctx*/) const {
  return Status::Internal("the " + std::string(name()) + " format does not read folders").At(dir);
}

Result<std::string> Format::Export(const model::Bank& /*bank*/, const ExportOptions& /*options*/,
                                   LossReport& /*loss*/) const {
  return Status::Internal("the " + std::string(name()) + " format cannot be exported");
}

}  // namespace qbank::formats
