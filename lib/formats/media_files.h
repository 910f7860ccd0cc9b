// The picture files a question shows, kept with the question: a reader that finds a picture in a
// package (a .docx's word/media part, a QTI zip's image) puts a reference into the question's
// markup (`<img src="media/x.png" alt="">` in HTML, `![](media/x.png)` in Markdown) and the
// file's bytes into the question's extensions, `extensions.media` = {path: base64}. A text bank
// (json) carries them there; a package writer (docx, the qti12 zip) writes each referenced file
// into its package again; every other writer's loss report names `extensions.media`.
#ifndef QBANK_FORMATS_MEDIA_FILES_H_
#define QBANK_FORMATS_MEDIA_FILES_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/bank.h"

namespace qbank::formats {

// The extension key the files are kept under.
inline constexpr std::string_view kMediaKey = "media";

struct MediaFile {
  std::string path;   // as the markup references it: "media/image1.png"
  std::string bytes;  // the file's content
};

// Keeps `bytes` as question `q`'s file `path` (replacing a file of that path).
void AddMediaFile(model::Question& q, const std::string& path, std::string_view bytes);

// The files kept with `q`, by path; an entry that is not base64 is left out.
std::vector<MediaFile> MediaFiles(const model::Question& q);

// A reference to picture `path` in markup `markup`: an <img> in HTML, an image in Markdown, the
// path in brackets in plain text ("[picture: media/x.png]").
std::string PictureReference(const std::string& path, model::Markup markup);

// `html` with the src of each <img> replaced by what `replace` gives for it (a src it gives
// nullopt for stays). The tags are found as a browser finds them, quoted or not; the value given
// is written in double quotes, XML-escaped.
std::string ReplaceImageSources(
    std::string_view html,
    const std::function<std::optional<std::string>(std::string_view src)>& replace);

// `s` with each %XX escape (two hex digits) replaced by its byte, as a package's hrefs and
// Canvas's picture sources are written; a '%' not followed by two hex digits stays.
std::string PercentDecode(std::string_view s);

// The file name part of `path` made safe as a package member name: letters, digits, '.', '-'
// and '_' kept, anything else '_'; "picture" when nothing is left.
std::string SafeMediaName(std::string_view path);

// The media type of an image file by its name's extension ("image/png"), or
// "application/octet-stream".
std::string_view MediaTypeOf(std::string_view path);

}  // namespace qbank::formats

#endif  // QBANK_FORMATS_MEDIA_FILES_H_
