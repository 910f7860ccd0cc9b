// The practice-page writer: puts the lines the reader maps back, with the loss report.
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <utility>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/page/page_format.h"
#include "formats/page/page_syntax.h"
#include "formats/source_decoding.h"

namespace qbank::formats {
namespace {

using namespace page_syntax;  // NOLINT(google-build-using-namespace)

using model::Option;
using model::Person;
using model::Question;
using model::Text;
using model::Value;

// The page wording of an ISO date ("2026-09" -> "September 2026", "2026-09-05" -> "September 5,
// 2026"); nullopt for anything else.
std::optional<std::string> FormatReviewDate(std::string_view iso) {
  if ((iso.size() != 7 && iso.size() != 10) || iso[4] != '-') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 5, 6}) {
    if (!IsDigit(iso[i])) return std::nullopt;
  }
  int month = (iso[5] - '0') * 10 + (iso[6] - '0');
  if (month < 1 || month > 12) return std::nullopt;
  std::string out(kMonths[static_cast<size_t>(month - 1)]);
  if (iso.size() == 10) {
    if (iso[7] != '-' || !IsDigit(iso[8]) || !IsDigit(iso[9])) return std::nullopt;
    int day = (iso[8] - '0') * 10 + (iso[9] - '0');
    if (day < 1 || day > 31) return std::nullopt;
    out += " " + std::to_string(day) + ",";
  }
  out += ' ';
  out += iso.substr(0, 4);
  return out;
}

// The string at question.extensions.page.<key>, or "".
std::string_view PageExtensionString(const Question& q, const char* key) {
  const Value* page = q.extensions.Find("page");
  const Value* v = page != nullptr ? page->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? std::string_view(v->as_string()) : std::string_view();
}

// True when `wording`, written in the place of fixed line `slot`, reads back as that line.
bool ReadsBackAs(Slot slot, std::string_view wording) {
  if (wording.find_first_of("\r\n") != std::string_view::npos) return false;
  if (wording == kSeparator || wording == kAnswerMark || IsMarkLine(wording) ||
      IsPaddedMark(wording) || wording.starts_with(kDirectivePrefix)) {
    return false;
  }
  Slot usual = HeadingSlotOf(wording);
  if (usual != kSlotCount && usual != slot) return false;
  if (slot == kTrap) return wording.starts_with(kTrapSign);
  if (slot == kAbout &&
      (wording.starts_with(kAuthorPrefix) || wording.starts_with(kReviewPrefix))) {
    return false;
  }
  return IsSentenceSlot(slot) || (!wording.empty() && wording.back() != '.');
}

// Writes questions as pages. Text that a page would read back as structure (a "---" line, an
// option mark inside a rationale, ...) has no escape in a page: such lines are left out and
// reported as "<field> (line read as structure)".
class PageWriter {
 public:
  // Writes with line break `eol` ("\n" or "\r\n").
  PageWriter(const model::Bank& bank, std::string eol, LossReport& loss)
      : bank_(bank), eol_(std::move(eol)), loss_(loss) {}
  // Appends the page of `q` (without a final line break) to `out`; fails for a question a page
  // cannot show (no stem, no options).
  Status Write(const Question& q, std::string& out);

 private:
  // What one page is made of, read from the question before any line is pushed.
  struct Draft {
    const Person* person = nullptr;   // the author, when the page gets an author line
    std::optional<std::string> date;  // the review date as a page writes it
    std::string stem;
    std::string trap;
    std::string explanation;
    std::string about;
    std::string footer;
    std::string roles;
    std::vector<std::string> rationales;  // one per option
    const Value* page = nullptr;          // extensions.page
    const Value* headings = nullptr;      // extensions.page.headings
    // A true flag in extensions.page ("trap_heading", "empty_answer", "about_heading").
    bool Flag(const char* key) const {
      const Value* v = page != nullptr ? page->Find(key) : nullptr;
      return v != nullptr && v->is_bool() && v->as_bool();
    }
  };
  // Reads the fields a page shows, reporting what it cannot carry; fails for a question without
  // a stem or options.
  Status Prepare(const Question& q, Draft& d);
  // Reads the author's roles into d.roles and keeps the last text of the page from reading as a
  // directive ("qbank:" lines end a page).
  void PrepareEnd(Draft& d);
  // The question's own wording of a fixed line, when a page would read it back in its place.
  std::string Heading(const Draft& d, Slot slot);
  // Pushes the title, stem, trap, fixed lines, answer block and explanation.
  void PushHead(const Question& q, const Draft& d);
  // Pushes each option: its mark, text, "Why ..." line and rationale.
  void PushOptions(const Question& q, const Draft& d);
  // Pushes the About heading and paragraph, initials, author, roles, review, footer, directives.
  void PushTail(const Question& q, const Draft& d);
  // Reports the fields no line of the page holds.
  void ReportUnheld(const Question& q, const Draft& d);

