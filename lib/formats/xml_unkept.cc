// A scan of XML text for the comments and processing instructions a reader drops.
#include "formats/xml_unkept.h"

namespace qbank::formats {

std::vector<UnkeptContent> UnkeptXml(std::string_view content) {
  std::vector<UnkeptContent> unkept;
  size_t pos = 0;
  while ((pos = content.find('<', pos)) != std::string_view::npos) {
    std::string_view rest = content.substr(pos);
    if (rest.starts_with("<![CDATA[")) {
      size_t end = content.find("]]>", pos);
      if (end == std::string_view::npos) break;
      pos = end + 3;
      continue;
    }
    if (rest.starts_with("<!--")) {
      unkept.push_back({pos, "an XML comment"});
      size_t end = content.find("-->", pos + 4);
      if (end == std::string_view::npos) break;
      pos = end + 3;
      continue;
    }
    if (rest.starts_with("<?") && !rest.starts_with("<?xml ") && !rest.starts_with("<?xml?")) {
      unkept.push_back({pos, "an XML processing instruction"});
    }
    ++pos;
  }
  return unkept;
}

}  // namespace qbank::formats
