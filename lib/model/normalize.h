// Normalisation of a bank: the canonical values `qbank fmt` and the json export write.
#ifndef QBANK_MODEL_NORMALIZE_H_
#define QBANK_MODEL_NORMALIZE_H_

#include "model/bank.h"

namespace qbank::model {

// Puts every value of `bank` in canonical form, in place:
// - every text field (bank fields, question fields, option text and rationale, tags, author
//   fields and roles, review, origin statement and references, suppression rule and reason) goes
//   through text::NormalizeField (NFC, no stray or doubled white space);
// - empty tags, roles and references are removed, and repeated tags and roles keep only their
//   first occurrence; authors with no field at all are removed;
// - a question without an id gets model::DeriveQuestionId of its normalised content.
// Spans are kept; a Text whose value changed is no longer `verbatim`. Extensions, types, keys,
// weights and the order of questions and options are untouched. Idempotent: normalising a
// normalised bank changes nothing.
void NormalizeBank(Bank& bank);

// The same for one question (what NormalizeBank does to each).
void NormalizeQuestion(Question& question);

// The bank's own fields (not its questions or sources) normalised as NormalizeBank normalises
// them: with NormalizeQuestion on a copy of each question in turn, a writer writes the normalised
// bank without copying it whole.
Bank NormalizedBankFields(const Bank& bank);

}  // namespace qbank::model

#endif  // QBANK_MODEL_NORMALIZE_H_
