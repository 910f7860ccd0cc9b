// The md writer: front matter and sections, lines that would read as syntax escaped.
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

// The shortest decimal text (without an exponent) that reads back as `d`.
std::string FormatNumber(double d) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    if (std::strtod(buf, nullptr) == d && std::string_view(buf).find('e') == std::string::npos) {
      return buf;
    }
  }
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

// ---- export ----

class MdWriter {
 public:
  explicit MdWriter(LossReport& loss) : loss_(loss) {}

  std::string Write(const model::Bank& bank) {
    std::string front;
    Field(front, "  ", "id", bank.id.value);
    Field(front, "  ", "title", bank.title.value);
    Field(front, "  ", "exam", bank.exam->value);
    Field(front, "  ", "publisher", bank.publisher.value);
    Field(front, "  ", "language", bank.language.value);
    if (bank.declared_size)
      front += "  declared_size: " + std::to_string(*bank.declared_size) + "\n";
    Field(front, "  ", "origin", bank.origin->value);
    if (bank.extensions.is_object() && !bank.extensions.as_object().empty()) {
      front += "  extensions: " + YamlFlow(bank.extensions) + "\n";
    }
    if (!front.empty()) out_ += "---\nbank:\n" + front + "---\n";
    for (const model::Question& q : bank.questions) {
      LossReport::QuestionScope scope(loss_, q);
      if (!out_.empty()) out_ += "\n";
      WriteQuestion(q);
    }
    return std::move(out_);
  }

 private:
  static void Field(std::string& out, const std::string& indent, const std::string& key,
                    const std::string& value) {
    if (!value.empty()) out += indent + key + ": " + YamlScalar(value, false) + "\n";
  }

  static void List(std::string& out, const std::string& indent, const std::string& key,
                   const std::vector<model::Text>& items) {
    if (items.empty()) return;
    out += indent + key + ":\n";
    for (const model::Text& t : items) out += indent + "  - " + YamlScalar(t.value, false) + "\n";
  }

  void WriteQuestion(const model::Question& q) {
    out_ += "---\n";
    Field(out_, "", "id", q.id.value);
    if (q.type != model::QuestionType::kSingleAnswer) {
      out_ += "type: " + std::string(model::QuestionTypeName(q.type)) + "\n";
    }
    Field(out_, "", "exam", q.exam->value);
    Field(out_, "", "domain", q.domain->value);
    Field(out_, "", "difficulty", q.difficulty->value);
    if (q.markup != model::Markup::kMarkdown) {
      out_ += "markup: " + std::string(model::MarkupName(q.markup)) + "\n";
    }
    List(out_, "", "tags", q.tags);
    if (!q.authors.empty()) {
      out_ += "authors:\n";
      for (const model::Person& p : q.authors) {
        std::string person;
        Field(person, "    ", "name", p.name.value);
        Field(person, "    ", "initials", p.initials.value);
        Field(person, "    ", "credentials", p.credentials.value);
        List(person, "    ", "roles", p.roles);
        if (person.empty()) {
          out_ += "  - {}\n";
        } else {
          person.replace(0, 4, "  - ");
          out_ += person;
        }
      }
    }
    std::string review;
    Field(review, "  ", "date", q.review->date.value);
    Field(review, "  ", "reviewer", q.review->reviewer.value);
    Field(review, "  ", "checked_against", q.review->checked_against.value);
    if (!review.empty()) out_ += "review:\n" + review;
    std::string origin;
    Field(origin, "  ", "statement", q.origin->statement.value);
    List(origin, "  ", "references", q.origin->references);
    if (!origin.empty()) out_ += "origin:\n" + origin;
    Field(out_, "", "stated_answer", q.stated_answer->value);
    if (q.extensions.is_object() && !q.extensions.as_object().empty()) {
      out_ += "extensions: " + YamlFlow(q.extensions) + "\n";
    }
    bool option_extensions = false;
    for (const model::Option& o : q.options) option_extensions |= !o.extensions.is_null();
    if (option_extensions) {
      Value::Array items;
      for (const model::Option& o : q.options) items.push_back(o.extensions);
      out_ += "option_extensions: " + YamlFlow(Value(std::move(items))) + "\n";
    }
    out_ += "---\n";

    WriteSection("Question", "stem", q.stem.value, true);
    WriteSection("Trap", "trap", q.trap->value, false);
    if (!q.options.empty()) {
      out_ += "\n## Options\n\n";
      for (const model::Option& o : q.options) WriteOption(o);
    }
    WriteSection("Explanation", "explanation", q.explanation.value, false);
    if (!q.suppressions.empty()) {
      out_ += "\n";
      for (const std::string& line : FormatSuppressionDirectives(q.suppressions)) {
        out_ += "<!-- " + line + " -->\n";
      }
    }
  }

