// missing-rationale: options whose rationale is empty.
#include "lint/rules/content/missing_rationale.h"

#include "base/utf8_text.h"
#include "lint/rules/shared/file_wide.h"

namespace qbank::lint {

Status MissingRationaleRule::Configure(const model::Value& options, const RuleEnvironment&) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {kFileWidePercentOption}));
  return ReadFileWidePercent(options, &file_wide_percent_);
}

void MissingRationaleRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                                     Reporter& reporter) const {
  const model::Bank& bank = *ctx.bank;
  for (const FileQuestions& file : GroupByFile(bank, indexes)) {
    std::vector<size_t> none;  // choice questions where no option has a rationale
    size_t checked = 0;
    for (size_t index : file.indexes) {
      const model::Question& q = bank.questions[index];
      if (!model::IsChoiceType(q.type) || q.options.empty()) continue;
      ++checked;
      size_t missing = 0;
      for (const model::Option& o : q.options) missing += IsBlank(o.rationale->value);
      if (missing == q.options.size()) none.push_back(index);
    }
    bool file_wide = IsFileWide(none.size(), checked, file_wide_percent_);
    if (file_wide) {
      const model::Question& q = bank.questions[none.front()];
      SourceSpan span = q.stem.span.known() ? q.stem.span : q.span;
      reporter.ReportAt(none.front(), span, "options", "file-wide",
                        "no option has a rationale " + FileWideCount(none.size(), checked) +
                            "; say why each option is right or wrong (one finding for the file)");
    }
    for (size_t index : file.indexes) {
      const model::Question& q = bank.questions[index];
      if (!model::IsChoiceType(q.type) || q.options.empty()) continue;
      size_t missing = 0;
      for (const model::Option& o : q.options) missing += IsBlank(o.rationale->value);
      if (missing == 0) continue;
      if (missing == q.options.size()) {
        if (file_wide) continue;
        SourceSpan span = q.stem.span.known() ? q.stem.span : q.span;
        reporter.ReportAt(index, span, "options", "",
                          "no option has a rationale; say why each option is right or wrong");
        continue;
      }
      for (size_t i = 0; i < q.options.size(); ++i) {
        const model::Option& o = q.options[i];
        if (!IsBlank(o.rationale->value)) continue;
        reporter.Report(index, o.text, "options[" + std::to_string(i) + "].rationale",
                        "option " + model::OptionLetter(i) + " has no rationale; say why it is " +
                            (o.correct ? "right" : "wrong"));
      }
    }
  }
}

}  // namespace qbank::lint
