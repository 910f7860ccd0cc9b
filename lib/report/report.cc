// The table of lint report writers.
#include "report/report.h"

#include <array>

#include "report/html_report.h"
#include "report/json_report.h"
#include "report/text_report.h"

namespace qbank::report {
namespace {

struct Entry {
  std::string_view name;
  ReportWriter writer;
};

// One line per output format, in alphabetical order.
constexpr std::array<Entry, 3> kWriters = {{
    {"html", &WriteHtmlReport},
    {"json", &WriteJsonReport},
    {"text", &WriteTextReport},
}};

}  // namespace

ReportWriter FindReportWriter(std::string_view name) {
  for (const Entry& e : kWriters) {
    if (e.name == name) return e.writer;
  }
  return nullptr;
}

std::vector<std::string_view> ReportFormatNames() {
  std::vector<std::string_view> names;
  for (const Entry& e : kWriters) names.push_back(e.name);
  return names;
}

}  // namespace qbank::report
