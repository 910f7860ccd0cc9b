// The open documents: URIs, full and incremental changes in UTF-16 ranges, and the file system
// that shows unsaved text over the files.
#include "lsp/document_store.h"

#include <gtest/gtest.h>

namespace qbank::lsp {
namespace {

TEST(DocumentStoreTest, UriAndPath) {
  EXPECT_EQ(*PathFromUri("file:///tmp/a%20b/caf%C3%A9.md"), "/tmp/a b/café.md");
  EXPECT_EQ(*PathFromUri("file://localhost/x.gift"), "/x.gift");
  EXPECT_FALSE(PathFromUri("untitled:Untitled-1").ok());
  EXPECT_FALSE(PathFromUri("file://server/share/x").ok());
  EXPECT_FALSE(PathFromUri("file:///bad%2").ok());
  EXPECT_FALSE(PathFromUri("file:///nul%00").ok());
  EXPECT_EQ(UriFromPath("/tmp/a b/café.md"), "file:///tmp/a%20b/caf%C3%A9.md");
  EXPECT_EQ(*PathFromUri(UriFromPath("/q/[x]#1.md")), "/q/[x]#1.md");
}

TEST(DocumentStoreTest, IncrementalChangesInUtf16) {
  DocumentStore store;
  ASSERT_TRUE(store.Open("file:///w/a.md", "markdown", 1, "é😀x\nline two\n").ok());
  // Replace the x (UTF-16 character 3 of line 0, after é and the emoji's two units).
  std::vector<ContentChange> changes = {
      {Range{{0, 3}, {0, 4}}, "日本"},
      {Range{{1, 5}, {1, 8}}, "2"},  // each range is in the text the previous change left
  };
  ASSERT_TRUE(store.Change("file:///w/a.md", 2, changes).ok());
  const Document* doc = store.FindByPath("/w/a.md");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(doc->text, "é😀日本\nline 2\n");
  EXPECT_EQ(doc->version, 2);
  // A whole-text change, and a range past the end (clamped).
  ASSERT_TRUE(
      store.Change("file:///w/a.md", 3, {{std::nullopt, "new"}, {Range{{0, 3}, {7, 0}}, "!"}})
          .ok());
  EXPECT_EQ(store.FindByUri("file:///w/a.md")->text, "new!");
  EXPECT_FALSE(store.Change("file:///w/other.md", 1, {}).ok());
  EXPECT_TRUE(store.Close("file:///w/a.md"));
  EXPECT_FALSE(store.Close("file:///w/a.md"));
  EXPECT_EQ(store.FindByPath("/w/a.md"), nullptr);
}

TEST(DocumentStoreTest, OverlayShowsOpenDocumentsOverTheFiles) {
  InMemoryFileSystem disk;
  disk.Add("/w/saved.gift", "on disk");
  disk.Add("/w/open.gift", "old text");
  DocumentStore store;
  ASSERT_TRUE(store.Open("file:///w/open.gift", "gift", 1, "typed text").ok());
  ASSERT_TRUE(store.Open("file:///w/sub/new.md", "markdown", 1, "not saved yet").ok());
  ASSERT_TRUE(store.Open("file:///w/.hidden/h.md", "markdown", 1, "hidden").ok());
  OverlayFileSystem fs(disk, store);
  EXPECT_EQ(*fs.ReadFile("/w/open.gift"), "typed text");
  EXPECT_EQ(*fs.ReadFile("/w/saved.gift"), "on disk");
  EXPECT_EQ(*fs.ReadFile("/w/sub/new.md"), "not saved yet");
  EXPECT_EQ(fs.FileSize("/w/open.gift"), 10u);
  EXPECT_TRUE(fs.IsDirectory("/w/sub"));
  EXPECT_FALSE(fs.IsDirectory("/w/open.gift"));
  EXPECT_TRUE(fs.Exists("/w/sub/new.md"));
  Result<std::vector<std::string>> listed = fs.ListFiles("/w");
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ(*listed, (std::vector<std::string>{"/w/open.gift", "/w/saved.gift", "/w/sub/new.md"}));
  EXPECT_FALSE(fs.ListFiles("/nowhere").ok());
}

}  // namespace
}  // namespace qbank::lsp
