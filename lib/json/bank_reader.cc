// The bank file reader: one validating, streaming parse; each question's located tree is turned
// into a model::Question as soon as it is complete.
#include "json/bank_reader.h"

#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "json/document.h"
#include "model/bank_fields.h"

namespace qbank::json {

extern const char kBankSchemaText[];

namespace {

// Turns byte offsets into line:column while walking forward through the source, so locating
// every field of a file costs one pass even when the file is one long line. Going backwards
// falls back to SourceText::PositionAt.
class Locator {
 public:
  explicit Locator(const SourceText& src) : src_(src) {}

  SourcePosition At(size_t offset) {
    const std::string& content = src_.content();
    if (offset > content.size()) offset = content.size();
    if (offset < offset_) {
      pos_ = src_.PositionAt(offset);
      offset_ = offset;
      return pos_;
    }
    const char* p = content.data() + offset_;
    const char* end = content.data() + offset;
    while (p < end) {
      const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
      const char* stop = nl != nullptr ? static_cast<const char*>(nl) : end;
      pos_.column += static_cast<uint32_t>(
          CountCodePoints(std::string_view(p, static_cast<size_t>(stop - p))));
      p = stop;
      if (nl != nullptr) {
        ++pos_.line;
        pos_.column = 1;
        ++p;
      }
    }
    offset_ = offset;
    return pos_;
  }

  SourceSpan Span(size_t begin, size_t end, uint32_t file) {
    SourcePosition b = At(begin);
    SourcePosition e = At(end < begin ? begin : end);
    SourceSpan span;
    span.file = file;
    span.line = b.line;
    span.column = b.column;
    span.end_line = e.line;
    span.end_column = e.column;
    return span;
  }

 private:
  const SourceText& src_;
  size_t offset_ = 0;
  SourcePosition pos_;
};

constexpr std::array<std::string_view, 11> kBankKeys = {
    "$schema",  "qbank",         "id",     "title",      "exam",     "publisher",
    "language", "declared_size", "origin", "extensions", "questions"};
constexpr std::array<std::string_view, 17> kQuestionKeys = {
    "id",      "type",          "exam",        "domain",   "stem",       "trap",
    "options", "stated_answer", "explanation", "tags",     "difficulty", "markup",
    "authors", "review",        "origin",      "suppress", "extensions"};
constexpr std::array<std::string_view, 5> kOptionKeys = {"text", "correct", "weight", "rationale",
                                                         "extensions"};
constexpr std::array<std::string_view, 4> kPersonKeys = {"initials", "name", "credentials",
                                                         "roles"};
constexpr std::array<std::string_view, 3> kReviewKeys = {"date", "reviewer", "checked_against"};
constexpr std::array<std::string_view, 2> kOriginKeys = {"statement", "references"};
constexpr std::array<std::string_view, 2> kSuppressionKeys = {"rule", "reason"};

// Indexes into the arrays above, in the same order.
enum BankKey {
  kBankSchema,
  kBankVersion,
  kBankId,
  kBankTitle,
  kBankExam,
  kBankPublisher,
  kBankLanguage,
  kBankDeclaredSize,
  kBankOrigin,
  kBankExtensions,
  kBankQuestions
};
enum QuestionKey {
  kQuestionId,
  kQuestionType,
  kQuestionExam,
  kQuestionDomain,
  kQuestionStem,
  kQuestionTrap,
  kQuestionOptions,
  kQuestionStatedAnswer,
  kQuestionExplanation,
  kQuestionTags,
  kQuestionDifficulty,
  kQuestionMarkup,
  kQuestionAuthors,
  kQuestionReview,
  kQuestionOrigin,
  kQuestionSuppress,
  kQuestionExtensions
};
enum OptionKey { kOptionText, kOptionCorrect, kOptionWeight, kOptionRationale, kOptionExtensions };
enum PersonKey { kPersonInitials, kPersonName, kPersonCredentials, kPersonRoles };
enum ReviewKey { kReviewDate, kReviewReviewer, kReviewCheckedAgainst };
enum OriginKey { kOriginStatement, kOriginReferences };
enum SuppressionKey { kSuppressionRule, kSuppressionReason };

// Walks an object's members in document order, giving each known member's index in `keys` and
// refusing a member written twice. `fn(index, member)` returns a Status.
template <size_t N, typename Fn>
Status ForEachMember(const SourceText& src, Node& object,
                     const std::array<std::string_view, N>& keys, Fn&& fn) {
  static_assert(N <= 32);
  uint32_t seen = 0;
  for (Member& m : object.mutable_members()) {
    size_t index = 0;
    while (index < N && keys[index] != m.key) ++index;
    if (index == N) continue;  // the schema refuses unknown members before we get here
    if ((seen & (1u << index)) != 0) {
      return src.ErrorAt(m.key_begin,
                         "expected each member once, found \"" + m.key + "\" a second time");
    }
    seen |= 1u << index;
    QBANK_RETURN_IF_ERROR(fn(index, m));
  }
  return Status::Ok();
}

class Converter {
 public:
  Converter(const SourceText& src, uint32_t file) : src_(src), file_(file), loc_(src) {}

