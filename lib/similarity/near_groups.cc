// Near-duplicate groups: the classed similarity join, then stars around well-connected records.
#include <algorithm>
#include <numeric>
#include <span>
#include <utility>

#include "similarity/duplicate_finder.h"

namespace qbank::similarity {
namespace {

// The records (or classes) as an undirected graph: each node's neighbours with the similarity.
struct Graph {
  std::vector<uint32_t> start;  // node x's edges are edges[start[x], start[x + 1])
  std::vector<std::pair<uint32_t, double>> edges;
  std::span<const std::pair<uint32_t, double>> of(uint32_t x) const {
    return {edges.data() + start[x], start[x + 1] - start[x]};
  }
  size_t degree(uint32_t x) const { return start[x + 1] - start[x]; }
};

Graph MakeGraph(const std::vector<SimilarPair>& pairs, size_t n) {
  Graph g;
  g.start.assign(n + 1, 0);
  for (const SimilarPair& p : pairs) {
    ++g.start[p.a + 1];
    ++g.start[p.b + 1];
  }
  for (size_t x = 0; x < n; ++x) g.start[x + 1] += g.start[x];
  g.edges.resize(g.start[n]);
  std::vector<uint32_t> next(g.start.begin(), g.start.end() - 1);
  for (const SimilarPair& p : pairs) {
    g.edges[next[p.a]++] = {p.b, p.similarity};
    g.edges[next[p.b]++] = {p.a, p.similarity};
  }
  return g;
}

uint32_t Find(std::vector<uint32_t>& parent, uint32_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// For each record, the first record with the same exact hash (exact copies share their tokens, so
// they are in one class; all but the first are exact-duplicate's findings).
std::vector<uint32_t> FirstCopies(const BankFeatures& f) {
  const size_t n = f.features.size();
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return f.features[a].exact_hash < f.features[b].exact_hash;
  });
  std::vector<uint32_t> first(n);
  for (size_t i = 0; i < n; ++i) {
    const bool same =
        i > 0 && f.features[order[i]].exact_hash == f.features[order[i - 1]].exact_hash;
    first[order[i]] = same ? first[order[i - 1]] : order[i];
  }
  return first;
}

// The members of each class (records that are first copies), ascending, indexed by class.
struct Classes {
  std::vector<uint32_t> start, members;
  std::span<const uint32_t> of(uint32_t rep) const {
    return {members.data() + start[rep], start[rep + 1] - start[rep]};
  }
};

Classes MakeClasses(const std::vector<uint32_t>& same_as, const std::vector<uint32_t>& first) {
  const size_t n = same_as.size();
  Classes c;
  c.start.assign(n + 1, 0);
  for (uint32_t r = 0; r < n; ++r) {
    if (first[r] == r) ++c.start[same_as[r] + 1];
  }
  for (size_t r = 0; r < n; ++r) c.start[r + 1] += c.start[r];
  c.members.resize(c.start[n]);
  std::vector<uint32_t> next(c.start.begin(), c.start.end() - 1);
  for (uint32_t r = 0; r < n; ++r) {
    if (first[r] == r) c.members[next[same_as[r]]++] = r;
  }
  return c;
}

// One group around class `centre`: its own members (similarity 1) and those of `around` (with the
// similarity of their class to the centre's).
NearGroup Expand(const Classes& classes, const Graph& g, uint32_t centre,
                 std::span<const uint32_t> around) {
  struct Member {
    uint32_t record;
    double similarity;
    uint32_t same_as;
    bool operator<(const Member& o) const { return record < o.record; }
  };
  std::vector<Member> members;
  for (uint32_t r : classes.of(centre)) members.push_back({r, 1.0, centre});
  for (uint32_t other : around) {
    double similarity = 0;
    for (const auto& [y, s] : g.of(centre)) {
      if (y == other) similarity = s;
    }
    for (uint32_t r : classes.of(other)) members.push_back({r, similarity, other});
  }
  std::sort(members.begin(), members.end());
  NearGroup group;
  group.centre = centre;
  for (const Member& m : members) {
    group.members.push_back(m.record);
    group.similarity.push_back(m.similarity);
    group.same_as.push_back(m.same_as);
  }
  return group;
}

// Splits one connected component (classes, at least two) into stars: in order of falling degree,
// a class not yet taken becomes a centre with its neighbours not yet taken; a class whose
// neighbours were all taken is paired with its most similar neighbour.
void SplitComponent(const Classes& classes, const Graph& g, std::vector<uint32_t>& nodes,
                    std::vector<uint8_t>& taken, std::vector<NearGroup>& out) {
  std::stable_sort(nodes.begin(), nodes.end(),
                   [&](uint32_t a, uint32_t b) { return g.degree(a) > g.degree(b); });
  std::vector<uint32_t> around;
  for (uint32_t c : nodes) {
    if (taken[c] != 0) continue;
    around.clear();
    for (const auto& [y, s] : g.of(c)) {
      if (taken[y] == 0) around.push_back(y);
    }
    if (around.empty()) {
      auto best =
          std::max_element(g.of(c).begin(), g.of(c).end(),
                           [](const auto& x, const auto& y) { return x.second < y.second; });
      around.push_back(best->first);
    }
    taken[c] = 1;
    for (uint32_t y : around) taken[y] = 1;
    out.push_back(Expand(classes, g, c, around));
  }
}

}  // namespace

