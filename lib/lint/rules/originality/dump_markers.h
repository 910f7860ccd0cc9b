// dump-markers: text typical of leaked exam dumps ("QUESTION NO: 12", "Correct Answer: B",
// "Explanation/Reference:", vote tallies) left in a question.
#ifndef QBANK_LINT_RULES_ORIGINALITY_DUMP_MARKERS_H_
#define QBANK_LINT_RULES_ORIGINALITY_DUMP_MARKERS_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "lint/rule.h"
#include "text/term_automaton.h"

namespace qbank::lint {

// A term of the dump-marker list: literal text (matched ignoring ASCII case), where a space
// matches any run of white space (or none), "{n}" a number, "{letter}" one capital A-H and
// "{letters}" one or more of them ("CD"), matched only at word edges. A term that starts with "^"
// matches only at the start of a line (after spaces and tabs), and one that ends with "$" only
// where the line ends and another line follows, as dump headings stand ("QUESTION 37" over the
// question), so the same words inside a sentence or as a whole option do not count.
class DumpMarkerTerm {
 public:
  explicit DumpMarkerTerm(std::string_view term);
  const std::string& text() const { return text_; }
  // The first match in `s` at or after `from`: its byte range, or {npos, npos}.
  std::pair<size_t, size_t> Find(std::string_view s, size_t from = 0) const;
  // The end of a match of the term starting at byte `at` of `s` (the term's edges checked), or
  // npos. Find is the first `at` from `from` on where this is not npos.
  size_t MatchHere(std::string_view s, size_t at) const;
  // The literal text (small letters) every match starts with, up to the first space or
  // placeholder: "question" for "QUESTION NO: {n}"; empty when the term starts with one.
  const std::string& literal_prefix() const { return literal_prefix_; }

 private:
  enum class Kind { kChar, kSpace, kNumber, kLetter, kLetters };
  struct Piece {
    Kind kind;
    char c;
  };
  size_t MatchAt(std::string_view s, size_t at) const;  // end of the match, or npos
  std::string literal_prefix_;
  std::string text_;
  std::vector<Piece> pieces_;
  bool line_start_ = false;
  bool line_end_ = false;
};

// Parses a term list: one term a line, "#" comments and blank lines skipped.
std::vector<DumpMarkerTerm> ParseDumpMarkerTerms(std::string_view list);

// Every term of a list searched in one pass: an automaton over the terms' literal prefixes finds
// where a match may start, and only there is the whole term tried; terms without a literal prefix
// are searched on their own.
class DumpMarkerScanner {
 public:
  explicit DumpMarkerScanner(std::vector<DumpMarkerTerm> terms = {});
  const std::vector<DumpMarkerTerm>& terms() const { return terms_; }
  // The matches in `s`, in text order, one per place: each term's matches left to right (a
  // match starting where the term's previous one ended or later), the earlier term of the list
  // winning where matches of several overlap.
  std::vector<std::pair<size_t, size_t>> Matches(std::string_view s) const;
  // The same result by searching for each term in turn with DumpMarkerTerm::Find: the reference
  // the one-pass search is tested against.
  std::vector<std::pair<size_t, size_t>> MatchesTermByTerm(std::string_view s) const;

 private:
  // Calls visit(begin, term) for each place a prefixed term's literal prefix starts, in text
  // order: at word starts only, by first byte (when every prefix starts with a word byte, as
  // MatchHere finds nothing inside a word), else with the automaton at every byte.
  template <typename Visit>
  void ScanPrefixes(std::string_view s, Visit&& visit) const;

  std::vector<DumpMarkerTerm> terms_;
  text::TermAutomaton prefixes_;      // literal prefix -> index in terms_
  std::vector<uint32_t> unprefixed_;  // terms searched on their own
  // Whether every literal prefix starts with a word byte, and the prefixed terms by the first
  // byte of their prefix (small letters).
  bool word_start_prefixes_ = true;
  std::array<std::vector<uint32_t>, 256> by_first_byte_;
  // Bit (first << 8 | second) is set when some prefix starts with those two bytes (small
  // letters), or is the one byte `first`: most word starts are answered by this bit alone.
  std::array<uint64_t, 1024> first_pairs_{};
};

// The list is rules/terms/dump-markers.txt in the data folder, read when the rule is configured;
// option `terms` replaces it and `extra-terms` adds to it. Every authored field but the stated
// answer (where "Correct answer: B" is how the page format states the key) is searched; each
// match is one finding quoting it.
class DumpMarkersRule : public Rule {
 public:
  std::string_view id() const override { return "dump-markers"; }
  std::string_view summary() const override {
    return "A question contains text typical of leaked exam dumps (\"QUESTION NO: 12\").";
  }
  Severity default_severity() const override { return Severity::kWarning; }
  Status Configure(const model::Value& options, const RuleEnvironment& env) override;
  void CheckQuestion(const LintContext& ctx, size_t index, Reporter& reporter) const override;

 private:
  DumpMarkerScanner scanner_;
};

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_ORIGINALITY_DUMP_MARKERS_H_
