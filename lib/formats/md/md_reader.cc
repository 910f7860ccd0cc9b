// The md reader: units of front matter + sections, one Diagnostic per malformed question
// (docs/formats/md.md).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "base/suggest.h"
#include "base/utf8_text.h"
#include "formats/md/md_format.h"
#include "formats/md/md_front_matter.h"
#include "formats/md/md_syntax.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"

namespace qbank::formats {
namespace {

using namespace md_syntax;  // NOLINT(google-build-using-namespace)

using model::Value;
constexpr std::string_view kQuestionKeys =
    "bank, id, type, exam, domain, difficulty, markup, tags, authors, review, origin, "
    "stated_answer, extensions, option_extensions";

size_t Indent(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

struct Line {
  size_t begin = 0;       // byte offset of the line in the file
  std::string_view text;  // without the line break (and without a trailing '\r')
  bool has_cr = false;
};

// Reads one file: a sequence of units, each optional front matter plus a body.
class MdReader {
 public:
  MdReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), file_(file), ctx_(ctx) {
    std::string_view content = text.content();
    lines_.reserve(static_cast<size_t>(std::count(content.begin(), content.end(), '\n')) + 1);
    size_t pos = 0;
    while (pos < content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      Line line;
      line.begin = pos;
      line.text = content.substr(pos, end - pos);
      if (!line.text.empty() && line.text.back() == '\r') {
        line.text.remove_suffix(1);
        line.has_cr = true;
      }
      lines_.push_back(line);
      pos = end + 1;
    }
    directive_line_.assign(lines_.size(), false);
  }

  void Run() {
    size_t i = 0;
    while (i < lines_.size()) {
      if (Trim(lines_[i].text).empty()) {
        ++i;
        continue;
      }
      std::optional<YamlNode> front;
      size_t unit_begin = i;
      if (TrimRight(lines_[i].text) == "---") {
        size_t close = i + 1;
        while (close < lines_.size() && TrimRight(lines_[close].text) != "---" &&
               TrimRight(lines_[close].text) != "...") {
          ++close;
        }
        if (close == lines_.size()) {
          Error(lines_[i].begin, "expected '---' to close the front matter opened here");
          return;
        }
        size_t yaml_end = lines_[close].begin;
        Result<YamlNode> yaml = ParseYaml(
            text_, lines_[i].begin + lines_[i].text.size() + (lines_[i].has_cr ? 2 : 1), yaml_end);
        i = close + 1;
        size_t body_end = BodyEnd(i);
        if (!yaml.ok()) {
          ctx_.AddError(yaml.status());
          i = body_end;
          continue;
        }
        front = std::move(yaml).value();
        ReadUnit(unit_begin, &*front, i, body_end);
        i = body_end;
      } else {
        size_t body_end = BodyEnd(i);
        ReadUnit(unit_begin, nullptr, i, body_end);
        i = body_end;
      }
    }
  }

 private:
  // The line where the body starting at `i` ends: the next "---" outside a code fence, or EOF.
  size_t BodyEnd(size_t i) const {
    std::string_view fence;
    for (; i < lines_.size(); ++i) {
      std::string_view f = FenceOf(lines_[i].text);
      if (!f.empty()) {
        if (fence.empty()) {
          fence = f;
        } else if (f == fence) {
          fence = {};
        }
        continue;
      }
      if (fence.empty() && TrimRight(lines_[i].text) == "---") return i;
    }
    return lines_.size();
  }

  struct Section {
    std::string_view name;
    size_t heading = 0;  // line index
    size_t begin = 0;    // first content line
    size_t end = 0;      // one past the last
  };

  // What a scan of a unit's body finds: its sections and suppression directives.
  struct UnitBody {
    std::vector<Section> sections;
    std::vector<model::Suppression> suppressions;  // for this question
    std::vector<model::Suppression> for_next;      // "qbank-disable-next": for the next one
    size_t last_content = 0;                       // the last line of text or heading
  };

  // Reads one unit, front matter (may be null) and the body lines [begin, end), and appends its
  // question to the bank; a malformed unit is reported and adds nothing.
  void ReadUnit(size_t unit_begin, const YamlNode* front, size_t begin, size_t end) {
    if (front != nullptr && front->kind != YamlNode::Kind::kMapping) {
      return FrontMatterNotMapping(*front);
    }
    UnitBody body;
    if (!ScanBody(begin, end, body)) return;
    if (body.sections.empty()) return ReadUnitWithoutQuestion(unit_begin, front, body);
    model::Question q;
    q.markup = model::Markup::kMarkdown;  // the md default
    std::optional<model::QuestionType> type;
    if (front != nullptr) {
      Status s = ReadFront(*front, q, type);
      if (!s.ok()) return ctx_.AddError(s);
    }
    if (!ReadSections(body.sections, q)) return;
    if (front != nullptr && !ReadOptionExtensions(*front, q)) return;
    // The type is the draft's own word, or single: two checked boxes on a single-answer question
    // are a slip for lint's key-count to point at, not a multiple-answer question.
    q.type = type.value_or(model::QuestionType::kSingleAnswer);
    q.suppressions = std::move(next_suppressions_);
    next_suppressions_ = std::move(body.for_next);
    q.suppressions.insert(q.suppressions.end(), body.suppressions.begin(), body.suppressions.end());
    size_t last = std::max(body.last_content, begin);
    q.span = text_.SpanOf(lines_[unit_begin].begin, lines_[last].begin + lines_[last].text.size(),
                          file_);
    if (ctx_.bank != nullptr) ctx_.bank->questions.push_back(std::move(q));
  }

  // Finds the sections and directives of the body lines [begin, end). False (after reporting) on
  // a repeated section or text before the first section.
  bool ScanBody(size_t begin, size_t end, UnitBody& body) {
    std::vector<Section>& sections = body.sections;
    std::string_view fence;
    body.last_content = begin;
    for (size_t i = begin; i < end; ++i) {
      std::string_view line = lines_[i].text;
      std::string_view f = FenceOf(line);
      if (!f.empty()) {
        fence = fence.empty() ? f : (f == fence ? std::string_view() : fence);
      } else if (fence.empty()) {
        std::string_view name = SectionOf(line);
        if (!name.empty()) {
          for (const Section& s : sections) {
            if (s.name == name) {
              Error(lines_[i].begin,
                    "expected one \"## " + std::string(name) + "\" section per question");
              return false;
            }
          }
          if (!sections.empty()) sections.back().end = i;
          sections.push_back(Section{name, i, i + 1, end});
          body.last_content = i;
          continue;
        }
        if (std::optional<std::string_view> comment = CommentOf(line)) {
          SuppressionDirective directive;
          if (ParseSuppressionDirective(*comment, directive)) {
            SourceSpan span = LineSpan(i);
            for (model::Suppression& s : directive.suppressions) {
              s.span = span;
              (directive.next ? body.for_next : body.suppressions).push_back(std::move(s));
            }
            directive_line_[i] = true;
            continue;
          }
        }
      }
      if (Trim(line).empty()) continue;
      if (sections.empty()) {
        Error(lines_[i].begin + Indent(line),
              "expected a section heading (## Question, ## Trap, ## Options or "
              "## Explanation) or front matter between '---' lines");
        return false;
      }
      body.last_content = i;
    }
    return true;
  }

  // A unit with no section: front matter that only sets the bank's fields (or nothing at all).
  // Its directives wait for the next question.
  void ReadUnitWithoutQuestion(size_t unit_begin, const YamlNode* front, UnitBody& body) {
    bool has_bank = front != nullptr && front->Find("bank") != nullptr;
    if (front != nullptr && !has_bank && !front->members.empty()) {
      return Error(lines_[unit_begin].begin,
                   "expected a \"## Question\" section after the front "
                   "matter");
    }
    if (front != nullptr && has_bank) {
      Status s = ReadBank(*front->Find("bank"));
      if (!s.ok()) return ctx_.AddError(s);
      if (front->members.size() > 1) {
        return Error(lines_[unit_begin].begin,
                     "expected a \"## Question\" section after the front matter");
      }
    }
    next_suppressions_.insert(next_suppressions_.end(), body.suppressions.begin(),
                              body.suppressions.end());
    next_suppressions_.insert(next_suppressions_.end(), body.for_next.begin(), body.for_next.end());
  }

  // Reads the sections into q. False (after reporting) when one is malformed or the question
  // section is missing.
  bool ReadSections(const std::vector<Section>& sections, model::Question& q) {
    bool have_question = false;
    for (const Section& s : sections) {
      if (s.name == "Question") {
        q.stem = SectionText(s.begin, s.end);
        have_question = true;
      } else if (s.name == "Trap") {
        q.trap = SectionText(s.begin, s.end);
      } else if (s.name == "Explanation") {
        q.explanation = SectionText(s.begin, s.end);
      } else if (!ReadOptions(s, q)) {
        return false;
      }
    }
    if (!have_question) {
      Error(lines_[sections.front().heading].begin,
            "expected a \"## Question\" section in every question");
    }
    return have_question;
  }

  // Reads the front matter's 'option_extensions' into the options. False (after reporting) when
  // it is not a list of at most one entry per option.
  bool ReadOptionExtensions(const YamlNode& front, model::Question& q) {
    const YamlNode* ext = front.Find("option_extensions");
    if (ext == nullptr) return true;
    if (ext->kind != YamlNode::Kind::kSequence || ext->items.size() > q.options.size()) {
      ErrorAt(*ext,
              "expected a list with one entry (or null) per option for "
              "'option_extensions'");
      return false;
    }
    for (size_t k = 0; k < ext->items.size(); ++k) {
      q.options[k].extensions = YamlToValue(ext->items[k]);
    }
    return true;
  }

  void FrontMatterNotMapping(const YamlNode& node) {
    ErrorAt(node, "expected the front matter to be a mapping of keys (" +
                      std::string(kQuestionKeys) + ")");
  }

  // Lines [begin, end) of a text section, blank lines at either end dropped, escaped structural
  // lines ("\---", "\## Options") unescaped.
  model::Text SectionText(size_t begin, size_t end) {
    auto skipped = [&](size_t i) { return directive_line_[i] || Trim(lines_[i].text).empty(); };
    while (begin < end && skipped(begin)) ++begin;
    while (end > begin && skipped(end - 1)) --end;
    model::Text text;
    if (begin == end) return text;
    bool verbatim = true;
    bool first = true;
    for (size_t i = begin; i < end; ++i) {
      if (directive_line_[i]) {
        verbatim = false;  // the value skips a line of the file
        continue;
      }
      std::string_view line = lines_[i].text;
      if (i + 1 < end && lines_[i].has_cr) verbatim = false;
      if (!line.empty() && line[0] == '\\' && IsStructuralLine(line.substr(1))) {
        line.remove_prefix(1);
        verbatim = false;
      }
      if (!first) text.value += '\n';
      first = false;
      text.value += i + 1 == end ? TrimRight(line) : line;
    }
    // The first line keeps its indentation (an indented code block stays one).
    size_t start = lines_[begin].begin;
    text.span =
        text_.SpanOf(start, lines_[end - 1].begin + TrimRight(lines_[end - 1].text).size(), file_);
    text.verbatim = verbatim;
    return text;
  }

  // The lines of one option in the "## Options" section.
  struct OptionLines {
    size_t first = 0;  // the "- [ ]" line
    size_t last = 0;
    std::vector<size_t> text;       // the item line and its continuation lines
    std::vector<size_t> rationale;  // the "> " lines under it, blank lines between them kept
  };

  // True for a task-list item line "- [ ] text" / "- [x] text" (indent and rest as split).
  static bool IsOptionItem(size_t indent, std::string_view rest) {
    return indent < 2 && rest.size() >= 5 && (rest[0] == '-' || rest[0] == '*' || rest[0] == '+') &&
           rest[1] == ' ' && rest[2] == '[' &&
           (rest[3] == ' ' || rest[3] == 'x' || rest[3] == 'X') && rest[4] == ']' &&
           (rest.size() == 5 || rest[5] == ' ');
  }

  // Reads the "## Options" section (a task list) into q.options. False (after reporting) on a
  // malformed line.
  bool ReadOptions(const Section& s, model::Question& q) {
    // The options counted first, so the vector is allocated once (growing it moved every option);
    // at most 64 reserved, so a hostile list of thousands allocates only as it is read.
    size_t items = 0;
    for (size_t i = s.begin; i < s.end; ++i) {
      std::string_view line = lines_[i].text;
      const size_t indent = Indent(line);
      items += IsOptionItem(indent, line.substr(indent)) ? 1 : 0;
    }
    q.options.reserve(q.options.size() + std::min<size_t>(items, 64));
    model::Option* current = nullptr;
    OptionLines lines;
    for (size_t i = s.begin; i < s.end; ++i) {
      std::string_view line = lines_[i].text;
      if (Trim(line).empty()) continue;
      if (CommentOf(line)) {
        SuppressionDirective ignored;
        if (ParseSuppressionDirective(*CommentOf(line), ignored)) continue;
      }
      size_t indent = Indent(line);
      std::string_view rest = line.substr(indent);
      if (IsOptionItem(indent, rest)) {
        if (current != nullptr) FinishOption(lines, *current);
        current = &q.options.emplace_back();
        lines = OptionLines{i, i, {i}, {}};
        ReadOptionItem(i, indent, *current);
        continue;
      }
      if (current == nullptr || indent < 2) {
        Error(lines_[i].begin + indent,
              "expected an option line \"- [ ] text\" or \"- [x] text\" (indent a rationale "
              "under its option as \"  > text\")");
        return false;
      }
      lines.last = i;
      if (rest[0] == '>' || !lines.rationale.empty()) {
        // Blank lines inside a rationale are kept as paragraph breaks.
        if (!lines.rationale.empty() && lines.rationale.back() + 1 < i) {
          for (size_t k = lines.rationale.back() + 1; k < i; ++k) lines.rationale.push_back(k);
        }
        lines.rationale.push_back(i);
      } else {
        lines.text.push_back(i);
      }
    }
    if (current != nullptr) FinishOption(lines, *current);
    return true;
  }

  // Reads the item line `i` of an option: its box, its weight "(50%) " and its text.
  void ReadOptionItem(size_t i, size_t indent, model::Option& option) {
    std::string_view line = lines_[i].text;
    option.correct = line[indent + 3] != ' ';
    size_t box = lines_[i].begin + indent + 2;
    option.correct_span = text_.SpanOf(box, box + 3, file_);
    size_t at = indent + 5;
    while (at < line.size() && line[at] == ' ') ++at;
    // "(50%) " before the text is the option's weight.
    std::string_view text = TrimRight(line.substr(at));
    if (!text.empty() && text[0] == '(') {
      size_t close = text.find("%)");
      double weight = 0;
      std::string number(text.substr(1, close == std::string_view::npos ? 0 : close - 1));
      char* parse_end = nullptr;
      if (close != std::string_view::npos && !number.empty()) {
        weight = std::strtod(number.c_str(), &parse_end);
      }
      if (parse_end != nullptr && *parse_end == '\0' && std::isfinite(weight) &&
          (close + 2 == text.size() || text[close + 2] == ' ')) {
        option.weight = weight;
        at += close + 2;
        while (at < line.size() && line[at] == ' ') ++at;
        text = TrimRight(line.substr(at));
      }
    }
    bool escaped = text.size() >= 2 && text[0] == '\\' && (text[1] == '(' || text[1] == '\\');
    option.text.value = std::string(escaped ? text.substr(1) : text);
    option.text.span =
        text_.SpanOf(lines_[i].begin + at, lines_[i].begin + at + text.size(), file_);
    option.text.verbatim = !escaped;
  }

  // Completes an option from all its lines: continuation lines join its text, the quote lines
  // make its rationale, and its span covers them all.
  void FinishOption(const OptionLines& lines, model::Option& option) {
    if (lines.text.size() > 1) {
      option.text.verbatim = false;
      for (size_t k = 1; k < lines.text.size(); ++k) {
        option.text.value += '\n';
        // A backslash before a line that would read as structure is the writer's escape (see
        // IsEscapedInOptionText); Markdown shows the line without it too.
        std::string_view line = Trim(lines_[lines.text[k]].text);
        if (line.size() >= 2 && line[0] == '\\' && IsEscapedInOptionText(line.substr(1))) {
          line.remove_prefix(1);
        }
        option.text.value += line;
      }
      size_t last = lines.text.back();
      option.text.span.end_line = text_.PositionAt(lines_[last].begin).line;
      option.text.span.end_column =
          text_.PositionAt(lines_[last].begin + TrimRight(lines_[last].text).size()).column;
    }
    if (!lines.rationale.empty()) {
      std::string value;
      size_t first_begin = 0;
      for (size_t k = 0; k < lines.rationale.size(); ++k) {
        std::string_view line = lines_[lines.rationale[k]].text;
        size_t at = Indent(line);
        if (at < line.size() && line[at] == '>') {
          ++at;
          if (at < line.size() && line[at] == ' ') ++at;
        }
        if (k == 0) first_begin = lines_[lines.rationale[k]].begin + at;
        if (k > 0) value += '\n';
        value += TrimRight(line.substr(std::min(at, line.size())));
      }
      // Blank quote lines at either end are not part of the text.
      option.rationale->value = std::string(Trim(value));
      size_t last = lines.rationale.back();
      option.rationale->span = text_.SpanOf(
          first_begin, lines_[last].begin + TrimRight(lines_[last].text).size(), file_);
      option.rationale->verbatim = lines.rationale.size() == 1;
    }
    option.span = text_.SpanOf(lines_[lines.first].begin,
                               lines_[lines.last].begin + lines_[lines.last].text.size(), file_);
  }

  // ---- front matter ----

  Status Unexpected(const YamlNode& node, const std::string& what) const {
    return Status::InvalidInput("expected " + what).At(text_.path(), NodeSpan(node));
  }

  Status TextOf(const YamlNode& node, const std::string& key, model::Text& text) const {
    if (node.kind != YamlNode::Kind::kScalar) {
      return Unexpected(node, "a text value for '" + key + "'");
    }
    text.value = node.plain && (node.scalar == "~" || node.scalar == "null") ? "" : node.scalar;
    text.span.file = file_;
    text.span.line = node.line;
    text.span.column = node.column;
    text.span.end_line = node.line;
    text.span.end_column = node.column + static_cast<uint32_t>(CountCodePoints(node.scalar));
    text.verbatim = node.plain && node.single_line;
    return Status::Ok();
  }

  Status TextList(const YamlNode& node, const std::string& key, std::vector<model::Text>& out) {
    if (node.kind == YamlNode::Kind::kScalar) {
      if (node.plain && (node.scalar.empty() || node.scalar == "~" || node.scalar == "null")) {
        return Status::Ok();
      }
      out.emplace_back();
      return TextOf(node, key, out.back());
    }
    if (node.kind != YamlNode::Kind::kSequence) {
      return Unexpected(node, "a list of texts for '" + key + "'");
    }
    for (const YamlNode& item : node.items) {
      out.emplace_back();
      QBANK_RETURN_IF_ERROR(TextOf(item, key, out.back()));
    }
    return Status::Ok();
  }

  // Checks that mapping `node` has only `keys` (comma-separated in `list`).
  Status Mapping(const YamlNode& node, const std::string& what, std::string_view list) const {
    if (node.kind != YamlNode::Kind::kMapping) {
      return Unexpected(node, "a mapping for '" + what + "' (keys: " + std::string(list) + ")");
    }
    std::vector<std::string> keys;
    for (size_t pos = 0; pos <= list.size();) {
      size_t comma = std::min(list.find(", ", pos), list.size());
      keys.emplace_back(list.substr(pos, comma - pos));
      pos = comma + 2;
    }
    for (size_t i = 0; i < node.members.size(); ++i) {
      const YamlNode& key = node.members[i].key;
      if (std::find(keys.begin(), keys.end(), key.scalar) == keys.end()) {
        return Unexpected(key, "one of the keys " + std::string(list) + " in '" + what +
                                   "', found '" + key.scalar + "'" +
                                   KeyHint(key.scalar, keys, what == "front matter"));
      }
      for (size_t j = 0; j < i; ++j) {
        if (node.members[j].key.scalar == key.scalar) {
          return Unexpected(key, "'" + key.scalar + "' once in '" + what + "'");
        }
      }
    }
    return Status::Ok();
  }

  // "; did you mean 'KEY'?" for a mistyped key; in the front matter, a key that is nearest a
  // section's name ("explenation") is pointed to the section instead.
  static std::string KeyHint(const std::string& typed, const std::vector<std::string>& keys,
                             bool front_matter) {
    std::string hint = DidYouMean(typed, keys);
    if (!hint.empty() || !front_matter) return hint;
    std::vector<std::string> sections;
    for (std::string_view section : kSections) {
      std::string name(section);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      sections.push_back(name);
    }
    std::optional<std::string> section = Suggest(typed, sections);
    if (!section) return "";
    std::string heading = *section;
    heading[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(heading[0])));
    return "; did you mean the section '## " + heading + "' below the front matter?";
  }

