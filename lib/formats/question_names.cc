// Ids, titles, gaps and matches shared by the formats.
#include "formats/question_names.h"

#include <algorithm>
#include <cctype>

#include "base/utf8_text.h"
#include "xml/xml_tree.h"

namespace qbank::formats {
namespace {

using model::Value;

std::string StringAt(const Value& extensions, const char* format, const char* key) {
  const Value* ext = extensions.Find(format);
  const Value* v = ext != nullptr && ext->is_object() ? ext->Find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : std::string();
}

void SetString(Value& extensions, const char* format, const char* key, std::string value) {
  if (value.empty()) {
    if (!extensions.is_object()) return;
    Value* ext = extensions.Find(format) != nullptr ? &extensions[format] : nullptr;
    if (ext == nullptr || !ext->is_object()) return;
    ext->mutable_object().erase(key);
    if (ext->as_object().empty()) extensions.mutable_object().erase(format);
    if (extensions.as_object().empty()) extensions = Value();
    return;
  }
  extensions[format][key] = std::move(value);
}

void Erase(Value& extensions, const char* format, const char* key) {
  SetString(extensions, format, key, std::string());
}

}  // namespace

bool IsDerivedId(std::string_view id) {
  if (id.size() < 18 || id.substr(0, 2) != "q-") return false;
  for (size_t i = 2; i < 18; ++i) {
    if (!std::isxdigit(static_cast<unsigned char>(id[i])) ||
        std::isupper(static_cast<unsigned char>(id[i]))) {
      return false;
    }
  }
  std::string_view copy = id.substr(18);
  if (copy.empty()) return true;
  if (copy.size() < 2 || copy[0] != '-') return false;
  return std::all_of(copy.begin() + 1, copy.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string StoredTitle(const model::Question& q) {
  for (auto [format, key] :
       {std::pair{"gift", "title"}, std::pair{"moodle_xml", "name"}, std::pair{"qti", "title"}}) {
    std::string title(Trim(StringAt(q.extensions, format, key)));
    if (!title.empty()) return title;
  }
  return "";
}

std::string TitleToWrite(const model::Question& q) {
  std::string title = StoredTitle(q);
  if (title.empty() && !IsDerivedId(q.id.value)) title = Trim(q.id.value);
  return title;
}

bool AdoptTitleAsId(model::Question& q, const std::string& title,
                    std::unordered_set<std::string>& used) {
  if (!q.id.empty()) {
    used.insert(q.id.value);
    return false;
  }
  std::string_view t = Trim(title);
  if (t.empty()) return false;
  // One lookup: the title goes in when no question has it, and then it is the id.
  auto [it, fresh] = used.emplace(t);
  if (fresh) q.id.value = *it;
  return fresh;
}

std::unordered_set<std::string> UsedIds(const model::Bank& bank) {
  std::unordered_set<std::string> used;
  for (const model::Question& q : bank.questions) {
    if (!q.id.empty()) used.insert(q.id.value);
  }
  return used;
}

std::string TextAfterGap(const model::Question& q) {
  return StringAt(q.extensions, "gift", "blank_after");
}

void SetTextAfterGap(model::Question& q, std::string after) {
  SetString(q.extensions, "gift", "blank_after", std::move(after));
}

std::string MatchOf(const model::Option& o) { return StringAt(o.extensions, "gift", "match"); }

void SetMatch(model::Option& o, std::string match) {
  SetString(o.extensions, "gift", "match", std::move(match));
}

bool SplitAtGap(std::string_view stem, std::string& before, std::string& after) {
  size_t at = stem.find(kGapMarker);
  // Exactly the marker: a longer run of underscores is the writer's own line.
  while (at != std::string_view::npos &&
         ((at > 0 && stem[at - 1] == '_') ||
          (at + kGapMarker.size() < stem.size() && stem[at + kGapMarker.size()] == '_'))) {
    size_t end = stem.find_first_not_of('_', at);
    at = end == std::string_view::npos ? end : stem.find(kGapMarker, end);
  }
  if (at == std::string_view::npos) return false;
  std::string_view rest = stem.substr(at + kGapMarker.size());
  if (rest.find(kGapMarker) != std::string_view::npos || Trim(rest).empty()) return false;
  // Beside the marker only spaces and tabs are the joint (JoinAtGap writes one space): a line
  // break there is the question's own (GIFT's "\n" after the answers) and stays with its half.
  auto is_joint = [](char c) { return c == ' ' || c == '\t'; };
  std::string_view head = stem.substr(0, at);
  while (!head.empty() && is_joint(head.back())) head.remove_suffix(1);
  while (!rest.empty() && is_joint(rest.front())) rest.remove_prefix(1);
  before = std::string(head.substr(CountLeadingBlanks(head)));
  after = std::string(TrimRight(rest));
  return true;
}

bool GapReadsBackApart(const model::Question& q) {
  const std::string after = TextAfterGap(q);
  std::string before;
  std::string rest;
  if (after.empty() || !SplitAtGap(JoinAtGap(q.stem.value, kGapMarker, after), before, rest)) {
    return false;
  }
  return q.markup != model::Markup::kHtml ||
         (xml::ParseFragment(before).ok() && xml::ParseFragment(rest).ok());
}

model::Question WithGapJoined(const model::Question& q, std::string_view why, LossReport& loss) {
  model::Question joined = q;
  joined.stem.value = JoinAtGap(q.stem.value, kGapMarker, TextAfterGap(q));
  SetTextAfterGap(joined, "");
  loss.Drop("extensions.gift.blank_after (joined into the question text: " + std::string(why) +
            ")");
  return joined;
}

std::string JoinAtGap(std::string_view before, std::string_view marker, std::string_view after) {
  std::string out(before);
  if (!out.empty()) out += ' ';
  out += marker;
  bool punctuation =
      !after.empty() && std::string_view(".,;:!?)").find(after[0]) != std::string_view::npos;
  if (!after.empty() && !punctuation) out += ' ';
  out += after;
  return out;
}

std::string DomainOfCategory(std::string_view path) {
  std::string_view p = Trim(path);
  if (p.starts_with("$course$/")) p.remove_prefix(9);
  if (p == "$course$" || p == "top") return "";
  if (p.starts_with("top/")) p.remove_prefix(4);
  return std::string(p);
}

std::string CategoryOfDomain(std::string_view domain) {
  // A path in the course context (GIFT keeps its $CATEGORY as written) is written as its reader
  // reads it back: "$course$/a" is the domain "a", so "$course$/top/a".
  if (domain.starts_with("$course$")) {
    std::string inner = DomainOfCategory(domain);
    if (inner.size() < domain.size()) return CategoryOfDomain(inner);
  }
  if (domain.empty()) return "$course$/top";
  if (domain.starts_with("$") && domain.find("$/", 1) != std::string_view::npos) {
    return std::string(domain);
  }
  return "$course$/top/" + std::string(domain);
}

model::Question WithoutSharedExtensions(const model::Question& q, bool titles, bool gap,
                                        bool match) {
  model::Question copy = q;
  if (titles) {
    Erase(copy.extensions, "gift", "title");
    Erase(copy.extensions, "moodle_xml", "name");
    Erase(copy.extensions, "qti", "title");
  }
  if (gap) Erase(copy.extensions, "gift", "blank_after");
  if (match) {
    for (model::Option& o : copy.options) Erase(o.extensions, "gift", "match");
  }
  return copy;
}

}  // namespace qbank::formats
