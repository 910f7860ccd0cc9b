// Header recognition for spreadsheets: the names people give their columns, reduced to the fields
// of the qbank layout.
#include "formats/sheet/sheet_columns.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "base/suggest.h"
#include "base/utf8_text.h"

namespace qbank::formats::sheet {
namespace {

constexpr size_t kMaxOptions = 26;

// Names recognised for the single fields (normalised), most common first.
struct Synonyms {
  std::string_view field;
  std::vector<std::string_view> names;
};

const std::vector<Synonyms>& SingleFields() {
  static const std::vector<Synonyms> kFields = {
      {"id", {"id", "question id", "item id", "identifier", "question number", "number", "no"}},
      {"type", {"type", "question type", "item type", "kind"}},
      {"exam", {"exam", "exam code", "certification"}},
      {"domain", {"domain", "topic", "category", "subject", "section"}},
      {"stem", {"stem", "question", "question text", "prompt", "question stem", "item"}},
      {"trap", {"trap", "common exam trap", "exam trap"}},
      {"key",
       {"key", "answer", "correct answer", "correct answers", "correct", "answer key",
        "correct option", "correct options", "right answer", "correct choice", "answers"}},
      {"explanation",
       {"explanation", "general feedback", "feedback", "rationale", "answer explanation",
        "explanation of answer", "overall feedback"}},
      {"stated_answer", {"stated answer"}},
      {"tags", {"tags", "tag", "keywords", "labels"}},
      {"difficulty", {"difficulty", "difficulty level", "level"}},
      {"markup", {"markup"}},
      {"author_name", {"author name", "author"}},
      {"author_initials", {"author initials"}},
      {"author_credentials", {"author credentials"}},
      {"author_roles", {"author roles"}},
      {"review_date", {"review date"}},
      {"review_reviewer", {"review reviewer", "reviewer"}},
      {"review_checked_against", {"review checked against"}},
      {"origin_statement", {"origin statement"}},
      {"origin_references", {"origin references", "references"}},
      {"suppress", {"suppress"}},
      {"points", {"points", "point", "score", "marks", "mark", "point value"}},
      {"time_limit", {"time limit", "time"}},
  };
  return kFields;
}

// Words that start an option column: "option a", "answer 1", "choice 1", "distractor 1".
constexpr std::array<std::string_view, 6> kOptionWords = {"option",      "answer",   "choice",
                                                          "alternative", "response", "distractor"};
// Words that make an option's column its rationale: "feedback 1", "option a rationale".
constexpr std::array<std::string_view, 3> kRationaleWords = {"feedback", "rationale",
                                                             "explanation"};

std::vector<std::string_view> Words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = s.find(' ', i);
    if (j == std::string_view::npos) j = s.size();
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return words;
}

// An option's index token: a letter "a".."z" (letter = true) or a number "0".."99".
struct IndexToken {
  bool found = false;
  bool letter = false;
  size_t value = 0;
};

IndexToken ReadIndex(std::string_view word) {
  IndexToken t;
  if (word.size() == 1 && word[0] >= 'a' && word[0] <= 'z') {
    t = {true, true, static_cast<size_t>(word[0] - 'a')};
  } else if (!word.empty() && word.size() <= 2 &&
             std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    t = {true, false, static_cast<size_t>(std::stoul(std::string(word)))};
  }
  return t;
}

bool IsOneOf(std::string_view word, const auto& list) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

// A family column: an option ("option b"), a distractor, or an option's rationale ("feedback 2").
struct FamilyColumn {
  enum Kind { kNone, kOption, kDistractor, kRationale } kind = kNone;
  IndexToken index;
};

FamilyColumn ReadFamily(std::string_view normalised) {
  std::vector<std::string_view> words = Words(normalised);
  FamilyColumn family;
  bool rationale = false;
  bool distractor = false;
  bool option_word = false;
  IndexToken index;
  size_t indexes = 0;
  for (std::string_view w : words) {
    if (IsOneOf(w, kRationaleWords)) {
      rationale = true;
    } else if (IsOneOf(w, kOptionWords)) {
      option_word = true;
      if (w == "distractor") distractor = true;
    } else if (w == "for" || w == "of") {
      continue;
    } else if (IndexToken t = ReadIndex(w); t.found) {
      index = t;
      ++indexes;
    } else {
      return family;  // a word that belongs to no family name
    }
  }
  if (indexes != 1) return family;
  if (rationale) {
    family.kind = FamilyColumn::kRationale;
  } else if (distractor) {
    family.kind = FamilyColumn::kDistractor;
  } else if (option_word) {
    family.kind = FamilyColumn::kOption;
  } else {
    return family;
  }
  family.index = index;
  return family;
}

std::string Letter(size_t k) { return std::string(1, static_cast<char>('a' + k)); }

bool IsDashAt(std::string_view s, size_t i, size_t* width) {
  // " - ", " – " (U+2013), " — " (U+2014): a vendor's note about the column follows.
  if (s.substr(i, 3) == " - ") {
    *width = 3;
    return true;
  }
  if (s.substr(i, 5) == " \xE2\x80\x93 " || s.substr(i, 5) == " \xE2\x80\x94 ") {
    *width = 5;
    return true;
  }
  return false;
}

}  // namespace

