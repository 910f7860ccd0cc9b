// `qbank preview`: a lint run, then the site: the index (its pages and data in preview_index.cc),
// one page per kQuestionsPerPage questions of a file, a page per rule that found something, and
// the images the questions show.
#include "commands/preview.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <system_error>
#include <vector>

#include "base/file_system.h"
#include "commands/exit_code.h"
#include "commands/preview_index.h"
#include "commands/process.h"
#include "formats/media_files.h"
#include "markup/html_tree.h"
#include "markup/markdown_html.h"
#include "report/html_page.h"
#include "xml/xml_tree.h"

namespace qbank::commands {
namespace {

using report::EncodeUrlPart;
using report::EscapeHtml;

// Elements kept as they are (with the attributes AllowedAttribute lets through).
const std::set<std::string_view> kKeptElements = {
    "a",     "abbr",  "b",  "blockquote", "br",         "caption", "cite", "code",   "dd",   "del",
    "div",   "dl",    "dt", "em",         "figcaption", "figure",  "h1",   "h2",     "h3",   "h4",
    "h5",    "h6",    "hr", "i",          "img",        "ins",     "kbd",  "li",     "mark", "ol",
    "p",     "pre",   "q",  "s",          "samp",       "small",   "span", "strong", "sub",  "sup",
    "table", "tbody", "td", "tfoot",      "th",         "thead",   "tr",   "u",      "ul",   "var"};
// Elements dropped with everything inside them: their content is code, or a control that would
// act on the page.
const std::set<std::string_view> kDroppedElements = {
    "script",   "style",  "iframe", "object", "embed",  "noscript", "template",
    "textarea", "select", "button", "input",  "form",   "frame",    "frameset",
    "applet",   "svg",    "math",   "link",   "meta",   "base",     "audio",
    "video",    "source", "track",  "canvas", "portal", "title",    "head"};
const std::set<std::string_view> kVoidElements = {"br", "hr", "img"};
constexpr size_t kMaxDepth = 64;

// The scheme of a URL ("javascript", "http"), lower-cased, with the characters browsers skip
// (control characters, white space) left out; "" for a relative URL.
std::string UrlScheme(std::string_view url) {
  std::string cleaned;
  for (char c : url) {
    if (static_cast<unsigned char>(c) > ' ') cleaned += c;
  }
  size_t colon = cleaned.find(':');
  if (colon == std::string::npos) return "";
  size_t stop = cleaned.find_first_of("/?#");
  if (stop != std::string::npos && stop < colon) return "";
  std::string scheme = cleaned.substr(0, colon);
  for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return scheme;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// True for an image the page may show without a request: a data: URL of a raster image.
bool InlineImage(std::string_view src) {
  std::string scheme = UrlScheme(src);
  if (scheme != "data") return false;
  std::string lower(src.substr(0, 20));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return StartsWith(lower, "data:image/png") || StartsWith(lower, "data:image/gif") ||
         StartsWith(lower, "data:image/jpeg") || StartsWith(lower, "data:image/webp");
}

bool LocalPath(std::string_view src) {
  return !src.empty() && UrlScheme(src).empty() && !StartsWith(src, "//") &&
         !StartsWith(src, "\\\\");
}

void AppendSafe(const std::vector<xml::Node>& nodes, const ImageCopier& image, size_t depth,
                std::string& out) {
  for (const xml::Node& node : nodes) {
    if (!node.is_element()) {
      out += EscapeHtml(node.text);
      continue;
    }
    const std::string& name = node.name;
    if (kDroppedElements.count(name) != 0) continue;
    if (kKeptElements.count(name) == 0 || depth >= kMaxDepth) {
      AppendSafe(node.children, image, depth + 1, out);  // unknown: its content only
      continue;
    }
    std::string attributes;
    auto keep = [&](const char* attribute, const std::string& value) {
      attributes += std::string(" ") + attribute + "=\"" + EscapeHtml(value) + "\"";
    };
    if (name == "img") {
      const std::string* src = node.FindAttribute("src");
      std::string alt = node.AttributeOr("alt");
      std::string written;
      if (src != nullptr && InlineImage(*src)) {
        written = *src;
      } else if (src != nullptr && LocalPath(*src) && image) {
        written = image(*src);
      }
      if (written.empty()) {  // a remote or missing image: its alt text, never a request
        if (!alt.empty()) out += "<span class=\"muted\">[" + EscapeHtml(alt) + "]</span>";
        continue;
      }
      keep("src", written);
      keep("alt", alt);
      for (const char* a : {"width", "height", "title"}) {
        if (const std::string* v = node.FindAttribute(a)) keep(a, *v);
      }
    } else if (name == "a") {
      const std::string* href = node.FindAttribute("href");
      if (href != nullptr) {
        std::string scheme = UrlScheme(*href);
        if (scheme.empty() || scheme == "http" || scheme == "https" || scheme == "mailto") {
          keep("href", *href);
          attributes += " rel=\"noopener noreferrer\"";
        }
      }
    } else if (name == "td" || name == "th") {
      for (const char* a : {"colspan", "rowspan"}) {
        if (const std::string* v = node.FindAttribute(a)) keep(a, *v);
      }
    } else if (name == "ol") {
      if (const std::string* v = node.FindAttribute("start")) keep("start", *v);
    }
    if (const std::string* title = node.FindAttribute("title"); title != nullptr && name != "img") {
      keep("title", *title);
    }
    out += '<';
    out += name;
    out += attributes;
    out += '>';
    if (kVoidElements.count(name) != 0) continue;
    AppendSafe(node.children, image, depth + 1, out);
    out += "</" + name + ">";
  }
}

std::string SanitizeHtml(std::string_view html, const ImageCopier& image) {
  std::string out;
  AppendSafe(markup::ParseHtmlFragment(html), image, 0, out);
  return out;
}

// Plain text: escaped, paragraphs at blank lines, other line breaks kept.
std::string PlainHtml(std::string_view text) {
  std::string out = "<p>";
  size_t newlines = 0;
  for (char c : text) {
    if (c == '\r') continue;
    if (c == '\n') {
      ++newlines;
      continue;
    }
    if (newlines == 1) out += "<br>";
    if (newlines >= 2) out += "</p><p>";
    newlines = 0;
    out += c;
  }
  std::string escaped;
  // Escape the text between the tags written above.
  size_t at = 0;
  while (at < out.size()) {
    size_t tag = std::min({out.find("<p>", at), out.find("</p><p>", at), out.find("<br>", at)});
    if (tag == std::string::npos) tag = out.size();
    escaped += EscapeHtml(std::string_view(out).substr(at, tag - at));
    if (tag == out.size()) break;
    size_t len = out.compare(tag, 7, "</p><p>") == 0 ? 7 : out.compare(tag, 4, "<br>") == 0 ? 4 : 3;
    escaped += out.substr(tag, len);
    at = tag + len;
  }
  return escaped + "</p>";
}

// --- The site -------------------------------------------------------------------------------

constexpr std::string_view kQuestionScript = R"js(
(function () {
  function toggle(b, open) {
    var target = document.getElementById(b.getAttribute('aria-controls'));
    if (open === undefined) open = b.getAttribute('aria-expanded') !== 'true';
    b.setAttribute('aria-expanded', open ? 'true' : 'false');
    target.hidden = !open;
    if (b.dataset.toggle === 'answer') {
      b.closest('article').classList.toggle('revealed', open);
      b.textContent = open ? 'Hide answer' : 'Show answer';
    } else {
      b.textContent = (open ? 'Hide findings' : 'Show findings') + ' (' + b.dataset.count + ')';
    }
  }
  document.addEventListener('click', function (e) {
    var b = e.target.closest('button[data-toggle]');
    if (b) toggle(b);
  });
  var articles = Array.prototype.slice.call(document.querySelectorAll('article.question'));
  function current() {
    var a = document.activeElement && document.activeElement.closest &&
      document.activeElement.closest('article.question');
    if (a) return a;
    var best = articles[0];
    articles.forEach(function (x) { if (x.getBoundingClientRect().top <= 80) best = x; });
    return best;
  }
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA') return;
    var a = current();
    if (!a) return;
    var i = articles.indexOf(a), next = null;
    if (e.key === 'j' || e.key === 'n') next = articles[Math.min(i + 1, articles.length - 1)];
    else if (e.key === 'k' || e.key === 'p') next = articles[Math.max(i - 1, 0)];
    else if (e.key === 'a') { toggle(a.querySelector('button[data-toggle=answer]')); }
    else if (e.key === 'f') {
      var f = a.querySelector('button[data-toggle=findings]');
      if (f) toggle(f);
    } else return;
    e.preventDefault();
    if (next) { next.focus(); next.scrollIntoView({block: 'start'}); }
  });
  if (location.hash) {
    // Anchors are the ids percent-encoded (report/html_page.h EncodeUrlPart), as the links write them.
    var target = document.getElementById(location.hash.slice(1));
    if (target) target.focus();
  }
})();
)js";

