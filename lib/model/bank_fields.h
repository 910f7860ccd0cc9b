// The fields of a bank as a whole (id, title, exam, publisher, language, origin, declared size,
// extensions), as several files read into one bank fill them: the first file to set a field wins.
#ifndef QBANK_MODEL_BANK_FIELDS_H_
#define QBANK_MODEL_BANK_FIELDS_H_

#include <cstdint>

#include "model/bank.h"

namespace qbank::model {

// Moves each bank field of `from` into `into` where `into`'s is still empty (unset), leaving
// `from`'s questions and sources alone. `file_shift` is added to the file of a span moved (the
// declared size's), for a `from` read as a bank of its own whose sources join `into` after
// `into`'s own.
void TakeEmptyBankFields(Bank& into, Bank& from, uint32_t file_shift = 0);

}  // namespace qbank::model

#endif  // QBANK_MODEL_BANK_FIELDS_H_
