// layout: a line diff of each file against fmt's canonical form of it.
#include "lint/rules/house_style/layout.h"

#include <algorithm>
#include <set>

#include "base/line_diff.h"
#include "base/utf8_text.h"

namespace qbank::lint {
namespace {

// The lines of `text` without their line breaks.
std::vector<std::string_view> LinesOf(std::string_view text) {
  std::vector<std::string_view> lines = SplitLinesWithEnds(text);
  for (std::string_view& line : lines) {
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  }
  return lines;
}

// The lines of `text` that are not blank.
std::vector<std::string_view> FilledLines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::string_view line : LinesOf(text)) {
    if (!IsBlank(line)) lines.push_back(line);
  }
  return lines;
}

// True when `a` and `b` have as many lines and each pair is equal once `trim` is applied.
template <typename Trim>
bool SameLines(std::string_view a, std::string_view b, Trim trim) {
  std::vector<std::string_view> x = LinesOf(a), y = LinesOf(b);
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (trim(x[i]) != trim(y[i])) return false;
  }
  return true;
}

// `text` without white space at all (line breaks included).
std::string WithoutWhiteSpace(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (!IsBlank(c)) out += c;
  }
  return out;
}

// The first word of a line ("A)", "a.", "-", "~").
std::string_view LabelOf(std::string_view line) {
  line = Trim(line);
  size_t end = line.find(' ');
  return end == std::string_view::npos ? line : line.substr(0, end);
}

bool LooksLikeLabel(std::string_view word) {
  if (word.empty() || word.size() > 4) return false;
  char last = word.back();
  return last == ')' || last == '.' || last == ':' || word == "-" || word == "*" || word == "=" ||
         word == "~";
}

// True when the lines differ only in their first word and each such word is a label.
bool OnlyLabelsDiffer(std::string_view a, std::string_view b) {
  std::vector<std::string_view> x = LinesOf(a), y = LinesOf(b);
  if (x.size() != y.size()) return false;
  bool any = false;
  for (size_t i = 0; i < x.size(); ++i) {
    std::string_view lx = LabelOf(x[i]), ly = LabelOf(y[i]);
    std::string_view rest_x = Trim(Trim(x[i]).substr(lx.size()));
    std::string_view rest_y = Trim(Trim(y[i]).substr(ly.size()));
    if (rest_x != rest_y) return false;
    if (lx == ly) continue;
    if (!LooksLikeLabel(lx) || !LooksLikeLabel(ly)) return false;
    any = true;
  }
  return any;
}

// The first byte at which `a` and `b` differ (the size of the shorter when one starts the other).
size_t FirstDifference(std::string_view a, std::string_view b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

}  // namespace

std::string_view LayoutDifference(std::string_view before, std::string_view after) {
  if (FilledLines(before) == FilledLines(after)) return "blank lines differ";
  if (SameLines(before, after, [](std::string_view l) { return TrimRight(l); })) {
    return "trailing white space differs";
  }
  if (SameLines(before, after, [](std::string_view l) { return Trim(l); })) {
    return "indentation differs";
  }
  if (OnlyLabelsDiffer(before, after)) return "label style differs";
  if (WithoutWhiteSpace(before) == WithoutWhiteSpace(after)) return "spacing differs";
  return "layout differs";
}

Status LayoutRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(options, {}));
  canonical_form_ = env.canonical_form();
  return Status::Ok();
}

void LayoutRule::CheckBank(const LintContext& ctx, std::span<const size_t> indexes,
                           Reporter& reporter) const {
  if (!canonical_form_) return;
  std::set<uint32_t> files;
  for (size_t index : indexes) {
    uint32_t file = ctx.bank->questions[index].span.file;
    if (file < ctx.bank->sources.size()) files.insert(file);
  }
  for (uint32_t file : files) {
    const SourceText& source = *ctx.bank->sources[file];
    std::optional<std::string> canonical = canonical_form_(source);
    if (!canonical.has_value()) continue;
    std::string_view text = source.content();
    for (const LineHunk& h : DiffLines(text, *canonical)) {
      std::string_view before = text.substr(h.before_begin, h.before_end - h.before_begin);
      std::string_view after =
          std::string_view(*canonical).substr(h.after_begin, h.after_end - h.after_begin);
      std::string message = std::string(LayoutDifference(before, after)) + " from `qbank fmt`";
      size_t at = h.before_begin + FirstDifference(before, after);
      SourceSpan span = source.SpanOf(at, std::max(at, h.before_end), file);
      // The fingerprint holds both sides, so a baseline entry stays with this one change.
      Finding& finding = reporter.ReportBank(
          span, "", std::string(before) + "\n>>\n" + std::string(after), std::move(message));
      finding.fix = Fix{file, h.before_begin, h.before_end, std::string(after)};
    }
  }
}

}  // namespace qbank::lint
