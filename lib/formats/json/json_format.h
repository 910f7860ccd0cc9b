// The `json` format: the normalised bank file (docs/bank-format.md), lossless both ways.
#ifndef QBANK_FORMATS_JSON_JSON_FORMAT_H_
#define QBANK_FORMATS_JSON_JSON_FORMAT_H_

#include "formats/format.h"

namespace qbank::formats {

class JsonFormat : public Format {
 public:
  std::string_view name() const override { return "json"; }
  // Reads nothing of the bank but appends (threads may read its files side by side).
  bool ReadsAlone() const override { return true; }
  std::string_view summary() const override {
    return "qbank bank file: the normalised JSON form of a bank (lossless)";
  }
  std::vector<std::string_view> extensions() const override { return {".json"}; }
  // 90 when the content is a JSON object with a "qbank" member near its start, 10 for any other
  // JSON object, 0 otherwise, and 0 for a lint baseline (its first member "entries", as the
  // baseline writer sorts them, or "kind": "qbank-baseline"), so no command takes one for a bank.
  int Sniff(std::string_view path, std::string_view content) const override;

  // Validates the file against schemas/bank.schema.json and reads it with json::ReadBank: bank
  // fields are set when still empty in ctx.bank, questions appended, every field located. A file
  // with any error adds nothing and returns the error ("path:line:col: ..."). With ctx.encoding
  // set, the file is first converted from that encoding to UTF-8 (formats::DecodeSource).
  Status Import(const SourceText& source, ImportContext& ctx) const override;
  // Normalises the bank (its fields and a copy of each question in turn, as model::NormalizeBank
  // would) and writes its canonical JSON
  // (json::WriteBank). Lossless: only extensions that are not JSON objects, which the model does
  // not produce, would be recorded in `loss` as dropped.
  Result<std::string> Export(const model::Bank& bank, const ExportOptions& options,
                             LossReport& loss) const override;
  // A "$schema" member (accepted for editors, not kept in the bank).
  std::vector<UnkeptContent> Unkept(const SourceText& source) const override;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_JSON_JSON_FORMAT_H_
