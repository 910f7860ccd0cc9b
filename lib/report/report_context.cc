// Rule descriptions with their doc pages, repo-relative file names and UTF-8 repair for the CI
// report writers.
#include "report/report_context.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <set>
#include <system_error>

#include "base/utf8_text.h"
#include "lint/category.h"

namespace qbank::report {
namespace {

// A line that starts a block other than a paragraph: a heading, a list item, a quote, a fence, a
// table row or an indented code block.
bool StartsOtherBlock(std::string_view raw_line) {
  if (raw_line.starts_with("    ") || raw_line.starts_with("\t")) return true;
  std::string_view line = Trim(raw_line);
  if (line.empty()) return false;
  if (line.starts_with("#") || line.starts_with(">") || line.starts_with("```") ||
      line.starts_with("~~~") || line.starts_with("|")) {
    return true;
  }
  if ((line.starts_with("- ") || line.starts_with("* ") || line.starts_with("+ "))) return true;
  size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  return digits > 0 && digits + 1 < line.size() && (line[digits] == '.' || line[digits] == ')') &&
         line[digits + 1] == ' ';
}

// Drops '*' emphasis marks and '`' code marks (code keeps its text as is) and reduces
// "[text](target)" to "text".
std::string PlainInline(std::string_view text) {
  std::string out;
  bool in_code = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '`') {
      in_code = !in_code;
      continue;
    }
    if (in_code) {
      out += c;
      continue;
    }
    if (c == '*') continue;
    if (c == ']' && i + 1 < text.size() && text[i + 1] == '(') {
      size_t close = text.find(')', i + 2);
      if (close != std::string_view::npos) {
        i = close;
        continue;
      }
    }
    if (c == '[') continue;
    out += c;
  }
  return out;
}

}  // namespace

namespace {

// The list marker of a list item line ("- ", "* ", "+ ", "1. ", "1) "), or 0 when it is not one.
size_t ListMarkerLength(std::string_view line) {
  if (line.starts_with("- ") || line.starts_with("* ") || line.starts_with("+ ")) return 2;
  size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits > 0 && digits + 1 < line.size() && (line[digits] == '.' || line[digits] == ')') &&
      line[digits + 1] == ' ') {
    return digits + 2;
  }
  return 0;
}

// The first paragraph of `markdown` as one line; with `with_list`, also the items of a list the
// paragraph introduces (it ends with ':').
std::string ParagraphText(std::string_view markdown, bool with_list) {
  std::string text;
  bool in_fence = false;
  bool in_list = false;
  bool blank_before = false;
  size_t pos = 0;
  while (pos <= markdown.size()) {
    size_t eol = markdown.find('\n', pos);
    if (eol == std::string_view::npos) eol = markdown.size();
    std::string_view raw = markdown.substr(pos, eol - pos);
    pos = eol + 1;
    std::string_view line = Trim(raw);
    if (line.starts_with("```") || line.starts_with("~~~")) {
      if (!text.empty()) break;
      in_fence = !in_fence;
      continue;
    }
    if (in_fence) continue;
    if (line.empty()) {
      blank_before = true;
      continue;
    }
    size_t marker = ListMarkerLength(line);
    if (!text.empty()) {
      // A list belongs to the paragraph when the paragraph introduces it (ends with ':').
      bool list_item =
          with_list && marker != 0 && !raw.starts_with("    ") && (in_list || text.ends_with(':'));
      bool continuation = in_list && !blank_before && raw.starts_with("  ") && marker == 0;
      bool paragraph_line = !in_list && !blank_before && !StartsOtherBlock(raw);
      if (!(list_item || continuation || paragraph_line)) break;
      in_list = in_list || list_item;
      blank_before = false;
      text += ' ';
      text += line.substr(list_item ? marker : 0);
      continue;
    }
    blank_before = false;
    if (StartsOtherBlock(raw)) continue;
    text += line;
  }
  return PlainInline(text);
}

}  // namespace

std::string FirstParagraph(std::string_view markdown) { return ParagraphText(markdown, false); }

