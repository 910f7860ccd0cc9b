// Tests for the dump format: the common dump layouts read as questions with spans, detection that
// never takes Aiken or GIFT for a dump, and errors at their place.
#include "formats/dump/dump_format.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/dump/dump_watermark.h"
#include "formats/import_export_test_support.h"
#include "formats/registry.h"

namespace qbank::formats {
namespace {

using testing::ImportText;

constexpr const char* kVce =
    "Practice Exam 100-200\n"
    "\n"
    "QUESTION 37\n"
    "Which layer of the harbour signal model decides the\n"
    "order in which pilot boats leave the quay?\n"
    "\n"
    "A. The berth layer\n"
    "B. The tide\n"
    "   layer\n"
    "C. The dispatch layer\n"
    "\n"
    "Correct Answer: C\n"
    "Section: (none)\n"
    "Explanation\n"
    "\n"
    "Explanation/Reference:\n"
    "The dispatch layer orders departures by tide window.\n"
    "\n"
    "NEW QUESTION 38\n"
    "Which TWO flags mark a vessel carrying fuel? (Choose two.)\n"
    "A. Red pennant\n"
    "B. Blue square\n"
    "C. Yellow triangle\n"
    "Correct Answer: AC\n";

TEST(DumpFormatTest, ReadsVceTextWithWrappedLinesAnswersAndExplanations) {
  DumpFormat dump;
  auto r = ImportText(dump, "dump.txt", kVce);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.id.value, "q37");
  EXPECT_EQ(q.stem.value,
            "Which layer of the harbour signal model decides the\norder in which pilot boats "
            "leave the quay?");
  EXPECT_EQ(q.stem.span.line, 4u);
  EXPECT_EQ(q.stem.span.column, 1u);
  EXPECT_TRUE(q.stem.verbatim);
  ASSERT_EQ(q.options.size(), 3u);
  EXPECT_EQ(q.options[1].text.value, "The tide\n   layer");
  EXPECT_EQ(q.options[2].text.span.line, 10u);
  EXPECT_EQ(q.options[2].text.span.column, 4u);
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{2});
  EXPECT_EQ(q.stated_answer->value, "Correct Answer: C");
  EXPECT_EQ(q.explanation.value, "The dispatch layer orders departures by tide window.");
  ASSERT_NE(q.extensions.Find("dump_question"), nullptr);
  EXPECT_EQ(q.extensions.Find("dump_question")->as_string(), "37");
  const model::Question& q2 = r.bank.questions[1];
  EXPECT_EQ(q2.type, model::QuestionType::kMultipleAnswer);
  EXPECT_EQ(q2.KeyIndexes(), (std::vector<size_t>{0, 2}));
}

TEST(DumpFormatTest, ReadsForumCopyWithoutVotesOrComments) {
  DumpFormat dump;
  auto r = ImportText(dump, "forum.txt",
                      "Question #112Topic 1\n"
                      "Which register keeps the arrival times?\n"
                      "A. The tide book Most Voted\n"
                      "B. The quay ledger\n"
                      "Suggested Answer: A\n"
                      "Community vote distribution\n"
                      "A (80%)\n"
                      "Highly Voted 2 years, 3 months ago\n"
                      "Selected Answer: B\n"
                      "I think it is the ledger\n"
                      "upvoted 3 times\n"
                      "Topic 1, Question #113\n"
                      "Which light marks the starboard side?\n"
                      "A. Red\n"
                      "B. Green\n");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.id.value, "t1-q112");
  EXPECT_EQ(q.options[0].text.value, "The tide book");
  EXPECT_EQ(q.KeyIndexes(), std::vector<size_t>{0});  // the dump's answer, not a vote
  EXPECT_TRUE(q.explanation.empty());
  EXPECT_EQ(r.bank.questions[1].extensions.Find("dump_question")->as_string(), "Topic 1 #113");
}

TEST(DumpFormatTest, ReadsOneLineHtmlWithColumns) {
  std::string html =
      "<html><body><div>Question #7 <span>Topic 2</span></div><p>Which buoy marks a "
      "&quot;safe water&quot; channel?</p><ul><li>A. Red and white stripes</li><li>B. Green "
      "cone</li></ul><div>Suggested Answer: A</div><div>Question #8 Topic 2</div><p>What does "
      "a pilot flag mean?</p><ul><li>A. Pilot on board</li><li>B. Need water</li></ul></body>"
      "</html>";
  DumpFormat dump;
  auto r = ImportText(dump, "dump.html", html);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.stem.value, "Which buoy marks a \"safe water\" channel?");
  EXPECT_FALSE(q.stem.verbatim);  // the entities were decoded
  EXPECT_EQ(q.stem.span.line, 1u);
  EXPECT_EQ(q.stem.span.column, html.find("Which buoy") + 1);
  EXPECT_EQ(r.bank.questions[1].options[0].text.span.column, html.find("Pilot on") + 1);
  EXPECT_TRUE(r.bank.questions[1].options[0].text.verbatim);
}