// The head and site header of every page; `root` leads from the page to the site folder.
// `site_scripts`: the page loads the site's own script files (the index's data), so the policy
// lets scripts come from the site's folder too.
std::string PageStart(std::string_view title, std::string_view root, std::string_view bank_title,
                      bool site_scripts = false) {
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      // Nothing may be fetched but the site's own images: no script, style or frame from
      // anywhere, and no request the bank's content could make.
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src " +
      std::string(site_scripts ? "'self' " : "") +
      "'unsafe-inline'; img-src 'self' data:; "
      "form-action 'none'; base-uri 'none'\">"
      "<meta name=\"referrer\" content=\"no-referrer\">"
      "<title>" +
      EscapeHtml(title) + "</title><style>";
  html += report::PageStyle();
  html +=
      "</style></head><body>\n<a class=\"skip\" href=\"#main\">Skip to the content</a>\n"
      "<header class=\"site\"><h1><a href=\"" +
      std::string(root) + "index.html\">" + EscapeHtml(bank_title) +
      "</a></h1><nav aria-label=\"Site\"><a href=\"" + std::string(root) +
      "index.html\">All questions</a></nav></header>\n";
  return html;
}

std::string PageEnd(std::string_view script) {
  return "<script>" + std::string(script) + "</script>\n</body></html>\n";
}

