#include "text/text_key.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "generated_text.h"

namespace qbank::text {
namespace {

std::vector<std::string> Tokens(const TextKey& key) {
  std::vector<std::string> out;
  for (size_t i = 0; i < key.size(); ++i) out.emplace_back(key.Word(i));
  return out;
}

TEST(TextKeyTest, FoldsCaseAndDropsPunctuation) {
  TextKey key = MakeTextKey("Which  PORT does **HTTPS** use, by default?");
  EXPECT_EQ(key.key, "which port does https use by default");
  EXPECT_EQ(MakeTextKey("which port does HTTPS use by default").key, key.key);
}

TEST(TextKeyTest, KeepsWordInternalMarksAndMeaningfulSymbols) {
  EXPECT_EQ(Tokens(MakeTextKey("It can't be 3.14, e.g. not 1,000;")),
            (std::vector<std::string>{"it", "can't", "be", "3.14", "e.g", "not", "1,000"}));
  EXPECT_EQ(MakeTextKey("x = -1").key, "x = - 1");
  EXPECT_NE(MakeTextKey("x = -1").key, MakeTextKey("x = 1").key);
  EXPECT_EQ(MakeTextKey("Q(sqrt(2)*sqrt(3)) is 2^3 or 1/2").key,
            "q sqrt 2 * sqrt 3 is 2 ^ 3 or 1 / 2");
  EXPECT_EQ(MakeTextKey("a **bold** claim and / or").key, "a bold claim and or");
  EXPECT_EQ(MakeTextKey("a well-known 50% rise costs $5 + tax").key,
            "a well known 50 % rise costs $ 5 + tax");
}

TEST(TextKeyTest, RemovesInvisibleCharactersBeforeBreakingWords) {
  // "pass\u200Bword" with a zero width space, "re\u00ADview" with a soft hyphen, a bidi mark.
  TextKey key = MakeTextKey("pass\u200Bword re\u00ADview \u200Fdone");
  EXPECT_EQ(key.key, "password review done");
}

TEST(TextKeyTest, NormalisesCompatibilityForms) {
  EXPECT_EQ(MakeTextKey("\uFF21\uFF22\uFF23 \uFB01le Stra\u00DFe").key, "abc file strasse");
}

TEST(TextKeyTest, ReadsLookAlikeLettersAsWhatTheyLookLike) {
  // Cyrillic a (U+0430) and o (U+043E) inside Latin words.
  EXPECT_EQ(MakeTextKey("The p\u0430ssw\u043Erd policy").key, "the password policy");
  // A word wholly in Cyrillic look-alikes ("рор") in English text.
  EXPECT_EQ(MakeTextKey("Use the \u0440\u043E\u0440 instruction here").key,
            "use the pop instruction here");
  // Upper-case Latin is never skeletonised ("MILL" is not read as "rnill" or "lVIlLL").
  EXPECT_EQ(MakeTextKey("MILL Mill mill").key, "mill mill mill");
  EXPECT_EQ(MakeTextKey("M\u0406LL").key, "mill");  // Cyrillic capital I (U+0406)
  // Mostly Cyrillic look-alikes in a Latin word of Latin text still read as Latin.
  EXPECT_EQ(MakeTextKey("The s\u0435\u0430 and the \u0440\u0435\u0430k").key,
            "the sea and the peak");
}

TEST(TextKeyTest, ReadsCapitalLookAlikesWhereCapitalsAreExpected) {
  // Cyrillic capitals whose small letters look like no Latin letter: Т (U+0422) at the start of
  // "The", К (U+041A) and М (U+041C) in the acronym "KMS", Н (U+041D) and Т in "HTTPS".
  EXPECT_EQ(MakeTextKey("\u0422he key").key, MakeTextKey("The key").key);
  EXPECT_EQ(MakeTextKey("Use \u041A\u041CS keys").key, "use kms keys");
  EXPECT_EQ(MakeTextKey("over \u041D\u0422TPS").key, "over https");
  // A wholly Cyrillic all-capitals look-alike of a Latin acronym in English text.
  EXPECT_EQ(MakeTextKey("Enable \u0412\u0415\u0422\u0410 mode").key, "enable beta mode");
  // Russian text keeps its letters, capitals included.
  EXPECT_EQ(MakeTextKey("\u0422\u0435\u043A\u0441\u0442 \u041A\u041C\u0421").key,
            "\u0442\u0435\u043A\u0441\u0442 \u043A\u043C\u0441");
}

TEST(TextKeyTest, ReadsEveryCapitalLookAlikeOfTheIssue) {
  // Each Cyrillic capital that looks like a Latin one (А В С Е Н К М О Р Т Х) and the Greek ones
  // (Α Β Ε Η Ι Κ Μ Ν Ο Ρ Τ Χ Υ Ζ), at a word start and inside an all-capitals acronym.
  const std::vector<std::pair<std::string, char>> capitals = {
      {"\u0410", 'a'}, {"\u0412", 'b'}, {"\u0421", 'c'}, {"\u0415", 'e'}, {"\u041D", 'h'},
      {"\u041A", 'k'}, {"\u041C", 'm'}, {"\u041E", 'o'}, {"\u0420", 'p'}, {"\u0422", 't'},
      {"\u0425", 'x'}, {"\u0391", 'a'}, {"\u0392", 'b'}, {"\u0395", 'e'}, {"\u0397", 'h'},
      {"\u0399", 'i'}, {"\u039A", 'k'}, {"\u039C", 'm'}, {"\u039D", 'n'}, {"\u039F", 'o'},
      {"\u03A1", 'p'}, {"\u03A4", 't'}, {"\u03A7", 'x'}, {"\u03A5", 'y'}, {"\u0396", 'z'}};
  for (const auto& [capital, latin] : capitals) {
    std::string ascii(1, latin);
    EXPECT_EQ(MakeTextKey("the " + capital + "ool word").key, "the " + ascii + "ool word")
        << capital;
    EXPECT_EQ(MakeTextKey("use " + capital + "QS now").key, "use " + ascii + "qs now") << capital;
    EXPECT_EQ(MakeTextKey("use QS" + capital + " now").key, "use qs" + ascii + " now") << capital;
  }
  // The issue's own examples.
  EXPECT_EQ(MakeTextKey("\u041AMS and \u041CFA over \u041D\u0422TPS").key,
            "kms and mfa over https");
  EXPECT_EQ(MakeTextKey("\u0422he \u0420HP \u0421PU").key, "the php cpu");
}

TEST(TextKeyTest, ReadsDigitsAndLatinLookAlikesInsideLatinWords) {
  // A digit between letters that looks like one ("Micr0soft", "Dep1oy") reads as the letter.
  EXPECT_EQ(MakeTextKey("Micr0soft Dep1oy").key, "microsoft deploy");
  // Digits of real names and numbers stay: "IPv6", "EC2", "S3", "Win10", "ISO9001", "B2B".
  EXPECT_EQ(MakeTextKey("IPv6 EC2 S3 Win10 ISO9001 B2B 10 0.1").key,
            "ipv6 ec2 s3 win10 iso9001 b2b 10 0.1");
  // Latin letters that only look like ASCII ones: dotless i, Latin alpha, script g.
  EXPECT_EQ(MakeTextKey("pr\u0131vate \u0251ccess \u0261roup").key, "private access group");
  // Accented letters are letters of their own, not look-alikes.
  EXPECT_EQ(MakeTextKey("caf\u00E9 na\u00EFve").key, "caf\u00E9 na\u00EFve");
}

TEST(TextKeyTest, FoldsTypographicApostrophesQuotesDashesAndSpaces) {
  EXPECT_EQ(MakeTextKey("It can\u2019t be").key, MakeTextKey("It can't be").key);
  EXPECT_EQ(MakeTextKey("the user\u02BCs key").key, MakeTextKey("the user's key").key);
  EXPECT_EQ(MakeTextKey("x = \u22121").key, MakeTextKey("x = -1").key);
  EXPECT_EQ(MakeTextKey("from \u20135 to 5").key, MakeTextKey("from -5 to 5").key);
  EXPECT_EQ(MakeTextKey("\u201CQuoted\u201D\u00A0text 2\u00A0*\u00A03").key,
            MakeTextKey("\"Quoted\" text 2 * 3").key);
}

TEST(TextKeyTest, LeavesTextWhollyInAnotherScriptAlone) {
  // Russian: "Какой порт использует HTTPS" stays Cyrillic (folded), Latin HTTPS stays Latin.
  TextKey ru = MakeTextKey("\u041A\u0430\u043A\u043E\u0439 \u043F\u043E\u0440\u0442 HTTPS");
  EXPECT_EQ(ru.key, "\u043A\u0430\u043A\u043E\u0439 \u043F\u043E\u0440\u0442 https");
  // Greek: "Ποιο είναι" folds but keeps its letters.
  EXPECT_EQ(MakeTextKey("\u03A0\u03BF\u03B9\u03BF").key, "\u03C0\u03BF\u03B9\u03BF");
  // Japanese: words by dictionary breaks, letters kept.
  TextKey ja = MakeTextKey("\u6771\u4EAC\u306F\u65E5\u672C\u306E\u9996\u90FD\u3067\u3059");
  EXPECT_GE(ja.size(), 3u);
  EXPECT_EQ(ja.key.find(' ') != std::string::npos, true);
}

TEST(TextKeyTest, MapsEveryTokenBackToItsBytes) {
  std::string text = "  The P\u0430ssword\u200B policy!";
  TextKey key = MakeTextKey(text);
  ASSERT_EQ(key.size(), 3u);
  EXPECT_EQ(
      text.substr(key.words[1].source_begin, key.words[1].source_end - key.words[1].source_begin),
      "P\u0430ssword");
  auto [begin, end] = key.SourceRange(1, 3);
  EXPECT_EQ(text.substr(begin, end - begin), "P\u0430ssword\u200B policy");
  EXPECT_EQ(key.SourceOffset(0), 2u);                // "the" starts at byte 2
  EXPECT_EQ(key.SourceOffset(key.key.size()), end);  // the end maps to the last token's end
  EXPECT_EQ(key.SourceOffset(3), 5u);                // the space after "the": its end
}

TEST(TextKeyTest, SurvivesInvalidUtf8AndEmptyInput) {
  EXPECT_EQ(MakeTextKey("").key, "");
  EXPECT_EQ(MakeTextKey("\xFF\xFE").key, "");
  EXPECT_EQ(MakeTextKey("ab\xC3 cd\xE2\x82").key, "ab cd");
  EXPECT_EQ(MakeTextKey("caf\xC3\xA9\xC3").key, "caf\xC3\xA9");
}

// Whether keys `a` and `b` have the same words with the same byte ranges in the text.
::testing::AssertionResult SameKey(const TextKey& a, const TextKey& b) {
  if (a.key != b.key)
    return ::testing::AssertionFailure() << "[" << a.key << "] != [" << b.key << "]";
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "different word counts";
  for (size_t i = 0; i < a.size(); ++i) {
    if (a.words[i].source_begin != b.words[i].source_begin ||
        a.words[i].source_end != b.words[i].source_end) {
      return ::testing::AssertionFailure() << "word " << i << " maps to other bytes";
    }
  }
  return ::testing::AssertionSuccess();
}

// The ASCII fast path must give exactly the tokens ICU's word breaks give.
TEST(TextKeyTest, AsciiFastPathMatchesIcu) {
  const std::string alphabet = "aZq09_.,;:'\"-+=<>%$ !?()*/\\#&|~^`@\n\t";
  std::mt19937 rng(7);
  KeyOptions icu_only;
  icu_only.ascii_fast_path = false;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    size_t length = rng() % 32;
    for (size_t i = 0; i < length; ++i) s.push_back(alphabet[rng() % alphabet.size()]);
    TextKey fast = MakeTextKey(s);
    TextKey icu = MakeTextKey(s, icu_only);
    ASSERT_TRUE(SameKey(fast, icu)) << "input: [" << s << "]";
  }
}

// In a text that is not all ASCII, the ASCII words take a short cut; the key must be exactly
// what ICU makes of every word (random texts of ASCII and typographic, accented, look-alike,
// ignorable and other-script pieces, and the 0/1-between-letters twins).
TEST(TextKeyTest, AsciiWordsOfOtherTextsMatchIcu) {
  const std::vector<std::string> pieces = {
      "a",         "Z",      "q",
      "0",         "1",      "9",
      "_",         ".",      ",",
      "'",         "-",      "%",
      " ",         " ",      " ",
      "*",         "/",      "\u2019",
      "\u201C",    "\u2014", "\u00E9",
      "\u00AD",    "\u200B", "\u0430",
      "\u041E",    "\u0422", "\u03BF",
      "\u0131",    "\u00A0", "\u2212",
      "\u20AC",    "\u6771", "\uFF21",
      "Micr0soft", "HTTPS",  "e.g",
      "don't",     "3.14",   "\u0417\u0430\u043F\u0440\u043E\u0441"};
  std::mt19937 rng(11);
  KeyOptions icu_only;
  icu_only.ascii_fast_path = false;
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    size_t length = rng() % 24;
    for (size_t i = 0; i < length; ++i) s += pieces[rng() % pieces.size()];
    for (int script : {kNoScript, LatinScript()}) {
      KeyOptions fast_options;
      fast_options.context_script = script;
      KeyOptions icu_options = icu_only;
      icu_options.context_script = script;
      TextKey fast = MakeTextKey(s, fast_options);
      TextKey icu = MakeTextKey(s, icu_options);
      ASSERT_TRUE(SameKey(fast, icu)) << "input: [" << s << "]";
    }
  }
}

