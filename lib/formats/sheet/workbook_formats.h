// The workbook formats: xlsx (Excel, Google Sheets, LibreOffice) and ods (LibreOffice,
// OpenDocument), one sheet of question rows under a header, read and written as the csv format
// reads and writes its rows (docs/formats/xlsx.md, docs/formats/ods.md).
#ifndef QBANK_FORMATS_SHEET_WORKBOOK_FORMATS_H_
#define QBANK_FORMATS_SHEET_WORKBOOK_FORMATS_H_

#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace qbank::formats {

class XlsxFormat : public Format {
 public:
  std::string_view name() const override { return "xlsx"; }
  std::string_view summary() const override;
  std::vector<std::string_view> extensions() const override { return {".xlsx"}; }
  // 95 for a zip holding xl/workbook.xml, 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;
  // The first sheet, or ctx.sheet.sheet; its rows as the csv format reads rows, every place a
  // cell ("bank.xlsx:Sheet1!C7").
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // The csv format's rows (options.layout, options.columns) as one sheet named "Questions", every
  // cell an inline string.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

class OdsFormat : public Format {
 public:
  std::string_view name() const override { return "ods"; }
  std::string_view summary() const override;
  std::vector<std::string_view> extensions() const override { return {".ods"}; }
  // 95 for a zip whose stored mimetype names an OpenDocument spreadsheet, or a .ods zip holding
  // content.xml; 0 otherwise.
  int Sniff(std::string_view path, std::string_view content) const override;
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_SHEET_WORKBOOK_FORMATS_H_
