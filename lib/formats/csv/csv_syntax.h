// What the csv reader and writer share: the qbank and MMLU layouts' column names, the delimiter a
// header row uses, and a header row read and mapped to its layout (the reader reads a file's
// header with it; the writer reads the header of the file it writes over with it, to keep it).
#ifndef QBANK_FORMATS_CSV_CSV_SYNTAX_H_
#define QBANK_FORMATS_CSV_CSV_SYNTAX_H_

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/source_text.h"
#include "formats/csv/csv_table.h"
#include "formats/sheet/sheet_columns.h"

namespace qbank::formats::csv_syntax {

inline constexpr size_t kMaxHeaderFields = 1000;  // far more than either layout can name
inline constexpr size_t kMaxOptions = 26;         // option_a .. option_z
inline constexpr size_t kNone = static_cast<size_t>(-1);

// The columns of the qbank layout. kOption and kRationale stand for the option_x and rationale_x
// families.
enum class Column {
  kId,
  kType,
  kExam,
  kDomain,
  kStem,
  kTrap,
  kOption,
  kKey,
  kRationale,
  kExplanation,
  kStatedAnswer,
  kTags,
  kDifficulty,
  kMarkup,
  kAuthorName,
  kAuthorInitials,
  kAuthorCredentials,
  kAuthorRoles,
  kReviewDate,
  kReviewReviewer,
  kReviewCheckedAgainst,
  kOriginStatement,
  kOriginReferences,
  kSuppress,
  kCount,
};
inline constexpr size_t kColumnCount = static_cast<size_t>(Column::kCount);

struct NamedColumn {
  std::string_view name;
  Column column;
};

// The qbank layout in export order.
inline constexpr std::array<NamedColumn, kColumnCount> kColumns = {{
    {"id", Column::kId},
    {"type", Column::kType},
    {"exam", Column::kExam},
    {"domain", Column::kDomain},
    {"stem", Column::kStem},
    {"trap", Column::kTrap},
    {"option_", Column::kOption},
    {"key", Column::kKey},
    {"rationale_", Column::kRationale},
    {"explanation", Column::kExplanation},
    {"stated_answer", Column::kStatedAnswer},
    {"tags", Column::kTags},
    {"difficulty", Column::kDifficulty},
    {"markup", Column::kMarkup},
    {"author_name", Column::kAuthorName},
    {"author_initials", Column::kAuthorInitials},
    {"author_credentials", Column::kAuthorCredentials},
    {"author_roles", Column::kAuthorRoles},
    {"review_date", Column::kReviewDate},
    {"review_reviewer", Column::kReviewReviewer},
    {"review_checked_against", Column::kReviewCheckedAgainst},
    {"origin_statement", Column::kOriginStatement},
    {"origin_references", Column::kOriginReferences},
    {"suppress", Column::kSuppress},
}};

inline constexpr std::string_view kColumnList =
    "id, type, exam, domain, stem, trap, option_a.., key, rationale_a.., explanation, "
    "stated_answer, tags, difficulty, markup, author_name, author_initials, author_credentials, "
    "author_roles, review_date, review_reviewer, review_checked_against, origin_statement, "
    "origin_references, suppress";

// `s` with ASCII capitals lowered.
std::string AsciiLower(std::string_view s);

// The letter index of a family column name such as "option_c" (prefix "option_"), or kNone.
size_t FamilyIndex(std::string_view name, std::string_view prefix);

// The MMLU subject a file name carries: "anatomy" for ".../anatomy_test.csv".
std::string SubjectFromPath(std::string_view path);

// True for question, answer and choiceN (any digits).
bool IsMmluName(std::string_view name);

// True when a header's (lower-cased) names make the file the MMLU layout: a "question" or
// "choiceN" column.
bool IsMmluHeader(const std::vector<std::string>& names);

// True when `name` is one of the qbank layout's own columns.
bool IsQbankName(const std::string& name);

// True for an MMLU name the layout can hold (choice0 .. choice99).
bool IsExactMmluName(const std::string& name);

// The delimiter of a header row: the one of ',', ';' and '\t' it holds most often outside
// quotes (',' on a tie or when it holds none).
char DetectDelimiter(std::string_view content);

// A header row, read and mapped: its cells, their names, and which layout reads the rows under it.
struct CsvHeader {
  std::vector<std::string> written;    // the cells as written
  std::vector<std::string> names;      // lower-cased and trimmed, as the layouts match them
  sheet::RecognisedHeader recognised;  // each cell's field as sheet::RecogniseHeader reads it
  bool mmlu = false;                   // a question or choiceN column: the MMLU layout
  // Read as the qbank or MMLU layout: no mapping given, and every name the recogniser knows is
  // also that layout's own name (names nothing knows are refused there, as they always were).
  // Otherwise the header is read through `recognised`.
  bool own_layout = false;
};

// Maps the header record `header` with the user's column `mapping` (empty: none).
CsvHeader MapHeader(const CsvRecord& header, const sheet::ColumnMapping& mapping);

// The header of a CSV file (its first record, read with the delimiter it holds most), mapped
// without a user mapping; nullopt when the file has no readable header (a quoting or UTF-8
// error, no rows, more than kMaxHeaderFields cells). `delimiter` gets the delimiter.
std::optional<CsvHeader> ReadFileHeader(const SourceText& file, char* delimiter);

}  // namespace qbank::formats::csv_syntax

#endif  // QBANK_FORMATS_CSV_CSV_SYNTAX_H_
