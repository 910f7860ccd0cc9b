// The preview site's index in pages: one row a question kept in data files of kIndexChunkRows rows
// (DIR/index/rows-N.js, loaded by plain <script src>, so it works from file:// with no request
// beyond the site's own files), with search and filters over every row and kIndexPageRows rows
// shown at a time. The first page is written into index.html itself, so it shows before the data
// loads and without JavaScript.
#ifndef QBANK_COMMANDS_PREVIEW_INDEX_H_
#define QBANK_COMMANDS_PREVIEW_INDEX_H_

#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"

namespace qbank::commands {

// Rows the index shows at a time, and rows a data file holds.
constexpr size_t kIndexPageRows = 100;
constexpr size_t kIndexChunkRows = 2000;

// One question as the index lists it.
struct IndexEntry {
  std::string id;       // the question's id, or "q<N>" for one without
  std::string excerpt;  // the stem on one line, shortened
  std::string domain;   // "(none)" for none
  std::string type;     // model::QuestionTypeName
  std::string file;     // the source path
  std::string page;     // the question page, relative to the site ("q/NAME-1.html")
  size_t findings = 0;
};

// What goes into index.html between the bank findings and the end of <main>: the search form,
// the count, the list holding the first page of rows, the pager, the tables the script reads and
// a <script src> per data file (`data_files`, from WriteIndexData), in that order.
std::string IndexListHtml(const std::vector<IndexEntry>& entries,
                          const std::vector<std::string>& data_files);

// Writes the rows as DIR/index/rows-N.js (N from 1, kIndexChunkRows rows each) and returns their
// names relative to DIR, in order. A bank of no question gets no data file.
Result<std::vector<std::string>> WriteIndexData(FileSystem& fs, const std::string& dir,
                                                const std::vector<IndexEntry>& entries);

// The index page's script: search, filters and paging over every row the data files gave, each
// row drawn as text (never parsed as HTML); "/" focuses the search box.
std::string_view IndexScript();

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PREVIEW_INDEX_H_
