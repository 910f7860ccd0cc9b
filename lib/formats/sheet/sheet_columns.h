// Sheet columns: which field of the qbank layout a spreadsheet's header cell names, recognised from
// the names vendors, LMS templates and people use ("Question - max 120 characters", "Option A",
// "Answer 1", "Correct answer(s)") or given by the user (--columns, the config's csv section).
// Shared by the csv, xlsx and ods readers and writers.
#ifndef QBANK_FORMATS_SHEET_SHEET_COLUMNS_H_
#define QBANK_FORMATS_SHEET_SHEET_COLUMNS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"

namespace qbank::formats::sheet {

// A header cell reduced to the words that name it: ASCII lower case, a vendor's decoration after
// " - " (or an en or em dash) and anything in parentheses or brackets dropped, punctuation as
// spaces, a space between letters and digits ("choice0" -> "choice 0"), spaces collapsed.
// "Correct answer(s) - choose at least one" -> "correct answer".
std::string NormalizeHeader(std::string_view cell);

// The user's mapping of header cells to fields, "Q=stem,Opt1=option_a,Good=key": pairs of a header
// name (matched as NormalizeHeader matches) and a field name (FieldNames()). `ignore` as the field
// skips a column.
struct ColumnMapping {
  std::vector<std::pair<std::string, std::string>> pairs;  // (normalised header, field)
  bool empty() const { return pairs.empty(); }
};

// Parses "NAME=FIELD,NAME=FIELD". A pair without '=', an empty name or an unknown field is a
// Usage error naming it ("--columns: unknown field 'stme'; did you mean 'stem'?").
Result<ColumnMapping> ParseColumnMapping(std::string_view text);

// Every field a column can be mapped to, in the qbank layout's order: id, type, exam, domain,
// stem, trap, option_a..option_z, key, rationale_a..rationale_z, explanation, ..., suppress, and
// the sheet-only fields points and time_limit (kept in the question's extensions).
const std::vector<std::string>& FieldNames();

// The fields of a whole header, or why it cannot be read.
struct RecognisedHeader {
  std::vector<std::string> fields;  // per cell: a FieldNames() name, "ignore", or "" (unknown)
  // Options were numbered from 0 ("choice0"), so numbers in the key column count from 0 too.
  bool zero_based = false;
  // The options came as "correct answer" + "distractor N" columns: option_a is the key column's
  // text and the key of every row.
  bool first_option_is_key = false;
};

// Recognises every cell of `cells` (as written): an explicit mapping first, then the names
// recognised without configuration. Option families ("option a", "answer 1", "choice 1",
// "distractor 1") become option_a..; their per-option feedback or rationale columns
// rationale_a... Unknown cells get "". Never fails: the caller decides what an unknown or
// repeated column means.
RecognisedHeader RecogniseHeader(const std::vector<std::string>& cells,
                                 const ColumnMapping& mapping);

// "\"Question\" -> stem, \"Option A\" -> option_a, ..." for --verbose and header errors.
std::string DescribeMapping(const std::vector<std::string>& cells, const RecognisedHeader& header);

// The "; did you mean 'FIELD'?" for an unknown header cell: the field whose recognised names come
// closest, or "".
std::string SuggestField(std::string_view cell);

}  // namespace qbank::formats::sheet

#endif  // QBANK_FORMATS_SHEET_SHEET_COLUMNS_H_
