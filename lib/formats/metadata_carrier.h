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
// none. With `draft` (the format writes the Markdown question rendered as HTML: RenderDraft's
// carried texts) it also carries markup markdown and those texts.
// With `value_tolerance_numbers` (the format holds a numerical answer as a value and a tolerance,
// as Moodle XML does) the notation of each numerical answer that is not "v" or "v:t" (t > 0),
// such as "1:0" or "10..12", travels as that option's text (RestoreNumericalNotation).
// `own_extension` (the target format's extension key) is left out: the format writes it itself.
std::string MetadataJson(const model::Question& q, std::string_view own_extension,
                         const model::Question* draft = nullptr,
                         bool value_tolerance_numbers = false);

// Sets the carried fields of `q` from `json` (as MetadataJson writes it; `where` names it in
// errors). Fields `q` already has are left as they are; extensions are merged key by key, two
// levels deep. The carried texts (a Markdown draft's, numerical notation) go to `*carried_texts`
// (for FinishCarried once the whole question is read; ignored when it is null), never into `q`.
Status ApplyMetadataJson(std::string_view json, const std::string& where, model::Question& q,
                         model::Question* carried_texts = nullptr);

// The numerical answers of `q` in the notation `carried` (ApplyMetadataJson's carried texts)
// has for them, where that notation means the same answer as the one read (the same interval of
// accepted numbers); an answer edited since keeps what was read.
void RestoreNumericalNotation(const model::Question& carried, model::Question& q);

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