std::string RuleFullDescription(std::string_view markdown) {
  size_t pos = 0;
  while (pos < markdown.size()) {
    size_t eol = markdown.find('\n', pos);
    if (eol == std::string_view::npos) eol = markdown.size();
    std::string_view line = Trim(markdown.substr(pos, eol - pos));
    pos = eol + 1;
    if (!line.starts_with("#")) continue;
    line.remove_prefix(line.find_first_not_of('#') == std::string_view::npos
                           ? line.size()
                           : line.find_first_not_of('#'));
    std::string title(Trim(line));
    for (char& c : title) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (title == "what it catches") {
      std::string text = ParagraphText(markdown.substr(std::min(pos, markdown.size())), true);
      if (!text.empty()) return text;
      break;
    }
  }
  return FirstParagraph(markdown);
}

std::vector<RuleMetadata> DescribeRules(const lint::RuleRegistry& registry,
                                        const std::vector<std::string>& ids, const FileSystem& fs,
                                        const std::string& docs_dir) {
  std::vector<RuleMetadata> out;
  std::set<std::string, std::less<>> seen;
  for (const std::string& id : ids) {
    if (!seen.insert(id).second) continue;
    RuleMetadata meta;
    meta.id = id;
    if (const lint::Rule* rule = registry.Find(id); rule != nullptr) {
      meta.summary = std::string(rule->summary());
      meta.default_severity = rule->default_severity();
      meta.category = std::string(lint::CategoryName(*registry.CategoryOf(id)));
    } else {
      meta.summary = id;
      meta.default_severity = lint::Severity::kError;
    }
    if (!docs_dir.empty()) {
      std::string doc_path = docs_dir + "/";
      doc_path += id;
      doc_path += ".md";
      Result<std::string> doc = fs.ReadFile(doc_path);
      if (doc.ok()) meta.doc_markdown = ValidUtf8(*doc);
    }
    out.push_back(std::move(meta));
  }
  return out;
}

std::string_view LibraryVersion() {
#ifdef QBANK_VERSION
  return QBANK_VERSION;
#else
  return "unknown";
#endif
}

std::string RepoRelativePath(const std::string& path, const std::string& repo_root) {
  namespace fs = std::filesystem;
  if (path == "-" || path.empty()) return path;
  if (repo_root.empty()) {
    std::string normal = fs::path(path).lexically_normal().generic_string();
    return normal.empty() ? path : normal;
  }
  std::error_code ec;
  fs::path abs = fs::absolute(fs::path(path), ec);
  if (ec) return fs::path(path).lexically_normal().generic_string();
  abs = abs.lexically_normal();
  fs::path root = fs::absolute(fs::path(repo_root), ec);
  if (ec) return abs.generic_string();
  root = root.lexically_normal();
  auto inside = [](const fs::path& file, const fs::path& dir) -> std::optional<std::string> {
    fs::path rel = file.lexically_relative(dir);
    std::string text = rel.generic_string();
    if (rel.empty() || text == "." || text.starts_with("..")) return std::nullopt;
    return text;
  };
  if (std::optional<std::string> rel = inside(abs, root)) return *rel;
  // Through a symbolic link (a checkout under a linked folder): compare the resolved paths.
  fs::path real_abs = fs::weakly_canonical(abs, ec);
  if (ec) return abs.generic_string();
  fs::path real_root = fs::weakly_canonical(root, ec);
  if (ec) return abs.generic_string();
  return inside(real_abs, real_root).value_or(abs.generic_string());
}

uint32_t FindingFile(const model::Bank& bank, const lint::Finding& finding) {
  if (finding.span.file != SourceSpan::kNoFile) return finding.span.file;
  if (finding.question_index < bank.questions.size()) {
    const model::Question& q = bank.questions[finding.question_index];
    if (q.span.file != SourceSpan::kNoFile) return q.span.file;
    return q.stem.span.file;
  }
  return SourceSpan::kNoFile;
}

std::string SourceName(const ReportContext& ctx, uint32_t file) {
  if (file == SourceSpan::kNoFile || ctx.bank == nullptr || file >= ctx.bank->sources.size()) {
    return "";
  }
  return ValidUtf8(RepoRelativePath(ctx.bank->SourcePath(file), ctx.repo_root));
}

std::vector<std::string> SourceNames(const ReportContext& ctx) {
  std::vector<std::string> names;
  if (ctx.bank == nullptr) return names;
  names.reserve(ctx.bank->sources.size());
  for (uint32_t i = 0; i < ctx.bank->sources.size(); ++i) names.push_back(SourceName(ctx, i));
  return names;
}

std::string ValidUtf8(std::string_view text) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    if (size_t len = Utf8SequenceLength(text, i); len != 0) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      out += kReplacement;
      ++i;
    }
  }
  return out;
}

}  // namespace qbank::report
