// Reading one sheet of an .xlsx workbook (Office Open XML SpreadsheetML): the workbook's sheet
// list and relationships, the shared strings, the sheet's cells and merged ranges.
#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "base/source_span.h"
#include "base/suggest.h"
#include "formats/sheet/workbook.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::sheet {
namespace {

Result<xml::Node> ParsePart(zip::Archive& archive, const std::string& path,
                            const std::string& part) {
  Result<std::string> bytes = archive.Read(part);
  if (!bytes.ok()) return bytes.status();
  SourceText text(path + ":" + part, std::move(bytes).value());
  return xml::Parse(text);
}

// The text of a shared string or inline string (<si>, <is>): its <t>, or its rich-text runs'
// <t>s joined (phonetic guides, <rPh>, left out).
std::string StringItemText(const xml::Node& item) {
  std::string out;
  for (const xml::Node* child : item.ChildElements()) {
    std::string_view name = child->LocalName();
    if (name == "t") {
      out += child->TextContent();
    } else if (name == "r") {
      for (const xml::Node* t : child->ChildElements("t")) out += t->TextContent();
    }
  }
  return out;
}

// The decimal number `text` holds, or nullopt when it is not one or exceeds `max`.
std::optional<uint64_t> ParseCount(std::string_view text, uint64_t max) {
  if (text.empty()) return std::nullopt;
  uint64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<uint64_t>(c - '0');
    if (n > max) return std::nullopt;
  }
  return n;
}

// "C7" -> column 3, row 7; false when it is not a cell reference.
bool ParseCellRef(std::string_view ref, uint32_t* row, uint32_t* column) {
  size_t i = 0;
  uint64_t col = 0;
  while (i < ref.size() && ref[i] >= 'A' && ref[i] <= 'Z') {
    col = col * 26 + static_cast<uint64_t>(ref[i] - 'A' + 1);
    if (col > kMaxSheetColumns) return false;
    ++i;
  }
  if (i == 0 || i == ref.size()) return false;
  uint64_t r = 0;
  for (; i < ref.size(); ++i) {
    if (ref[i] < '0' || ref[i] > '9') return false;
    r = r * 10 + static_cast<uint64_t>(ref[i] - '0');
    if (r > kMaxSheetRows) return false;
  }
  if (r == 0) return false;
  *row = static_cast<uint32_t>(r);
  *column = static_cast<uint32_t>(col);
  return true;
}

// The part a relationship's Target names, relative to xl/ or absolute from the package root.
std::string ResolveTarget(const std::string& target) {
  if (target.starts_with("/")) return target.substr(1);
  return "xl/" + target;
}

// The cells of worksheet `ws` (shared strings from `shared`; `where` names the part in
// messages) and its merged ranges, into `grid`.
Status ReadCells(const xml::Node& ws, const std::vector<std::string>& shared,
                 const std::string& where, SheetGrid* grid_out) {
  SheetGrid& grid = *grid_out;
  const xml::Node* data = ws.FirstChild("sheetData");
  uint32_t next_row = 1;
  if (data != nullptr) {
    for (const xml::Node* row : data->ChildElements("row")) {
      SheetRow out;
      out.row = next_row;
      if (const std::string* r = row->FindAttribute("r")) {
        std::optional<uint64_t> n = ParseCount(*r, kMaxSheetRows);
        if (!n || *n == 0) {
          return Status::InvalidInput(where + ": row number '" + *r +
                                      "' is not one; expected 1 to " +
                                      std::to_string(kMaxSheetRows));
        }
        out.row = static_cast<uint32_t>(*n);
      }
      next_row = out.row + 1;
      uint32_t next_col = 1;
      for (const xml::Node* c : row->ChildElements("c")) {
        uint32_t r = out.row;
        uint32_t col = next_col;
        if (const std::string* ref = c->FindAttribute("r")) {
          if (!ParseCellRef(*ref, &r, &col)) {
            return Status::InvalidInput(where + ": cell reference '" + *ref +
                                        "' is not one; expected a column and a row such as C7");
          }
        }
        if (r != out.row) {
          return Status::InvalidInput(where + ": cell " + *c->FindAttribute("r") + " in row " +
                                      std::to_string(out.row) + "; expected a cell of that row");
        }
        next_col = col + 1;
        std::string type = c->AttributeOr("t", "n");
        const xml::Node* v = c->FirstChild("v");
        std::string value = v != nullptr ? v->TextContent() : std::string();
        if (type == "s") {
          std::optional<uint64_t> index = ParseCount(value, shared.size());
          if (!index || *index >= shared.size()) {
            return Status::InvalidInput(where + ": cell " + CellName(out.row, col) +
                                        " names shared string " + value +
                                        ", which the workbook "
                                        "does not have; expected an index below " +
                                        std::to_string(shared.size()));
          }
          value = shared[*index];
        } else if (type == "inlineStr") {
          const xml::Node* is = c->FirstChild("is");
          value = is != nullptr ? StringItemText(*is) : std::string();
        } else if (type == "b") {
          value = value == "1" ? "TRUE" : "FALSE";
        }
        if (c->FirstChild("f") != nullptr) {
          grid.notes.push_back(
              {out.row, col,
               "cell holds a formula; its last computed value \"" + value + "\" was read"});
        }
        if (!value.empty()) out.cells.push_back({col, std::move(value)});
      }
      std::sort(out.cells.begin(), out.cells.end(),
                [](const SheetCell& a, const SheetCell& b) { return a.column < b.column; });
      if (!out.cells.empty()) grid.rows.push_back(std::move(out));
    }
  }
  if (const xml::Node* merged = ws.FirstChild("mergeCells")) {
    for (const xml::Node* m : merged->ChildElements("mergeCell")) {
      std::string ref = m->AttributeOr("ref");
      uint32_t r = 0;
      uint32_t col = 0;
      ParseCellRef(ref.substr(0, ref.find(':')), &r, &col);
      grid.notes.push_back({r, col,
                            "merged cells " + ref +
                                ": only the first cell holds the value; the others are read as "
                                "empty"});
    }
  }
  std::stable_sort(grid.rows.begin(), grid.rows.end(),
                   [](const SheetRow& a, const SheetRow& b) { return a.row < b.row; });
  return Status::Ok();
}

}  // namespace

