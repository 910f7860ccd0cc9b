// Writing rows as an OpenDocument spreadsheet of one sheet, through the XML and zip doors.
#include <utility>

#include "formats/sheet/workbook.h"
#include "xml/xml_tree.h"
#include "zip/zip_archive.h"

namespace qbank::formats::sheet {
namespace {

constexpr char kMimeType[] = "application/vnd.oasis.opendocument.spreadsheet";

// One line of a cell as paragraph content: runs of spaces, leading spaces and tabs as ODF writes
// them (<text:s text:c="N"/>, <text:tab/>), which readers would otherwise collapse.
void AppendLine(std::string_view line, xml::Node& p) {
  std::string run;
  auto flush = [&] {
    if (!run.empty()) p.Append(xml::Node::Text(std::move(run)));
    run.clear();
  };
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == '\t') {
      flush();
      p.Append(xml::Node::Element("text:tab"));
      ++i;
      continue;
    }
    if (line[i] != ' ') {
      run.push_back(line[i++]);
      continue;
    }
    size_t j = i;
    while (j < line.size() && line[j] == ' ') ++j;
    size_t spaces = j - i;
    bool leading = i == 0;
    if (!leading) {
      run.push_back(' ');
      --spaces;
    }
    if (spaces > 0) {
      flush();
      xml::Node& s = p.Append(xml::Node::Element("text:s"));
      if (spaces > 1) s.SetAttribute("text:c", std::to_string(spaces));
    }
    i = j;
  }
  flush();
}

}  // namespace

Result<std::string> WriteOds(const std::vector<std::vector<std::string>>& rows,
                             const std::string& sheet) {
  xml::Node root = xml::Node::Element("office:document-content");
  root.SetAttribute("xmlns:office", "urn:oasis:names:tc:opendocument:xmlns:office:1.0")
      .SetAttribute("xmlns:table", "urn:oasis:names:tc:opendocument:xmlns:table:1.0")
      .SetAttribute("xmlns:text", "urn:oasis:names:tc:opendocument:xmlns:text:1.0")
      .SetAttribute("office:version", "1.2");
  xml::Node& table = root.Append(xml::Node::Element("office:body"))
                         .Append(xml::Node::Element("office:spreadsheet"))
                         .Append(xml::Node::Element("table:table"));
  table.SetAttribute("table:name", sheet);
  for (const std::vector<std::string>& row : rows) {
    xml::Node& r = table.Append(xml::Node::Element("table:table-row"));
    for (const std::string& value : row) {
      xml::Node& cell = r.Append(xml::Node::Element("table:table-cell"));
      if (value.empty()) continue;
      cell.SetAttribute("office:value-type", "string");
      size_t start = 0;
      while (start <= value.size()) {
        size_t nl = value.find('\n', start);
        if (nl == std::string::npos) nl = value.size();
        xml::Node& p = cell.Append(xml::Node::Element("text:p"));
        AppendLine(std::string_view(value).substr(start, nl - start), p);
        start = nl + 1;
      }
    }
  }
  QBANK_RETURN_IF_ERROR(xml::CheckWritable(root));
  xml::WriteOptions options;
  options.indent = false;
  xml::Node manifest = xml::Node::Element("manifest:manifest");
  manifest.SetAttribute("xmlns:manifest", "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0")
      .SetAttribute("manifest:version", "1.2");
  manifest.Append(xml::Node::Element("manifest:file-entry"))
      .SetAttribute("manifest:full-path", "/")
      .SetAttribute("manifest:version", "1.2")
      .SetAttribute("manifest:media-type", kMimeType);
  manifest.Append(xml::Node::Element("manifest:file-entry"))
      .SetAttribute("manifest:full-path", "content.xml")
      .SetAttribute("manifest:media-type", "text/xml");
  // The mimetype first and stored, as ODF requires (a reader finds it at offset 38).
  return zip::Write({{"mimetype", kMimeType, true},
                     {"META-INF/manifest.xml", xml::Write(manifest, options)},
                     {"content.xml", xml::Write(root, options)}});
}

}  // namespace qbank::formats::sheet
