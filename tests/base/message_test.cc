#include "base/message.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

TEST(ShortenQuotesTest, KeepsShortMessagesAndQuotes) {
  EXPECT_EQ(ShortenQuotes("f.csv:1:1: unknown column \"stemm\""),
            "f.csv:1:1: unknown column \"stemm\"");
  std::string prose = "it's " + std::string(150, 'x') + " isn't";  // apostrophes, not quotes
  EXPECT_EQ(ShortenQuotes(prose), prose);
}

TEST(ShortenQuotesTest, CutsAHugeQuotedCell) {
  std::string cell(5000, 'a');
  cell.replace(58, 2, "\xC3\xA9");  // a two-byte character: 60 code points are 61 bytes
  std::string message =
      "f.csv:1:1: header, field 1: unknown column \"" + cell + "\"; expected stem";
  EXPECT_EQ(ShortenQuotes(message), "f.csv:1:1: header, field 1: unknown column \"" +
                                        cell.substr(0, 61) + "...\" (5000 bytes); expected stem");
  std::string single = "x: entry '" + std::string(300, 'b') + "' is a symbolic link";
  EXPECT_EQ(ShortenQuotes(single),
            "x: entry '" + std::string(60, 'b') + "...' (300 bytes) is a symbolic link");
}

TEST(ShortenQuotesTest, CutsAHugeUnquotedMessage) {
  std::string message = "f: " + std::string(5000, 'z');
  std::string out = ShortenQuotes(message);
  EXPECT_EQ(out, message.substr(0, 2000) + "... (5003 bytes in all)");
}

}  // namespace
}  // namespace qbank
