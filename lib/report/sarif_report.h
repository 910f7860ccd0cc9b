// The SARIF 2.1.0 report: lint findings as a static-analysis log that GitHub code scanning (and
// other SARIF viewers) accept.
#ifndef QBANK_REPORT_SARIF_REPORT_H_
#define QBANK_REPORT_SARIF_REPORT_H_

#include <ostream>
#include <string>
#include <string_view>

#include "model/value.h"
#include "report/report_context.h"

namespace qbank::report {

// The key under partialFingerprints that carries Finding::fingerprint.
inline constexpr std::string_view kSarifFingerprintKey = "qbankFingerprint/v1";

// The SARIF log as a value tree: one run whose tool.driver lists every rule of ctx.rules (plus a
// bare descriptor for any other rule with findings) with short and full description (summary,
// RuleFullDescription of the doc page), help text
// and Markdown from the doc page, helpUri when ctx.docs_base_uri is set and the default level; one
// result per finding, in order, with ruleId/ruleIndex, level (info is "note"), message, a
// repo-relative artifactLocation (uriBaseId "%SRCROOT%" when ctx.repo_root is set), a region in
// 1-based lines and columns (run.columnKind "unicodeCodePoints"; end column one past the last
// character), the question as a logical location, related locations, and partialFingerprints
// {kSarifFingerprintKey: lint::StableFingerprint}. A finding without a file is placed on its first
// related location's file, else on the bank's first source (code scanning rejects results without a
// location); with no source at all it has no location. More findings than
// ctx.sarif_max_results: the most severe are kept, and invocations[0].toolExecutionNotifications
// says how many were left out.
model::Value SarifLog(const ReportContext& ctx);

// SarifLog written to `out` as two-space indented JSON with a final newline, a result at a time
// (the log is never held whole in memory).
void WriteSarif(const ReportContext& ctx, std::ostream& out);
// The same, as a string.
std::string WriteSarif(const ReportContext& ctx);

// Percent-encodes `path` for a URI path: every byte except RFC 3986 path characters (A-Z a-z 0-9
// - . _ ~ ! $ & ' ( ) * + , ; = @) and '/' becomes %XX (so space, ':', '%', '#', '?' and
// non-ASCII bytes are encoded; ':' so that a relative path never reads as a URI scheme).
std::string PercentEncodePath(std::string_view path);

}  // namespace qbank::report

#endif  // QBANK_REPORT_SARIF_REPORT_H_