  void Push(std::string line) { lines_.push_back(std::move(line)); }
  void DropStructure(std::string_view field) {
    loss_.Drop(std::string(field) + " (line read as structure)");
  }
  // For the text that ends a page: leaves out its last lines while they are blank (a reader takes
  // them for layout) or read as directives, each kind reported.
  void StripPageEnd(std::string& value, std::string_view field);
  // The text of a field that takes one line: line breaks become spaces (and are reported); a value
  // that would read as structure becomes empty (and is reported).
  std::string OneLine(const Text& text, std::string_view field) {
    std::string s = text.value;
    bool joined = false;
    for (char& c : s) {
      if (c == '\n' || c == '\r') {
        c = ' ';
        joined = true;
      }
    }
    if (joined) loss_.Drop(std::string(field) + " line breaks");
    if (!StructureOf(field, s).empty()) {
      DropStructure(field);
      s.clear();
    }
    return s;
  }
  // `value` without the lines a page would read as structure (reported once per value).
  std::string Readable(std::string_view value, std::string_view field) {
    std::string out;
    bool dropped = false;
    bool first = true;
    size_t from = 0;
    while (true) {
      size_t nl = value.find('\n', from);
      std::string_view line = value.substr(from, nl == std::string_view::npos ? nl : nl - from);
      if (StructureOf(field, line).empty()) {
        if (!first) out += '\n';
        out.append(line);
        first = false;
      } else {
        dropped = true;
      }
      if (nl == std::string_view::npos) break;
      from = nl + 1;
    }
    if (dropped) DropStructure(field);
    return out;
  }
  // Appends the lines of a multi-line value (already Readable).
  void Lines(std::string_view value) {
    size_t from = 0;
    while (true) {
      size_t nl = value.find('\n', from);
      Push(std::string(value.substr(from, nl == std::string_view::npos ? nl : nl - from)));
      if (nl == std::string_view::npos) break;
      from = nl + 1;
    }
  }
  // What a line of `field` would be read as instead of field text; empty when it reads back.
  std::string_view StructureOf(std::string_view field, std::string_view line) const {
    if (line == kSeparator) return "a page separator";
    if (IsPaddedMark(line)) return "a mark padded with white space";
    if (field == "stem") {
      if (line == kAnswerMark) return "the answer mark";
      if (line.starts_with(kTrapSign)) return "the trap heading";
    } else if (field == "trap") {
      if (line == kAnswerMark) return "the answer mark";
    } else if (field == "explanation" || field == "options.rationale" || field == "stated_answer" ||
               field == "options.text") {
      if (IsMarkLine(line)) return "an option mark";
    }
    bool in_options = field == "options.text" || field == "options.rationale";
    if (in_options && line == kHeadings[kAbout].text) return "the About heading";
    if (in_options || field == "origin.statement") {
      if (line.starts_with(kAuthorPrefix)) return "the author line";
      // With an author line the review line is looked for only after it.
      if (!has_author_ && line.starts_with(kReviewPrefix)) return "the review line";
    }
    if (field == "extensions.page.footer") {
      // The first author and review lines of a page are the real ones when the page has them.
      if (!has_author_ && line.starts_with(kAuthorPrefix)) return "the author line";
      if (!has_review_ && line.starts_with(kReviewPrefix)) return "the review line";
    }
    return {};
  }

