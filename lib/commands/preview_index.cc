// The preview site's paged index (commands/preview_index.h): the rows as JavaScript data files,
// the first page as HTML, and the script that searches, filters and pages over all of them.
#include "commands/preview_index.h"

#include <algorithm>
#include <map>
#include <set>

#include "json/document.h"
#include "report/html_page.h"

namespace qbank::commands {
namespace {

using report::EncodeUrlPart;
using report::EscapeHtml;

// The row as HTML, as the script draws it (IndexScript's `draw`).
std::string RowHtml(const IndexEntry& e) {
  std::string html = "<li data-domain=\"" + EscapeHtml(e.domain) + "\" data-type=\"" +
                     EscapeHtml(e.type) + "\" data-file=\"" + EscapeHtml(e.file) +
                     "\" data-findings=\"" + std::to_string(e.findings) + "\"><a href=\"" +
                     EscapeHtml(e.page) + "#" + EscapeHtml(EncodeUrlPart(e.id)) + "\">" +
                     EscapeHtml(e.excerpt) + "</a><div class=\"meta\">";
  for (const std::string* tag : {&e.id, &e.domain, &e.type, &e.file}) {
    html += "<span class=\"tag\">" + EscapeHtml(*tag) + "</span>";
  }
  if (e.findings > 0) {
    html += "<span class=\"tag findings\">" + std::to_string(e.findings) +
            (e.findings == 1 ? " finding" : " findings") + "</span>";
  }
  return html + "</div></li>\n";
}

// Each distinct value of a field once, sorted, and every entry's place in that list.
struct Table {
  std::vector<std::string> values;
  std::map<std::string, size_t> place;
};

Table MakeTable(const std::vector<IndexEntry>& entries, std::string IndexEntry::*field) {
  Table table;
  std::set<std::string> values;
  for (const IndexEntry& e : entries) values.insert(e.*field);
  table.values.assign(values.begin(), values.end());
  for (size_t i = 0; i < table.values.size(); ++i) table.place[table.values[i]] = i;
  return table;
}

void AppendArray(const std::vector<std::string>& values, std::string& out) {
  out += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    json::AppendQuoted(values[i], out);
  }
  out += ']';
}

// The <select> options of a filter: "all", then every value.
std::string Options(const std::vector<std::string>& values) {
  std::string html = "<option value=\"\">all</option>";
  for (const std::string& v : values) {
    html += "<option value=\"" + EscapeHtml(v) + "\">" + EscapeHtml(v) + "</option>";
  }
  return html;
}

struct Tables {
  Table domains, types, files, pages;
};

Tables MakeTables(const std::vector<IndexEntry>& entries) {
  return {MakeTable(entries, &IndexEntry::domain), MakeTable(entries, &IndexEntry::type),
          MakeTable(entries, &IndexEntry::file), MakeTable(entries, &IndexEntry::page)};
}

// IndexScript's text.
constexpr std::string_view kIndexScript = R"js(
(function () {
  var tables = JSON.parse(document.getElementById('index-tables').textContent);
  var rows = window.qbankIndexRows || [];
  var list = document.getElementById('questions');
  var search = document.getElementById('search');
  var domain = document.getElementById('domain');
  var type = document.getElementById('type');
  var file = document.getElementById('file');
  var findings = document.getElementById('has-findings');
  var count = document.getElementById('count');
  var pager = document.getElementById('index-pager');
  var prev = document.getElementById('index-prev');
  var next = document.getElementById('index-next');
  var pageLabel = document.getElementById('index-page');
  var size = tables.pageRows, page = 0, matches = [], text = null;
  // Row fields: 0 id, 1 excerpt, 2 domain, 3 type, 4 file, 5 findings, 6 page, 7 anchor.
  function haystack() {
    if (text === null) {
      text = rows.map(function (r) {
        return (r[1] + ' ' + r[0] + ' ' + tables.domains[r[2]] + ' ' + tables.types[r[3]] + ' ' +
          tables.files[r[4]]).toLowerCase();
      });
    }
    return text;
  }
  function element(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }
  function draw(r) {
    var li = document.createElement('li');
    li.dataset.domain = tables.domains[r[2]];
    li.dataset.type = tables.types[r[3]];
    li.dataset.file = tables.files[r[4]];
    li.dataset.findings = String(r[5]);
    var a = element('a', '', r[1]);
    a.setAttribute('href', tables.pages[r[6]] + '#' + (r.length > 7 ? r[7] : r[0]));
    li.appendChild(a);
    var meta = element('div', 'meta');
    [r[0], li.dataset.domain, li.dataset.type, li.dataset.file].forEach(function (t) {
      meta.appendChild(element('span', 'tag', t));
    });
    if (r[5] > 0) meta.appendChild(element('span', 'tag findings', r[5] + (r[5] === 1 ? ' finding' : ' findings')));
    li.appendChild(meta);
    return li;
  }
  function show() {
    var pages = Math.max(1, Math.ceil(matches.length / size));
    page = Math.min(page, pages - 1);
    var from = page * size, to = Math.min(matches.length, from + size);
    var fragment = document.createDocumentFragment();
    for (var i = from; i < to; i++) fragment.appendChild(draw(rows[matches[i]]));
    list.replaceChildren(fragment);
    var all = matches.length === rows.length && rows.length === tables.total;
    count.textContent = (matches.length === 0 ? 'No question matches' :
      'Questions ' + (from + 1) + ' to ' + to + ' of ' + matches.length +
      (all ? '' : ' shown (of ' + tables.total + ')')) +
      (rows.length === tables.total ? '' : '; only ' + rows.length + ' of ' + tables.total +
        ' questions could be loaded (a file of index/ is missing)');
    count.dataset.shown = String(matches.length);
    count.dataset.loaded = String(rows.length);
    pager.hidden = pages < 2;
    pageLabel.textContent = 'Page ' + (page + 1) + ' of ' + pages;
    prev.hidden = page === 0;
    next.hidden = page + 1 >= pages;
  }
  function apply() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var d = domain.value ? tables.domains.indexOf(domain.value) : -1;
    var t = type.value ? tables.types.indexOf(type.value) : -1;
    var f = file.value ? tables.files.indexOf(file.value) : -1;
    var hay = words.length ? haystack() : null;
    matches = [];
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      if ((d < 0 || r[2] === d) && (t < 0 || r[3] === t) && (f < 0 || r[4] === f) &&
          (!findings.checked || r[5] > 0) &&
          words.every(function (w) { return hay[i].indexOf(w) >= 0; })) {
        matches.push(i);
      }
    }
    page = 0;
    show();
  }
  function turn(by) {
    page += by;
    show();
    list.scrollIntoView({block: 'nearest'});
  }
  prev.addEventListener('click', function () { turn(-1); });
  next.addEventListener('click', function () { turn(1); });
  // Typing waits for a pause, so a bank of thousands is filtered once, not at every key.
  var timer = null;
  search.addEventListener('input', function () {
    clearTimeout(timer);
    if (rows.length > 2000) timer = setTimeout(apply, 200); else apply();
  });
  [domain, type, file, findings].forEach(function (e) { e.addEventListener('change', apply); });
  document.addEventListener('keydown', function (e) {
    if (e.key === '/' && document.activeElement !== search) { e.preventDefault(); search.focus(); }
  });
  apply();
})();
)js";

}  // namespace

