// fmt over every format's reader and writer: read a file, write it back in its own format, and
// make sure reading the result back gives what reading the file gave.
#include "commands/fmt.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
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

// Reads `content` as `format` into a bank; ids are left as the file gives them.
ReadResult Read(const std::string& path, std::string content, const formats::Format& format,
                FileSystem& fs, const std::string& encoding, const FmtSheet& sheet) {
  ReadResult read;
  formats::ImportOptions import;
  import.warnings = &read.warnings;
  import.assign_ids = false;
  import.encoding = encoding;
  import.sheet.columns = sheet.columns;
  import.sheet.sheet = sheet.sheet;
  formats::InputFile file;
  file.path = path;
  file.content = std::move(content);
  file.format = &format;
  formats::ImportFile(std::move(file), import, fs, read.bank, read.errors);
  return read;
}

// FormatText for one file: each check that can refuse it writes why on `why_`.
class TextFormatter {
 public:
  TextFormatter(const std::string& path, const formats::Format& format, FileSystem& fs,
                const FmtSheet& sheet)
      : path_(path), format_(format), fs_(fs), sheet_(sheet) {}

  Formatted Run(std::string content, const std::string& encoding) {
    encoding_ = encoding;
    Formatted result;
    ReadResult read = Read(path_, std::move(content), format_, fs_, encoding, sheet_);
    if (!read.bank.sources.empty()) result.source = read.bank.sources.front();
    if (!Format(read)) {
      result.refusal = why_.str();
      return result;
    }
    result.ok = true;
    result.warnings = std::move(warnings_);
    result.text = KeepByteOrderMark(result.source->content(), std::move(canonical_));
    return result;
  }

 private:
  // Writes the bank back into canonical_; false when a check refuses it (and says why).
  bool Format(ReadResult& read) {
    if (!read.errors.empty()) return !RefuseUnread(read);
    if (RefuseUnkept(read.bank)) return false;
    if (!WriteBack(read.bank)) return false;
    // Written back byte for byte as the file was read (as UTF-8, from that one source), the file
    // is its own canonical form: reading it back would read the same bytes in the same way, and
    // give what this read gave (its values, its warnings), so that read is not repeated.
    bool unchanged = encoding_.empty() && read.bank.sources.size() == 1 &&
                     read.bank.sources.front()->content() == canonical_;
    if (!unchanged && !ReadsBackTheSame(read)) return false;
    std::ostringstream shown;
    report::WriteImportErrors(read.warnings, read.bank, shown);
    warnings_ = shown.str();
    return true;
  }

  // The format's writer over `bank`, into canonical_; false (and why) when it fails or drops a
  // value.
  bool WriteBack(const model::Bank& bank) {
    formats::ExportOptions export_options;
    export_options.output_path = path_;
    export_options.written_over = ReadText(bank);
    export_options.columns = sheet_.columns;
    formats::LossReport loss;
    Result<std::string> canonical = formats::ExportBank(format_, bank, export_options, loss);
    if (!canonical.ok()) {
      why_ << "qbank fmt: " << path_ << ": " << canonical.status().ToString() << "\n";
      return false;
    }
    if (!loss.empty()) return !RefuseLoss(bank, loss);
    canonical_ = std::move(canonical).value();
    return true;
  }

  // Reads canonical_ back: true when it reads without errors, gives each of the file's warnings
  // again and the values reading the file gave; else false, and why.
  bool ReadsBackTheSame(ReadResult& read) {
    ReadResult again = Read(path_, canonical_, format_, fs_, "", sheet_);
    if (!again.errors.empty()) {
      why_ << "qbank fmt: " << path_ << ": not formatted: the " << format_.name()
           << " writer made a file qbank cannot read back (a bug in qbank; please report it):\n";
      report::WriteImportErrors(again.errors, again.bank, why_);
      return false;
    }
    if (RefuseChangedWarnings(read, again)) return false;
    // The banks are normalised in place by the comparison (neither is needed after it; the
    // warnings are placed by the sources, which it leaves as they are).
    return !RefuseChanges(read.bank, again.bank);
  }

  // The text the reader read for the file: its decoded copy (after --encoding or a byte-order
  // mark) when it made one, else the file.
  const SourceText* ReadText(const model::Bank& bank) const {
    for (auto it = bank.sources.rbegin(); it != bank.sources.rend(); ++it) {
      if ((*it)->path() == path_) return it->get();
    }
    return nullptr;
  }

