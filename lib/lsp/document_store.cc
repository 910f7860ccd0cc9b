// Open documents, their edits in UTF-16 positions, and the file system that shows them.
#include "lsp/document_store.h"

#include <algorithm>

namespace qbank::lsp {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// True when `path` is below folder `dir` (or `dir` is empty, meaning ".").
bool IsBelow(std::string_view path, std::string_view dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.remove_suffix(1);
  if (dir.empty() || dir == ".") return !path.starts_with('/');
  if (dir == "/") return path.starts_with('/');
  return path.size() > dir.size() && path.starts_with(dir) && path[dir.size()] == '/';
}

// True when a part of `path` after `dir` starts with '.' (ListFiles skips hidden entries).
bool HasHiddenPart(std::string_view path, std::string_view dir) {
  std::string_view rest = path.substr(std::min(path.size(), dir.size()));
  for (size_t i = 0; i + 1 < rest.size(); ++i) {
    if (rest[i] == '/' && rest[i + 1] == '.') return true;
  }
  return false;
}

}  // namespace

Result<std::string> PathFromUri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.size() < kScheme.size() || uri.substr(0, kScheme.size()) != kScheme) {
    return Status::InvalidInput("expected a file:// URI, found '" + std::string(uri) + "'");
  }
  std::string_view rest = uri.substr(kScheme.size());
  if (rest.starts_with("localhost/")) rest.remove_prefix(9);
  if (!rest.starts_with('/')) {
    return Status::InvalidInput("expected a local file URI (file:///path), found '" +
                                std::string(uri) + "'");
  }
  std::string path;
  for (size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (c == '?' || c == '#') break;
    if (c != '%') {
      path.push_back(c);
      continue;
    }
    int hi = i + 2 < rest.size() ? HexDigit(rest[i + 1]) : -1;
    int lo = i + 2 < rest.size() ? HexDigit(rest[i + 2]) : -1;
    if (hi < 0 || lo < 0) {
      return Status::InvalidInput("bad percent-escape in the URI '" + std::string(uri) + "'");
    }
    path.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  if (path.find('\0') != std::string::npos) {
    return Status::InvalidInput("the URI '" + std::string(uri) + "' holds a NUL byte");
  }
  return path;
}

std::string UriFromPath(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file://";
  for (char c : path) {
    auto b = static_cast<unsigned char>(c);
    bool plain = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                 c == '/' || c == '.' || c == '_' || c == '~' || c == '-';
    if (plain) {
      uri.push_back(c);
    } else {
      uri.push_back('%');
      uri.push_back(kHex[b >> 4]);
      uri.push_back(kHex[b & 15]);
    }
  }
  return uri;
}

Status DocumentStore::Open(const std::string& uri, std::string language_id, int64_t version,
                           std::string text) {
  Result<std::string> path = PathFromUri(uri);
  if (!path.ok()) return path.status();
  if (auto it = path_of_uri_.find(uri); it != path_of_uri_.end() && it->second != *path) {
    by_path_.erase(it->second);
  }
  Document& doc = by_path_[*path];
  doc.uri = uri;
  doc.path = *path;
  doc.language_id = std::move(language_id);
  doc.version = version;
  doc.text = std::move(text);
  path_of_uri_[uri] = *path;
  return Status::Ok();
}

Status DocumentStore::Change(const std::string& uri, int64_t version,
                             const std::vector<ContentChange>& changes) {
  auto it = path_of_uri_.find(uri);
  if (it == path_of_uri_.end()) return Status::NotFound("the document " + uri + " is not open");
  Document& doc = by_path_.at(it->second);
  for (const ContentChange& change : changes) {
    if (!change.range) {
      doc.text = change.text;
      continue;
    }
    LineIndex index(doc.text);
    size_t begin = index.OffsetOf(change.range->start);
    size_t end = index.OffsetOf(change.range->end);
    if (end < begin) std::swap(begin, end);
    doc.text.replace(begin, end - begin, change.text);
  }
  doc.version = version;
  return Status::Ok();
}

bool DocumentStore::Close(const std::string& uri) {
  auto it = path_of_uri_.find(uri);
  if (it == path_of_uri_.end()) return false;
  by_path_.erase(it->second);
  path_of_uri_.erase(it);
  return true;
}

const Document* DocumentStore::FindByUri(std::string_view uri) const {
  auto it = path_of_uri_.find(uri);
  return it == path_of_uri_.end() ? nullptr : FindByPath(it->second);
}

const Document* DocumentStore::FindByPath(std::string_view path) const {
  auto it = by_path_.find(path);
  return it == by_path_.end() ? nullptr : &it->second;
}

Result<std::string> OverlayFileSystem::ReadFile(const std::string& path) const {
  if (const Document* doc = store_.FindByPath(path)) return doc->text;
  return base_.ReadFile(path);
}

Status OverlayFileSystem::WriteFileAtomic(const std::string& path, std::string_view content) {
  return base_.WriteFileAtomic(path, content);
}

bool OverlayFileSystem::IsDirectory(const std::string& path) const {
  if (store_.FindByPath(path) != nullptr) return false;
  if (base_.IsDirectory(path)) return true;
  for (const auto& [doc_path, doc] : store_.documents()) {
    if (IsBelow(doc_path, path)) return true;
  }
  return false;
}

bool OverlayFileSystem::Exists(const std::string& path) const {
  return store_.FindByPath(path) != nullptr || base_.Exists(path) || IsDirectory(path);
}

Result<std::vector<std::string>> OverlayFileSystem::ListFiles(const std::string& dir) const {
  std::vector<std::string> files;
  if (base_.IsDirectory(dir)) {
    Result<std::vector<std::string>> listed = base_.ListFiles(dir);
    if (!listed.ok()) return listed.status();
    files = std::move(listed).value();
  }
  std::string prefix = dir;
  while (prefix.size() > 1 && prefix.back() == '/') prefix.pop_back();
  bool added = false;
  for (const auto& [doc_path, doc] : store_.documents()) {
    if (!IsBelow(doc_path, prefix) || HasHiddenPart(doc_path, prefix)) continue;
    // ListFiles names files as the folder was named: "dir/name".
    if (std::find(files.begin(), files.end(), doc_path) == files.end()) {
      files.push_back(doc_path);
      added = true;
    }
  }
  if (added) std::sort(files.begin(), files.end());
  if (files.empty() && !base_.IsDirectory(dir) && !IsDirectory(dir)) {
    return Status::NotFound(dir + ": no such folder");
  }
  return files;
}

bool OverlayFileSystem::IsSymbolicLink(const std::string& path) const {
  return store_.FindByPath(path) == nullptr && base_.IsSymbolicLink(path);
}

std::optional<uint64_t> OverlayFileSystem::FileSize(const std::string& path) const {
  if (const Document* doc = store_.FindByPath(path)) return doc->text.size();
  return base_.FileSize(path);
}

std::optional<std::string> OverlayFileSystem::FileIdentity(const std::string& path) const {
  if (std::optional<std::string> on_disk = base_.FileIdentity(path)) return on_disk;
  if (store_.FindByPath(path) != nullptr) return "open:" + path;
  return std::nullopt;
}

}  // namespace qbank::lsp
