// The fields an LMS format has no element for (trap, exam, difficulty, stated answer, authors,
// review, origin, suppressions, other formats' extensions) carried as a small bank file (JSON,
// docs/bank-format.md) in a place the LMS ignores: Moodle XML's <qbank_metadata> element, a QTI
// package's manifest metadata. docs/formats/moodle-xml.md and qti.md say where.
#ifndef QBANK_FORMATS_METADATA_CARRIER_H_
#define QBANK_FORMATS_METADATA_CARRIER_H_

#include <string>
#include <string_view>

#include "base/status.h"
#include "formats/field_loss.h"
#include "model/bank.h"

namespace qbank::formats {

// The field names (as in the loss report) that the carrier holds.
const FieldSet& CarriedMetadataFields();

// The carried fields of `q` as JSON (a bank of one question holding only them), "" when it has
// none. With `rendered_markdown` (the format writes the Markdown question rendered as HTML) it
// also carries markup markdown and the draft's texts where the rendering does not convert back
// to them (MarkdownSourceToCarry).
// `own_extension` (the target format's extension key) is left out: the format writes it itself.
std::string MetadataJson(const model::Question& q, std::string_view own_extension,
                         bool rendered_markdown = false);

// Sets the carried fields of `q` from `json` (as MetadataJson writes it; `where` names it in
// errors). Fields `q` already has are left as they are; extensions are merged key by key, two
// levels deep. When the carried question is Markdown, its texts go to `*markdown_source` (for
// RestoreMarkdown once the whole question is read; ignored when it is null), never into `q`.
Status ApplyMetadataJson(std::string_view json, const std::string& where, model::Question& q,
                         model::Question* markdown_source = nullptr);

// The bank-level fields (id, title, exam, publisher, language, declared size, origin,
// extensions) of `bank` as JSON (a bank file without questions), "" when it has none; and the
// field names (as in the loss report) that holds.
std::string BankMetadataJson(const model::Bank& bank);
const FieldSet& CarriedBankFields();

// Sets the bank-level fields of `bank` from `json` (as BankMetadataJson writes it) where `bank`
// has none yet; extensions are merged key by key.
Status ApplyBankMetadataJson(std::string_view json, const std::string& where, model::Bank& bank);

// `json` (as json::WriteBank writes it) on one line: the line breaks and indentation between
// tokens removed (line breaks inside strings are escaped, so none is in a value).
std::string OneLineJson(std::string_view json);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_METADATA_CARRIER_H_