  const model::Bank& bank_;
  std::string eol_;
  LossReport& loss_;
  std::vector<std::string> lines_;
  bool has_author_ = false;  // the page gets an author line
  bool has_review_ = false;  // the page gets a review line
};

// Removes the last lines of multi-line `value` that start with "qbank:" (a page would read them as
// directives); true when it removed any.
bool StripTrailingDirectives(std::string& value) {
  bool stripped = false;
  while (true) {
    size_t nl = value.rfind('\n');
    size_t start = nl == std::string::npos ? 0 : nl + 1;
    if (!std::string_view(value).substr(start).starts_with(kDirectivePrefix)) return stripped;
    stripped = true;
    value.erase(nl == std::string::npos ? 0 : nl);
  }
}

void PageWriter::StripPageEnd(std::string& value, std::string_view field) {
  bool blank = false;
  bool directive = false;
  while (true) {
    size_t nl = value.rfind('\n');
    size_t start = nl == std::string::npos ? 0 : nl + 1;
    if (value.empty()) break;
    if (IsBlank(std::string_view(value).substr(start))) {
      blank = true;
    } else if (StripTrailingDirectives(value)) {
      directive = true;
      continue;
    } else {
      break;
    }
    value.erase(nl == std::string::npos ? 0 : nl);
  }
  if (blank) loss_.Drop("blank lines at the end of a page");
  if (directive) DropStructure(field);
}

// Derived initials: the first character of every word of `name` ("Ada Lovelace" -> "AL"); never
// empty for a name that is not blank, never a page separator.
std::string InitialsOf(std::string_view name) {
  std::string out;
  bool start = true;
  for (size_t i = 0; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (c == ' ' || c == '\t') {
      start = true;
      continue;
    }
    if (start) {
      size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      out.append(name.substr(i, len));
      start = false;
    }
  }
  return out == kSeparator ? std::string("-") : out;
}

Status PageWriter::Write(const Question& q, std::string& out) {
  Draft d;
  QBANK_RETURN_IF_ERROR(Prepare(q, d));
  PrepareEnd(d);
  lines_.clear();
  PushHead(q, d);
  PushOptions(q, d);
  PushTail(q, d);
  // Blank lines at the end of a page are layout to a reader, not the end of the last field.
  bool trimmed = false;
  while (lines_.size() > 1 && IsBlank(lines_.back())) {
    lines_.pop_back();
    trimmed = true;
  }
  if (trimmed) loss_.Drop("blank lines at the end of a page");
  for (size_t i = 0; i < lines_.size(); ++i) {
    if (i > 0) out += eol_;
    out += lines_[i];
  }
  ReportUnheld(q, d);
  return Status::Ok();
}

Status PageWriter::Prepare(const Question& q, Draft& d) {
  // An error at the question's place in its file, or naming it when it has none.
  auto refuse = [&](const std::string& message) {
    if (q.span.known()) {
      return Status::InvalidInput(message).At(bank_.SourcePath(q.span.file), q.span);
    }
    std::string id = q.id.empty() ? model::DeriveQuestionId(q) : q.id.value;
    return Status::InvalidInput("question " + id + ": " + message);
  };
  if (!q.authors.empty() && !IsBlank(q.authors[0].name.value)) d.person = &q.authors[0];
  has_author_ = d.person != nullptr;
  if (!q.review->date.empty()) {
    d.date = FormatReviewDate(q.review->date.value);
    if (!d.date) loss_.Drop("review.date");
  }
  if (!d.date && !q.review->checked_against.empty()) loss_.Drop("review.checked_against");
  has_review_ = d.date.has_value();

  d.stem = Readable(q.stem.value, "stem");
  if (IsBlank(d.stem)) return refuse("cannot be written as a page: a page needs a stem");
  if (q.options.empty()) return refuse("cannot be written as a page: a page needs options");
  d.trap = Readable(q.trap->value, "trap");
  d.explanation = Readable(q.explanation.value, "explanation");
  d.about = Readable(q.origin->statement.value, "origin.statement");
  d.page = q.extensions.Find("page");
  d.headings = d.page != nullptr ? d.page->Find("headings") : nullptr;
  if (const Value* v = d.page != nullptr ? d.page->Find("footer") : nullptr; v && v->is_string()) {
    d.footer = Readable(v->as_string(), "extensions.page.footer");
    // The footer ends the page: its last lines must not read as directives.
    StripPageEnd(d.footer, "extensions.page.footer");
    if (!d.footer.empty() && d.person == nullptr && !d.date) {
      loss_.Drop("extensions.page.footer");  // a footer follows the author or review line
      d.footer.clear();
    }
  }
  // One file has one kind of line break (a file that mixes them reads as LF with CRs in the text).
  bool own_crlf = PageExtensionString(q, "line_break") == "crlf";
  if (own_crlf != (eol_ == "\r\n")) loss_.Drop("extensions.page.line_break");
  for (const Option& o : q.options) {
    d.rationales.push_back(Readable(o.rationale->value, "options.rationale"));
  }
  return Status::Ok();
}

