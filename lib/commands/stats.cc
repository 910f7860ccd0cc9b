// `qbank stats`: a lint run, lint::ComputeBankStatistics, and one of three renderings.
#include "commands/stats.h"

#include <cstdio>
#include <sstream>
#include <utility>

#include "commands/exit_code.h"
#include "commands/output.h"
#include "json/document.h"
#include "lint/bank_statistics.h"
#include "report/html_report.h"

namespace qbank::commands {
namespace {

std::string Fixed(double v, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string Row(std::string_view name, std::string_view value, size_t width = 28) {
  std::string line = "  " + std::string(name);
  if (line.size() < width) line.append(width - line.size(), ' ');
  return line + " " + std::string(value) + "\n";
}

void Counts(std::string_view title, const lint::NamedCounts& counts, std::string& text,
            size_t limit = 20) {
  text += std::string(title) + "\n";
  if (counts.empty()) text += "  (none)\n";
  size_t shown = 0;
  for (const auto& [name, n] : counts) {
    if (shown++ == limit) {
      text += "  ... and " + std::to_string(counts.size() - limit) + " more (--format json)\n";
      break;
    }
    text += Row(name, std::to_string(n), 40);
  }
}

std::string Test(const lint::CountTest& t) {
  if (t.total == 0) return "no questions";
  std::string s =
      "chi-square " + Fixed(t.chi_square, 1) + ", " + std::to_string(t.degrees_of_freedom) +
      " df, p = " + lint::FormatPValue(t.p_value) + ", w = " + Fixed(lint::CohensW(t), 3);
  if (!t.enough) s += " (too few for the test)";
  return s;
}

void Lengths(std::string_view name, const lint::Distribution& d, std::string& text) {
  if (d.count == 0) {
    text += Row(name, "none");
    return;
  }
  text += Row(name, std::to_string(d.count) + " texts: min " + Fixed(d.min, 0) + ", quartiles " +
                        Fixed(d.q1, 1) + " / " + Fixed(d.median, 1) + " / " + Fixed(d.q3, 1) +
                        ", max " + Fixed(d.max, 0) + ", mean " + Fixed(d.mean, 1));
}

// `all_rules`: every planned rule ran (--findings), not kStatsRules alone.
std::string StatsText(const lint::BankStatistics& s, bool all_rules) {
  std::string text = std::to_string(s.questions) +
                     (s.questions == 1 ? " question in " : " questions in ") +
                     std::to_string(s.files) + (s.files == 1 ? " file\n\n" : " files\n\n");
  Counts("by type", s.by_type, text);
  Counts("by domain", s.by_domain, text);
  Counts("by file", s.by_file, text);
  Counts("by author", s.by_author, text);
  text += "\noption counts\n";
  for (const auto& [n, count] : s.option_counts) {
    text += Row(std::to_string(n) + " options", std::to_string(count));
  }
  text += "\nkey positions (single answer, one key)\n";
  for (const lint::KeyPositions& kp : s.keys.positions) {
    std::string spread;
    for (size_t p = 0; p < kp.counts.size(); ++p) {
      double share = kp.test.total == 0 ? 0
                                        : 100.0 * static_cast<double>(kp.counts[p]) /
                                              static_cast<double>(kp.test.total);
      spread += (p == 0 ? "" : "  ") + model::OptionLetter(p) + " " + std::to_string(kp.counts[p]) +
                " (" + Fixed(share, 1) + "%)";
    }
    text += Row(std::to_string(kp.options) + " options", spread);
    text += Row("", Test(kp.test));
  }
  const lint::TrueFalseKeys& tf = s.keys.true_false;
  text += Row("true/false", "True " + std::to_string(tf.true_keys) + ", False " +
                                std::to_string(tf.false_keys) + "; " + Test(tf.test));
  const lint::LongestKeys& lk = s.keys.longest;
  text += Row("key is the longest", std::to_string(lk.key_longest) + " of " +
                                        std::to_string(lk.questions) + " (chance " +
                                        Fixed(lk.expected, 1) + "); " + Test(lk.test));
  text += "\nlengths in words\n";
  Lengths("stem", s.stem_words, text);
  Lengths("option", s.option_words, text);
  Lengths("explanation", s.explanation_words, text);
  Lengths("rationale", s.rationale_words, text);
  text += "\nreviews\n";
  Lengths("age in days", s.review_age_days, text);
  text += Row("without a date", std::to_string(s.without_review_date));
  text += Row("dated in the future", std::to_string(s.review_in_future));
  text += "\nduplicate clusters: " + std::to_string(s.duplicate_clusters.size()) + "\n";
  size_t shown = 0;
  for (const lint::DuplicateCluster& c : s.duplicate_clusters) {
    if (shown++ == 10) {
      text += "  ... (--format json lists all)\n";
      break;
    }
    std::string ids;
    for (size_t m = 0; m < c.question_ids.size(); ++m) {
      ids += (m == 0 ? "" : ", ") + c.question_ids[m];
      if (m < c.places.size() && !c.places[m].empty()) ids += " (" + c.places[m] + ")";
    }
    text += "  " + c.rule + ": " + ids + "\n";
  }
  text += "\n";
  if (!all_rules) {
    text +=
        "findings below: the import and duplicate rules only (--findings runs every rule, as "
        "qbank lint does)\n";
  }
  Counts("findings by rule", s.findings_by_rule, text, 100);
  Counts("findings by file", s.findings_by_file, text);
  return text;
}

}  // namespace

int RunStats(const StatsOptions& options, std::ostream& out, std::ostream& err) {
  if (options.format != "text" && options.format != "json" && options.format != "html") {
    err << "qbank stats: unknown --format '" << options.format
        << "'; expected text, json or html\n";
    return kExitError;
  }
  // The report's page shows every finding; the table and JSON need only kStatsRules' findings
  // unless --findings asks for all (the other rules are most of a lint run's time).
  const bool all_rules = options.findings || options.format == "html";
  const std::vector<std::string_view> stats_rules(std::begin(kStatsRules), std::end(kStatsRules));
  Result<LintOutcome> linted = LintForView(options.lint, err, all_rules ? nullptr : &stats_rules);
  if (!linted.ok()) {
    err << "qbank stats: " << linted.status().ToString() << "\n";
    return kExitError;
  }
  LintOutcome& outcome = linted.value();
  lint::Date today = options.lint.today ? *options.lint.today : lint::Today();
  lint::BankStatistics stats = lint::ComputeBankStatistics(*outcome.bank, outcome.findings, today);
  FileSystem& fs = options.lint.fs != nullptr ? *options.lint.fs : RealFileSystem();
  Status written = WriteOutput(
      fs, options.output,
      [&](std::ostream& to) {
        if (options.format == "json") {
          model::Value::Object o = lint::BankStatisticsValue(stats).as_object();
          // Which rules' findings the counts hold.
          model::Value::Array ran;
          for (const lint::Rule* rule : outcome.rules) ran.emplace_back(std::string(rule->id()));
          o["rules_run"] = model::Value(std::move(ran));
          to << json::WriteValue(model::Value(std::move(o))) << "\n";
        } else if (options.format == "html") {
          report::ReportInput input;
          input.bank = outcome.bank.get();
          input.findings = &outcome.findings;
          input.rules = outcome.rules;
          input.files_checked = outcome.files_checked;
          input.questions_checked = outcome.bank->questions.size();
          report::ReportOptions report_options;
          report_options.preview_dir = options.lint.preview_dir;
          report::WriteHtmlReport(input, stats, report_options, to);
        } else {
          to << StatsText(stats, all_rules);
        }
        return Status::Ok();
      },
      *outcome.bank, out);
  if (options.lint.exit_follows) KeepBankUntilExit(std::move(outcome.bank));
  if (!written.ok()) {
    err << "qbank stats: " << written.ToString() << "\n";
    return kExitError;
  }
  return outcome.import_failed ? kExitError : kExitOk;
}

}  // namespace qbank::commands