// The stem as one line of plain text for the index (markup left as written, shortened).
std::string Excerpt(std::string_view stem) {
  std::string flat;
  bool space = false;
  for (char c : stem) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !flat.empty();
      continue;
    }
    if (space) flat += ' ';
    space = false;
    flat += c;
  }
  if (flat.size() > 180) {
    size_t cut = 177;
    while (cut > 0 && (static_cast<unsigned char>(flat[cut]) & 0xC0) == 0x80) --cut;
    flat = flat.substr(0, cut) + "\xE2\x80\xA6";
  }
  return flat;
}

struct Site {
  FileSystem* fs = nullptr;
  const model::Bank* bank = nullptr;
  std::string dir;  // the output folder, no trailing slash
  std::string title;
  std::vector<std::string> pages;                           // by question index
  std::vector<std::vector<const lint::Finding*>> findings;  // by question index
  std::map<std::string, std::string> copied;                // image source path -> media/ name
  std::set<std::string> rules_found;
  std::vector<const lint::Finding*> bank_findings;  // on the bank or a file, not one question
  std::vector<std::string> warnings;
};

// Writes picture `bytes` into media/ once under `key`, named after `name` made safe; returns its
// src from a page in q/, "" when it cannot be written (a warning says why).
std::string WritePicture(Site& site, const std::string& key, std::string_view name,
                         const std::function<Result<std::string>()>& bytes) {
  auto [it, added] = site.copied.try_emplace(key);
  if (added) {
    Result<std::string> content = bytes();
    if (!content.ok()) {
      site.warnings.push_back(content.status().message());
      return "";
    }
    // A number first keeps two pictures of one name apart; the rest is the name's last part with
    // only letters, digits, '.', '-' and '_' (never a folder, "..", a scheme or a query).
    std::string file = std::to_string(site.copied.size()) + "-" + formats::SafeMediaName(name);
    Status written = site.fs->WriteFileAtomic(site.dir + "/media/" + file, *content);
    if (!written.ok()) {
      site.warnings.push_back(written.ToString());
      return "";
    }
    it->second = file;
  }
  return it->second.empty() ? "" : "../media/" + it->second;
}

