// Reference index building from files and folders.
#include "commands/index.h"

#include "base/source_alignment.h"
#include "base/source_text.h"
#include "commands/exit_code.h"
#include "commands/inputs.h"
#include "commands/output.h"
#include "formats/import.h"
#include "model/bank.h"
#include "text/readable_text.h"
#include "text/unicode.h"

namespace qbank::commands {
namespace {

// The question's stem and options, a line each; its explanation is a passage of its own, so the
// word-set similarity of a question and a passage is not diluted by the explanation.
std::vector<const model::Text*> QuestionFields(const model::Question& q) {
  std::vector<const model::Text*> fields = {&q.stem};
  for (const model::Option& o : q.options) fields.push_back(&o.text);
  return fields;
}

std::string Joined(const std::vector<const model::Text*>& fields) {
  std::string text;
  for (const model::Text* field : fields) {
    if (field != fields.front()) text += "\n";
    text += field->value;
  }
  return text;
}

// Adds the places of field `text`, which starts at passage byte `offset`, to `place`: where the
// field starts and, for a field that is not the file's bytes as they are (rendered HTML, decoded
// entities, joined lines), where each piece of it stands in the file (AlignToSource).
void AddFieldPlaces(const model::Text& text, size_t offset, PositionCounter& counter,
                    similarity::PassagePlace& place) {
  if (!text.span.known()) return;
  auto anchor = [&](size_t at, SourcePosition p, bool exact) {
    if (at == 0) {
      place.line = p.line;
      place.column = p.column;
      place.layout = exact;
    } else {
      place.anchors.push_back({static_cast<uint32_t>(at), p.line, p.column, exact});
    }
  };
  if (text.verbatim) {
    anchor(offset, {text.span.line, text.span.column}, true);
    return;
  }
  const size_t start = counter.OffsetOf(text.span.line, text.span.column);
  for (const AlignedPiece& piece : AlignToSource(text.value, counter.content(), start)) {
    anchor(offset + piece.value_begin, counter.At(piece.source_begin), piece.exact);
  }
}

// Where question `q`'s passage (`fields`, joined by line breaks) starts and where each field is,
// and the dump question number when `q` was read from a dump.
similarity::PassagePlace PlaceOf(const std::vector<const model::Text*>& fields,
                                 const model::Question& q, PositionCounter& counter) {
  similarity::PassagePlace place;
  place.layout = false;  // the fields are joined by line breaks of their own
  const SourceSpan& span = q.span;
  place.line = span.line == 0 ? 1 : span.line;
  place.column = span.line == 0 || span.column == 0 ? 1 : span.column;
  size_t offset = 0;
  for (const model::Text* field : fields) {
    AddFieldPlaces(*field, offset, counter, place);
    offset += field->value.size() + 1;
  }
  const model::Value* number =
      q.extensions.is_object() ? q.extensions.Find("dump_question") : nullptr;
  if (number != nullptr && number->is_string()) place.dump_question = number->as_string();
  return place;
}

// Bank `bank`, read from `source`, as passages: each question's stem and options one passage at
// its line, its explanation another.
void AddQuestions(const model::Bank& bank, const SourceText& source,
                  similarity::ReferenceIndexBuilder& builder) {
  uint32_t doc = builder.AddDocument(source.path());
  PositionCounter counter(source);
  for (const model::Question& q : bank.questions) {
    std::vector<const model::Text*> fields = QuestionFields(q);
    builder.AddPassage(doc, PlaceOf(fields, q, counter), Joined(fields));
    if (!q.explanation.empty()) {
      builder.AddPassage(doc, PlaceOf({&q.explanation}, q, counter), q.explanation.value);
    }
  }
}

// Reads `path` (`content`, taken when it returns true) as a bank of `format` and adds its
// questions: true when it did. A file of which no question was read is not a bank (false).
// Questions its reader refused are said on `err`: in a dump, each is a warning and the others are
// indexed; in another format (a guess from the content: prose with braces is taken for GIFT), the
// file is left to be indexed as plain text, which keeps every word of it.
bool AddBank(const std::string& path, const formats::Format& format, std::string& content,
             FileSystem& fs, similarity::ReferenceIndexBuilder& builder, std::ostream& err) {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  Status status = formats::ImportInputs({path}, formats::ImportOptions{}, fs, bank, errors);
  if (!status.ok() || bank.questions.empty()) return false;
  if (!errors.empty() && format.name() != "dump") {
    const Diagnostic& first = errors.front();
    err << "qbank index build: note: " << FormatLocation(first.path, first.span) << ": "
        << first.message << "; " << path << " is indexed as plain text, not as " << format.name()
        << " questions (" << errors.size() << " of them not read)\n";
    return false;
  }
  for (const Diagnostic& d : errors) {
    err << "qbank index build: warning: " << FormatLocation(d.path, d.span)
        << ": question not read, so not indexed: " << d.message << "\n";
  }
  AddQuestions(bank, SourceText(path, std::move(content)), builder);
  return true;
}

}  // namespace

Status AddReferenceFile(const std::string& path, FileSystem& fs,
                        similarity::ReferenceIndexBuilder& builder, std::ostream& err) {
  Result<std::string> content = fs.ReadFile(path);
  if (!content.ok()) return content.status();
  const formats::Format* format =
      formats::Registry::Default().Detect(path, content->substr(0, 4096));
  if (format != nullptr && AddBank(path, *format, *content, fs, builder, err)) return Status::Ok();
  size_t bad_offset = 0;
  if (content->find('\0') != std::string::npos) {
    return Status::InvalidInput("binary data (a NUL byte); expected text or a bank file").At(path);
  }
  if (!text::IsValidUtf8(*content, &bad_offset)) {
    return Status::InvalidInput("invalid UTF-8 at byte " + std::to_string(bad_offset) +
                                "; expected UTF-8 text or a bank file")
        .At(path);
  }
  // Text as a person reads it: HTML rendered, PDF-to-text hyphenation and page lines repaired.
  // Plain text with nothing to repair (most files) is indexed as it is: mapping each byte of it
  // to itself, twice, took eight times the file's size while the builder grew.
  const bool html = text::LooksLikeHtml(*content);
  if (!html && !text::NeedsPdfRepair(*content)) {
    similarity::AddReferenceText(path, *content, builder);
    return Status::Ok();
  }
  const text::ReadableText repaired =
      text::RepairPdfText(html ? text::HtmlToText(*content) : text::Identity(*content));
  // Lines and columns of the file as it is, not of the text as read.
  const SourceText source(path, std::move(content).value());
  similarity::AddReferenceText(repaired, source, builder);
  return Status::Ok();
}

int RunIndexBuild(const IndexBuildOptions& options, FileSystem& fs, std::ostream& out,
                  std::ostream& err) {
  if (Status given = RequireInputs(options.sources); !given.ok()) {
    err << "qbank index build: " << given.ToString() << "\n";
    return kExitError;
  }
  if (options.output.empty()) {
    err << "qbank index build: expected -o FILE, the index file to write\n";
    return kExitError;
  }
  std::vector<std::string> named_files;
  for (const std::string& source : options.sources) {
    if (!fs.IsDirectory(source)) named_files.push_back(source);
  }
  // A file named as a source is never overwritten; an earlier index found in a source folder is
  // (it is skipped below).
  if (Status refused = RefuseToOverwriteInput(options.output, named_files); !refused.ok()) {
    err << "qbank index build: " << refused.message() << "\n";
    return kExitError;
  }
  std::vector<std::string> files;
  for (const std::string& source : options.sources) {
    if (fs.IsDirectory(source)) {
      Result<std::vector<std::string>> listed = fs.ListFiles(source);
      if (!listed.ok()) {
        err << listed.status().ToString() << "\n";
        return kExitError;
      }
      files.insert(files.end(), listed->begin(), listed->end());
    } else if (fs.Exists(source)) {
      files.push_back(source);
    } else {
      err << source << ": no such file or folder\n";
      return kExitError;
    }
  }
  similarity::ReferenceIndexBuilder builder(options.parameters);
  for (const std::string& file : files) {
    if (SamePath(file, options.output)) continue;  // an earlier index in a source folder
    Status status = AddReferenceFile(file, fs, builder, err);
    if (!status.ok()) err << status.ToString() << " (skipped)\n";
  }
  if (builder.document_count() == 0) {
    err << "qbank index build: no usable reference text in the sources\n";
    return kExitError;
  }
  // Written as it is made: the file is never held whole in memory beside the builder.
  Status written = fs.WriteFileAtomicStreamed(options.output, [&](std::ostream& stream) {
    QBANK_RETURN_IF_ERROR(builder.Write(stream));
    return stream ? Status::Ok() : Status::IoError("cannot write the index");
  });
  if (!written.ok()) {
    err << written.ToString() << "\n";
    return kExitError;
  }
  out << options.output << ": " << builder.document_count() << " documents, "
      << builder.passage_count() << " passages, " << builder.fingerprint_count() << " fingerprints";
  if (builder.stock_fingerprint_count() > 0) {
    out << " (" << builder.stock_fingerprint_count() << " left out as stock phrasing)";
  }
  out << "\n";
  return kExitOk;
}

}  // namespace qbank::commands
