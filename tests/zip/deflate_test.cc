#include "zip/deflate.h"

#include <gtest/gtest.h>

#include <string>

namespace qbank::zip {
namespace {

TEST(DeflateTest, RoundTripsAndRefusesDamagedOrMisSizedBlocks) {
  std::string text;
  for (int i = 0; i < 200; ++i)
    text += "The harbour master logged the tide at " + std::to_string(i) + ". ";
  std::string packed = "prefix";
  ASSERT_TRUE(DeflateAppend(text, 6, &packed));
  ASSERT_LT(packed.size(), text.size() / 2);
  std::string_view block = std::string_view(packed).substr(6);
  std::string out = "old";
  ASSERT_TRUE(Inflate(block, text.size(), &out));
  EXPECT_EQ(out, text);
  // A size that is not the block's: refused, nothing written past it.
  EXPECT_FALSE(Inflate(block, text.size() - 1, &out));
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(Inflate(block, text.size() + 1, &out));
  std::string damaged(block);
  damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 0x5A);
  EXPECT_FALSE(Inflate(damaged, text.size(), &out));
  EXPECT_FALSE(Inflate(block.substr(0, block.size() / 2), text.size(), &out));
  EXPECT_FALSE(Inflate("", 4, &out));
  std::string empty;
  ASSERT_TRUE(DeflateAppend("", 6, &empty));
  EXPECT_TRUE(Inflate(empty, 0, &out));
  EXPECT_TRUE(out.empty());
}

// zlib's failure is reported, not appended as a block: a level zlib refuses fails as running out
// of memory (Z_MEM_ERROR) would, and leaves the bytes before it as they were.
TEST(DeflateTest, ReportsWhatZlibRefuses) {
  std::string packed = "prefix";
  EXPECT_FALSE(DeflateAppend("The harbour master logged the tide.", 42, &packed));
  EXPECT_EQ(packed, "prefix");
}

}  // namespace
}  // namespace qbank::zip
