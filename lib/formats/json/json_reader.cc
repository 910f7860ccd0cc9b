// The json format's reader, over the bank reader (json/bank_reader).
#include "formats/json/json_format.h"
#include "formats/source_decoding.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "json/document.h"
#include "model/normalize.h"

namespace qbank::formats {
namespace {

// True when `head` (from its '{') begins a lint baseline (`qbank lint --write-baseline`): JSON,
// but findings, not questions. Its first member is "entries" (the baseline writer sorts members:
// "entries", "generator", "kind", "version"; no bank has an "entries" member) or, written by hand,
// "kind": "qbank-baseline".
bool IsBaseline(std::string_view head) {
  constexpr std::string_view kBlank = " \t\r\n";
  size_t name = head.find_first_not_of(kBlank, 1);
  if (name == std::string_view::npos) return false;
  head.remove_prefix(name);
  if (head.starts_with("\"entries\"")) return true;
  if (!head.starts_with("\"kind\"")) return false;
  size_t colon = head.find_first_not_of(kBlank, 6);
  if (colon == std::string_view::npos || head[colon] != ':') return false;
  size_t value = head.find_first_not_of(kBlank, colon + 1);
  return value != std::string_view::npos && head.substr(value).starts_with("\"qbank-baseline\"");
}
}  // namespace

int JsonFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
  size_t start = content.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || content[start] != '{') return 0;
  std::string_view head = content.substr(start, 4096);
  if (IsBaseline(head)) return 0;
  return head.find("\"qbank\"") != std::string_view::npos ? 90 : 10;
}

Status JsonFormat::Import(const SourceText& source, ImportContext& ctx) const {
  if (ctx.bank == nullptr) return Status::Internal("json import without a bank");
  if (ctx.encoding.empty()) {
    // The parser checks UTF-8 itself (naming the first bad byte); a byte-order mark is dropped
    // first, so columns on line 1 do not count it.
    DecodedSource decoded = DropByteOrderMark(source, ctx);
    return json::ReadBank(*decoded.text, decoded.file, *ctx.bank);
  }
  // --encoding: read the text converted to UTF-8, as the other text formats do.
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  return json::ReadBank(*decoded->text, decoded->file, *ctx.bank);
}

std::vector<UnkeptContent> JsonFormat::Unkept(const SourceText& source) const {
  // The bank's own "$schema" member (for editors) is the one member the reader reads and leaves
  // out; a "$schema" inside extensions is kept with them. The questions are streamed past.
  json::ParseOptions options;
  options.stream_member = "questions";
  options.on_element = [](json::Node&&) { return Status::Ok(); };
  Result<json::Node> root = json::Parse(source, options);
  std::vector<UnkeptContent> unkept;
  if (!root.ok() || !root->is_object()) return unkept;  // the reader has said what is wrong
  for (const json::Member& member : root->members()) {
    if (member.key == "$schema") {
      unkept.push_back({member.key_begin, "a \"$schema\" member (the bank does not keep it)"});
    }
  }
  return unkept;
}

}  // namespace qbank::formats
