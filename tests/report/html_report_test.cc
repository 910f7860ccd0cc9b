// report/html_report and html_page: the charts carry the numbers of lint/bank_statistics, and
// every text from the bank or a finding is escaped.
#include "report/html_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "report/html_page.h"

namespace qbank::report {
namespace {

TEST(HtmlPageTest, EscapesAndEncodes) {
  EXPECT_EQ(EscapeHtml("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(EncodeUrlPart("q 1/é"), "q%201%2F%C3%A9");
  EXPECT_EQ(FormatNumber(12345), "12345");
  EXPECT_EQ(FormatNumber(0.5), "0.5");
}

TEST(HtmlPageTest, BarChartCarriesItsNumbers) {
  std::string svg = BarChartSvg("keys", "Key <positions>", {{"A", 3}, {"B", 1}}, 2, "uniform");
  EXPECT_NE(svg.find("data-chart=\"keys\""), std::string::npos);
  EXPECT_NE(svg.find("data-value=\"3\" data-label=\"A\""), std::string::npos);
  EXPECT_NE(svg.find("data-value=\"1\" data-label=\"B\""), std::string::npos);
  EXPECT_NE(svg.find("data-reference=\"2\""), std::string::npos);
  EXPECT_NE(svg.find("<title>Key &lt;positions&gt;</title>"), std::string::npos);
}

TEST(HtmlPageTest, PreviewPagesCountQuestionsPerFile) {
  model::Bank bank;
  uint32_t a = bank.AddSource(std::make_shared<SourceText>("bank/a.md", ""));
  uint32_t b = bank.AddSource(std::make_shared<SourceText>("other/a.md", ""));
  for (size_t i = 0; i < kQuestionsPerPage + 1; ++i) {
    model::Question q;
    q.span.file = a;
    bank.questions.push_back(q);
  }
  model::Question q;
  q.span.file = b;
  bank.questions.push_back(q);
  std::vector<std::string> pages = PreviewPages(bank);
  EXPECT_EQ(pages.front(), "q/a_md-1.html");
  EXPECT_EQ(pages[kQuestionsPerPage], "q/a_md-2.html");
  EXPECT_EQ(pages.back(), "q/a_md_2-1.html");  // same name, other folder
}

TEST(HtmlReportTest, ChartsAndAnEscapedFindingsTable) {
  model::Bank bank;
  bank.AddSource(std::make_shared<SourceText>("bank.md", ""));
  for (int i = 0; i < 3; ++i) {
    model::Question q;
    q.id = model::Text("q" + std::to_string(i));
    q.stem = model::Text("A stem of five words");
    q.options = {model::Option{}, model::Option{}};
    q.options[0].text = model::Text("Yes");
    q.options[1].text = model::Text("No");
    q.options[i % 2].correct = true;
    q.span.file = 0;
    bank.questions.push_back(q);
  }
  std::vector<lint::Finding> findings(1);
  findings[0].rule_id = "key-count";
  findings[0].severity = lint::Severity::kError;
  findings[0].message = "<script>alert(1)</script>";
  findings[0].question_id = "q1";
  findings[0].question_index = 1;
  findings[0].span.file = 0;
  findings[0].span.line = 7;
  ReportInput input;
  input.bank = &bank;
  input.findings = &findings;
  ReportOptions options;
  options.preview_dir = "site";
  std::ostringstream out;
  WriteHtmlReport(input, options, out);
  std::string html = out.str();
  EXPECT_NE(html.find("data-chart=\"key-positions-2\""), std::string::npos);
  EXPECT_NE(html.find("data-value=\"2\" data-label=\"A\""), std::string::npos);
  EXPECT_NE(html.find("data-value=\"1\" data-label=\"B\""), std::string::npos);
  EXPECT_NE(html.find("data-value=\"1\" data-label=\"key-count\""), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"site/q/bank_md-1.html#q1\">q1</a>"), std::string::npos);
  EXPECT_NE(html.find("bank.md:7"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
}

}  // namespace
}  // namespace qbank::report
