// The canonical JSON writer for banks: a small indenting emitter and one function per model type.
#include "json/bank_writer.h"

#include <string_view>
#include <vector>

#include "json/document.h"

namespace qbank::json {
namespace {

// Writes nested objects and arrays with two-space indentation; tracks whether the open container
// already has an entry (for commas).
class Emitter {
 public:
  explicit Emitter(std::string& out) : out_(out) {}

  void OpenObject() { Open('{'); }
  void CloseObject() { Close('}'); }
  void OpenArray() { Open('['); }
  void CloseArray() { Close(']'); }
  // Starts a member of the open object.
  void Key(std::string_view key) {
    Separator();
    AppendQuoted(key, out_);
    out_ += ": ";
  }
  // Starts an element of the open array.
  void Element() { Separator(); }
  void String(std::string_view s) { AppendQuoted(s, out_); }
  void Bool(bool b) { out_ += b ? "true" : "false"; }
  void Int(int64_t i) { out_ += std::to_string(i); }
  void Double(double d) { AppendValue(model::Value(d), kIndent, Level(), out_); }
  void Value(const model::Value& v) { AppendValue(v, kIndent, Level(), out_); }

 private:
  static constexpr int kIndent = 2;
  int Level() const { return static_cast<int>(has_entry_.size()); }
  void Open(char c) {
    out_ += c;
    has_entry_.push_back(false);
  }
  void Close(char c) {
    bool any = has_entry_.back();
    has_entry_.pop_back();
    if (any) NewLine();
    out_ += c;
  }
  void Separator() {
    if (has_entry_.back()) out_ += ',';
    has_entry_.back() = true;
    NewLine();
  }
  void NewLine() {
    out_ += '\n';
    out_.append(static_cast<size_t>(kIndent) * static_cast<size_t>(Level()), ' ');
  }

  std::string& out_;
  std::vector<bool> has_entry_;
};

void TextMember(Emitter& e, std::string_view key, const model::Text& text) {
  if (text.empty()) return;
  e.Key(key);
  e.String(text.value);
}

void TextArrayMember(Emitter& e, std::string_view key, const std::vector<model::Text>& texts) {
  if (texts.empty()) return;
  e.Key(key);
  e.OpenArray();
  for (const model::Text& t : texts) {
    e.Element();
    e.String(t.value);
  }
  e.CloseArray();
}

void ExtensionsMember(Emitter& e, const model::Value& extensions) {
  if (!extensions.is_object() || extensions.as_object().empty()) return;
  e.Key("extensions");
  e.Value(extensions);
}

void WriteOption(Emitter& e, const model::Option& option) {
  e.OpenObject();
  TextMember(e, "text", option.text);
  e.Key("correct");
  e.Bool(option.correct);
  if (option.weight.has_value()) {
    e.Key("weight");
    e.Double(*option.weight);
  }
  TextMember(e, "rationale", option.rationale);
  ExtensionsMember(e, option.extensions);
  e.CloseObject();
}

void WritePerson(Emitter& e, const model::Person& person) {
  e.OpenObject();
  TextMember(e, "initials", person.initials);
  TextMember(e, "name", person.name);
  TextMember(e, "credentials", person.credentials);
  TextArrayMember(e, "roles", person.roles);
  e.CloseObject();
}

void WriteQuestion(Emitter& e, const model::Question& q) {
  e.OpenObject();
  TextMember(e, "id", q.id);
  e.Key("type");
  e.String(model::QuestionTypeName(q.type));
  TextMember(e, "exam", q.exam);
  TextMember(e, "domain", q.domain);
  TextMember(e, "stem", q.stem);
  TextMember(e, "trap", q.trap);
  if (!q.options.empty()) {
    e.Key("options");
    e.OpenArray();
    for (const model::Option& o : q.options) {
      e.Element();
      WriteOption(e, o);
    }
    e.CloseArray();
  }
  TextMember(e, "stated_answer", q.stated_answer);
  TextMember(e, "explanation", q.explanation);
  TextArrayMember(e, "tags", q.tags);
  TextMember(e, "difficulty", q.difficulty);
  if (q.markup != model::Markup::kPlain) {
    e.Key("markup");
    e.String(model::MarkupName(q.markup));
  }
  if (!q.authors.empty()) {
    e.Key("authors");
    e.OpenArray();
    for (const model::Person& p : q.authors) {
      e.Element();
      WritePerson(e, p);
    }
    e.CloseArray();
  }
  const model::Review& r = q.review;
  if (!r.date.empty() || !r.reviewer.empty() || !r.checked_against.empty()) {
    e.Key("review");
    e.OpenObject();
    TextMember(e, "date", r.date);
    TextMember(e, "reviewer", r.reviewer);
    TextMember(e, "checked_against", r.checked_against);
    e.CloseObject();
  }
  if (!q.origin->statement.empty() || !q.origin->references.empty()) {
    e.Key("origin");
    e.OpenObject();
    TextMember(e, "statement", q.origin->statement);
    TextArrayMember(e, "references", q.origin->references);
    e.CloseObject();
  }
  if (!q.suppressions.empty()) {
    e.Key("suppress");
    e.OpenArray();
    for (const model::Suppression& s : q.suppressions) {
      e.Element();
      e.OpenObject();
      e.Key("rule");
      e.String(s.rule);
      if (!s.reason.empty()) {
        e.Key("reason");
        e.String(s.reason);
      }
      e.CloseObject();
    }
    e.CloseArray();
  }
  ExtensionsMember(e, q.extensions);
  e.CloseObject();
}

}  // namespace

std::string WriteBank(const model::Bank& bank) {
  return WriteBank(bank, bank.questions,
                   [](const model::Question& q) -> const model::Question& { return q; });
}

std::string WriteBank(const model::Bank& bank, const model::QuestionList& questions,
                      const QuestionView& view) {
  std::string out;
  Emitter e(out);
  e.OpenObject();
  e.Key("qbank");
  e.Int(model::Bank::kFormatVersion);
  TextMember(e, "id", bank.id);
  TextMember(e, "title", bank.title);
  TextMember(e, "exam", bank.exam);
  TextMember(e, "publisher", bank.publisher);
  TextMember(e, "language", bank.language);
  if (bank.declared_size.has_value()) {
    e.Key("declared_size");
    e.Int(*bank.declared_size);
  }
  TextMember(e, "origin", bank.origin);
  if (!questions.empty()) {
    e.Key("questions");
    e.OpenArray();
    for (const model::Question& q : questions) {
      e.Element();
      WriteQuestion(e, view(q));
    }
    e.CloseArray();
  }
  ExtensionsMember(e, bank.extensions);
  e.CloseObject();
  out += '\n';
  return out;
}

}  // namespace qbank::json
