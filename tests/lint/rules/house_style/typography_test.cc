// typography: the edits FindTypographyEdits makes for each style, and what it leaves alone (code,
// URLs, math, primes, minus signs, options on a command line).
#include "lint/rules/house_style/typography.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <string>

#include "lint/rules/shared/prose_text.h"

namespace qbank::lint {
namespace {

// `text` with the edits applied.
std::string Rewrite(std::string_view text, const TypographyStyle& style) {
  std::string out;
  size_t at = 0;
  for (const TypographyEdit& e : FindTypographyEdits(text, style)) {
    out.append(text, at, e.begin - at);
    out += e.replacement;
    at = e.end;
  }
  out.append(text, at);
  return out;
}

TypographyStyle Only(TypographyStyle style) {
  style.single_spaces = false;
  return style;
}

TEST(TypographyTest, CurlyQuotes) {
  TypographyStyle curly = Only({.quotes = TypographyStyle::Quotes::kCurly});
  EXPECT_EQ(Rewrite("The \"ping\" reply isn't sent, she said.", curly),
            "The \u201Cping\u201D reply isn\u2019t sent, she said.");
  EXPECT_EQ(Rewrite("Call it 'ready' (the students' word).", curly),
            "Call it \u2018ready\u2019 (the students\u2019 word).");
  // A word of any script: six letters end before the quote in "Cort\u00E9s'" (ASCII letters: one).
  EXPECT_EQ(Rewrite("then Cort\u00E9s' were deducted", curly),
            "then Cort\u00E9s\u2019 were deducted");
  // Primes, a derivative, an unmatched quote: nothing to curl.
  EXPECT_EQ(Rewrite("A 12\" ruler and a 5'10\" man.", curly), "A 12\" ruler and a 5'10\" man.");
  EXPECT_EQ(Rewrite("If f'(x) = 2x and y' = 3, then", curly), "If f'(x) = 2x and y' = 3, then");
  EXPECT_EQ(Rewrite("He said \"stop and \"go\".", curly), "He said \"stop and \"go\".");
  // Each line on its own: a pair per line.
  EXPECT_EQ(Rewrite("\"a\" b\nc \"d\"", curly), "\u201Ca\u201D b\nc \u201Cd\u201D");
}

TEST(TypographyTest, StraightQuotes) {
  TypographyStyle straight = Only({.quotes = TypographyStyle::Quotes::kStraight});
  EXPECT_EQ(Rewrite("You\u2019ve read \u201Cthe theory\u201D and \u2018yet\u2019.", straight),
            "You've read \"the theory\" and 'yet'.");
  // Guillemets and primes are not quote marks of this style.
  EXPECT_EQ(Rewrite("\u00ABoui\u00BB at 5\u2032", straight), "\u00ABoui\u00BB at 5\u2032");
}

TEST(TypographyTest, Ellipsis) {
  TypographyStyle character = Only({.ellipsis = TypographyStyle::Ellipsis::kCharacter});
  EXPECT_EQ(Rewrite("Wait... then.... and 1...10", character), "Wait\u2026 then.... and 1...10");
  TypographyStyle dots = Only({.ellipsis = TypographyStyle::Ellipsis::kThreeDots});
  EXPECT_EQ(Rewrite("Wait\u2026", dots), "Wait...");
}

TEST(TypographyTest, Dashes) {
  TypographyStyle em = Only({.dashes = TypographyStyle::Dashes::kEm});
  EXPECT_EQ(Rewrite("The cache - not the server -- decides; x - y and 5 - 3.", em),
            "The cache\u2014not the server\u2014decides; x - y and 5 - 3.");
  EXPECT_EQ(Rewrite("Run qbank --fix on pages 10--12 (1990\u20131995).", em),
            "Run qbank --fix on pages 10--12 (1990\u20131995).");
  EXPECT_EQ(Rewrite("- a list item\nword \u2013 word", em), "- a list item\nword\u2014word");
  TypographyStyle en = Only({.dashes = TypographyStyle::Dashes::kSpacedEn});
  EXPECT_EQ(Rewrite("one\u2014two and three \u2014 four", en),
            "one \u2013 two and three \u2013 four");
  EXPECT_TRUE(FindTypographyEdits("one \u2013 two", en).empty());
}

// Each guard DashAt claims: what reads as a minus sign, a range, a compound, a label's separator, a
// hyphen or a command-line option is not a dash between words.
TEST(TypographyTest, DashGuards) {
  for (TypographyStyle::Dashes dashes :
       {TypographyStyle::Dashes::kEm, TypographyStyle::Dashes::kSpacedEm,
        TypographyStyle::Dashes::kSpacedEn}) {
    TypographyStyle style = Only({.dashes = dashes});
    for (std::string_view kept : {
             "the Michelson\u2013Morley experiment",  // a closed en dash: a compound
             "the Michelson-Morley experiment",       // a hyphen
             "the years 1990\u20131995",              // a range
             "the gap LUMO \u2013 HOMO is small",     // between capitals: a label's separator
             "MC = TC - TFC",                         // capitals, and a formula
             "the size is (high - low) + 1",          // a formula: an operator on the line
             "the area is width - margin * 2",        // likewise
             "x - y and 5 - 3 and 72 \u2013 9",       // one letter or digits: minus signs
             "pages 10--12",                          // digits: a range
             "run qbank --fix now",                   // an option
             "a well-known e-mail -based filter",     // hyphens with a space on one side
             "- a bullet\nends with a dash -",        // at the start or end of a line
         }) {
      EXPECT_TRUE(FindTypographyEdits(kept, style).empty())
          << kept << " -> " << Rewrite(kept, style);
    }
  }
  TypographyStyle em = Only({.dashes = TypographyStyle::Dashes::kEm});
  // Between words, also quoted ones.
  EXPECT_EQ(Rewrite("the \"cache\" - not \u201Cthe server\u201D -- decides", em),
            "the \"cache\"\u2014not \u201Cthe server\u201D\u2014decides");
  // Words of any script (letters counted with ICU, not ASCII only).
  EXPECT_EQ(Rewrite("caf\u00E9 \u2014 cr\u00E8me", em), "caf\u00E9\u2014cr\u00E8me");
  EXPECT_EQ(Rewrite("\u0434\u0430 - \u043D\u0435\u0442", em),
            "\u0434\u0430\u2014\u043D\u0435\u0442");
  // A formula is a line's matter: the next line's dash is still rewritten.
  EXPECT_EQ(Rewrite("a = b - c\nthe cache - not the server", em),
            "a = b - c\nthe cache\u2014not the server");
}

// The other exceptions rules/typography.md documents, one by one.
TEST(TypographyTest, DocumentedExceptions) {
  TypographyStyle curly = Only({.quotes = TypographyStyle::Quotes::kCurly});
  // A glued quote leaves its line alone; the next line is still curled.
  EXPECT_EQ(Rewrite("a\"glued\" word\nthe \"next\" line", curly),
            "a\"glued\" word\nthe \u201Cnext\u201D line");
  // An opening ' without a closing one on its line stays; so does a ' after one letter.
  EXPECT_EQ(Rewrite("'tis the season\nthe x' axis", curly), "'tis the season\nthe x' axis");
  TypographyStyle units = Only({.unit_space_non_breaking = true});
  // One-letter English words and option letters are no units; compounds and per mille are.
  EXPECT_EQ(Rewrite("pick 1 a day, 2 I think, 3 A or B", units),
            "pick 1 a day, 2 I think, 3 A or B");
  EXPECT_EQ(Rewrite("at 90 km/h, 5 \u2030 and 98 \u00B0F", units),
            "at 90\u00A0km/h, 5\u00A0\u2030 and 98\u00A0\u00B0F");
  EXPECT_EQ(Rewrite("5 kgs and 5 m/", units), "5 kgs and 5 m/");
  TypographyStyle all{.quotes = TypographyStyle::Quotes::kCurly,
                      .ellipsis = TypographyStyle::Ellipsis::kCharacter,
                      .dashes = TypographyStyle::Dashes::kEm,
                      .unit_space_non_breaking = true};
  // Code elements, URLs without a scheme, display math.
  for (std::string_view kept :
       {"<pre>a  \"b\" - c...</pre>", "<kbd>Ctrl - \"C\"</kbd>", "<samp>3 kg...</samp>",
        "<tt>it's</tt>", "<script>x = \"a\" - b</script>", "<style>a  {}</style>",
        "<math>a - b...</math>", "www.ex.com/a--b...", "$$a - \"b\"...$$", "\\[a - b...\\]",
        "~~~\n\"fenced\"  - here...\n~~~"}) {
    EXPECT_TRUE(FindTypographyEdits(kept, all).empty()) << kept << " -> " << Rewrite(kept, all);
  }
}

TEST(TypographyTest, UnitSpaces) {
  TypographyStyle nbsp = Only({.unit_space_non_breaking = true});
  EXPECT_EQ(Rewrite("Lift 5 kg at 9.81 m/s for 20 % or 37 \u00B0C.", nbsp),
            "Lift 5\u00A0kg at 9.81\u00A0m/s for 20\u00A0% or 37\u00A0\u00B0C.");
  // Not units: words, option letters, a number inside a word.
  EXPECT_EQ(Rewrite("Take 2 apples, 3 A and B12 m.", nbsp), "Take 2 apples, 3 A and B12 m.");
}

TEST(TypographyTest, DoubledSpacesLeaveIndentationAndLineEnds) {
  TypographyStyle spaces;
  EXPECT_EQ(Rewrite("One.  Two three", spaces), "One. Two three");
  EXPECT_EQ(Rewrite("CaCl2   calcium chloride", spaces), "CaCl2   calcium chloride");
  EXPECT_EQ(Rewrite("    indented\nhard break  \nend", spaces), "    indented\nhard break  \nend");
}

TEST(TypographyTest, CodeUrlsAndMathAreLeftAlone) {
  TypographyStyle all{.quotes = TypographyStyle::Quotes::kCurly,
                      .ellipsis = TypographyStyle::Ellipsis::kCharacter,
                      .dashes = TypographyStyle::Dashes::kEm};
  std::string text =
      "Use `grep -e \"a  b\" ...` or <code>x = \"y\"</code> at https://ex.com/a--b...c, "
      "[docs](a--b.md) and $a - b = \"c\"$ or \\(x...y\\).\n```\nprint(\"hi\")  # ok\n```";
  EXPECT_TRUE(FindTypographyEdits(text, all).empty()) << Rewrite(text, all);
  EXPECT_EQ(Rewrite("It costs $5 or a \"cheap\" $10.", all),
            "It costs $5 or a \u201Ccheap\u201D $10.");
  EXPECT_EQ(Rewrite("<a href=\"x\">the \"link\"</a>", all),
            "<a href=\"x\">the \u201Clink\u201D</a>");
}

// Bytes that start or end no well-formed UTF-8 sequence are no character: not a letter to make an
// apostrophe or a word beside a dash.
TEST(TypographyTest, MalformedUtf8IsNoLetter) {
  TypographyStyle all =
      Only({.quotes = TypographyStyle::Quotes::kCurly, .dashes = TypographyStyle::Dashes::kEm});
  // A sequence cut short after the quote (0xC3 once read as the letter \u00C3).
  EXPECT_TRUE(FindTypographyEdits("O'\xC3", all).empty()) << Rewrite("O'\xC3", all);
  EXPECT_TRUE(FindTypographyEdits("It is so - \xE2\x80", all).empty());
  // A lone continuation byte before the quote (once read back to the letter before it).
  EXPECT_TRUE(FindTypographyEdits("ab\xA9'cd", all).empty()) << Rewrite("ab\xA9'cd", all);
  // The well-formed text around them is still read.
  EXPECT_EQ(Rewrite("\xA9 don't", all), "\xA9 don\u2019t");
}

// The scans NonProseMask makes remember what they found missing: many openers without a closer
// (each once a scan to the end of the text or line) are prose, and what follows is marked as
// before.
TEST(TypographyTest, NonProseMaskAfterManyUnmatchedOpeners) {
  std::string text = "`` ";
  for (int i = 0; i < 50; ++i) text += "\\( ](x $a\n";
  size_t prose_end = text.size();
  text += "`code` $x$ [l](dest)";
  std::vector<bool> mask = NonProseMask(text);
  EXPECT_EQ(std::count(mask.begin(), mask.begin() + prose_end, true), 0);
  std::string marked;
  for (size_t i = prose_end; i < text.size(); ++i) marked += mask[i] ? text[i] : '_';
  EXPECT_EQ(marked, "`code`_$x$_____dest_");
}

// Each backtick run closes at the next run of its length; runs of other lengths between are
// inside the span, and a run with no later one of its length is prose.
TEST(TypographyTest, NonProseMaskPairsBacktickRunsByLength) {
  std::string_view text = "` a `` b ` c ``` d `` e `` f ````";
  std::vector<bool> mask = NonProseMask(text);
  std::string marked;
  for (size_t i = 0; i < text.size(); ++i) marked += mask[i] ? text[i] : '_';
  EXPECT_EQ(marked, "` a `` b `_________`` e ``_______");
}

// A tag's '>' is looked for at most 2000 bytes on; the search is shared by the tags that follow.
TEST(TypographyTest, NonProseMaskFindsEachTagsOwnEnd) {
  std::string far = "<a " + std::string(2001, 'x') + "> y";
  std::vector<bool> mask = NonProseMask(far);
  EXPECT_EQ(std::count(mask.begin(), mask.end(), true), 0);
  std::string_view text = "<a <b> c <i>d</i>";
  mask = NonProseMask(text);
  std::string marked;
  for (size_t i = 0; i < text.size(); ++i) marked += mask[i] ? text[i] : '_';
  EXPECT_EQ(marked, "<a <b>___<i>_</i>");
}

double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Texts made to defeat a scan (300,000 bytes each: a rescan of the line or text per dash or
// opener took seconds to minutes; one pass takes milliseconds). CPU time, so a busy machine does
// not count.
TEST(TypographyTest, LongTextsCostTimeInProportionToTheirLength) {
  TypographyStyle all{.quotes = TypographyStyle::Quotes::kCurly,
                      .ellipsis = TypographyStyle::Ellipsis::kCharacter,
                      .dashes = TypographyStyle::Dashes::kEm,
                      .unit_space_non_breaking = true};
  auto repeated = [](std::string_view piece) {
    std::string s;
    while (s.size() < 300000) s += piece;
    return s;
  };
  std::string backticks;
  for (int n = 1; backticks.size() < 300000; ++n) backticks += std::string(n, '`') + " x. ";
  for (const std::string& text : {repeated("the cache - not the server "), repeated("\\( $a. \\[ "),
                                  repeated("<a. "), repeated("](x. "), backticks}) {
    double start = ThreadCpuSeconds();
    FindTypographyEdits(text, all);
    EXPECT_LT(ThreadCpuSeconds() - start, 1.0) << text.substr(0, 40);
  }
}

TEST(TypographyTest, NonProseMaskMarksAnUnmatchedBacktickAsProse) {
  std::vector<bool> mask = NonProseMask("a ` b `` c");
  EXPECT_EQ(std::count(mask.begin(), mask.end(), true), 0);
}

}  // namespace
}  // namespace qbank::lint