std::string IndexListHtml(const std::vector<IndexEntry>& entries,
                          const std::vector<std::string>& data_files) {
  Tables t = MakeTables(entries);
  std::string html =
      "<form class=\"controls\" role=\"search\" onsubmit=\"return false\">"
      "<label>Search<input type=\"search\" id=\"search\" placeholder=\"words in the stem or "
      "id\"></label>"
      "<label>Domain<select id=\"domain\">" +
      Options(t.domains.values) +
      "</select></label>"
      "<label>Type<select id=\"type\">" +
      Options(t.types.values) +
      "</select></label>"
      "<label>File<select id=\"file\">" +
      Options(t.files.values) +
      "</select></label>"
      "<label class=\"check\"><input type=\"checkbox\" id=\"has-findings\"> has findings"
      "</label></form>\n<p id=\"count\" class=\"muted\" aria-live=\"polite\">";
  size_t first = std::min(entries.size(), kIndexPageRows);
  html += "Questions 1 to " + std::to_string(first) + " of " + std::to_string(entries.size());
  html += "</p>\n<ul class=\"questions\" id=\"questions\">\n";
  for (size_t i = 0; i < first; ++i) html += RowHtml(entries[i]);
  html += "</ul>\n";
  if (entries.size() > first) {
    html +=
        "<noscript><p>Searching, filtering and the other pages of this list need JavaScript; "
        "without it, the pager at the foot of each question page leads through every "
        "question.</p></noscript>\n";
  }
  // Hidden until the script knows there is more than one page.
  html +=
      "<nav class=\"pager\" id=\"index-pager\" aria-label=\"Pages of the list\" hidden>"
      "<span><button type=\"button\" class=\"action secondary\" id=\"index-prev\">"
      "\xE2\x86\x90 Previous</button></span><span id=\"index-page\" class=\"muted\"></span>"
      "<span><button type=\"button\" class=\"action secondary\" id=\"index-next\">Next "
      "\xE2\x86\x92</button></span></nav>\n";
  // The tables are JSON data, not script: the page's policy lets no inline data run. "</" is
  // written "<\/" so no value can end the element.
  std::string tables = "{\"total\":" + std::to_string(entries.size()) +
                       ",\"pageRows\":" + std::to_string(kIndexPageRows) + ",\"domains\":";
  AppendArray(t.domains.values, tables);
  tables += ",\"types\":";
  AppendArray(t.types.values, tables);
  tables += ",\"files\":";
  AppendArray(t.files.values, tables);
  tables += ",\"pages\":";
  AppendArray(t.pages.values, tables);
  tables += '}';
  // "</" becomes "<\/" so the JSON cannot close its script element (built by appending: GCC 12's
  // false -Wrestrict at -O3 fires on string::insert here).
  std::string escaped;
  escaped.reserve(tables.size() + tables.size() / 16);
  for (size_t i = 0; i < tables.size(); ++i) {
    escaped += tables[i];
    if (tables[i] == '<' && i + 1 < tables.size() && tables[i + 1] == '/') escaped += '\\';
  }
  html += "<script type=\"application/json\" id=\"index-tables\">";
  html += escaped;
  html += "</script>\n";
  for (const std::string& name : data_files) {
    html += "<script src=\"" + EscapeHtml(name) + "\"></script>\n";
  }
  return html;
}

