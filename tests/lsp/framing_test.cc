// Content-Length framing: whole messages, headers in any case and order, and every bad header
// read past without a hang.
#include "lsp/framing.h"

#include <gtest/gtest.h>

#include <sstream>

namespace qbank::lsp {
namespace {

TEST(FramingTest, ReadsMessagesBackToBack) {
  std::istringstream in(FrameMessage("{\"a\":1}") + FrameMessage("{\"é\":2}"));
  Frame first = ReadMessage(in);
  ASSERT_EQ(first.kind, Frame::Kind::kMessage);
  EXPECT_EQ(first.body, "{\"a\":1}");
  Frame second = ReadMessage(in);
  ASSERT_EQ(second.kind, Frame::Kind::kMessage);
  EXPECT_EQ(second.body, "{\"é\":2}");  // the length counts bytes, not characters
  EXPECT_EQ(ReadMessage(in).kind, Frame::Kind::kEnd);
}

TEST(FramingTest, FramesWithByteLength) {
  EXPECT_EQ(FrameMessage("é"), "Content-Length: 2\r\n\r\né");
}

TEST(FramingTest, AcceptsOtherHeadersCaseAndBareLineFeeds) {
  std::istringstream in(
      "content-type: application/vscode-jsonrpc; charset=utf-8\ncontent-length:  2 \n\n{}");
  Frame frame = ReadMessage(in);
  ASSERT_EQ(frame.kind, Frame::Kind::kMessage);
  EXPECT_EQ(frame.body, "{}");
}

TEST(FramingTest, MissingLengthIsABadHeaderAndTheNextMessageStillReads) {
  std::istringstream in("Content-Type: x\r\n\r\n" + FrameMessage("{}"));
  Frame bad = ReadMessage(in);
  EXPECT_EQ(bad.kind, Frame::Kind::kBadHeader);
  EXPECT_EQ(bad.error, "the header block has no Content-Length");
  Frame good = ReadMessage(in);
  ASSERT_EQ(good.kind, Frame::Kind::kMessage);
  EXPECT_EQ(good.body, "{}");
}

TEST(FramingTest, LengthThatIsNotANumber) {
  std::istringstream in("Content-Length: ten\r\n\r\n");
  Frame bad = ReadMessage(in);
  EXPECT_EQ(bad.kind, Frame::Kind::kBadHeader);
  EXPECT_EQ(bad.error, "expected a byte count after Content-Length, found 'ten'");
}

TEST(FramingTest, HeaderLineWithoutColon) {
  std::istringstream in("hello\r\nContent-Length: 2\r\n\r\n{}" + FrameMessage("[]"));
  Frame bad = ReadMessage(in);
  EXPECT_EQ(bad.kind, Frame::Kind::kBadHeader);
  EXPECT_EQ(bad.error, "expected 'Name: value' in the header line 'hello'");
  // The length was known: its body was read past, so the stream is still in step.
  Frame next = ReadMessage(in);
  ASSERT_EQ(next.kind, Frame::Kind::kMessage);
  EXPECT_EQ(next.body, "[]");
}

TEST(FramingTest, OverTheLimitIsReadPast) {
  std::istringstream in("Content-Length: 999999999999\r\n\r\n");
  Frame bad = ReadMessage(in);
  EXPECT_EQ(bad.kind, Frame::Kind::kBadHeader);
  EXPECT_NE(bad.error.find("over the limit"), std::string::npos);
  EXPECT_EQ(ReadMessage(in).kind, Frame::Kind::kEnd);
}

TEST(FramingTest, TruncatedBodyEndsTheStream) {
  std::istringstream in("Content-Length: 10\r\n\r\n{}");
  Frame end = ReadMessage(in);
  EXPECT_EQ(end.kind, Frame::Kind::kEnd);
  EXPECT_EQ(end.error, "the stream ended inside a message body");
}

TEST(FramingTest, StreamEndingInsideHeaders) {
  std::istringstream in("Content-Length: 2\r\n");
  Frame end = ReadMessage(in);
  EXPECT_EQ(end.kind, Frame::Kind::kEnd);
  EXPECT_EQ(end.error, "the stream ended inside a header block");
}

TEST(FramingTest, ConflictingLengths) {
  std::istringstream in("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}");
  Frame bad = ReadMessage(in);
  EXPECT_EQ(bad.kind, Frame::Kind::kBadHeader);
  EXPECT_EQ(bad.error, "two Content-Length headers with different values");
}

}  // namespace
}  // namespace qbank::lsp
