// The xlsx and ods formats: detection, and import and export through the workbook reader and
// writers and the shared sheet rows.
#include "formats/sheet/workbook_formats.h"

#include "formats/sheet/sheet_rows.h"
#include "formats/sheet/workbook.h"

namespace qbank::formats {
namespace {

constexpr std::string_view kZipMagic = "PK\x03\x04";
constexpr std::string_view kSheetName = "Questions";

// `options` without the file written over: the csv writer would read its header as CSV text.
ExportOptions WithoutWrittenOver(const ExportOptions& options) {
  ExportOptions out = options;
  out.written_over = nullptr;
  return out;
}

}  // namespace

std::string_view XlsxFormat::summary() const {
  return "Excel workbooks (.xlsx): one sheet of question rows under any recognised header";
}

int XlsxFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (!content.starts_with(kZipMagic)) return 0;
  return content.find("xl/workbook.xml") != std::string_view::npos ? 95 : 0;
}

Status XlsxFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("xlsx import without a bank");
  Result<sheet::SheetGrid> grid = sheet::ReadXlsx(source.content(), source.path(), ctx.sheet.sheet);
  if (!grid.ok()) return grid.status();
  return sheet::ImportGrid(*grid, source, ctx);
}

Result<std::string> XlsxFormat::Export(const model::Bank& bank, const ExportOptions& options,
                                       LossReport& loss) const {
  Result<std::vector<std::vector<std::string>>> rows =
      sheet::ExportRows(bank, WithoutWrittenOver(options), loss);
  if (!rows.ok()) return rows.status();
  return sheet::WriteXlsx(*rows, std::string(kSheetName));
}

std::string_view OdsFormat::summary() const {
  return "OpenDocument spreadsheets (.ods): one sheet of question rows under any recognised "
         "header";
}

int OdsFormat::Sniff(std::string_view path, std::string_view content) const {
  if (!content.starts_with(kZipMagic)) return 0;
  // LibreOffice stores the mimetype first and uncompressed; qbank's zip door deflates it, so its
  // own files are known by their name and content.xml.
  if (content.substr(0, 200).find("application/vnd.oasis.opendocument.spreadsheet") !=
      std::string_view::npos) {
    return 95;
  }
  bool named = path.size() > 4 && path.substr(path.size() - 4) == ".ods";
  return named && content.find("content.xml") != std::string_view::npos ? 95 : 0;
}

Status OdsFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("ods import without a bank");
  Result<sheet::SheetGrid> grid = sheet::ReadOds(source.content(), source.path(), ctx.sheet.sheet);
  if (!grid.ok()) return grid.status();
  return sheet::ImportGrid(*grid, source, ctx);
}

Result<std::string> OdsFormat::Export(const model::Bank& bank, const ExportOptions& options,
                                      LossReport& loss) const {
  Result<std::vector<std::vector<std::string>>> rows =
      sheet::ExportRows(bank, WithoutWrittenOver(options), loss);
  if (!rows.ok()) return rows.status();
  return sheet::WriteOds(*rows, std::string(kSheetName));
}

}  // namespace qbank::formats
