// Explanations copied from a bank compared against: a similarity join over the explanation and
// rationale texts of the checked banks and the others, pairs across the two kept.
#include <algorithm>
#include <span>

#include "similarity/duplicate_finder.h"
#include "similarity/fingerprint.h"
#include "similarity/sorted_sets.h"

namespace qbank::similarity {
namespace {

constexpr double kEpsilon = 1e-9;

const model::Text& FieldText(const model::Question& q, int32_t option) {
  return option < 0 ? q.explanation : *q.options[static_cast<size_t>(option)].rationale;
}

// One explanation or rationale taking part: record and field.
struct Field {
  uint32_t record = 0;
  int32_t option = -1;
};

// The fields of at least `min_words` words, the checked records' first, and their tokens.
struct FieldSets {
  std::vector<Field> fields;
  TokenSets sets;
  size_t checked = 0;  // fields [0, checked) belong to checked records
};

FieldSets CollectFields(const BankFeatures& f, size_t min_words) {
  FieldSets out;
  std::vector<uint32_t> tokens;
  for (uint32_t r = 0; r < f.features.size(); ++r) {
    if (r == f.linted_records) out.checked = out.fields.size();
    for (const ExplanationRef& e : f.features[r].explanations) {
      if (e.words < min_words) continue;
      tokens.clear();
      AppendTextTokens(FieldText(f.question(r), e.option).value, f.features[r].script, &tokens);
      out.sets.Add(tokens.data(), tokens.size());
      out.fields.push_back({r, e.option});
    }
  }
  if (f.linted_records >= f.features.size()) out.checked = out.fields.size();
  return out;
}

// The members of each class of a classed join, and the first member of each that is not checked.
class Classes {
 public:
  Classes(const std::vector<uint32_t>& same_as, size_t checked)
      : start_(same_as.size() + 1, 0),
        members_(same_as.size()),
        first_other_(same_as.size(), kNone) {
    const size_t n = same_as.size();
    for (size_t r = 0; r < n; ++r) ++start_[same_as[r] + 1];
    for (size_t r = 0; r < n; ++r) start_[r + 1] += start_[r];
    std::vector<uint32_t> next(start_.begin(), start_.end() - 1);
    for (uint32_t r = 0; r < n; ++r) {
      members_[next[same_as[r]]++] = r;
      if (r >= checked && first_other_[same_as[r]] == kNone) first_other_[same_as[r]] = r;
    }
  }
  std::span<const uint32_t> of(uint32_t rep) const {
    return {members_.data() + start_[rep], start_[rep + 1] - start_[rep]};
  }
  static constexpr uint32_t kNone = UINT32_MAX;
  // The first member of class `rep` that is not checked, kNone when all are.
  uint32_t first_other(uint32_t rep) const { return first_other_[rep]; }

 private:
  std::vector<uint32_t> start_;
  std::vector<uint32_t> members_;
  std::vector<uint32_t> first_other_;
};

}  // namespace

std::vector<CopiedExplanation> FindCopiedExplanations(const BankFeatures& f,
                                                      const JoinOptions& join, size_t min_words) {
  FieldSets collected = CollectFields(f, min_words);
  const size_t checked = collected.checked;
  if (checked == 0 || checked == collected.fields.size()) return {};
  const ClassedPairs classed = SimilarityJoinClasses(std::move(collected.sets), checked, join);
  const Classes classes(classed.same_as, checked);
  // best[x]: the most similar other field of checked field x (of equals, the first).
  std::vector<std::pair<double, uint32_t>> best(checked, {-1.0, Classes::kNone});
  auto consider = [&](uint32_t x, uint32_t other, double similarity) {
    if (x >= checked || other == Classes::kNone) return;
    auto& [s, y] = best[x];
    if (similarity > s + kEpsilon || (similarity + kEpsilon >= s && other < y))
      best[x] = {similarity, other};
  };
  // A field and another with the same kept tokens are one class (similarity 1).
  for (uint32_t x = 0; x < checked; ++x) consider(x, classes.first_other(classed.same_as[x]), 1.0);
  for (const SimilarPair& p : classed.pairs) {
    for (uint32_t x : classes.of(p.a)) consider(x, classes.first_other(p.b), p.similarity);
    for (uint32_t x : classes.of(p.b)) consider(x, classes.first_other(p.a), p.similarity);
  }
  std::vector<CopiedExplanation> out;
  for (uint32_t x = 0; x < checked; ++x) {
    const auto [similarity, y] = best[x];
    if (y == Classes::kNone) continue;
    const Field& mine = collected.fields[x];
    const Field& theirs = collected.fields[y];
    out.push_back({mine.record, mine.option, theirs.record, theirs.option, similarity});
  }
  return out;
}

double QuestionSimilarity(const model::Question& a, const model::Question& b) {
  auto distinct = [](const model::Question& q) {
    std::vector<uint32_t> tokens;
    AppendQuestionTokens(q, &tokens);
    std::sort(tokens.begin(), tokens.end());
    tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
    return tokens;
  };
  const std::vector<uint32_t> ta = distinct(a), tb = distinct(b);
  return Jaccard(CommonCount(ta.data(), ta.size(), tb.data(), tb.size()), ta.size(), tb.size());
}

SharedRun LongestSharedRun(const text::TextKey& a, const text::TextKey& b) {
  std::vector<uint64_t> hb(b.size());
  for (size_t j = 0; j < b.size(); ++j) hb[j] = HashToken(b.Word(j));
  // run[j + 1]: the length of the shared run ending at word i of `a` and word j of `b`.
  std::vector<size_t> run(b.size() + 1, 0), previous(b.size() + 1, 0);
  SharedRun best;
  for (size_t i = 0; i < a.size(); ++i) {
    const uint64_t ha = HashToken(a.Word(i));
    std::swap(run, previous);
    for (size_t j = 0; j < b.size(); ++j) {
      run[j + 1] = hb[j] == ha && a.Word(i) == b.Word(j) ? previous[j] + 1 : 0;
      if (run[j + 1] > best.words) best = {i + 1 - run[j + 1], j + 1 - run[j + 1], run[j + 1]};
    }
  }
  return best;
}

}  // namespace qbank::similarity
