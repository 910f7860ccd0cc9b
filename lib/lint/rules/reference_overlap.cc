// reference-overlap: fingerprints each question and searches the reference indexes.
#include "lint/rules/reference_overlap.h"

#include "similarity/fingerprint.h"
#include "similarity/question_features.h"
#include "similarity/reference_index.h"
#include "text/text_key.h"

namespace qbank::lint {
namespace {

constexpr size_t kQuoteBytes = 100;

struct QueryField {
  const model::Text* text;
  std::string path;
  text::TextKey key;
};

std::string Shorten(std::string s) {
  if (s.size() <= kQuoteBytes) return s;
  size_t cut = kQuoteBytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "…";
}

}  // namespace

Status ReferenceOverlapRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(
      CheckOptionKeys(options, {"index", "references", "min-run-words", "min-share"}));
  int64_t run = 10, share = 40;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-run-words", 1, 100000, &run));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-share", 1, 100, &share));
  overlap_.min_run_words = static_cast<size_t>(run);
  overlap_.min_share = static_cast<double>(share) / 100.0;
  indexes_.clear();
  if (const model::Value* path = options.Find("index")) {
    if (!path->is_string()) return Status::InvalidInput("option 'index': expected a file path");
    // Through env's file system: mapped when that is the real one (a large index opens in
    // milliseconds and is paged in as searches need it), read whole otherwise (tests).
    Result<similarity::ReferenceIndex> index =
        &env.fs() == &RealFileSystem()
            ? similarity::ReferenceIndex::LoadMapped(path->as_string())
            : similarity::ReferenceIndex::Load(env.fs(), path->as_string());
    if (!index.ok()) return Status::InvalidInput("option 'index': " + index.status().ToString());
    indexes_.push_back(std::make_shared<similarity::ReferenceIndex>(std::move(index).value()));
  }
  if (const model::Value* refs = options.Find("references")) {
    if (!refs->is_object()) {
      return Status::InvalidInput("option 'references': expected an object of name -> text");
    }
    similarity::ReferenceIndexBuilder builder;
    for (const auto& [name, text] : refs->as_object()) {
      if (!text.is_string()) {
        return Status::InvalidInput("option 'references': '" + name + "': expected a string");
      }
      similarity::AddReferenceText(name, text.as_string(), builder);
    }
    Result<similarity::ReferenceIndex> index =
        similarity::ReferenceIndex::Parse(builder.Serialize(), "references");
    if (!index.ok()) return index.status();
    indexes_.push_back(std::make_shared<similarity::ReferenceIndex>(std::move(index).value()));
  }
  return Status::Ok();
}

void ReferenceOverlapRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  if (indexes_.empty()) return;
  const model::Question& q = ctx.bank->questions[index];
  text::KeyOptions key_options;
  key_options.context_script = similarity::QuestionScript(q);
  std::vector<QueryField> fields;
  fields.push_back({&q.stem, "stem", {}});
  for (size_t i = 0; i < q.options.size(); ++i) {
    fields.push_back({&q.options[i].text, "options[" + std::to_string(i) + "]", {}});
  }
  std::vector<uint64_t> tokens;
  std::vector<std::pair<size_t, size_t>> where;  // token -> (field, word)
  for (size_t f = 0; f < fields.size(); ++f) {
    fields[f].key = text::MakeTextKey(fields[f].text->value, key_options);
    for (size_t w = 0; w < fields[f].key.size(); ++w) {
      tokens.push_back(similarity::HashToken(fields[f].key.Word(w)));
      where.emplace_back(f, w);
    }
  }
  for (const auto& reference : indexes_) {
    std::vector<similarity::ReferenceMatch> matches = reference->Search(tokens, overlap_);
    if (matches.empty()) continue;
    const similarity::ReferenceMatch& m = matches.front();
    size_t last = std::min(m.run_end, tokens.size()) - 1;
    auto [field, first_word] = where[m.run_first];
    // The quoted span: from the run's first word to its last word in the same field.
    size_t last_word = first_word;
    for (size_t t = m.run_first; t <= last && where[t].first == field; ++t) {
      last_word = where[t].second;
    }
    const QueryField& qf = fields[field];
    auto [begin, end] = qf.key.SourceRange(first_word, last_word + 1);
    std::string quote = Shorten(qf.text->value.substr(begin, end - begin));
    std::string message =
        "shares a run of at least " + std::to_string(m.run_words()) + " words with " +
        reference->document(m.doc) + ":" + std::to_string(m.line) + " (\"" + quote + "\") and " +
        std::to_string(static_cast<int>(m.share() * 100)) + "% of its fingerprinted " +
        std::to_string(reference->parameters().ngram) + "-word sequences";
    if (matches.size() > 1) {
      message += " and overlaps " + std::to_string(matches.size() - 1) + " more document" +
                 (matches.size() > 2 ? "s" : "");
    }
    reporter.ReportRange(index, *qf.text, begin, end, qf.path, message);
  }
}

}  // namespace qbank::lint
