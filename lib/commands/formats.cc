// The format table over the format registry.
#include "commands/formats.h"

#include "base/str_cat.h"
#include "commands/exit_code.h"
#include "formats/registry.h"

namespace qbank::commands {

int ListFormats(std::ostream& out) {
  for (const auto* f : formats::Registry::Default().All()) {
    std::string name(f->name());
    name.resize(12, ' ');
    std::string dir = std::string(f->can_import() ? "import" : "") +
                      (f->can_import() && f->can_export() ? "/" : "") +
                      (f->can_export() ? "export" : "");
    dir.resize(14, ' ');
    std::string exts;
    for (auto e : f->extensions()) exts += StrCat({exts.empty() ? "" : " ", e});
    out << name << dir << f->summary() << (exts.empty() ? "" : " (" + exts + ")") << "\n";
  }
  return kExitOk;
}

std::string FormatNames(FormatsThat which, const formats::Registry* registry) {
  std::string names;
  for (const auto* f : (registry != nullptr ? *registry : formats::Registry::Default()).All()) {
    bool fits = which == FormatsThat::kRead    ? f->can_import()
                : which == FormatsThat::kWrite ? f->can_export()
                                               : f->can_import() && f->can_export();
    if (!fits) continue;
    if (!names.empty()) names += ", ";
    names += f->name();
  }
  return names;
}

}  // namespace qbank::commands
