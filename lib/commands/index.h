// `qbank index build SOURCE... -o refs.qidx`: builds the reference index from text files, banks in
// any importable format, and folders of either.
#ifndef QBANK_COMMANDS_INDEX_H_
#define QBANK_COMMANDS_INDEX_H_

#include <ostream>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "similarity/reference_index.h"

namespace qbank::commands {

struct IndexBuildOptions {
  std::vector<std::string> sources;  // files and folders
  std::string output;                // the index file to write
  similarity::IndexParameters parameters;
};

// Adds one source file to `builder`. A file some import format reads into at least one question
// is a bank: each question (stem and options) is a passage at its line, its explanation another.
// A dump's questions its reader refused are left out, each named on `err` ("qbank index build:
// warning: PATH:LINE:COL: question not read, so not indexed: ..."); a file of another format with a
// refused question is indexed as text (the format was guessed from its content, and text keeps
// every word), which a note on `err` says. Any other file of valid UTF-8 without NUL bytes is text:
// each paragraph (lines up to a blank line) is a passage. InvalidInput "PATH: ..." for a file
// that is neither (binary data, invalid UTF-8).
Status AddReferenceFile(const std::string& path, FileSystem& fs,
                        similarity::ReferenceIndexBuilder& builder, std::ostream& err);

// Builds the index of `options.sources` (folders walked recursively, hidden entries skipped) and
// writes it atomically to `options.output`. Prints one summary line to `out` ("refs.qidx: 3
// documents, 120 passages, 4210 fingerprints"); files it cannot use are named on `err` with the
// reason and skipped. Returns 0, or 2 when there is no source or output, a source does not exist,
// nothing usable was found, or the index cannot be written.
int RunIndexBuild(const IndexBuildOptions& options, FileSystem& fs, std::ostream& out,
                  std::ostream& err);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_INDEX_H_
