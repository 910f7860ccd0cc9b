// A bank as numbers: counts by type, domain, file and author; the answer key's statistics
// (lint/key_statistics); option counts; lengths of stems, options, explanations and rationales;
// duplicate clusters (from the duplicate rules' findings); review ages; findings per rule and per
// file. Computed once here for `qbank stats`, the HTML report and the preview site.
#ifndef QBANK_LINT_BANK_STATISTICS_H_
#define QBANK_LINT_BANK_STATISTICS_H_

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "lint/key_statistics.h"
#include "lint/rule.h"
#include "model/bank.h"
#include "model/value.h"

namespace qbank::lint {

// How many of something there are under each name, most first (ties by name).
using NamedCounts = std::vector<std::pair<std::string, size_t>>;

// One bar of a histogram: values in [low, high) (the last bin also holds `high`).
struct HistogramBin {
  double low = 0;
  double high = 0;
  size_t count = 0;
};

// A distribution of non-negative counts (words, days): five numbers and a histogram.
struct Distribution {
  size_t count = 0;  // how many values
  double min = 0;
  double q1 = 0;  // quartiles by linear interpolation between order statistics
  double median = 0;
  double q3 = 0;
  double max = 0;
  double mean = 0;
  std::vector<HistogramBin> bins;  // up to `bins` equal-width bins of whole numbers, min to max
};

// The distribution of `values` (any order) with at most `bins` bins (>= 1).
Distribution Distribute(std::vector<double> values, size_t bins = 12);

// A group of questions the duplicate rules found to be copies of each other.
struct DuplicateCluster {
  std::string rule;                       // "exact-duplicate", "near-duplicate"
  std::vector<std::string> question_ids;  // the members, the one the finding sits on first
  // "file:line" of each member, as question_ids (one id may stand in several files).
  std::vector<std::string> places;
};

struct BankStatistics {
  size_t questions = 0;
  size_t files = 0;
  NamedCounts by_type;    // "single", "multiple", ...
  NamedCounts by_domain;  // "" is counted as "(none)"
  NamedCounts by_file;    // source paths as the bank names them
  NamedCounts by_author;  // by name, else initials; "(none)" for questions without an author
  // Questions of the choice types by how many options they have, ascending.
  std::vector<std::pair<size_t, size_t>> option_counts;
  KeyStatistics keys;  // over the whole bank
  Distribution stem_words;
  Distribution option_words;       // every option of every question
  Distribution explanation_words;  // questions with an explanation
  Distribution rationale_words;    // options with a rationale
  // Days from each review date (a month-only date counts from its first day) to `today`.
  Distribution review_age_days;
  size_t without_review_date = 0;
  size_t review_in_future = 0;
  std::vector<DuplicateCluster> duplicate_clusters;  // in the order of their findings
  NamedCounts findings_by_rule;
  NamedCounts findings_by_file;  // findings that name no file count under "(bank)"
};

// The statistics of `bank` and its lint `findings` (empty when none were computed) on `today`.
// Duplicate clusters come from the duplicate rules' findings: a near-duplicate finding's group,
// and the copies exact-duplicate relates to one first copy.
BankStatistics ComputeBankStatistics(const model::Bank& bank, std::span<const Finding> findings,
                                     Date today);

// The statistics as one JSON-ready object (the shape `qbank stats --format json` prints and
// docs/preview.md describes).
model::Value BankStatisticsValue(const BankStatistics& stats);

}  // namespace qbank::lint

#endif  // QBANK_LINT_BANK_STATISTICS_H_
