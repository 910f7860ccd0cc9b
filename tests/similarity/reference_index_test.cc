#include "similarity/reference_index.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "similarity/fingerprint.h"
#include "text/readable_text.h"
#include "text/text_key.h"

namespace qbank::similarity {
namespace {

const char kPassage[] =
    "The lighthouse keeper logged the wind speed every four hours and compared the readings "
    "with the harbour master's barometer before deciding whether the ferry could sail.";

std::vector<uint64_t> Tokens(std::string_view text) { return TokenHashes(text::MakeTextKey(text)); }

ReferenceIndex BuildIndex() {
  ReferenceIndexBuilder builder;
  uint32_t a = builder.AddDocument("notes/harbour.txt");
  builder.AddPassage(a, 1, "An unrelated opening paragraph about tide tables and nothing else.");
  builder.AddPassage(a, 3, std::string("Line one of the copy.\n") + kPassage);
  uint32_t b = builder.AddDocument("notes/other.txt");
  builder.AddPassage(b, 1, "Bread, butter and jam were on the table for the whole crew.");
  Result<ReferenceIndex> index = ReferenceIndex::Parse(builder.Serialize().value(), "refs.qidx");
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  return std::move(index).value();
}

TEST(ReferenceIndexTest, RoundTripsAndFindsACopiedPassageWithItsLine) {
  ReferenceIndex index = BuildIndex();
  EXPECT_EQ(index.document_count(), 2u);
  EXPECT_EQ(index.passage_count(), 3u);
  EXPECT_EQ(index.document(0), "notes/harbour.txt");
  std::vector<uint64_t> query = Tokens(std::string("Quiz: ") + kPassage);
  auto matches = index.Search(query, OverlapOptions{});
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(matches[0].doc, 0u);
  EXPECT_EQ(matches[0].line, 3u);  // the passage starts on line 3
  ReferenceIndex::Evidence evidence = index.EvidenceFor(matches[0]);
  EXPECT_EQ(evidence.line, 4u);  // the copied text on line 4
  EXPECT_NE(std::string(kPassage).find(evidence.quote), std::string::npos) << evidence.quote;
  EXPECT_GT(evidence.quote.size(), 100u);
  EXPECT_GE(matches[0].run_words(), 20u);
  EXPECT_GT(matches[0].share(), 0.8);
}

TEST(ReferenceIndexTest, FindsCopiesWithSwappedWordsAndLookAlikes) {
  ReferenceIndex index = BuildIndex();
  std::string swapped =
      "The lighthouse keeper logged the speed wind every four hours and compared the readings "
      "with the harbour master's barometer before deciding whether the ferry could sail.";
  EXPECT_EQ(index.Search(Tokens(swapped), OverlapOptions{}).size(), 1u);
  std::string disguised =
      "The lighth\u043Euse keeper l\u043Egged the wind speed every four h\u043Eurs and compared "
      "the re\u0430dings with the harbour master's barometer before deciding whether the ferry "
      "could sail.";
  EXPECT_EQ(index.Search(Tokens(disguised), OverlapOptions{}).size(), 1u);
  EXPECT_TRUE(
      index.Search(Tokens("The keeper logged nothing at all today."), OverlapOptions{}).empty());
}

TEST(ReferenceIndexTest, FindsTextMirroredInManyPlacesButNotStockPhrasing) {
  const char* kStockQuery =
      "A harbour crane lifts containers. Which of the following statements about the crew is "
      "most likely to be true when the ship leaves the port?";
  // The passage mirrored in 600 documents (more than the 500 places an earlier cap allowed),
  // and a stock phrase in 40 unrelated questions.
  ReferenceIndexBuilder builder;
  for (int d = 0; d < 600; ++d) {
    builder.AddPassage(builder.AddDocument("mirror" + std::to_string(d) + ".txt"), 1, kPassage);
  }
  const char* nouns[] = {"anchor", "beacon", "berth",  "buoy",   "cargo", "chart", "crane",
                         "dock",   "gate",   "hull",   "ledger", "lock",  "mast",  "permit",
                         "pilot",  "quay",   "rudder", "signal", "tide",  "vessel"};
  uint32_t stock = builder.AddDocument("stock.txt");
  for (int q = 0; q < 40; ++q) {
    std::string passage = std::string("The ") + nouns[q % 20] + " " + nouns[(q * 7 + 3) % 20] +
                          " holds " + std::to_string(q) +
                          ". Which of the following statements about the crew is most likely to be "
                          "true when the ship leaves the port? " +
                          nouns[(q * 3 + 1) % 20] + " " + nouns[(q * 11 + 5) % 20];
    builder.AddPassage(stock, 1, passage);
  }
  Result<ReferenceIndex> index = ReferenceIndex::Parse(builder.Serialize().value(), "refs.qidx");
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  EXPECT_GT(builder.stock_fingerprint_count(), 0u);
  auto matches = index->Search(Tokens(kPassage), OverlapOptions{});
  EXPECT_EQ(matches.size(), 600u);  // every mirror is named
  // A new question that uses only the stock phrase is not a copy.
  EXPECT_TRUE(index->Search(Tokens(kStockQuery), OverlapOptions{}).empty());
  // With stock phrasing kept (stock_contexts 0), it would be reported.
  IndexParameters keep_all;
  keep_all.stock_contexts = 0;
  ReferenceIndexBuilder all(keep_all);
  for (int q = 0; q < 40; ++q) {
    all.AddPassage(all.AddDocument("s" + std::to_string(q)), 1,
                   std::string("The ") + nouns[q % 20] +
                       " holds. Which of the following statements about the crew is most likely to "
                       "be true when the ship leaves the port? " +
                       nouns[(q * 3 + 1) % 20]);
  }
  Result<ReferenceIndex> unfiltered = ReferenceIndex::Parse(all.Serialize().value(), "all.qidx");
  ASSERT_TRUE(unfiltered.ok());
  EXPECT_FALSE(unfiltered->Search(Tokens(kStockQuery), OverlapOptions{}).empty());
}

// A question of one field per line (stem, then options), as a dump question is indexed.
ReferenceQuery FieldQuery(const std::vector<std::string>& fields) {
  ReferenceQuery query;
  for (const std::string& field : fields) {
    query.field_starts.push_back(static_cast<uint32_t>(query.tokens.size()));
    for (uint64_t t : Tokens(field)) query.tokens.push_back(t);
  }
  return query;
}

std::string Lines(const std::vector<std::string>& fields) {
  std::string text;
  for (const std::string& f : fields) text += (text.empty() ? "" : "\n") + f;
  return text;
}

// A short stem whose short options a dump prints in another order shares no n-gram run worth
// reporting; its lines are fingerprints of their own, so it is a candidate, and its words are the
// same set.
TEST(ReferenceIndexTest, FindsShortQuestionsWithOptionsInAnotherOrder) {
  const std::vector<std::string> dumped = {"Which crane lifts the hull?", "Spare anchor",
                                           "Tide gauge", "Wind vane", "Depth sounder"};
  ReferenceIndexBuilder builder;
  uint32_t doc = builder.AddDocument("dump.txt");
  builder.AddPassage(doc, 4, "Which buoy marks the berth?\nThe pilot\nThe harbour master");
  builder.AddPassage(doc, 12, Lines(dumped));
  Result<ReferenceIndex> index = ReferenceIndex::Parse(builder.Serialize().value(), "refs.qidx");
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  ReferenceQuery bank = FieldQuery(
      {"Which crane lifts the hull?", "Wind vane", "Depth sounder", "Spare anchor", "Tide gauge"});
  OverlapOptions options;
  options.min_similarity = 0.6;
  auto matches = index->Search(bank, options);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(matches[0].line, 12u);
  EXPECT_DOUBLE_EQ(matches[0].similarity, 1.0);
  EXPECT_LT(matches[0].run_words(), options.min_run_words);  // found by its words alone
  options.min_similarity = 0;
  EXPECT_TRUE(index->Search(bank, options).empty());
  // A question that shares one option line and little else is a candidate, not a copy.
  options.min_similarity = 0.6;
  EXPECT_TRUE(index
                  ->Search(FieldQuery({"Which gauge reads the depth of the channel at low water?",
                                       "Tide gauge", "Rain gauge", "Wind sock", "Barometer"}),
                           options)
                  .empty());
}

// Three words replaced in a stem and the options reordered leave no long run; the word sets are
// still alike.
TEST(ReferenceIndexTest, FindsRewordedCopiesByTheirWords) {
  const std::vector<std::string> dumped = {
      "A pilot must inspect the outer beacon before the tanker leaves the harbour at dawn.",
      "The tide gauge", "The wind vane", "The depth sounder", "The log book"};
  ReferenceIndexBuilder builder;
  builder.AddPassage(builder.AddDocument("dump.txt"), 1, Lines(dumped));
  Result<ReferenceIndex> index = ReferenceIndex::Parse(builder.Serialize().value(), "refs.qidx");
  ASSERT_TRUE(index.ok());
  ReferenceQuery bank = FieldQuery(
      {"A pilot has to inspect the external beacon before the tanker exits the harbour at dawn.",
       "The log book", "The depth sounder", "The tide gauge", "The wind vane"});
  OverlapOptions options;
  options.min_similarity = 0.6;
  auto matches = index->Search(bank, options);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_GT(matches[0].similarity, 0.6);
  EXPECT_LT(matches[0].similarity, 0.9);
  options.min_similarity = 0;
  EXPECT_TRUE(index->Search(bank, options).empty());
}

// The evidence is the reference's own text (here without the look-alike letters the question
// has), with its line and column, even on a long first line; a dump question gives its number.
TEST(ReferenceIndexTest, EvidenceQuotesTheReferenceWithLineAndColumn) {
  ReferenceIndexBuilder builder;
  uint32_t doc = builder.AddDocument("dump.html");
  builder.AddPassage(doc, PassagePlace{1, 1, {}, true, {}},
                     std::string("Résumé of notes: ") + kPassage);
  builder.AddPassage(doc, PassagePlace{1, 4031, "112", false, {}},
                     "Which crane lifts the hull?\nSpare anchor\nTide gauge\nWind vane");
  Result<ReferenceIndex> index = ReferenceIndex::Parse(builder.Serialize().value(), "refs.qidx");
  ASSERT_TRUE(index.ok());
  std::string disguised =
      "The lighth\u043Euse keeper l\u043Egged the wind speed every four h\u043Eurs and compared "
      "the re\u0430dings with the harbour master's barometer before deciding whether the ferry "
      "could sail.";
  auto matches = index->Search(Tokens(disguised), OverlapOptions{});
  ASSERT_EQ(matches.size(), 1u);
  ReferenceIndex::Evidence evidence = index->EvidenceFor(matches[0]);
  EXPECT_EQ(evidence.line, 1u);
  // The run starts at or after "The" (column 18: "Résumé of notes: " is 17 code points).
  EXPECT_GE(evidence.column, 18u);
  EXPECT_NE(evidence.quote.find("keeper logged the wind"), std::string::npos) << evidence.quote;
  EXPECT_EQ(evidence.quote.find("\u043E"), std::string::npos);
  EXPECT_TRUE(evidence.dump_question.empty());

  OverlapOptions options;
  options.min_similarity = 0.6;
  matches = index->Search(
      FieldQuery({"Which crane lifts the hull?", "Wind vane", "Tide gauge", "Spare anchor"}),
      options);
  ASSERT_EQ(matches.size(), 1u);
  evidence = index->EvidenceFor(matches[0]);
  EXPECT_EQ(evidence.dump_question, "112");
  EXPECT_EQ(evidence.line, 1u);
  EXPECT_EQ(evidence.column, 4031u);
  EXPECT_EQ(evidence.quote, "Which crane lifts the hull?\nSpare anchor\nTide gauge\nWind vane");
}

// An HTML entity is one character of the text as read: one anchor where it stands (not one a
// byte of its UTF-8, some in the middle of the character), and one where the text after it goes
// on in the file.
TEST(ReferenceIndexTest, AnEntityIsOneAnchor) {
  const std::string html = "<p>x &mdash; y &amp; z caf&#233;s</p>";
  const text::ReadableText readable = text::HtmlToText(html);
  ASSERT_EQ(readable.text, "x \u2014 y & z caf\u00e9s");
  const SourceText source("page.html", html);
  PositionCounter counter(source);
  PassagePlace place = ReadablePlace(readable, counter, 0, readable.text.size());
  EXPECT_EQ(place.line, 1u);
  EXPECT_EQ(place.column, 4u);
  EXPECT_TRUE(place.layout);
  std::vector<std::string> anchors;
  for (const PassageAnchor& a : place.anchors) {
    anchors.push_back(std::to_string(a.offset) + "@" + std::to_string(a.column) +
                      (a.exact ? "" : "~"));
  }
  // The dash (text byte 2, file column 6, not the file's bytes) and the space after it (column
  // 13); "&amp;" reads as the '&' it starts with, so only the space after it (column 21) leaves
  // the file; the e-acute (byte 15, column 27) and the 's' after it (column 33).
  EXPECT_EQ(anchors, (std::vector<std::string>{"2@6~", "5@13", "9@21", "15@27~", "17@33"}));
}

TEST(ReferenceIndexTest, AFailedDeflateIsAnErrorAndWritesNothing) {
  ReferenceIndexBuilder builder(IndexParameters{}, 42);
  builder.AddPassage(builder.AddDocument("d"), 1, kPassage);
  std::ostringstream stream;
  Status written = builder.Write(stream);
  EXPECT_EQ(written.ToString(),
            "zlib could not compress the passage text at level 42 (out of memory?); "
            "nothing written");
  EXPECT_TRUE(stream.str().empty());
  // Through the atomic writer `qbank index build` uses: no file is left behind.
  ReferenceIndexBuilder again(IndexParameters{}, 42);
  again.AddPassage(again.AddDocument("d"), 1, kPassage);
  const std::string path = ::testing::TempDir() + "/deflate_failed.qidx";
  std::remove(path.c_str());
  Status status = RealFileSystem().WriteFileAtomicStreamed(
      path, [&](std::ostream& out) { return again.Write(out); });
  EXPECT_FALSE(status.ok());
  EXPECT_FALSE(RealFileSystem().Exists(path));
  ReferenceIndexBuilder good;
  good.AddPassage(good.AddDocument("d"), 1, kPassage);
  EXPECT_TRUE(good.Serialize().ok());
}

TEST(ReferenceIndexTest, RejectsFilesThatAreNotIndexes) {
  ReferenceIndexBuilder builder;
  builder.AddPassage(builder.AddDocument("d"), 1, kPassage);
  std::string bytes = builder.Serialize().value();
  auto message = [](std::string b) {
    Result<ReferenceIndex> r = ReferenceIndex::Parse(std::move(b), "refs.qidx");
    return r.ok() ? std::string("ok") : r.status().ToString();
  };
  EXPECT_EQ(message(bytes), "ok");
  EXPECT_NE(message("hello").find("refs.qidx: not a usable qbank reference index: expected the"),
            std::string::npos);
  EXPECT_NE(message(bytes.substr(0, bytes.size() - 3)).find("file size does not match"),
            std::string::npos);
  // An index of the first file version (fingerprints naming a document and a line, no passages)
  // is refused with a word to rebuild it.
  std::string version_one = bytes.substr(0, 64);
  version_one[8] = 1;
  EXPECT_NE(message(version_one)
                .find("version 1, expected version 6 (rebuild it with `qbank "
                      "index build SOURCE... -o refs.qidx`)"),
            std::string::npos)
      << message(version_one);
  // Version 2 (passages without their text) likewise.
  std::string version_two = bytes;
  version_two[8] = 2;
  EXPECT_NE(message(version_two).find("version 2, expected version 6 (rebuild it"),
            std::string::npos);
  // Version 3 (a bucket directory of 2^18 entries whatever the size), version 4 (full hashes,
  // word hashes and plain text: about twice the size) and 5 (no places inside passages) likewise.
  for (char old : {'\3', '\4', '\5'}) {
    std::string older = bytes;
    older[8] = old;
    EXPECT_NE(
        message(older).find("version " + std::to_string(old) + ", expected version 6 (rebuild it"),
        std::string::npos);
  }
  std::string other_version = bytes;
  other_version[8] = 9;
  EXPECT_NE(message(other_version).find("version 9, expected version 6"), std::string::npos);
  // A directory size that does not fit the fingerprint count is damage, not a different index.
  std::string other_directory = bytes;
  other_directory[28] = static_cast<char>(other_directory[28] + 1);
  EXPECT_NE(message(other_directory).find("bucket directory size"), std::string::npos)
      << message(other_directory);
  std::string unsorted = bytes;
  // Garbage over the whole fingerprint table must be caught, never crash.
  for (size_t i = 72; i < unsorted.size(); ++i) unsorted[i] = static_cast<char>(0xA5 ^ i);
  EXPECT_NE(message(unsorted), "ok");
  std::string huge_count = bytes;
  for (int i = 48; i < 56; ++i) huge_count[static_cast<size_t>(i)] = '\xFF';
  EXPECT_NE(message(huge_count), "ok");
}

// The index of a passage of rendered HTML (so it has anchors), its evidence for `query`, and the
// file's size fields: the anchors and the deflated text are the file's last two sections.
struct DamageTarget {
  std::string bytes;
  std::vector<uint64_t> query;
  ReferenceIndex::Evidence good;
  size_t anchors_begin = 0;
  size_t deflated_begin = 0;
};

DamageTarget MakeDamageTarget() {
  DamageTarget t;
  const std::string html = std::string("<p>Tom &amp; Jerry &#233;t&#233; &mdash;<br>") + kPassage +
                           "</p>\n<p>Bread &amp; jam were on the table.</p>\n";
  ReferenceIndexBuilder builder;
  AddReferenceText(text::HtmlToText(html), SourceText("page.html", html), builder);
  t.bytes = builder.Serialize().value();
  t.query = Tokens(kPassage);
  Result<ReferenceIndex> index = ReferenceIndex::Parse(t.bytes, "refs.qidx");
  EXPECT_TRUE(index.ok());
  auto matches = index->Search(t.query, OverlapOptions{});
  EXPECT_EQ(matches.size(), 1u);
  if (matches.empty()) return t;
  t.good = index->EvidenceFor(matches[0]);
  uint64_t anchors = 0, deflated = 0;
  std::memcpy(&anchors, t.bytes.data() + 104, 8);
  std::memcpy(&deflated, t.bytes.data() + 88, 8);
  EXPECT_GT(anchors, 0u);
  t.deflated_begin = t.bytes.size() - deflated;
  t.anchors_begin = t.deflated_begin - anchors;
  return t;
}

// The evidence of `t`'s one match once byte `at` of its file is `value`. A damaged index must
// still open and find the passage: when it does not, a failure naming the byte is added and
// nullopt returned.
std::optional<ReferenceIndex::Evidence> EvidenceWithByte(const DamageTarget& t, size_t at,
                                                         char value) {
  std::string bytes = t.bytes;
  bytes[at] = value;
  Result<ReferenceIndex> index = ReferenceIndex::Parse(bytes, "refs.qidx");
  if (!index.ok()) {
    ADD_FAILURE() << "byte " << at << ": " << index.status().ToString();
    return std::nullopt;
  }
  std::vector<ReferenceMatch> matches = index->Search(t.query, OverlapOptions{});
  if (matches.size() != 1) {
    ADD_FAILURE() << "byte " << at << ": " << matches.size() << " matches, expected 1";
    return std::nullopt;
  }
  return index->EvidenceFor(matches[0]);
}

// Every byte of the deflated text overwritten in turn: the index still opens and searches, and
// a quote is the reference's text as written or empty (a damaged block; the finding then
// quotes the question's own words), never garbage or a crash.
TEST(ReferenceIndexTest, ADamagedTextBlockGivesNoQuote) {
  const DamageTarget t = MakeDamageTarget();
  ASSERT_FALSE(t.good.quote.empty());
  size_t empty = 0;
  for (size_t at = t.deflated_begin; at < t.bytes.size(); ++at) {
    for (char value : {'\x00', '\xFF', static_cast<char>(t.bytes[at] ^ 0x20)}) {
      std::optional<ReferenceIndex::Evidence> e = EvidenceWithByte(t, at, value);
      ASSERT_TRUE(e.has_value());
      if (e->quote.empty()) {
        ++empty;
        EXPECT_EQ(e->line, 0u);
        EXPECT_EQ(e->column, 0u);
      } else {
        EXPECT_EQ(e->quote, t.good.quote) << "byte " << at;
      }
    }
  }
  EXPECT_GT(empty, 0u);
}

// Every byte of the anchors overwritten in turn: the quote is the same text, placed by what
// can be read of the anchors (at worst at the passage's start), at a line and column >= 1.
TEST(ReferenceIndexTest, DamagedAnchorsStillPlaceTheQuote) {
  const DamageTarget t = MakeDamageTarget();
  ASSERT_LT(t.anchors_begin, t.deflated_begin);
  for (size_t at = t.anchors_begin; at < t.deflated_begin; ++at) {
    for (char value : {'\x00', '\xFF', '\x80', static_cast<char>(t.bytes[at] ^ 0x01)}) {
      std::optional<ReferenceIndex::Evidence> e = EvidenceWithByte(t, at, value);
      ASSERT_TRUE(e.has_value());
      EXPECT_EQ(e->quote, t.good.quote) << "byte " << at;
      EXPECT_GE(e->line, 1u);
      EXPECT_GE(e->column, 1u);
    }
  }
  // Cut short: the anchors and text end early; Parse refuses the file.
  Result<ReferenceIndex> cut =
      ReferenceIndex::Parse(t.bytes.substr(0, t.anchors_begin + 1), "refs.qidx");
  EXPECT_FALSE(cut.ok());
}

}  // namespace
}  // namespace qbank::similarity

