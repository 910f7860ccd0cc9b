// The canonical form the `layout` rule compares files with: `qbank fmt`'s (FormatText), given to
// lint/ through RuleEnvironment::set_canonical_form, since lint/ sits below commands/.
#ifndef QBANK_COMMANDS_LAYOUT_FORM_H_
#define QBANK_COMMANDS_LAYOUT_FORM_H_

#include <string>

#include "base/file_system.h"
#include "lint/rule_environment.h"

namespace qbank::commands {

// A CanonicalForm over FormatText: a linted source's text as `qbank fmt` would write it, read as
// format `from` (a registry name; detected from the path and content as fmt detects it when
// empty), or nullopt when fmt would leave it alone (standard input, a format without a canonical
// form, a file fmt refuses). `fs` must outlive the function.
lint::RuleEnvironment::CanonicalForm FmtCanonicalForm(FileSystem& fs, std::string from);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_LAYOUT_FORM_H_
