// The format registry and the one list of built-in formats.
#include "formats/registry.h"

#include <algorithm>
#include <cctype>

#include "formats/aiken/aiken_format.h"
#include "formats/blackboard/blackboard_format.h"
#include "formats/brightspace/brightspace_format.h"
#include "formats/csv/csv_format.h"
#include "formats/docx/docx_format.h"
#include "formats/dump/dump_format.h"
#include "formats/gift/gift_format.h"
#include "formats/json/json_format.h"
#include "formats/md/md_format.h"
#include "formats/moodle_xml/moodle_xml_format.h"
#include "formats/page/page_format.h"
#include "formats/qti/qti_format.h"
#include "formats/qti12/qti12_format.h"
#include "formats/sheet/workbook_formats.h"
#include "formats/text2qti/text2qti_format.h"

namespace qbank::formats {
namespace {

// Every built-in format, one line each, in alphabetical order.
void RegisterBuiltinFormats(Registry& registry) {
  registry.Add(std::make_unique<AikenFormat>());
  registry.Add(std::make_unique<BlackboardFormat>());
  registry.Add(std::make_unique<Qti12Format>(qti12::Flavour::kBlackboard));  // blackboard-pool
  registry.Add(std::make_unique<CsvFormat>());
  // Out of order: a .csv file whose content neither csv nor brightspace claims goes to the first
  // of the two (Registry::Detect), which must stay csv.
  registry.Add(std::make_unique<BrightspaceFormat>());
  registry.Add(std::make_unique<DocxFormat>());
  registry.Add(std::make_unique<DumpFormat>());
  registry.Add(std::make_unique<GiftFormat>());
  registry.Add(std::make_unique<JsonFormat>());
  registry.Add(std::make_unique<MdFormat>());
  registry.Add(std::make_unique<MoodleXmlFormat>());
  registry.Add(std::make_unique<OdsFormat>());
  registry.Add(std::make_unique<PageFormat>());
  registry.Add(std::make_unique<Qti12Format>(qti12::Flavour::kCanvas));
  registry.Add(std::make_unique<QtiFormat>(QtiFormat::Version::k21));
  registry.Add(std::make_unique<QtiFormat>(QtiFormat::Version::k30));
  registry.Add(std::make_unique<Text2QtiFormat>());
  registry.Add(std::make_unique<XlsxFormat>());
}

}  // namespace

bool HasExtensionOf(const Format& format, std::string_view path) {
  for (std::string_view ext : format.extensions()) {
    if (path.size() >= ext.size() &&
        std::equal(ext.begin(), ext.end(), path.end() - ext.size(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return true;
    }
  }
  return false;
}

const Registry& Registry::Default() {
  static const Registry* registry = [] {
    auto* r = new Registry();
    RegisterBuiltinFormats(*r);
    return r;
  }();
  return *registry;
}

const Format* Registry::Find(std::string_view name) const {
  for (const auto& f : formats_) {
    if (f->name() == name) return f.get();
  }
  return nullptr;
}

const Format* Registry::Detect(std::string_view path, std::string_view content) const {
  for (const auto& f : formats_) {
    if (f->can_import() && f->ClaimsDespiteExtension(path, content)) return f.get();
  }
  std::vector<const Format*> by_extension;
  for (const auto& f : formats_) {
    if (!f->can_import()) continue;
    if (HasExtensionOf(*f, path)) by_extension.push_back(f.get());
  }
  if (by_extension.size() == 1) return by_extension.front();
  // Ambiguous (".xml", ".txt") or unknown: let content decide among the candidates, or among all.
  const Format* best = nullptr;
  int best_score = 0;
  auto consider = [&](const Format* f) {
    int score = f->Sniff(path, content);
    if (score > best_score) {
      best_score = score;
      best = f;
    }
  };
  if (!by_extension.empty()) {
    for (const Format* f : by_extension) consider(f);
    return best != nullptr ? best : by_extension.front();
  }
  for (const auto& f : formats_) {
    if (f->can_import()) consider(f.get());
  }
  return best;
}

bool Registry::KnowsExtension(std::string_view path) const {
  for (const auto& f : formats_) {
    if (!f->can_import()) continue;
    if (HasExtensionOf(*f, path)) return true;
  }
  return false;
}

std::vector<const Format*> Registry::All() const {
  std::vector<const Format*> out;
  for (const auto& f : formats_) out.push_back(f.get());
  return out;
}

}  // namespace qbank::formats
