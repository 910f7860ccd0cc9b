// The library side of `qbank preview`: the bank as a static HTML site, each question as a
// learner sees it (with the answer behind a "show answer" button) and the lint findings on it
// for the writer. Works from file:// with no server and makes no request of any kind.
#ifndef QBANK_COMMANDS_PREVIEW_H_
#define QBANK_COMMANDS_PREVIEW_H_

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "commands/lint.h"
#include "model/bank.h"

namespace qbank::commands {

struct PreviewOptions {
  // The inputs, configuration and rules as for `qbank lint`; its report fields are not used.
  LintOptions lint;
  std::string output_dir;  // -o DIR, made when missing
  bool open = false;       // --open: start the system's browser on DIR/index.html
};

// Writes DIR/index.html (search, filters and pages over every question; its rows in
// DIR/index/rows-<n>.js, commands/preview_index.h), DIR/q/<file>-<n>.html (the
// questions, report/html_page.h PreviewPages), DIR/rules/<id>.html (the page of every rule that
// found something) and DIR/media/ (the images the questions show). Returns 0, 2 for a usage error
// or an input that did not import (after writing the site of the rest).
int RunPreview(const PreviewOptions& options, std::ostream& out, std::ostream& err);

// A question field as safe HTML: Markdown rendered by cmark (raw HTML dropped), HTML kept only as
// far as an allow-list of elements and attributes goes (no script, style, event handler,
// javascript: or other non-local URL; images only from the local folder or data:), plain text
// escaped with its line breaks kept. `image` is called with the src of each local image and
// returns the src to write ("" drops the image, leaving its alt text); without it local images
// are dropped.
using ImageCopier = std::function<std::string(std::string_view src)>;
std::string SafeFieldHtml(std::string_view text, model::Markup markup,
                          const ImageCopier& image = nullptr);

}  // namespace qbank::commands

#endif  // QBANK_COMMANDS_PREVIEW_H_
