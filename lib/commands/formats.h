// `qbank formats`: the table of formats and what each can do.
#ifndef QBANK_COMMANDS_FORMATS_H_
#define QBANK_COMMANDS_FORMATS_H_

#include <ostream>
#include <string>

namespace qbank::commands {

// One line per registered format: name, import/export, summary and extensions. Returns 0.
int ListFormats(std::ostream& out);

// The names of the formats that can be read (`exportable` false) or written (true), comma
// separated, for help texts.
std::string FormatNames(bool exportable);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_FORMATS_H_
