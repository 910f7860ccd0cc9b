// Writing rows as an .xlsx workbook of one sheet, through the XML and zip doors: every cell an
// inline string, no styles. Written by hand rather than with libxlsxwriter: the five parts are
// fixed text around the cells, zip::Write gives the same bytes for the same bank (libxlsxwriter
// stamps the time into docProps/core.xml), and no library joins the build for it.
#include <utility>

#include "base/source_span.h"
#include "formats/sheet/workbook.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::sheet {
namespace {

constexpr char kMain[] = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
constexpr char kRelationships[] = "http://schemas.openxmlformats.org/package/2006/relationships";
constexpr char kOfficeRels[] =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

std::string Document(const xml::Node& root) {
  xml::WriteOptions options;
  options.indent = false;
  return xml::Write(root, options);
}

xml::Node Relationship(std::string id, std::string type, std::string target) {
  xml::Node r = xml::Node::Element("Relationship");
  r.SetAttribute("Id", std::move(id))
      .SetAttribute("Type", std::move(type))
      .SetAttribute("Target", std::move(target));
  return r;
}

}  // namespace

Result<std::string> WriteXlsx(const std::vector<std::vector<std::string>>& rows,
                              const std::string& sheet) {
  xml::Node types = xml::Node::Element("Types");
  types.SetAttribute("xmlns", "http://schemas.openxmlformats.org/package/2006/content-types");
  types.Append(xml::Node::Element("Default"))
      .SetAttribute("Extension", "rels")
      .SetAttribute("ContentType", "application/vnd.openxmlformats-package.relationships+xml");
  types.Append(xml::Node::Element("Default"))
      .SetAttribute("Extension", "xml")
      .SetAttribute("ContentType", "application/xml");
  types.Append(xml::Node::Element("Override"))
      .SetAttribute("PartName", "/xl/workbook.xml")
      .SetAttribute("ContentType",
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml");
  types.Append(xml::Node::Element("Override"))
      .SetAttribute("PartName", "/xl/worksheets/sheet1.xml")
      .SetAttribute("ContentType",
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml");

  xml::Node package_rels = xml::Node::Element("Relationships");
  package_rels.SetAttribute("xmlns", kRelationships);
  package_rels.Append(
      Relationship("rId1", std::string(kOfficeRels) + "/officeDocument", "xl/workbook.xml"));

  xml::Node workbook = xml::Node::Element("workbook");
  workbook.SetAttribute("xmlns", kMain).SetAttribute("xmlns:r", kOfficeRels);
  workbook.Append(xml::Node::Element("sheets"))
      .Append(xml::Node::Element("sheet"))
      .SetAttribute("name", sheet)
      .SetAttribute("sheetId", "1")
      .SetAttribute("r:id", "rId1");

  xml::Node workbook_rels = xml::Node::Element("Relationships");
  workbook_rels.SetAttribute("xmlns", kRelationships);
  workbook_rels.Append(
      Relationship("rId1", std::string(kOfficeRels) + "/worksheet", "worksheets/sheet1.xml"));

  xml::Node worksheet = xml::Node::Element("worksheet");
  worksheet.SetAttribute("xmlns", kMain);
  xml::Node& data = worksheet.Append(xml::Node::Element("sheetData"));
  for (size_t r = 0; r < rows.size(); ++r) {
    auto row_number = static_cast<uint32_t>(r + 1);
    xml::Node& row = data.Append(xml::Node::Element("row"));
    row.SetAttribute("r", std::to_string(row_number));
    for (size_t c = 0; c < rows[r].size(); ++c) {
      if (rows[r][c].empty()) continue;
      xml::Node& cell = row.Append(xml::Node::Element("c"));
      cell.SetAttribute("r", CellName(row_number, static_cast<uint32_t>(c + 1)))
          .SetAttribute("t", "inlineStr");
      xml::Node& t = cell.Append(xml::Node::Element("is")).Append(xml::Node::Element("t"));
      t.SetAttribute("xml:space", "preserve");
      t.Append(xml::Node::Text(rows[r][c]));
    }
  }
  QBANK_RETURN_IF_ERROR(xml::CheckWritable(worksheet));
  QBANK_RETURN_IF_ERROR(xml::CheckWritable(workbook));
  return zip::Write({{"[Content_Types].xml", Document(types)},
                     {"_rels/.rels", Document(package_rels)},
                     {"xl/workbook.xml", Document(workbook)},
                     {"xl/_rels/workbook.xml.rels", Document(workbook_rels)},
                     {"xl/worksheets/sheet1.xml", Document(worksheet)}});
}

}  // namespace qbank::formats::sheet
