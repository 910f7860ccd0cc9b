// The bank's numbers, in one pass over its questions and one over its findings.
#include "lint/bank_statistics.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "model/iso_date.h"
#include "text/words.h"

namespace qbank::lint {
namespace {

NamedCounts Sorted(const std::map<std::string, size_t>& counts) {
  NamedCounts sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return sorted;
}

double Quantile(const std::vector<double>& sorted, double q) {
  double at = q * static_cast<double>(sorted.size() - 1);
  size_t low = static_cast<size_t>(std::floor(at));
  size_t high = std::min(low + 1, sorted.size() - 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - static_cast<double>(low));
}

std::string AuthorName(const model::Person& person) {
  if (!person.name.empty()) return person.name.value;
  return person.initials.value;
}

// The number of days since 1970-01-01 of a review date (a month counts from its first day).
int64_t DayNumber(int year, int month, int day) {
  using namespace std::chrono;
  return sys_days(std::chrono::year(year) / std::chrono::month(static_cast<unsigned>(month)) /
                  std::chrono::day(static_cast<unsigned>(day)))
      .time_since_epoch()
      .count();
}

// The source file of a finding: its own span's, else its question's.
uint32_t FileOf(const model::Bank& bank, const Finding& f) {
  if (f.span.file != SourceSpan::kNoFile) return f.span.file;
  if (f.question_index < bank.questions.size()) return bank.questions[f.question_index].span.file;
  return SourceSpan::kNoFile;
}

std::string Place(const model::Bank& bank, const SourceSpan& span) {
  if (span.file == SourceSpan::kNoFile) return "";
  return bank.SourcePath(span.file) + ":" + std::to_string(span.line);
}

model::Value DistributionValue(const Distribution& d) {
  model::Value::Object o;
  o["count"] = static_cast<int64_t>(d.count);
  o["min"] = d.min;
  o["q1"] = d.q1;
  o["median"] = d.median;
  o["q3"] = d.q3;
  o["max"] = d.max;
  o["mean"] = std::round(d.mean * 100) / 100;
  model::Value::Array bins;
  for (const HistogramBin& b : d.bins) {
    model::Value::Object bin;
    bin["low"] = b.low;
    bin["high"] = b.high;
    bin["count"] = static_cast<int64_t>(b.count);
    bins.emplace_back(std::move(bin));
  }
  o["bins"] = model::Value(std::move(bins));
  return model::Value(std::move(o));
}

model::Value CountsValue(const NamedCounts& counts) {
  model::Value::Array a;
  for (const auto& [name, n] : counts) {
    model::Value::Object o;
    o["name"] = name;
    o["count"] = static_cast<int64_t>(n);
    a.emplace_back(std::move(o));
  }
  return model::Value(std::move(a));
}

model::Value TestValue(const CountTest& test) {
  model::Value::Object o = CountTestValue(test).as_object();
  o["enough"] = test.enough;
  return model::Value(std::move(o));
}

// The findings per rule and per file, and the duplicate clusters, into `s`.
void CountFindings(const model::Bank& bank, std::span<const Finding> findings, BankStatistics& s) {
  std::map<std::string, size_t> rules, finding_files;
  std::map<std::string, size_t> exact_cluster;  // first copy's id -> its cluster
  std::map<std::string, size_t> first_with_id;  // question id -> the first question with it
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    first_with_id.try_emplace(bank.questions[i].id.value, i);
  }
  for (const Finding& f : findings) {
    ++rules[f.rule_id];
    uint32_t file = FileOf(bank, f);
    ++finding_files[file == SourceSpan::kNoFile ? "(bank)" : bank.SourcePath(file)];
    if (f.rule_id == "near-duplicate" && f.group_members.size() >= 2) {
      DuplicateCluster c{f.rule_id, f.group_members, {}};
      for (size_t m = 0; m < c.question_ids.size(); ++m) {
        auto at = first_with_id.find(c.question_ids[m]);
        size_t q = m == 0 ? f.question_index
                          : (at == first_with_id.end() ? Finding::kNoQuestion : at->second);
        c.places.push_back(q < bank.questions.size() ? Place(bank, bank.questions[q].span) : "");
      }
      s.duplicate_clusters.push_back(std::move(c));
    }
    // exact-duplicate reports each later copy with the first copy as its related place.
    if (f.rule_id == "exact-duplicate" && !f.related.empty() &&
        !f.related.front().question_id.empty()) {
      const std::string& first = f.related.front().question_id;
      auto [at, added] = exact_cluster.try_emplace(first, s.duplicate_clusters.size());
      if (added) {
        s.duplicate_clusters.push_back({f.rule_id, {first}, {Place(bank, f.related.front().span)}});
      }
      DuplicateCluster& c = s.duplicate_clusters[at->second];
      c.question_ids.push_back(f.question_id);
      c.places.push_back(f.question_index < bank.questions.size()
                             ? Place(bank, bank.questions[f.question_index].span)
                             : "");
    }
  }
  s.findings_by_rule = Sorted(rules);
  s.findings_by_file = Sorted(finding_files);
}

}  // namespace

