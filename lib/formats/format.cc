// Default behaviour of formats and the loss report.
#include "formats/format.h"

#include "base/utf8_text.h"
#include "formats/media_files.h"
#include "text/unicode.h"
#include "zip/zip_archive.h"

namespace qbank::formats {

void ImportContext::AddError(const SourceText& source, size_t offset, std::string_view message) {
  if (errors != nullptr) AddError(source.ErrorAt(offset, message));
}

void ImportContext::AddError(const Status& error) {
  if (errors == nullptr) return;
  // An error without a place is about the file being read.
  std::string path = bank != nullptr && file != SourceSpan::kNoFile ? bank->SourcePath(file) : "";
  errors->push_back(Diagnostic::FromStatus(error, path));
}

void ImportContext::AddWarning(const SourceText& source, size_t offset, std::string_view message) {
  if (warnings == nullptr) return;
  Status where = source.ErrorAt(offset, message);
  std::string path = bank != nullptr && file != SourceSpan::kNoFile ? bank->SourcePath(file) : "";
  warnings->push_back(Diagnostic::WarningFromStatus(where, path));
}

int Format::Sniff(std::string_view /*path*/, std::string_view /*content*/) const { return 0; }

Status Format::Import(const SourceText& source, ImportContext& /*ctx*/) const {
  return Status::Internal("the " + std::string(name()) + " format cannot be imported")
      .At(source.path());
}

std::vector<UnkeptContent> Format::Unkept(const SourceText& /*source*/) const { return {}; }

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

namespace {

Status CheckText(std::string_view bytes, const Format& format, const std::string& member) {
  size_t bad = 0;
  if (text::IsValidUtf8(bytes, &bad)) return Status::Ok();
  return Status::InvalidInput("internal error: the " + std::string(format.name()) +
                              " exporter produced invalid UTF-8 at byte " + std::to_string(bad) +
                              member + "; nothing written (please report this bug)");
}

}  // namespace

Result<std::string> ExportBank(const Format& format, const model::Bank& bank,
                               const ExportOptions& options, LossReport& loss) {
  loss.SetBank(&bank);
  Result<std::string> bytes = format.Export(bank, options, loss);
  if (!bytes.ok()) return bytes;
  if (std::string_view(*bytes).starts_with("PK\x03\x04")) {
    Result<std::vector<zip::Entry>> entries = zip::Read(*bytes, "<export>");
    if (!entries.ok()) return entries.status();
    for (const zip::Entry& entry : *entries) {
      // A picture kept with a question (media_files.h) is bytes, not text.
      if (MediaTypeOf(entry.path).starts_with("image/")) continue;
      QBANK_RETURN_IF_ERROR(CheckText(entry.data, format, " of " + entry.path));
    }
    return bytes;
  }
  QBANK_RETURN_IF_ERROR(CheckText(*bytes, format, ""));
  // Text that starts with U+FEFF (a stray byte-order mark inside a stem, from files joined with
  // cat) would be read back as the file's byte-order mark and lost: a mark of the file's own goes
  // first, so the reader takes that one and keeps the text's. A format that writes its marks
  // itself (page) has done so.
  if (std::string_view(*bytes).starts_with(kByteOrderMark) && !format.WritesByteOrderMark()) {
    bytes->insert(0, kByteOrderMark);
  }
  return bytes;
}

}  // namespace qbank::formats