// VisitKeyTokens streams exactly the tokens MakeTextKey builds, on both paths (ASCII and ICU)
// and for words longer than the fast path's buffer.
TEST(TextKeyTest, VisitedTokensAreTheKeysTokens) {
  const std::vector<std::string> texts = {
      "Which PORT does **HTTPS** use, by default? It can't be 3.14; x = -1",
      "The p\u0430ssw\u043Erd re\u00ADview caf\u00E9 \uFF21\uFF22 \u6771\u4EAC",
      std::string(70, 'A') + " tail " + std::string(200, 'z'), "", "caf\xC3\xA9\xC3"};
  for (const std::string& text : texts) {
    for (bool fast : {true, false}) {
      KeyOptions options;
      options.ascii_fast_path = fast;
      TextKey key = MakeTextKey(text, options);
      std::vector<std::string> words;
      std::vector<std::pair<size_t, size_t>> ranges;
      ForEachKeyToken(text, options, [&](std::string_view word, size_t begin, size_t end) {
        words.emplace_back(word);
        ranges.emplace_back(begin, end);
      });
      ASSERT_EQ(words, Tokens(key)) << text;
      for (size_t i = 0; i < key.size(); ++i) {
        EXPECT_EQ(ranges[i].first, key.words[i].source_begin) << text;
        EXPECT_EQ(ranges[i].second, key.words[i].source_end) << text;
      }
    }
  }
}

