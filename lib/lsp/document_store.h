// The documents an editor has open, by path: their text as the editor holds it (full and
// incremental changes applied), and a FileSystem that shows that text over the real files, so the
// import and lint code read an open document exactly as they read a saved file.
#ifndef QBANK_LSP_DOCUMENT_STORE_H_
#define QBANK_LSP_DOCUMENT_STORE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/file_system.h"
#include "base/status.h"
#include "lsp/utf16.h"

namespace qbank::lsp {

// The local path of a "file:" URI (percent-escapes decoded, "file:///a%20b" -> "/a b");
// InvalidInput for another scheme, a remote host or a bad escape.
Result<std::string> PathFromUri(std::string_view uri);
// The "file://" URI of an absolute path (bytes outside [A-Za-z0-9/._~-] percent-escaped).
std::string UriFromPath(std::string_view path);

struct Document {
  std::string uri;
  std::string path;  // PathFromUri(uri)
  std::string language_id;
  int64_t version = 0;
  std::string text;
};

// One change of textDocument/didChange: the whole text (no range) or a range replaced.
struct ContentChange {
  std::optional<Range> range;
  std::string text;
};

class DocumentStore {
 public:
  // Opens (or reopens, replacing) the document at `uri`. InvalidInput for a URI that is not a
  // local file.
  Status Open(const std::string& uri, std::string language_id, int64_t version, std::string text);
  // Applies `changes` in order (each range in the text as the previous change left it, as LSP
  // says) and sets the version. NotFound for a document that is not open; a range past the end
  // is clamped to it.
  Status Change(const std::string& uri, int64_t version, const std::vector<ContentChange>& changes);
  // Forgets the document; false when it was not open.
  bool Close(const std::string& uri);

  const Document* FindByUri(std::string_view uri) const;
  const Document* FindByPath(std::string_view path) const;
  // Every open document, by path.
  const std::map<std::string, Document, std::less<>>& documents() const { return by_path_; }

 private:
  std::map<std::string, Document, std::less<>> by_path_;
  std::map<std::string, std::string, std::less<>> path_of_uri_;
};

// `base` with the open documents of `store` in front: reading an open document gives its text in
// the editor, listing a folder includes the open documents in it (saved or not). Writes go to
// `base`. Both must outlive this object.
class OverlayFileSystem : public FileSystem {
 public:
  OverlayFileSystem(FileSystem& base, const DocumentStore& store) : base_(base), store_(store) {}

  Result<std::string> ReadFile(const std::string& path) const override;
  Status WriteFileAtomic(const std::string& path, std::string_view content) override;
  bool IsDirectory(const std::string& path) const override;
  bool Exists(const std::string& path) const override;
  Result<std::vector<std::string>> ListFiles(const std::string& dir) const override;
  bool IsSymbolicLink(const std::string& path) const override;
  std::optional<uint64_t> FileSize(const std::string& path) const override;
  // The file's identity on disk; an open document not saved yet is named by its path.
  std::optional<std::string> FileIdentity(const std::string& path) const override;

 private:
  FileSystem& base_;
  const DocumentStore& store_;
};

}  // namespace qbank::lsp

#endif  // QBANK_LSP_DOCUMENT_STORE_H_
