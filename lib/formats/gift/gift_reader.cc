// The GIFT reader: blocks separated by blank lines, one Diagnostic per malformed question
// (docs/formats/gift.md).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <unordered_set>

#include "base/utf8_text.h"
#include "formats/field_loss.h"
#include "formats/gift/gift_format.h"
#include "formats/gift/gift_syntax.h"
#include "formats/lms_carrier.h"
#include "formats/metadata_carrier.h"
#include "formats/moodle_save_checks.h"
#include "formats/question_names.h"
#include "formats/source_decoding.h"
#include "formats/suppression_directive.h"
#include "model/numerical_answer.h"

namespace qbank::formats {
namespace {

using namespace gift_syntax;  // NOLINT(google-build-using-namespace)

using model::Markup;
using model::QuestionType;
using model::Value;

// Reads a whole file: splits it into blocks at blank lines and parses each.
class GiftReader {
 public:
  GiftReader(const SourceText& text, uint32_t file, ImportContext& ctx)
      : text_(text), file_(file), ctx_(ctx) {}

  void Run() {
    std::string_view content = text_.content();
    size_t pos = 0;
    while (pos <= content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      std::string_view line = content.substr(pos, end - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      std::string_view trimmed = Trim(line);
      if (trimmed.empty()) {
        ParsePendingBlock();
      } else if (trimmed.substr(0, 2) == "//") {
        ReadComment(trimmed.substr(2), pos + static_cast<size_t>(trimmed.data() - line.data()),
                    pos + static_cast<size_t>(trimmed.data() - line.data()) + trimmed.size());
      } else {
        // Moodle trims every line of a question.
        block_.AddLine(trimmed, pos + static_cast<size_t>(trimmed.data() - line.data()));
      }
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    ParsePendingBlock();
    KeepTrailingComments();
    if (questions_ == 0 && errors_ == 0) {
      // Never an empty success for a file that has answer blocks.
      size_t brace = FirstAnswerBlock();
      if (brace != std::string_view::npos) {
        ctx_.AddError(text_, brace,
                      "no question read from a file with answer blocks; expected questions "
                      "separated by blank lines");
      }
    }
  }

 private:
  // The offset of the first unescaped '{' outside comment lines and $CATEGORY: lines (whose
  // name is taken as written, braces and all); npos when none.
  size_t FirstAnswerBlock() const {
    std::string_view content = text_.content();
    size_t pos = 0;
    bool block_start = true;  // no line of a block read yet (comment lines are no block's)
    while (pos < content.size()) {
      size_t nl = content.find('\n', pos);
      size_t end = nl == std::string_view::npos ? content.size() : nl;
      std::string_view line = content.substr(pos, end - pos);
      std::string_view trimmed = Trim(line);
      if (trimmed.empty()) {
        block_start = true;
      } else if (trimmed.substr(0, 2) != "//") {
        bool category = block_start && trimmed.substr(0, 10) == "$CATEGORY:";
        block_start = false;
        size_t brace = category ? std::string_view::npos : FindUnescaped(line, 0, line.size(), "{");
        if (brace != std::string_view::npos) return pos + brace;
      }
      pos = end + 1;
    }
    return std::string_view::npos;
  }

  void ReadComment(std::string_view body, size_t begin, size_t end) {
    SourceSpan span = text_.SpanOf(begin, end, file_);
    SuppressionDirective directive;
    if (ParseSuppressionDirective(body, directive)) {
      for (model::Suppression& s : directive.suppressions) {
        s.span = span;
        (directive.next ? next_suppressions_ : suppressions_).push_back(std::move(s));
      }
      return;
    }
    // qbank's metadata comments (docs/formats/gift.md): the question's fields GIFT has no
    // notation for, and the bank's own fields.
    std::string_view trimmed = Trim(body);
    if (trimmed.starts_with(kQuestionMetaPrefix)) {
      meta_json_ = std::string(Trim(trimmed.substr(kQuestionMetaPrefix.size())));
      meta_offset_ = begin;
      return;
    }
    if (trimmed.starts_with(kBankMetaPrefix) && ctx_.bank != nullptr) {
      Status applied = ApplyBankMetadataJson(Trim(trimmed.substr(kBankMetaPrefix.size())),
                                             text_.path(), *ctx_.bank);
      if (applied.ok()) return;
      ctx_.AddWarning(text_, begin,
                      "a '// qbank-bank:' comment that is not the bank fields qbank writes (" +
                          applied.message() + "); kept as a comment");
    }
    // [id:...] and [tag:...] (a ']' inside is written "\]"); the rest of the comment is kept.
    std::string rest;
    size_t i = 0;
    while (i < body.size()) {
      bool is_id = body.compare(i, 4, "[id:") == 0;
      bool is_tag = body.compare(i, 5, "[tag:") == 0;
      if (is_id || is_tag) {
        size_t start = i + (is_id ? 4 : 5);
        std::string value;
        size_t j = start;
        for (; j < body.size() && body[j] != ']'; ++j) {
          if (body[j] == '\\' && j + 1 < body.size() && body[j + 1] == ']') ++j;
          value += body[j];
        }
        if (j < body.size()) {
          size_t value_begin = begin + 2 + start;
          model::Text text(std::string(Trim(value)));
          text.span = text_.SpanOf(value_begin, begin + 2 + j, file_);
          text.verbatim = body.substr(start, j - start) == text.value;
          if (is_id) {
            id_ = std::move(text);
          } else {
            tags_.push_back(std::move(text));
          }
          i = j + 1;
          continue;
        }
      }
      rest += body[i++];
    }
    std::string_view kept = Trim(rest);
    if (!kept.empty()) comments_.push_back(std::string(kept));
  }

  void ParsePendingBlock() {
    if (block_.empty()) {
      EndCommentBlock();
      return;
    }
    Block block = std::move(block_);
    block_ = Block();
    std::string_view raw = Trim(block.raw());
    if (raw.substr(0, 10) == "$CATEGORY:") {
      // As in Moodle the category is taken as written (no escapes), from its one line.
      size_t line_end =
          block.raw().find('\n', static_cast<size_t>(raw.data() - block.raw().data()));
      if (line_end == std::string::npos) line_end = block.raw().size();
      size_t begin = static_cast<size_t>(raw.data() - block.raw().data()) + 10;
      std::string_view name = Trim(std::string_view(block.raw()).substr(begin, line_end - begin));
      category_ = model::Text(std::string(name));
      category_.span = text_.SpanOf(block.SourceOffset(begin), block.SourceOffset(line_end), file_);
      Block rest = block.WithoutFirstLine();
      if (rest.empty() || Trim(rest.raw()).empty()) {
        // The comments around the category line wait as a block, and their suppressions for
        // the question after the category.
        EndCommentBlock();
        return;
      }
      // Lines right after the category line are a question (Moodle would take them into the
      // category's name and lose them).
      size_t first = 0;
      while (first < rest.raw().size() && IsBlank(rest.raw()[first])) ++first;
      ctx_.AddWarning(text_, rest.SourceOffset(first),
                      "no blank line after the $CATEGORY: line; read as a question (Moodle would "
                      "read these lines as part of the category's name)");
      block = std::move(rest);
    }
    model::Question q;
    QuestionParser parser(block, &text_, file_);
    parser.ParseQuestion(q);
    for (const auto& [pos, message] : parser.warnings()) {
      if (!parser.failed()) ctx_.AddWarning(text_, block.SourceOffset(pos), message);
    }
    if (parser.failed()) {
      ctx_.AddError(text_, block.SourceOffset(parser.error_pos()), parser.error());
      ++errors_;
      ClearPending();
      return;
    }
    ++questions_;
    for (const std::string& problem : MoodleSaveProblems(q)) {
      ctx_.AddWarning(text_, block.SourceOffset(0), problem);
    }
    q.id = id_;
    // Without an [id:...] comment the title is the id (docs/formats/README.md, ids and titles).
    // The set of the bank's ids is made when a question first lacks an id: until then every
    // question read went into the bank with the id it has now, so the bank's ids are the set
    // (a file whose questions all have ids, as qbank writes them, never makes it).
    if (q.id.empty() || used_ids_.has_value() || ctx_.bank == nullptr) {
      if (!used_ids_.has_value())
        used_ids_ = ctx_.bank != nullptr ? UsedIds(*ctx_.bank) : std::unordered_set<std::string>();
      AdoptTitleAsId(q, GiftString(q.extensions, "title"), *used_ids_);
    }
    q.tags = tags_;
    model::SetIfHeld(q.domain, category_);
    q.suppressions = next_suppressions_;
    q.suppressions.insert(q.suppressions.end(), suppressions_.begin(), suppressions_.end());
    ApplyQuestionMetadata(q);
    if (!comments_.empty()) {
      Value::Array comments;
      for (const std::string& c : comments_) comments.emplace_back(c);
      q.extensions[std::string(kExtension)]["comments"] = Value(std::move(comments));
    }
    if (!detached_.empty()) {
      q.extensions[std::string(kExtension)]["comments_before"] = Value(std::move(detached_));
      detached_.clear();
    }
    DropTitleThatIsTheId(q);
    q.span = text_.SpanOf(block.SourceOffset(0), block.SourceOffset(block.raw().size()), file_);
    if (ctx_.bank != nullptr) ctx_.bank->questions.push_back(std::move(q));
    ClearPending();
  }

  // A block of comments only: its id and tags belong to no question; its comments are kept
  // with the next question, before a blank line (or after the file's last question), and its
  // suppressions wait for the next question.
  void EndCommentBlock() {
    DetachPendingComments();
    std::vector<model::Suppression> waiting = std::move(next_suppressions_);
    waiting.insert(waiting.end(), suppressions_.begin(), suppressions_.end());
    ClearPending();
    next_suppressions_ = std::move(waiting);
  }

  // The pending comments, which belong to no question, wait as one block for the next one.
  void DetachPendingComments() {
    if (comments_.empty()) return;
    Value::Array lines(comments_.begin(), comments_.end());
    detached_.emplace_back(std::move(lines));
  }

  // Comment blocks after the file's last question stay with it ("comments_after").
  void KeepTrailingComments() {
    if (detached_.empty() || questions_ == 0 || ctx_.bank == nullptr) return;
    model::Question& last = ctx_.bank->questions.back();
    if (last.span.file != file_) return;
    last.extensions[std::string(kExtension)]["comments_after"] = Value(std::move(detached_));
    detached_.clear();
  }

  // Removes extensions.gift.<key> (and the gift object, when it is left empty).
  static void EraseGiftKey(model::Question& q, const std::string& key) {
    Value* gift = q.extensions.is_object() && q.extensions.Find(std::string(kExtension)) != nullptr
                      ? &q.extensions[std::string(kExtension)]
                      : nullptr;
    if (gift == nullptr || !gift->is_object()) return;
    gift->mutable_object().erase(key);
    if (gift->as_object().empty()) q.extensions.mutable_object().erase(std::string(kExtension));
    if (q.extensions.as_object().empty()) q.extensions = Value();
  }

  // A title that is the id is not kept apart: the exporter writes the id as the title.
  static void DropTitleThatIsTheId(model::Question& q) {
    if (!q.id.empty() && GiftString(q.extensions, "title") == q.id.value) {
      EraseGiftKey(q, "title");
    }
  }

  // The pending "// qbank-meta:" comment applied to `q`; one qbank did not write is a warning and
  // stays a comment.
  void ApplyQuestionMetadata(model::Question& q) {
    if (meta_json_.empty()) return;
    model::Question carried_texts;
    Status applied = ApplyMetadataJson(meta_json_, text_.path(), q, &carried_texts);
    if (applied.ok()) {
      // The [html] text was rendered from a Markdown draft: the draft again, where not edited.
      // What was read for writing the GIFT text back as it was is then qbank's rendering, not
      // the writer's: it goes.
      if (FinishCarried(carried_texts, Carrier().html, q)) {
        for (const char* key : {"answers", "tf"}) EraseGiftKey(q, key);
      }
      return;
    }
    ctx_.AddWarning(text_, meta_offset_,
                    "a '// qbank-meta:' comment that is not the metadata qbank writes (" +
                        applied.message() + "); kept as a comment");
    comments_.insert(comments_.begin(), std::string(kQuestionMetaPrefix) + " " + meta_json_);
  }

  // Forgets everything the comments before a block said (the question is read or refused).
  void ClearPending() {
    id_ = model::Text();
    tags_.clear();
    comments_.clear();
    meta_json_.clear();
    suppressions_.clear();
    next_suppressions_.clear();
  }

  const SourceText& text_;
  uint32_t file_;
  ImportContext& ctx_;
  size_t questions_ = 0;  // read from this file
  size_t errors_ = 0;     // reported for this file
  Block block_;
  model::Text category_;
  model::Text id_;
  std::vector<model::Text> tags_;
  std::vector<std::string> comments_;
  Value::Array detached_;  // comment-only blocks waiting for the next question, one array each
  std::string meta_json_;  // the question's "// qbank-meta:" comment, applied once it is read
  size_t meta_offset_ = 0;
  std::vector<model::Suppression> suppressions_;
  std::vector<model::Suppression> next_suppressions_;
  std::optional<std::unordered_set<std::string>> used_ids_;  // ids in the bank, made on first use
};
}  // namespace

std::optional<double> MoodleGrade(double percent) {
  for (double g : kGrades) {
    for (double s : {g, -g}) {
      if (std::fabs(percent - s) < 0.001) return s;
    }
  }
  return std::nullopt;
}

int GiftFormat::Sniff(std::string_view /*path*/, std::string_view content) const {
  size_t pos = 0;
  int score = 0;
  while (pos < content.size()) {
    size_t nl = content.find('\n', pos);
    size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::string_view line = Trim(content.substr(pos, end - pos));
    if (line.substr(0, 10) == "$CATEGORY:") return 90;
    if (line.substr(0, 2) == "::" && FindUnescaped(line, 2, line.size(), "::") != line.npos) {
      return 90;
    }
    size_t open = FindUnescaped(line, 0, line.size(), "{");
    if (open != std::string_view::npos && line.substr(0, 2) != "//") {
      std::string_view rest = line.substr(open + 1);
      if (rest.empty() || rest.find_first_of("=~}") != std::string_view::npos ||
          Upper(Trim(rest.substr(0, rest.find('}')))) == "T") {
        score = 60;
      }
    }
    pos = end + 1;
  }
  return score;
}

Status GiftFormat::Import(const SourceText& source, ImportContext& ctx) const {
  Result<DecodedSource> decoded = DecodeSource(source, ctx);
  if (!decoded.ok()) return decoded.status();
  GiftReader reader(*decoded->text, decoded->file, ctx);
  reader.Run();
  return Status::Ok();
}

}  // namespace qbank::formats
