// Reading one sheet of an OpenDocument spreadsheet (.ods): content.xml's tables, rows and cells,
// with repeated rows and columns and the paragraphs of a cell.
#include <algorithm>
#include <optional>
#include <utility>

#include "base/source_span.h"
#include "base/suggest.h"
#include "formats/sheet/workbook.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::sheet {
namespace {

// A repeat count attribute ("table:number-rows-repeated"), 1 when absent or not a number.
uint64_t Repeat(const xml::Node& node, std::string_view attribute) {
  const std::string* text = node.FindAttribute(attribute);
  if (text == nullptr || text->empty() || text->size() > 9) return 1;
  uint64_t n = 0;
  for (char c : *text) {
    if (c < '0' || c > '9') return 1;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  return std::max<uint64_t>(n, 1);
}

// The text of a paragraph's content: spans and links flattened, <text:s> as spaces, <text:tab>
// as a tab, <text:line-break> as a line feed.
void AppendParagraphText(const xml::Node& node, std::string* out) {
  for (const xml::Node& child : node.children) {
    if (!child.is_element()) {
      out->append(child.text);
      continue;
    }
    std::string_view name = child.LocalName();
    if (name == "s") {
      out->append(std::min<uint64_t>(Repeat(child, "text:c"), 1000), ' ');
    } else if (name == "tab") {
      out->push_back('\t');
    } else if (name == "line-break") {
      out->push_back('\n');
    } else if (name != "annotation" && name != "note") {
      AppendParagraphText(child, out);
    }
  }
}

std::string CellText(const xml::Node& cell) {
  std::string out;
  bool first = true;
  for (const xml::Node* p : cell.ChildElements()) {
    std::string_view name = p->LocalName();
    if (name != "p" && name != "h") continue;
    if (!first) out.push_back('\n');
    first = false;
    AppendParagraphText(*p, &out);
  }
  return out;
}

// The table named `sheet` (the first when empty) among `tables`.
Result<const xml::Node*> ChooseTable(const std::vector<const xml::Node*>& tables,
                                     const std::string& path, const std::string& sheet) {
  const xml::Node* table = tables[0];
  if (!sheet.empty()) {
    std::vector<std::string> names;
    table = nullptr;
    for (const xml::Node* t : tables) {
      names.push_back(t->AttributeOr("table:name"));
      if (names.back() == sheet) table = t;
    }
    if (table == nullptr) {
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
      return Status::InvalidInput(path + ": no sheet '" + sheet + "'" + DidYouMean(sheet, names) +
                                  "; the workbook has " + list);
    }
  }
  return table;
}

}  // namespace

Result<SheetGrid> ReadOds(std::string_view bytes, const std::string& path,
                          const std::string& sheet) {
  Result<zip::Archive> archive = zip::Archive::Open(bytes, path);
  if (!archive.ok()) return archive.status();
  if (!archive->Contains("content.xml")) {
    return Status::InvalidInput(path +
                                ": the zip archive has no content.xml; expected an OpenDocument "
                                "spreadsheet (.ods)");
  }
  Result<std::string> content = archive->Read("content.xml");
  if (!content.ok()) return content.status();
  SourceText text(path + ":content.xml", std::move(content).value());
  Result<xml::Node> root = xml::Parse(text);
  if (!root.ok()) return root.status();
  const xml::Node* body = root->FirstChild("body");
  const xml::Node* spreadsheet = body != nullptr ? body->FirstChild("spreadsheet") : nullptr;
  std::vector<const xml::Node*> tables;
  if (spreadsheet != nullptr) tables = spreadsheet->ChildElements("table");
  if (tables.empty()) {
    return Status::InvalidInput(path + ": the document has no sheet; expected a spreadsheet");
  }
  Result<const xml::Node*> table = ChooseTable(tables, path, sheet);
  if (!table.ok()) return table.status();
  SheetGrid grid;
  grid.name = (*table)->AttributeOr("table:name", "Sheet1");
  uint64_t row_number = 1;
  std::vector<const xml::Node*> rows;
  for (const xml::Node* child : (*table)->ChildElements()) {
    std::string_view name = child->LocalName();
    if (name == "table-row") {
      rows.push_back(child);
    } else if (name == "table-rows" || name == "table-row-group" || name == "table-header-rows") {
      for (const xml::Node* r : child->ChildElements("table-row")) rows.push_back(r);
    }
  }
  for (const xml::Node* row : rows) {
    uint64_t repeat = Repeat(*row, "table:number-rows-repeated");
    SheetRow out;
    uint64_t column = 1;
    for (const xml::Node* cell : row->ChildElements()) {
      std::string_view name = cell->LocalName();
      if (name != "table-cell" && name != "covered-table-cell") continue;
      uint64_t columns = Repeat(*cell, "table:number-columns-repeated");
      std::string value = name == "table-cell" ? CellText(*cell) : std::string();
      if (!value.empty()) {
        auto r = static_cast<uint32_t>(std::min<uint64_t>(row_number, kMaxSheetRows));
        auto c = static_cast<uint32_t>(std::min<uint64_t>(column, kMaxSheetColumns));
        if (cell->FindAttribute("table:formula") != nullptr) {
          grid.notes.push_back(
              {r, c, "cell holds a formula; its last computed value \"" + value + "\" was read"});
        }
        if (Repeat(*cell, "table:number-columns-spanned") > 1 ||
            Repeat(*cell, "table:number-rows-spanned") > 1) {
          grid.notes.push_back({r, c,
                                "merged cells start here: only the first cell holds the value; "
                                "the others are read as empty"});
        }
        for (uint64_t k = 0; k < columns && column + k <= kMaxSheetColumns; ++k) {
          out.cells.push_back({static_cast<uint32_t>(column + k), value});
        }
      }
      column += columns;
    }
    // Empty rows repeated (a sheet's million trailing rows) take no memory.
    uint64_t copies = out.cells.empty() ? 0 : repeat;
    for (uint64_t k = 0; k < copies && row_number + k <= kMaxSheetRows; ++k) {
      out.row = static_cast<uint32_t>(row_number + k);
      grid.rows.push_back(out);
    }
    row_number += repeat;
  }
  return grid;
}

}  // namespace qbank::formats::sheet
