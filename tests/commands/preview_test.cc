// commands/preview: the sanitiser every question field goes through, and the site RunPreview
// writes (the browser test, tests/browser, checks the same pages in chromium).
#include "commands/preview.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "base/file_system.h"
#include "commands/preview_index.h"
#include "commands/stats.h"

namespace qbank::commands {
namespace {

using model::Markup;

TEST(SafeFieldHtmlTest, ScriptsHandlersAndJavascriptUrlsAreStripped) {
  std::string html = SafeFieldHtml(
      "Pick one <script>alert(1)</script><img src=x onerror=alert(2)>"
      "<a href=\"javascript:alert(3)\">go</a><a href=\" JaVa\tScript:alert(4)\">spaced</a>"
      "<p onclick=\"alert(5)\" style=\"color:red\">para</p><iframe src=\"http://a/\"></iframe>"
      "<svg onload=alert(6)></svg><b>bold</b> <a href=\"https://example.org/\">docs</a>",
      Markup::kHtml);
  EXPECT_EQ(html,
            "Pick one <a>go</a><a>spaced</a><p>para</p><b>bold</b> "
            "<a href=\"https://example.org/\" rel=\"noopener noreferrer\">docs</a>");
}

TEST(SafeFieldHtmlTest, PlainTextShowsMarkupAsText) {
  EXPECT_EQ(SafeFieldHtml("a <script>x</script>\nline two\n\nnext", Markup::kPlain),
            "<p>a &lt;script&gt;x&lt;/script&gt;<br>line two</p><p>next</p>");
}

TEST(SafeFieldHtmlTest, MarkdownIsRenderedWithoutRawHtml) {
  std::string html =
      SafeFieldHtml("Use **bold** and `code` <script>alert(1)</script> [x](javascript:alert(2))",
                    Markup::kMarkdown);
  EXPECT_NE(html.find("<strong>bold</strong>"), std::string::npos) << html;
  EXPECT_NE(html.find("<code>code</code>"), std::string::npos) << html;
  EXPECT_EQ(html.find("<script"), std::string::npos) << html;
  EXPECT_EQ(html.find("javascript"), std::string::npos) << html;
}

TEST(SafeFieldHtmlTest, ImagesAreLocalOrInlineNeverRemote) {
  std::vector<std::string> asked;
  ImageCopier copy = [&](std::string_view src) {
    asked.emplace_back(src);
    return src == "missing.png" ? std::string() : "../media/1-" + std::string(src);
  };
  std::string html = SafeFieldHtml(
      "<img src=\"pic.png\" alt=\"diagram\"><img src=\"http://a/t.png\" alt=\"remote\">"
      "<img src=\"//a/t.png\"><img src=\"missing.png\" alt=\"gone\">"
      "<img src=\"data:image/png;base64,AAAA\" alt=\"inline\">",
      Markup::kHtml, copy);
  EXPECT_EQ(asked, (std::vector<std::string>{"pic.png", "missing.png"}));
  EXPECT_EQ(html,
            "<img src=\"../media/1-pic.png\" alt=\"diagram\">"
            "<span class=\"muted\">[remote]</span><span class=\"muted\">[gone]</span>"
            "<img src=\"data:image/png;base64,AAAA\" alt=\"inline\">");
}

class PreviewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* rel : {"schemas/config.schema.json", "schemas/bank.schema.json",
                            "rules/presets/recommended.json", "rules/terms/dump-markers.txt",
                            "rules/key-count.md", "rules/terms/function-words.txt"}) {
      Result<std::string> text =
          RealFileSystem().ReadFile(std::string(QBANK_SOURCE_DIR) + "/" + rel);
      ASSERT_TRUE(text.ok()) << rel;
      fs_.Add(std::string("/data/") + rel, text.value());
    }
    fs_.Add("/w/quiz.aiken",
            "Which planet is known as the red planet <script>?\nA. Mars\nB. Venus\nC. Jupiter\n"
            "D. Saturn\nANSWER: A\n\nWhich gas do plants take in?\nA. Oxygen\nB. Carbon dioxide\n"
            "C. Helium\nD. Neon\nANSWER: B\n");
    options_.lint.fs = &fs_;
    options_.lint.data_dir = "/data";
    options_.lint.today = lint::Date{2026, 11, 30};
    options_.lint.inputs = {"/w/quiz.aiken"};
    options_.lint.select = {"key-count"};
    options_.output_dir = "/site";
  }
  InMemoryFileSystem fs_;
  PreviewOptions options_;
};

