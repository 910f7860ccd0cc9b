// Text views the item-writing-flaw rules share: an option's text as a loose lower-case phrase, the
// sentence of a stem that asks the question, and numbers written as options.
#ifndef QBANK_LINT_RULES_SHARED_ITEM_TEXT_H_
#define QBANK_LINT_RULES_SHARED_ITEM_TEXT_H_

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qbank::lint {

// `text` with ASCII letters lower-cased, HTML tags and Markdown emphasis marks (* _ `) dropped,
// runs of white space made one space, and spaces, sentence punctuation (. , ; : ! ?) and one pair
// of enclosing quotes or brackets trimmed from both ends: "  **All of the above.** " gives
// "all of the above". Other bytes are kept as they are.
std::string LoosePhrase(std::string_view text);

// The words of a loose phrase (split at spaces).
std::vector<std::string_view> SplitWords(std::string_view phrase);

// Where the question sentence of a stem lies: the last sentence of its last non-empty line, where
// a sentence ends at ". ", "? ", "! " or ": " (so "e.g. " may cut it short; that only shortens
// what the rules read). Bytes [begin, end) of the stem.
struct TextRange {
  size_t begin = 0;
  size_t end = 0;
};
TextRange QuestionSentence(std::string_view stem);

// A number written as an option: optional sign or currency sign, digits with optional thousands
// commas and decimals, or a fraction "3/4", then an optional unit or percent sign (the rest of the
// text, at most two words). "$1,200" is 1200 with unit "", "25 %" is 25 with unit "%", "3.5 m/s"
// is 3.5 with unit "m/s". Nullopt when the text is not such a number.
struct WrittenNumber {
  double value = 0;
  std::string unit;
};
std::optional<WrittenNumber> ParseWrittenNumber(std::string_view text);

// True when `phrase` (a LoosePhrase) is an option that stands for the other options as a whole and
// starts with one of `leads`: with lead "all", "all of the above", "all the above", "all of these",
// "all of the options listed", "all of the above are correct". Grammar: lead, optional "of",
// optional "the"/"these"/"those", a word naming the options (above, following, mentioned, listed,
// options, choices, answers, preceding, previous, given, ...), then at most four more words; or
// just "all of these", "all of them" ("All of them are metals" speaks of the stem's subject).
bool StandsForAllOptions(std::string_view phrase, std::initializer_list<std::string_view> leads);
// StandsForAllOptions(LoosePhrase(text), leads) for an option's text `text`, without making the
// loose phrase when it cannot start with a lead: the phrase starts with the text's first ASCII
// letter or digit (or earlier, with a byte LoosePhrase keeps), so when the text has no HTML tag
// and that letter is no lead's first letter the answer is false. Most options are answered so.
bool OptionStandsForAllOptions(std::string_view text,
                               std::initializer_list<std::string_view> leads);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_ITEM_TEXT_H_