void PageWriter::PrepareEnd(Draft& d) {
  if (d.person != nullptr) {
    for (size_t i = 0; i < d.person->roles.size(); ++i) {
      if (i > 0) d.roles += kMiddleDot;
      std::string role = OneLine(d.person->roles[i], "authors.roles");
      if (role.find(kMiddleDot) != std::string::npos) loss_.Drop("authors.roles (has ' · ')");
      d.roles += role;
    }
    if (!StructureOf("authors.roles", d.roles).empty()) {
      DropStructure("authors.roles");
      d.roles.clear();
    }
  }
  // The footer is already clear; without it and a review line the roles, the About paragraph or
  // the last rationale may end the page.
  if (!d.footer.empty() || d.date) return;
  if (d.person != nullptr) {
    if (std::string_view(d.roles).starts_with(kDirectivePrefix)) {
      DropStructure("authors.roles");
      d.roles.clear();
    }
    return;
  }
  StripPageEnd(d.about, "origin.statement");
  if (d.about.empty() && !d.Flag("about_heading")) {
    StripPageEnd(d.rationales.back(), "options.rationale");
  }
}

std::string PageWriter::Heading(const Draft& d, Slot slot) {
  std::string key(kHeadings[slot].slot);
  const Value* v = d.headings != nullptr ? d.headings->Find(key) : nullptr;
  if (v == nullptr) return std::string(kHeadings[slot].text);
  bool ok = v->is_string() && ReadsBackAs(slot, v->as_string());
  if (ok && slot == kAbout) {
    // Other About wording is found three lines above the author line: it needs the author line
    // and a one-line About paragraph.
    ok = d.person != nullptr && !d.about.empty() && d.about.find('\n') == std::string::npos;
  }
  if (!ok) {
    loss_.Drop("extensions.page.headings." + key);
    return std::string(kHeadings[slot].text);
  }
  return v->as_string();
}

void PageWriter::PushHead(const Question& q, const Draft& d) {
  // Trimmed: a line break at an end became a space, and a title that starts with a space does
  // not read back at all (found by page_fuzz: an exam read as "\rQB-DEMO").
  std::string exam(Trim(OneLine(q.exam, "exam")));
  std::string domain(Trim(OneLine(q.domain, "domain")));
  // The title splits at its first space: an exam code with a space, or a domain without an exam,
  // would read back differently.
  if (exam.find(' ') != std::string::npos) loss_.Drop("exam (has a space)");
  if (exam.empty() && !domain.empty()) loss_.Drop("domain (without an exam)");
  std::string title = exam;
  if (!domain.empty()) title += (title.empty() ? "" : " ") + domain;
  Push(title.empty() ? std::string(kTitleAlone) : title + std::string(kTitleSuffix));
  Lines(d.stem);
  if (!d.trap.empty() || d.Flag("trap_heading")) {
    Push(Heading(d, kTrap));
    if (!d.trap.empty()) Lines(d.trap);
  }
  for (Slot s : {kChoices, kMatters, kInstruction, kAnswer}) Push(Heading(d, s));
  Push(std::string(kAnswerMark));
  std::string stated = OneLine(q.stated_answer, "stated_answer");
  if (q.stated_answer->empty() && !d.Flag("empty_answer")) {
    for (const Option& o : q.options) {
      if (o.correct) {
        stated = OneLine(o.text, "options.text");
        break;
      }
    }
  }
  Push(stated);
  if (!d.explanation.empty()) Lines(d.explanation);
  for (Slot s : {kAnalysis, kBreakdown, kForEach}) Push(Heading(d, s));
}

