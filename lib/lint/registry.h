// The rule registry: every built-in rule is registered in one alphabetical list (registry.cc).
#ifndef QBANK_LINT_REGISTRY_H_
#define QBANK_LINT_REGISTRY_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lint/category.h"
#include "lint/rule.h"

namespace qbank::lint {

class RuleRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Rule>()>;

  // The registry holding every built-in rule.
  static const RuleRegistry& Default();

  // Registers rule type T (default-constructible) in `category`. A second rule with the same id
  // replaces nothing: it is ignored (and the registry test catches it).
  template <typename T>
  void Add(Category category) {
    Add(category, [] { return std::unique_ptr<Rule>(new T()); });
  }
  void Add(Category category, Factory factory);

  // A new instance of rule `id` with default options, or nullptr for an unknown id.
  std::unique_ptr<Rule> Create(std::string_view id) const;
  // The instance with default options that describes rule `id`, or nullptr.
  const Rule* Find(std::string_view id) const;
  // Every rule (default options), sorted by id.
  std::vector<const Rule*> All() const;
  // Every rule id, sorted (for "did you mean" hints).
  std::vector<std::string> Ids() const;
  // The category rule `id` was registered in; nullopt for an unknown id.
  std::optional<Category> CategoryOf(std::string_view id) const;
  // The ids of the rules in `category`, sorted.
  std::vector<std::string> IdsIn(Category category) const;
  // Every rule id and every category name (for "did you mean" hints where either may be named).
  std::vector<std::string> IdsAndCategories() const;
  // The number of registration calls, duplicates included (for the registry test).
  size_t registrations() const { return registrations_; }

 private:
  struct Entry {
    std::unique_ptr<Rule> prototype;
    Factory factory;
    Category category;
  };
  std::vector<Entry> entries_;  // sorted by id
  size_t registrations_ = 0;
};

// Adds every built-in rule to `registry`, one line per rule, in alphabetical order of id.
void RegisterBuiltinRules(RuleRegistry& registry);

}  // namespace qbank::lint

#endif  // QBANK_LINT_REGISTRY_H_
