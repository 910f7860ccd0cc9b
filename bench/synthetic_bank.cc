// The synthetic bank generator: an invented vocabulary drawn with a Zipf law, so a few words are
// as common as "the" and most are rare, as in real text.
#include "bench/synthetic_bank.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <sstream>

namespace qbank::bench {
namespace {

const char* const kTemplates[] = {
    "Which of the following best describes",
    "What is the most likely reason that",
    "A regional office wants to",
    "Which statement about",
    "According to the scenario above,",
    "An administrator needs to",
    "What should be done first when",
    "Which two actions would help when",
    "In which situation would",
    "What happens to the system when",
    "A team lead asks how to",
    "Which option correctly explains why",
};

class Vocabulary {
 public:
  Vocabulary() {
    const char* onsets[] = {"b", "k", "d", "f", "g",  "l",  "m",  "n",  "p",  "r",
                            "s", "t", "v", "z", "br", "st", "tr", "pl", "gr", "sh"};
    const char* nuclei[] = {"a", "e", "i", "o", "u", "ai", "ou", "ea"};
    const char* codas[] = {"", "", "n", "r", "s", "l", "m", "k"};
    std::mt19937_64 rng(12345);
    std::set<std::string> seen;
    while (words_.size() < 30000) {
      std::string w;
      int syllables = 1 + static_cast<int>(rng() % 3);
      for (int s = 0; s < syllables; ++s) {
        w += onsets[rng() % 20];
        w += nuclei[rng() % 8];
        w += codas[rng() % 8];
      }
      if (seen.insert(w).second) words_.push_back(w);
    }
    double total = 0;
    for (size_t r = 0; r < words_.size(); ++r) {
      total += 1.0 / std::pow(static_cast<double>(r + 1), 0.9);
      cumulative_.push_back(total);
    }
  }
  const std::string& Draw(std::mt19937_64& rng) const {
    std::uniform_real_distribution<double> u(0, cumulative_.back());
    size_t i = static_cast<size_t>(
        std::lower_bound(cumulative_.begin(), cumulative_.end(), u(rng)) - cumulative_.begin());
    return words_[std::min(i, words_.size() - 1)];
  }
  // A rarer word (uniform over the vocabulary), for synonyms.
  const std::string& DrawUniform(std::mt19937_64& rng) const {
    return words_[rng() % words_.size()];
  }