std::string NormalizeHeader(std::string_view cell) {
  if (cell.substr(0, 3) == "\xEF\xBB\xBF") cell.remove_prefix(3);
  for (size_t i = 0; i < cell.size(); ++i) {
    size_t width = 0;
    if (IsDashAt(cell, i, &width)) {
      cell = cell.substr(0, i);
      break;
    }
  }
  std::string out;
  int depth = 0;
  char last = ' ';
  for (char ch : cell) {
    auto c = static_cast<unsigned char>(ch);
    if (c == '(' || c == '[') {
      ++depth;
      continue;
    }
    if ((c == ')' || c == ']') && depth > 0) {
      --depth;
      continue;
    }
    if (depth > 0) continue;
    char lower = static_cast<char>(std::tolower(c));
    bool alnum = c < 0x80 && std::isalnum(c);
    if (!alnum) {
      if (last != ' ') out += ' ';
      last = ' ';
      continue;
    }
    bool digit = std::isdigit(c) != 0;
    bool last_digit = std::isdigit(static_cast<unsigned char>(last)) != 0;
    if (last != ' ' && digit != last_digit) out += ' ';
    out += lower;
    last = lower;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

const std::vector<std::string>& FieldNames() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names;
    for (const Synonyms& s : SingleFields()) {
      if (s.field == "key") {
        for (size_t k = 0; k < kMaxOptions; ++k) names.push_back("option_" + Letter(k));
      }
      if (s.field == "explanation") {
        for (size_t k = 0; k < kMaxOptions; ++k) names.push_back("rationale_" + Letter(k));
      }
      names.emplace_back(s.field);
    }
    return names;
  }();
  return kNames;
}

Result<ColumnMapping> ParseColumnMapping(std::string_view text) {
  ColumnMapping mapping;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view pair = text.substr(start, comma - start);
    start = comma + 1;
    if (pair.find_first_not_of(" \t") == std::string_view::npos) continue;
    size_t eq = pair.rfind('=');
    if (eq == std::string_view::npos) {
      return Status::Usage("--columns: \"" + std::string(pair) +
                           "\" has no '='; expected HEADER=FIELD pairs such as Q=stem,Good=key");
    }
    std::string name = NormalizeHeader(pair.substr(0, eq));
    std::string field = NormalizeHeader(pair.substr(eq + 1));
    std::replace(field.begin(), field.end(), ' ', '_');
    if (name.empty()) {
      return Status::Usage("--columns: \"" + std::string(pair) +
                           "\" names no header; expected HEADER=FIELD");
    }
    const std::vector<std::string>& fields = FieldNames();
    if (field != "ignore" && std::find(fields.begin(), fields.end(), field) == fields.end()) {
      return Status::Usage("--columns: unknown field '" + field + "' for \"" +
                           std::string(Trim(pair.substr(0, eq))) + "\"" +
                           DidYouMean(field, fields) +
                           " (fields: stem, option_a.., key, rationale_a.., explanation, type, "
                           "domain, tags, difficulty, id, points, ...; ignore skips a column)");
    }
    mapping.pairs.emplace_back(std::move(name), std::move(field));
  }
  return mapping;
}

