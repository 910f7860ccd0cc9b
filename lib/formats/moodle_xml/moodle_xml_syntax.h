// What the Moodle XML reader and writer share: the type names, the metadata element, grades.
#ifndef QBANK_FORMATS_MOODLE_XML_MOODLE_XML_SYNTAX_H_
#define QBANK_FORMATS_MOODLE_XML_MOODLE_XML_SYNTAX_H_

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/moodle_xml/moodle_xml_format.h"
#include "formats/question_names.h"
#include "formats/xml_source_decoding.h"
#include "formats/xml_unkept.h"
#include "model/numerical_answer.h"
#include "xml/xml_tree.h"

namespace qbank::formats::moodle_xml_syntax {

using model::Markup;
using model::Option;
using model::Question;
using model::QuestionType;
using model::Text;
using model::Value;

// The key under which Moodle-specific data travels in Question/Option::extensions.
constexpr std::string_view kExtensionKey = "moodle_xml";

// <qbank_metadata>: a Markdown draft is written format="html" (Moodle's own markdown stays as it
// is) with the draft in it; a numerical answer's notation ("1:0", "10..12") travels too, since
// Moodle holds a value and a tolerance.
inline const LmsCarrier& Carrier() {
  static const LmsCarrier kCarrier = [] {
    LmsCarrier c;
    c.own_extension = kExtensionKey;
    c.value_tolerance_numbers = true;
    c.keeps_moodle_markdown = true;
    c.trims_texts = true;  // as Moodle's import does
    return c;
  }();
  return kCarrier;
}

// Moodle's accepted answer grades in percent (question_bank::fraction_options_full), and their
// negatives.
constexpr std::array<std::string_view, 21> kFractions = {
    "100",      "90",       "83.33333", "80",       "75", "70", "66.66667",
    "60",       "50",       "40",       "33.33333", "30", "25", "20",
    "16.66667", "14.28571", "12.5",     "11.11111", "10", "5",  "0"};
constexpr double kFractionTolerance = 0.001;  // percentage points; Moodle allows 0.00001 of 1

inline std::optional<double> ParseNumber(std::string_view s) {
  s = Trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  double value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// Types whose <answer> elements become options.
inline bool ReadsAnswers(std::string_view moodle_type) {
  return moodle_type == "multichoice" || moodle_type == "multichoiceset" ||
         moodle_type == "truefalse" || moodle_type == "shortanswer" || moodle_type == "numerical";
}

// The text a grade-less question would give an option: 100 for a key (shared equally among the
// keys of a multiple-answer question), 0 otherwise.
inline double DefaultFraction(QuestionType type, bool correct, size_t key_count) {
  if (!correct) return 0;
  if (type == QuestionType::kMultipleAnswer && key_count > 0) {
    return 100.0 / static_cast<double>(key_count);
  }
  return 100;
}

}  // namespace qbank::formats::moodle_xml_syntax

#endif  // QBANK_FORMATS_MOODLE_XML_MOODLE_XML_SYNTAX_H_
