#include "lint/rule_selection.h"

#include <gtest/gtest.h>

namespace qbank::lint {
namespace {

const RuleRegistry& Registry() { return RuleRegistry::Default(); }

RuleSelection Parse(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& rules) {
  Result<RuleSelection> parsed = ParseRuleSelection(select, ignore, rules, Registry());
  EXPECT_TRUE(parsed.ok()) << parsed.status().ToString();
  return parsed.ok() ? parsed.value() : RuleSelection{};
}

std::optional<Severity> Apply(const RuleSelection& s, std::string_view id,
                              std::optional<Severity> configured) {
  return ApplyRuleSelection(s, *Registry().Find(id), configured);
}

TEST(RuleSelectionTest, SelectNarrowsAndTurnsOnWhatTheConfigHasOff) {
  RuleSelection s = Parse({"key-count, option-order", "negative-stem"}, {}, {});
  EXPECT_EQ(Apply(s, "key-count", Severity::kInfo), Severity::kInfo);
  EXPECT_EQ(Apply(s, "option-order", Severity::kOff),
            Registry().Find("option-order")->default_severity());
  EXPECT_EQ(Apply(s, "negative-stem", std::nullopt), std::nullopt);
  EXPECT_EQ(Apply(s, "all-of-the-above", Severity::kError), Severity::kOff);
  // The import rules keep their fixed severity whatever is selected.
  EXPECT_EQ(Apply(s, "import-error", Severity::kError), Severity::kError);
}

TEST(RuleSelectionTest, IgnoreWinsOverSelectAndRuleWinsOverBoth) {
  RuleSelection s = Parse({"ALL"}, {"key-count,option-order"},
                          {"option-order=warn", "negative-stem=error", "negative-stem=off"});
  EXPECT_EQ(Apply(s, "all-of-the-above", Severity::kOff),
            Registry().Find("all-of-the-above")->default_severity());
  EXPECT_EQ(Apply(s, "key-count", Severity::kError), Severity::kOff);
  EXPECT_EQ(Apply(s, "option-order", Severity::kOff), Severity::kWarning);
  EXPECT_EQ(Apply(s, "negative-stem", Severity::kWarning), Severity::kOff);  // the later --rule
}

TEST(RuleSelectionTest, NothingGivenChangesNothing) {
  RuleSelection s = Parse({}, {}, {});
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(Apply(s, "key-count", Severity::kOff), Severity::kOff);
  EXPECT_EQ(Apply(s, "key-count", std::nullopt), std::nullopt);
}

TEST(RuleSelectionTest, ErrorsNameTheFlagAndSuggest) {
  auto error = [](const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                  const std::vector<std::string>& rules) {
    Result<RuleSelection> parsed = ParseRuleSelection(select, ignore, rules, Registry());
    EXPECT_FALSE(parsed.ok());
    return parsed.ok() ? std::string() : parsed.status().message();
  };
  EXPECT_EQ(error({"key-cont"}, {}, {}),
            "--select: unknown rule or category 'key-cont'; did you mean 'key-count'?");
  EXPECT_EQ(error({}, {"ALL"}, {}),
            "--ignore: unknown rule or category 'ALL'; did you mean 'all-of-the-above'?");
  EXPECT_EQ(error({" , "}, {}, {}),
            "--select ' , ': expected rule ids or categories separated by commas");
  EXPECT_EQ(error({}, {}, {"key-count"}),
            "--rule 'key-count': expected RULE=SEVERITY (e.g. key-count=error)");
  EXPECT_EQ(error({}, {}, {"key-count=wrn"}),
            "--rule key-count: unknown severity 'wrn'; expected off, info, warning (or warn) or "
            "error; did you mean 'warn'?");
  EXPECT_EQ(error({}, {"import-error"}, {}),
            "--ignore: import-error is always error; it takes no other severity");
  EXPECT_EQ(error({}, {}, {"import-error=off"}),
            "--rule: import-error is always error; it takes no other severity");
  // Restating the fixed severity is allowed.
  EXPECT_TRUE(ParseRuleSelection({}, {}, {"import-error=error"}, Registry()).ok());
}

}  // namespace
}  // namespace qbank::lint
