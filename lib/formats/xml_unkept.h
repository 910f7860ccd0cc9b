// What the XML readers (moodle-xml, qti) leave out of the model: comments and processing
// instructions, which the XML tree does not keep.
#ifndef QBANK_FORMATS_XML_UNKEPT_H_
#define QBANK_FORMATS_XML_UNKEPT_H_

#include <string_view>
#include <vector>

#include "formats/format.h"

namespace qbank::formats {

// Each comment (<!-- -->) and each processing instruction other than the XML declaration in
// `content`, outside CDATA sections, in the order they appear.
std::vector<UnkeptContent> UnkeptXml(std::string_view content);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_XML_UNKEPT_H_