Result<std::vector<std::string>> WriteIndexData(FileSystem& fs, const std::string& dir,
                                                const std::vector<IndexEntry>& entries) {
  Tables t = MakeTables(entries);
  std::vector<std::string> names;
  for (size_t start = 0; start < entries.size(); start += kIndexChunkRows) {
    size_t end = std::min(entries.size(), start + kIndexChunkRows);
    // A row: [id, excerpt, domain, type, file, findings, page], the last four as places in the
    // tables of index.html, and the anchor when it is not the id itself.
    std::string js =
        "// Rows of the question index (qbank preview).\n"
        "(window.qbankIndexRows = window.qbankIndexRows || []).push(\n";
    for (size_t i = start; i < end; ++i) {
      const IndexEntry& e = entries[i];
      js += '[';
      json::AppendQuoted(e.id, js);
      js += ',';
      json::AppendQuoted(e.excerpt, js);
      js += ',' + std::to_string(t.domains.place[e.domain]) + ',' +
            std::to_string(t.types.place[e.type]) + ',' + std::to_string(t.files.place[e.file]) +
            ',' + std::to_string(e.findings) + ',' + std::to_string(t.pages.place[e.page]);
      if (std::string anchor = EncodeUrlPart(e.id); anchor != e.id) {
        js += ',';
        json::AppendQuoted(anchor, js);
      }
      js += i + 1 < end ? "],\n" : "]);\n";
    }
    std::string name = "index/rows-" + std::to_string(names.size() + 1) + ".js";
    std::string path = dir;
    path += '/';
    path += name;
    if (Status s = fs.WriteFileAtomic(path, js); !s.ok()) return s;
    names.push_back(std::move(name));
  }
  return names;
}

std::string_view IndexScript() { return kIndexScript; }

}  // namespace qbank::commands