namespace qbank::similarity {
namespace {

// The bucket directory grows with the fingerprint count (about 8 a bucket) up to 2^18 buckets:
// an index of one passage holds a directory of 17 entries, not a megabyte.
TEST(ReferenceIndexTest, SizesTheBucketDirectoryToTheIndex) {
  EXPECT_EQ(ReferenceIndex::BucketBitsFor(0), ReferenceIndex::kMinBucketBits);
  EXPECT_EQ(ReferenceIndex::BucketBitsFor(128), 4);
  EXPECT_EQ(ReferenceIndex::BucketBitsFor(129), 5);
  EXPECT_EQ(ReferenceIndex::BucketBitsFor(uint64_t{8} << 17), 17);
  EXPECT_EQ(ReferenceIndex::BucketBitsFor(uint64_t{1} << 40), ReferenceIndex::kMaxBucketBits);
  ReferenceIndexBuilder small;
  small.AddPassage(small.AddDocument("d"), 1, kPassage);
  EXPECT_LT(small.Serialize().value().size(), 4096u);
  // Many passages: a larger directory, and every passage is still found through it.
  ReferenceIndexBuilder large;
  uint32_t doc = large.AddDocument("many.txt");
  std::vector<std::string> passages;
  auto word = [](int n) {  // a made-up word per number: "bak", "cel", ...
    std::string w;
    for (int k = 0; k < 3; ++k, n /= 20) {
      w += "bcdfghjklmnpqrstvwz"[n % 19];
      w += "aeiou"[(n / 19) % 5];
    }
    return w;
  };
  for (int i = 0; i < 400; ++i) {
    std::string text;
    for (int k = 0; k < 30; ++k) text += (k == 0 ? "" : " ") + word(i * 30 + k);
    passages.push_back(text);
    large.AddPassage(doc, static_cast<uint32_t>(i + 1), passages.back());
  }
  Result<ReferenceIndex> index = ReferenceIndex::Parse(large.Serialize().value(), "many.qidx");
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  for (int i = 0; i < 400; i += 37) {
    auto matches = index->Search(Tokens(passages[static_cast<size_t>(i)]), OverlapOptions{});
    ASSERT_FALSE(matches.empty()) << i;
    EXPECT_EQ(matches[0].line, static_cast<uint32_t>(i + 1));
  }
}

TEST(ReferenceIndexTest, MapsAnIndexFileFromDisk) {
  std::string path = ::testing::TempDir() + "/dup_test_refs.qidx";
  ReferenceIndexBuilder builder;
  builder.AddPassage(builder.AddDocument("harbour.txt"), 7, kPassage);
  ASSERT_TRUE(RealFileSystem().WriteFileAtomic(path, builder.Serialize().value()).ok());
  Result<ReferenceIndex> index = ReferenceIndex::LoadMapped(path);
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  ReferenceIndex copy = *index;  // copies share the mapping
  index = Status::NotFound("dropped");
  auto matches = copy.Search(Tokens(kPassage), OverlapOptions{});
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(copy.document(matches[0].doc), "harbour.txt");
  EXPECT_EQ(matches[0].line, 7u);
  std::remove(path.c_str());
  EXPECT_TRUE(ReferenceIndex::LoadMapped(path).status().IsNotFound());
  ASSERT_TRUE(RealFileSystem().WriteFileAtomic(path, "tiny").ok());
  EXPECT_NE(ReferenceIndex::LoadMapped(path).status().ToString().find("not a usable"),
            std::string::npos);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace qbank::similarity

namespace qbank::similarity {
namespace {

// Damaged index files are refused or, when their header still adds up, searched without reading
// outside the file (run under the sanitizers in CI).
TEST(ReferenceIndexTest, SurvivesDamagedFiles) {
  ReferenceIndexBuilder builder;
  uint32_t doc = builder.AddDocument("a.txt");
  builder.AddPassage(doc, 1, kPassage);
  builder.AddPassage(doc, 9, "Bread, butter and jam were on the table for the whole crew today.");
  const std::string good = builder.Serialize().value();
  std::vector<uint64_t> query = Tokens(kPassage);
  std::mt19937 rng(11);
  size_t accepted = 0;
  // The fingerprint table and everything after it (passages, words, deflated text); before it
  // the header, names and the directory (2^18 + 1 entries of 4 bytes).
  const size_t fingerprints = ReferenceIndex::Parse(good, "x")->fingerprint_count();
  const size_t table =
      (104 + 8 + ((size_t{1} << ReferenceIndex::BucketBitsFor(fingerprints)) + 1) * 4 + 7) / 8 * 8;
  ASSERT_LT(table, good.size());
  for (int round = 0; round < 120; ++round) {
    std::string bytes = good;
    int flips = 1 + static_cast<int>(rng() % 8);
    for (int k = 0; k < flips; ++k) {
      size_t at = round % 2 == 0 ? table + rng() % (good.size() - table) : rng() % bytes.size();
      bytes[at] = static_cast<char>(rng());
    }
    if (round % 5 == 1) bytes.resize(rng() % bytes.size());
    Result<ReferenceIndex> index = ReferenceIndex::Parse(bytes, "damaged.qidx");
    if (!index.ok()) {
      EXPECT_EQ(index.status().ToString().rfind("damaged.qidx: not a usable", 0), 0u);
      continue;
    }
    ++accepted;
    for (const ReferenceMatch& m : index->Search(query, OverlapOptions{})) {
      EXPECT_LT(m.doc, index->document_count());
      // Its quote and place are read from the damaged records too (empty when they are out of
      // bounds), without fault.
      ReferenceIndex::Evidence e = index->EvidenceFor(m);
      EXPECT_LE(e.quote.size(), good.size());
    }
  }
  EXPECT_GT(accepted, 0u);  // flips inside the fingerprint table leave the header valid
}

}  // namespace
}  // namespace qbank::similarity

namespace qbank::similarity {
namespace {

// Version 4 keeps what version 3 kept in about half the bytes: 12 bytes a fingerprint (32 bits of
// hash below the bucket bits, passage, word), words as delta-coded vocabulary ids, and the text
// deflated in blocks; quotes come back whole, also across a block boundary.
TEST(ReferenceIndexTest, KeepsTextAndWordsCompactly) {
  ReferenceIndexBuilder builder;
  uint32_t doc = builder.AddDocument("big.txt");
  std::string text;
  std::mt19937 rng(5);
  const char* words[] = {"harbour", "ferry",     "keeper", "lantern", "tide",  "gauge", "anchor",
                         "crew",    "barometer", "wind",   "hull",    "crane", "deck",  "sail"};
  std::vector<std::string> passages;
  for (int p = 0; p < 400; ++p) {
    std::string passage;
    for (int w = 0; w < 40; ++w) {
      passage += std::string(w == 0 ? "" : " ") + words[rng() % 14] + std::to_string(p % 7);
    }
    passages.push_back(passage);
    builder.AddPassage(doc, static_cast<uint32_t>(1 + 2 * p), passage);
    text += passage;
  }
  ASSERT_GT(text.size(), 2 * ReferenceIndex::kTextBlock);
  const size_t fingerprints = builder.fingerprint_count();
  const std::string bytes = builder.Serialize().value();
  Result<ReferenceIndex> index = ReferenceIndex::Parse(bytes, "refs.qidx");
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  // Header, names and the bucket directory aside, less than half the text plus 12 bytes a
  // fingerprint and 40 a passage (version 3 took the whole text, 16 bytes a fingerprint and 4 a
  // distinct word).
  const size_t fixed =
      (104 + 8 + ((size_t{1} << ReferenceIndex::BucketBitsFor(fingerprints)) + 1) * 4 + 7) / 8 * 8;
  EXPECT_LT(bytes.size() - fixed, text.size() / 2 + fingerprints * 12 + size_t{400} * 40)
      << bytes.size() - fixed << " bytes for " << text.size() << " of text";
  // Every passage is found and quoted whole, those that straddle a block boundary included.
  OverlapOptions options;
  options.min_similarity = 0.9;
  size_t straddling = 0, at = 0;
  for (int p = 0; p < 400; ++p) {
    const size_t begin = at;
    at += passages[static_cast<size_t>(p)].size();
    bool straddles = begin / ReferenceIndex::kTextBlock != (at - 1) / ReferenceIndex::kTextBlock;
    if (!straddles && p % 25 != 0) continue;
    straddling += straddles;
    ReferenceMatch best;
    bool found = false;
    for (const ReferenceMatch& m :
         index->Search(Tokens(passages[static_cast<size_t>(p)]), options)) {
      found = true;
      best = m;
      break;
    }
    ASSERT_TRUE(found) << p;
    EXPECT_EQ(best.similarity, 1.0) << p;
    ReferenceIndex::Evidence evidence = index->EvidenceFor(best);
    EXPECT_NE(passages[static_cast<size_t>(p)].find(evidence.quote), std::string::npos) << p;
    EXPECT_GT(evidence.quote.size(), 100u) << p;
  }
  EXPECT_GT(straddling, 0u);
}

}  // namespace
}  // namespace qbank::similarity
