// Escaping, the shared style sheet, the SVG charts and the preview site's page names.
#include "report/html_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "report/report_context.h"

namespace qbank::report {
namespace {

constexpr std::string_view kStyle = R"css(
:root { --fg: #1b1f24; --muted: #4a5360; --bg: #ffffff; --panel: #f4f6f8; --line: #d0d7de;
  --accent: #0b5cad; --good: #116329; --good-bg: #e6f4ea; --bad: #a4262c; --bad-bg: #fbeaea;
  --warn: #7a4d00; --warn-bg: #fff4d6; --bar: #3d6fb4; }
* { box-sizing: border-box; }
html { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--fg);
  background: var(--bg); }
body { margin: 0; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible,
[tabindex]:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
header.site { background: #12324f; color: #fff; padding: .8rem 1.5rem; display: flex; gap: 1.5rem;
  align-items: baseline; flex-wrap: wrap; }
header.site a { color: #fff; }
header.site h1 { font-size: 1.25rem; margin: 0; }
header.site nav { display: flex; gap: 1rem; flex-wrap: wrap; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: #fff; color: var(--accent); padding: .3rem .6rem;
  z-index: 10; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
main.wide { max-width: 80rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 .6rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
.muted { color: var(--muted); }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: .8rem; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .7rem 1rem; }
.card b { display: block; font-size: 1.6rem; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top;
  overflow-wrap: break-word; }
#findings th, #findings td:nth-child(1) { white-space: nowrap; }
#findings td:nth-child(2), #findings td:nth-child(4) { min-width: 9rem; }
#findings td:nth-child(3) { min-width: 12rem; word-break: break-all; }
#findings td:nth-child(5) { min-width: 18rem; }
th { background: var(--panel); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer;
  color: var(--fg); }
th[aria-sort="ascending"] button::after { content: " \25B2"; }
th[aria-sort="descending"] button::after { content: " \25BC"; }
.sev { display: inline-block; padding: 0 .45rem; border-radius: 4px; font-size: .8rem; font-weight: 600; }
.sev-error { background: var(--bad-bg); color: var(--bad); }
.sev-warning { background: var(--warn-bg); color: var(--warn); }
.sev-info { background: #e8f0fb; color: #0b4a8f; }
.controls { display: flex; flex-wrap: wrap; gap: .8rem 1.2rem; align-items: end; margin: .8rem 0; }
.controls label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: .2rem; }
.controls label.check { flex-direction: row; align-items: center; gap: .4rem; color: var(--fg); }
input[type=search], select { font: inherit; padding: .35rem .5rem; border: 1px solid #8c959f;
  border-radius: 6px; background: #fff; color: var(--fg); min-width: 10rem; }
input[type=search] { min-width: 18rem; }
button.action { font: inherit; padding: .4rem .9rem; border-radius: 6px; border: 1px solid var(--accent);
  background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr)); gap: 1rem; }
figure { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .6rem; }
figcaption { font-size: .85rem; color: var(--muted); margin-top: .3rem; }
svg text { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: #1b1f24; }
svg .bar { fill: var(--bar); }
svg .ref { stroke: #a4262c; stroke-dasharray: 5 4; stroke-width: 1.5; }
svg .axis { stroke: #8c959f; }
ul.questions { list-style: none; padding: 0; margin: 0; }
ul.questions li { border-bottom: 1px solid var(--line); padding: .5rem .2rem; }
ul.questions li a { font-weight: 500; }
.meta { font-size: .82rem; color: var(--muted); }
.tag { display: inline-block; background: var(--panel); border: 1px solid var(--line); border-radius: 4px;
  padding: 0 .35rem; margin-right: .3rem; font-size: .78rem; color: var(--muted); }
.tag.findings { background: var(--warn-bg); color: var(--warn); border-color: #e3c27a; }
article.question { border: 1px solid var(--line); border-radius: 10px; padding: 1.1rem 1.3rem;
  margin: 1.4rem 0; background: #fff; }
article.question:focus { outline: 3px solid #f0a000; outline-offset: 2px; }
article.question h2 { margin: 0 0 .2rem; font-size: .9rem; color: var(--muted); font-weight: 600; }
.stem { font-size: 1.08rem; margin: .4rem 0 .8rem; }
.stem p:first-child, .explanation p:first-child { margin-top: 0; }
.trap { border-left: 4px solid #d4a017; background: var(--warn-bg); padding: .5rem .8rem; margin: .6rem 0;
  border-radius: 0 6px 6px 0; }
.trap p:last-child { margin-bottom: 0; }
.trap strong { color: var(--warn); }
ol.options { list-style: none; padding: 0; margin: .6rem 0; }
ol.options > li { display: flex; gap: .7rem; border: 1px solid var(--line); border-radius: 8px;
  padding: .5rem .8rem; margin: .4rem 0; }
.letter { font-weight: 700; min-width: 1.6rem; height: 1.6rem; border-radius: 50%; background: var(--panel);
  border: 1px solid var(--line); display: inline-flex; align-items: center; justify-content: center;
  flex: none; }
.revealed ol.options > li.key { border-color: #2da44e; background: var(--good-bg); }
.revealed ol.options > li.key .letter { background: #2da44e; color: #fff; border-color: #2da44e; }
.mark { font-weight: 700; margin-left: .3rem; }
.key .mark { color: var(--good); }
.wrong .mark { color: var(--bad); }
article.question:not(.revealed) [data-answer] { display: none; }
ol.options p { margin: 0; }
.rationale p { margin: .15rem 0 0; }
.findings-list h2 { margin: .3rem 0 .4rem; font-size: 1.05rem; }
.rationale { font-size: .93rem; color: var(--fg); margin-top: .3rem; }
.rationale .why { font-weight: 600; font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; }
.key .why { color: var(--good); }
.wrong .why { color: var(--bad); }
.answer { border-top: 1px solid var(--line); margin-top: .8rem; padding-top: .6rem; }
.answer .correct { font-weight: 600; color: var(--good); }
.controls-row { display: flex; gap: .6rem; flex-wrap: wrap; margin-top: .6rem; }
.findings-list { background: var(--warn-bg); border: 1px solid #e3c27a; border-radius: 8px;
  padding: .5rem 1rem; margin-top: .6rem; font-size: .92rem; }
.findings-list ul { margin: .2rem 0; padding-left: 1.1rem; }
.byline { font-size: .85rem; color: var(--muted); margin-top: .8rem; }
.pager { display: flex; justify-content: space-between; margin: 1rem 0; gap: 1rem; }
.doc pre { background: var(--panel); padding: .6rem; overflow-x: auto; border-radius: 6px; }
.doc code { background: var(--panel); padding: 0 .2rem; border-radius: 3px; }
kbd { border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 .3rem;
  font-size: .85em; background: var(--panel); }
img { max-width: 100%; }
[hidden] { display: none !important; }
@media print {
  header.site, .controls, .controls-row, .pager, .skip, .keys-help { display: none !important; }
  main { max-width: none; padding: 0; }
  article.question { break-inside: avoid; border: 0; border-bottom: 1px solid #999; border-radius: 0; }
  a { color: inherit; text-decoration: none; }
  figure { break-inside: avoid; }
}
)css";

std::string BinLabel(const lint::HistogramBin& b) {
  char buf[64];
  if (b.high > b.low) {
    std::snprintf(buf, sizeof buf, "%g-%g", b.low, b.high);
  } else {
    std::snprintf(buf, sizeof buf, "%g", b.low);
  }
  return buf;
}

// A file's part of a page name: its base name with anything but letters, digits, '.', '-' and '_'
// as '_', and the extension's dot as '_' too.
std::string SafeFileName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  std::string safe;
  for (char c : base) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_';
    safe += ok ? c : '_';
  }
  return safe.empty() ? "bank" : safe;
}

}  // namespace

std::string EncodeUrlPart(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '-' || c == '_' || c == '.' || c == '~';
    if (keep) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string_view PageStyle() { return kStyle; }

std::vector<std::string> PreviewPages(const model::Bank& bank) {
  std::vector<std::string> pages(bank.questions.size());
  std::map<uint32_t, size_t> seen;             // file -> questions so far
  std::map<std::string, uint32_t> name_owner;  // safe name -> first file that took it
  std::map<uint32_t, std::string> names;       // file -> its unique safe name
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    uint32_t file = bank.questions[i].span.file;
    auto [it, added] = names.try_emplace(file);
    if (added) {
      std::string name = SafeFileName(bank.SourcePath(file));
      // Two files of one name in different folders: the later ones get a number.
      std::string unique = name;
      for (int n = 2; name_owner.count(unique) != 0; ++n) unique = name + "_" + std::to_string(n);
      name_owner[unique] = file;
      it->second = unique;
    }
    size_t position = seen[file]++;
    pages[i] = "q/" + it->second + "-" + std::to_string(position / kQuestionsPerPage + 1) + ".html";
  }
  return pages;
}

std::string FormatNumber(double value) {
  char buf[32];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
  } else if (std::fabs(value) < 0.001) {
    std::snprintf(buf, sizeof buf, "%.1e", value);
  } else {
    std::snprintf(buf, sizeof buf, "%.4g", value);
  }
  return buf;
}

std::string BarChartSvg(std::string_view key, std::string_view title, const std::vector<Bar>& bars,
                        double reference, std::string_view reference_label) {
  const double width = 360, height = 200, left = 36, bottom = 34, top = 18;
  double max = reference;
  for (const Bar& b : bars) max = std::max(max, b.value);
  if (max <= 0) max = 1;
  const double plot_h = height - bottom - top;
  const double slot = (width - left - 8) / static_cast<double>(std::max<size_t>(bars.size(), 1));
  const double bar_w = std::max(2.0, slot * 0.7);
  std::string svg;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg role=\"img\" viewBox=\"0 0 %g %g\" width=\"100%%\" data-chart=\"", width,
                height);
  svg += buf;
  svg += EscapeHtml(key) + "\" aria-label=\"" + EscapeHtml(title) + "\"><title>" +
         EscapeHtml(title) + "</title>";
  std::snprintf(buf, sizeof buf, "<line class=\"axis\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"/>",
                left, height - bottom, width - 4, height - bottom);
  svg += buf;
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    double h = plot_h * b.value / max;
    double x = left + slot * static_cast<double>(i) + (slot - bar_w) / 2;
    double y = height - bottom - h;
    std::snprintf(buf, sizeof buf,
                  "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                  "height=\"%.1f\" data-value=\"%s\" data-label=\"",
                  x, y, bar_w, h, FormatNumber(b.value).c_str());
    svg += buf;
    svg += EscapeHtml(b.label) + "\"><title>" + EscapeHtml(b.label) + ": " + FormatNumber(b.value) +
           "</title></rect>";
    // Values above the bars while they fit; labels under them, every n-th when crowded.
    if (bars.size() <= 16) {
      std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>",
                    x + bar_w / 2, y - 3, FormatNumber(b.value).c_str());
      svg += buf;
    }
    size_t every = bars.size() <= 12 ? 1 : (bars.size() + 11) / 12;
    if (i % every == 0) {
      std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                    x + bar_w / 2, height - bottom + 14);
      svg += buf;
      svg += EscapeHtml(b.label) + "</text>";
    }
  }
  if (reference > 0) {
    double y = height - bottom - plot_h * reference / max;
    std::snprintf(buf, sizeof buf,
                  "<line class=\"ref\" x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" "
                  "data-reference=\"%s\"/><text x=\"%g\" y=\"%.1f\" text-anchor=\"end\">",
                  left, y, width - 4, y, FormatNumber(reference).c_str(), width - 4, y - 4);
    svg += buf;
    svg += EscapeHtml(reference_label) + "</text>";
  }
  std::snprintf(buf, sizeof buf, "<text x=\"2\" y=\"%g\">%s</text><text x=\"2\" y=\"%g\">0</text>",
                top + 4, FormatNumber(max).c_str(), height - bottom);
  svg += buf;
  svg += "</svg>";
  return svg;
}

std::string HorizontalBarChartSvg(std::string_view key, std::string_view title,
                                  const std::vector<Bar>& bars) {
  const double width = 640, row = 20, label_w = 230, top = 6;
  double height = top * 2 + row * static_cast<double>(bars.size());
  double max = 0;
  for (const Bar& b : bars) max = std::max(max, b.value);
  if (max <= 0) max = 1;
  const double plot_w = width - label_w - 60;
  std::string svg;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg role=\"img\" viewBox=\"0 0 %g %g\" width=\"100%%\" data-chart=\"", width,
                height);
  svg += buf;
  svg += EscapeHtml(key) + "\" aria-label=\"" + EscapeHtml(title) + "\"><title>" +
         EscapeHtml(title) + "</title>";
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    double y = top + row * static_cast<double>(i);
    double w = std::max(1.0, plot_w * b.value / max);
    std::snprintf(buf, sizeof buf, "<text x=\"%g\" y=\"%.1f\" text-anchor=\"end\">", label_w - 6,
                  y + 14);
    svg += buf;
    std::string label =
        b.label.size() > 38 ? "\xE2\x80\xA6" + b.label.substr(b.label.size() - 36) : b.label;
    svg += EscapeHtml(label) + "</text>";
    std::snprintf(buf, sizeof buf,
                  "<rect class=\"bar\" x=\"%g\" y=\"%.1f\" width=\"%.1f\" height=\"%g\" "
                  "data-value=\"%s\" data-label=\"",
                  label_w, y + 3, w, row - 6, FormatNumber(b.value).c_str());
    svg += buf;
    svg += EscapeHtml(b.label) + "\"><title>" + EscapeHtml(b.label) + ": " + FormatNumber(b.value) +
           "</title></rect>";
    std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", label_w + w + 4, y + 14,
                  FormatNumber(b.value).c_str());
    svg += buf;
  }
  svg += "</svg>";
  return svg;
}

std::string HistogramSvg(std::string_view key, std::string_view title,
                         const lint::Distribution& d) {
  std::vector<Bar> bars;
  for (const lint::HistogramBin& b : d.bins) {
    bars.push_back({BinLabel(b), static_cast<double>(b.count)});
  }
  return BarChartSvg(key, title, bars);
}

}  // namespace qbank::report
