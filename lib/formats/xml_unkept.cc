// A scan of XML text for the comments and processing instructions a reader drops.
#include "formats/xml_unkept.h"

#include "base/utf8_text.h"

namespace qbank::formats {
namespace {

// True when `rest` starts with the XML declaration (`<?xml` and then white space or `?>`), which
// the writers write again; not a processing instruction whose target starts with "xml"
// (`<?xml-stylesheet ...?>`).
bool IsXmlDeclaration(std::string_view rest) {
  constexpr std::string_view kStart = "<?xml";
  return rest.starts_with(kStart) && rest.size() > kStart.size() &&
         (IsBlank(rest[kStart.size()]) || rest[kStart.size()] == '?');
}

}  // namespace

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
    if (rest.starts_with("<?") && !IsXmlDeclaration(rest)) {
      unkept.push_back({pos, "an XML processing instruction"});
    }
    ++pos;
  }
  return unkept;
}

}  // namespace qbank::formats
