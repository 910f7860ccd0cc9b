// Severity names, fingerprints, the Reporter that turns a field into a located finding, and the
// option readers rules use in Configure.
#include "lint/rule.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "base/source_text.h"
#include "base/str_cat.h"

namespace qbank::lint {
namespace {

void Mix(uint64_t& h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  // A separator byte that cannot occur in UTF-8, so ("ab","c") and ("a","bc") differ.
  h ^= 0xFF;
  h *= 1099511628211ULL;
}

}  // namespace

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kOff:
      return "off";
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "off";
}

std::optional<Severity> ParseSeverity(std::string_view name) {
  if (name == "warn") return Severity::kWarning;  // ESLint's spelling
  for (Severity s : {Severity::kOff, Severity::kInfo, Severity::kWarning, Severity::kError}) {
    if (SeverityName(s) == name) return s;
  }
  return std::nullopt;
}

std::string Fingerprint(std::string_view rule_id, std::string_view question_id,
                        std::string_view field_path_in_question, std::string_view offending_text) {
  uint64_t h = 1469598103934665603ULL;
  Mix(h, rule_id);
  Mix(h, question_id);
  Mix(h, field_path_in_question);
  Mix(h, offending_text);
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string StableFingerprint(const Finding& finding) {
  if (!finding.fingerprint.empty()) return finding.fingerprint;
  return Fingerprint(finding.rule_id, finding.question_id, finding.field_path, finding.message);
}

Date Today() {
  auto now = std::chrono::system_clock::now();
  // SOURCE_DATE_EPOCH (reproducible-builds convention): seconds since 1970 in UTC, so a run can be
  // repeated on a fixed date. Ignored unless it is all digits and at most 12 of them.
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    std::string_view digits(epoch);
    if (!digits.empty() && digits.size() <= 12 &&
        digits.find_first_not_of("0123456789") == std::string_view::npos) {
      now = std::chrono::system_clock::time_point(std::chrono::seconds(std::stoll(epoch)));
    }
  }
  std::chrono::year_month_day ymd{std::chrono::floor<std::chrono::days>(now)};
  return Date{static_cast<int>(ymd.year()), static_cast<int>(static_cast<unsigned>(ymd.month())),
              static_cast<int>(static_cast<unsigned>(ymd.day()))};
}

SourceSpan Reporter::SubSpan(const model::Text& field, size_t begin, size_t end) {
  if (!field.verbatim || !field.span.known()) return field.span;
  begin = std::min(begin, field.value.size());
  end = std::clamp(end, begin, field.value.size());
  std::string_view value = field.value;
  SourcePosition b = Advance({field.span.line, field.span.column}, value.substr(0, begin));
  SourcePosition e = Advance(b, value.substr(begin, end - begin));
  SourceSpan span;
  span.file = field.span.file;
  span.line = b.line;
  span.column = b.column;
  span.end_line = e.line;
  span.end_column = e.column;
  return span;
}

std::optional<Fix> Reporter::FixRange(const model::Text& field, size_t begin, size_t end,
                                      std::string replacement) const {
  const SourceSpan& span = field.span;
  if (!ctx_.place_fixes || !field.verbatim || !span.known() ||
      span.file >= ctx_.bank->sources.size()) {
    return std::nullopt;
  }
  const std::shared_ptr<const SourceText>& source = ctx_.bank->sources[span.file];
  if (source == nullptr || begin > end || end > field.value.size()) return std::nullopt;
  // The field's first byte: its line's start, then column - 1 code points into the line.
  std::string_view line = source->Line(span.line);
  size_t offset = 0;
  // (Columns count bytes that are not UTF-8 continuation bytes, as Advance does.)
  for (uint32_t column = 1; column < span.column; ++column) {
    if (offset >= line.size()) return std::nullopt;
    ++offset;
    while (offset < line.size() && (static_cast<unsigned char>(line[offset]) & 0xC0) == 0x80) {
      ++offset;
    }
  }
  size_t start = source->LineStart(span.line) + offset;
  const std::string& content = source->content();
  if (content.compare(start, field.value.size(), field.value) != 0) return std::nullopt;
  Fix fix;
  fix.file = span.file;
  fix.begin = start + begin;
  fix.end = start + end;
  fix.replacement = std::move(replacement);
  return fix;
}

std::string Reporter::QuestionPath(size_t question_index) const {
  size_t n = question_index < ctx_.index_in_file.size() ? ctx_.index_in_file[question_index]
                                                        : question_index;
  return "questions[" + std::to_string(n) + "]";
}

