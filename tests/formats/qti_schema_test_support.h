// QTI outputs checked against the official QTI 2.1 and 3.0 schemas (../shared/ref/qti-xsd, with
// xmllint), for the tests that write QTI; the check is skipped when the schemas are absent.
#ifndef QBANK_TESTS_FORMATS_QTI_SCHEMA_TEST_SUPPORT_H_
#define QBANK_TESTS_FORMATS_QTI_SCHEMA_TEST_SUPPORT_H_

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "zip/zip_archive.h"

namespace qbank::qti_schema_testing {

// Each member of the QTI packages validated by the official schemas (the ones
// ../shared/ref/qti-xsd/validate.sh picks, one xmllint run for all the items and one for the
// manifests, since loading a schema takes seconds); "" when all are valid, the report otherwise;
// nullopt when the schemas are not there.
inline std::optional<std::string> SchemaErrors(const std::vector<std::string>& packages, bool v30) {
  std::filesystem::path ref = std::filesystem::path(QBANK_SOURCE_DIR) / "../shared/ref/qti-xsd";
  if (!std::filesystem::exists(ref / "validate.sh") ||
      std::system("command -v xmllint >/dev/null") != 0) {
    return std::nullopt;
  }
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("qbank_qti_schema_" + std::to_string(::getpid()));
  std::string items;
  std::string manifests;
  for (size_t p = 0; p < packages.size(); ++p) {
    Result<zip::Archive> archive = zip::Archive::Open(packages[p], "package.zip");
    if (!archive.ok()) return archive.status().ToString();
    std::filesystem::path at = dir / std::to_string(p);
    std::filesystem::create_directories(at / "items");
    for (const std::string& name : archive->names()) {
      Result<std::string> content = archive->Read(name);
      if (!content.ok()) return content.status().ToString();
      std::ofstream(at / name, std::ios::binary) << *content;
      (name == "imsmanifest.xml" ? manifests : items) += " '" + (at / name).string() + "'";
    }
  }
  std::string schemas = (ref / "schemas").string();
  std::string item_schema = schemas + (v30 ? "/qti3/qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd"
                                           : "/qtiworks/imsqti_v2p1.xsd");
  std::string manifest_schema = schemas + (v30 ? "/qti3/qtiv3p0/imsqtiv3p0_imscpv1p2_v1p0.xsd"
                                               : "/qtiworks/qtiv2p1_imscpv1p2_v1p0.xsd");
  std::string report = (dir / "report.txt").string();
  std::string run = "export XML_CATALOG_FILES='" + (ref / "catalog.xml").string() + "'; ";
  run += "xmllint --noout --nonet --schema '" + item_schema + "'" + items + " > '" + report +
         "' 2>&1 && xmllint --noout --nonet --schema '" + manifest_schema + "'" + manifests +
         " >> '" + report + "' 2>&1";
  int rc = std::system(("bash -c \"" + run + "\"").c_str());
  std::ifstream in(report);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove_all(dir);
  return rc == 0 ? "" : text;
}

// The same for one package.
inline std::optional<std::string> SchemaErrors(const std::string& package, bool v30) {
  return SchemaErrors(std::vector<std::string>{package}, v30);
}

}  // namespace qbank::qti_schema_testing

#endif  // QBANK_TESTS_FORMATS_QTI_SCHEMA_TEST_SUPPORT_H_
