// Value: a small JSON-like tree (null, bool, number, string, array, object) that carries
// format-specific data through the model unchanged, without the model depending on a JSON library.
#ifndef QBANK_MODEL_VALUE_H_
#define QBANK_MODEL_VALUE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace qbank::model {

class Value {
 public:
  using Array = std::vector<Value>;
  using Object = std::map<std::string, Value>;  // keys sorted: a stable order for output

  Value() = default;                                                                  // null
  Value(bool b) : data_(b) {}                                                         // NOLINT
  Value(double d) : data_(d) {}                                                       // NOLINT
  Value(int64_t i) : data_(i) {}                                                      // NOLINT
  Value(int i) : data_(static_cast<int64_t>(i)) {}                                    // NOLINT
  Value(std::string s) : data_(std::make_shared<const std::string>(std::move(s))) {}  // NOLINT
  Value(const char* s) : data_(std::make_shared<const std::string>(s)) {}             // NOLINT
  Value(Array a) : data_(std::make_shared<Array>(std::move(a))) {}                    // NOLINT
  Value(Object o) : data_(std::make_shared<Object>(std::move(o))) {}                  // NOLINT

  bool is_null() const { return std::holds_alternative<std::monostate>(data_); }
  bool is_bool() const { return std::holds_alternative<bool>(data_); }
  bool is_int() const { return std::holds_alternative<int64_t>(data_); }
  bool is_double() const { return std::holds_alternative<double>(data_); }
  bool is_string() const {
    return std::holds_alternative<std::shared_ptr<const std::string>>(data_);
  }
  bool is_array() const { return std::holds_alternative<std::shared_ptr<Array>>(data_); }
  bool is_object() const { return std::holds_alternative<std::shared_ptr<Object>>(data_); }

  bool as_bool() const { return std::get<bool>(data_); }
  int64_t as_int() const { return std::get<int64_t>(data_); }
  double as_double() const {
    return is_int() ? static_cast<double>(as_int()) : std::get<double>(data_);
  }
  const std::string& as_string() const {
    return *std::get<std::shared_ptr<const std::string>>(data_);
  }
  const Array& as_array() const { return *std::get<std::shared_ptr<Array>>(data_); }
  const Object& as_object() const { return *std::get<std::shared_ptr<Object>>(data_); }
  // Mutable access copies a shared tree first (values have value semantics).
  Array& mutable_array();
  Object& mutable_object();

  // Object lookup; nullptr when this is not an object or has no such key.
  const Value* Find(const std::string& key) const;
  // Object member, made (and this made an object) when missing.
  Value& operator[](const std::string& key);

  friend bool operator==(const Value& a, const Value& b);

 private:
  // A string is held by a shared pointer, as arrays and objects are, so a Value is 24 bytes, not
  // 40: every question and option has one, nearly always null.
  std::variant<std::monostate, bool, int64_t, double, std::shared_ptr<const std::string>,
               std::shared_ptr<Array>, std::shared_ptr<Object>>
      data_;
};

// An array holding `element` alone. Made by moving it in rather than copying it from an
// initializer list (`Value::Array{v}`), which GCC 12 at -O3 warns of as maybe uninitialized inside
// std::variant.
inline Value::Array OneElementArray(Value element) {
  Value::Array array(1);
  array[0] = std::move(element);
  return array;
}

}  // namespace qbank::model

#endif  // QBANK_MODEL_VALUE_H_
