// `qbank index build` over an in-memory file system.
#include "commands/index.h"

#include <gtest/gtest.h>

#include <sstream>

#include "similarity/fingerprint.h"
#include "similarity/reference_index.h"
#include "text/text_key.h"

namespace qbank::commands {
namespace {

const char kPassage[] =
    "The lighthouse keeper logged the wind speed every four hours and compared the readings "
    "with the harbour master's barometer before deciding whether the ferry could sail.";

std::vector<uint64_t> Tokens(std::string_view text) {
  return similarity::TokenHashes(text::MakeTextKey(text));
}

TEST(IndexBuildTest, BuildsFromTextFilesBanksAndFolders) {
  InMemoryFileSystem fs;
  fs.Add("refs/dump.txt", std::string("Header line\n\n") + kPassage + "\n");
  fs.Add("refs/sub/notes.txt", "Some other text that says little.\n");
  fs.Add("refs/blob.bin", std::string("\x00\x01\x02", 3));
  IndexBuildOptions options;
  options.sources = {"refs"};
  options.output = "out/refs.qidx";
  std::ostringstream out, err;
  ASSERT_EQ(RunIndexBuild(options, fs, out, err), 0) << err.str();
  EXPECT_EQ(out.str(), "out/refs.qidx: 2 documents, 3 passages, " +
                           std::to_string(similarity::ReferenceIndex::Parse(
                                              fs.files().at("out/refs.qidx"), "x")
                                              ->fingerprint_count()) +
                           " fingerprints\n");
  EXPECT_NE(err.str().find("refs/blob.bin: binary data"), std::string::npos);
  Result<similarity::ReferenceIndex> index = similarity::ReferenceIndex::Load(fs, "out/refs.qidx");
  ASSERT_TRUE(index.ok());
  auto matches = index->Search(Tokens(kPassage), similarity::OverlapOptions{});
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(index->document(matches[0].doc), "refs/dump.txt");
  EXPECT_EQ(matches[0].line, 3u);

  options.sources = {"missing"};
  std::ostringstream out2, err2;
  EXPECT_EQ(RunIndexBuild(options, fs, out2, err2), 2);
  EXPECT_EQ(err2.str(), "missing: no such file or folder\n");
}

// A dump is read as questions: each question's stem and options a passage placed at the stem,
// its explanation another, and the evidence names the dump's question number.
TEST(IndexBuildTest, DumpQuestionsKeepTheirNumberAndPlace) {
  InMemoryFileSystem fs;
  fs.Add("dumps/vce.txt",
         "Harbour Practice Exam - dumps in VCE and PDF\n\nQUESTION 37\n"
         "Which crane lifts the hull?\n\nA. Spare anchor\nB. Tide gauge\nC. Wind vane\n"
         "D. Depth sounder\n\nCorrect Answer: A\nSection: (none)\nExplanation\n\n"
         "Explanation/Reference:\n"
         "The spare anchor crane is the only one rated for a hull section of that weight.\n\n"
         "QUESTION 38\nWhat does the harbour master log at dawn?\n\nA. Tides\nB. Winds\n"
         "C. Ships\nD. Cargo\n\nCorrect Answer: C\n");
  IndexBuildOptions options;
  options.sources = {"dumps"};
  options.output = "refs.qidx";
  std::ostringstream out, err;
  ASSERT_EQ(RunIndexBuild(options, fs, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("1 documents, 3 passages"), std::string::npos) << out.str();
  Result<similarity::ReferenceIndex> index = similarity::ReferenceIndex::Load(fs, "refs.qidx");
  ASSERT_TRUE(index.ok());
  similarity::ReferenceQuery query;
  for (const char* field : {"Which crane lifts the hull?", "Wind vane", "Depth sounder",
                            "Spare anchor", "Tide gauge"}) {
    query.field_starts.push_back(static_cast<uint32_t>(query.tokens.size()));
    for (uint64_t t : Tokens(field)) query.tokens.push_back(t);
  }
  similarity::OverlapOptions overlap;
  overlap.min_similarity = 0.6;
  auto matches = index->Search(query, overlap);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_DOUBLE_EQ(matches[0].similarity, 1.0);  // the explanation is a passage of its own
  similarity::ReferenceIndex::Evidence evidence = index->EvidenceFor(matches[0]);
  EXPECT_EQ(evidence.dump_question, "37");
  EXPECT_EQ(evidence.line, 4u);
  EXPECT_EQ(evidence.column, 1u);
  EXPECT_EQ(evidence.quote.rfind("Which crane lifts the hull?\nSpare anchor", 0), 0u)
      << evidence.quote;
}

// The evidence of a quote from inside a dump question, rendered HTML or repaired PDF text says
// where the quote itself stands in the file, not where its question or paragraph starts.
similarity::ReferenceIndex::Evidence EvidenceOf(InMemoryFileSystem& fs, std::string_view copy) {
  IndexBuildOptions options;
  options.sources = {"refs"};
  options.output = "refs.qidx";
  std::ostringstream out, err;
  EXPECT_EQ(RunIndexBuild(options, fs, out, err), 0) << err.str();
  Result<similarity::ReferenceIndex> index = similarity::ReferenceIndex::Load(fs, "refs.qidx");
  EXPECT_TRUE(index.ok());
  auto matches = index->Search(Tokens(copy), similarity::OverlapOptions{});
  EXPECT_EQ(matches.size(), 1u);
  if (matches.empty()) return {};
  return index->EvidenceFor(matches[0]);
}

TEST(IndexBuildTest, PlacesTheQuoteItselfInDumpsHtmlAndPdfText) {
  const std::string copy =
      "the lighthouse keeper logged the wind speed every four hours and compared the readings";
  {  // An explanation in a VCE dump, its copied words on its second line.
    InMemoryFileSystem fs;
    fs.Add("refs/vce.txt",
           "QUESTION 37\nWhich crane lifts the hull?\n\nA. Spare anchor\nB. Tide gauge\n"
           "C. Wind vane\nD. Depth sounder\n\nCorrect Answer: A\nExplanation/Reference:\n"
           "Read the log first.\nIn short, " +
               std::string(kPassage) + "\n");
    similarity::ReferenceIndex::Evidence e = EvidenceOf(fs, copy);
    EXPECT_EQ(e.dump_question, "37");
    EXPECT_EQ(e.line, 12u);
    EXPECT_GE(e.column, 11u);  // at or after "The" ("In short, " is 10 code points)
    EXPECT_LE(e.column, 40u);
  }
  {  // HTML that is not a dump: the line and column of the file, tags and entities included.
    InMemoryFileSystem fs;
    fs.Add("refs/page.html",
           "<html><body>\n<h1>Harbour</h1>\n<div class=\"note\">\n<p>Notes &amp; logs.</p>\n"
           "<p><b>Log:</b> " +
               std::string(kPassage) + "</p>\n</div></body></html>\n");
    similarity::ReferenceIndex::Evidence e = EvidenceOf(fs, copy);
    EXPECT_EQ(e.line, 5u);
    EXPECT_GE(e.column, 16u);  // "<p><b>Log:</b> " is 15 code points
    EXPECT_LE(e.column, 45u);
  }
  {  // PDF-to-text: a page header dropped and a hyphenation joined before the copy.
    InMemoryFileSystem fs;
    std::string pdf;
    for (int page = 1; page <= 3; ++page) {
      pdf += "Harbour Guide Page " + std::to_string(page) +
             "\n\nThe harbour is busy and the in-\n"
             "spectors are few.\n\f";
    }
    pdf += "Harbour Guide Page 4\n\nThe report.\n" + std::string(kPassage) + "\n";
    fs.Add("refs/guide.txt", pdf);
    similarity::ReferenceIndex::Evidence e = EvidenceOf(fs, copy);
    EXPECT_EQ(e.line, 16u) << pdf;  // after the header ("\fHarbour Guide Page 4") and "The report."
    EXPECT_LE(e.column, 30u);
  }
}

// An HTML entity is one character of the text as read, wherever it stands before a quote: the
// quote's column is that of its first word in the file, counted over the entities as written.
TEST(IndexBuildTest, PlacesAQuoteAfterHtmlEntitiesAtItsOwnColumn) {
  const std::string copy =
      "the lighthouse keeper logged the wind speed every four hours and compared the readings";
  for (const std::string& before :
       {std::string("Tom &amp; Jerry &lt;b&gt; said: "), std::string("&eacute;t&eacute; &#233; "),
        std::string("&nbsp;&mdash; &quot;caf&eacute;&quot; &#x2014;&#8212; ")}) {
    InMemoryFileSystem fs;
    const std::string line = "<p>" + before + kPassage + "</p>";
    fs.Add("refs/page.html", "<html><body>\n<h1>Harbour</h1>\n<p>Notes &amp; logs.</p>\n" + line +
                                 "\n</body></html>\n");
    similarity::ReferenceIndex::Evidence e = EvidenceOf(fs, copy);
    ASSERT_FALSE(e.quote.empty()) << before;
    const size_t at = line.find(e.quote);
    ASSERT_NE(at, std::string::npos) << e.quote;
    EXPECT_EQ(e.line, 4u) << before;
    EXPECT_EQ(e.column, at + 1) << before;  // the line before the quote is ASCII: bytes are columns
  }
}

// A question its reader refuses is never dropped in silence. In a dump, the questions read are
// indexed and each refused one is a warning naming its place. A file of another format with a
// refused question is indexed as plain text (its format was guessed from its content: prose with
// braces is taken for GIFT, and text keeps every word), and a note says so; the copy is found.
TEST(IndexBuildTest, SaysWhichQuestionsItCouldNotRead) {
  InMemoryFileSystem fs;
  fs.Add("refs/vce.txt",
         "Harbour Practice Exam - dumps in VCE and PDF\n\nQUESTION 37\n"
         "Which crane lifts the hull?\n\nA. Spare anchor\nB. Tide gauge\n\nCorrect Answer: A\n\n"
         "QUESTION 38\n\nQUESTION 39\nWhat does the harbour master log at dawn?\n\nA. Tides\n"
         "B. Winds\n\nCorrect Answer: A\n");
  fs.Add("refs/quiz.gift",
         "::a:: Which gauge reads the tide? {=Tide board ~Log}\n\n"
         "::b:: Which flag means a pilot is aboard? {=H ~Q\n\n"
         "::c:: " +
             std::string(kPassage) + " {=Yes ~No}\n");
  IndexBuildOptions options;
  options.sources = {"refs"};
  options.output = "refs.qidx";
  std::ostringstream out, err;
  ASSERT_EQ(RunIndexBuild(options, fs, out, err), 0) << err.str();
  EXPECT_EQ(err.str(),
            "qbank index build: note: refs/quiz.gift:3:43: expected '}' to close the answer block "
            "opened here; refs/quiz.gift is indexed as plain text, not as gift questions (1 of "
            "them not read)\n"
            "qbank index build: warning: refs/vce.txt:11:1: question not read, so not indexed: "
            "expected the question text after the heading of dump question 38\n");
  EXPECT_NE(out.str().find("2 documents, 5 passages"), std::string::npos) << out.str();
  Result<similarity::ReferenceIndex> index = similarity::ReferenceIndex::Load(fs, "refs.qidx");
  ASSERT_TRUE(index.ok());
  auto matches = index->Search(Tokens(kPassage), similarity::OverlapOptions{});
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(index->document(matches[0].doc), "refs/quiz.gift");
  EXPECT_EQ(matches[0].line, 5u);
  similarity::ReferenceQuery query;
  for (const char* field : {"What does the harbour master log at dawn?", "Tides", "Winds"}) {
    query.field_starts.push_back(static_cast<uint32_t>(query.tokens.size()));
    for (uint64_t t : Tokens(field)) query.tokens.push_back(t);
  }
  similarity::OverlapOptions overlap;
  overlap.min_similarity = 0.6;
  matches = index->Search(query, overlap);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(index->EvidenceFor(matches[0]).dump_question, "39");
}

TEST(IndexBuildTest, NeverOverwritesASourceNamedAsOutput) {
  InMemoryFileSystem fs;
  fs.Add("a.txt", std::string(kPassage) + "\n");
  fs.Add("b.txt", "Some other text that says little.\n");
  IndexBuildOptions options;
  options.sources = {"a.txt", "b.txt"};
  options.output = "b.txt";
  std::ostringstream out, err;
  EXPECT_EQ(RunIndexBuild(options, fs, out, err), 2);
  EXPECT_EQ(err.str(),
            "qbank index build: refusing to overwrite the input b.txt (write elsewhere; `qbank fmt "
            "--write b.txt` rewrites a file in its own format)\n");
  EXPECT_EQ(fs.files().at("b.txt"), "Some other text that says little.\n");
}

}  // namespace
}  // namespace qbank::commands
