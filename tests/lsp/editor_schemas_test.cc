// The JSON Schemas editors are pointed at (docs/editors.md): the Markdown front matter schema
// accepts the front matter of the md format page's full example and refuses a misspelt key; the
// VS Code extension's schema paths name files that exist.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "formats/md/md_front_matter.h"
#include "json/document.h"

namespace qbank {
namespace {

std::string ReadSourceFile(const std::string& relative) {
  std::ifstream in(std::string(QBANK_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

json::Schema FrontMatterSchema() {
  Result<json::Schema> schema = json::Schema::Load(SourceText(
      "md-front-matter.schema.json", ReadSourceFile("schemas/md-front-matter.schema.json")));
  EXPECT_TRUE(schema.ok()) << schema.status().ToString();
  return schema.ok() ? *schema : json::Schema();
}

// Each front matter block ("---" to "---") of the first ````markdown example in `page`, as JSON.
std::vector<std::string> FrontMatters(const std::string& page) {
  size_t begin = page.find("````markdown\n");
  size_t end = page.find("````\n", begin + 1);
  std::string example = page.substr(begin + 13, end - begin - 13);
  SourceText source("example.md", example);
  std::vector<std::string> blocks;
  size_t at = 0;
  while ((at = example.find("---\n", at)) != std::string::npos) {
    size_t close = example.find("\n---\n", at + 3);
    if (close == std::string::npos) break;
    Result<formats::YamlNode> yaml = formats::ParseYaml(source, at + 4, close + 1);
    EXPECT_TRUE(yaml.ok()) << yaml.status().ToString();
    if (yaml.ok()) blocks.push_back(json::WriteValue(formats::YamlToValue(*yaml), 0));
    at = close + 5;
  }
  return blocks;
}

TEST(EditorSchemasTest, FrontMatterOfTheFormatPageValidates) {
  json::Schema schema = FrontMatterSchema();
  std::vector<std::string> blocks = FrontMatters(ReadSourceFile("docs/formats/md.md"));
  ASSERT_GE(blocks.size(), 2u);  // the bank's and at least one question's
  for (const std::string& block : blocks) {
    Status valid = schema.Validate(SourceText("front-matter.json", block));
    EXPECT_TRUE(valid.ok()) << valid.ToString() << "\n" << block;
  }
}

TEST(EditorSchemasTest, FrontMatterTypoIsRefused) {
  json::Schema schema = FrontMatterSchema();
  Status typo = schema.Validate(SourceText("t.json", R"({"id": "q1", "dificulty": "easy"})"));
  EXPECT_FALSE(typo.ok());
  Status type = schema.Validate(SourceText("t.json", R"({"type": "several"})"));
  EXPECT_FALSE(type.ok());
}

TEST(EditorSchemasTest, VsCodeExtensionNamesSchemasThatExist) {
  Result<json::Node> manifest =
      json::Parse(SourceText("package.json", ReadSourceFile("editors/vscode/package.json")));
  ASSERT_TRUE(manifest.ok()) << manifest.status().ToString();
  const json::Node* contributes = manifest->Find("contributes");
  ASSERT_NE(contributes, nullptr);
  int named = 0;
  for (const char* key : {"jsonValidation", "yamlValidation"}) {
    const json::Node* list = contributes->Find(key);
    ASSERT_NE(list, nullptr) << key;
    for (const json::Node& entry : list->items()) {
      std::string url = entry.Find("url")->as_string();
      ASSERT_EQ(url.rfind("./schemas/", 0), 0u) << url;
      EXPECT_FALSE(ReadSourceFile(url.substr(2)).empty()) << url << " is not in schemas/";
      ++named;
    }
  }
  EXPECT_EQ(named, 3);
}

}  // namespace
}  // namespace qbank
