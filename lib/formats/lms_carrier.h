// The one pair every LMS format (Moodle XML, GIFT, QTI) uses around its metadata carrier:
// PrepareForLms before writing a question (a Markdown draft rendered as the HTML the LMS shows,
// and the carrier's JSON: the fields the format has no element for, the draft's texts that the
// HTML written does not read back as, numerical notation), FinishCarried after reading one (the
// draft and the notation restored where the file still means them). docs/formats/README.md,
// "Markdown drafts in LMS formats".
#ifndef QBANK_FORMATS_LMS_CARRIER_H_
#define QBANK_FORMATS_LMS_CARRIER_H_

#include <string>
#include <string_view>
#include <vector>

#include "formats/loss_report.h"
#include "formats/markdown_fields.h"
#include "model/bank.h"

namespace qbank::formats {

// What a format's carrier holds and how the format writes HTML.
struct LmsCarrier {
  std::string_view own_extension;  // the format's extension key: it writes that itself
  LmsHtml html;                    // how a Markdown draft's texts are written
  // The format holds a numerical answer as a value and a tolerance (Moodle XML): the notation of
  // each answer that is not "v" or "v:t" (t > 0) travels (MetadataJson).
  bool value_tolerance_numbers = false;
  // The format has a notation of its own for suppressions (GIFT's comments): they do not travel.
  bool writes_suppressions = false;
  // The format has Moodle's own markdown text format (Moodle XML, GIFT): a question in it is
  // written as it is, for Moodle to render, not as a draft.
  bool keeps_moodle_markdown = false;
  // The file says a text is HTML (Moodle XML's format="html", GIFT's [html], a QTI package's
  // manifest). A single QTI item does not: a question none of whose texts holds an element as
  // written reads back as plain text.
  bool says_html = true;
  // The file has a place for the carrier. A single QTI item has none (a package has its
  // manifest): a Markdown draft reads back as its rendering.
  bool has_place = true;
  // The format's reader trims every text (Moodle's import does, and so do qbank's readers of
  // Moodle XML, QTI, Blackboard and Brightspace): the question is written, and its carrier
  // made, without white space at its texts' ends (TrimmedTexts), so that a text ending in a line
  // break (GIFT's "\n") is written as it reads back. GIFT, whose escapes keep such a line
  // break, does not trim.
  bool trims_texts = false;
  // With trims_texts: the format writes the stem and the text after a gap apart and its reader
  // trims each (Brightspace's FIB rows, a QTI item's sentence around an inline interaction), so
  // the ends that meet at the gap are trimmed too.
  bool trims_gap_joints = false;
};

// `q` with its texts (stem, explanation, each option's text, rationale and match, the text after a
// gap, the tags, an empty tag left out) without white space at their ends, but for the ends that
// meet at a gap (the stem's end and the start of the text after it) unless `gap_joints`: white
// space alone, so nothing is reported.
model::Question TrimmedTexts(const model::Question& q, bool gap_joints);

// `tags` trimmed, an empty one left out, as the LMS readers keep them (an empty GIFT "[tag:]"
// was written as an empty keyword or tag, left out on reading, and the next export differed;
// round_trip_fuzz through QTI 1.2).
std::vector<model::Text> TrimmedTags(const std::vector<model::Text>& tags);

// A question as an LMS format writes it.
struct LmsQuestion {
  model::Question shown;  // a Markdown draft rendered (markup html), else the question as it is
  std::string metadata;   // the carrier's JSON (MetadataJson), "" when nothing travels
  bool rendered = false;  // whether `shown` is a draft's rendering
};

// `q` prepared for writing as `carrier` says: a Markdown draft (and Moodle's own markdown,
// IsMoodleMarkdown, unless the format keeps it) rendered once per text (RenderDraft, cmark's losses
// reported to `loss`), and the carrier's JSON decided from the HTML the format writes. What of
// the markup does not come back is reported to `loss` here, for every LMS format: `markup
// (Markdown rendered as HTML)` for a draft where the file has no place for the carrier, `markup`
// for an HTML question that a format without a markup flag writes without any element
// (WritesAnElement).
LmsQuestion PrepareForLms(const model::Question& q, const LmsCarrier& carrier, LossReport& loss);

// `q`, read from an LMS file, finished with `carried` (ApplyMetadataJson's carried texts): a
// Markdown draft restored where the HTML read is still what `how` writes of it (RestoreMarkdown),
// numerical answers in their carried notation where they still mean the same
// (RestoreNumericalNotation). True when a draft was restored.
bool FinishCarried(const model::Question& carried, const LmsHtml& how, model::Question& q);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_LMS_CARRIER_H_
