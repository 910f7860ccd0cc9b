// The lint-suppression comment directive shared by the text formats that have comments (gift's
// `// ...`, md's `<!-- ... -->`): "qbank-disable RULE[ RULE...] -- REASON" suppresses the rules
// for the question the comment belongs to; "qbank-disable-next ..." for the next question.
#ifndef QBANK_FORMATS_SUPPRESSION_DIRECTIVE_H_
#define QBANK_FORMATS_SUPPRESSION_DIRECTIVE_H_

#include <string>
#include <string_view>
#include <vector>

#include "model/bank.h"

namespace qbank::formats {

struct SuppressionDirective {
  bool next = false;  // "qbank-disable-next": for the question that follows the comment
  std::vector<model::Suppression> suppressions;  // one per rule; spans left unset
};

// Parses the text of one comment (without its comment markers). Returns false when the text is
// not a directive (does not start with "qbank-disable" after white space). Rule ids are separated
// by spaces or commas; "--" starts the reason, which every rule of the directive shares. A
// directive that names no rule suppresses every rule ("*").
bool ParseSuppressionDirective(std::string_view comment, SuppressionDirective& directive);

// The directive text for `suppressions` of one question, one line per suppression:
// "qbank-disable RULE -- REASON" (without " -- REASON" when the reason is empty).
std::vector<std::string> FormatSuppressionDirectives(
    const std::vector<model::Suppression>& suppressions);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_SUPPRESSION_DIRECTIVE_H_