  // What the reader does not keep (XML comments), in every source the bank was read from (a
  // file's decoded text stands for the file: the text that was read; the members of a package):
  // named at their places; true when it refuses the file.
  bool RefuseUnkept(const model::Bank& bank) {
    std::vector<std::string> places;
    for (size_t i = 0; i < bank.sources.size(); ++i) {
      const SourceText& source = *bank.sources[i];
      auto decoded_later = std::find_if(
          bank.sources.begin() + static_cast<std::ptrdiff_t>(i) + 1, bank.sources.end(),
          [&](const auto& later) { return later->path() == source.path(); });
      if (decoded_later != bank.sources.end()) continue;
      for (const formats::UnkeptContent& u : format_.Unkept(source)) {
        places.push_back(source.ErrorAt(u.offset, u.what).ToString());
      }
    }
    if (places.empty()) return false;
    why_ << "qbank fmt: " << path_ << ": not formatted: qbank does not keep what these "
         << "places hold, so writing the file back would lose it; nothing written:\n";
    for (const std::string& place : places) why_ << "  " << place << "\n";
    return true;
  }

  bool RefuseUnread(const ReadResult& read) {
    std::vector<Diagnostic> all = read.errors;
    all.insert(all.end(), read.warnings.begin(), read.warnings.end());
    report::WriteImportErrors(all, read.bank, why_);
    why_ << "qbank fmt: " << path_
         << ": not formatted: " << Plural(read.errors.size(), "input error", "input errors")
         << "; nothing written\n";
    return true;
  }

  // A warning is about a part of the file read otherwise than it is written (or dropped, as
  // Moodle drops it). The canonical form keeps that part as written exactly when reading it back
  // gives the same warning again (the same message, wherever it stands); one that does not come
  // back means the file written back would say what qbank read, not what the file says. True when
  // some warning does not come back (or a new one appears: a bug in the writer), and refused.
  bool RefuseChangedWarnings(const ReadResult& read, const ReadResult& again) {
    std::multiset<std::string> left;
    for (const Diagnostic& d : again.warnings) left.insert(d.message);
    std::vector<Diagnostic> gone;
    for (const Diagnostic& d : read.warnings) {
      auto it = left.find(d.message);
      if (it == left.end()) {
        gone.push_back(d);
      } else {
        left.erase(it);
      }
    }
    if (!gone.empty()) {
      report::WriteImportErrors(gone, read.bank, why_);
      why_ << "qbank fmt: " << path_ << ": not formatted: written back, the file would no longer "
           << "say what " << (gone.size() == 1 ? "this warning is" : "these warnings are")
           << " about (it would say what qbank read, not what the file says); fix "
           << (gone.size() == 1 ? "it" : "them") << " first; nothing written\n";
      return true;
    }
    if (left.empty()) return false;
    why_ << "qbank fmt: " << path_ << ": not formatted: the " << format_.name()
         << " writer made a file that reads back with warnings the file has not (a bug in qbank; "
         << "please report it):\n";
    for (const std::string& message : left) why_ << "  " << message << "\n";
    return true;
  }

  // The writer dropped values: names them per question.
  bool RefuseLoss(const model::Bank& bank, const formats::LossReport& loss) {
    why_ << "qbank fmt: " << path_ << ": not formatted: the " << format_.name()
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
      why_ << "  " << key << " would lose " << fields[key] << "\n";
    return true;
  }

  // Reading the canonical form back must give the values reading the file gave (white space
  // inside fields compared as fmt normalises it); true when they do not (refused).
  bool RefuseChanges(model::Bank& before, model::Bank& after) {
    model::NormalizeBank(before);
    model::NormalizeBank(after);
    std::vector<std::string> lines;
    std::vector<std::string> bank_fields = model::BankFieldDifferences(before, after);
    if (!bank_fields.empty()) lines.push_back(path_ + ": the bank: " + Join(bank_fields));
    if (before.questions.size() != after.questions.size()) {
      lines.push_back(path_ + ": " + Plural(before.questions.size(), "question", "questions") +
                      " would read back as " + std::to_string(after.questions.size()));
    } else {
      for (size_t i = 0; i < before.questions.size(); ++i) {
        std::vector<std::string> fields =
            model::QuestionDifferences(before.questions[i], after.questions[i]);
        if (fields.empty()) continue;
        lines.push_back(QuestionName(before, before.questions[i]) + ": " + Join(fields));
      }
    }
    if (lines.empty()) return false;
    why_ << "qbank fmt: " << path_ << ": not formatted: written back as " << format_.name()
         << ", these fields would not read back as they are; nothing "
         << "written:\n";
    for (const std::string& line : lines) why_ << "  " << line << "\n";
    return true;
  }

