// reference-overlap: fingerprints each question and searches the reference indexes.
#include "lint/rules/originality/reference_overlap.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include "base/source_alignment.h"
#include "base/source_text.h"
#include "base/str_cat.h"
#include "lint/rules/shared/question_description.h"
#include "similarity/fingerprint.h"
#include "similarity/question_features.h"
#include "similarity/reference_index.h"
#include "text/readable_text.h"
#include "text/text_key.h"

namespace qbank::lint {
namespace {

// Percent of distinct words a candidate passage shares with the question (Jaccard) at which it is
// reported; chosen from bench/dump_recall.py's threshold curve (docs/originality.md).
constexpr int64_t kDefaultMinSimilarity = 60;

struct QueryField {
  const model::Text* text;
  std::string path;
  text::ReadableText readable;  // the field as rendered, mapped back to its value
  text::TextKey key;
};

}  // namespace

Status ReferenceOverlapRule::Configure(const model::Value& options, const RuleEnvironment& env) {
  QBANK_RETURN_IF_ERROR(CheckOptionKeys(
      options, {"index", "references", "min-run-words", "min-share", "min-similarity"}));
  int64_t run = 10, share = 40, similarity = kDefaultMinSimilarity;
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-run-words", 1, 100000, &run));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-share", 1, 100, &share));
  QBANK_RETURN_IF_ERROR(ReadIntOption(options, "min-similarity", 0, 100, &similarity));
  overlap_.min_run_words = static_cast<size_t>(run);
  overlap_.min_share = static_cast<double>(share) / 100.0;
  overlap_.min_similarity = static_cast<double>(similarity) / 100.0;
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
    Result<std::string> bytes = builder.Serialize();
    if (!bytes.ok())
      return Status::InvalidInput("option 'references': " + bytes.status().message());
    Result<similarity::ReferenceIndex> index =
        similarity::ReferenceIndex::Parse(std::move(bytes).value(), "references");
    if (!index.ok()) return index.status();
    indexes_.push_back(std::make_shared<similarity::ReferenceIndex>(std::move(index).value()));
  }
  return Status::Ok();
}