// Generated ASCII text with long runs of words, numbers and marks (the runs the fast path scans a
// word at a time): the same tokens and byte ranges as ICU.
TEST(TextKeyTest, AsciiFastPathMatchesIcuOnGeneratedRuns) {
  const std::vector<std::string> pieces = {"Which", "PORT",  "can't", "e.g.",
                                           "3.14",  "1,000", "x_1",   "__",
                                           "_",     "@",     "M1ll",  "Micr0",
                                           "s0ft",  "10",    "a1b",   "'",
                                           ".",     ",",     ";",     ":",
                                           "-",     "-5",    "2*3",   "**",
                                           "1/2",   " / ",   "+",     "=",
                                           "<",     ">",     "|",     "~",
                                           "$",     "%",     "^",     "#",
                                           "(",     ")",     "\"",    "\n",
                                           "\t",    "\x01",  "\x7f",  std::string(70, 'Q')};
  std::mt19937 rng(32);
  KeyOptions icu_only;
  icu_only.ascii_fast_path = false;
  for (int round = 0; round < 20000; ++round) {
    std::string s = testing::RandomPieces(pieces, 16, 3, rng);
    TextKey fast = MakeTextKey(s);
    TextKey icu = MakeTextKey(s, icu_only);
    ASSERT_TRUE(SameKey(fast, icu)) << "input: [" << s << "]";
  }
}