  Status Question(Node& node, model::Question& q);
  Status BankFields(Node& root, model::Bank& bank);

 private:
  model::Text TakeText(Node& n) {
    model::Text t;
    t.span = loc_.Span(n.begin() + 1, n.end() - 1, file_);
    t.verbatim = !n.escaped();
    t.value = std::move(n.mutable_string());
    return t;
  }
  std::vector<model::Text> TakeTexts(Node& array) {
    std::vector<model::Text> texts;
    texts.reserve(array.items().size());
    for (Node& n : array.mutable_items()) texts.push_back(TakeText(n));
    return texts;
  }
  SourceSpan Span(const Node& n) { return loc_.Span(n.begin(), n.end(), file_); }
  Status Option(Node& node, model::Option& o);
  Status Person(Node& node, model::Person& p);
  Status Review(Node& node, model::Review& review);
  Status Origin(Node& node, model::Origin& origin);
  Status Suppression(Node& node, model::Suppression& suppression);

  const SourceText& src_;
  uint32_t file_;
  Locator loc_;
};

Status Converter::Option(Node& node, model::Option& o) {
  SourcePosition begin = loc_.At(node.begin());
  QBANK_RETURN_IF_ERROR(ForEachMember(src_, node, kOptionKeys, [&](size_t k, Member& m) {
    switch (k) {
      case kOptionText:
        o.text = TakeText(m.value);
        break;
      case kOptionCorrect:
        o.correct = m.value.as_bool();
        o.correct_span = Span(m.value);
        break;
      case kOptionWeight:
        o.weight = m.value.as_double();
        break;
      case kOptionRationale:
        o.rationale = TakeText(m.value);
        break;
      case kOptionExtensions:
        o.extensions = m.value.ToValue();
        break;
    }
    return Status::Ok();
  }));
  SourcePosition end = loc_.At(node.end());
  o.span = SourceSpan{file_, begin.line, begin.column, end.line, end.column};
  return Status::Ok();
}

Status Converter::Person(Node& node, model::Person& p) {
  return ForEachMember(src_, node, kPersonKeys, [&](size_t k, Member& m) {
    switch (k) {
      case kPersonInitials:
        p.initials = TakeText(m.value);
        break;
      case kPersonName:
        p.name = TakeText(m.value);
        break;
      case kPersonCredentials:
        p.credentials = TakeText(m.value);
        break;
      case kPersonRoles:
        p.roles = TakeTexts(m.value);
        break;
    }
    return Status::Ok();
  });
}

Status Converter::Review(Node& node, model::Review& review) {
  return ForEachMember(src_, node, kReviewKeys, [&](size_t k, Member& m) {
    model::Text t = TakeText(m.value);
    if (k == kReviewDate) {
      review.date = std::move(t);
    } else if (k == kReviewReviewer) {
      review.reviewer = std::move(t);
    } else {
      review.checked_against = std::move(t);
    }
    return Status::Ok();
  });
}

Status Converter::Origin(Node& node, model::Origin& origin) {
  return ForEachMember(src_, node, kOriginKeys, [&](size_t k, Member& m) {
    if (k == kOriginStatement) {
      origin.statement = TakeText(m.value);
    } else {
      origin.references = TakeTexts(m.value);
    }
    return Status::Ok();
  });
}

Status Converter::Suppression(Node& node, model::Suppression& suppression) {
  SourcePosition begin = loc_.At(node.begin());
  QBANK_RETURN_IF_ERROR(ForEachMember(src_, node, kSuppressionKeys, [&](size_t k, Member& m) {
    (k == kSuppressionRule ? suppression.rule : suppression.reason) =
        std::move(m.value.mutable_string());
    return Status::Ok();
  }));
  SourcePosition end = loc_.At(node.end());
  suppression.span = SourceSpan{file_, begin.line, begin.column, end.line, end.column};
  return Status::Ok();
}

Status Converter::Question(Node& node, model::Question& q) {
  SourcePosition begin = loc_.At(node.begin());
  QBANK_RETURN_IF_ERROR(ForEachMember(src_, node, kQuestionKeys, [&](size_t k, Member& m) {
    Node& v = m.value;
    switch (k) {
      case kQuestionId:
        q.id = TakeText(v);
        break;
      case kQuestionType: {
        std::optional<model::QuestionType> type = model::ParseQuestionType(v.as_string());
        if (!type) {
          return src_.ErrorAt(v.begin(), "expected a question type");
        }
        q.type = *type;
        break;
      }
      case kQuestionExam:
        q.exam = TakeText(v);
        break;
      case kQuestionDomain:
        q.domain = TakeText(v);
        break;
      case kQuestionStem:
        q.stem = TakeText(v);
        break;
      case kQuestionTrap:
        q.trap = TakeText(v);
        break;
      case kQuestionOptions:
        q.options.resize(v.items().size());
        for (size_t i = 0; i < q.options.size(); ++i) {
          QBANK_RETURN_IF_ERROR(Option(v.mutable_items()[i], q.options[i]));
        }
        break;
      case kQuestionStatedAnswer:
        q.stated_answer = TakeText(v);
        break;
      case kQuestionExplanation:
        q.explanation = TakeText(v);
        break;
      case kQuestionTags:
        q.tags = TakeTexts(v);
        break;
      case kQuestionDifficulty:
        q.difficulty = TakeText(v);
        break;
      case kQuestionMarkup: {
        std::optional<model::Markup> markup = model::ParseMarkup(v.as_string());
        if (!markup) return src_.ErrorAt(v.begin(), "expected a markup");
        q.markup = *markup;
        break;
      }
      case kQuestionAuthors:
        q.authors.resize(v.items().size());
        for (size_t i = 0; i < q.authors.size(); ++i) {
          QBANK_RETURN_IF_ERROR(Person(v.mutable_items()[i], q.authors[i]));
        }
        break;
      case kQuestionReview:
        return Review(v, *q.review);
      case kQuestionOrigin:
        return Origin(v, *q.origin);
      case kQuestionSuppress:
        q.suppressions.resize(v.items().size());
        for (size_t i = 0; i < q.suppressions.size(); ++i) {
          QBANK_RETURN_IF_ERROR(Suppression(v.mutable_items()[i], q.suppressions[i]));
        }
        break;
      case kQuestionExtensions:
        q.extensions = v.ToValue();
        break;
    }
    return Status::Ok();
  }));
  SourcePosition end = loc_.At(node.end());
  q.span = SourceSpan{file_, begin.line, begin.column, end.line, end.column};
  return Status::Ok();
}

Status Converter::BankFields(Node& root, model::Bank& bank) {
  return ForEachMember(src_, root, kBankKeys, [&](size_t k, Member& m) {
    Node& v = m.value;
    switch (k) {
      case kBankSchema:   // "$schema": for editors only
      case kBankVersion:  // "qbank": the schema allows only version 1
        break;
      case kBankId:
        bank.id = TakeText(v);
        break;
      case kBankTitle:
        bank.title = TakeText(v);
        break;
      case kBankExam:
        bank.exam = TakeText(v);
        break;
      case kBankPublisher:
        bank.publisher = TakeText(v);
        break;
      case kBankLanguage:
        bank.language = TakeText(v);
        break;
      case kBankDeclaredSize:
        if (!v.is_int()) {  // an integer beyond int64 reads as a double
          return src_.ErrorAt(v.begin(),
                              "declared_size: expected an integer up to 9223372036854775807");
        }
        bank.declared_size = v.as_int();
        bank.declared_size_span = Span(v);
        break;
      case kBankOrigin:
        bank.origin = TakeText(v);
        break;
      case kBankExtensions:
        bank.extensions = v.ToValue();
        break;
      case kBankQuestions:  // "questions": already streamed; listed so that a second one is refused
        break;
    }
    return Status::Ok();
  });
}

const Result<Schema>& BankSchema() {
  // Destroyed at exit (not leaked on purpose): RapidJSON packs flags into its pointers, so leak
  // checkers cannot follow a never-freed schema's strings and would report them. One a thread:
  // a schema validates one document at a time (Schema::ParseAndValidate), and the import reads
  // bank files on several threads (formats::ImportOptions::threads).
  thread_local const Result<Schema> schema =
      Schema::Load(SourceText("schemas/bank.schema.json", std::string(kBankSchemaText)));
  return schema;
}

}  // namespace

std::string_view BankSchemaText() { return kBankSchemaText; }

Status ReadBank(const SourceText& src, uint32_t file, model::Bank& bank) {
  const Result<Schema>& schema = BankSchema();
  if (!schema.ok()) {
    return Status::Internal("the embedded bank schema does not load: " +
                            schema.status().ToString());
  }
  // Questions are read straight into the bank, each converted in place (moving a question costs
  // as much as converting it), and taken back on an error, so the bank is left as it was.
  const size_t before = bank.questions.size();
  Converter questions_converter(src, file);
  ParseOptions options;
  options.stream_member = "questions";
  options.on_element = [&](Node&& node) {
    return questions_converter.Question(node, bank.questions.emplace_back());
  };
  Result<Node> root = schema->ParseAndValidate(src, options);
  model::Bank fields;
  Status status = root.ok() ? Converter(src, file).BankFields(*root, fields) : root.status();
  if (!status.ok()) {
    bank.questions.resize(before);
    return status;
  }

  model::TakeEmptyBankFields(bank, fields);
  return Status::Ok();
}

}  // namespace qbank::json