// The src for the local image `src` of question `index`: the picture the question keeps under
// that path in extensions.media (formats/media_files.h: a .docx's or a package's picture), else
// the file at that path beside the question's source file; copied into media/ once. "" when
// there is neither.
std::string CopyImage(Site& site, size_t index, std::string_view src) {
  const model::Question& q = site.bank->questions[index];
  std::string relative(src);
  if (size_t cut = relative.find_first_of("?#"); cut != std::string::npos) relative.resize(cut);
  if (q.extensions.Find(std::string(formats::kMediaKey)) != nullptr) {
    for (formats::MediaFile& kept : formats::MediaFiles(q)) {
      if (kept.path != relative && kept.path != formats::PercentDecode(relative)) continue;
      std::string key = "#" + std::to_string(index) + " " + kept.path;
      return WritePicture(site, key, kept.path,
                          [&]() -> Result<std::string> { return std::move(kept.bytes); });
    }
  }
  std::filesystem::path from =
      std::filesystem::path(site.bank->SourcePath(q.span.file)).parent_path() / relative;
  std::string key = from.lexically_normal().generic_string();
  return WritePicture(site, key, key, [&]() -> Result<std::string> {
    Result<std::string> bytes = site.fs->ReadFile(key);
    if (!bytes.ok()) {
      return Status::NotFound("image " + key + " not found; its alt text is shown");
    }
    return bytes;
  });
}

std::string Field(Site& site, size_t index, std::string_view text) {
  return SafeFieldHtml(text, site.bank->questions[index].markup,
                       [&](std::string_view src) { return CopyImage(site, index, src); });
}

// A finding as a list item, its rule linked to the site's page of it (`root` leads to the site).
std::string FindingItem(const lint::Finding& f, std::string_view root) {
  std::string severity(lint::SeverityName(f.severity));
  std::string html = "<li><span class=\"sev sev-" + severity + "\">" + severity +
                     "</span> <a href=\"" + std::string(root) + "rules/" +
                     EncodeUrlPart(f.rule_id) + ".html\">" + EscapeHtml(f.rule_id) + "</a>";
  if (f.span.line > 0) html += " line " + std::to_string(f.span.line);
  return html + ": " + EscapeHtml(f.message) + "</li>";
}