TEST(DumpFormatTest, ReadsPdfTextWithHyphenatedWordsAndPageHeaders) {
  DumpFormat dump;
  auto r = ImportText(dump, "dump.txt",
                      "QUESTION 1\nWhich protocol encrypts web traf-\n\fwww.dumps.test Page 2\n"
                      "fic between two hosts?\nA. HTTPS\nB. FTP\nCorrect Answer: A\n"
                      "\fwww.dumps.test Page 3\nQUESTION 2\nWhich port?\nA. 443\nB. 21\n"
                      "\fwww.dumps.test Page 4\nCorrect Answer: A\n");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].stem.value,
            "Which protocol encrypts web traffic between two hosts?");
  EXPECT_EQ(r.bank.questions[1].KeyIndexes(), std::vector<size_t>{0});
}

TEST(DumpFormatTest, HeadingWithoutTextIsAnErrorAtTheHeading) {
  DumpFormat dump;
  auto r = ImportText(dump, "dump.txt", "QUESTION 1\n\nQUESTION 2\nWhat is it?\nA. x\nB. y\n");
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.bank.questions.size(), 1u);
  EXPECT_NE(
      r.ErrorText().find(
          "dump.txt:1:1: error: expected the question text after the heading of dump question 1"),
      std::string::npos)
      << r.ErrorText();
}

// A forum copy that prints each question's heading twice, in two orders.
constexpr const char* kTwiceHeaded =
    "Topic 1 Question #1\n"
    "Question #1Topic 1\n"
    "Which ledger records the pilot boat departures?\n"
    "A. The quay book\n"
    "B. The tide table\n"
    "Suggested Answer: A\n"
    "Topic 1 Question #2\n"
    "Question #2Topic 1\n"
    "Which signal orders a vessel to hold position?\n"
    "A. Two short blasts\n"
    "B. One long blast Most Voted\n"
    "Suggested Answer: B\n"
    "Community vote distribution\n"
    "B (90%)\n";

TEST(DumpFormatTest, ReadsAForumCopyWhoseHeadingsComeTwice) {
  DumpFormat dump;
  auto r = ImportText(dump, "forum.txt", kTwiceHeaded);
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  EXPECT_EQ(r.ErrorText(), "");
  ASSERT_EQ(r.bank.questions.size(), 2u);
  EXPECT_EQ(r.bank.questions[0].id.value, "t1-q1");
  EXPECT_EQ(r.bank.questions[0].stem.value, "Which ledger records the pilot boat departures?");
  EXPECT_EQ(r.bank.questions[0].stem.span.line, 3u);
  EXPECT_EQ(r.bank.questions[1].id.value, "t1-q2");
  EXPECT_EQ(r.bank.questions[1].options[1].text.value, "One long blast");
  EXPECT_EQ(r.bank.questions[1].KeyIndexes(), std::vector<size_t>{1});
  EXPECT_EQ(Registry::Default().Detect("forum.txt", kTwiceHeaded)->name(), "dump");
}

TEST(DumpFormatTest, ReadsHeadingsOfOtherNumberingStyles) {
  DumpFormat dump;
  for (const char* heading :
       {"Q12.", "Q.12", "Q#12", "Q 12:", "Question 12/60", "Item 12", "Problem 12",
        "Question Number 12", "Ques. 12", "Topic 3 - Question 12", "Question 12 (Topic 3)"}) {
    std::string text = std::string(heading) +
                       "\nWhich lamp marks the harbour mouth?\nA. The green lamp\nB. The red "
                       "lamp\nCorrect Answer: B\n";
    auto r = ImportText(dump, "dump.txt", text);
    ASSERT_TRUE(r.status.ok()) << heading << ": " << r.status.ToString();
    ASSERT_EQ(r.bank.questions.size(), 1u) << heading << ": " << r.ErrorText();
    EXPECT_EQ(r.bank.questions[0].stem.value, "Which lamp marks the harbour mouth?") << heading;
    EXPECT_EQ(r.bank.questions[0].extensions.Find("dump_question")->as_string().back(), '2')
        << heading;
    EXPECT_EQ(Registry::Default().Detect("dump.txt", text)->name(), "dump") << heading;
  }
  // A plain numbered quiz is not a dump: no dump answer line beside its "Q1." headings.
  EXPECT_EQ(dump.Sniff("quiz.txt", "Q1. What is 2+2?\nA. 3\nB. 4\nANSWER: B\n"), 0);
  // "Q1 revenue" and "Question time" are words, not headings.
  auto r = ImportText(dump, "dump.txt",
                      "QUESTION 1\nQ1 revenue rose. Which quarter fell?\nA. Q2\nB. Q3\n"
                      "Correct Answer: A\n");
  ASSERT_EQ(r.bank.questions.size(), 1u) << r.ErrorText();
  EXPECT_EQ(r.bank.questions[0].stem.value, "Q1 revenue rose. Which quarter fell?");
}

