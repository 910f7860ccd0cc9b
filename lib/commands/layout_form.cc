// FormatText behind the layout rule's CanonicalForm.
#include "commands/layout_form.h"

#include <optional>
#include <utility>

#include "base/utf8_text.h"
#include "commands/fmt.h"
#include "formats/registry.h"

namespace qbank::commands {

lint::RuleEnvironment::CanonicalForm FmtCanonicalForm(FileSystem& fs, std::string from) {
  return [&fs, from = std::move(from)](const SourceText& source) -> std::optional<std::string> {
    const formats::Registry& registry = formats::Registry::Default();
    const std::string& path = source.path();
    if (path.empty() || path == "-") return std::nullopt;
    std::string_view head = std::string_view(source.content()).substr(0, size_t{64} * 1024);
    const formats::Format* format =
        from.empty() ? registry.Detect(path, head) : registry.Find(from);
    if (format == nullptr || !format->can_import() || !format->can_export() ||
        !format->CanWriteBack(path, head)) {
      return std::nullopt;
    }
    bool marked = source.file_offset() == kByteOrderMark.size();
    std::string bytes = marked ? std::string(kByteOrderMark) + source.content() : source.content();
    Formatted formatted = FormatText(path, std::move(bytes), *format, fs);
    if (!formatted.ok) return std::nullopt;
    std::string text = std::move(formatted.text);
    if (marked && text.starts_with(kByteOrderMark)) text.erase(0, kByteOrderMark.size());
    return text;
  };
}

}  // namespace qbank::commands