Distribution Distribute(std::vector<double> values, size_t bins) {
  Distribution d;
  d.count = values.size();
  if (values.empty()) return d;
  std::sort(values.begin(), values.end());
  d.min = values.front();
  d.max = values.back();
  d.q1 = Quantile(values, 0.25);
  d.median = Quantile(values, 0.5);
  d.q3 = Quantile(values, 0.75);
  double sum = 0;
  for (double v : values) sum += v;
  d.mean = sum / static_cast<double>(values.size());
  // Whole-number widths, so a bin of words reads "10-14" and never splits a count.
  double span = d.max - d.min + 1;
  double width = std::max(1.0, std::ceil(span / static_cast<double>(std::max<size_t>(bins, 1))));
  size_t n = static_cast<size_t>(std::ceil(span / width));
  d.bins.resize(n);
  for (size_t i = 0; i < n; ++i) {
    d.bins[i].low = d.min + width * static_cast<double>(i);
    d.bins[i].high = std::min(d.max, d.bins[i].low + width - 1);
  }
  for (double v : values) {
    size_t i = std::min(n - 1, static_cast<size_t>((v - d.min) / width));
    ++d.bins[i].count;
  }
  return d;
}

BankStatistics ComputeBankStatistics(const model::Bank& bank, std::span<const Finding> findings,
                                     Date today) {
  BankStatistics s;
  s.questions = bank.questions.size();
  std::map<std::string, size_t> types, domains, files, authors;
  std::map<size_t, size_t> option_counts;
  std::vector<double> stems, options, explanations, rationales, ages;
  const int64_t today_day = DayNumber(today.year, today.month, today.day);
  std::vector<size_t> all(bank.questions.size());
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    all[i] = i;
    const model::Question& q = bank.questions[i];
    ++types[std::string(model::QuestionTypeName(q.type))];
    ++domains[q.domain->empty() ? "(none)" : q.domain->value];
    ++files[bank.SourcePath(q.span.file)];
    if (q.authors.empty()) ++authors["(none)"];
    for (const model::Person& p : q.authors) ++authors[AuthorName(p)];
    if (model::IsChoiceType(q.type)) ++option_counts[q.options.size()];
    stems.push_back(static_cast<double>(text::CountWords(q.stem.value)));
    for (const model::Option& o : q.options) {
      options.push_back(static_cast<double>(text::CountWords(o.text.value)));
      if (!o.rationale->empty()) {
        rationales.push_back(static_cast<double>(text::CountWords(o.rationale->value)));
      }
    }
    if (!q.explanation.empty()) {
      explanations.push_back(static_cast<double>(text::CountWords(q.explanation.value)));
    }
    std::optional<model::IsoDate> date = model::ParseIsoDate(q.review->date.value);
    if (!date) {
      ++s.without_review_date;
      continue;
    }
    int64_t age = today_day - DayNumber(date->year, date->month, std::max(date->day, 1));
    if (age < 0) {
      ++s.review_in_future;
    } else {
      ages.push_back(static_cast<double>(age));
    }
  }
  for (const auto& source : bank.sources) {
    if (source != nullptr && files.count(source->path()) == 0) files[source->path()] = 0;
  }
  s.files = files.size();
  s.by_type = Sorted(types);
  s.by_domain = Sorted(domains);
  s.by_file = Sorted(files);
  s.by_author = Sorted(authors);
  s.option_counts.assign(option_counts.begin(), option_counts.end());
  s.keys = ComputeKeyStatistics(bank, all);
  s.stem_words = Distribute(std::move(stems));
  s.option_words = Distribute(std::move(options));
  s.explanation_words = Distribute(std::move(explanations));
  s.rationale_words = Distribute(std::move(rationales));
  s.review_age_days = Distribute(std::move(ages));
  CountFindings(bank, findings, s);
  return s;
}