void PageWriter::PushOptions(const Question& q, const Draft& d) {
  for (size_t i = 0; i < q.options.size(); ++i) {
    const Option& o = q.options[i];
    Push(std::string(o.correct ? kKeyLine : kWrongLine));
    Push(OneLine(o.text, "options.text"));
    const Value* option_page = o.extensions.Find("page");
    const Value* why = option_page != nullptr ? option_page->Find("why") : nullptr;
    bool own_why = why != nullptr && why->is_string() && why->as_string().starts_with(kWhyPrefix) &&
                   why->as_string().find_first_of("\r\n") == std::string::npos;
    if (why != nullptr && !own_why) loss_.Drop("options.extensions.page.why");
    Push(own_why ? why->as_string() : std::string(o.correct ? kWhyCorrect : kWhyWrong));
    if (!d.rationales[i].empty()) Lines(d.rationales[i]);
  }
}

void PageWriter::PushTail(const Question& q, const Draft& d) {
  const Person* person = d.person;
  if (!d.about.empty() || person != nullptr || d.date || !d.footer.empty() ||
      d.Flag("about_heading")) {
    Push(Heading(d, kAbout));
    if (!d.about.empty()) Lines(d.about);
  }
  if (person != nullptr) {
    std::string initials = OneLine(person->initials, "authors.initials");
    if (initials.find_first_of(" \t") != std::string::npos) {
      loss_.Drop("authors.initials");  // a page's initials line is one word
      initials.clear();
    }
    Push(initials.empty() ? InitialsOf(person->name.value) : initials);
    std::string name = OneLine(person->name, "authors.name");
    // The author line splits at its first ", ": a name with one reads back cut there.
    if (name.find(", ") != std::string::npos) loss_.Drop("authors.name (has ', ')");
    std::string line = std::string(kAuthorPrefix) + name;
    if (!person->credentials.empty()) {
      line += ", " + OneLine(person->credentials, "authors.credentials");
    }
    Push(line);
    // An empty roles line is written only to keep a footer from reading as the roles.
    if (!d.roles.empty() || (!d.date && !d.footer.empty())) Push(d.roles);
  }
  if (d.date) {
    std::string line = std::string(kReviewPrefix) + *d.date;
    if (!q.review->checked_against.empty()) {
      line += std::string(kMiddleDot) + std::string(kCheckedPrefix) +
              OneLine(q.review->checked_against, "review.checked_against");
    }
    Push(line);
  }
  if (!d.footer.empty()) Lines(d.footer);
  for (const model::Suppression& s : q.suppressions) {
    if (!IsRuleId(s.rule)) {
      loss_.Drop("suppress");
      continue;
    }
    std::string line = std::string(kDisablePrefix) + s.rule;
    if (!IsBlank(s.reason)) line += ": " + OneLine(Text(s.reason), "suppress.reason");
    Push(line);
  }
}

void PageWriter::ReportUnheld(const Question& q, const Draft& d) {
  if (q.authors.size() > 1) loss_.Drop("authors", q.authors.size() - 1);
  if (!q.review->reviewer.empty() &&
      (d.person == nullptr || q.review->reviewer.value != d.person->name.value)) {
    loss_.Drop("review.reviewer");
  }
  if (q.type != model::QuestionType::kSingleAnswer) loss_.Drop("type");
  static const FieldSet kHeld = {"exam",
                                 "domain",
                                 "stem",
                                 "trap",
                                 "stated_answer",
                                 "explanation",
                                 "authors",
                                 "review.date",
                                 "review.reviewer",
                                 "review.checked_against",
                                 "origin.statement",
                                 "suppress",
                                 "extensions.page",
                                 "options.rationale",
                                 "options.extensions.page"};
  ReportQuestionLoss(q, kHeld, loss_);
}

