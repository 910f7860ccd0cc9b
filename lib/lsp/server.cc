// The language server's loop: a reader thread turns the input into framed messages; the main
// thread answers them, applies edits to the document store and, once a document has been quiet
// for the debounce delay, lints it with its workspace and publishes the diagnostics.
#include "lsp/server.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "base/data_dir.h"
#include "base/source_text.h"
#include "commands/explain.h"
#include "formats/registry.h"
#include "json/document.h"
#include "lint/config.h"
#include "lint/registry.h"
#include "lsp/document_store.h"
#include "lsp/framing.h"
#include "lsp/workspace_linter.h"
#include "report/report_context.h"

namespace qbank::lsp {
namespace {

using Clock = std::chrono::steady_clock;
using model::Value;

// JSON-RPC and LSP error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;

// Frames from the input, handed from the reader thread to the main thread.
class FrameQueue {
 public:
  void Push(Frame frame) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      frames_.push_back(std::move(frame));
    }
    ready_.notify_one();
  }
  // The next frame, waiting until `deadline` at most (forever when nullopt).
  std::optional<Frame> Pop(std::optional<Clock::time_point> deadline) {
    std::unique_lock<std::mutex> lock(mutex_);
    auto ready = [this] { return !frames_.empty(); };
    if (deadline) {
      if (!ready_.wait_until(lock, *deadline, ready)) return std::nullopt;
    } else {
      ready_.wait(lock, ready);
    }
    Frame frame = std::move(frames_.front());
    frames_.pop_front();
    return frame;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Frame> frames_;
};

Value Int(int64_t n) { return Value(n); }

Value PositionJson(Position p) {
  Value::Object o;
  o["line"] = Int(p.line);
  o["character"] = Int(p.character);
  return o;
}

Value RangeJson(const Range& r) {
  Value::Object o;
  o["start"] = PositionJson(r.start);
  o["end"] = PositionJson(r.end);
  return o;
}

std::optional<Position> PositionFrom(const json::Node* node) {
  if (node == nullptr || !node->is_object()) return std::nullopt;
  const json::Node* line = node->Find("line");
  const json::Node* character = node->Find("character");
  if (line == nullptr || character == nullptr || !line->is_int() || !character->is_int() ||
      line->as_int() < 0 || character->as_int() < 0) {
    return std::nullopt;
  }
  auto clamp = [](int64_t v) { return static_cast<uint32_t>(std::min<int64_t>(v, UINT32_MAX)); };
  return Position{clamp(line->as_int()), clamp(character->as_int())};
}

std::optional<Range> RangeFrom(const json::Node* node) {
  if (node == nullptr) return std::nullopt;
  std::optional<Position> start = PositionFrom(node->Find("start"));
  std::optional<Position> end = PositionFrom(node->Find("end"));
  if (!start || !end) return std::nullopt;
  return Range{*start, *end};
}

// The string at `key` of object `node`, or nullptr.
const std::string* StringAt(const json::Node* node, std::string_view key) {
  if (node == nullptr) return nullptr;
  const json::Node* value = node->Find(key);
  return value != nullptr && value->is_string() ? &value->as_string() : nullptr;
}

int SeverityNumber(lint::Severity s) {
  switch (s) {
    case lint::Severity::kError:
      return 1;
    case lint::Severity::kWarning:
      return 2;
    default:
      return 3;
  }
}

bool Intersects(const Range& a, const Range& b) { return !(a.end < b.start || b.end < a.start); }

std::string BaseName(std::string_view path) {
  size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// A request's failure: its code and message.
struct RpcError {
  int code = kInternalError;
  std::string message;
};

class Server {
 public:
  Server(std::ostream& out, std::ostream& err, const ServerOptions& options, FileSystem& base)
      : out_(out), err_(err), options_(options), overlay_(base, store_) {}

  // Handles one frame; false when the server is to stop (exit).
  bool Handle(const Frame& frame);
  // Lints the documents whose quiet time has passed.
  void LintDue();
  std::optional<Clock::time_point> NextDeadline() const;
  int exit_code() const { return shutdown_ ? 0 : 1; }

 private:
  void Send(Value message);
  void Respond(const Value& id, Value result);
  void RespondError(const Value& id, int code, const std::string& message);
  void Notify(std::string method, Value params);
  void Log(int type, const std::string& message);

  bool Dispatch(const json::Node& message);
  Value Request(const std::string& method, const json::Node* params);
  void Notification(const std::string& method, const json::Node* params);

  Value Initialize(const json::Node* params);
  void Initialized();
  void DidOpen(const json::Node* params);
  void DidChange(const json::Node* params);
  void DidSave(const json::Node* params);
  void DidClose(const json::Node* params);
  void DidChangeWatchedFiles(const json::Node* params);
  Value CodeAction(const json::Node* params);
  Value Hover(const json::Node* params);
  Value Definition(const json::Node* params);
  Value DocumentSymbol(const json::Node* params);

  // The open document `params.textDocument.uri`, linted if a lint is due; throws RpcError.
  const Document& DocumentOf(const json::Node* params);
  void Schedule(const std::string& path, int delay_ms);
  void LintNow(const std::string& path);
  void Publish(const Document& doc, const std::vector<FileFinding>& findings, bool always);
  bool IsConfigFile(const std::string& path) const;
  std::string RulePage(const std::string& rule_id) const;

  std::ostream& out_;
  std::ostream& err_;
  ServerOptions options_;
  DocumentStore store_;
  OverlayFileSystem overlay_;
  std::unique_ptr<WorkspaceLinter> linter_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool watch_registration_ = false;
  int64_t next_request_id_ = 1;
  std::map<std::string, Clock::time_point> due_;  // by path
  std::map<std::string, FileResult> results_;     // the last lint's results, by path
  std::map<std::string, std::string> published_;  // the last diagnostics sent, by path
};

void Server::Send(Value message) {
  message["jsonrpc"] = "2.0";
  out_ << FrameMessage(json::WriteValue(message, 0));
  out_.flush();
}

void Server::Respond(const Value& id, Value result) {
  Value::Object o;
  o["id"] = id;
  o["result"] = std::move(result);
  Send(o);
}

void Server::RespondError(const Value& id, int code, const std::string& message) {
  Value::Object error;
  error["code"] = Int(code);
  error["message"] = message;
  Value::Object o;
  o["id"] = id;
  o["error"] = error;
  Send(o);
}

void Server::Notify(std::string method, Value params) {
  Value::Object o;
  o["method"] = std::move(method);
  o["params"] = std::move(params);
  Send(o);
}

void Server::Log(int type, const std::string& message) {
  Value::Object params;
  params["type"] = Int(type);
  params["message"] = "qbank: " + message;
  Notify("window/logMessage", params);
}

bool Server::Handle(const Frame& frame) {
  if (frame.kind == Frame::Kind::kBadHeader) {
    err_ << "qbank lsp: " << frame.error << "\n";
    RespondError(Value(), kParseError, "bad message header: " + frame.error);
    return true;
  }
  Result<json::Node> parsed = json::Parse(SourceText("message", frame.body));
  if (!parsed.ok()) {
    RespondError(Value(), kParseError, "the message is not JSON: " + parsed.status().ToString());
    return true;
  }
  if (!parsed->is_object()) {
    RespondError(Value(), kInvalidRequest, "expected a JSON-RPC message (an object)");
    return true;
  }
  return Dispatch(*parsed);
}

bool Server::Dispatch(const json::Node& message) {
  const std::string* method = StringAt(&message, "method");
  const json::Node* id = message.Find("id");
  const json::Node* params = message.Find("params");
  if (method == nullptr) {
    // A response to one of the server's requests (client/registerCapability), or garbage.
    if (id == nullptr) RespondError(Value(), kInvalidRequest, "expected a 'method'");
    return true;
  }
  if (*method == "exit") return false;
  if (id == nullptr) {
    try {
      if (initialized_ || *method == "initialized") Notification(*method, params);
    } catch (const RpcError& e) {
      Log(1, *method + ": " + e.message);
    } catch (const std::exception& e) {
      Log(1, *method + ": internal error: " + e.what());
    }
    return true;
  }
  Value request_id = id->ToValue();
  if (!request_id.is_int() && !request_id.is_string()) {
    RespondError(Value(), kInvalidRequest, "expected an integer or string 'id'");
    return true;
  }
  if (!initialized_ && *method != "initialize") {
    RespondError(request_id, kServerNotInitialized, "the server is not initialized yet");
    return true;
  }
  if (shutdown_) {
    RespondError(request_id, kInvalidRequest, "the server is shut down; send 'exit'");
    return true;
  }
  try {
    Respond(request_id, Request(*method, params));
  } catch (const RpcError& e) {
    RespondError(request_id, e.code, e.message);
  } catch (const std::exception& e) {
    RespondError(request_id, kInternalError, std::string("internal error: ") + e.what());
  }
  return true;
}

Value Server::Request(const std::string& method, const json::Node* params) {
  if (method == "initialize") return Initialize(params);
  if (method == "shutdown") {
    shutdown_ = true;
    return Value();
  }
  if (method == "textDocument/codeAction") return CodeAction(params);
  if (method == "textDocument/hover") return Hover(params);
  if (method == "textDocument/definition") return Definition(params);
  if (method == "textDocument/documentSymbol") return DocumentSymbol(params);
  throw RpcError{kMethodNotFound, "unknown method '" + method + "'"};
}

void Server::Notification(const std::string& method, const json::Node* params) {
  if (method == "initialized") return Initialized();
  if (method == "textDocument/didOpen") return DidOpen(params);
  if (method == "textDocument/didChange") return DidChange(params);
  if (method == "textDocument/didSave") return DidSave(params);
  if (method == "textDocument/didClose") return DidClose(params);
  if (method == "workspace/didChangeWatchedFiles") return DidChangeWatchedFiles(params);
  // Other notifications ($/cancelRequest, $/setTrace, ...) need nothing.
}

Value Server::Initialize(const json::Node* params) {
  if (initialized_) throw RpcError{kInvalidRequest, "initialize was already received"};
  LinterOptions linter;
  linter.fs = &overlay_;
  linter.data_dir = options_.data_dir;
  linter.threads = options_.threads;
  if (params != nullptr) {
    auto add_root = [&](const std::string* uri) {
      if (uri == nullptr) return;
      if (Result<std::string> path = PathFromUri(*uri); path.ok()) linter.roots.push_back(*path);
    };
    const json::Node* folders = params->Find("workspaceFolders");
    if (folders != nullptr && folders->is_array()) {
      for (const json::Node& folder : folders->items()) add_root(StringAt(&folder, "uri"));
    }
    if (linter.roots.empty()) add_root(StringAt(params, "rootUri"));
    if (const json::Node* init = params->Find("initializationOptions")) {
      const json::Node* debounce = init->Find("debounceMs");
      if (debounce != nullptr && debounce->is_int() && debounce->as_int() >= 0) {
        options_.debounce_ms = static_cast<int>(std::min<int64_t>(debounce->as_int(), 60000));
      }
    }
    const json::Node* caps = params->Find("capabilities");
    const json::Node* workspace = caps != nullptr ? caps->Find("workspace") : nullptr;
    const json::Node* watched =
        workspace != nullptr ? workspace->Find("didChangeWatchedFiles") : nullptr;
    const json::Node* dynamic = watched != nullptr ? watched->Find("dynamicRegistration") : nullptr;
    watch_registration_ = dynamic != nullptr && dynamic->as_bool();
  }
  linter_ = std::make_unique<WorkspaceLinter>(std::move(linter));
  initialized_ = true;

  Value::Object sync;
  sync["openClose"] = true;
  sync["change"] = Int(2);  // incremental
  Value::Object save;
  save["includeText"] = false;
  sync["save"] = save;
  Value::Object actions;
  actions["codeActionKinds"] = model::OneElementArray(Value("quickfix"));
  Value::Object capabilities;
  capabilities["positionEncoding"] = "utf-16";
  capabilities["textDocumentSync"] = sync;
  capabilities["codeActionProvider"] = actions;
  capabilities["hoverProvider"] = true;
  capabilities["definitionProvider"] = true;
  capabilities["documentSymbolProvider"] = true;
  Value::Object info;
  info["name"] = "qbank";
  info["version"] = std::string(report::LibraryVersion());
  Value::Object result;
  result["capabilities"] = capabilities;
  result["serverInfo"] = info;
  return result;
}

// Asks the client to report changes to configurations and question files it does not have open.
void Server::Initialized() {
  if (!watch_registration_) return;
  Value::Array watchers;
  for (const char* glob : {"**/.qbank.json", "**/*"}) {
    Value::Object w;
    w["globPattern"] = glob;
    watchers.push_back(w);
  }
  Value::Object options;
  options["watchers"] = watchers;
  Value::Object registration;
  registration["id"] = "qbank-watched-files";
  registration["method"] = "workspace/didChangeWatchedFiles";
  registration["registerOptions"] = options;
  Value::Object params;
  // Appended, not copied from an initializer list: GCC 12 at -O3 gives a false
  // -Wmaybe-uninitialized on that copy of the variant.
  Value::Array registrations;
  registrations.push_back(std::move(registration));
  params["registrations"] = std::move(registrations);
  Value::Object request;
  request["id"] = Int(next_request_id_++);
  request["method"] = "client/registerCapability";
  request["params"] = params;
  Send(request);
}

bool Server::IsConfigFile(const std::string& path) const {
  if (BaseName(path) == lint::kConfigFileName) return true;
  // A preset edited in the data folder (a developer's checkout).
  return !options_.data_dir.empty() && path.starts_with(options_.data_dir + "/rules/presets/");
}

void Server::DidOpen(const json::Node* params) {
  const json::Node* item = params != nullptr ? params->Find("textDocument") : nullptr;
  const std::string* uri = StringAt(item, "uri");
  const std::string* text = StringAt(item, "text");
  if (uri == nullptr || text == nullptr) {
    throw RpcError{kInvalidParams, "didOpen: expected textDocument.uri and .text"};
  }
  const std::string* language = StringAt(item, "languageId");
  const json::Node* version = item->Find("version");
  Status opened = store_.Open(*uri, language != nullptr ? *language : "",
                              version != nullptr ? version->as_int() : 0, *text);
  if (!opened.ok()) throw RpcError{kInvalidParams, opened.message()};
  const Document* doc = store_.FindByUri(*uri);
  if (IsConfigFile(doc->path)) {
    linter_->ConfigChanged();
    return;
  }
  Schedule(doc->path, 0);
}

void Server::DidChange(const json::Node* params) {
  const json::Node* item = params != nullptr ? params->Find("textDocument") : nullptr;
  const std::string* uri = StringAt(item, "uri");
  const json::Node* changes = params != nullptr ? params->Find("contentChanges") : nullptr;
  if (uri == nullptr || changes == nullptr || !changes->is_array()) {
    throw RpcError{kInvalidParams, "didChange: expected textDocument.uri and contentChanges"};
  }
  std::vector<ContentChange> edits;
  for (const json::Node& change : changes->items()) {
    const std::string* text = StringAt(&change, "text");
    if (text == nullptr) throw RpcError{kInvalidParams, "didChange: a change without 'text'"};
    const json::Node* range = change.Find("range");
    std::optional<Range> r = RangeFrom(range);
    if (range != nullptr && !r) throw RpcError{kInvalidParams, "didChange: a malformed range"};
    edits.push_back({r, *text});
  }
  const json::Node* version = item->Find("version");
  Status changed = store_.Change(*uri, version != nullptr ? version->as_int() : 0, edits);
  if (!changed.ok()) throw RpcError{kInvalidParams, changed.message()};
  const Document* doc = store_.FindByUri(*uri);
  if (IsConfigFile(doc->path)) {
    linter_->ConfigChanged();
    for (const auto& [path, open] : store_.documents()) {
      if (!IsConfigFile(path)) Schedule(path, options_.debounce_ms);
    }
    return;
  }
  Schedule(doc->path, options_.debounce_ms);
}

void Server::DidSave(const json::Node* params) {
  const std::string* uri =
      StringAt(params != nullptr ? params->Find("textDocument") : nullptr, "uri");
  if (uri == nullptr) throw RpcError{kInvalidParams, "didSave: expected textDocument.uri"};
  Result<std::string> path = PathFromUri(*uri);
  if (!path.ok() || !IsConfigFile(*path)) return;
  linter_->ConfigChanged();
  for (const auto& [open, doc] : store_.documents()) {
    if (!IsConfigFile(open)) Schedule(open, 0);
  }
}

void Server::DidClose(const json::Node* params) {
  const std::string* uri =
      StringAt(params != nullptr ? params->Find("textDocument") : nullptr, "uri");
  if (uri == nullptr) throw RpcError{kInvalidParams, "didClose: expected textDocument.uri"};
  const Document* doc = store_.FindByUri(*uri);
  if (doc == nullptr) return;
  std::string path = doc->path;
  store_.Close(*uri);
  // The file on disk may differ from the editor's text it was linted with.
  linter_->FileChanged(path);
  due_.erase(path);
  results_.erase(path);
  published_.erase(path);
  Value::Object p;
  p["uri"] = *uri;
  p["diagnostics"] = Value::Array{};
  Notify("textDocument/publishDiagnostics", p);
}

void Server::DidChangeWatchedFiles(const json::Node* params) {
  const json::Node* changes = params != nullptr ? params->Find("changes") : nullptr;
  if (changes == nullptr || !changes->is_array()) {
    throw RpcError{kInvalidParams, "didChangeWatchedFiles: expected 'changes'"};
  }
  for (const json::Node& change : changes->items()) {
    const std::string* uri = StringAt(&change, "uri");
    if (uri == nullptr) continue;
    Result<std::string> path = PathFromUri(*uri);
    if (!path.ok()) continue;
    if (IsConfigFile(*path)) {
      linter_->ConfigChanged();
    } else {
      linter_->FileChanged(*path);
    }
  }
  for (const auto& [path, doc] : store_.documents()) {
    if (!IsConfigFile(path)) Schedule(path, options_.debounce_ms);
  }
}

void Server::Schedule(const std::string& path, int delay_ms) {
  due_[path] = Clock::now() + std::chrono::milliseconds(delay_ms);
}

std::optional<Clock::time_point> Server::NextDeadline() const {
  std::optional<Clock::time_point> next;
  for (const auto& [path, when] : due_) {
    if (!next || when < *next) next = when;
  }
  return next;
}

void Server::LintDue() {
  Clock::time_point now = Clock::now();
  std::vector<std::string> due;
  for (const auto& [path, when] : due_) {
    if (when <= now) due.push_back(path);
  }
  for (const std::string& path : due) LintNow(path);
}

void Server::LintNow(const std::string& path) {
  due_.erase(path);
  const Document* doc = store_.FindByPath(path);
  if (doc == nullptr) return;
  if (formats::Registry::Default().Detect(doc->path, doc->text) == nullptr) {
    // Not a question file qbank can tell (a README, another language): nothing to say.
    results_[path] = {};
    Publish(*doc, {}, true);
    return;
  }
  Result<std::map<std::string, FileResult>> linted = linter_->Lint(path);
  if (!linted.ok()) {
    const Status& s = linted.status();
    Log(1, s.ToString());
    FileFinding problem;
    problem.rule_id = "config";
    problem.severity = lint::Severity::kError;
    problem.message = "qbank cannot lint this file: " + s.ToString();
    results_[path] = {};
    Publish(*doc, {problem}, true);
    return;
  }
  if (options_.timing) {
    const LintTimings& t = linter_->last_timings();
    char line[256];
    std::snprintf(line, sizeof(line),
                  "qbank lsp: %s: import %.3f s, bank rules %.3f s, per-question rules %.3f s "
                  "(%zu of %zu questions), results %.3f s\n",
                  path.c_str(), t.import, t.bank_rules, t.question_rules, t.questions_checked,
                  t.questions, t.convert);
    err_ << line;
  }
  for (auto& [file, result] : *linted) {
    const Document* open = store_.FindByPath(file);
    if (open == nullptr) continue;
    results_[file] = std::move(result);
    Publish(*open, results_[file].findings, file == path);
  }
}

// long-function: one JSON object per diagnostic field, in the order LSP lists them.
void Server::Publish(const Document& doc, const std::vector<FileFinding>& findings, bool always) {
  Value::Array diagnostics;
  for (const FileFinding& f : findings) {
    Value::Object d;
    d["range"] = RangeJson(f.range);
    d["severity"] = Int(SeverityNumber(f.severity));
    d["code"] = f.rule_id;
    d["source"] = "qbank";
    d["message"] = f.message;
    if (!f.related.empty()) {
      Value::Array related;
      for (const RelatedPlace& r : f.related) {
        Value::Object location;
        location["uri"] = UriFromPath(r.path);
        location["range"] = RangeJson(r.range);
        Value::Object info;
        info["location"] = location;
        info["message"] = r.message.empty() ? std::string("related") : r.message;
        related.push_back(info);
      }
      d["relatedInformation"] = related;
    }
    diagnostics.push_back(d);
  }
  Value::Object params;
  params["uri"] = doc.uri;
  params["version"] = Int(doc.version);
  params["diagnostics"] = diagnostics;
  std::string key = json::WriteValue(Value(diagnostics), 0);
  auto [it, inserted] = published_.try_emplace(doc.path, key);
  if (!inserted && it->second == key && !always) return;
  it->second = key;
  Notify("textDocument/publishDiagnostics", params);
}

const Document& Server::DocumentOf(const json::Node* params) {
  const std::string* uri =
      StringAt(params != nullptr ? params->Find("textDocument") : nullptr, "uri");
  if (uri == nullptr) throw RpcError{kInvalidParams, "expected textDocument.uri"};
  const Document* doc = store_.FindByUri(*uri);
  if (doc == nullptr) throw RpcError{kInvalidParams, "the document " + *uri + " is not open"};
  // Answers come from findings of the text as it is now.
  if (due_.count(doc->path) != 0 || results_.count(doc->path) == 0) LintNow(doc->path);
  doc = store_.FindByUri(*uri);
  if (doc == nullptr) throw RpcError{kInvalidParams, "the document " + *uri + " is not open"};
  return *doc;
}

Value EditJson(const std::string& uri, const TextEdit& edit) {
  Value::Object e;
  e["range"] = RangeJson(edit.range);
  e["newText"] = edit.new_text;
  Value::Object changes;
  Value::Array edits;  // appended, as in Initialized (GCC 12's -Wmaybe-uninitialized)
  edits.push_back(std::move(e));
  changes[uri] = std::move(edits);
  Value::Object workspace_edit;
  workspace_edit["changes"] = changes;
  return workspace_edit;
}

Value Server::CodeAction(const json::Node* params) {
  const Document& doc = DocumentOf(params);
  std::optional<Range> range = RangeFrom(params->Find("range"));
  if (!range) throw RpcError{kInvalidParams, "codeAction: expected a range"};
  Value::Array actions;
  std::set<std::string> disabled;
  for (const FileFinding& f : results_[doc.path].findings) {
    if (!Intersects(f.range, *range)) continue;
    if (f.fix) {
      Value::Object action;
      action["title"] = "Fix " + f.rule_id + ": " + f.message;
      action["kind"] = "quickfix";
      action["isPreferred"] = true;
      action["edit"] = EditJson(doc.uri, *f.fix);
      actions.push_back(action);
    }
    if (f.disable && disabled.insert(f.rule_id + "@" + f.question_id).second) {
      Value::Object action;
      action["title"] = "Disable " + f.rule_id + " for this question";
      action["kind"] = "quickfix";
      action["edit"] = EditJson(doc.uri, *f.disable);
      actions.push_back(action);
    }
  }
  return actions;
}

std::string Server::RulePage(const std::string& rule_id) const {
  std::ostringstream page;
  std::ostringstream ignored;
  if (commands::ExplainRule(rule_id, page, ignored, options_.data_dir) != 0) return "";
  return page.str();
}

// The rule id under `p` on a suppression directive's line ("qbank-disable", "qbank: disable").
std::string RuleIdAt(const Document& doc, Position p) {
  LineIndex lines(doc.text);
  std::string_view line = lines.Line(p.line);
  if (line.find("qbank-disable") == std::string_view::npos &&
      line.find("qbank: disable") == std::string_view::npos) {
    return "";
  }
  auto is_id = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; };
  size_t at = ByteOfUtf16(line, p.character);
  size_t begin = at;
  while (begin > 0 && is_id(line[begin - 1])) --begin;
  size_t end = at;
  while (end < line.size() && is_id(line[end])) ++end;
  std::string word(line.substr(begin, end - begin));
  return lint::RuleRegistry::Default().Find(word) != nullptr ? word : "";
}

Value Server::Hover(const json::Node* params) {
  const Document& doc = DocumentOf(params);
  std::optional<Position> p = PositionFrom(params->Find("position"));
  if (!p) throw RpcError{kInvalidParams, "hover: expected a position"};
  std::string markdown;
  std::set<std::string> pages;
  std::optional<Range> range;
  for (const FileFinding& f : results_[doc.path].findings) {
    if (!f.range.Contains(*p)) continue;
    if (!range) range = f.range;
    markdown += "**" + f.rule_id + "**: " + f.message + "\n\n";
    if (pages.insert(f.rule_id).second) {
      std::string page = RulePage(f.rule_id);
      if (!page.empty()) markdown += "---\n\n" + page + "\n";
    }
  }
  if (markdown.empty()) {
    std::string rule = RuleIdAt(doc, *p);
    if (!rule.empty()) markdown = RulePage(rule);
  }
  if (markdown.empty()) return Value();
  Value::Object contents;
  contents["kind"] = "markdown";
  contents["value"] = markdown;
  Value::Object hover;
  hover["contents"] = contents;
  if (range) hover["range"] = RangeJson(*range);
  return hover;
}

Value Server::Definition(const json::Node* params) {
  const Document& doc = DocumentOf(params);
  std::optional<Position> p = PositionFrom(params->Find("position"));
  if (!p) throw RpcError{kInvalidParams, "definition: expected a position"};
  Value::Array locations;
  for (const FileFinding& f : results_[doc.path].findings) {
    if (!f.range.Contains(*p)) continue;
    for (const RelatedPlace& r : f.related) {
      Value::Object location;
      location["uri"] = UriFromPath(r.path);
      location["range"] = RangeJson(r.range);
      locations.push_back(location);
    }
  }
  if (locations.empty()) return Value();
  return locations;
}

Value Server::DocumentSymbol(const json::Node* params) {
  const Document& doc = DocumentOf(params);
  Value::Array symbols;
  for (const QuestionSymbol& s : results_[doc.path].symbols) {
    Value::Object symbol;
    symbol["name"] = s.name.empty() ? std::string("(question)") : s.name;
    if (!s.detail.empty() && s.detail != s.name) symbol["detail"] = s.detail;
    symbol["kind"] = Int(19);  // SymbolKind.Object
    symbol["range"] = RangeJson(s.range);
    symbol["selectionRange"] = RangeJson(s.selection);
    symbols.emplace_back(std::move(symbol));
  }
  return symbols;
}

}  // namespace

