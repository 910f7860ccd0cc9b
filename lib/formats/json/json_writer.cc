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
  model::Bank copy = bank;
  model::NormalizeBank(copy);
  loss.Drop("extensions", DropsExtensions(copy.extensions) ? 1 : 0);
  for (const model::Question& q : copy.questions) {
    LossReport::QuestionScope scope(loss, q);
    size_t dropped = DropsExtensions(q.extensions) ? 1 : 0;
    for (const model::Option& o : q.options) dropped += DropsExtensions(o.extensions) ? 1 : 0;
    loss.Drop("extensions", dropped);
  }
  return json::WriteBank(copy);
}

}  // namespace qbank::formats
