// Declared variant families: extension field, tag prefix or id pattern.
#include "lint/rules/shared/variant_families.h"

#include "text/pattern.h"

namespace qbank::lint {
namespace {

Status ReadString(const model::Value& options, const std::string& key, std::string* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  if (!v->is_string() || v->as_string().empty()) {
    return Status::InvalidInput("option '" + key + "': expected a non-empty string");
  }
  *out = v->as_string();
  return Status::Ok();
}

}  // namespace

Status VariantFamilies::Configure(const model::Value& options) {
  QBANK_RETURN_IF_ERROR(ReadString(options, "family-field", &field_));
  QBANK_RETURN_IF_ERROR(ReadString(options, "family-tag-prefix", &tag_prefix_));
  std::string pattern;
  QBANK_RETURN_IF_ERROR(ReadString(options, "family-id-pattern", &pattern));
  if (!pattern.empty()) {
    Result<text::Pattern> compiled = text::Pattern::Compile(pattern);
    if (!compiled.ok()) {
      return Status::InvalidInput("option 'family-id-pattern': " + compiled.status().message() +
                                  ": " + pattern);
    }
    pattern_ = std::make_shared<const text::Pattern>(std::move(compiled).value());
  }
  return Status::Ok();
}

std::string VariantFamilies::FamilyOf(const model::Question& q) const {
  if (!field_.empty() && q.extensions.is_object()) {
    const model::Value* v = q.extensions.Find(field_);
    if (v != nullptr && v->is_string() && !v->as_string().empty()) return v->as_string();
  }
  if (!tag_prefix_.empty()) {
    for (const model::Text& tag : q.tags) {
      if (tag.value.size() > tag_prefix_.size() && tag.value.starts_with(tag_prefix_)) {
        return tag.value.substr(tag_prefix_.size());
      }
    }
  }
  if (pattern_) {
    std::string family;
    if (pattern_->FullMatch(q.id.value, &family)) {
      return pattern_->GroupCount() > 0 && !family.empty() ? family : q.id.value;
    }
  }
  return q.id.value;
}

std::string VariantFamilies::CommonFamily(const similarity::BankFeatures& features,
                                          const similarity::NearGroup& group, size_t lead,
                                          std::span<const size_t> others) const {
  if (!enabled()) return "";
  std::string family = FamilyOf(features.question(group.members[lead]));
  for (size_t i : others) {
    if (FamilyOf(features.question(group.members[i])) != family) return "";
  }
  return "family \"" + family + "\"";
}

}  // namespace qbank::lint