model::Value BankStatisticsValue(const BankStatistics& s) {
  model::Value::Object o;
  o["questions"] = static_cast<int64_t>(s.questions);
  o["files"] = static_cast<int64_t>(s.files);
  o["by_type"] = CountsValue(s.by_type);
  o["by_domain"] = CountsValue(s.by_domain);
  o["by_file"] = CountsValue(s.by_file);
  o["by_author"] = CountsValue(s.by_author);
  model::Value::Array option_counts;
  for (const auto& [n, count] : s.option_counts) {
    model::Value::Object c;
    c["options"] = static_cast<int64_t>(n);
    c["questions"] = static_cast<int64_t>(count);
    option_counts.emplace_back(std::move(c));
  }
  o["option_counts"] = model::Value(std::move(option_counts));
  model::Value::Array positions;
  for (const KeyPositions& kp : s.keys.positions) {
    model::Value::Object p;
    p["options"] = static_cast<int64_t>(kp.options);
    model::Value::Array counts;
    for (size_t c : kp.counts) counts.emplace_back(static_cast<int64_t>(c));
    p["counts"] = model::Value(std::move(counts));
    p["test"] = TestValue(kp.test);
    positions.emplace_back(std::move(p));
  }
  model::Value::Object keys;
  keys["positions"] = model::Value(std::move(positions));
  model::Value::Object tf;
  tf["true_keys"] = static_cast<int64_t>(s.keys.true_false.true_keys);
  tf["false_keys"] = static_cast<int64_t>(s.keys.true_false.false_keys);
  tf["test"] = TestValue(s.keys.true_false.test);
  keys["true_false"] = model::Value(std::move(tf));
  model::Value::Object longest;
  longest["questions"] = static_cast<int64_t>(s.keys.longest.questions);
  longest["key_longest"] = static_cast<int64_t>(s.keys.longest.key_longest);
  longest["expected"] = std::round(s.keys.longest.expected * 10) / 10;
  longest["test"] = TestValue(s.keys.longest.test);
  keys["longest"] = model::Value(std::move(longest));
  o["keys"] = model::Value(std::move(keys));
  model::Value::Object lengths;
  lengths["stem"] = DistributionValue(s.stem_words);
  lengths["option"] = DistributionValue(s.option_words);
  lengths["explanation"] = DistributionValue(s.explanation_words);
  lengths["rationale"] = DistributionValue(s.rationale_words);
  o["length_words"] = model::Value(std::move(lengths));
  model::Value::Object review;
  review["age_days"] = DistributionValue(s.review_age_days);
  review["without_date"] = static_cast<int64_t>(s.without_review_date);
  review["in_future"] = static_cast<int64_t>(s.review_in_future);
  o["review"] = model::Value(std::move(review));
  model::Value::Array clusters;
  for (const DuplicateCluster& c : s.duplicate_clusters) {
    model::Value::Object cluster;
    cluster["rule"] = c.rule;
    model::Value::Array ids(c.question_ids.begin(), c.question_ids.end());
    cluster["questions"] = model::Value(std::move(ids));
    model::Value::Array places(c.places.begin(), c.places.end());
    cluster["places"] = model::Value(std::move(places));
    clusters.emplace_back(std::move(cluster));
  }
  o["duplicate_clusters"] = model::Value(std::move(clusters));
  o["findings_by_rule"] = CountsValue(s.findings_by_rule);
  o["findings_by_file"] = CountsValue(s.findings_by_file);
  return model::Value(std::move(o));
}

}  // namespace qbank::lint