// Why a page cannot hold `q` ("" when it can): a page needs a stem and options.
std::string Unwritable(const Question& q) {
  if (IsBlank(q.stem.value)) return "without a stem: a page needs one";
  if (q.options.empty()) {
    return std::string(model::QuestionTypeName(q.type)) + " without options: a page needs options";
  }
  return "";
}

// The questions a page can hold; each other one is skipped and reported in `loss`.
std::vector<const Question*> PagesToWrite(const model::Bank& bank, LossReport& loss) {
  std::vector<const Question*> pages;
  for (const Question& q : bank.questions) {
    std::string why = Unwritable(q);
    if (why.empty()) {
      pages.push_back(&q);
      continue;
    }
    LossReport::QuestionScope scope(loss, q);
    loss.Drop("questions (" + why + ")");
  }
  return pages;
}
}  // namespace

Result<std::string> PageFormat::Export(const model::Bank& bank, const ExportOptions& /*options*/,
                                       LossReport& loss) const {
  if (bank.questions.empty()) {
    return Status::InvalidInput("cannot write an empty bank as pages: a page holds one question");
  }
  std::vector<const Question*> pages = PagesToWrite(bank, loss);
  if (pages.empty()) {
    return Status::InvalidInput(
        "none of the " + std::to_string(bank.questions.size()) +
        " questions can be written as a page: a page needs a stem and options");
  }
  std::string out;
  // The file takes the line break of its first page.
  std::string eol = PageExtensionString(*pages.front(), "line_break") == "crlf" ? "\r\n" : "\n";
  PageWriter writer(bank, eol, loss);
  const Value* first_page = pages.front()->extensions.Find("page");
  const Value* bom = first_page != nullptr ? first_page->Find("bom") : nullptr;
  if (bom != nullptr && bom->is_bool() && bom->as_bool()) out += kBom;
  for (size_t i = 0; i < pages.size(); ++i) {
    LossReport::QuestionScope scope(loss, *pages[i]);
    if (i > 0) out.append(eol).append(kSeparator).append(eol);
    QBANK_RETURN_IF_ERROR(writer.Write(*pages[i], out));
  }
  // Text that starts with U+FEFF (a stray mark in the title) would be read as the file's mark and
  // lost: a mark of the file's own goes first (ExportBank leaves a page's marks to the page).
  if (out.starts_with(kBom) && (bom == nullptr || !bom->is_bool() || !bom->as_bool())) {
    out.insert(0, kBom);
  }
  const Question& last = *pages.back();
  const Value* last_page = last.extensions.Find("page");
  const Value* final_newline = last_page != nullptr ? last_page->Find("final_newline") : nullptr;
  // A file that ends in a line break has it after its last line; so a page whose last line is
  // empty needs one too, or that line would read as the final line break.
  bool ends_empty = out.ends_with('\n');
  if (ends_empty ||
      (final_newline != nullptr && final_newline->is_bool() && final_newline->as_bool())) {
    out += eol;
  }

  // Bank fields travel only inside the page text: held when a re-import finds them again.
  FieldSet held;
  for (const Question& q : bank.questions) {
    if (q.exam == bank.exam) held.insert("bank.exam");
    if (q.origin->statement == bank.origin) held.insert("bank.origin");
    std::optional<DeclaredSize> size = FindDeclaredSize(q.origin->statement.value);
    if (size && bank.declared_size && size->value == *bank.declared_size) {
      held.insert("bank.declared_size");
    }
    std::vector<std::string_view> roles;
    if (!q.authors.empty()) {
      for (const Text& r : q.authors[0].roles) roles.push_back(r.value);
    }
    const NameSighting* publisher = nullptr;
    std::vector<NameSighting> sightings =
        SightPublisher(q.origin->statement.value, PageExtensionString(q, "footer"), roles);
    publisher = ReliablePublisher(sightings);
    if (publisher != nullptr && publisher->name == bank.publisher.value) {
      held.insert("bank.publisher");
    }
  }
  ReportBankLoss(bank, held, loss);
  return out;
}

}  // namespace qbank::formats
