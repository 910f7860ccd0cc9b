// The QTI 1.2 vocabulary shared by the Canvas and Blackboard flavours.
#include "formats/qti12/qti12_vocabulary.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "base/utf8_text.h"
#include "model/numerical_answer.h"

namespace qbank::formats::qti12 {

using model::QuestionType;

namespace {

constexpr std::array<std::pair<std::string_view, QuestionType>, 10> kCanvasTypes = {{
    {"multiple_choice_question", QuestionType::kSingleAnswer},
    {"multiple_answers_question", QuestionType::kMultipleAnswer},
    {"true_false_question", QuestionType::kTrueFalse},
    {"short_answer_question", QuestionType::kShortAnswer},
    {"numerical_question", QuestionType::kNumerical},
    {"matching_question", QuestionType::kMatching},
    {"essay_question", QuestionType::kEssay},
    {"text_only_question", QuestionType::kDescription},
    // Canvas's other types: an essay whose answer is a file; the multi-gap types (kept as read).
    {"file_upload_question", QuestionType::kEssay},
    {"multiple_dropdowns_question", QuestionType::kOther},
}};

constexpr std::array<std::pair<std::string_view, QuestionType>, 11> kBlackboardTypes = {{
    {"Multiple Choice", QuestionType::kSingleAnswer},
    {"Multiple Answer", QuestionType::kMultipleAnswer},
    {"True/False", QuestionType::kTrueFalse},
    {"Fill in the Blank", QuestionType::kShortAnswer},
    {"Numeric", QuestionType::kNumerical},
    {"Matching", QuestionType::kMatching},
    {"Essay", QuestionType::kEssay},
    {"Either/Or", QuestionType::kSingleAnswer},
    {"Opinion Scale", QuestionType::kSingleAnswer},
    {"Short Response", QuestionType::kEssay},
    {"File Upload", QuestionType::kEssay},
}};

}  // namespace

std::optional<QuestionType> CanvasType(std::string_view question_type) {
  for (const auto& [name, type] : kCanvasTypes) {
    if (name == question_type) return type;
  }
  // Canvas writes these two names; both hold several gaps, which the model has no type for.
  if (question_type == "multiple_dropdowns" ||
      question_type == "fill_in_multiple_blanks_question" ||
      question_type == "calculated_question") {
    return QuestionType::kOther;
  }
  return std::nullopt;
}

std::string_view CanvasTypeName(QuestionType type) {
  for (const auto& [name, t] : kCanvasTypes) {
    if (t == type && t != QuestionType::kOther) return name;
  }
  return "multiple_choice_question";
}

std::optional<QuestionType> BlackboardType(std::string_view question_type) {
  for (const auto& [name, type] : kBlackboardTypes) {
    if (name == question_type) return type;
  }
  return std::nullopt;
}

std::string_view BlackboardTypeName(QuestionType type) {
  for (const auto& [name, t] : kBlackboardTypes) {
    if (t == type) return name;
  }
  return "Multiple Choice";
}

std::string FormatNumber(double v) {
  if (v == 0) return "0";
  // The shortest plain decimal that reads back as v. It was the shortest %g, and "%.6f" into 40
  // bytes where that had an exponent: 6.7e43 lost its last digits to the buffer (a different
  // number) and 1e-7 became 0 (round_trip_fuzz).
  std::array<char, 1200> buffer{};  // the longest: a subnormal's 1,074 decimals after "0."
  const std::to_chars_result written =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), v, std::chars_format::fixed);
  if (written.ec != std::errc()) return "0";  // not reached: a finite double fits
  return std::string(buffer.data(), written.ptr);
}

std::optional<double> ParseNumber(std::string_view s) { return model::NotationNumber(s); }

std::string DefaultIdent(size_t index) { return std::to_string(1000 + index); }

bool IsZip(std::string_view content) {
  return content.starts_with("PK\x03\x04") || content.starts_with("PK\x05\x06");
}

std::string_view RootElementName(std::string_view content) {
  size_t pos = 0;
  while ((pos = content.find('<', pos)) != std::string_view::npos) {
    std::string_view rest = content.substr(pos + 1);
    if (rest.starts_with("?") || rest.starts_with("!")) {
      ++pos;
      continue;
    }
    size_t end = rest.find_first_of(" \t\r\n/>");
    std::string_view name = rest.substr(0, end);
    if (size_t colon = name.find(':'); colon != std::string_view::npos) {
      name.remove_prefix(colon + 1);
    }
    return name;
  }
  return {};
}

}  // namespace qbank::formats::qti12
