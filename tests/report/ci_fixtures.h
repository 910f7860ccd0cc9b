// Test banks for the CI report and baseline tests: Aiken text imported through the real import
// pipeline and linted by real rules, so spans and fingerprints are the ones users get.
#ifndef QBANK_TESTS_REPORT_CI_FIXTURES_H_
#define QBANK_TESTS_REPORT_CI_FIXTURES_H_

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "base/file_system.h"
#include "formats/aiken/aiken_format.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "lint/engine.h"
#include "lint/registry.h"
#include "model/bank.h"

namespace qbank::testing {

// Two original questions in Aiken layout; neither has rationales, and the second has three
// options, so missing-rationale and option-count both fire.
inline constexpr const char* kTwoQuestions =
    "Which layer of the OSI model routes packets between networks?\n"
    "A. Physical\n"
    "B. Network\n"
    "C. Session\n"
    "D. Presentation\n"
    "ANSWER: B\n"
    "\n"
    "Which command shows the routing table on a Linux host?\n"
    "A. ip route\n"
    "B. lsblk\n"
    "C. uptime\n"
    "ANSWER: A\n";

// Imports each (path, Aiken text) pair into one bank through formats::ImportInputs over an
// in-memory file system holding only those files.
inline model::Bank ImportAiken(const std::vector<std::pair<std::string, std::string>>& files) {
  static const formats::Registry* registry = [] {
    auto* r = new formats::Registry();
    r->Add(std::make_unique<formats::AikenFormat>());
    return r;
  }();
  InMemoryFileSystem fs;
  std::vector<std::string> inputs;
  for (const auto& [path, text] : files) {
    fs.Add(path, text);
    inputs.push_back(path);
  }
  formats::ImportOptions options;
  options.from = "aiken";
  options.registry = registry;
  model::Bank bank;
  std::vector<Diagnostic> errors;
  Status status = formats::ImportInputs(inputs, options, fs, bank, errors);
  EXPECT_TRUE(status.ok()) << status.ToString();
  for (const Diagnostic& d : errors) ADD_FAILURE() << d.ToString();
  return bank;
}

// The built-in rules `ids` at their default severities; option-count with the house style of four
// options per single-answer question (practice-page), so a three-option question is a finding.
inline std::vector<lint::PlannedRule> PlanDefaults(const std::vector<std::string>& ids) {
  std::vector<lint::PlannedRule> planned;
  for (const std::string& id : ids) {
    lint::PlannedRule p;
    std::unique_ptr<lint::Rule> rule = lint::RuleRegistry::Default().Create(id);
    EXPECT_NE(rule, nullptr) << id;
    if (rule == nullptr) continue;
    if (id == "option-count") {
      // option-count reads its binary pairs from the source tree's rules/terms.
      lint::RuleEnvironment env(RealFileSystem(), QBANK_SOURCE_DIR);
      EXPECT_TRUE(rule->Configure(model::Value::Object{{"single", 4}}, env).ok());
    }
    p.severity = rule->default_severity();
    p.rule = std::move(rule);
    planned.push_back(std::move(p));
  }
  return planned;
}

// Lints `bank` with missing-rationale and option-count (one thread: the order is stable anyway).
inline std::vector<lint::Finding> LintForTest(const model::Bank& bank) {
  lint::EngineOptions options;
  options.threads = 1;
  options.today = lint::Date{2026, 1, 15};
  return lint::RunRules(bank, PlanDefaults({"missing-rationale", "option-count"}), options)
      .findings;
}

}  // namespace qbank::testing

#endif  // QBANK_TESTS_REPORT_CI_FIXTURES_H_