  Status ReadFront(const YamlNode& front, model::Question& q,
                   std::optional<model::QuestionType>& type) {
    QBANK_RETURN_IF_ERROR(Mapping(front, "front matter", kQuestionKeys));
    for (const auto& [key, value] : front.members) {
      const std::string& k = key.scalar;
      if (k == "bank") {
        QBANK_RETURN_IF_ERROR(ReadBank(value));
      } else if (k == "id") {
        QBANK_RETURN_IF_ERROR(TextOf(value, k, q.id));
      } else if (k == "type") {
        model::Text name;
        QBANK_RETURN_IF_ERROR(TextOf(value, k, name));
        type = model::ParseQuestionType(name.value);
        if (!type) {
          return Unexpected(value,
                            "a question type (single, multiple, true-false, short-answer, "
                            "numerical, matching, essay, description, other), found '" +
                                name.value + "'");
        }
      } else if (k == "exam") {
        QBANK_RETURN_IF_ERROR(TextOf(value, k, *q.exam));
      } else if (k == "domain") {
        QBANK_RETURN_IF_ERROR(TextOf(value, k, *q.domain));
      } else if (k == "difficulty") {
        QBANK_RETURN_IF_ERROR(TextOf(value, k, *q.difficulty));
      } else if (k == "markup") {
        model::Text name;
        QBANK_RETURN_IF_ERROR(TextOf(value, k, name));
        std::optional<model::Markup> markup = model::ParseMarkup(name.value);
        if (!markup) {
          return Unexpected(value, "a markup (plain, markdown, html), found '" + name.value + "'");
        }
        q.markup = *markup;
      } else if (k == "tags") {
        QBANK_RETURN_IF_ERROR(TextList(value, k, q.tags));
      } else if (k == "authors") {
        QBANK_RETURN_IF_ERROR(ReadAuthors(value, q));
      } else if (k == "review") {
        QBANK_RETURN_IF_ERROR(ReadReview(value, q));
      } else if (k == "origin") {
        QBANK_RETURN_IF_ERROR(Mapping(value, "origin", "statement, references"));
        for (const auto& [ok, ov] : value.members) {
          if (ok.scalar == "statement") {
            QBANK_RETURN_IF_ERROR(TextOf(ov, "statement", q.origin->statement));
          }
          if (ok.scalar == "references") {
            QBANK_RETURN_IF_ERROR(TextList(ov, "references", q.origin->references));
          }
        }
      } else if (k == "stated_answer") {
        QBANK_RETURN_IF_ERROR(TextOf(value, k, *q.stated_answer));
      } else if (k == "extensions") {
        q.extensions = YamlToValue(value);
        if (!q.extensions.is_object() && !q.extensions.is_null()) {
          return Unexpected(value, "a mapping for 'extensions'");
        }
      }
      // option_extensions is read once the options are known.
    }
    return Status::Ok();
  }

