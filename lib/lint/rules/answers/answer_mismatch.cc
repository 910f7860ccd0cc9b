// answer-mismatch: matches the stated answer against the options and their marks.
#include "lint/rules/answers/answer_mismatch.h"

#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/ascii_text.h"
#include "lint/option_references.h"
#include "text/words.h"

namespace qbank::lint {
namespace {

// An explanation that names a wrong answer dozens of times needs one fix, not dozens of findings.
constexpr int kMaxFindingsPerField = 5;

// "the key is B", "the keys are A, C": made only for a finding (most questions have none).
std::string KeyStatement(const model::Question& q) {
  std::vector<size_t> keys = q.KeyIndexes();
  std::string statement = keys.size() == 1 ? "the key is " : "the keys are ";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) statement += ", ";
    statement += model::OptionLetter(keys[i]);
  }
  return statement;
}

// std::isalnum of the "C" locale (qbank never sets another): ASCII letters and digits.
bool IsAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// An option's text as a statement would quote it: trimmed, without a closing full stop.
std::string_view QuotableText(std::string_view text) {
  while (!text.empty() && (text.back() == '.' || text.back() == ' ' || text.back() == '\n')) {
    text.remove_suffix(1);
  }
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return text;
}

// What may stand between a letter and the option text it names: spaces, ':', ',', ')', '-', '=',
// quotes, dashes ("B, Nitrogen", "B: \"Nitrogen\"", "(B) \u2014 Nitrogen").
bool IsJoiner(std::string_view text, size_t at, size_t* length) {
  static constexpr std::string_view kJoiners[] = {
      " ",  "\t", ":",      ",",      "(",      ")",      "-",      "=",
      "\"", "'",  "\u201C", "\u201D", "\u2018", "\u2019", "\u2013", "\u2014"};
  for (std::string_view j : kJoiners) {
    if (text.compare(at, j.size(), j) == 0) {
      *length = j.size();
      return true;
    }
  }
  return false;
}

// The options whose text is written right after bytes [begin, end) of `text` ("the answer is B,
// Nitrogen") or right before them ("Nitrogen (B) is the answer"), joined by IsJoiner characters
// only; a text that is the start of another option's named text counts only as the longer one.
std::vector<size_t> OptionsNamedBeside(const model::Question& q, std::string_view text,
                                       size_t begin, size_t end) {
  size_t after = end, length = 0;
  while (after < text.size() && IsJoiner(text, after, &length)) after += length;
  size_t before = begin;
  for (bool moved = true; moved && before > 0;) {
    moved = false;
    for (size_t n = 1; n <= 3 && n <= before; ++n) {
      if (IsJoiner(text, before - n, &length) && length == n) {
        before -= n;
        moved = true;
        break;
      }
    }
  }
  std::vector<size_t> named;
  size_t longest = 0;
  for (size_t i = 0; i < q.options.size(); ++i) {
    std::string_view option = QuotableText(q.options[i].text.value);
    if (option.empty()) continue;
    bool follows = after + option.size() <= text.size() &&
                   AsciiEqualIgnoringCase(text.substr(after, option.size()), option) &&
                   (after + option.size() == text.size() || !IsAlnum(text[after + option.size()]));
    bool precedes =
        option.size() <= before &&
        AsciiEqualIgnoringCase(text.substr(before - option.size(), option.size()), option) &&
        (before == option.size() || !IsAlnum(text[before - option.size() - 1]));
    if (!follows && !precedes) continue;
    if (option.size() > longest) named.clear();
    if (option.size() >= longest) {
      named.push_back(i);
      longest = option.size();
    }
  }
  return named;
}

// Why a statement is not fixed, from the options whose text is beside its letter.
std::string NotFixedReason(const model::Question& q, const std::vector<size_t>& named) {
  if (named.empty()) {
    return " (not fixed: no option's text is beside the letter, so a stale letter cannot be told "
           "from a wrong key)";
  }
  if (named.size() > 1) {
    std::string letters;
    for (size_t i : named) letters += (letters.empty() ? "" : " and ") + model::OptionLetter(i);
    return " (not fixed: the text beside the letter is the text of options " + letters + ")";
  }
  return " (not fixed: the text beside the letter, \"" +
         std::string(QuotableText(q.options[named[0]].text.value)) + "\", is option " +
         model::OptionLetter(named[0]) + "'s, not the key's: the key or the statement is wrong)";
}

