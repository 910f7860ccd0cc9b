// fmt over every format's reader and writer: read a file, write it back in its own format, and
// make sure reading the result back gives what reading the file gave.
#include "commands/fmt.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "base/utf8_text.h"
#include "commands/exit_code.h"
#include "commands/formats.h"
#include "commands/inputs.h"
#include "formats/import.h"
#include "formats/registry.h"
#include "model/bank_compare.h"
#include "model/normalize.h"
#include "report/text_report.h"

namespace qbank::commands {
namespace {

// One file fmt works on, and its format.
struct FmtTarget {
  std::string path;
  const formats::Format* format = nullptr;
};

// A bank read from one file, with what the reader said about it.
struct ReadResult {
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
};

std::string Plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "path:line: question ID" (or "the question at path:line" when it has no id).
std::string QuestionName(const model::Bank& bank, const model::Question& q) {
  std::string where = bank.SourcePath(q.span.file);
  if (q.span.line > 0) where += ":" + std::to_string(q.span.line);
  return where + ": question" + (q.id.empty() ? "" : " " + q.id.value);
}

class Formatter {
 public:
  Formatter(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err)
      : options_(options),
        fs_(fs),
        out_(out),
        err_(err),
        registry_(options.registry != nullptr ? *options.registry : formats::Registry::Default()) {}

  int Run() {
    if (Status usage = CheckUsage(); !usage.ok()) {
      err_ << "qbank fmt: " << usage.ToString() << "\n";
      return kExitError;
    }
    for (const std::string& input : options_.inputs) {
      if (fs_.IsDirectory(input)) {
        AddFolder(input);
      } else {
        AddFile(input, /*in_folder=*/false);
      }
    }
    for (const FmtTarget& target : targets_) Note(FormatFile(target));
    if (targets_.empty() && exit_code_ == kExitOk) {
      err_ << "qbank fmt: no question file in the folders given\n";
      return kExitError;
    }
    return exit_code_;
  }

 private:
  Status CheckUsage() {
    if (options_.check && options_.write) {
      return Status::Usage("--check and --write cannot be used together");
    }
    QBANK_RETURN_IF_ERROR(RequireInputs(options_.inputs));
    if (options_.from.empty()) return Status::Ok();
    forced_ = registry_.Find(options_.from);
    if (forced_ == nullptr || !forced_->can_import() || !forced_->can_export()) {
      return Status::Usage("fmt cannot read and write the format '" + options_.from +
                           "'; expected one of " +
                           FormatNames(FormatsThat::kReadAndWrite, &registry_));
    }
    return Status::Ok();
  }

  // Keeps the worst exit code seen.
  void Note(int code) { exit_code_ = std::max(exit_code_, code); }

  // Every file of a folder that qbank reads as questions, as lint picks them.
  void AddFolder(const std::string& dir) {
    Result<std::vector<std::string>> files = fs_.ListFiles(dir);
    if (!files.ok()) {
      err_ << "qbank fmt: " << files.status().ToString() << "\n";
      Note(kExitError);
      return;
    }
    for (const std::string& path : *files) {
      bool known = forced_ != nullptr ? formats::HasExtensionOf(*forced_, path)
                                      : registry_.KnowsExtension(path);
      if (known) AddFile(path, /*in_folder=*/true);
    }
  }

  // Picks the format of one file. In a folder, a file that is not questions (a README.md, a
  // baseline, a QTI manifest) is skipped; named directly, a file fmt cannot write back is an error.
  void AddFile(const std::string& path, bool in_folder) {
    Result<std::string> content = fs_.ReadFile(path);
    if (!content.ok()) {
      err_ << "qbank fmt: " << content.status().ToString() << "\n";
      Note(kExitError);
      return;
    }
    std::string_view head = std::string_view(*content).substr(0, size_t{64} * 1024);
    const formats::Format* format = forced_ != nullptr ? forced_ : registry_.Detect(path, head);
    bool questions = format != nullptr && (forced_ != nullptr || format->Sniff(path, head) > 0);
    if (in_folder && !questions) return;
    if (format == nullptr) {
      err_ << path << ": cannot tell the format of this file; name it with --from FORMAT\n";
      Note(kExitError);
      return;
    }
    if (!format->CanWriteBack(path, head)) {
      err_ << "qbank fmt: " << (in_folder ? "note: skipped " : "") << path << ": the "
           << format->name() << " writer does not write this kind of file back ("
           << (format->can_export() ? "docs/formats/README.md, 'qbank fmt'"
                                    : "the format is read only")
           << ")\n";
      if (!in_folder) Note(kExitError);
      return;
    }
    targets_.push_back({path, format});
  }

