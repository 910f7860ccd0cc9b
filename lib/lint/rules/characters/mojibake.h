// mojibake (characters): C1 control characters that are punctuation decoded with the wrong
// encoding, found where the import refused them, with the repair as a fix.
#ifndef QBANK_LINT_RULES_CHARACTERS_MOJIBAKE_H_
#define QBANK_LINT_RULES_CHARACTERS_MOJIBAKE_H_

#include <string>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// One repair of mojibake in a UTF-8 text: bytes [begin, end) stand for `replacement`.
struct MojibakeRepair {
  size_t begin = 0;
  size_t end = 0;
  std::string replacement;
};

// The repairs of UTF-8 `text`, in order, as ftfy makes them, for C1 control characters
// (U+0080-U+009F) only:
// - U+0080 followed by U+0080-U+00BF: the last two bytes of a UTF-8 General Punctuation character
//   (E2 80 xx) whose first byte was lost, read as Latin-1 ("\u0080\u0094" is "—", "\u0080\u0093"
//   "–", "\u0080\u0098" "‘", "\u0080¢" "•");
// - U+0089 "Û" "Ï" and U+0089 "Û" U+009D: a curly double quote through two wrong decodings
//   (“ and ”); U+009D right after a '"': the last byte of ” whose first two a cleanup made '"'
//   (the U+009D is deleted);
// - any other C1 character that Windows-1252 defines: that byte read as Latin-1 instead of as
//   Windows-1252 (U+0085 is "…", U+0092 "’", U+0096 "–"), decoded through ICU.
// C1 characters Windows-1252 leaves undefined (U+0081, U+008D, U+008F, U+0090, U+009D alone) get
// no repair.
std::vector<MojibakeRepair> FindMojibake(std::string_view text);

// A RuleScope::kImport rule: for each file whose import refused a question or field for a C1
// control character, one finding per repair FindMojibake finds in the file as read, on no question,
// with the repair as its fix (the file's bytes are its text: not an escape such as "\u0085" in
// JSON, not a file read in another encoding). `qbank lint --fix` then rewrites them and the
// questions import. Always a warning (the import error stays an error until the fix).
class MojibakeRule : public Rule {
 public:
  std::string_view id() const override { return "mojibake"; }
  std::string_view summary() const override {
    return "Control characters that are punctuation decoded with the wrong encoding (U+0085 for "
           "\"…\"), which the import refuses; --fix writes what they stood for.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  RuleScope scope() const override { return RuleScope::kImport; }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "writes the characters the control characters stood for (\"…\" for U+0085)";
  }
  void CheckImportErrors(const LintContext& ctx, std::span<const Diagnostic> errors,
                         Reporter& reporter) const override;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_CHARACTERS_MOJIBAKE_H_
