// WordNet: the index files as a map from lemma to index line, the data files read at a synset's
// byte offset, and morphy's base-form rules (WordNet's morph(7): exception lists, then endings).
#include "text/wordnet.h"

#include <algorithm>
#include <charconv>

namespace qbank::text {
namespace {

constexpr std::array<std::string_view, 4> kPartNames = {"noun", "verb", "adj", "adv"};
constexpr int kOffsetBits = 24;
constexpr uint32_t kOffsetMask = (1u << kOffsetBits) - 1;

// The space-separated fields of `line`.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < line.size();) {
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = line.find(' ', i);
    if (j == std::string_view::npos) j = line.size();
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

bool ParseNumber(std::string_view field, uint32_t& out, int base = 10) {
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), out, base);
  return ec == std::errc() && end == field.data() + field.size();
}

// The line of `text` that starts at `begin`.
std::string_view LineAt(const std::string& text, size_t begin) {
  if (begin >= text.size()) return {};
  size_t end = text.find('\n', begin);
  return std::string_view(text).substr(begin,
                                       end == std::string::npos ? std::string::npos : end - begin);
}

// The part of speech a data file's pointer names ("n", "v", "a", "s", "r"); -1 otherwise.
int PartOf(std::string_view pos) {
  if (pos == "n") return 0;
  if (pos == "v") return 1;
  if (pos == "a" || pos == "s") return 2;
  if (pos == "r") return 3;
  return -1;
}

struct Ending {
  std::string_view suffix;
  std::string_view replacement;
};

