// typography: text not in the typographic style the configuration asks for (quotes, ellipsis,
// dashes, the space between a number and its unit, doubled spaces), with a fix that rewrites only
// those characters.
#ifndef QBANK_LINT_RULES_HOUSE_STYLE_TYPOGRAPHY_H_
#define QBANK_LINT_RULES_HOUSE_STYLE_TYPOGRAPHY_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lint/rule.h"

namespace qbank::lint {

// The house style, one setting per kind of character; kAny leaves that kind alone.
struct TypographyStyle {
  enum class Quotes { kAny, kStraight, kCurly };
  enum class Ellipsis { kAny, kThreeDots, kCharacter };
  enum class Dashes { kAny, kEm, kSpacedEm, kSpacedEn };
  Quotes quotes = Quotes::kAny;
  Ellipsis ellipsis = Ellipsis::kAny;
  Dashes dashes = Dashes::kAny;
  bool unit_space_non_breaking = false;  // "unit-space": "non-breaking"
  bool single_spaces = true;             // "spaces": "single"
};

// One rewrite: bytes [begin, end) of the text become `replacement`.
struct TypographyEdit {
  enum class Kind { kQuote, kEllipsis, kDash, kUnitSpace, kDoubledSpace };
  Kind kind = Kind::kQuote;
  size_t begin = 0;
  size_t end = 0;
  std::string replacement;
};

// The edits that put the prose of `text` (NonProseMask: not code, markup, URLs or math) in
// `style`, sorted and not overlapping. Only what can be read one way is rewritten:
// - quotes, straight: “ ” „ ‟ become ", ‘ ’ ‚ ‛ become ' (guillemets and primes stay);
// - quotes, curly: a line's straight double quotes when each opens (after the start, a space or
//   an opening bracket, before a non-space) or closes (after a non-space, before a space,
//   punctuation or the end) in turn, else none of that line's; ' between letters (an apostrophe)
//   and after a word of two or more letters before a non-letter becomes ’, a ' opening a word
//   with a closing one later on its line ‘ ... ’; after a digit (5'10", 12") they are primes;
// - ellipsis: exactly three dots "..." (not between digits) and "…" swap;
// - dashes: a dash between words, written " - ", "--", " -- ", " – ", "—" or " — ", becomes
//   "—" (em), " — " (spaced-em) or " – " (spaced-en); " - " needs a word of two or more
//   letters on each side (so "x - y" is a minus), "--" as many spaces on both sides (so
//   "run --fix" is an option), a closed en dash ("1–5", "Michelson–Morley") stays;
// - unit space: the one ordinary space between a number and a unit or percent sign ("5 kg",
//   "20 %", "37 °C") becomes a non-breaking space (U+00A0);
// - doubled spaces: two spaces between words on a line become one (indentation, trailing spaces
//   and runs of three or more, which align columns by hand, are left alone).
std::vector<TypographyEdit> FindTypographyEdits(std::string_view text,
                                                const TypographyStyle& style);

// Reports each authored prose field (stem, trap, stated answer, explanation, options and their
// rationales) whose text is not in the configured style: one finding per field at its first
// offending character, counting each kind, with a fix that rewrites them all. Options: "quotes"
// (straight | curly | any), "ellipsis" (three-dots | character | any), "dashes" (em | spaced-em |
// spaced-en | any), "unit-space" (non-breaking | any), "spaces" (single | any); all "any" but
// "spaces" by default.
class TypographyRule : public Rule {
 public:
  std::string_view id() const override { return "typography"; }
  std::string_view summary() const override {
    return "Quotes, ellipses, dashes, unit spaces or doubled spaces are not in the configured "
           "style.";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  bool can_fix() const override { return true; }
  std::string_view fix_summary() const override {
    return "rewrites the quotes, ellipses, dashes, unit spaces and doubled spaces that are not in "
           "the configured style";
  }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  TypographyStyle style_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_HOUSE_STYLE_TYPOGRAPHY_H_