Result<SheetGrid> ReadXlsx(std::string_view bytes, const std::string& path,
                           const std::string& sheet) {
  Result<zip::Archive> archive = zip::Archive::Open(bytes, path);
  if (!archive.ok()) return archive.status();
  if (!archive->Contains("xl/workbook.xml")) {
    return Status::InvalidInput(path +
                                ": the zip archive has no xl/workbook.xml; expected an .xlsx "
                                "workbook (Excel, LibreOffice or Google Sheets)");
  }
  Result<xml::Node> workbook = ParsePart(*archive, path, "xl/workbook.xml");
  if (!workbook.ok()) return workbook.status();
  std::vector<std::pair<std::string, std::string>> sheets;  // name, relationship id
  if (const xml::Node* list = workbook->FirstChild("sheets")) {
    for (const xml::Node* s : list->ChildElements("sheet")) {
      sheets.emplace_back(s->AttributeOr("name"), s->AttributeOr("r:id"));
    }
  }
  if (sheets.empty()) {
    return Status::InvalidInput(path + ": the workbook has no sheet; expected at least one");
  }
  size_t chosen = 0;
  if (!sheet.empty()) {
    std::vector<std::string> names;
    for (const auto& s : sheets) names.push_back(s.first);
    auto it = std::find(names.begin(), names.end(), sheet);
    if (it == names.end()) {
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
      return Status::InvalidInput(path + ": no sheet '" + sheet + "'" + DidYouMean(sheet, names) +
                                  "; the workbook has " + list);
    }
    chosen = static_cast<size_t>(it - names.begin());
  }
  std::string part = "xl/worksheets/sheet" + std::to_string(chosen + 1) + ".xml";
  if (archive->Contains("xl/_rels/workbook.xml.rels")) {
    Result<xml::Node> rels = ParsePart(*archive, path, "xl/_rels/workbook.xml.rels");
    if (!rels.ok()) return rels.status();
    for (const xml::Node* r : rels->ChildElements("Relationship")) {
      if (r->AttributeOr("Id") == sheets[chosen].second)
        part = ResolveTarget(r->AttributeOr("Target"));
    }
  }
  std::vector<std::string> shared;
  if (archive->Contains("xl/sharedStrings.xml")) {
    Result<xml::Node> sst = ParsePart(*archive, path, "xl/sharedStrings.xml");
    if (!sst.ok()) return sst.status();
    for (const xml::Node* si : sst->ChildElements("si")) shared.push_back(StringItemText(*si));
  }
  Result<xml::Node> ws = ParsePart(*archive, path, part);
  if (!ws.ok()) return ws.status();

  SheetGrid grid;
  grid.name = sheets[chosen].first;
  QBANK_RETURN_IF_ERROR(ReadCells(*ws, shared, path + ":" + part, &grid));
  return grid;
}

}  // namespace qbank::formats::sheet
