// Boxed<T>: a field most questions do not have, kept out of line and made only when written. A
// question's review, origin, trap and the like are absent from most banks (MMLU's questions have
// only a domain of them), yet held inline they made every question 856 bytes; boxed, an absent
// one costs a pointer.
#ifndef QBANK_MODEL_BOXED_H_
#define QBANK_MODEL_BOXED_H_

#include <memory>
#include <utility>

namespace qbank::model {

// A value of type T with value semantics (copies are deep), held on the heap when present. An
// absent value reads as T{} (a shared empty one); writing through a non-const access makes it.
// Member access is `->`; a Boxed<T> converts to `const T&` (reading) and is assigned from a T.
template <typename T>
class Boxed {
 public:
  Boxed() = default;
  // NOLINTNEXTLINE(google-explicit-constructor): a T is assigned and passed where a Boxed is
  Boxed(T value) : value_(std::make_unique<T>(std::move(value))) {}
  Boxed(const Boxed& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(T value) {
    if (value_) {
      *value_ = std::move(value);
    } else {
      value_ = std::make_unique<T>(std::move(value));
    }
    return *this;
  }
  ~Boxed() = default;

  // True when the value was written (it may still equal T{}).
  bool present() const { return value_ != nullptr; }
  // The value, or a shared T{} when absent. Never makes it.
  const T& get() const { return value_ ? *value_ : Empty(); }
  // The value, made (as T{}) when absent.
  T& mutable_get() {
    if (!value_) value_ = std::make_unique<T>();
    return *value_;
  }
  const T& operator*() const { return get(); }
  T& operator*() { return mutable_get(); }
  const T* operator->() const { return &get(); }
  T* operator->() { return &mutable_get(); }
  // Reads only, even of a non-const box: a Boxed passed where a `const T&` is taken is not made.
  // (Where a `T&` is taken, `*box` makes it.)
  operator const T&() const { return get(); }  // NOLINT(google-explicit-constructor)

  // Equal when the values are (an absent value equals a present T{}).
  friend bool operator==(const Boxed& a, const Boxed& b) { return a.get() == b.get(); }
  friend bool operator==(const Boxed& a, const T& b) { return a.get() == b; }

 private:
  static const T& Empty() {
    static const T* const kEmpty = new T();  // never destroyed: read during static destruction
    return *kEmpty;
  }

  std::unique_ptr<T> value_;
};

// Moves `from` into `to` when `to` reads empty (T::empty()), making neither: the first file or
// carrier to give a field wins.
template <typename T>
void TakeIfEmpty(Boxed<T>& to, Boxed<T>& from) {
  if (to.get().empty()) to = std::move(from);
}

}  // namespace qbank::model

#endif  // QBANK_MODEL_BOXED_H_
