// Report selection for lint: --format names, and the repository root CI reports use.
#include "commands/lint_report.h"

#include <gtest/gtest.h>

namespace qbank::commands {
namespace {

TEST(ChooseReportTest, NamesPickAWriterOrACiFormat) {
  Result<ReportChoice> text = ChooseReport("text");
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->writer, nullptr);
  EXPECT_FALSE(text->ci);
  Result<ReportChoice> sarif = ChooseReport("sarif");
  ASSERT_TRUE(sarif.ok());
  EXPECT_EQ(sarif->writer, nullptr);
  EXPECT_TRUE(sarif->ci);
  EXPECT_EQ(sarif->format, "sarif");
}

TEST(ChooseReportTest, AnUnknownNameListsEveryFormat) {
  Result<ReportChoice> xml = ChooseReport("xml");
  ASSERT_FALSE(xml.ok());
  EXPECT_EQ(xml.status().message(),
            "unknown --format 'xml'; expected one of html, json, text, sarif, github, junit");
}

TEST(RepoRootForTest, AGivenRootIsKept) { EXPECT_EQ(RepoRootFor("/given/root"), "/given/root"); }

}  // namespace
}  // namespace qbank::commands