  static std::string Join(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  const std::string& path_;
  const formats::Format& format_;
  FileSystem& fs_;
  const FmtSheet& sheet_;
  std::string encoding_;  // the file's, as given to Run
  std::ostringstream why_;
  std::string canonical_;
  std::string warnings_;  // the file's warnings, as fmt prints them, when it is formatted
};

// RunFmt: the walk's files, each formatted and printed, checked or written.
class Formatter : public formats::InputVisitor {
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
    formats::ImportOptions walk;
    walk.from = options_.from;
    walk.registry = &registry_;
    walk.stdin_stream = options_.stdin_stream != nullptr ? options_.stdin_stream : &std::cin;
    walk.stdin_name = options_.stdin_filename;
    walk.detect_stdin_format = true;
    Status status = formats::WalkInputs(options_.inputs, walk, fs_, walk_errors_, *this);
    PrintWalkErrors();
    if (!status.ok()) {
      err_ << "qbank fmt: " << status.ToString() << "\n";
      return kExitError;
    }
    if (taken_ == 0 && exit_code_ == kExitOk) {
      err_ << "qbank fmt: no question file in the folders given\n";
      return kExitError;
    }
    return exit_code_;
  }

  void File(formats::InputFile file) override {
    PrintWalkErrors();
    if (!WritesBack(file)) return;
    ++taken_;
    std::string path = file.path;
    bool from_stdin = file.from_stdin;
    Formatted formatted = FormatText(path, std::move(file.content), *file.format, fs_,
                                     options_.encoding, options_.sheet);
    err_ << formatted.warnings;
    if (!formatted.ok) {
      err_ << formatted.refusal;
      Note(kExitError);
      return;
    }
    Note(Emit(*formatted.source, formatted.text, from_stdin));
  }

  // A package folder's files are formatted one by one (its manifest is not written back).
  bool Package(const std::string& /*dir*/, const formats::Format& /*format*/) override {
    return false;
  }

 private:
  Status CheckUsage() {
    if (options_.check && options_.write) {
      return Status::Usage("--check and --write cannot be used together");
    }
    QBANK_RETURN_IF_ERROR(RequireInputs(options_.inputs));
    bool reads_stdin =
        std::find(options_.inputs.begin(), options_.inputs.end(), "-") != options_.inputs.end();
    if (options_.write && reads_stdin) {
      return Status::Usage(
          "--write cannot rewrite standard input ('-'); without --write, the canonical form is "
          "printed");
    }
    if (!options_.stdin_filename.empty() && !reads_stdin) {
      return Status::Usage("--stdin-filename names standard input; give '-' among the inputs");
    }
    if (options_.from.empty()) return Status::Ok();
    const formats::Format* forced = registry_.Find(options_.from);
    if (forced == nullptr || !forced->can_import() || !forced->can_export()) {
      return Status::Usage("fmt cannot read and write the format '" + options_.from +
                           "'; expected one of " +
                           FormatNames(FormatsThat::kReadAndWrite, &registry_));
    }
    return Status::Ok();
  }

  // Keeps the worst exit code seen.
  void Note(int code) { exit_code_ = std::max(exit_code_, code); }

  // Prints what the walk could not read (a file, a folder, the format of a file).
  void PrintWalkErrors() {
    for (const Diagnostic& d : walk_errors_) {
      err_ << "qbank fmt: " << FormatLocation(d.path, d.span) << ": " << d.message << "\n";
      Note(kExitError);
    }
    walk_errors_.clear();
  }

  // False (with a note in a folder, an error for a file named directly) for a file of a kind its
  // format's writer does not write back (a QTI manifest or zip package).
  bool WritesBack(const formats::InputFile& file) {
    std::string_view head = std::string_view(file.content).substr(0, size_t{64} * 1024);
    if (file.format->CanWriteBack(file.path, head)) return true;
    err_ << "qbank fmt: " << (file.in_folder ? "note: skipped " : "") << file.path << ": the "
         << file.format->name() << " writer does not write this kind of file back ("
         << (file.format->can_export() ? "docs/formats/README.md, 'qbank fmt'"
                                       : "the format is read only")
         << ")\n";
    if (!file.in_folder) Note(kExitError);
    return false;
  }

  // Prints, checks or writes the canonical form of one file (standard input when `from_stdin`).
  int Emit(const SourceText& file, const std::string& canonical, bool from_stdin) {
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
      std::string advice = from_stdin ? "(`qbank fmt -` prints the canonical form)"
                                      : "(run `qbank fmt --write " + file.path() + "`)";
      err_ << file.ErrorAt(offset, "not normalised " + advice).ToString() << "\n";
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
  std::vector<Diagnostic> walk_errors_;
  size_t taken_ = 0;  // files handed to FormatText
  int exit_code_ = kExitOk;
};

}  // namespace

Formatted FormatText(const std::string& path, std::string content, const formats::Format& format,
                     FileSystem& fs, const std::string& encoding, const FmtSheet& sheet) {
  TextFormatter formatter(path, format, fs, sheet);
  return formatter.Run(std::move(content), encoding);
}

int RunFmt(const FmtOptions& options, FileSystem& fs, std::ostream& out, std::ostream& err) {
  Formatter formatter(options, fs, out, err);
  return formatter.Run();
}

}  // namespace qbank::commands