// Every cell of the MMLU test split (split at commas and line ends; ASCII cells take the fast
// path, the others the ICU path with its ASCII-word short cut): the same key as ICU alone.
TEST(TextKeyTest, FastPathsMatchIcuOnEveryMmluCell) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  KeyOptions icu_only;
  icu_only.ascii_fast_path = false;
  size_t cells = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".csv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t begin = 0;
    while (begin < content.size()) {
      size_t end = std::min(content.find_first_of(",\n", begin), content.size());
      std::string_view cell = std::string_view(content).substr(begin, end - begin);
      begin = end + 1;
      ++cells;
      TextKey fast = MakeTextKey(cell);
      TextKey icu = MakeTextKey(cell, icu_only);
      ASSERT_TRUE(SameKey(fast, icu)) << "cell: [" << cell << "]";
    }
  }
  EXPECT_GT(cells, 14000u * 6);
}

TEST(DominantScriptTest, CountsLetters) {
  EXPECT_EQ(DominantScript("plain text 42"), LatinScript());
  EXPECT_EQ(DominantScript("12 + 3"), kNoScript);
  EXPECT_EQ(ScriptName(DominantScript("\u041F\u0440\u0438\u0432\u0435\u0442 ok")), "Cyrillic");
  EXPECT_EQ(ScriptName(kNoScript), "none");
}

}  // namespace
}  // namespace qbank::text