// Reports a statement naming non-key option ref.option in `field`. When exactly one option's text
// is beside the letter and it is the key's (so the options were reordered after the text was
// written), the finding says so and carries a fix that changes the letter to the key's; the message
// says when the field is escaped in the file and the letter must be changed by hand.
void ReportStatement(const model::Question& q, size_t index, const model::Text& field,
                     std::string_view path, const OptionReference& ref, Reporter& reporter) {
  std::string stated = model::OptionLetter(ref.option);
  std::string message =
      "the " + std::string(path) + " says the answer is " + stated + ", but " + KeyStatement(q);
  std::vector<size_t> named = OptionsNamedBeside(q, field.value, ref.begin, ref.end);
  if (named.size() != 1 || !q.options[named[0]].correct) {
    message += NotFixedReason(q, named);
    reporter.ReportRange(index, field, ref.begin, ref.end, path, message);
    return;
  }
  std::string letter = model::OptionLetter(named[0]);
  // The letter itself, inside "(B)" or "[B]".
  size_t at = ref.begin;
  while (at < ref.end && (field.value[at] < 'A' || field.value[at] > 'Z')) ++at;
  std::optional<Fix> fix = reporter.FixRange(field, at, at + 1, letter);
  message += "; the text beside the letter, \"" +
             std::string(QuotableText(q.options[named[0]].text.value)) +
             "\", is the key's (the options were reordered): " +
             (fix ? "--fix changes " + stated + " to " + letter
                  : "change " + stated + " to " + letter +
                        " (not fixed: the field is escaped in the file)");
  Finding& finding = reporter.ReportRange(index, field, ref.begin, ref.end, path, message);
  finding.fix = std::move(fix);
}

}  // namespace

void AnswerMismatchRule::CheckQuestion(const LintContext& ctx, size_t index,
                                       Reporter& reporter) const {
  const model::Question& q = ctx.bank->questions[index];
  if (!model::IsChoiceType(q.type) || q.options.empty()) return;
  bool has_key = false;
  for (const model::Option& o : q.options) has_key = has_key || o.correct;
  if (!has_key) return;  // key-count reports it; there is nothing to compare with

  if (!q.stated_answer->empty()) {
    std::string stated = text::OptionComparisonKey(q.stated_answer->value);
    std::optional<size_t> named;
    for (size_t i = 0; i < q.options.size() && !named; ++i) {
      if (text::OptionComparisonKey(q.options[i].text.value) == stated) named = i;
    }
    if (!named && stated.size() == 1) {
      // A bare letter: "C" or "c".
      char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(stated[0])));
      if (letter >= 'A' && letter <= 'Z' && static_cast<size_t>(letter - 'A') < q.options.size()) {
        named = static_cast<size_t>(letter - 'A');
      }
    }
    if (!named) {
      reporter.Report(
          index, q.stated_answer, "stated_answer",
          "the correct-answer block names no option of this question; " + KeyStatement(q));
    } else if (!q.options[*named].correct) {
      reporter.Report(index, q.stated_answer, "stated_answer",
                      "the correct-answer block names option " + model::OptionLetter(*named) +
                          ", which is not marked correct; " + KeyStatement(q));
    }
  }

  int reported = 0;
  for (const auto& [field, path] :
       {std::pair<const model::Text*, std::string_view>{&q.explanation, "explanation"},
        {&*q.trap, "trap"}}) {
    for (const OptionReference& ref : FindOptionReferences(field->value)) {
      if (!ref.states_answer || ref.option >= q.options.size()) continue;
      if (q.options[ref.option].correct) continue;
      if (++reported > kMaxFindingsPerField) break;
      ReportStatement(q, index, *field, path, ref, reporter);
    }
    reported = 0;
  }
}

}  // namespace qbank::lint
