// The workspace linter: findings of an open document with its workspace folder, per-question
// findings kept for questions that did not change (and moved with them), duplicates across files,
// and the same findings as a linter that starts from nothing.
#include "lsp/workspace_linter.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lsp/document_store.h"

namespace qbank::lsp {
namespace {

namespace fs = std::filesystem;

// An original draft: the stem holds é, an emoji, CJK and a zero-width space.
constexpr char kDraft[] =
    "---\nid: planet-1\n---\n\n## Question\n\n"
    "Which planet is called the red planet? Café 😀 日本\u200B test.\n\n"
    "## Options\n\n- [x] Mars\n  > Iron oxide dust gives it the colour.\n"
    "- [ ] Venus\n  > Thick clouds make it pale yellow.\n"
    "- [ ] Jupiter\n  > Bands of cloud, mostly cream and brown.\n\n"
    "## Explanation\n\nMars looks red because of iron oxide on its surface.\n";
constexpr char kGift[] =
    "// [id:titan-1]\n::Moons:: Which planet has the moon Titan? {\n=Saturn\n~Mars\n~Venus\n}\n";
constexpr char kCopy[] =
    "\n---\nid: planet-2\n---\n\n## Question\n\nWhich planet has the moon Titan?\n\n"
    "## Options\n\n- [x] Saturn\n  > Titan is its largest moon.\n- [ ] Mars\n"
    "  > Mars has two small moons.\n- [ ] Venus\n  > Venus has no moon.\n\n"
    "## Explanation\n\nTitan orbits Saturn.\n";

class WorkspaceLinterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("qbank_lsp_" + std::to_string(getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
    std::ofstream(root_ / "moons.gift") << kGift;
    draft_ = (root_ / "planets.md").string();
    uri_ = UriFromPath(draft_);
    ASSERT_TRUE(store_.Open(uri_, "markdown", 1, kDraft).ok());
  }
  void TearDown() override { fs::remove_all(root_); }

  LinterOptions Options() {
    LinterOptions options;
    options.fs = &overlay_;
    options.data_dir = QBANK_SOURCE_DIR;
    options.roots = {root_.string()};
    options.threads = 1;
    return options;
  }
  void Type(std::string text) {
    ASSERT_TRUE(store_.Change(uri_, 2, {{std::nullopt, std::move(text)}}).ok());
  }
  static const FileFinding* Find(const FileResult& result, std::string_view rule) {
    for (const FileFinding& f : result.findings) {
      if (f.rule_id == rule) return &f;
    }
    return nullptr;
  }

  fs::path root_;
  std::string draft_;
  std::string uri_;
  DocumentStore store_;
  OverlayFileSystem overlay_{RealFileSystem(), store_};
};

TEST_F(WorkspaceLinterTest, FindingsInUtf16AndKeptFindingsMoveWithTheirQuestion) {
  WorkspaceLinter linter(Options());
  auto first = linter.Lint(draft_);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_EQ(first->count((root_ / "moons.gift").string()), 1u);  // the workspace was read
  const FileFinding* invisible = Find(first->at(draft_), "invisible-characters");
  ASSERT_NE(invisible, nullptr);
  // Line 7 (0-based 6); before the U+200B: 48 code points, one of them the emoji (2 units).
  EXPECT_EQ(invisible->range, (Range{{6, 49}, {6, 50}}));
  ASSERT_TRUE(invisible->fix.has_value());
  EXPECT_EQ(invisible->fix->range, (Range{{6, 49}, {6, 50}}));
  EXPECT_EQ(invisible->fix->new_text, "");
  ASSERT_TRUE(invisible->disable.has_value());
  EXPECT_EQ(invisible->disable->new_text, "<!-- qbank-disable-next invisible-characters -->\n");

  // Two lines typed above the question: it did not change, so its finding is kept and moves.
  Type("<!-- notes -->\n\n" + std::string(kDraft));
  auto moved = linter.Lint(draft_);
  ASSERT_TRUE(moved.ok());
  invisible = Find(moved->at(draft_), "invisible-characters");
  ASSERT_NE(invisible, nullptr);
  EXPECT_EQ(invisible->range, (Range{{8, 49}, {8, 50}}));
  EXPECT_EQ(invisible->fix->range, (Range{{8, 49}, {8, 50}}));
  EXPECT_EQ(invisible->disable->range.start.line, 2u);
}

TEST_F(WorkspaceLinterTest, DuplicateOfAnotherFileAndTheSameFindingsAsAFreshRun) {
  WorkspaceLinter linter(Options());
  ASSERT_TRUE(linter.Lint(draft_).ok());
  Type(std::string(kDraft) + kCopy);
  auto typed = linter.Lint(draft_);
  ASSERT_TRUE(typed.ok());
  const FileFinding* duplicate = Find(typed->at(draft_), "exact-duplicate");
  ASSERT_NE(duplicate, nullptr);
  ASSERT_FALSE(duplicate->related.empty());
  EXPECT_EQ(duplicate->related.front().path, (root_ / "moons.gift").string());
  EXPECT_EQ(duplicate->related.front().range.start.line, 1u);
  ASSERT_EQ(typed->at(draft_).symbols.size(), 2u);
  EXPECT_EQ(typed->at(draft_).symbols[1].name, "planet-2");

  WorkspaceLinter fresh(Options());
  auto full = fresh.Lint(draft_);
  ASSERT_TRUE(full.ok());
  auto summary = [](const FileResult& r) {
    std::vector<std::string> lines;
    for (const FileFinding& f : r.findings) {
      lines.push_back(f.rule_id + " " + std::to_string(f.range.start.line) + ":" +
                      std::to_string(f.range.start.character) + " " + f.message);
    }
    return lines;
  };
  EXPECT_EQ(summary(typed->at(draft_)), summary(full->at(draft_)));
}

TEST_F(WorkspaceLinterTest, ABrokenConfigurationIsAnErrorAtItsPlace) {
  std::ofstream(root_ / ".qbank.json") << "{\"rules\": {\"no-such-rule\": \"error\"}}\n";
  WorkspaceLinter linter(Options());
  auto linted = linter.Lint(draft_);
  ASSERT_FALSE(linted.ok());
  EXPECT_NE(linted.status().ToString().find(".qbank.json:1:"), std::string::npos)
      << linted.status().ToString();
  std::ofstream(root_ / ".qbank.json") << "{\"rules\": {\"invisible-characters\": \"off\"}}\n";
  linter.ConfigChanged();
  auto reloaded = linter.Lint(draft_);
  ASSERT_TRUE(reloaded.ok()) << reloaded.status().ToString();
  EXPECT_EQ(Find(reloaded->at(draft_), "invisible-characters"), nullptr);
}

}  // namespace
}  // namespace qbank::lsp