  // Reads `inputs` ("-" for `text`) as `format` into a bank; ids are left as the file gives them.
  ReadResult Read(const std::string& path, const formats::Format& format,
                  const std::string* text) const {
    ReadResult read;
    formats::ImportOptions import;
    import.from = std::string(format.name());
    import.warnings = &read.warnings;
    import.assign_ids = false;
    import.registry = &registry_;
    std::istringstream stream(text != nullptr ? *text : std::string());
    if (text != nullptr) {
      import.stdin_stream = &stream;
      import.stdin_name = path;
    } else {
      import.encoding = options_.encoding;
    }
    Status status =
        formats::ImportInputs({text != nullptr ? "-" : path}, import, fs_, read.bank, read.errors);
    if (!status.ok()) read.errors.push_back(Diagnostic::FromStatus(status, path));
    return read;
  }

  int FormatFile(const FmtTarget& target) {
    ReadResult read = Read(target.path, *target.format, nullptr);
    if (!read.errors.empty() || !read.warnings.empty()) return RefuseUnread(target, read);
    if (int refused = RefuseUnkept(target, read.bank); refused >= 0) return refused;
    formats::ExportOptions export_options;
    export_options.output_path = target.path;
    formats::LossReport loss;
    Result<std::string> canonical =
        formats::ExportBank(*target.format, read.bank, export_options, loss);
    if (!canonical.ok()) {
      err_ << "qbank fmt: " << target.path << ": " << canonical.status().ToString() << "\n";
      return kExitError;
    }
    if (!loss.empty()) return RefuseLoss(target, read.bank, loss);
    ReadResult again = Read(target.path, *target.format, &*canonical);
    if (!again.errors.empty()) {
      err_ << "qbank fmt: " << target.path << ": not formatted: the " << target.format->name()
           << " writer made a file qbank cannot read back (a bug in qbank; please report it):\n";
      report::WriteImportErrors(again.errors, again.bank, err_);
      return kExitError;
    }
    // The file as read; the banks are normalised in place by the comparison (neither is needed
    // after it).
    std::shared_ptr<const SourceText> original = read.bank.sources.front();
    if (int refused = RefuseChanges(target, read.bank, again.bank); refused >= 0) return refused;
    return Emit(*original, KeepByteOrderMark(original->content(), std::move(canonical).value()));
  }

  // What the reader does not keep (XML comments), in every source the bank was read from (a
  // file's decoded text stands for the file: the text that was read; the members of a package):
  // named at their places; -1 when there is none.
  int RefuseUnkept(const FmtTarget& target, const model::Bank& bank) {
    std::vector<std::string> places;
    for (size_t i = 0; i < bank.sources.size(); ++i) {
      const SourceText& source = *bank.sources[i];
      auto decoded_later = std::find_if(
          bank.sources.begin() + static_cast<std::ptrdiff_t>(i) + 1, bank.sources.end(),
          [&](const auto& later) { return later->path() == source.path(); });
      if (decoded_later != bank.sources.end()) continue;
      for (const formats::UnkeptContent& u : target.format->Unkept(source)) {
        places.push_back(source.ErrorAt(u.offset, u.what).ToString());
      }
    }
    if (places.empty()) return -1;
    err_ << "qbank fmt: " << target.path << ": not formatted: qbank does not keep what these "
         << "places hold, so writing the file back would lose it; nothing written:\n";
    for (const std::string& place : places) err_ << "  " << place << "\n";
    return kExitError;
  }

  int RefuseUnread(const FmtTarget& target, const ReadResult& read) {
    std::vector<Diagnostic> all = read.errors;
    all.insert(all.end(), read.warnings.begin(), read.warnings.end());
    report::WriteImportErrors(all, read.bank, err_);
    err_ << "qbank fmt: " << target.path << ": not formatted: "
         << (read.errors.empty()
                 ? Plural(read.warnings.size(), "warning", "warnings") +
                       " (written back, the file would say what qbank read, not what it says)"
                 : Plural(read.errors.size(), "input error", "input errors"))
         << "; nothing written\n";
    return kExitError;
  }

