// Conversion of legacy encodings to UTF-8 over ICU's ucnv converters.
#include "text/encoding.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>

#include <cctype>
#include <memory>

namespace qbank::text {
namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

}  // namespace

bool IsUtf8EncodingName(std::string_view encoding) {
  std::string letters;
  for (char c : encoding) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      letters += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return letters == "utf8";
}

Result<std::string> ConvertToUtf8(std::string_view bytes, std::string_view encoding,
                                  size_t* error_offset) {
  std::string name(encoding);
  UErrorCode status = U_ZERO_ERROR;
  ConverterPtr from(ucnv_open(name.c_str(), &status));
  if (U_FAILURE(status) || from == nullptr || name.empty()) {
    return Status::NotFound("unknown encoding '" + name + "'");
  }
  // Stop at the first byte that is not valid in the encoding instead of substituting U+FFFD.
  ucnv_setToUCallBack(from.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  status = U_ZERO_ERROR;
  ConverterPtr to(ucnv_open("UTF-8", &status));
  if (U_FAILURE(status) || to == nullptr) return Status::NotFound("unknown encoding 'UTF-8'");

  // Convert in chunks through a UTF-16 pivot so huge inputs need no huge intermediate buffer.
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 4);
  const char* source = bytes.data();
  const char* source_limit = bytes.data() + bytes.size();
  UChar pivot[4096];
  UChar* pivot_source = pivot;
  UChar* pivot_target = pivot;
  char buffer[16384];
  for (;;) {
    char* target = buffer;
    status = U_ZERO_ERROR;
    ucnv_convertEx(to.get(), from.get(), &target, buffer + sizeof buffer, &source, source_limit,
                   pivot, &pivot_source, &pivot_target, pivot + 4096, /*reset=*/false,
                   /*flush=*/true, &status);
    out.append(buffer, static_cast<size_t>(target - buffer));
    if (status == U_BUFFER_OVERFLOW_ERROR) continue;
    if (U_FAILURE(status)) {
      // ICU has consumed the offending bytes; report the first of them.
      char invalid[32];
      int8_t length = sizeof invalid;
      UErrorCode err = U_ZERO_ERROR;
      ucnv_getInvalidChars(from.get(), invalid, &length, &err);
      size_t consumed = static_cast<size_t>(source - bytes.data());
      size_t offset = consumed >= static_cast<size_t>(length) && U_SUCCESS(err)
                          ? consumed - static_cast<size_t>(length)
                          : consumed;
      if (error_offset != nullptr) *error_offset = offset;
      return Status::InvalidInput("byte " + std::to_string(offset + 1) + " is not valid " + name);
    }
    break;
  }
  if (out.compare(0, 3, "\xEF\xBB\xBF") == 0) out.erase(0, 3);
  return out;
}

}  // namespace qbank::text
