// libFuzzer target for the reference index file reader. An input that starts with the index's
// magic is parsed as it is; any other input is text: it is indexed (one passage per paragraph,
// whose short lines are fingerprints of their own, as a dump question's stem and options), the
// index is written, read back (which must succeed) and searched, and then copies with bytes
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

void Exercise(const qbank::similarity::ReferenceIndex& index,
              const qbank::similarity::ReferenceQuery& fields) {
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
    // The quote is a piece of the passage's text: valid UTF-8 when the passage was.
    (void)index.EvidenceFor(match);
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
  Exercise(*index, query);
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
  similarity::ReferenceIndexBuilder builder;
  similarity::AddReferenceText("dump.txt", std::string(input), builder);
  std::string bytes = builder.Serialize().value();
  auto index = similarity::ReferenceIndex::Parse(bytes, "refs.qidx");
  if (!index.ok()) fuzz::Fail("a written index does not read back", index.status().message());
  const similarity::ReferenceQuery query = MakeQuery(input);
  Exercise(*index, query);
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
