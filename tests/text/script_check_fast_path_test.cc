// The ASCII fast paths of the script checks against their ICU paths: the same findings on
// generated mixed-script text and on every line of the MMLU test split.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "generated_text.h"
#include "text/script_check.h"
#include "text/text_key.h"

namespace qbank::text {
namespace {

// Pieces a generated text is made of: plain ASCII words and punctuation, look-alike and
// mixed-script words (Cyrillic, Greek), invisible characters (zero-width, bidi, soft hyphen,
// variation selectors, tags), combining marks, CJK, Hangul, Arabic, emoji and emoji sequences,
// typographic punctuation, and every ASCII break (space, tab, line breaks).
const std::vector<std::string>& Pieces() {
  static const std::vector<std::string> pieces = {"the",
                                                  "Paypal",
                                                  "answer",
                                                  "KMS",
                                                  "x",
                                                  "4",
                                                  "2024",
                                                  "e.g.",
                                                  "don't",
                                                  "(b)",
                                                  ",",
                                                  ".",
                                                  "-",
                                                  "\"",
                                                  "'",
                                                  ":",
                                                  "/",
                                                  "#",
                                                  "A.",
                                                  "\u0440\u043e\u0440",  // Cyrillic "рор"
                                                  "P\u0430yp\u0430l",    // Latin with Cyrillic "а"
                                                  "\u0422he",            // Cyrillic capital Te
                                                  "\u041a\u041c\u0421",  // Cyrillic "КМС"
                                                  "\u043c\u0438\u0440",
                                                  "\u0432\u043e\u0434\u0430",  // Russian words
                                                  "\u03b1",
                                                  "\u03c3x",
                                                  "n\u03b1",
                                                  "4\u03c0r",
                                                  "QS\u0391",  // Greek notation and a twin
                                                  "\u03bf\u03c1\u03bf",
                                                  "\u0391\u0392\u0393",
                                                  "\u03c6\u03c5\u03c3\u03b9\u03ba\u03ae",
                                                  "\u200b",
                                                  "\u200c",
                                                  "\u200d",
                                                  "\u2060",
                                                  "\ufeff",
                                                  "\u00ad",
                                                  "\u202e",
                                                  "\u202c",
                                                  "\u200e",
                                                  "\u2066",
                                                  "\u2069",
                                                  "\u061c",
                                                  "\ufe0f",
                                                  "\U000E0041",
                                                  "\u180e",
                                                  "\u034f",
                                                  "\u0301",
                                                  "\u0308",
                                                  "e\u0301",
                                                  "caf\u00e9",
                                                  "na\u00efve",
                                                  "\u00c5ngstr\u00f6m",
                                                  "\u6f22\u5b57",
                                                  "\u3072\u3089\u304c\u306a",
                                                  "\u30ab\u30bf\u30ab\u30ca",
                                                  "\ud55c\uad6d\uc5b4",
                                                  "\u0627\u0644\u0639\u0631\u0628\u064a\u0629",
                                                  "\u0915\u094d\u200d\u0937",
                                                  "\U0001F600",
                                                  "\U0001F468\u200D\U0001F4BB",
                                                  "\u2764\uFE0F",
                                                  "\u2019",
                                                  "\u201c",
                                                  "\u201d",
                                                  "\u2014",
                                                  "\u2212",
                                                  "\u00a0",
                                                  "\u2009",
                                                  "\uff21\uff22",
                                                  "\u2160",
                                                  "\U0001D400",
                                                  "\xff",
                                                  "\xc3",
                                                  " ",
                                                  " ",
                                                  " ",
                                                  "  ",
                                                  "\t",
                                                  "\n",
                                                  "\r\n",
                                                  "\v",
                                                  "\f"};
  return pieces;
}

std::string Describe(const std::vector<LookalikeWord>& words) {
  std::ostringstream out;
  for (const LookalikeWord& w : words) {
    out << "[" << w.begin << "," << w.end << ") " << static_cast<int>(w.kind) << " " << w.scripts
        << " " << w.looks_like << " " << w.replacement << "\n";
  }
  return out.str();
}

std::string Describe(const std::vector<InvisibleChar>& found) {
  std::ostringstream out;
  for (const InvisibleChar& c : found) {
    out << c.offset << "+" << c.length << " U+" << std::hex << static_cast<unsigned>(c.code_point)
        << std::dec << " " << static_cast<int>(c.kind) << "\n";
  }
  return out.str();
}

// Expects the fast and ICU paths to agree on `text` in each context script.
void ExpectSameFindings(const std::string& text, const std::vector<int>& contexts) {
  ASSERT_EQ(Describe(FindInvisibleCharacters(text)), Describe(FindInvisibleCharactersWithIcu(text)))
      << "text: " << text;
  for (int context : contexts) {
    ASSERT_EQ(Describe(FindLookalikeWords(text, context)),
              Describe(FindLookalikeWordsWithIcu(text, context)))
        << "text: " << text << "\ncontext: " << ScriptName(context);
  }
}

std::vector<int> Contexts() {
  return {kNoScript, LatinScript(),
          DominantScript("\u043c\u0438\u0440"),  // Cyrillic
          DominantScript("\u03b1\u03b2\u03b3"),  // Greek
          DominantScript("\u6f22\u5b57")};       // Han
}

TEST(ScriptCheckFastPathTest, SameFindingsAsIcuOnGeneratedMixedScriptText) {
  std::mt19937 rng(20261206);
  const std::vector<int> contexts = Contexts();
  size_t with_lookalikes = 0, with_invisibles = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = testing::RandomPieces(Pieces(), 40, 3, rng);
    ExpectSameFindings(text, contexts);
    if (HasFatalFailure()) return;
    with_lookalikes += FindLookalikeWordsWithIcu(text).empty() ? 0 : 1;
    with_invisibles += FindInvisibleCharactersWithIcu(text).empty() ? 0 : 1;
  }
  // The generated texts exercise both checks, not only their silent paths.
  EXPECT_GT(with_lookalikes, 2000u);
  EXPECT_GT(with_invisibles, 2000u);
}

TEST(ScriptCheckFastPathTest, SameFindingsAsIcuOnMmlu) {
  const std::filesystem::path dir = testing::MmluTestDir();
  if (dir.empty()) GTEST_SKIP() << "no MMLU test split at ../shared/data/mmlu-test";
  const std::vector<int> contexts = {kNoScript, LatinScript()};
  size_t lines = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".csv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    for (std::string line; std::getline(in, line);) {
      ExpectSameFindings(line, contexts);
      if (HasFatalFailure()) return;
      ++lines;
    }
  }
  EXPECT_GT(lines, 14000u);
}

}  // namespace
}  // namespace qbank::text