  Status ReadAuthors(const YamlNode& value, model::Question& q) {
    if (value.kind != YamlNode::Kind::kSequence) {
      return Unexpected(value, "a list of authors for 'authors'");
    }
    for (const YamlNode& a : value.items) {
      QBANK_RETURN_IF_ERROR(Mapping(a, "authors", "name, initials, credentials, roles"));
      model::Person person;
      for (const auto& [ak, av] : a.members) {
        if (ak.scalar == "name") QBANK_RETURN_IF_ERROR(TextOf(av, "name", person.name));
        if (ak.scalar == "initials") {
          QBANK_RETURN_IF_ERROR(TextOf(av, "initials", person.initials));
        }
        if (ak.scalar == "credentials") {
          QBANK_RETURN_IF_ERROR(TextOf(av, "credentials", person.credentials));
        }
        if (ak.scalar == "roles") QBANK_RETURN_IF_ERROR(TextList(av, "roles", person.roles));
      }
      q.authors.push_back(std::move(person));
    }
    return Status::Ok();
  }

  Status ReadReview(const YamlNode& value, model::Question& q) const {
    QBANK_RETURN_IF_ERROR(Mapping(value, "review", "date, reviewer, checked_against"));
    for (const auto& [rk, rv] : value.members) {
      if (rk.scalar == "date") QBANK_RETURN_IF_ERROR(TextOf(rv, "date", q.review->date));
      if (rk.scalar == "reviewer") {
        QBANK_RETURN_IF_ERROR(TextOf(rv, "reviewer", q.review->reviewer));
      }
      if (rk.scalar == "checked_against") {
        QBANK_RETURN_IF_ERROR(TextOf(rv, "checked_against", q.review->checked_against));
      }
    }
    return Status::Ok();
  }

