// A multi-pattern byte matcher (Aho-Corasick): every occurrence of every term of a list found in
// one pass over the text, ASCII case ignored, instead of one search per term.
#ifndef QBANK_TEXT_TERM_AUTOMATON_H_
#define QBANK_TEXT_TERM_AUTOMATON_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace qbank::text {

// Built once from a term list (Add each term, then Build), then shared read-only by every thread.
// Bytes are matched as they are, except that ASCII capitals match their small letters; UTF-8
// sequences in a term match the same bytes in the text. Bytes no term holds share one class, so
// the transition table stays small and a text of them keeps the automaton at its root.
class TermAutomaton {
 public:
  // An automaton of `terms` (ids 0, 1, ... in order), built.
  static TermAutomaton Of(std::initializer_list<std::string_view> terms);

  // Adds a non-empty `term` reported as `id` (an empty one is ignored). Not after Build. The terms
  // may hold up to 8 MB in all (the table indexes states with 31 bits).
  void Add(std::string_view term, uint32_t id);
  // Makes the automaton ready to Scan. Call once, after the last Add.
  void Build();
  // True when no term was added.
  bool empty() const { return lengths_.empty(); }

  // Calls `visit(begin, id)` for every occurrence [begin, begin + length of the term) of every
  // term in `text`, overlapping ones included, in order of their end; occurrences ending at the
  // same byte come longest term first. `visit` may be called for one place under several ids
  // when equal terms were added with different ids.
  // True when some term occurs in `text` (the scan stops at the first).
  bool ContainsAny(std::string_view text) const {
    uint32_t at = 0;
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    for (size_t i = 0; i < text.size(); ++i) {
      uint32_t entry = next_[at + byte_class_[bytes[i]]];
      if ((entry & kHasOutput) != 0) return true;
      at = entry;
    }
    return false;
  }

  template <typename Visit>
  void Scan(std::string_view text, Visit&& visit) const {
    // `at` is the current state's first slot in next_ (state * class_count_); the entries carry
    // kHasOutput when the state they lead to ends some term.
    uint32_t at = 0;
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    for (size_t i = 0; i < n; ++i) {
      uint32_t entry = next_[at + byte_class_[bytes[i]]];
      at = entry & ~kHasOutput;
      if ((entry & kHasOutput) == 0) continue;
      const uint32_t state = at / class_count_;
      for (uint32_t k = output_begin_[state]; k < output_begin_[state + 1]; ++k) {
        const uint32_t term = outputs_[k];
        visit(i + 1 - lengths_[term], ids_[term]);
      }
    }
  }

 private:
  std::vector<std::string> terms_;  // lowered, in the order added
  std::vector<uint32_t> ids_;
  std::vector<uint32_t> lengths_;
  std::array<uint8_t, 256> byte_class_{};
  uint32_t class_count_ = 1;
  static constexpr uint32_t kHasOutput = 0x80000000u;
  // state * class_count_ + class -> next state * class_count_, with kHasOutput when it ends a term
  std::vector<uint32_t> next_;
  std::vector<uint32_t> output_begin_;  // state -> first entry in outputs_ (states + 1 entries)
  std::vector<uint32_t> outputs_;       // terms (indexes in terms_) ending at each state
};

}  // namespace qbank::text

#endif  // QBANK_TEXT_TERM_AUTOMATON_H_
