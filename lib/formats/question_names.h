// What several formats share about a question beyond the model's fields: its id and title (GIFT
// title, Moodle <name>, QTI title), the text after a missing-word gap and a matching pair's match.
// The rule for ids and titles is written down in docs/formats/README.md ("Ids and titles").
#ifndef QBANK_FORMATS_QUESTION_NAMES_H_
#define QBANK_FORMATS_QUESTION_NAMES_H_

#include <string>
#include <string_view>
#include <unordered_set>

#include "formats/loss_report.h"
#include "model/bank.h"

namespace qbank::formats {

// True for an id the import pipeline derived from the content ("q-" and 16 lower-case hex
// digits, maybe with "-2", "-3", ... for copies): not anybody's name for the question.
bool IsDerivedId(std::string_view id);

// The title a format kept for the question (extensions.gift.title, extensions.moodle_xml.name,
// extensions.qti.title, in that order), or "".
std::string StoredTitle(const model::Question& q);

// The title a format with a title slot writes: the stored title, else the id unless it was
// derived from the content (a hash is not a name), else "".
std::string TitleToWrite(const model::Question& q);

// Reading: a question without an explicit id takes its title as id, unless `used` (the ids
// already in the bank) has it. Returns true when the title became the id. `used` gets the id.
bool AdoptTitleAsId(model::Question& q, const std::string& title,
                    std::unordered_set<std::string>& used);

// The ids of the questions already in `bank`.
std::unordered_set<std::string> UsedIds(const model::Bank& bank);

// A missing-word question ("The symbol for gold is {=Au ~Ag} and for silver it is Ag."): the
// stem is the text before the gap, this the text after it (extensions.gift.blank_after, whatever
// format it came from), "" for other questions.
std::string TextAfterGap(const model::Question& q);
void SetTextAfterGap(model::Question& q, std::string after);

// A matching question's pair: the option text is the item, this its match
// (options[].extensions.gift.match, whatever format it came from).
std::string MatchOf(const model::Option& o);
void SetMatch(model::Option& o, std::string match);

// The marker Moodle puts where a missing-word question's answers go.
constexpr std::string_view kGapMarker = "_____";

// Splits a plain-text stem at the one gap marker with text after it: true with `before` and
// `after` set (trimmed, but a line break beside the marker stays: JoinAtGap gives the stem back).
// False when there is none, or more than one.
bool SplitAtGap(std::string_view stem, std::string& before, std::string& after);

// True when `q`'s text after its gap, written into the question text with Moodle's marker
// (JoinAtGap), is split off again by the readers that split there: the joined text splits at the
// marker, and for HTML both halves stand alone as HTML. Otherwise a writer joins the text and
// reports it, since the reader keeps the sentence whole (and the text after the gap, carried
// beside it too, came back twice: round_trip_fuzz).
bool GapReadsBackApart(const model::Question& q);

// `q` with the text after its gap joined into the question text with Moodle's marker, once, and
// no text after the gap left; `why` is reported as
// "extensions.gift.blank_after (joined into the question text: <why>)".
model::Question WithGapJoined(const model::Question& q, std::string_view why, LossReport& loss);

// stem, the gap marker and the text after it joined as one sentence.
std::string JoinAtGap(std::string_view before, std::string_view marker, std::string_view after);

// Moodle category paths and domains: "$course$/top/a/b" (and "top/a/b") is the domain "a/b", the
// course context and its "top" level being Moodle's, not the bank's; a path in another context
// ("$module$/top/a") is kept whole. CategoryOfDomain writes a domain back as a path.
std::string DomainOfCategory(std::string_view path);
std::string CategoryOfDomain(std::string_view domain);

// A copy of `q` without the extension entries that the target carries through the shared
// places above (gap, match, titles), so a loss report does not count them as dropped.
model::Question WithoutSharedExtensions(const model::Question& q, bool titles, bool gap,
                                        bool match);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_QUESTION_NAMES_H_
