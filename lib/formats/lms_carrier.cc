// The LMS formats' metadata carrier around writing and reading a question.
#include "formats/lms_carrier.h"

#include "formats/metadata_carrier.h"

namespace qbank::formats {

LmsQuestion PrepareForLms(const model::Question& q, const LmsCarrier& carrier, LossReport& loss) {
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