void AppendQuestion(Site& site, size_t index, std::string& html) {
  const model::Question& q = site.bank->questions[index];
  const std::string id = q.id.empty() ? "q" + std::to_string(index + 1) : q.id.value;
  const std::string anchor = EscapeHtml(EncodeUrlPart(id));
  const std::string& file = site.bank->SourcePath(q.span.file);
  html += "<article class=\"question\" id=\"" + anchor + "\" tabindex=\"-1\" aria-labelledby=\"h-" +
          anchor + "\">\n<h2 id=\"h-" + anchor + "\">" + EscapeHtml(id);
  if (!q.domain->empty()) html += " \xC2\xB7 " + EscapeHtml(q.domain->value);
  html += " \xC2\xB7 " + EscapeHtml(model::QuestionTypeName(q.type)) + " \xC2\xB7 " +
          EscapeHtml(file) + ":" + std::to_string(q.span.line) + "</h2>\n";
  if (!q.exam->empty()) html += "<p class=\"meta\">" + EscapeHtml(q.exam->value) + "</p>";
  html += "<div class=\"stem\">" + Field(site, index, q.stem.value) + "</div>\n";
  if (!q.trap->empty()) {
    html += "<div class=\"trap\"><strong>\xE2\x9A\xA0 Common exam trap</strong>" +
            Field(site, index, q.trap->value) + "</div>\n";
  }
  std::vector<size_t> keys = q.KeyIndexes();
  if (!q.options.empty()) {
    html += "<ol class=\"options\" aria-label=\"Answer choices\">\n";
    for (size_t i = 0; i < q.options.size(); ++i) {
      const model::Option& o = q.options[i];
      bool key = o.correct;
      html += std::string("<li class=\"") + (key ? "key" : "wrong") + "\"><span class=\"letter\">" +
              model::OptionLetter(i) + "</span><div>" + Field(site, index, o.text.value);
      html += "<div class=\"rationale\" data-answer><span class=\"mark\" aria-hidden=\"true\">" +
              std::string(key ? "\xE2\x9C\x93" : "\xE2\x9C\x97") + "</span> <span class=\"why\">" +
              (key ? "Why this is correct" : "Why it's wrong here") + "</span>";
      if (!o.rationale->empty()) html += Field(site, index, o.rationale->value);
      html += "</div></div></li>\n";
    }
    html += "</ol>\n";
  }
  html +=
      "<div class=\"controls-row\"><button type=\"button\" class=\"action\" "
      "data-toggle=\"answer\" aria-expanded=\"false\" aria-controls=\"ans-" +
      anchor + "\">Show answer</button>";
  const std::vector<const lint::Finding*>& found = site.findings[index];
  if (!found.empty()) {
    html +=
        "<button type=\"button\" class=\"action secondary\" data-toggle=\"findings\" "
        "data-count=\"" +
        std::to_string(found.size()) +
        "\" aria-expanded=\"false\" "
        "aria-controls=\"fin-" +
        anchor + "\">Show findings (" + std::to_string(found.size()) + ")</button>";
  }
  html +=
      "</div>\n<section class=\"answer\" id=\"ans-" + anchor + "\" hidden aria-label=\"Answer\">";
  std::string letters;
  for (size_t k : keys) letters += (letters.empty() ? "" : ", ") + model::OptionLetter(k);
  html += "<p class=\"correct\">Correct answer: " +
          (letters.empty() ? std::string("none marked") : letters) + "</p>";
  if (!q.explanation.empty()) {
    html += "<div class=\"explanation\">" + Field(site, index, q.explanation.value) + "</div>";
  }
  html += "</section>\n";
  if (!found.empty()) {
    html +=
        "<section class=\"findings-list\" id=\"fin-" + anchor +
        "\" hidden aria-label=\"Lint findings\"><strong>Lint findings for the writer</strong><ul>";
    for (const lint::Finding* f : found) html += FindingItem(*f, "../");
    html += "</ul></section>\n";
  }
  std::string byline;
  for (const model::Person& p : q.authors) {
    std::string name = p.name.empty() ? p.initials.value : p.name.value;
    if (!p.credentials.empty()) name += ", " + p.credentials.value;
    byline += (byline.empty() ? "Written by " : "; ") + name;
  }
  if (!q.review->date.empty()) {
    byline +=
        (byline.empty() ? "" : " \xC2\xB7 ") + std::string("Last reviewed ") + q.review->date.value;
    if (!q.review->checked_against.empty())
      byline += ", checked against " + q.review->checked_against.value;
  }
  if (!byline.empty()) html += "<p class=\"byline\">" + EscapeHtml(byline) + "</p>\n";
  html += "</article>\n";
}

