// Writing, reading and applying baseline files.
#include "commands/baseline.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

#include "json/document.h"
#include "model/value.h"

namespace qbank::commands {
using lint::Finding;
using lint::StableFingerprint;

namespace {

constexpr std::string_view kKind = "qbank-baseline";

// `text` cut to at most `max` bytes at a UTF-8 character boundary, with "…" when cut.
std::string Shorten(std::string_view text, size_t max) {
  if (text.size() <= max) return std::string(text);
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "\xE2\x80\xA6";
}

std::string Plural(size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// The baselined groups, by rule and member id, to match group findings member by member.
class GroupsByMember {
 public:
  explicit GroupsByMember(const Baseline& baseline) : baseline_(baseline) {
    for (size_t i = 0; i < baseline.entries.size(); ++i) {
      for (const std::string& id : baseline.entries[i].members) {
        entries_[{baseline.entries[i].rule_id, id}].push_back(i);
      }
    }
  }

  // True when every member of group finding `f` is a member of one baselined group of its rule
  // (that entry is then marked in `used`). Otherwise, when some baselined group shares members
  // with it, the message of `f` names the members that group did not have.
  bool Holds(Finding& f, std::vector<bool>& used) const {
    if (f.group_members.empty()) return false;
    const std::set<std::string_view> members(f.group_members.begin(), f.group_members.end());
    size_t best = SIZE_MAX, best_shared = 0;
    std::set<size_t> tried;
    for (const std::string& id : f.group_members) {
      auto at = entries_.find({f.rule_id, id});
      if (at == entries_.end()) continue;
      for (size_t e : at->second) {
        if (!tried.insert(e).second) continue;
        size_t shared = 0;
        for (const std::string& m : baseline_.entries[e].members) shared += members.count(m);
        if (shared > best_shared) {
          best = e;
          best_shared = shared;
        }
      }
    }
    if (best == SIZE_MAX) return false;
    // The recorded group is still there (whole, or grown): its entry is not gone.
    used[best] = true;
    if (best_shared == f.group_members.size()) return true;
    const std::vector<std::string>& had_list = baseline_.entries[best].members;
    const std::set<std::string_view> had(had_list.begin(), had_list.end());
    std::string joined;
    for (const std::string& id : f.group_members) {
      if (had.count(id) == 0) joined += (joined.empty() ? "" : ", ") + id;
    }
    f.message += " (new in this group since the baseline: " + joined + ")";
    return false;
  }

 private:
  const Baseline& baseline_;
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> entries_;
};

}  // namespace

Baseline MakeBaseline(const std::vector<Finding>& findings) {
  Baseline baseline;
  baseline.entries.reserve(findings.size());
  for (const Finding& f : findings) {
    baseline.entries.push_back(BaselineEntry{StableFingerprint(f), f.rule_id, f.question_id,
                                             Shorten(f.message, kBaselineMessageBytes),
                                             f.group_members});
  }
  std::sort(baseline.entries.begin(), baseline.entries.end(),
            [](const BaselineEntry& a, const BaselineEntry& b) {
              return std::tie(a.rule_id, a.question_id, a.fingerprint, a.message) <
                     std::tie(b.rule_id, b.question_id, b.fingerprint, b.message);
            });
  return baseline;
}

std::string WriteBaseline(const Baseline& baseline, std::string_view generator) {
  model::Value::Array entries;
  entries.reserve(baseline.entries.size());
  for (const BaselineEntry& e : baseline.entries) {
    model::Value::Object entry;
    entry["fingerprint"] = e.fingerprint;
    entry["rule"] = e.rule_id;
    entry["question"] = e.question_id;
    entry["message"] = e.message;
    if (!e.members.empty()) {
      model::Value::Array members(e.members.begin(), e.members.end());
      entry["members"] = std::move(members);
    }
    entries.emplace_back(std::move(entry));
  }
  model::Value::Object root;
  root["kind"] = std::string(kKind);
  root["version"] = Baseline::kVersion;
  root["generator"] = std::string(generator);
  root["entries"] = std::move(entries);
  return json::WriteValue(model::Value(std::move(root))) + "\n";
}

Result<Baseline> ReadBaseline(const SourceText& source) {
  Result<json::Node> parsed = json::Parse(source);
  if (!parsed.ok()) return parsed.status();
  const json::Node& root = *parsed;
  auto error = [&](const json::Node& at, std::string_view message) {
    return source.ErrorAt(at.begin(), message);
  };
  if (!root.is_object())
    return error(root, "expected a baseline object ({\"kind\": \"qbank-baseline\", ...})");
  const json::Node* kind = root.Find("kind");
  if (kind == nullptr || !kind->is_string() || kind->as_string() != kKind) {
    return error(kind != nullptr ? *kind : root,
                 "expected \"kind\": \"qbank-baseline\" (is this a qbank baseline file?)");
  }
  const json::Node* version = root.Find("version");
  if (version == nullptr || !version->is_int()) {
    return error(version != nullptr ? *version : root, "expected \"version\": an integer");
  }
  if (version->as_int() != Baseline::kVersion) {
    return error(*version, "expected baseline version " + std::to_string(Baseline::kVersion) +
                               ", found " + std::to_string(version->as_int()) +
                               " (written by another qbank version?)");
  }
  const json::Node* entries = root.Find("entries");
  if (entries == nullptr || !entries->is_array()) {
    return error(entries != nullptr ? *entries : root, "expected \"entries\": an array");
  }
  Baseline baseline;
  baseline.entries.reserve(entries->items().size());
  for (const json::Node& item : entries->items()) {
    if (!item.is_object()) return error(item, "expected a baseline entry object");
    BaselineEntry entry;
    const json::Node* fp = item.Find("fingerprint");
    if (fp == nullptr || !fp->is_string() || fp->as_string().empty()) {
      return error(fp != nullptr ? *fp : item, "expected \"fingerprint\": a non-empty string");
    }
    entry.fingerprint = fp->as_string();
    struct Field {
      const char* key;
      std::string* out;
    };
    for (Field field : {Field{"rule", &entry.rule_id}, Field{"question", &entry.question_id},
                        Field{"message", &entry.message}}) {
      const json::Node* n = item.Find(field.key);
      if (n == nullptr) continue;
      if (!n->is_string())
        return error(*n, std::string("expected \"") + field.key + "\": a string");
      *field.out = n->as_string();
    }
    if (const json::Node* members = item.Find("members"); members != nullptr) {
      if (!members->is_array()) return error(*members, "expected \"members\": an array of ids");
      for (const json::Node& m : members->items()) {
        if (!m.is_string()) return error(m, "expected a member id (a string)");
        entry.members.push_back(m.as_string());
      }
    }
    baseline.entries.push_back(std::move(entry));
  }
  return baseline;
}

BaselineMatch ApplyBaseline(const Baseline& baseline, std::vector<Finding> findings) {
  // Fingerprint -> indexes of the entries not used yet (a stack: any one of equal entries will do).
  std::map<std::string, std::vector<size_t>, std::less<>> unused;
  for (size_t i = 0; i < baseline.entries.size(); ++i) {
    unused[baseline.entries[i].fingerprint].push_back(i);
  }
  std::vector<bool> used(baseline.entries.size(), false);
  BaselineMatch match;
  std::vector<Finding> unmatched;
  for (Finding& f : findings) {
    auto it = unused.find(StableFingerprint(f));
    if (it != unused.end() && !it->second.empty()) {
      used[it->second.back()] = true;
      it->second.pop_back();
      ++match.matched;
    } else {
      unmatched.push_back(std::move(f));
    }
  }
  GroupsByMember groups(baseline);
  for (Finding& f : unmatched) {
    if (groups.Holds(f, used)) {
      ++match.matched;
    } else {
      match.new_findings.push_back(std::move(f));
    }
  }
  // (rule, shortened message) -> how many new findings carry it, each one standing for at most
  // one gone entry.
  std::map<std::pair<std::string, std::string>, size_t> unmatched_new;
  for (const Finding& f : match.new_findings) {
    ++unmatched_new[{f.rule_id, Shorten(f.message, kBaselineMessageBytes)}];
  }
  for (size_t i = 0; i < baseline.entries.size(); ++i) {
    if (used[i]) continue;
    const BaselineEntry& e = baseline.entries[i];
    match.gone.push_back(e);
    auto it = unmatched_new.find({e.rule_id, e.message});
    if (it != unmatched_new.end() && it->second > 0) {
      --it->second;
      ++match.changed;
    }
  }
  return match;
}

std::string BaselineSummary(const BaselineMatch& match) {
  std::string out = "baseline: " + Plural(match.matched, "finding", "findings") + " matched, " +
                    std::to_string(match.new_findings.size()) + " new";
  if (!match.gone.empty()) {
    out += "; " + Plural(match.gone.size(), "entry no longer occurs", "entries no longer occur");
    if (match.changed == 0) {
      out += " (fixed)";
    } else {
      out += " (" + std::to_string(match.gone.size() - match.changed) + " fixed, " +
             std::to_string(match.changed) +
             " changed: a new finding of the same rule and message, its question edited or "
             "renamed)";
    }
    out += ": regenerate the baseline with --write-baseline to shrink it";
  }
  return out;
}

}  // namespace qbank::commands
