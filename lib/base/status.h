// Status and Result<T>: the value every fallible library function returns instead of throwing.
#ifndef QBANK_BASE_STATUS_H_
#define QBANK_BASE_STATUS_H_

#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "base/message.h"
#include "base/source_span.h"

namespace qbank {

// A small error value. `ok()` is the success case; otherwise `message()` says what went wrong and,
// when the failure has a place in an input, `path()` and `span()` say where, as data: nothing
// parses a location back out of a message. ToString() joins them as "path:line:col: message".
class Status {
 public:
  // What kind of failure; callers branch on it only where the kinds need different handling
  // (tests, and internal errors, which are bugs in qbank rather than problems with the input).
  enum class Code {
    kOk = 0,
    kInvalidInput,  // the input is malformed (a parse or schema error) or not something we read
    kNotFound,      // a file, format, rule or key that does not exist
    kIoError,       // reading or writing failed
    kUsage,         // the caller asked for something contradictory
    kInternal,      // a broken invariant inside qbank (a bug), never the user's doing
  };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status InvalidInput(std::string msg) {
    return Status(Code::kInvalidInput, std::move(msg));
  }
  static Status NotFound(std::string msg) { return Status(Code::kNotFound, std::move(msg)); }
  static Status IoError(std::string msg) { return Status(Code::kIoError, std::move(msg)); }
  static Status Usage(std::string msg) { return Status(Code::kUsage, std::move(msg)); }
  static Status Internal(std::string msg) { return Status(Code::kInternal, std::move(msg)); }

  // This error placed in the file `path` (and at `span` in it, when the span is known).
  Status At(std::string path, SourceSpan span = {}) && {
    path_ = std::move(path);
    span_ = span;
    return std::move(*this);
  }

  Status At(const SourceLocation& where) && { return std::move(*this).At(where.path, where.span); }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  bool IsInvalidInput() const { return code_ == Code::kInvalidInput; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  bool IsInternal() const { return code_ == Code::kInternal; }
  // What went wrong, without the place.
  const std::string& message() const { return message_; }
  // The file the error is in; empty when it has no place in a file.
  const std::string& path() const { return path_; }
  // Where in path() (span().file is not set: a Status knows its file by path); unknown when the
  // error concerns the file as a whole.
  const SourceSpan& span() const { return span_; }
  // "OK", or "path:line:col: message" ("path: message" without a span; the bare message without
  // a path). Internal errors say so: "internal error: message".
  std::string ToString() const {
    if (ok()) return "OK";
    std::string text = code_ == Code::kInternal ? "internal error: " + message_ : message_;
    if (path_.empty()) return text;
    return FormatLocation(path_, span_) + ": " + text;
  }

 private:
  // Every message is built here, so every quoted piece of input in one is bounded in this one
  // place (base/message.h: a 3 MB value is quoted as its first 60 characters and its size).
  Status(Code code, std::string message)
      : code_(code),
        message_(message.size() <= kMaxQuotedBytes ? std::move(message) : ShortenQuotes(message)) {}
  Code code_ = Code::kOk;
  std::string message_;
  std::string path_;
  SourceSpan span_;
};

// Either a value or a non-OK Status.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}         // NOLINT(google-explicit-constructor)
  Result(Status status) : status_(std::move(status)) {  // NOLINT(google-explicit-constructor)
    if (status_.ok()) status_ = Status::Internal("Result built from an OK status");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace qbank

// Returns early from the calling function when `expr` (a Status) is not OK.
#define QBANK_RETURN_IF_ERROR(expr)                \
  do {                                             \
    ::qbank::Status qbank_status_ = (expr);        \
    if (!qbank_status_.ok()) return qbank_status_; \
  } while (false)

#endif  // QBANK_BASE_STATUS_H_
