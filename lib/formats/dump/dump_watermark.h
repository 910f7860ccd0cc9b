// Watermarks of dump sites, whatever the site: a line (or sentence) that names a site or URL
// together with dump vocabulary ("Download the latest VCE at www.example-dumps.com"). Read by the
// dump reader, which leaves them out of questions, and by the dump-markers rule, which reports
// them in a bank.
#ifndef QBANK_FORMATS_DUMP_DUMP_WATERMARK_H_
#define QBANK_FORMATS_DUMP_DUMP_WATERMARK_H_

#include <string_view>
#include <utility>
#include <vector>

namespace qbank::formats {

// Whether `line` (one line of text, at most 300 bytes; longer lines are never one) is a watermark:
// it names a site, as a URL ("https://...", "www.name.tld"), a domain ("name.com", ".net", ".org",
// and other common endings) or a name of letters, digits and letters ("Pass4Sure"), and it holds
// dump vocabulary: a strong term ("dumps", "braindump", "VCE", "exam questions", "practice
// test", "real exam", "actual exam", "100% pass"), or two weaker ones ("PDF", "download",
// "latest", "free", "premium", "full version", "valid", "100%") beside "exam" or "pass". A link
// to documentation ("Reference: https://docs.example.com/...") holds no such vocabulary.
bool IsDumpWatermark(std::string_view line);

// The watermarks in `text`, as byte ranges [begin, end) without surrounding white space: each
// line, and each sentence of a line longer than IsDumpWatermark reads (a watermark appended to a
// stem: "... ? Get more VCE dumps at example.com").
std::vector<std::pair<size_t, size_t>> FindDumpWatermarks(std::string_view text);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_DUMP_DUMP_WATERMARK_H_
