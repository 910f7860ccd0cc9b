// Which bytes of a field are prose: code spans and blocks, HTML tags and code elements, URLs and
// LaTeX math are not, so rules that judge writing (typography) leave them alone.
#ifndef QBANK_LINT_RULES_SHARED_PROSE_TEXT_H_
#define QBANK_LINT_RULES_SHARED_PROSE_TEXT_H_

#include <string_view>
#include <vector>

namespace qbank::lint {

// For each byte of `text`, true when it is not prose:
// - Markdown code: a fenced block (a line opening with ``` or ~~~ up to the closing fence, or the
//   end) and an inline span (a run of backticks up to the next run of the same length; an
//   unmatched run is prose);
// - HTML: a tag ('<' then a letter, '/', '!' or '?', up to '>'), and the whole of a code, pre,
//   kbd, samp, tt, script, style or math element;
// - a URL ("http://", "https://", "ftp://", "mailto:", "www." up to white space, '<' or '"'),
//   and a Markdown link's destination "](...)";
// - LaTeX math: "$$...$$", "\(...\)", "\[...\]", and "$...$" where the opening '$' is followed by
//   a non-space and the closing one preceded by a non-space and not followed by a digit (so "$5
//   and $10" is prose), on one line.
std::vector<bool> NonProseMask(std::string_view text);

}  // namespace qbank::lint

#endif  // QBANK_LINT_RULES_SHARED_PROSE_TEXT_H_