Status WriteQuestionPages(Site& site) {
  // Pages in the order their first question comes; questions in bank order.
  std::vector<std::string> order;
  std::map<std::string, std::vector<size_t>> members;
  for (size_t i = 0; i < site.pages.size(); ++i) {
    auto [it, added] = members.try_emplace(site.pages[i]);
    if (added) order.push_back(site.pages[i]);
    it->second.push_back(i);
  }
  for (size_t p = 0; p < order.size(); ++p) {
    const std::vector<size_t>& indexes = members[order[p]];
    const std::string& file = site.bank->SourcePath(site.bank->questions[indexes[0]].span.file);
    std::string html = PageStart(file + " \xE2\x80\x93 " + site.title, "../", site.title);
    html +=
        "<main id=\"main\"><p class=\"keys-help muted\">Keys: <kbd>j</kbd>/<kbd>k</kbd> next "
        "and previous question, <kbd>a</kbd> show the answer, <kbd>f</kbd> the findings.</p>\n";
    auto link = [&](size_t other, const char* rel, const char* text) {
      std::string name = order[other].substr(2);  // without "q/"
      return std::string("<a rel=\"") + rel + "\" href=\"" + EscapeHtml(name) + "\">" + text +
             "</a>";
    };
    std::string pager = "<nav class=\"pager\" aria-label=\"Pages\"><span>";
    if (p > 0) pager += link(p - 1, "prev", "\xE2\x86\x90 Previous page");
    pager += "</span><span class=\"muted\">" + EscapeHtml(file) + "</span><span>";
    if (p + 1 < order.size()) pager += link(p + 1, "next", "Next page \xE2\x86\x92");
    pager += "</span></nav>\n";
    html += pager;
    for (size_t i : indexes) AppendQuestion(site, i, html);
    html += pager + "</main>\n" + PageEnd(kQuestionScript);
    if (Status s = site.fs->WriteFileAtomic(site.dir + "/" + order[p], html); !s.ok()) return s;
  }
  return Status::Ok();
}

Status WriteIndex(Site& site) {
  const model::Bank& bank = *site.bank;
  std::vector<IndexEntry> entries(bank.questions.size());
  std::set<std::string> files;
  size_t with_findings = 0;
  for (size_t i = 0; i < bank.questions.size(); ++i) {
    const model::Question& q = bank.questions[i];
    IndexEntry& e = entries[i];
    e.id = q.id.empty() ? "q" + std::to_string(i + 1) : q.id.value;
    e.excerpt = Excerpt(q.stem.value);
    e.domain = q.domain->empty() ? "(none)" : q.domain->value;
    e.type = model::QuestionTypeName(q.type);
    e.file = bank.SourcePath(q.span.file);
    e.page = site.pages[i];
    e.findings = site.findings[i].size();
    files.insert(e.file);
    with_findings += e.findings > 0;
  }
  Result<std::vector<std::string>> data = WriteIndexData(*site.fs, site.dir, entries);
  if (!data.ok()) return data.status();
  std::string html = PageStart(site.title, "", site.title, true);
  html += "<main id=\"main\" class=\"wide\">\n<p>" + std::to_string(bank.questions.size()) +
          (bank.questions.size() == 1 ? " question in " : " questions in ") +
          std::to_string(files.size()) + (files.size() == 1 ? " file; " : " files; ") +
          std::to_string(with_findings) +
          " with lint findings. Press <kbd>/</kbd> to search.</p>\n";
  if (!site.bank_findings.empty()) {
    html +=
        "<section class=\"findings-list\" aria-labelledby=\"bank-findings\"><h2 "
        "id=\"bank-findings\">Findings on the bank as a whole</h2><ul>";
    for (const lint::Finding* f : site.bank_findings) html += FindingItem(*f, "");
    html += "</ul></section>\n";
  }
  html += IndexListHtml(entries, *data) + "</main>\n" + PageEnd(IndexScript());
  return site.fs->WriteFileAtomic(site.dir + "/index.html", html);
}

