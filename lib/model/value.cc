// Value: copy-on-write access and structural equality.
#include "model/value.h"

namespace qbank::model {

Value::Array& Value::mutable_array() {
  if (!is_array()) data_ = std::make_shared<Array>();
  auto& p = std::get<std::shared_ptr<Array>>(data_);
  if (p.use_count() > 1) p = std::make_shared<Array>(*p);
  return *p;
}

Value::Object& Value::mutable_object() {
  if (!is_object()) data_ = std::make_shared<Object>();
  auto& p = std::get<std::shared_ptr<Object>>(data_);
  if (p.use_count() > 1) p = std::make_shared<Object>(*p);
  return *p;
}

const Value* Value::Find(const std::string& key) const {
  if (!is_object()) return nullptr;
  const Object& o = as_object();
  auto it = o.find(key);
  return it == o.end() ? nullptr : &it->second;
}

Value& Value::operator[](const std::string& key) { return mutable_object()[key]; }

bool operator==(const Value& a, const Value& b) {
  if (a.is_array() && b.is_array()) return a.as_array() == b.as_array();
  if (a.is_object() && b.is_object()) return a.as_object() == b.as_object();
  if ((a.is_int() || a.is_double()) && (b.is_int() || b.is_double())) {
    if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
    return a.as_double() == b.as_double();
  }
  if (a.is_string() && b.is_string()) return a.as_string() == b.as_string();
  return a.data_ == b.data_;
}

}  // namespace qbank::model
