// Aho-Corasick over byte classes: a trie of the lowered terms, completed into a transition table
// with the failure links (breadth first), each state listing every term that ends there.
#include "text/term_automaton.h"

#include <deque>

namespace qbank::text {
namespace {

unsigned char Lowered(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + 32) : c;
}

}  // namespace

TermAutomaton TermAutomaton::Of(std::initializer_list<std::string_view> terms) {
  TermAutomaton a;
  uint32_t id = 0;
  for (std::string_view term : terms) a.Add(term, id++);
  a.Build();
  return a;
}

void TermAutomaton::Add(std::string_view term, uint32_t id) {
  if (term.empty()) return;
  std::string lowered(term);
  for (char& c : lowered) c = static_cast<char>(Lowered(static_cast<unsigned char>(c)));
  terms_.push_back(std::move(lowered));
  ids_.push_back(id);
  lengths_.push_back(static_cast<uint32_t>(term.size()));
}

void TermAutomaton::Build() {
  // Byte classes: one per byte some term holds (a capital shares its small letter's), 0 for the
  // rest.
  byte_class_.fill(0);
  class_count_ = 1;
  for (const std::string& term : terms_) {
    for (char ch : term) {
      auto c = static_cast<unsigned char>(ch);
      if (byte_class_[c] == 0) byte_class_[c] = static_cast<uint8_t>(class_count_++);
    }
  }
  for (unsigned c = 'A'; c <= 'Z'; ++c) byte_class_[c] = byte_class_[Lowered(c)];

  // The trie, in next_ (0 = no child: the root is nobody's child).
  next_.assign(class_count_, 0);
  std::vector<std::vector<uint32_t>> ends(1);  // state -> terms ending there
  for (uint32_t t = 0; t < terms_.size(); ++t) {
    uint32_t state = 0;
    for (char ch : terms_[t]) {
      size_t slot = state * class_count_ + byte_class_[static_cast<unsigned char>(ch)];
      if (next_[slot] == 0) {
        next_[slot] = static_cast<uint32_t>(ends.size());
        ends.emplace_back();
        next_.resize(next_.size() + class_count_, 0);
      }
      state = next_[slot];
    }
    ends[state].push_back(t);
  }

  // Failure links breadth first; each state's missing transitions are its failure state's, and
  // its terms are followed by its failure state's (shorter ones ending at the same byte).
  const size_t states = ends.size();
  std::vector<uint32_t> fail(states, 0);
  std::vector<std::vector<uint32_t>> outputs(states);
  std::deque<uint32_t> queue = {0};
  while (!queue.empty()) {
    uint32_t u = queue.front();
    queue.pop_front();
    outputs[u] = ends[u];
    if (u != 0) {
      outputs[u].insert(outputs[u].end(), outputs[fail[u]].begin(), outputs[fail[u]].end());
    }
    for (uint32_t k = 0; k < class_count_; ++k) {
      uint32_t& to = next_[u * class_count_ + k];
      uint32_t via_fail = u == 0 ? 0 : next_[fail[u] * class_count_ + k];
      if (to != 0) {
        fail[to] = via_fail;
        queue.push_back(to);
      } else {
        to = via_fail;
      }
    }
  }
  // Entries become slots of the next state, marked when that state ends a term.
  for (uint32_t& to : next_) {
    to = to * class_count_ | (outputs[to].empty() ? 0 : kHasOutput);
  }
  output_begin_.assign(states + 1, 0);
  outputs_.clear();
  for (size_t s = 0; s < states; ++s) {
    output_begin_[s] = static_cast<uint32_t>(outputs_.size());
    outputs_.insert(outputs_.end(), outputs[s].begin(), outputs[s].end());
  }
  output_begin_[states] = static_cast<uint32_t>(outputs_.size());
}

}  // namespace qbank::text