int RunServer(std::istream& in, std::ostream& out, std::ostream& err,
              const ServerOptions& options) {
  ServerOptions resolved = options;
  if (resolved.data_dir.empty()) {
    const Result<DataDirLocation>& found = DataDir();
    if (!found.ok()) {
      err << "qbank lsp: " << found.status().ToString() << "\n";
      return 2;
    }
    resolved.data_dir = found->dir;
  }
  // The reader thread must not flush `out` (std::cin is tied to std::cout) while the main
  // thread writes to it: a flush from two threads sent a message twice.
  in.tie(nullptr);
  auto queue = std::make_shared<FrameQueue>();
  // The reader may be blocked on `in` when the server exits: it is left to the process's end.
  std::thread([queue, &in] {
    for (;;) {
      Frame frame = ReadMessage(in);
      bool end = frame.kind == Frame::Kind::kEnd;
      queue->Push(std::move(frame));
      if (end) return;
    }
  }).detach();
  Server server(out, err, resolved, options.fs != nullptr ? *options.fs : RealFileSystem());
  for (;;) {
    std::optional<Frame> frame = queue->Pop(server.NextDeadline());
    if (!frame) {
      server.LintDue();
      continue;
    }
    if (frame->kind == Frame::Kind::kEnd) {
      if (!frame->error.empty()) err << "qbank lsp: " << frame->error << "\n";
      return 1;
    }
    if (!server.Handle(*frame)) return server.exit_code();
  }
}

}  // namespace qbank::lsp
