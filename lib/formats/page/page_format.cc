// The page format's registry entry: what `qbank formats` says of it.
#include "formats/page/page_format.h"

namespace qbank::formats {

std::string_view PageFormat::summary() const {
  return "practice pages: title, stem, trap, answer block, option breakdown, author and review";
}

}  // namespace qbank::formats
