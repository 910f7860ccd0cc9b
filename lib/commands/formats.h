// `qbank formats`: the table of formats and what each can do.
#ifndef QBANK_COMMANDS_FORMATS_H_
#define QBANK_COMMANDS_FORMATS_H_

#include <ostream>
#include <string>

namespace qbank::formats {
class Registry;
}  // namespace qbank::formats

namespace qbank::commands {

// One line per registered format: name, import/export, summary and extensions. Returns 0.
int ListFormats(std::ostream& out);

// Which formats a list of names holds: those that can be read, written, or both (what `qbank fmt`
// works in).
enum class FormatsThat { kRead, kWrite, kReadAndWrite };

// The names of the formats of `registry` (the built-in ones when null) that can do `which`, comma
// separated, in the registry's order, for help texts and messages.
std::string FormatNames(FormatsThat which, const formats::Registry* registry = nullptr);

// The names of the built-in formats that can be read (`exportable` false) or written (true).
inline std::string FormatNames(bool exportable) {
  return FormatNames(exportable ? FormatsThat::kWrite : FormatsThat::kRead);
}

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FORMATS_H_