// morph(7)'s detachment rules per part of speech.
const std::vector<Ending>& Endings(int pos) {
  static const std::array<std::vector<Ending>, 4> kEndings = {
      std::vector<Ending>{{"s", ""},
                          {"ses", "s"},
                          {"xes", "x"},
                          {"zes", "z"},
                          {"ches", "ch"},
                          {"shes", "sh"},
                          {"men", "man"},
                          {"ies", "y"}},
      std::vector<Ending>{{"s", ""},
                          {"ies", "y"},
                          {"es", "e"},
                          {"es", ""},
                          {"ed", "e"},
                          {"ed", ""},
                          {"ing", "e"},
                          {"ing", ""}},
      std::vector<Ending>{{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
      std::vector<Ending>{}};
  return kEndings[pos];
}

}  // namespace

Result<std::shared_ptr<const WordNet>> WordNet::Load(const FileSystem& fs, const std::string& dir) {
  std::shared_ptr<WordNet> net(new WordNet());
  for (int pos = 0; pos < 4; ++pos) {
    std::string name(kPartNames[pos]);
    for (auto [file, out] : {std::pair{"index." + name, &net->index_[pos]},
                             std::pair{"data." + name, &net->data_[pos]},
                             std::pair{name + ".exc", &net->exceptions_text_[pos]}}) {
      Result<std::string> text = fs.ReadFile(dir + "/" + file);
      if (!text.ok()) {
        return Status::NotFound("cannot read WordNet's " + dir + "/" + file +
                                " (Debian's wordnet-base package installs it)");
      }
      *out = std::move(text).value();
    }
    const std::string& index = net->index_[pos];
    size_t number = 0;
    for (size_t begin = 0; begin < index.size();) {
      std::string_view line = LineAt(index, begin);
      ++number;
      // Lines starting with a space are the licence at the top of the file.
      if (!line.empty() && line[0] != ' ') {
        size_t space = line.find(' ');
        if (space == std::string_view::npos || space == 0) {
          return Status::InvalidInput(
              dir + "/index." + name + ":" + std::to_string(number) +
              ": expected \"lemma pos ...\", as WordNet's index files hold");
        }
        net->lemmas_[line.substr(0, space)][pos] = static_cast<uint32_t>(begin) + 1;
      }
      begin += line.size() + 1;
    }
    std::string_view exceptions = net->exceptions_text_[pos];
    for (size_t begin = 0; begin < exceptions.size();) {
      size_t end = exceptions.find('\n', begin);
      if (end == std::string_view::npos) end = exceptions.size();
      std::vector<std::string_view> fields = Fields(exceptions.substr(begin, end - begin));
      for (size_t i = 1; i < fields.size(); ++i) {
        net->exceptions_[pos][fields[0]].push_back(fields[i]);
      }
      begin = end + 1;
    }
  }
  return std::shared_ptr<const WordNet>(std::move(net));
}

void WordNet::AppendIndexSenses(std::string_view lemma, int pos, size_t max,
                                std::vector<SynsetId>& out) const {
  auto it = lemmas_.find(lemma);
  if (it == lemmas_.end() || it->second[pos] == 0) return;
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  std::vector<std::string_view> fields = Fields(LineAt(index_[pos], it->second[pos] - 1));
  uint32_t synsets = 0;
  if (fields.size() < 3 || !ParseNumber(fields[2], synsets) || synsets > fields.size()) return;
  size_t end = fields.size() - synsets + std::min<size_t>(synsets, max);
  for (size_t i = fields.size() - synsets; i < end; ++i) {
    uint32_t offset = 0;
    if (!ParseNumber(fields[i], offset) || offset > kOffsetMask) continue;
    SynsetId id = (static_cast<uint32_t>(pos) << kOffsetBits) | offset;
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
}

std::vector<SynsetId> WordNet::Senses(std::string_view word, size_t max_per_part) const {
  std::vector<SynsetId> out;
  if (word.empty()) return out;
  for (int pos = 0; pos < 4; ++pos) {
    AppendIndexSenses(word, pos, max_per_part, out);
    auto exception = exceptions_[pos].find(word);
    if (exception != exceptions_[pos].end()) {
      for (std::string_view base : exception->second)
        AppendIndexSenses(base, pos, max_per_part, out);
    }
    for (const Ending& e : Endings(pos)) {
      if (word.size() <= e.suffix.size() || !word.ends_with(e.suffix)) continue;
      std::string base(word.substr(0, word.size() - e.suffix.size()));
      base += e.replacement;
      AppendIndexSenses(base, pos, max_per_part, out);
    }
  }
  return out;
}

std::string_view WordNet::DataLine(SynsetId synset) const {
  int pos = static_cast<int>(synset >> kOffsetBits);
  uint32_t offset = synset & kOffsetMask;
  if (pos > 3) return {};
  const std::string& data = data_[pos];
  if (offset == 0 || offset >= data.size() || data[offset - 1] != '\n') return {};
  return LineAt(data, offset);
}

std::vector<SynsetId> WordNet::Pointers(SynsetId synset,
                                        std::initializer_list<std::string_view> symbols) const {
  std::vector<SynsetId> out;
  std::string_view line = DataLine(synset);
  size_t bar = line.find(" | ");
  std::vector<std::string_view> fields = Fields(line.substr(0, bar));
  // offset lex_filenum ss_type w_cnt [word lex_id]... p_cnt [symbol offset pos source/target]...
  uint32_t words = 0;
  if (fields.size() < 4 || !ParseNumber(fields[3], words, 16)) return out;
  size_t at = 4 + 2 * static_cast<size_t>(words);
  uint32_t pointers = 0;
  if (at >= fields.size() || !ParseNumber(fields[at], pointers)) return out;
  for (size_t p = 0; p < pointers && at + 4 + 4 * p <= fields.size(); ++p) {
    std::string_view symbol = fields[at + 1 + 4 * p];
    if (std::find(symbols.begin(), symbols.end(), symbol) == symbols.end()) continue;
    int pos = PartOf(fields[at + 3 + 4 * p]);
    uint32_t offset = 0;
    if (pos < 0 || !ParseNumber(fields[at + 2 + 4 * p], offset)) continue;
    SynsetId id = (static_cast<uint32_t>(pos) << kOffsetBits) | offset;
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

std::vector<SynsetId> WordNet::Neighbours(SynsetId synset) const {
  bool noun_or_verb = (synset >> kOffsetBits) <= 1;
  return noun_or_verb ? Pointers(synset, {"+", "\\", "&", "<", "@"})
                      : Pointers(synset, {"+", "\\", "&", "<"});
}

std::vector<SynsetId> WordNet::Opposites(SynsetId synset) const {
  // The antonyms of the synset and of the head it is similar to, and the adjectives similar to
  // those ("monounsaturated" is similar to "unsaturated", the antonym of "saturated").
  std::vector<SynsetId> out = Pointers(synset, {"!"});
  for (SynsetId head : Pointers(synset, {"&"})) {
    for (SynsetId o : Pointers(head, {"!"})) out.push_back(o);
  }
  size_t direct = out.size();
  for (size_t i = 0; i < direct; ++i) {
    for (SynsetId similar : Pointers(out[i], {"&"})) out.push_back(similar);
  }
  return out;
}

std::string_view WordNet::Gloss(SynsetId synset) const {
  std::string_view line = DataLine(synset);
  size_t bar = line.find(" | ");
  if (bar == std::string_view::npos) return {};
  std::string_view gloss = line.substr(bar + 3);
  while (!gloss.empty() && gloss.back() == ' ') gloss.remove_suffix(1);
  return gloss;
}

}  // namespace qbank::text
