// The duplicate checks over one or more banks: exact duplicates, near duplicates (by an exact
// similarity join), one option set under different stems, and explanations reused across
// questions. Banks [0, linted) are checked; later ones (`--against`) are only compared with.
#ifndef QBANK_SIMILARITY_DUPLICATE_FINDER_H_
#define QBANK_SIMILARITY_DUPLICATE_FINDER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/bank.h"
#include "similarity/question_features.h"
#include "similarity/similarity_join.h"

namespace qbank::similarity {

// A question of one of the banks.
struct QuestionRef {
  uint32_t bank = 0;
  uint32_t question = 0;
  friend bool operator==(const QuestionRef&, const QuestionRef&) = default;
  friend auto operator<=>(const QuestionRef&, const QuestionRef&) = default;
};

// The features of every question of some banks, in bank order.
struct BankFeatures {
  std::vector<const model::Bank*> banks;
  size_t linted_banks = 0;
  std::vector<QuestionRef> refs;           // record i is question refs[i]
  std::vector<QuestionFeatures> features;  // features[i] of record i
  size_t linted_records = 0;               // records [0, linted_records) are in linted banks
  const model::Question& question(size_t record) const {
    return banks[refs[record].bank]->questions[refs[record].question];
  }
  // The near-duplicate tokens of every record, made in the same pass as the features. The first
  // FindNearDuplicates takes them (the join consumes its input); later calls make them again.
  std::optional<TokenSets> TakeTokens() const;
  mutable std::mutex tokens_mutex;
  mutable std::optional<TokenSets> tokens;
};

// The features of `banks` (the first `linted_banks` are the checked ones), computed on `threads`
// threads (0: all cores). The banks must outlive the result. (The lint rules of one run share one
// computation through their LintContext.)
std::shared_ptr<const BankFeatures> ComputeBankFeatures(
    const std::vector<const model::Bank*>& banks, size_t linted_banks,
    const FeatureOptions& options, unsigned threads = 0);

// Questions whose stems and option sets (in any order) have the same comparison keys. Members in
// record order (the first is the earliest); only groups with a member in a checked bank.
struct ExactGroup {
  std::vector<uint32_t> members;  // records
  bool keys_disagree = false;     // the copies mark different options as correct
};
std::vector<ExactGroup> FindExactDuplicates(const BankFeatures& features);

// The near-duplicate tokens (AppendQuestionTokens) of every record, computed on `threads` threads
// (0: all cores).
TokenSets QuestionTokenSets(const BankFeatures& features, unsigned threads = 0);

// Near duplicates: pairs of records with similarity >= options.threshold that are not exact
// duplicates of each other, a < b. Of a group of exact copies only the first is paired.
std::vector<SimilarPair> FindNearDuplicates(const BankFeatures& features,
                                            const JoinOptions& options, JoinStats* stats = nullptr);

// Near duplicates as groups: records whose similarity >= options.threshold (the pairs
// FindNearDuplicates returns) clustered into connected groups, with a guard against chaining:
// every member is similar to the group's centre (a component where one record is similar to all
// the others is one group; otherwise it is split into stars around the records with the most
// neighbours, and a record left over is paired with its most similar neighbour). Exact copies
// after the first are left to exact-duplicate. Only groups with a record below
// features.linted_records; members ascending, groups by their first member.
struct NearGroup {
  std::vector<uint32_t> members;   // records, ascending
  uint32_t centre = 0;             // the member every other member is similar to
  std::vector<double> similarity;  // similarity[i]: of members[i] to the centre (1 for it)
  // same_as[i]: the first record with members[i]'s tokens (members with the same one have
  // similarity 1 with each other).
  std::vector<uint32_t> same_as;
};
std::vector<NearGroup> FindNearDuplicateGroups(const BankFeatures& features,
                                               const JoinOptions& options,
                                               JoinStats* stats = nullptr);

// The clustering FindNearDuplicateGroups does, over the classed join of `first_copy.size()`
// records: first_copy[r] is the first exact copy of record r (r for a question with no earlier
// copy); groups need a member below `linted`.
std::vector<NearGroup> GroupSimilarPairs(ClassedPairs joined,
                                         const std::vector<uint32_t>& first_copy, size_t linted);

// Questions sharing one option set (stock options ignored; see FeatureOptions) under stems that
// are not the same or alike (stem token similarity below 0.5). A set shared by more than
// `max_questions` questions is a convention of the bank (a rating scale), not a copy, and is not
// reported. Members in record order.
struct OptionSetGroup {
  std::vector<uint32_t> members;
};
std::vector<OptionSetGroup> FindSharedOptionSets(const BankFeatures& features,
                                                 size_t max_questions);

// One explanation or rationale text (same comparison key, at least `min_words` words) used by at
// least `min_questions` distinct questions. Members are (record, option) in record order; option
// -1 is the explanation.
struct ReuseGroup {
  std::vector<std::pair<uint32_t, int32_t>> members;
  size_t questions = 0;  // distinct questions among members
  uint32_t words = 0;
};
std::vector<ReuseGroup> FindReusedExplanations(const BankFeatures& features, size_t min_questions,
                                               size_t min_words);

// An explanation or rationale of a checked question that is a copy of one in a bank compared
// against (`--against`): a new stem over a dump's explanation is a copy too, so explanations are
// compared as fields of their own.
struct CopiedExplanation {
  uint32_t record = 0;        // a checked record (below linted_records)
  int32_t option = -1;        // -1: its explanation; otherwise the option whose rationale it is
  uint32_t other = 0;         // a record of a bank compared against
  int32_t other_option = -1;  // the same for the other record's field
  double similarity = 0;
};
// The explanations and rationales of at least `min_words` words of checked records whose tokens
// (AppendTextTokens: words and neighbouring pairs) have a Jaccard similarity of at least
// join.threshold with one of the same in a bank compared against; join's frequent-token guard is
// taken over these texts, and a text with fewer than join.min_tokens tokens left takes no part.
// Texts of two checked records are not compared (that is FindReusedExplanations'), nor texts of
// two other records. One entry per checked field: its most similar match (of equals, the first in
// record order). In record order, the explanation before the rationales.
std::vector<CopiedExplanation> FindCopiedExplanations(const BankFeatures& features,
                                                      const JoinOptions& join, size_t min_words);

// The Jaccard similarity of two questions' near-duplicate tokens (AppendQuestionTokens, every
// token counted, none dropped as frequent): near-duplicate's figure for one pair.
double QuestionSimilarity(const model::Question& a, const model::Question& b);

// The longest run of words that two comparison keys share in the same order: words [a_first,
// a_first + words) of `a` are words [b_first, b_first + words) of `b` (the first such run in `a`);
// `words` is 0 when they share no word.
struct SharedRun {
  size_t a_first = 0;
  size_t b_first = 0;
  size_t words = 0;
};
SharedRun LongestSharedRun(const text::TextKey& a, const text::TextKey& b);

// The words (as written in each question) that one of two questions has and the other lacks,
// compared by comparison keys, however short ("CR and MR" against "RS and KM"): in the stems and
// then in the options, each word beyond the number of times the other question's stem (options)
// has it, so a word the other question has only elsewhere still counts, and order does not
// (options may be shuffled, clauses reordered). At most `limit` of each, in text order. Both
// lists are empty when the questions differ only in word order, punctuation or layout.
struct WordDifference {
  std::vector<std::string> only_in_a;
  std::vector<std::string> only_in_b;
};
WordDifference DifferingWords(const model::Question& a, const model::Question& b, size_t limit);
// The same over the questions' keyed text (KeyQuestionText).
WordDifference DifferingWords(const QuestionText& ta, const QuestionText& tb, size_t limit);

// True when two questions share a long reading passage and ask different things: their stems
// share a common beginning and end of at least `min_passage_words` words together, at least half
// of the shorter stem, and what is left (the rest of each stem and the options) has fewer than
// half its distinct words in common. Several questions on one passage are a normal test layout,
// not near duplicates.
inline constexpr size_t kMinPassageWords = 30;
bool SharePassageOnly(const model::Question& a, const model::Question& b,
                      size_t min_passage_words = kMinPassageWords);
// The same over the questions' keyed text (KeyQuestionText), for a caller that compares one
// question with many and keys it once.
// A stem of fewer than `min_passage_words` key words never shares such a passage, so a caller
// with the word counts (QuestionFeatures::stem_words) can skip keying it.
bool SharePassageOnly(const QuestionText& ta, const QuestionText& tb,
                      size_t min_passage_words = kMinPassageWords);

// True when two stems ask the same thing in other wording: once the words in `function_words`
// (articles, auxiliaries, prepositions: comparison keys) are left out, their words are the same in
// the same order, or in an order where, between a common beginning and end, one part was moved
// before the rest ("In 2019, which ..." against "Which ... in 2019"), a word matching another that
// only adds an ending of up to three letters ("electric", "electrical"; numbers must be equal).
// Different options do not count: a copy with other distractors asks the same. A content word, a
// number or a negation changed, or words exchanged within the stem ("doubles the energy ... its
// momentum" against "doubles the momentum ... its energy"), make another question.
using WordSet = std::set<std::string, std::less<>>;
bool SameStemWording(const QuestionText& a, const QuestionText& b, const WordSet& function_words);

}  // namespace qbank::similarity

#endif  // QBANK_SIMILARITY_DUPLICATE_FINDER_H_
