// TakeEmptyBankFields: the first file to set a bank field wins.
#include "model/bank_fields.h"

#include <utility>

namespace qbank::model {
namespace {

void SetIfEmpty(Text& target, Text& value) {
  if (target.empty()) target = std::move(value);
}

}  // namespace

void TakeEmptyBankFields(Bank& into, Bank& from, uint32_t file_shift) {
  SetIfEmpty(into.id, from.id);
  SetIfEmpty(into.title, from.title);
  TakeIfEmpty(into.exam, from.exam);
  SetIfEmpty(into.publisher, from.publisher);
  SetIfEmpty(into.language, from.language);
  TakeIfEmpty(into.origin, from.origin);
  if (!into.declared_size.has_value() && from.declared_size.has_value()) {
    into.declared_size = from.declared_size;
    into.declared_size_span = from.declared_size_span;
    if (into.declared_size_span.file != SourceSpan::kNoFile) {
      into.declared_size_span.file += file_shift;
    }
  }
  if (into.extensions.is_null()) into.extensions = std::move(from.extensions);
}

}  // namespace qbank::model
