// libFuzzer target for the lint configuration reader: the input is a .qbank.json (the presets of
// rules/presets are beside it, so `extends` works). It must be refused with a message naming the
// config file, or planned into rules for a small bank without error, and its csv section read.
// An input without a JSON object is also tried as a --preset name.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "lint/config.h"
#include "lint/registry.h"
#include "lint/rule_environment.h"

namespace {

qbank::InMemoryFileSystem* Presets() {
  static qbank::InMemoryFileSystem* fs = [] {
    // Every preset, term list and schema the config reader and rules read from the data folder.
    auto* out = new qbank::InMemoryFileSystem();
    for (const char* folder : {"rules/presets", "rules/terms", "schemas"}) {
      for (const auto& entry :
           std::filesystem::directory_iterator(std::filesystem::path(QBANK_SOURCE_DIR) / folder)) {
        qbank::Result<std::string> text = qbank::RealFileSystem().ReadFile(entry.path().string());
        if (!text.ok()) qbank::fuzz::Fail("cannot read a data file", text.status().message());
        out->Add("data/" + std::string(folder) + "/" + entry.path().filename().string(),
                 std::move(text).value());
      }
    }
    return out;
  }();
  return fs;
}

}  // namespace

// The data files are read before the first input, so reading them (a walk over the checkout's
// path, as long as that path is) is not counted as the first input's coverage.
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  Presets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace qbank;
  InMemoryFileSystem fs = *Presets();
  const std::string path = "bank/.qbank.json";
  fs.Add(path, std::string(reinterpret_cast<const char*>(data), size));
  fs.Add("bank/other.json", "{\"extends\": \"recommended\"}");
  lint::RuleEnvironment env(fs, "data");
  // An input that holds no JSON object is also tried as a --preset name: a preset of the data
  // folder is loaded, anything else refused with a message (a path is no preset name).
  std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input.find('{') == std::string_view::npos) {
    size_t end = input.find_last_not_of(" \t\r\n");
    std::string name(input.substr(0, end == std::string_view::npos ? 0 : end + 1));
    Result<lint::LintConfig> preset = lint::LoadPreset(name, env);
    if (!preset.ok() && preset.status().message().empty()) fuzz::Fail("an empty preset error", "");
  }
  Result<lint::LintConfig> config = lint::LoadConfig(path, env);
  if (!config.ok()) {
    if (config.status().ToString().rfind("bank/", 0) != 0) {
      fuzz::Fail("a config error that does not name the file", config.status().ToString());
    }
    return 0;
  }
  // The spreadsheet settings of the same chain (`csv`), which sheet inputs read.
  Result<lint::SheetConfig> sheet = lint::LoadSheetConfig(path, env);
  if (!sheet.ok()) fuzz::Fail("a config that loads has a csv section that does not", path);
  model::Bank bank;
  bank.AddSource(std::make_shared<const SourceText>("bank/q.json", "{}"));
  model::Question q;
  q.stem.value = "Which planet is largest?";
  q.stem.span.file = 0;
  q.options.resize(2);
  q.options[0].text.value = "Jupiter";
  q.options[0].correct = true;
  q.options[1].text.value = "Mars";
  bank.questions.push_back(q);
  Result<std::vector<lint::PlannedRule>> plan =
      lint::PlanRules(*config, bank, lint::RuleRegistry::Default(), env);
  if (!plan.ok() && plan.status().message().empty()) fuzz::Fail("an empty plan error", "");
  return 0;
}