  Status ReadBank(const YamlNode& node) {
    QBANK_RETURN_IF_ERROR(Mapping(
        node, "bank", "id, title, exam, publisher, language, declared_size, origin, extensions"));
    if (ctx_.bank == nullptr) return Status::Ok();
    model::Bank& bank = *ctx_.bank;
    auto set = [&](const YamlNode& v, const std::string& k, model::Text& field) -> Status {
      model::Text text;
      QBANK_RETURN_IF_ERROR(TextOf(v, k, text));
      if (field.empty()) field = std::move(text);
      return Status::Ok();
    };
    for (const auto& [key, value] : node.members) {
      const std::string& k = key.scalar;
      if (k == "id") QBANK_RETURN_IF_ERROR(set(value, k, bank.id));
      if (k == "title") QBANK_RETURN_IF_ERROR(set(value, k, bank.title));
      if (k == "exam") QBANK_RETURN_IF_ERROR(set(value, k, *bank.exam));
      if (k == "publisher") QBANK_RETURN_IF_ERROR(set(value, k, bank.publisher));
      if (k == "language") QBANK_RETURN_IF_ERROR(set(value, k, bank.language));
      if (k == "origin") QBANK_RETURN_IF_ERROR(set(value, k, *bank.origin));
      if (k == "declared_size") {
        Value v = YamlToValue(value);
        if (!v.is_int() || v.as_int() < 0) {
          return Unexpected(value, "a whole number for 'declared_size'");
        }
        if (!bank.declared_size) {
          bank.declared_size = v.as_int();
          bank.declared_size_span = text_.SpanOf(0, 0, file_);
          bank.declared_size_span.line = value.line;
          bank.declared_size_span.column = value.column;
          bank.declared_size_span.end_line = value.line;
          bank.declared_size_span.end_column =
              value.column + static_cast<uint32_t>(value.scalar.size());
        }
      }
      if (k == "extensions") {
        Value v = YamlToValue(value);
        if (!v.is_object() && !v.is_null()) return Unexpected(value, "a mapping for 'extensions'");
        if (bank.extensions.is_null()) bank.extensions = v;
      }
    }
    return Status::Ok();
  }

  // ---- errors and spans ----

  SourceSpan LineSpan(size_t i) const {
    return text_.SpanOf(lines_[i].begin + Indent(lines_[i].text),
                        lines_[i].begin + TrimRight(lines_[i].text).size(), file_);
  }

  void Error(size_t offset, std::string_view message) { ctx_.AddError(text_, offset, message); }

  void ErrorAt(const YamlNode& node, std::string message) {
    ctx_.AddError(Status::InvalidInput(std::move(message)).At(text_.path(), NodeSpan(node)));
  }

  static SourceSpan NodeSpan(const YamlNode& node) {
    return SourceSpan::Point(node.line, node.column);
  }

  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  std::vector<Line> lines_;
  std::vector<bool> directive_line_;  // lines that are suppression directives, not text
  std::vector<model::Suppression> next_suppressions_;
};
}  // namespace

int MdFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  bool question = false;
  bool options = false;
  size_t pos = 0;
  while (pos < content.size() && !(question && options)) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view section = SectionOf(content.substr(pos, end - pos));
    question |= section == "Question";
    options |= section == "Options";
    pos = end + 1;
  }
  return question && options ? 90 : 0;
}

Status MdFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  MdReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

}  // namespace qbank::formats