std::vector<NearGroup> FindNearDuplicateGroups(const BankFeatures& f, const JoinOptions& options,
                                               JoinStats* stats) {
  std::optional<TokenSets> taken_tokens = f.TakeTokens();
  TokenSets sets = taken_tokens ? std::move(*taken_tokens) : QuestionTokenSets(f);
  // Pairs with another bank's records are wanted from a lower similarity: join at that one and
  // hold the pairs within the checked banks to the usual threshold. (A class whose first record is
  // checked holds only checked records or copies of one, so such a pair is between checked ones.)
  JoinOptions join = options;
  const bool lower_across = options.against_threshold > 0 &&
                            options.against_threshold < options.threshold &&
                            f.linted_records < f.features.size();
  if (lower_across) join.threshold = options.against_threshold;
  ClassedPairs joined = SimilarityJoinClasses(std::move(sets), f.linted_records, join, stats);
  if (lower_across) {
    std::erase_if(joined.pairs, [&](const SimilarPair& p) {
      return p.b < f.linted_records && p.similarity < options.threshold;
    });
  }
  std::vector<NearGroup> groups =
      GroupSimilarPairs(std::move(joined), FirstCopies(f), f.linted_records);
  if (stats != nullptr) {
    stats->pairs = 0;
    for (const NearGroup& group : groups) stats->pairs += group.members.size() - 1;
  }
  return groups;
}

std::vector<NearGroup> GroupSimilarPairs(ClassedPairs joined, const std::vector<uint32_t>& first,
                                         size_t linted) {
  const size_t n = first.size();
  const Classes classes = MakeClasses(joined.same_as, first);
  // A class representative is its first record, so it is a first copy when its copies share its
  // tokens; a pair with a later copy is left to exact-duplicate all the same.
  std::erase_if(joined.pairs,
                [&](const SimilarPair& p) { return first[p.a] != p.a || first[p.b] != p.b; });
  const Graph g = MakeGraph(joined.pairs, n);

  std::vector<uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  for (const SimilarPair& p : joined.pairs) parent[Find(parent, p.a)] = Find(parent, p.b);
  std::vector<std::vector<uint32_t>> components(n);
  for (uint32_t x = 0; x < n; ++x) {
    if (joined.same_as[x] != x || first[x] != x) continue;
    if (g.degree(x) > 0 || classes.of(x).size() >= 2) components[Find(parent, x)].push_back(x);
  }
  std::vector<NearGroup> groups;
  std::vector<uint8_t> taken(n, 0);
  for (std::vector<uint32_t>& nodes : components) {
    if (nodes.empty()) continue;
    if (nodes.size() == 1) {
      groups.push_back(Expand(classes, g, nodes[0], {}));
      continue;
    }
    auto centre = *std::max_element(nodes.begin(), nodes.end(), [&](uint32_t a, uint32_t b) {
      return g.degree(a) < g.degree(b) || (g.degree(a) == g.degree(b) && a > b);
    });
    if (g.degree(centre) + 1 == nodes.size()) {
      std::vector<uint32_t> around;
      for (const auto& [y, s] : g.of(centre)) around.push_back(y);
      groups.push_back(Expand(classes, g, centre, around));
    } else {
      SplitComponent(classes, g, nodes, taken, groups);
    }
  }
  std::erase_if(groups, [&](const NearGroup& group) {
    return group.members.size() < 2 || group.members.front() >= linted;
  });
  std::sort(groups.begin(), groups.end(), [](const NearGroup& a, const NearGroup& b) {
    return a.members.front() < b.members.front();
  });
  return groups;
}

}  // namespace qbank::similarity
