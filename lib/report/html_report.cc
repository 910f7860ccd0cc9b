// The HTML report: a summary, the charts, the tables of counts and the findings table, with a
// little inline script for sorting and filtering.
#include "report/html_report.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "report/html_page.h"
#include "report/report_context.h"

namespace qbank::report {
namespace {

constexpr std::string_view kScript = R"js(
(function () {
  var table = document.getElementById('findings');
  if (!table) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var search = document.getElementById('f-search');
  var severity = document.getElementById('f-severity');
  var rule = document.getElementById('f-rule');
  var file = document.getElementById('f-file');
  var count = document.getElementById('f-count');
  function apply() {
    var q = search.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (r) {
      var ok = (!q || r.textContent.toLowerCase().indexOf(q) >= 0) &&
        (!severity.value || r.dataset.severity === severity.value) &&
        (!rule.value || r.dataset.rule === rule.value) &&
        (!file.value || r.dataset.file === file.value);
      r.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' findings shown';
  }
  [search, severity, rule, file].forEach(function (e) { e.addEventListener('input', apply); });
  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (th, col) {
    var b = th.querySelector('button');
    if (!b) return;
    b.addEventListener('click', function () {
      var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
      rows.sort(function (x, y) {
        var a = x.cells[col].dataset.sort || x.cells[col].textContent;
        var c = y.cells[col].dataset.sort || y.cells[col].textContent;
        var na = parseFloat(a), nc = parseFloat(c);
        if (!isNaN(na) && !isNaN(nc) && String(na) === a && String(nc) === c) return (na - nc) * dir;
        return a.localeCompare(c) * dir;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  apply();
})();
)js";

std::vector<Bar> CountBars(const lint::NamedCounts& counts) {
  std::vector<Bar> bars;
  for (const auto& [name, n] : counts) bars.push_back({name, static_cast<double>(n)});
  return bars;
}

std::string TestCaption(const lint::CountTest& t) {
  if (t.total == 0) return "no questions";
  std::string s = "n = " + std::to_string(t.total) + ", chi-square " +
                  FormatNumber(std::round(t.chi_square * 100) / 100) + ", " +
                  std::to_string(t.degrees_of_freedom) + " df, p = " + FormatNumber(t.p_value) +
                  ", Cohen's w = " + FormatNumber(std::round(lint::CohensW(t) * 1000) / 1000);
  if (!t.enough) s += " (too few questions for the test)";
  return s;
}

std::string Figure(const std::string& svg, const std::string& caption) {
  return "<figure>" + svg + "<figcaption>" + EscapeHtml(caption) + "</figcaption></figure>\n";
}

std::string CountsTable(std::string_view caption, std::string_view what,
                        const lint::NamedCounts& counts, size_t limit = 50) {
  std::string html = "<table><caption class=\"muted\">" + EscapeHtml(caption) +
                     "</caption><thead><tr><th scope=\"col\">" + EscapeHtml(what) +
                     "</th><th scope=\"col\" class=\"num\">questions</th></tr></thead><tbody>";
  size_t shown = 0;
  for (const auto& [name, n] : counts) {
    if (shown++ == limit) break;
    html += "<tr><td>" + EscapeHtml(name) + "</td><td class=\"num\">" + std::to_string(n) +
            "</td></tr>";
  }
  html += "</tbody></table>";
  if (counts.size() > limit) {
    html += "<p class=\"muted\">and " + std::to_string(counts.size() - limit) + " more</p>";
  }
  return html;
}

void WriteCharts(const lint::BankStatistics& s, std::string& html) {
  html += "<h2 id=\"keys\">Answer keys</h2>\n<div class=\"charts\">\n";
  for (const lint::KeyPositions& kp : s.keys.positions) {
    std::vector<Bar> bars;
    for (size_t p = 0; p < kp.counts.size(); ++p) {
      bars.push_back({model::OptionLetter(p), static_cast<double>(kp.counts[p])});
    }
    double uniform = static_cast<double>(kp.test.total) / static_cast<double>(kp.options);
    std::string key = "key-positions-" + std::to_string(kp.options);
    html += Figure(
        BarChartSvg(key, "Key positions of " + std::to_string(kp.options) + "-option questions",
                    bars, uniform, "uniform"),
        "Key positions, " + std::to_string(kp.options) + " options: " + TestCaption(kp.test));
  }
  const lint::TrueFalseKeys& tf = s.keys.true_false;
  if (tf.test.total > 0) {
    html += Figure(BarChartSvg("true-false", "True/false keys",
                               {{"True", static_cast<double>(tf.true_keys)},
                                {"False", static_cast<double>(tf.false_keys)}},
                               static_cast<double>(tf.test.total) / 2, "half"),
                   "True/false keys: " + TestCaption(tf.test));
  }
  const lint::LongestKeys& lk = s.keys.longest;
  if (lk.questions > 0) {
    html += Figure(
        BarChartSvg("longest-key", "The key is the longest option",
                    {{"key longest", static_cast<double>(lk.key_longest)},
                     {"other option longest", static_cast<double>(lk.questions - lk.key_longest)}},
                    lk.expected, "chance"),
        "Questions with one longest option: " + TestCaption(lk.test));
  }
  std::vector<Bar> options;
  for (const auto& [n, count] : s.option_counts) {
    options.push_back({std::to_string(n), static_cast<double>(count)});
  }
  html += Figure(BarChartSvg("option-counts", "Questions by number of options", options),
                 "Questions by number of options");
  html += "</div>\n<h2 id=\"lengths\">Lengths in words</h2>\n<div class=\"charts\">\n";
  auto histogram = [&](const char* key, const std::string& title, const lint::Distribution& d) {
    std::string caption = title + ": " + std::to_string(d.count) + " texts";
    if (d.count > 0) {
      caption += ", min " + FormatNumber(d.min) + ", quartiles " + FormatNumber(d.q1) + " / " +
                 FormatNumber(d.median) + " / " + FormatNumber(d.q3) + ", max " +
                 FormatNumber(d.max);
    }
    html += Figure(HistogramSvg(key, title, d), caption);
  };
  histogram("length-stem", "Stems", s.stem_words);
  histogram("length-option", "Options", s.option_words);
  histogram("length-explanation", "Explanations", s.explanation_words);
  histogram("length-rationale", "Rationales", s.rationale_words);
  html += "</div>\n<h2 id=\"reviews\">Reviews</h2>\n<div class=\"charts\">\n";
  histogram("review-age", "Days since review", s.review_age_days);
  html += "</div>\n<p>" + std::to_string(s.without_review_date) +
          " questions have no review date; " + std::to_string(s.review_in_future) +
          " have one in the future.</p>\n";
}

struct Row {
  const lint::Finding* finding;
  std::string file;
  uint32_t line;
};

void WriteFindings(const ReportInput& input, const lint::BankStatistics& s,
                   const ReportOptions& options, std::string& html) {
  const model::Bank& bank = *input.bank;
  std::vector<std::string> pages;
  if (!options.preview_dir.empty()) pages = PreviewPages(bank);
  std::string preview = options.preview_dir;
  if (!preview.empty() && preview.back() != '/') preview += '/';
  html += "<h2 id=\"findings-title\">Findings</h2>\n";
  if (!s.findings_by_rule.empty()) {
    html += "<div class=\"charts\">" +
            Figure(HorizontalBarChartSvg("findings-by-rule", "Findings per rule",
                                         CountBars(s.findings_by_rule)),
                   "Findings per rule") +
            Figure(HorizontalBarChartSvg("findings-by-file", "Findings per file",
                                         CountBars(s.findings_by_file)),
                   "Findings per file") +
            "</div>\n";
  }
  std::set<std::string> rules, files;
  std::vector<Row> rows;
  for (const lint::Finding& f : *input.findings) {
    uint32_t file = FindingFile(bank, f);
    Row row{&f, file == SourceSpan::kNoFile ? "" : bank.SourcePath(file), f.span.line};
    rules.insert(f.rule_id);
    if (!row.file.empty()) files.insert(row.file);
    rows.push_back(std::move(row));
  }
  auto select = [&](const char* id, const char* label, const std::set<std::string>& values) {
    html += std::string("<label>") + label + "<select id=\"" + id + "\"><option value=\"\">all" +
            "</option>";
    for (const std::string& v : values) {
      html += "<option value=\"" + EscapeHtml(v) + "\">" + EscapeHtml(v) + "</option>";
    }
    html += "</select></label>";
  };
  html +=
      "<div class=\"controls\" role=\"search\"><label>Search findings<input type=\"search\" "
      "id=\"f-search\" placeholder=\"text, rule, file, question\"></label>";
  select("f-severity", "Severity", {"error", "warning", "info"});
  select("f-rule", "Rule", rules);
  select("f-file", "File", files);
  html += "<p id=\"f-count\" class=\"muted\" aria-live=\"polite\"></p></div>\n";
  html +=
      "<table id=\"findings\"><thead><tr>"
      "<th scope=\"col\"><button type=\"button\">severity</button></th>"
      "<th scope=\"col\"><button type=\"button\">rule</button></th>"
      "<th scope=\"col\"><button type=\"button\">place</button></th>"
      "<th scope=\"col\"><button type=\"button\">question</button></th>"
      "<th scope=\"col\"><button type=\"button\">message</button></th>"
      "</tr></thead><tbody>\n";
  for (const Row& row : rows) {
    const lint::Finding& f = *row.finding;
    std::string severity(lint::SeverityName(f.severity));
    std::string place = row.file;
    if (!place.empty() && row.line > 0) place += ":" + std::to_string(row.line);
    char sort_key[32];
    std::snprintf(sort_key, sizeof sort_key, "%09u", row.line);
    html += "<tr data-severity=\"" + severity + "\" data-rule=\"" + EscapeHtml(f.rule_id) +
            "\" data-file=\"" + EscapeHtml(row.file) + "\">";
    html += "<td data-sort=\"" + std::to_string(2 - static_cast<int>(f.severity)) + "\">";
    html.append("<span class=\"sev sev-").append(severity).append("\">");
    html.append(severity).append("</span></td>");
    if (!preview.empty()) {
      html += "<td><a href=\"" + EscapeHtml(preview) + "rules/" + EncodeUrlPart(f.rule_id) +
              ".html\">" + EscapeHtml(f.rule_id) + "</a></td>";
    } else {
      html += "<td>" + EscapeHtml(f.rule_id) + "</td>";
    }
    html += "<td data-sort=\"" + EscapeHtml(row.file) + sort_key + "\">" + EscapeHtml(place) +
            "</td><td>";
    if (f.question_index < pages.size()) {
      html += "<a href=\"" + EscapeHtml(preview) + pages[f.question_index] + "#" +
              EncodeUrlPart(f.question_id) + "\">" + EscapeHtml(f.question_id) + "</a>";
    } else {
      html += EscapeHtml(f.question_id);
    }
    html += "</td><td>" + EscapeHtml(f.message) + "</td></tr>\n";
  }
  html += "</tbody></table>\n";
}

}  // namespace

void WriteHtmlReport(const ReportInput& input, const ReportOptions& options, std::ostream& out) {
  std::span<const lint::Finding> findings;
  if (input.findings != nullptr) findings = *input.findings;
  WriteHtmlReport(input, lint::ComputeBankStatistics(*input.bank, findings, lint::Today()), options,
                  out);
}

void WriteHtmlReport(const ReportInput& input, const lint::BankStatistics& s,
                     const ReportOptions& options, std::ostream& out) {
  static const std::vector<lint::Finding> kNone;
  ReportInput in = input;
  if (in.findings == nullptr) in.findings = &kNone;
  std::string title =
      in.bank->title.empty() ? "qbank report" : "qbank report: " + in.bank->title.value;
  std::string html;
  html +=
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
      "<title>" +
      EscapeHtml(title) + "</title><style>";
  html += PageStyle();
  html +=
      "</style></head><body>\n<a class=\"skip\" href=\"#main\">Skip to the report</a>\n"
      "<header class=\"site\"><h1>" +
      EscapeHtml(title) +
      "</h1><nav aria-label=\"Sections\">"
      "<a href=\"#keys\">Keys</a><a href=\"#lengths\">Lengths</a><a href=\"#reviews\">Reviews"
      "</a><a href=\"#bank\">Bank</a><a href=\"#findings-title\">Findings</a>";
  if (!options.preview_dir.empty()) {
    std::string preview = options.preview_dir;
    if (preview.back() != '/') preview += '/';
    html += "<a href=\"" + EscapeHtml(preview) + "index.html\">Preview</a>";
  }
  size_t errors = 0, warnings = 0, infos = 0;
  for (const lint::Finding& f : *in.findings) {
    errors += f.severity == lint::Severity::kError;
    warnings += f.severity == lint::Severity::kWarning;
    infos += f.severity == lint::Severity::kInfo;
  }
  html += "</nav></header>\n<main id=\"main\" class=\"wide\">\n<div class=\"cards\">";
  auto card = [&](const std::string& label, size_t n, const char* key) {
    html += "<div class=\"card\" data-stat=\"" + std::string(key) + "\"><b>" + std::to_string(n) +
            "</b>" + EscapeHtml(label) + "</div>";
  };
  card("questions", s.questions, "questions");
  card("files", s.files, "files");
  card("errors", errors, "errors");
  card("warnings", warnings, "warnings");
  card("infos", infos, "infos");
  card("duplicate clusters", s.duplicate_clusters.size(), "duplicate_clusters");
  html += "</div>\n";
  WriteCharts(s, html);
  html += "<h2 id=\"bank\">The bank</h2>\n<div class=\"charts\">";
  html += "<div>" + CountsTable("Questions by type", "type", s.by_type) + "</div>";
  html += "<div>" + CountsTable("Questions by domain", "domain", s.by_domain) + "</div>";
  html += "<div>" + CountsTable("Questions by file", "file", s.by_file) + "</div>";
  html += "<div>" + CountsTable("Questions by author", "author", s.by_author) + "</div>";
  html += "</div>\n";
  if (!s.duplicate_clusters.empty()) {
    html += "<h3>Duplicate clusters</h3><ul>";
    size_t shown = 0;
    for (const lint::DuplicateCluster& c : s.duplicate_clusters) {
      if (shown++ == 100) break;
      html += "<li>" + EscapeHtml(c.rule) + ": ";
      for (size_t i = 0; i < c.question_ids.size(); ++i) {
        html += (i == 0 ? "" : ", ") + EscapeHtml(c.question_ids[i]);
        if (i < c.places.size() && !c.places[i].empty()) {
          html += " <span class=\"muted\">(" + EscapeHtml(c.places[i]) + ")</span>";
        }
      }
      html += "</li>";
    }
    html += "</ul>";
  }
  WriteFindings(in, s, options, html);
  html += "</main>\n<script>";
  html += kScript;
  html += "</script>\n</body></html>\n";
  out << html;
}

}  // namespace qbank::report