TEST_F(PreviewTest, WritesTheIndexAndOnePagePerFile) {
  std::ostringstream out, err;
  ASSERT_EQ(RunPreview(options_, out, err), 0) << err.str();
  EXPECT_EQ(out.str(), "qbank preview: wrote 2 questions to /site/index.html\n");
  Result<std::string> index = fs_.ReadFile("/site/index.html");
  ASSERT_TRUE(index.ok());
  EXPECT_NE(index->find("2 questions in 1 file;"), std::string::npos);
  EXPECT_NE(index->find("href=\"q/quiz_aiken-1.html#"), std::string::npos);
  EXPECT_NE(index->find("<label>Search<input type=\"search\""), std::string::npos);
  EXPECT_EQ(index->find("<script>?"), std::string::npos);  // the stem's text is escaped
  Result<std::string> page = fs_.ReadFile("/site/q/quiz_aiken-1.html");
  ASSERT_TRUE(page.ok());
  EXPECT_NE(page->find("red planet &lt;script&gt;?"), std::string::npos);
  EXPECT_NE(page->find("<span class=\"letter\">D</span>"), std::string::npos);
  EXPECT_NE(page->find("Correct answer: B"), std::string::npos);
  EXPECT_NE(page->find("Content-Security-Policy"), std::string::npos);
  EXPECT_EQ(page->find("http://"), std::string::npos);
  EXPECT_EQ(page->find("https://"), std::string::npos);
}

// Pictures a reader kept in extensions.media (a .docx's or a package's) are copied into the
// site's media/ folder under a safe name and shown with their alt text; a kept name that tries
// to leave the folder stays inside it, and a javascript: src is never a picture.
TEST_F(PreviewTest, PicturesKeptInTheQuestionAreCopiedBesideIt) {
  // "PNG!" and "ESC!" in base64.
  fs_.Add("/w/pics.json",
          R"j({"qbank": 1, "questions": [{"id": "pic-1", "type": "single", "markup": "html", )j"
          R"j("stem": "<p>Which part is marked?</p><img src=\"media/circuit%201.png\" )j"
          R"j(alt=\"A circuit\"><img src=\"../../escape.png\" alt=\"escape\">)j"
          R"j(<img src=\"javascript:alert(1)\" alt=\"js\">", )j"
          R"j("options": [{"text": "The resistor", "correct": true}, )j"
          R"j({"text": "The lamp", "correct": false}], )j"
          R"j("extensions": {"media": {"media/circuit 1.png": "UE5HIQ==", )j"
          R"j("../../escape.png": "RVNDIQ==", "javascript:alert(1)": "RVNDIQ=="}}}]})j");
  options_.lint.inputs = {"/w/pics.json"};
  std::ostringstream out, err;
  ASSERT_EQ(RunPreview(options_, out, err), 0) << err.str();
  EXPECT_EQ(err.str(), "");
  Result<std::string> page = fs_.ReadFile("/site/q/pics_json-1.html");
  ASSERT_TRUE(page.ok());
  EXPECT_NE(page->find("<img src=\"../media/1-circuit_1.png\" alt=\"A circuit\">"),
            std::string::npos)
      << *page;
  EXPECT_NE(page->find("<img src=\"../media/2-escape.png\" alt=\"escape\">"), std::string::npos)
      << *page;
  EXPECT_NE(page->find("<span class=\"muted\">[js]</span>"), std::string::npos) << *page;
  EXPECT_EQ(page->find("javascript:"), std::string::npos) << *page;
  EXPECT_EQ(fs_.ReadFile("/site/media/1-circuit_1.png").value(), "PNG!");
  EXPECT_EQ(fs_.ReadFile("/site/media/2-escape.png").value(), "ESC!");
  // Nothing was written but the site: the inputs and data files, and files under /site/.
  for (const auto& [path, content] : fs_.files()) {
    bool input = path.starts_with("/w/") || path.starts_with("/data/");
    EXPECT_TRUE(input || path.starts_with("/site/")) << path;
    EXPECT_EQ(path.find(".."), std::string::npos) << path;
  }
}

