// Whether this test binary was built with AddressSanitizer: memory and address-space limits mean
// something else under its shadow memory, so the tests that measure them skip there.
#ifndef QBANK_TESTS_SANITIZED_H_
#define QBANK_TESTS_SANITIZED_H_

namespace qbank::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace qbank::testing

#endif  // QBANK_TESTS_SANITIZED_H_