  // The code fence `text` leaves open, as the reader pairs fences (a fence line with the marker of
  // the open one closes it), or empty: the reader would take every line after it, the next
  // sections' headings too, into the text.
  static std::string_view UnclosedFence(std::string_view text) {
    std::string_view open;
    size_t pos = 0;
    while (pos <= text.size()) {
      size_t nl = text.find('\n', pos);
      std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
      std::string_view fence = FenceOf(line);
      if (!fence.empty()) open = open.empty() ? fence : (fence == open ? std::string_view() : open);
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    return open;
  }

  void WriteSection(std::string_view name, std::string_view field, std::string_view value,
                    bool always) {
    // A carriage return is a line ending in Markdown, alone or before a line feed. The reader
    // drops one before each line feed and keeps the others in the line, so a line ending in two
    // ("*\r\r" then "\n") lost one on every trip (round_trip_fuzz): each is written as the line
    // break it is.
    std::string breaks;
    if (value.find('\r') != std::string_view::npos) {
      breaks.reserve(value.size());
      for (size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '\r') {
          breaks += value[i];
        } else if (i + 1 == value.size() || value[i + 1] != '\n') {
          breaks += '\n';
        }
      }
      value = breaks;
    }
    std::string_view text = value;
    // Blank lines at either end of a text cannot be told from the blank lines around a section.
    while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
    size_t first_line = 0;
    for (size_t i = 0; i < text.size() && IsBlank(text[i]); ++i) {
      if (text[i] == '\n') first_line = i + 1;
    }
    text.remove_prefix(first_line);
    if (text.empty() && !always) return;
    const std::string_view unclosed = UnclosedFence(text);
    out_ += "\n## " + std::string(name) + "\n\n";
    size_t pos = 0;
    while (pos <= text.size()) {
      size_t nl = text.find('\n', pos);
      std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
      if (IsStructuralLine(line)) out_ += '\\';
      out_ += std::string(line) + "\n";
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    // A fence no line closes is closed at the end of the text, where Markdown ends it anyway: the
    // sections after it stay sections, and the file reads back as it is written.
    if (!unclosed.empty()) {
      out_ += std::string(unclosed) + "\n";
      loss_.Drop(std::string(field) +
                 " (a code fence nothing closed, closed at the end of the text)");
    }
  }

  void WriteOption(const model::Option& o) {
    out_ += o.correct ? "- [x]" : "- [ ]";
    if (o.weight) out_ += " (" + FormatNumber(*o.weight) + "%)";
    // The reader trims option texts and rationales; write them trimmed so a second export of
    // what was read gives the same bytes.
    std::string_view text = Trim(o.text.value);
    size_t first_end = text.find('\n');
    std::string_view first = TrimRight(text.substr(0, first_end));
    if (!first.empty()) {
      out_ += ' ';
      if (first[0] == '(' || first[0] == '\\') out_ += '\\';
      out_ += first;
    }
    out_ += "\n";
    if (first_end != std::string_view::npos) {
      std::string_view rest = text.substr(first_end + 1);
      size_t pos = 0;
      while (pos <= rest.size()) {
        size_t nl = rest.find('\n', pos);
        std::string_view line =
            Trim(rest.substr(pos, nl == std::string_view::npos ? rest.npos : nl - pos));
        // The reader skips a blank line; nothing in Markdown keeps one inside a list item's text.
        if (line.empty()) loss_.Drop("options.text (line read as structure)");
        // A line that opens a code fence at two spaces is written at six, where it is text: four
        // past the list item's content, so neither the reader (a fence is at most three spaces
        // in) nor a CommonMark renderer (pandoc shows it in the item's paragraph) opens a fence,
        // and the reader trims it back. At two it opened a fence that swallowed the rest of the
        // file (found by md_fuzz); at four pandoc still opened one inside the item.
        out_ += FenceOf(line).empty() ? "  " : "      ";
        // A line the reader would take as the rationale's start ("> "), as a suppression
        // directive, or as an escape is escaped with a backslash, which the reader removes, as
        // Markdown does. Written raw, a "> " line turned the rest of the text into rationale
        // (found by round_trip_fuzz).
        if (IsEscapedInOptionText(line)) out_ += '\\';
        out_ += line;
        out_ += '\n';
        if (nl == std::string_view::npos) break;
        pos = nl + 1;
      }
    }
    if (!Trim(o.rationale->value).empty()) {
      std::string_view r = Trim(o.rationale->value);
      size_t pos = 0;
      while (pos <= r.size()) {
        size_t nl = r.find('\n', pos);
        std::string_view line =
            TrimRight(r.substr(pos, nl == std::string_view::npos ? r.npos : nl - pos));
        out_ += line.empty() ? "  >\n" : "  > " + std::string(line) + "\n";
        if (nl == std::string_view::npos) break;
        pos = nl + 1;
      }
    }
  }

  LossReport& loss_;
  std::string out_;
};
}  // namespace

Result<std::string> MdFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                     LossReport& loss) const {
  MdWriter writer(loss);
  return writer.Write(bank);
}

}  // namespace qbank::formats