namespace {

// The fields of one lookup, their keys made from the text as rendered (markup removed), and which
// field and word each token came from.
struct Query {
  std::vector<QueryField> fields;
  similarity::ReferenceQuery lookup;             // the tokens and where each field starts
  std::vector<std::pair<size_t, size_t>> where;  // token -> (field, word)
};

Query MakeQuery(const std::vector<std::pair<const model::Text*, std::string>>& fields,
                const text::KeyOptions& key_options) {
  Query query;
  for (const auto& [field_text, path] : fields) {
    const std::string& value = field_text->value;
    bool markup = value.find('<') != std::string::npos || value.find('&') != std::string::npos;
    QueryField qf{field_text, path, markup ? text::HtmlToText(value) : text::Identity(value), {}};
    qf.key = text::MakeTextKey(qf.readable.text, key_options);
    query.fields.push_back(std::move(qf));
  }
  for (size_t f = 0; f < query.fields.size(); ++f) {
    const text::TextKey& key = query.fields[f].key;
    query.lookup.field_starts.push_back(static_cast<uint32_t>(query.lookup.tokens.size()));
    for (size_t w = 0; w < key.size(); ++w) {
      query.lookup.tokens.push_back(similarity::HashToken(key.Word(w)));
      query.where.emplace_back(f, w);
    }
  }
  return query;
}

// The span of value bytes [begin, end) of `field` when the field is not the file's bytes as they
// are (HTML escaped in XML, JSON escapes, text a reader rendered): its words matched to the file
// (AlignToSource). nullopt for a verbatim field (ReportRange places it) or an unknown source.
std::optional<SourceSpan> AlignedSpan(const model::Bank& bank, const model::Text& field,
                                      size_t begin, size_t end) {
  const SourceSpan& span = field.span;
  if (field.verbatim || !span.known() || span.file >= bank.sources.size() ||
      bank.sources[span.file] == nullptr || begin == 0) {
    return std::nullopt;
  }
  const SourceText& source = *bank.sources[span.file];
  PositionCounter counter(source);
  std::vector<AlignedPiece> pieces =
      AlignToSource(field.value, source.content(), counter.OffsetOf(span.line, span.column));
  const size_t from = SourceOffsetOf(pieces, begin);
  const size_t to = std::max(from, SourceOffsetOf(pieces, end));
  return source.SpanOf(from, to, span.file);
}

// "DOC" or "DOC, DOC2 and DOC3 (N documents in all)": where the text is, the first few by name.
std::string DocumentList(const similarity::ReferenceIndex& reference,
                         const std::vector<similarity::ReferenceMatch>& matches) {
  constexpr size_t kNamed = 3;
  std::string list;
  for (size_t i = 1; i < matches.size() && i <= kNamed; ++i) {
    list += (i == 1 ? "" : ", ") + reference.document(matches[i].doc);
  }
  if (matches.size() - 1 > kNamed) {
    list += " and " + std::to_string(matches.size() - 1 - kNamed) + " more";
  }
  return "; also in " + list + " (" + std::to_string(matches.size()) + " documents in all)";
}

// The quoted words of a match: the run's words within the field where it starts, or, for a
// passage matched by its lines and words without a run, the first field that has words.
struct QuotedWords {
  size_t field = 0;
  size_t first_word = 0;
  size_t last_word = 0;  // inclusive
};

QuotedWords QuoteOf(const Query& query, const similarity::ReferenceMatch& m) {
  QuotedWords q;
  if (m.run_words() == 0) {
    while (q.field + 1 < query.fields.size() && query.fields[q.field].key.size() == 0) ++q.field;
    q.last_word = std::max<size_t>(query.fields[q.field].key.size(), 1) - 1;
    return q;
  }
  size_t last = std::min(m.run_end, query.lookup.tokens.size()) - 1;
  std::tie(q.field, q.first_word) = query.where[m.run_first];
  q.last_word = q.first_word;
  for (size_t t = m.run_first; t <= last && query.where[t].first == q.field; ++t) {
    q.last_word = query.where[t].second;
  }
  return q;
}

void ReportMatches(const similarity::ReferenceIndex& reference, const Query& query,
                   const std::vector<similarity::ReferenceMatch>& matches, size_t question,
                   Reporter& reporter) {
  const similarity::ReferenceMatch& m = matches.front();
  QuotedWords quoted = QuoteOf(query, m);
  const QueryField& qf = query.fields[quoted.field];
  size_t begin = 0, end = 0;
  std::string quote;
  if (qf.key.size() > 0) {
    auto [key_begin, key_end] = qf.key.SourceRange(quoted.first_word, quoted.last_word + 1);
    quote = ShortQuote(qf.readable.text.substr(key_begin, key_end - key_begin));
    begin = qf.readable.SourceOffset(key_begin);
    end = key_end > key_begin ? qf.readable.SourceOffset(key_end - 1) + 1 : begin;
  }
  // The shared text as the reference has it, and where (the question's own words when the
  // passage record is damaged).
  similarity::ReferenceIndex::Evidence evidence = reference.EvidenceFor(m);
  if (!evidence.quote.empty()) quote = ShortQuote(evidence.quote);
  std::string where =
      reference.document(m.doc) + ":" + std::to_string(evidence.line != 0 ? evidence.line : m.line);
  if (evidence.column != 0) where += StrCat({":", std::to_string(evidence.column)});
  if (!evidence.dump_question.empty()) {
    where = "dump question " + evidence.dump_question + " (" + where + ")";
  }
  const std::string similarity =
      "word-set similarity " + std::to_string(static_cast<int>(m.similarity * 100 + 1e-9)) + "%";
  const std::string ngram = std::to_string(reference.parameters().ngram);
  std::string message =
      m.run_words() == 0
          ? "shares its words with " + where + " (\"" + quote + "\"; " + similarity +
                ") but no run of " + ngram + " words: its lines in another order, or reworded"
          : "shares a run of at least " + std::to_string(m.run_words()) + " words with " + where +
                " (\"" + quote + "\") and " + std::to_string(static_cast<int>(m.share() * 100)) +
                "% of its fingerprinted " + ngram + "-word sequences; " + similarity;
  if (matches.size() > 1) message += DocumentList(reference, matches);
  std::optional<SourceSpan> span = AlignedSpan(reporter.bank(), *qf.text, begin, end);
  if (span) {
    reporter.ReportAt(question, *span, qf.path,
                      std::string_view(qf.text->value).substr(begin, end - begin),
                      std::move(message));
  } else {
    reporter.ReportRange(question, *qf.text, begin, end, qf.path, std::move(message));
  }
}

}  // namespace

void ReferenceOverlapRule::CheckQuestion(const LintContext& ctx, size_t index,
                                         Reporter& reporter) const {
  if (indexes_.empty()) return;
  const model::Question& q = ctx.bank->questions[index];
  text::KeyOptions key_options;
  key_options.context_script = similarity::QuestionScript(q);
  // The question (stem and options) and, as a field of its own, the explanation: a new stem
  // over an explanation copied from a dump is a copy too.
  std::vector<std::pair<const model::Text*, std::string>> question_fields;
  question_fields.emplace_back(&q.stem, "stem");
  for (size_t i = 0; i < q.options.size(); ++i) {
    question_fields.emplace_back(&q.options[i].text, "options[" + std::to_string(i) + "]");
  }
  std::vector<Query> queries;
  queries.push_back(MakeQuery(question_fields, key_options));
  if (!q.explanation.empty())
    queries.push_back(MakeQuery({{&q.explanation, "explanation"}}, key_options));
  for (const auto& reference : indexes_) {
    for (const Query& query : queries) {
      std::vector<similarity::ReferenceMatch> matches = reference->Search(query.lookup, overlap_);
      if (!matches.empty()) ReportMatches(*reference, query, matches, index, reporter);
    }
  }
}

}  // namespace qbank::lint
