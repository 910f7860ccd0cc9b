// Status and Result<T>: the value every fallible library function returns instead of throwing.
#ifndef QBANK_BASE_STATUS_H_
#define QBANK_BASE_STATUS_H_

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace qbank {

// A small error value. `ok()` is the success case; otherwise `message()` says what went wrong,
// starting with `file:line:col: ` whenever the failure has a place in an input.
class Status {
 public:
  enum class Code {
    kOk = 0,
    kInvalidInput,  // the input is malformed (a parse or schema error)
    kNotFound,      // a file, format, rule or key that does not exist
    kIoError,       // reading or writing failed
    kUnsupported,   // a feature the format or tool does not handle
    kUsage,         // the caller asked for something contradictory
  };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status InvalidInput(std::string msg) {
    return Status(Code::kInvalidInput, std::move(msg));
  }
  static Status NotFound(std::string msg) { return Status(Code::kNotFound, std::move(msg)); }
  static Status IoError(std::string msg) { return Status(Code::kIoError, std::move(msg)); }
  static Status Unsupported(std::string msg) { return Status(Code::kUnsupported, std::move(msg)); }
  static Status Usage(std::string msg) { return Status(Code::kUsage, std::move(msg)); }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  bool IsInvalidInput() const { return code_ == Code::kInvalidInput; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  const std::string& message() const { return message_; }
  // "OK", or the message (which already carries its location).
  std::string ToString() const { return ok() ? "OK" : message_; }

 private:
  Status(Code code, std::string message) : code_(code), message_(std::move(message)) {}
  Code code_ = Code::kOk;
  std::string message_;
};

// Either a value or a non-OK Status.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}         // NOLINT(google-explicit-constructor)
  Result(Status status) : status_(std::move(status)) {  // NOLINT(google-explicit-constructor)
    if (status_.ok()) status_ = Status::Usage("internal: Result built from an OK status");
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
