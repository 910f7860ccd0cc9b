// The json format's writer, over the bank writer (json/bank_writer).
#include "formats/json/json_format.h"
#include "formats/source_decoding.h"
#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "json/document.h"
#include "model/normalize.h"

namespace qbank::formats {
namespace {

bool DropsExtensions(const model::Value& v) { return !v.is_null() && !v.is_object(); }
}  // namespace

Result<std::string> JsonFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  // Each question normalised in one copy as it is written: no copy of the whole bank.
  const model::Bank fields = model::NormalizedBankFields(bank);
  loss.Drop("extensions", DropsExtensions(fields.extensions) ? 1 : 0);
  model::Question normal;
  return json::WriteBank(fields, bank.questions,
                         [&](const model::Question& q) -> const model::Question& {
                           normal = q;
                           model::NormalizeQuestion(normal);
                           LossReport::QuestionScope scope(loss, normal);
                           size_t dropped = DropsExtensions(normal.extensions) ? 1 : 0;
                           for (const model::Option& o : normal.options) {
                             dropped += DropsExtensions(o.extensions) ? 1 : 0;
                           }
                           loss.Drop("extensions", dropped);
                           return normal;
                         });
}

}  // namespace qbank::formats