TEST(DumpFormatTest, LeavesOutWatermarksOfAnySite) {
  DumpFormat dump;
  auto r =
      ImportText(dump, "dump.txt",
                 "QUESTION 1\n"
                 "Which lamp marks the harbour mouth?\n"
                 "Get the latest VCE dumps of this exam at www.harbourpass-example.net\n"
                 "A. The green lamp\n"
                 "B. The red lamp\n"
                 "Download the full version PDF of the exam from https://quaytests.example.org\n"
                 "Correct Answer: B\n"
                 "Explanation/Reference:\n"
                 "Red lamps mark the port side.\n"
                 "Reference: https://harbour-authority.example.com/lamps\n"
                 "Leads4Quay - 100% pass with real exam questions\n"
                 "QUESTION 2\n"
                 "Which flag asks for a pilot?\n"
                 "A. G\n"
                 "B. H\n"
                 "Correct Answer: A\n");
  ASSERT_TRUE(r.status.ok()) << r.status.ToString();
  ASSERT_EQ(r.bank.questions.size(), 2u);
  const model::Question& q = r.bank.questions[0];
  EXPECT_EQ(q.stem.value, "Which lamp marks the harbour mouth?");
  EXPECT_EQ(q.options[1].text.value, "The red lamp");
  // A documentation link is no watermark: it stays in the explanation.
  EXPECT_EQ(q.explanation.value,
            "Red lamps mark the port side.\n"
            "Reference: https://harbour-authority.example.com/lamps");
}

// A site's name is found wherever its telling bytes ('.', 'w', "http", a letter before a digit)
// fall in the text, whatever the alignment of eight-byte blocks.
TEST(DumpWatermarkTest, FoundWhereverTheSiteNameFallsInABlock) {
  const std::string sites[] = {"www.examsite.com", "examsite.com", "http://examsite.io/x",
                               "Pass4Sure",        "EXAMSITE.NET", "sure4pass.org"};
  for (size_t pad = 0; pad < 20; ++pad) {
    for (const std::string& site : sites) {
      const std::string lead(pad, 'a');
      std::string line = "Get ";
      line += lead;
      line += " latest VCE dumps at ";
      line += site;
      EXPECT_TRUE(IsDumpWatermark(line)) << line;
      const std::string text = "Which planet is largest?\n" + line + "\nmore text";
      ASSERT_EQ(FindDumpWatermarks(text).size(), 1u) << text;
    }
    // No site: no watermark, however the blocks fall.
    EXPECT_TRUE(
        FindDumpWatermarks("Get " + std::string(pad, 'a') + " latest VCE dumps today").empty());
  }
}

TEST(DumpFormatTest, DetectionTakesDumpsAndNeverAikenOrGift) {
  const Registry& registry = Registry::Default();
  EXPECT_EQ(registry.Detect("dump.txt", kVce)->name(), "dump");
  EXPECT_EQ(registry.Detect("dump.html", "<p>Question #1 Topic 1</p>")->name(), "dump");
  EXPECT_EQ(registry.Detect("bank.txt", "What is 2+2?\nA. 3\nB. 4\nANSWER: B\n")->name(), "aiken");
  EXPECT_EQ(registry.Detect("bank.txt", "Question 1 is easy?\nA. 3\nB. 4\nANSWER: B\n")->name(),
            "aiken");
  EXPECT_EQ(
      registry.Detect("bank.txt", "::Q1:: What is 2+2? {=4 ~3}\n\n::Q2:: Sky? {=blue ~red}\n")
          ->name(),
      "gift");
  DumpFormat dump;
  EXPECT_EQ(dump.Sniff("x.txt", "QUESTION 1 of the quiz\nWhat?\nANSWER: B"), 0);
}

}  // namespace
}  // namespace qbank::formats