Status WriteRulePages(Site& site, const std::string& data_dir) {
  for (const std::string& id : site.rules_found) {
    std::string html = PageStart(id + " \xE2\x80\x93 " + site.title, "../", site.title);
    html += "<main id=\"main\" class=\"doc\">";
    std::string doc = data_dir;
    doc.append("/rules/").append(id).append(".md");
    Result<std::string> page = site.fs->ReadFile(doc);
    if (page.ok()) {
      html += SanitizeHtml(markup::RenderMarkdown(*page, false), nullptr);
    } else {
      html += "<h1>" + EscapeHtml(id) + "</h1><p>This rule has no documentation page.</p>";
    }
    html += "</main>\n" + PageEnd("");
    if (Status s =
            site.fs->WriteFileAtomic(site.dir + "/rules/" + EncodeUrlPart(id) + ".html", html);
        !s.ok()) {
      return s;
    }
  }
  return Status::Ok();
}

// --open: the first of xdg-open and sensible-browser that starts.
void OpenInBrowser(const std::string& index, std::ostream& err) {
  for (const char* program : {"xdg-open", "sensible-browser"}) {
    Result<ProcessOutput> run = RunProcess({program, index});
    if (run.ok() && run->exit_code == 0) return;
  }
  err << "qbank preview: no browser could be started (xdg-open, sensible-browser); open " << index
      << "\n";
}

}  // namespace

std::string SafeFieldHtml(std::string_view text, model::Markup markup, const ImageCopier& image) {
  switch (markup) {
    case model::Markup::kMarkdown:
      return SanitizeHtml(markup::RenderMarkdown(text, false), image);
    case model::Markup::kHtml:
      return SanitizeHtml(text, image);
    case model::Markup::kPlain:
      break;
  }
  return PlainHtml(text);
}

int RunPreview(const PreviewOptions& options, std::ostream& out, std::ostream& err) {
  if (options.output_dir.empty()) {
    err << "qbank preview: expected -o DIR, the folder to write the site to\n";
    return kExitError;
  }
  Result<LintOutcome> linted = LintForView(options.lint, err);
  if (!linted.ok()) {
    err << "qbank preview: " << linted.status().ToString() << "\n";
    return kExitError;
  }
  LintOutcome& outcome = linted.value();
  Site site;
  site.fs = options.lint.fs != nullptr ? options.lint.fs : &RealFileSystem();
  site.bank = outcome.bank.get();
  site.dir = options.output_dir;
  while (site.dir.size() > 1 && site.dir.back() == '/') site.dir.pop_back();
  site.title = site.bank->title.empty() ? "Question bank preview" : site.bank->title.value;
  site.pages = report::PreviewPages(*site.bank);
  site.findings.resize(site.bank->questions.size());
  for (const lint::Finding& f : outcome.findings) {
    site.rules_found.insert(f.rule_id);
    if (f.question_index < site.findings.size()) {
      site.findings[f.question_index].push_back(&f);
    } else {
      site.bank_findings.push_back(&f);
    }
  }
  if (options.lint.fs == nullptr) {
    std::error_code ec;
    for (const char* sub : {"/q", "/rules", "/media", "/index"}) {
      std::filesystem::create_directories(site.dir + sub, ec);
      if (ec) {
        err << "qbank preview: cannot make " << site.dir << sub << ": " << ec.message() << "\n";
        return kExitError;
      }
    }
  }
  Status written = WriteQuestionPages(site);
  if (written.ok()) written = WriteIndex(site);
  if (written.ok()) written = WriteRulePages(site, outcome.data_dir);
  if (!written.ok()) {
    err << "qbank preview: " << written.ToString() << "\n";
    return kExitError;
  }
  for (const std::string& w : site.warnings) err << "qbank preview: warning: " << w << "\n";
  std::string index = site.dir + "/index.html";
  out << "qbank preview: wrote " << site.bank->questions.size() << " questions to " << index
      << "\n";
  if (options.open) OpenInBrowser(index, err);
  return outcome.import_failed ? kExitError : kExitOk;
}

}  // namespace qbank::commands