RecognisedHeader RecogniseHeader(const std::vector<std::string>& cells,
                                 const ColumnMapping& mapping) {
  RecognisedHeader header;
  header.fields.assign(cells.size(), "");
  std::vector<std::string> normalised;
  for (const std::string& cell : cells) normalised.push_back(NormalizeHeader(cell));
  // Options numbered from 0 ("choice0") count from 0; numbers count from 1 otherwise.
  bool zero = false;
  for (const std::string& n : normalised) {
    FamilyColumn f = ReadFamily(n);
    if (f.kind != FamilyColumn::kNone && !f.index.letter && f.index.value == 0) zero = true;
  }
  header.zero_based = zero;
  std::vector<FamilyColumn> families(cells.size());
  size_t options = 0;  // option columns, so distractors follow them
  bool distractors = false;
  for (size_t i = 0; i < cells.size(); ++i) {
    const std::string& n = normalised[i];
    auto mapped = std::find_if(mapping.pairs.begin(), mapping.pairs.end(),
                               [&](const auto& p) { return p.first == n; });
    if (mapped != mapping.pairs.end()) {
      header.fields[i] = mapped->second;
      continue;
    }
    for (const Synonyms& s : SingleFields()) {
      if (IsOneOf(std::string_view(n), s.names)) {
        header.fields[i] = std::string(s.field);
        break;
      }
    }
    if (!header.fields[i].empty()) continue;
    // The qbank layout's own names ("option_a" reads as "option a", "rationale_b").
    FamilyColumn f = ReadFamily(n);
    if (f.kind == FamilyColumn::kNone) continue;
    size_t k = f.index.value;
    if (!f.index.letter && !zero) {
      if (k == 0) continue;
      --k;
    }
    if (k >= kMaxOptions) continue;
    f.index.value = k;
    families[i] = f;
    if (f.kind == FamilyColumn::kOption) options = std::max(options, k + 1);
    if (f.kind == FamilyColumn::kDistractor) distractors = true;
  }
  // "Correct answer" beside "Distractor 1..N" and no option columns: the key column is the first
  // option, and the distractors follow it.
  size_t first_distractor = options;
  if (distractors && options == 0) {
    for (size_t i = 0; i < cells.size(); ++i) {
      if (header.fields[i] == "key") {
        header.fields[i] = "option_a";
        header.first_option_is_key = true;
        first_distractor = 1;
        break;
      }
    }
  }
  for (size_t i = 0; i < cells.size(); ++i) {
    const FamilyColumn& f = families[i];
    size_t k = f.index.value;
    switch (f.kind) {
      case FamilyColumn::kOption:
        header.fields[i] = "option_" + Letter(k);
        break;
      case FamilyColumn::kDistractor:
        if (first_distractor + k < kMaxOptions) {
          header.fields[i] = "option_" + Letter(first_distractor + k);
        }
        break;
      case FamilyColumn::kRationale:
        header.fields[i] = "rationale_" + Letter(k);
        break;
      case FamilyColumn::kNone:
        break;
    }
  }
  return header;
}

std::string DescribeMapping(const std::vector<std::string>& cells, const RecognisedHeader& header) {
  std::string out;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!out.empty()) out += ", ";
    out += "\"" + cells[i] + "\" -> ";
    out += header.fields[i].empty() ? "?" : header.fields[i];
  }
  if (header.first_option_is_key) out += " (the correct answer is option_a of every row)";
  if (header.zero_based) out += " (options and key numbers count from 0)";
  return out;
}

std::string SuggestField(std::string_view cell) {
  std::string n = NormalizeHeader(cell);
  std::vector<std::string> known;
  std::vector<std::string> fields;
  for (const Synonyms& s : SingleFields()) {
    for (std::string_view name : s.names) {
      known.emplace_back(name);
      fields.emplace_back(s.field);
    }
  }
  for (std::string_view word : kOptionWords) {
    known.push_back(std::string(word) + " 1");
    fields.emplace_back("option_a");
  }
  std::optional<std::string> best = Suggest(n, known);
  if (!best) return "";
  size_t at = static_cast<size_t>(std::find(known.begin(), known.end(), *best) - known.begin());
  return "; did you mean '" + *best + "' (" + fields[at] + ")?";
}

}  // namespace qbank::formats::sheet