Finding& Reporter::ReportAt(size_t question_index, const SourceSpan& span, std::string_view path,
                            std::string_view offending_text, std::string message) {
  const model::Question& q = ctx_.bank->questions[question_index];
  Finding f;
  f.rule_id = std::string(rule_id_);
  f.severity = severity_;
  f.message = std::move(message);
  f.span = span.known() ? span : q.span;
  f.question_id = q.id.value;
  f.question_index = question_index;
  f.field_path = QuestionPath(question_index);
  if (!path.empty()) f.field_path += StrCat({".", path});
  f.fingerprint = Fingerprint(rule_id_, q.id.value, path, offending_text);
  out_->push_back(std::move(f));
  return out_->back();
}

Finding& Reporter::Report(size_t question_index, const model::Text& field, std::string_view path,
                          std::string message) {
  return ReportAt(question_index, field.span, path, field.value, std::move(message));
}

Finding& Reporter::ReportRange(size_t question_index, const model::Text& field, size_t begin,
                               size_t end, std::string_view path, std::string message) {
  begin = std::min(begin, field.value.size());
  end = std::clamp(end, begin, field.value.size());
  SourceSpan span = field.span;
  if (field.verbatim && field.span.known()) {
    std::string_view value = field.value;
    SourcePosition b;
    if (last_field_ == &field && last_data_ == field.value.data() && begin >= last_offset_) {
      b = Advance(last_position_, value.substr(last_offset_, begin - last_offset_));
    } else {
      b = Advance({field.span.line, field.span.column}, value.substr(0, begin));
    }
    last_field_ = &field;
    last_data_ = field.value.data();
    last_offset_ = begin;
    last_position_ = b;
    SourcePosition e = Advance(b, value.substr(begin, end - begin));
    span.line = b.line;
    span.column = b.column;
    span.end_line = e.line;
    span.end_column = e.column;
  }
  return ReportAt(question_index, span, path,
                  std::string_view(field.value).substr(begin, end - begin), std::move(message));
}

Finding& Reporter::ReportBank(const SourceSpan& span, std::string_view path,
                              std::string_view offending_text, std::string message) {
  Finding f;
  f.rule_id = std::string(rule_id_);
  f.severity = severity_;
  f.message = std::move(message);
  f.span = span;
  f.field_path = std::string(path);
  f.fingerprint = Fingerprint(rule_id_, "", path, offending_text);
  out_->push_back(std::move(f));
  return out_->back();
}

Status Rule::Configure(const model::Value& options, const RuleEnvironment&) {
  return CheckOptionKeys(options, {});
}

void Rule::CheckQuestion(const LintContext&, size_t, Reporter&) const {}

void Rule::CheckBank(const LintContext&, std::span<const size_t>, Reporter&) const {}

void Rule::CheckSuppressions(const LintContext&, size_t, const std::vector<bool>&,
                             const std::set<std::string, std::less<>>&, Reporter&) const {}

void Rule::CheckImportErrors(const LintContext&, std::span<const Diagnostic>, Reporter&) const {}

Status CheckOptionKeys(const model::Value& options, std::initializer_list<std::string_view> known) {
  if (options.is_null()) return Status::Ok();
  if (!options.is_object()) return Status::InvalidInput("options: expected an object");
  for (const auto& [key, value] : options.as_object()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      std::string expected;
      for (std::string_view k : known) {
        expected += expected.empty() ? "" : ", ";
        expected += StrCat({"'", k, "'"});
      }
      return Status::InvalidInput(
          "option '" + key + "': unknown option; expected " +
          (expected.empty() ? std::string("no options") : "one of " + expected));
    }
  }
  return Status::Ok();
}

Status ReadIntOption(const model::Value& options, const std::string& key, int64_t min, int64_t max,
                     int64_t* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  auto bad = [&] {
    return Status::InvalidInput("option '" + key + "': expected an integer from " +
                                std::to_string(min) + " to " + std::to_string(max));
  };
  int64_t value = 0;
  if (v->is_int()) {
    value = v->as_int();
  } else if (v->is_double()) {
    double d = v->as_double();
    // Range first: converting an out-of-range double to an integer is undefined.
    if (!(d >= static_cast<double>(min) && d <= static_cast<double>(max)) || d != std::floor(d)) {
      return bad();
    }
    value = static_cast<int64_t>(d);
  } else {
    return bad();
  }
  if (value < min || value > max) return bad();
  *out = value;
  return Status::Ok();
}

Status ReadStringListOption(const model::Value& options, const std::string& key,
                            std::vector<std::string>* out) {
  const model::Value* v = options.Find(key);
  if (v == nullptr) return Status::Ok();
  if (!v->is_array()) {
    return Status::InvalidInput("option '" + key + "': expected an array of strings");
  }
  std::vector<std::string> list;
  for (const model::Value& item : v->as_array()) {
    if (!item.is_string()) {
      return Status::InvalidInput("option '" + key + "': expected an array of strings");
    }
    list.push_back(item.as_string());
  }
  *out = std::move(list);
  return Status::Ok();
}

}  // namespace qbank::lint