TEST_F(PreviewTest, StatsAsJsonAndText) {
  StatsOptions stats;
  stats.lint = options_.lint;
  stats.format = "json";
  std::ostringstream out, err;
  ASSERT_EQ(RunStats(stats, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\"questions\": 2"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\"counts\": [\n"), std::string::npos) << out.str();
  stats.format = "text";
  out.str("");
  ASSERT_EQ(RunStats(stats, out, err), 0) << err.str();
  EXPECT_EQ(out.str().substr(0, 25), "2 questions in 1 file\n\nby");
  EXPECT_NE(out.str().find("A 1 (50.0%)  B 1 (50.0%)  C 0 (0.0%)  D 0 (0.0%)"), std::string::npos)
      << out.str();
  stats.format = "yaml";
  EXPECT_EQ(RunStats(stats, out, err), 2);
}

// An index of more questions than a data file holds: the rows spread over data files named in
// index.html, the first page drawn into the page itself, the tables kept from ending their element.
TEST_F(PreviewTest, TheIndexOfALargeBankIsPagedWithItsRowsInDataFiles) {
  std::string aiken;
  const size_t n = kIndexChunkRows + 5;
  for (size_t i = 1; i <= n; ++i) {
    aiken += "Which number comes after " + std::to_string(i) + "?\nA. " + std::to_string(i + 1) +
             "\nB. " + std::to_string(i + 2) + "\nANSWER: A\n\n";
  }
  fs_.Add("/w/</script>.aiken", aiken);
  options_.lint.inputs = {"/w/</script>.aiken"};
  std::ostringstream out, err;
  ASSERT_EQ(RunPreview(options_, out, err), 0) << err.str();
  Result<std::string> index = fs_.ReadFile("/site/index.html");
  ASSERT_TRUE(index.ok());
  EXPECT_NE(index->find("<script src=\"index/rows-1.js\"></script>\n"
                        "<script src=\"index/rows-2.js\"></script>\n</main>"),
            std::string::npos);
  EXPECT_EQ(index->find("rows-3.js"), std::string::npos);
  size_t drawn = 0;
  for (size_t at = index->find("<li data-domain"); at != std::string::npos;
       at = index->find("<li data-domain", at + 1)) {
    ++drawn;
  }
  EXPECT_EQ(drawn, kIndexPageRows);
  EXPECT_NE(index->find("Questions 1 to 100 of 2005"), std::string::npos);
  // The file name, in the tables' JSON, cannot close their <script> element.
  EXPECT_NE(index->find("\"files\":[\"/w/<\\/script>.aiken\"]"), std::string::npos);
  Result<std::string> first = fs_.ReadFile("/site/index/rows-1.js");
  Result<std::string> second = fs_.ReadFile("/site/index/rows-2.js");
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(std::count(first->begin(), first->end(), '\n'), 2 + kIndexChunkRows);
  EXPECT_EQ(std::count(second->begin(), second->end(), '\n'), 2 + 5);
  EXPECT_NE(second->find("\"Which number comes after 2005?\",0,0,0,0,"), std::string::npos);
  // Only the index may load the site's own scripts.
  EXPECT_NE(index->find("script-src 'self' 'unsafe-inline'"), std::string::npos);
  Result<std::string> page = fs_.ReadFile("/site/q/script__aiken-1.html");
  ASSERT_TRUE(page.ok()) << "question pages: " << index->substr(index->find("\"pages\""), 80);
  EXPECT_NE(page->find("script-src 'unsafe-inline'"), std::string::npos);
}

// Without --findings, stats runs only the rules whose numbers it shows; with it, every rule.
TEST_F(PreviewTest, StatsRunsTheDuplicateRulesAloneUnlessAskedForEveryFinding) {
  StatsOptions stats;
  stats.lint = options_.lint;
  stats.lint.select = {"key-count,exact-duplicate"};
  stats.format = "json";
  std::ostringstream out, err;
  ASSERT_EQ(RunStats(stats, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\"rules_run\": [\n    \"exact-duplicate\",\n    \"import-error\",\n    "
                           "\"import-warning\"\n  ]"),
            std::string::npos)
      << out.str();
  stats.findings = true;
  out.str("");
  ASSERT_EQ(RunStats(stats, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\"key-count\""), std::string::npos) << out.str();
  stats.findings = false;
  stats.format = "text";
  out.str("");
  ASSERT_EQ(RunStats(stats, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("findings below: the import and duplicate rules only"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace qbank::commands
