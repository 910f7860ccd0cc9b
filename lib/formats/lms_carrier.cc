// The LMS formats' metadata carrier around writing and reading a question.
#include "formats/lms_carrier.h"

#include "base/utf8_text.h"
#include "formats/metadata_carrier.h"
#include "formats/question_names.h"

namespace qbank::formats {

std::vector<model::Text> TrimmedTags(const std::vector<model::Text>& tags) {
  std::vector<model::Text> out;
  out.reserve(tags.size());
  for (const model::Text& tag : tags) {
    if (std::string_view kept = Trim(tag.value); !kept.empty()) out.emplace_back(std::string(kept));
  }
  return out;
}

model::Question TrimmedTexts(const model::Question& q, bool gap_joints) {
  model::Question out = q;
  auto trim = [](std::string& text) {
    std::string_view kept = Trim(text);
    if (kept.size() != text.size()) text = std::string(kept);
  };
  std::string after = TextAfterGap(q);
  if (after.empty() || gap_joints) {
    trim(out.stem.value);
    if (!after.empty() && Trim(after).size() != after.size()) {
      SetTextAfterGap(out, std::string(Trim(after)));
    }
  } else {
    // The stem's end and the text after the gap's start meet at the gap, inside the sentence:
    // a line break there is the question's own
    // (MoodleXmlFormatTest.ALineBreakBesideTheGapComesBack).
    out.stem.value.erase(0, CountLeadingBlanks(out.stem.value));
    if (std::string_view kept = TrimRight(after); kept.size() != after.size()) {
      SetTextAfterGap(out, std::string(kept));
    }
  }
  trim(out.explanation.value);
  out.tags = TrimmedTags(q.tags);
  for (model::Option& o : out.options) {
    trim(o.text.value);
    trim(o.rationale->value);
    if (std::string match = MatchOf(o); !match.empty() && Trim(match).size() != match.size()) {
      SetMatch(o, std::string(Trim(match)));
    }
  }
  return out;
}

LmsQuestion PrepareForLms(const model::Question& question, const LmsCarrier& carrier,
                          LossReport& loss) {
  model::Question trimmed;
  if (carrier.trims_texts) trimmed = TrimmedTexts(question, carrier.trims_gap_joints);
  const model::Question& q = carrier.trims_texts ? trimmed : question;
  LmsQuestion out;
  model::Question draft;  // the draft's texts that travel (markup markdown), when rendered
  if (q.markup == model::Markup::kMarkdown &&
      !(carrier.keeps_moodle_markdown && IsMoodleMarkdown(q))) {
    RenderedDraft rendered = RenderDraft(q, carrier.html, loss);
    out.shown = std::move(rendered.rendered);
    draft = std::move(rendered.carried);
    out.rendered = true;
  } else {
    out.shown = q;
  }
  if (out.rendered && !carrier.has_place) {
    loss.Drop("markup (Markdown rendered as HTML)");
  } else if (!carrier.says_html && out.shown.markup == model::Markup::kHtml && !out.rendered &&
             !WritesAnElement(out.shown, carrier.html)) {
    loss.Drop("markup");
  }
  if (carrier.writes_suppressions) {
    model::Question without = q;
    without.suppressions.clear();
    out.metadata = MetadataJson(without, carrier.own_extension, out.rendered ? &draft : nullptr,
                                carrier.value_tolerance_numbers);
  } else {
    out.metadata = MetadataJson(q, carrier.own_extension, out.rendered ? &draft : nullptr,
                                carrier.value_tolerance_numbers);
  }
  return out;
}

bool FinishCarried(const model::Question& carried, const LmsHtml& how, model::Question& q) {
  bool restored = carried.markup == model::Markup::kMarkdown && RestoreMarkdown(carried, how, q);
  RestoreNumericalNotation(carried, q);
  return restored;
}

}  // namespace qbank::formats