 private:
  std::vector<std::string> words_;
  std::vector<double> cumulative_;
};

const Vocabulary& Words() {
  static const Vocabulary* v = new Vocabulary();
  return *v;
}

std::vector<std::string> Split(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::string Phrase(std::mt19937_64& rng, size_t words) {
  std::string out;
  for (size_t i = 0; i < words; ++i) {
    if (i > 0) out += ' ';
    out += Words().Draw(rng);
  }
  return out;
}

std::string MakeStem(std::mt19937_64& rng, double templated_share) {
  std::uniform_real_distribution<double> u(0, 1);
  size_t length = 10 + rng() % 71;
  std::vector<std::string> words;
  if (u(rng) < templated_share) {
    for (const std::string& w : Split(kTemplates[rng() % std::size(kTemplates)])) {
      words.push_back(w);
    }
  }
  while (words.size() < length) words.push_back(Words().Draw(rng));
  size_t numbers = u(rng) < 0.5 ? 1 + rng() % 2 : 0;
  for (size_t k = 0; k < numbers; ++k) {
    words[3 + rng() % (words.size() - 3)] = std::to_string(2 + rng() % 9998);
  }
  words[words.size() / 2] += ",";  // a clause boundary
  if (words.front()[0] >= 'a' && words.front()[0] <= 'z') words.front()[0] -= 'a' - 'A';
  return Join(words) + "?";
}

model::Question MakeQuestion(std::mt19937_64& rng, double templated_share) {
  model::Question q;
  q.stem = MakeStem(rng, templated_share);
  size_t key = rng() % 4;
  for (size_t i = 0; i < 4; ++i) {
    model::Option o;
    o.text = Phrase(rng, 1 + rng() % 8);
    o.correct = i == key;
    q.options.push_back(std::move(o));
  }
  q.explanation = Phrase(rng, 15 + rng() % 16) + ".";
  return q;
}

void ShuffleOptions(model::Question& q, std::mt19937_64& rng) {
  std::shuffle(q.options.begin(), q.options.end(), rng);
}

std::string Reformat(const std::string& text, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(text);
  for (std::string& w : words) {
    switch (rng() % 6) {
      case 0:
        std::transform(w.begin(), w.end(), w.begin(), [](char c) {
          return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        });
        break;
      case 1:
        w = "**" + w + "**";
        break;
      case 2:
        w += "  ";
        break;
      default:
        break;
    }
  }
  std::string out = Join(words);
  if (!out.empty() && out.back() == '?') {
    out.pop_back();
  } else {
    out += ".";
  }
  return "  " + out + "\n";
}

std::string Reorder(const std::string& stem) {
  size_t comma = stem.find(", ");
  std::string body = stem;
  if (!body.empty() && body.back() == '?') body.pop_back();
  if (comma == std::string::npos) comma = body.size() / 2;
  std::string first = body.substr(0, comma);
  std::string second = body.substr(std::min(body.size(), comma + 2));
  return second + ", " + first + "?";
}

std::string Synonyms(const std::string& text, size_t count, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(text);
  for (size_t k = 0; k < count && !words.empty(); ++k) {
    std::string& w = words[rng() % words.size()];
    bool punct = !w.empty() && (w.back() == ',' || w.back() == '?');
    std::string tail = punct ? std::string(1, w.back()) : "";
    w = Words().DrawUniform(rng) + tail;
  }
  return Join(words);
}

std::string ChangeNumbers(const std::string& text, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(text);
  bool changed = false;
  for (std::string& w : words) {
    if (!w.empty() && std::isdigit(static_cast<unsigned char>(w[0]))) {
      std::string tail;
      while (!w.empty() && !std::isdigit(static_cast<unsigned char>(w.back()))) {
        tail.insert(tail.begin(), w.back());
        w.pop_back();
      }
      w = std::to_string(std::stoul(w) + 1 + rng() % 50) + tail;
      changed = true;
    }
  }
  if (!changed && words.size() > 4) words[words.size() - 3] = std::to_string(2 + rng() % 9998);
  return Join(words);
}

// `text` with `swaps` pairs of words at any two places exchanged (a word keeps its punctuation).
std::string SwapAnywhere(const std::string& text, size_t swaps, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(text);
  if (words.size() < 4) return text;
  for (size_t k = 0; k < swaps; ++k) {
    std::swap(words[rng() % words.size()], words[rng() % words.size()]);
  }
  return Join(words);
}

// `text` with `count` words of the vocabulary inserted at random places.
std::string InsertWords(const std::string& text, size_t count, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(text);
  for (size_t k = 0; k < count; ++k) {
    words.insert(words.begin() + static_cast<std::ptrdiff_t>(rng() % (words.size() + 1)),
                 Words().Draw(rng));
  }
  return Join(words);
}

// Turns `q` into a numeric problem: two or three numbers in the stem, options that are a number
// and a unit, the key among them.
void MakeNumeric(model::Question& q, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(q.stem.value);
  size_t numbers = 2 + rng() % 2;
  for (size_t k = 0; k < numbers && words.size() > 3; ++k) {
    words[1 + rng() % (words.size() - 2)] = std::to_string(2 + rng() % 998);
  }
  q.stem = Join(words);
  const std::string unit = Words().Draw(rng);
  for (model::Option& o : q.options) o.text = std::to_string(1 + rng() % 500) + " " + unit;
}

// The opening fifth of the stem (at least one word) dropped and a new clause of as many words
// appended: the copy shares most of the stem but not all of it.
std::string PartialOverlap(const std::string& stem, std::mt19937_64& rng) {
  std::vector<std::string> words = Split(stem);
  size_t drop = std::max<size_t>(1, words.size() / 5);
  std::vector<std::string> kept(words.begin() + static_cast<std::ptrdiff_t>(drop), words.end());
  if (!kept.empty() && !kept.back().empty() && kept.back().back() == '?') kept.back().pop_back();
  kept.back() += ",";
  for (size_t k = 0; k < drop; ++k) kept.push_back(Words().Draw(rng));
  return Join(kept) + "?";
}

}  // namespace

std::string_view PlantKindName(PlantKind kind) {
  switch (kind) {
    case PlantKind::kExact:
      return "exact";
    case PlantKind::kFormatting:
      return "formatting";
    case PlantKind::kWordSwap:
      return "word swaps";
    case PlantKind::kReorder:
      return "clause reorder";
    case PlantKind::kSynonyms:
      return "synonyms";
    case PlantKind::kLookalike:
      return "look-alikes";
    case PlantKind::kNumbers:
      return "numbers";
    case PlantKind::kOptionSet:
      return "option set";
    case PlantKind::kSwap:
      return "swap";
    case PlantKind::kMixed:
      return "mixed";
    case PlantKind::kNumeric:
      return "numeric";
    case PlantKind::kPartialOverlap:
      return "partial overlap";
  }
  return "?";
}

std::string SwapWords(const std::string& text, size_t swaps, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> words = Split(text);
  if (words.size() < 4) return text;
  for (size_t k = 0; k < swaps; ++k) {
    size_t i = 1 + rng() % (words.size() - 2);
    std::swap(words[i], words[i - 1]);
  }
  return Join(words);
}

std::string Disguise(const std::string& text, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> words = Split(text);
  for (std::string& w : words) {
    unsigned roll = rng() % 4;
    if (roll == 0) {
      std::string out;
      for (char c : w) {
        switch (c) {
          case 'a':
            out += "\u0430";
            break;
          case 'c':
            out += "\u0441";
            break;
          case 'e':
            out += "\u0435";
            break;
          case 'o':
            out += "\u043E";
            break;
          case 'p':
            out += "\u0440";
            break;
          case 'x':
            out += "\u0445";
            break;
          default:
            out += c;
        }
      }
      w = out;
    } else if (roll == 1 && w.size() > 3) {
      w.insert(2, "\u200B");
    }
  }
  return Join(words);
}

std::string SyntheticProse(size_t words, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::string out;
  for (size_t i = 0; i < words; ++i) {
    out += Words().Draw(rng);
    out += (i % 17 == 16) ? ".\n" : " ";
  }
  return out;
}

std::string DumpText(const model::Question& question) {
  std::string out = question.stem.value + "\n";
  for (size_t i = 0; i < question.options.size(); ++i) {
    out += model::OptionLetter(i) + ". " + question.options[i].text.value + "\n";
  }
  return out;
}

SyntheticBank MakeSyntheticBank(const SyntheticOptions& options) {
  std::mt19937_64 rng(options.seed);
  SyntheticBank result;
  std::vector<PlantKind> kinds = options.kinds;
  if (kinds.empty()) {
    for (int k = 0; k < kPlantKinds; ++k) kinds.push_back(static_cast<PlantKind>(k));
  }
  const size_t kind_count = kinds.size();
  size_t per_kind =
      static_cast<size_t>(options.planted_share * static_cast<double>(options.questions) /
                          static_cast<double>(kind_count));
  size_t planted_total = per_kind * kind_count;
  size_t originals = options.questions - planted_total;
  std::vector<model::Question> questions;
  questions.reserve(options.questions);
  for (size_t i = 0; i < originals; ++i)
    questions.push_back(MakeQuestion(rng, options.templated_share));

  // Distinct originals for the copies.
  std::vector<uint32_t> pick(originals);
  for (uint32_t i = 0; i < originals; ++i) pick[i] = i;
  std::shuffle(pick.begin(), pick.end(), rng);
  std::vector<PlantedPair> planted;
  for (size_t kind = 0; kind < kind_count; ++kind) {
    for (size_t k = 0; k < per_kind; ++k) {
      uint32_t original = pick[kind * per_kind + k];
      const PlantKind pk = kinds[kind];
      if (pk == PlantKind::kNumeric) MakeNumeric(questions[original], rng);
      model::Question copy = questions[original];
      switch (pk) {
        case PlantKind::kExact:
          break;
        case PlantKind::kFormatting:
          copy.stem = Reformat(copy.stem.value, rng);
          for (model::Option& o : copy.options) o.text = Reformat(o.text.value, rng);
          break;
        case PlantKind::kWordSwap:
          copy.stem = SwapWords(copy.stem.value, 2, rng());
          break;
        case PlantKind::kReorder:
          copy.stem = Reorder(copy.stem.value);
          ShuffleOptions(copy, rng);
          break;
        case PlantKind::kSynonyms:
          copy.stem = Synonyms(copy.stem.value, 3, rng);
          break;
        case PlantKind::kLookalike:
          copy.stem = Disguise(copy.stem.value, rng());
          for (model::Option& o : copy.options) o.text = Disguise(o.text.value, rng());
          break;
        case PlantKind::kNumbers:
          copy.stem = ChangeNumbers(copy.stem.value, rng);
          break;
        case PlantKind::kOptionSet:
          copy.stem = MakeStem(rng, options.templated_share);
          copy.explanation = Phrase(rng, 20) + ".";
          ShuffleOptions(copy, rng);
          break;
        case PlantKind::kSwap:
          copy.stem = SwapAnywhere(copy.stem.value, 2, rng);
          std::swap(copy.options[0], copy.options[1 + rng() % 3]);
          break;
        case PlantKind::kMixed:
          copy.stem = InsertWords(SwapWords(Synonyms(copy.stem.value, 2, rng), 2, rng()), 2, rng);
          break;
        case PlantKind::kNumeric: {
          copy.stem = ChangeNumbers(copy.stem.value, rng);
          model::Option& changed = copy.options[rng() % copy.options.size()];
          changed.text = ChangeNumbers(changed.text.value, rng);
          break;
        }
        case PlantKind::kPartialOverlap:
          copy.stem = PartialOverlap(copy.stem.value, rng);
          break;
      }
      planted.push_back({original, static_cast<uint32_t>(questions.size()), pk});
      questions.push_back(std::move(copy));
    }
  }
  // Spread the copies through the bank.
  std::vector<uint32_t> order(questions.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<uint32_t> position(questions.size());
  for (uint32_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  result.bank.questions.resize(questions.size());
  for (uint32_t i = 0; i < questions.size(); ++i) {
    result.bank.questions[position[i]] = std::move(questions[i]);
  }
  for (PlantedPair& p : planted) {
    p.original = position[p.original];
    p.copy = position[p.copy];
  }
  for (size_t i = 0; i < result.bank.questions.size(); ++i) {
    model::Question& q = result.bank.questions[i];
    q.id = "q" + std::to_string(i + 1);
  }
  result.planted = std::move(planted);
  return result;
}

}  // namespace qbank::bench
