// Tests for the qti21 and qti30 formats.
#include "formats/qti_format.h"

#include <gtest/gtest.h>

#include "xml_formats_test_support.h"

namespace qbank::formats {
namespace {

using namespace qbank::xml_formats_testing;

TEST(QtiFormatTest, Names) {
  EXPECT_EQ(QtiFormat(QtiFormat::Version::k21).name(), "qti21");
  EXPECT_EQ(QtiFormat(QtiFormat::Version::k30).name(), "qti30");
}

}  // namespace
}  // namespace qbank::formats