  // The writer dropped values: names them per question.
  int RefuseLoss(const FmtTarget& target, const model::Bank& bank,
                 const formats::LossReport& loss) {
    err_ << "qbank fmt: " << target.path << ": not formatted: the " << target.format->name()
         << " writer cannot write back everything the file holds; nothing written:\n";
    // One line per question (or the bank), its fields in the order first dropped.
    std::vector<std::string> order;
    std::map<std::string, std::string> fields;
    for (const formats::DroppedValue& v : loss.values()) {
      std::string who = v.question_id.empty() && v.line == 0 ? "the bank" : "question";
      if (!v.question_id.empty()) who += " " + v.question_id;
      std::string where = v.path.empty() ? bank.SourcePath(0) : v.path;
      if (v.line > 0) where += ":" + std::to_string(v.line);
      std::string key = where;
      key += ": ";
      key += who;
      if (fields.count(key) == 0) order.push_back(key);
      std::string& list = fields[key];
      list += (list.empty() ? "" : ", ") + v.field;
      if (v.count > 1) list += " (" + std::to_string(v.count) + " values)";
    }
    for (const std::string& key : order)
      err_ << "  " << key << " would lose " << fields[key] << "\n";
    return kExitError;
  }

  // Reading the canonical form back must give the values reading the file gave (white space
  // inside fields compared as fmt normalises it); -1 when it does, else the exit code.
  int RefuseChanges(const FmtTarget& target, model::Bank& before, model::Bank& after) {
    model::NormalizeBank(before);
    model::NormalizeBank(after);
    std::vector<std::string> lines;
    std::vector<std::string> bank_fields = model::BankFieldDifferences(before, after);
    if (!bank_fields.empty()) lines.push_back(target.path + ": the bank: " + Join(bank_fields));
    if (before.questions.size() != after.questions.size()) {
      lines.push_back(target.path + ": " +
                      Plural(before.questions.size(), "question", "questions") +
                      " would read back as " + std::to_string(after.questions.size()));
    } else {
      for (size_t i = 0; i < before.questions.size(); ++i) {
        std::vector<std::string> fields =
            model::QuestionDifferences(before.questions[i], after.questions[i]);
        if (fields.empty()) continue;
        lines.push_back(QuestionName(before, before.questions[i]) + ": " + Join(fields));
      }
    }
    if (lines.empty()) return -1;
    err_ << "qbank fmt: " << target.path << ": not formatted: written back as "
         << target.format->name() << ", these fields would not read back as they are; nothing "
         << "written:\n";
    for (const std::string& line : lines) err_ << "  " << line << "\n";
    return kExitError;
  }

  static std::string Join(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  // Prints, checks or writes the canonical form of one file.
  int Emit(const SourceText& file, const std::string& canonical) {
    if (!options_.check && !options_.write) {
      out_ << canonical;
      return kExitOk;
    }
    std::string_view original = file.content();
    if (canonical == original) return kExitOk;
    if (options_.check) {
      auto [a, b] =
          std::mismatch(original.begin(), original.end(), canonical.begin(), canonical.end());
      size_t offset = static_cast<size_t>(a - original.begin());
      err_ << file.ErrorAt(offset, "not normalised (run `qbank fmt --write " + file.path() + "`)")
                  .ToString()
           << "\n";
      return kExitCheckFailed;
    }
    Status status = fs_.WriteFileAtomic(file.path(), canonical);
    if (!status.ok()) {
      err_ << "qbank fmt: " << status.ToString() << "\n";
      return kExitError;
    }
    out_ << "formatted " << file.path() << "\n";
    return kExitOk;
  }

  const FmtOptions& options_;
  FileSystem& fs_;
  std::ostream& out_;
  std::ostream& err_;
  const formats::Registry& registry_;
  const formats::Format* forced_ = nullptr;
  std::vector<FmtTarget> targets_;
  int exit_code_ = kExitOk;
};

}  // namespace

int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err) {
  Formatter formatter(options, fs, out, err);
  return formatter.Run();
}

}  // namespace qbank::commands
