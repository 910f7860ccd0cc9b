// The loss report: values recorded per field and question, written as text or JSON.
#include "formats/loss_report.h"

#include "json/document.h"

namespace qbank::formats {

LossReport::QuestionScope::QuestionScope(LossReport& loss, const model::Question& question)
    : loss_(loss), previous_(loss.question_) {
  loss_.question_ = &question;
}

LossReport::QuestionScope::~QuestionScope() { loss_.question_ = previous_; }

void LossReport::Drop(std::string_view field, size_t count) {
  if (count == 0) return;
  totals_[std::string(field)] += count;
  auto key = std::make_pair(std::string(field), question_);
  auto [it, added] = index_.emplace(key, values_.size());
  if (!added) {
    values_[it->second].count += count;
    return;
  }
  DroppedValue value;
  value.field = std::string(field);
  value.count = count;
  if (question_ != nullptr) {
    value.question_id =
        question_->id.empty() ? model::DeriveQuestionId(*question_) : question_->id.value;
    if (question_->span.known()) {
      value.line = question_->span.line;
      if (bank_ != nullptr && question_->span.file != SourceSpan::kNoFile) {
        value.path = bank_->SourcePath(question_->span.file);
      }
    }
  }
  values_.push_back(std::move(value));
}

namespace {

std::string Values(size_t n) { return std::to_string(n) + (n == 1 ? " value" : " values"); }

// "geo-1 (quiz.gift:12)", "geo-1 (line 12)" or "geo-1".
std::string Place(const DroppedValue& v) {
  std::string out = v.question_id;
  if (v.line == 0) return out;
  out += " (";
  out += v.path.empty() ? "line " + std::to_string(v.line) : v.path + ":" + std::to_string(v.line);
  return out + ")";
}

// The values of each field, in the order they were dropped.
std::map<std::string, std::vector<const DroppedValue*>> ByField(
    const std::vector<DroppedValue>& values) {
  std::map<std::string, std::vector<const DroppedValue*>> out;
  for (const DroppedValue& v : values) out[v.field].push_back(&v);
  return out;
}

}  // namespace

std::string LossReport::Summary() const {
  std::string out;
  for (const auto& [field, count] : totals_)
    out += "  " + field + ": " + Values(count) + " dropped\n";
  return out;
}

std::string LossReport::ToString(size_t listed_per_field) const {
  std::string out;
  for (const auto& [field, values] : ByField(values_)) {
    out += "  " + field + ": " + Values(totals_.at(field)) + " dropped\n";
    size_t listed = 0;
    size_t questions = 0;
    for (const DroppedValue* v : values) {
      if (v->question_id.empty()) continue;
      ++questions;
      if (listed == listed_per_field) continue;
      ++listed;
      out += "    " + Place(*v);
      if (v->count > 1) out += ": " + Values(v->count);
      out += "\n";
    }
    if (questions > listed) out += "    and " + std::to_string(questions - listed) + " more\n";
  }
  return out;
}

std::string LossReport::ToJson(std::string_view format) const {
  model::Value::Array fields;
  for (const auto& [field, values] : ByField(values_)) {
    model::Value entry;
    entry["field"] = field;
    entry["count"] = static_cast<int64_t>(totals_.at(field));
    model::Value::Array questions;
    size_t bank_count = 0;
    for (const DroppedValue* v : values) {
      if (v->question_id.empty()) {
        bank_count += v->count;
        continue;
      }
      model::Value q;
      q["id"] = v->question_id;
      q["count"] = static_cast<int64_t>(v->count);
      if (!v->path.empty()) q["path"] = v->path;
      if (v->line != 0) q["line"] = static_cast<int64_t>(v->line);
      questions.push_back(std::move(q));
    }
    if (bank_count != 0) entry["bank"] = static_cast<int64_t>(bank_count);
    entry["questions"] = model::Value(std::move(questions));
    fields.push_back(std::move(entry));
  }
  model::Value root;
  root["format"] = std::string(format);
  root["fields"] = model::Value(std::move(fields));
  return json::WriteValue(root) + "\n";
}

}  // namespace qbank::formats
