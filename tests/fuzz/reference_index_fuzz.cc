// libFuzzer target for the reference index file reader. An input that starts with the index's
// magic is parsed as it is; any other input is text: it is indexed as `qbank index build` indexes
// a text file (HTML rendered and PDF-to-text repaired, with anchors back to the input; one
// passage per paragraph, whose short lines are fingerprints of their own, as a dump question's
// stem and options), the index is written, read back (which must succeed) and searched (every
// quote valid UTF-8, placed at a line and column from 1), and then copies with bytes
// overwritten at places the input chooses are parsed, which must end in a clear refusal or an
// index that searches without fault.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "similarity/fingerprint.h"
#include "similarity/reference_index.h"
#include "text/readable_text.h"
#include "text/text_key.h"

namespace {

// The query's lines are its fields, as a question's stem and options are. Made once an input:
// the damaged copies are searched with the same query.
qbank::similarity::ReferenceQuery MakeQuery(std::string_view query) {
  qbank::similarity::ReferenceQuery fields;
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = std::min(query.find('\n', start), query.size());
    fields.field_starts.push_back(static_cast<uint32_t>(fields.tokens.size()));
    for (uint64_t t : qbank::similarity::TokenHashes(
             qbank::text::MakeTextKey(query.substr(start, end - start)))) {
      fields.tokens.push_back(t);
    }
    start = end + 1;
  }
  return fields;
}

// Searches `index`; `intact`: an index written from valid UTF-8 and not damaged since, whose
// every quote must be valid UTF-8 (a piece of its text cut at word boundaries).
void Exercise(const qbank::similarity::ReferenceIndex& index,
              const qbank::similarity::ReferenceQuery& fields, bool intact) {
  for (size_t d = 0; d < index.document_count(); ++d)
    (void)index.document(static_cast<uint32_t>(d));
  qbank::similarity::OverlapOptions options;
  options.min_run_words = 1;
  options.min_shared = 1;
  options.min_similarity = 0.01;
  for (const auto& match : index.Search(fields, options)) {
    if (match.doc >= index.document_count()) qbank::fuzz::Fail("a match names no document", "");
    if (match.similarity < 0 || match.similarity > 1) {
      qbank::fuzz::Fail("a word-set similarity outside [0, 1]", "");
    }
    const auto evidence = index.EvidenceFor(match);
    if (intact && !qbank::text::IsValidUtf8(evidence.quote)) {
      qbank::fuzz::Fail("a quote that is not valid UTF-8", evidence.quote);
    }
    if (intact && (evidence.line == 0 || evidence.column == 0)) {
      qbank::fuzz::Fail("a quote of an intact index placed at line or column 0", evidence.quote);
    }
  }
}

void ParseAndSearch(std::string bytes, const qbank::similarity::ReferenceQuery& query) {
  auto index = qbank::similarity::ReferenceIndex::Parse(std::move(bytes), "refs.qidx");
  if (!index.ok()) {
    if (index.status().ToString().rfind("refs.qidx", 0) != 0) {
      qbank::fuzz::Fail("an index error that does not name the file", index.status().ToString());
    }
    return;
  }
  Exercise(*index, query, /*intact=*/false);
}

// Indexes `input` as `qbank index build` indexes a text file: HTML rendered and PDF-to-text
// repaired when that changes it (the ReadableText overload, with anchors back to the input),
// as it is otherwise.
std::string IndexOf(const std::string& input) {
  using namespace qbank;
  text::ReadableText readable =
      text::LooksLikeHtml(input) ? text::HtmlToText(input) : text::Identity(input);
  text::ReadableText repaired = text::RepairPdfText(readable);
  similarity::ReferenceIndexBuilder builder;
  if (repaired.text == input) {
    similarity::AddReferenceText("dump.txt", input, builder);
  } else {
    similarity::AddReferenceText(repaired, SourceText("dump.html", input), builder);
  }
  Result<std::string> bytes = builder.Serialize();
  if (!bytes.ok()) fuzz::Fail("an index that cannot be written", bytes.status().ToString());
  return std::move(bytes).value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace qbank;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.starts_with("QBKREFIX")) {
    ParseAndSearch(std::string(input),
                   MakeQuery("the quick brown fox jumps over the lazy dog again"));
    return 0;
  }
  if (!text::IsValidUtf8(input)) return 0;
  const std::string bytes = IndexOf(std::string(input));
  auto index = similarity::ReferenceIndex::Parse(bytes, "refs.qidx");
  if (!index.ok()) fuzz::Fail("a written index does not read back", index.status().message());
  const similarity::ReferenceQuery query = MakeQuery(input);
  Exercise(*index, query, /*intact=*/true);
  // Damaged copies: the input's first bytes choose offsets and values.
  for (size_t i = 0; i + 2 < size && i < 24; i += 3) {
    std::string damaged = bytes;
    size_t at = (static_cast<size_t>(data[i]) << 8 | data[i + 1]) % (damaged.size() + 1);
    if (at == damaged.size()) {
      damaged.resize(damaged.size() / 2);
    } else {
      damaged[at] = static_cast<char>(data[i + 2]);
    }
    ParseAndSearch(std::move(damaged), query);
  }
  return 0;
}
