// Tests for base64 encoding and decoding.
#include "base/base64.h"

#include <gtest/gtest.h>

namespace qbank {
namespace {

TEST(Base64Test, EncodesRfc4648Vectors) {
  EXPECT_EQ(EncodeBase64(""), "");
  EXPECT_EQ(EncodeBase64("f"), "Zg==");
  EXPECT_EQ(EncodeBase64("fo"), "Zm8=");
  EXPECT_EQ(EncodeBase64("foo"), "Zm9v");
  EXPECT_EQ(EncodeBase64("foobar"), "Zm9vYmFy");
}

TEST(Base64Test, DecodesWhatItEncodesWithEveryByte) {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  for (size_t n = 0; n < 5; ++n) {
    std::string part = bytes.substr(n);
    EXPECT_EQ(DecodeBase64(EncodeBase64(part)), part);
  }
  EXPECT_EQ(DecodeBase64("Zm9v\nYmFy"), "foobar");
}

TEST(Base64Test, RefusesWhatIsNotBase64) {
  EXPECT_EQ(DecodeBase64("Zm9"), std::nullopt);       // not a multiple of four
  EXPECT_EQ(DecodeBase64("Zm!v"), std::nullopt);      // a character outside the alphabet
  EXPECT_EQ(DecodeBase64("Zg==Zg=="), std::nullopt);  // data after the padding
}

}  // namespace
}  // namespace qbank
