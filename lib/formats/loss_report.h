// LossReport: what an export could not carry, value by value. Each dropped value names its field,
// the question it belongs to (the question's id and its place in the source) and a count, so a
// person can find what to fix; values dropped outside a question belong to the bank.
#ifndef QBANK_FORMATS_LOSS_REPORT_H_
#define QBANK_FORMATS_LOSS_REPORT_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/bank.h"

namespace qbank::formats {

// The values of one field dropped from one question (or from the bank).
struct DroppedValue {
  std::string field;        // a model field name ("trap", "options.rationale", "bank.title") or
                            // what could not be written ("questions (type essay)")
  std::string question_id;  // empty for a bank-level value
  std::string path;         // the question's source file; empty when not known
  uint32_t line = 0;        // the question's first line in `path` (1-based); 0 when not known
  size_t count = 0;         // how many values of `field` this question lost
};

class LossReport {
 public:
  // While a scope lives, every Drop belongs to `question` (scopes nest; the outer question is
  // restored when the inner scope ends). Exporters open one around the writing of each question.
  class QuestionScope {
   public:
    QuestionScope(LossReport& loss, const model::Question& question);
    ~QuestionScope();
    QuestionScope(const QuestionScope&) = delete;
    QuestionScope& operator=(const QuestionScope&) = delete;

   private:
    LossReport& loss_;
    const model::Question* previous_;
  };

  // The bank being written, whose sources name the questions' files. ExportBank sets it; it
  // must outlive the export (the report keeps no pointer into it after each Drop).
  void SetBank(const model::Bank* bank) { bank_ = bank; }

  // Records `count` values of `field` dropped from the current question (or from the bank).
  void Drop(std::string_view field, size_t count = 1);

  bool empty() const { return totals_.empty(); }
  // Field name -> number of values dropped, over the whole export.
  const std::map<std::string, size_t>& dropped() const { return totals_; }
  // Every dropped value, in the order first dropped (one entry per field and question).
  const std::vector<DroppedValue>& values() const { return values_; }

  // One line per field: "  trap: 3 values dropped".
  std::string Summary() const;
  // The text form: one summary line per field ("  trap: 3 values dropped"), then the questions
  // that lost it, one a line ("    geo-1 (quiz.gift:12)", with ": N values" when more than one),
  // at most `listed_per_field` of them and then "    and N more".
  std::string ToString(size_t listed_per_field = 5) const;
  // The JSON form (documented in docs/formats/README.md#the-loss-report): every value, nothing
  // capped. `format` is the name of the format written.
  std::string ToJson(std::string_view format) const;

 private:
  const model::Bank* bank_ = nullptr;
  const model::Question* question_ = nullptr;
  std::map<std::string, size_t> totals_;
  std::vector<DroppedValue> values_;
  // (field, question) -> index in values_, so a question's values of one field are one entry.
  std::map<std::pair<std::string, const model::Question*>, size_t, std::less<>> index_;
};

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_LOSS_REPORT_H_
