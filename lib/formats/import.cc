// The import pipeline over the format registry.
#include "formats/import.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "base/message.h"
#include "base/suggest.h"
#include "formats/import_checks.h"
#include "model/bank_fields.h"

namespace qbank::formats {
namespace {

// True for a named pipe or a /dev/fd pipe (`qbank lint <(cmd)`): its bytes can be read once.
bool IsPipe(const std::string& path) {
  std::error_code ec;
  std::filesystem::file_type type = std::filesystem::status(path, ec).type();
  return !ec &&
         (type == std::filesystem::file_type::fifo || type == std::filesystem::file_type::socket ||
          type == std::filesystem::file_type::character);
}

// The walk over the inputs (WalkInputs): picks each file's format and reads its bytes once.
class InputWalker {
 public:
  InputWalker(const ImportOptions& options, FileSystem& fs, std::vector<Diagnostic>& errors,
              InputVisitor& visitor)
      : options_(options),
        registry_(options.registry != nullptr ? *options.registry : Registry::Default()),
        fs_(fs),
        errors_(errors),
        visitor_(visitor) {}

  Status Run(const std::vector<std::string>& inputs) {
    QBANK_RETURN_IF_ERROR(FindForcedFormat());
    bool stdin_used = false;
    for (const std::string& input : inputs) {
      if (input == "-") {
        if (stdin_used) return Status::Usage("standard input ('-') can be read only once");
        stdin_used = true;
        QBANK_RETURN_IF_ERROR(WalkStdin());
      } else if (fs_.IsDirectory(input)) {
        WalkFolder(input);
      } else {
        WalkFile(input, /*in_folder=*/false);
      }
    }
    return Status::Ok();
  }

 private:
  Status FindForcedFormat() {
    if (options_.from.empty()) return Status::Ok();
    forced_ = registry_.Find(options_.from);
    if (forced_ == nullptr) {
      std::vector<std::string> names = FormatNames();
      std::string hint = DidYouMean(options_.from, names);
      if (hint.empty()) {
        hint = "; expected one of";
        for (const std::string& name : names) hint += (name == names.front() ? " " : ", ") + name;
      }
      return Status::Usage("unknown format '" + options_.from + "'" + hint);
    }
    if (!forced_->can_import()) {
      return Status::Usage("the " + options_.from + " format cannot be imported");
    }
    return Status::Ok();
  }

  // Reads "-": named options_.stdin_name (its format detected from that name) or
  // kStdinSourceName (the format forced, or detected from the content when the options allow).
  Status WalkStdin() {
    const std::string& name = options_.stdin_name;
    if (forced_ == nullptr && name.empty() && !options_.detect_stdin_format) {
      return Status::Usage("reading standard input needs --from FORMAT");
    }
    if (options_.stdin_stream == nullptr) return Status::Usage("no standard input available");
    if (options_.stdin_stream->bad()) {
      return Status::Usage("standard input ('-') is closed; nothing to read");
    }
    InputFile file;
    file.path = name.empty() ? std::string(kStdinSourceName) : name;
    // Read in blocks up to the pipe limit (`qbank lint - < /dev/zero` never ends).
    char block[1 << 16];
    while (options_.stdin_stream->read(block, sizeof block) ||
           options_.stdin_stream->gcount() > 0) {
      file.content.append(block, static_cast<size_t>(options_.stdin_stream->gcount()));
      if (file.content.size() > kMaxPipeBytes) {
        AddError(Diagnostic::FromStatus(
            Status::InvalidInput("more than " + std::to_string(kMaxPipeBytes) +
                                 " bytes without its end; at most " +
                                 std::to_string(kMaxPipeBytes) + " are read from standard input"),
            file.path));
        return Status::Ok();
      }
    }
    file.format = forced_;
    if (file.format == nullptr) {
      file.format = registry_.Detect(name, std::string_view(file.content).substr(0, kHeadSize));
    }
    if (file.format == nullptr) {
      AddError(Diagnostic::FromStatus(
          Status::InvalidInput(name.empty() ? "cannot tell the format of standard input; name it "
                                              "with --from FORMAT or --stdin-filename NAME"
                                            : "cannot tell the format of this file; name it with "
                                              "--from FORMAT"),
          file.path));
      return Status::Ok();
    }
    file.from_stdin = true;
    visitor_.File(std::move(file));
    return Status::Ok();
  }

  std::vector<std::string> FormatNames() const {
    std::vector<std::string> names;
    for (const Format* f : registry_.All()) names.emplace_back(f->name());
    return names;
  }

  void WalkFolder(const std::string& dir) {
    for (const Format* f : registry_.All()) {
      if ((forced_ == nullptr || forced_ == f) && f->can_import() && f->ClaimsDirectory(fs_, dir) &&
          visitor_.Package(dir, *f)) {
        return;
      }
    }
    Result<std::vector<std::string>> files = fs_.ListFiles(dir);
    if (!files.ok()) {
      AddError(Diagnostic::FromStatus(files.status(), dir));
      return;
    }
    size_t taken = 0;
    for (const std::string& path : *files) {
      if (forced_ != nullptr ? !HasExtensionOf(*forced_, path) : !registry_.KnowsExtension(path)) {
        continue;
      }
      if (WalkFile(path, /*in_folder=*/true)) ++taken;
    }
    if (taken == 0) {
      AddError(Diagnostic::FromStatus(
          Status::InvalidInput("no question file of a known format in this folder"), dir));
    }
  }

  // Reads one file and hands it on. In a folder walk, a file whose content its format does not
  // recognise is skipped (and false returned) rather than reported as broken.
  bool WalkFile(const std::string& path, bool in_folder) {
    // One file named twice (a.gift and ./a.gift, a link, a file inside a folder also named) is
    // read once: read again, each question would be its own exact duplicate.
    if (std::optional<std::string> identity = fs_.FileIdentity(path);
        identity && !read_files_.insert(*identity).second) {
      return true;
    }
    Result<std::string> content = std::string();
    try {
      content = fs_.ReadInput(path);
    } catch (const std::bad_alloc&) {
      content = Status::IoError(path + ": out of memory while reading this file");
    }
    if (!content.ok()) {
      AddError(Diagnostic::FromStatus(content.status(), path));
      return true;
    }
    std::string_view head = std::string_view(*content).substr(0, kHeadSize);
    const Format* format = forced_;
    if (format == nullptr) format = registry_.Detect(path, head);
    if (format == nullptr) {
      AddError(Diagnostic::FromStatus(
          Status::InvalidInput("cannot tell the format of this file; name it with --from FORMAT"),
          path));
      return true;
    }
    if (in_folder && forced_ == nullptr && format->Sniff(path, head) == 0) {
      if (options_.skipped != nullptr) options_.skipped->push_back(path);
      return false;
    }
    InputFile file;
    file.path = path;
    file.content = std::move(content).value();
    file.format = format;
    file.in_folder = in_folder;
    file.reloadable = !IsPipe(path);
    visitor_.File(std::move(file));
    return true;
  }

  // Records a problem of the walk, after what the visitor still holds of earlier inputs.
  void AddError(Diagnostic error) {
    visitor_.Settle();
    errors_.push_back(std::move(error));
  }

  // How much of a file the formats' Detect and Sniff look at.
  static constexpr size_t kHeadSize = size_t{64} * 1024;

  const ImportOptions& options_;
  const Registry& registry_;
  FileSystem& fs_;
  std::vector<Diagnostic>& errors_;
  InputVisitor& visitor_;
  const Format* forced_ = nullptr;
  std::unordered_set<std::string> read_files_;  // FileSystem::FileIdentity of each file read
};

// Reads files and package folders into a bank, each under the pipeline's checks.
class GuardedReader {
 public:
  // Warnings go to `warnings` (options.warnings when not given).
  GuardedReader(const ImportOptions& options, FileSystem& fs, model::Bank& bank,
                std::vector<Diagnostic>& errors)
      : GuardedReader(options, fs, bank, errors, options.warnings) {}
  GuardedReader(const ImportOptions& options, FileSystem& fs, model::Bank& bank,
                std::vector<Diagnostic>& errors, std::vector<Diagnostic>* warnings)
      : options_(options), fs_(fs), bank_(bank), errors_(errors), warnings_(warnings) {}

  void Read(InputFile file) {
    const Format& format = *file.format;
    ReadSource(MakeSource(std::move(file)), format);
  }

  // The file's bytes as the source its questions will point into.
  std::shared_ptr<SourceText> MakeSource(InputFile file) const {
    auto source = std::make_shared<SourceText>(file.path, std::move(file.content));
    if (file.reloadable) {
      // Lets a long run free the bytes once parsed (SourceText::Release) and read them again
      // for a finding's source line (not a pipe's: read again, it is empty or waits forever).
      const FileSystem* fs = &fs_;
      source->SetLoader([fs, path = file.path]() -> std::optional<std::string> {
        Result<std::string> again = fs->ReadFile(path);
        if (!again.ok()) return std::nullopt;
        return std::move(again).value();
      });
    }
    return source;
  }

  // Reads `source` as `format` into the bank; false when an error stopped the whole file (it
  // is in the errors, and nothing of the file stayed).
  bool ReadSource(std::shared_ptr<SourceText> source, const Format& format) {
    uint32_t index = bank_.AddSource(source);
    ImportContext ctx = MakeContext(index);
    const bool read = RunGuarded(source->path(), [&] { return format.Import(*source, ctx); });
    // Not a file read again at the merge (ReadPool): its bytes are still needed.
    if (read && options_.release_sources) source->Release();
    return read;
  }

  void ReadPackage(const std::string& dir, const Format& format) {
    ImportContext ctx = MakeContext(SourceSpan::kNoFile);
    RunGuarded(dir, [&] { return format.ImportDirectory(dir, ctx); });
  }

 private:
  ImportContext MakeContext(uint32_t file) {
    ImportContext ctx;
    ctx.bank = &bank_;
    ctx.file = file;
    ctx.fs = &fs_;
    ctx.errors = &errors_;
    ctx.warnings = warnings_;
    ctx.encoding = options_.encoding;
    ctx.sheet = options_.sheet;
    return ctx;
  }

  // Runs one import; on failure the questions it added are taken back so no half-read file
  // reaches the bank. Text is text and within limits: an import whose texts hold a control
  // character or exceed a limit fails here, whatever the format (docs/reliability.md). Running
  // out of memory while reading is an error naming the file, not an abort.
  template <typename Fn>
  bool RunGuarded(const std::string& path, Fn&& fn) {
    size_t before = bank_.questions.size();
    model::Bank metadata;  // the bank's own fields, restored if the text check refuses the file
    metadata.id = bank_.id;
    metadata.title = bank_.title;
    metadata.exam = bank_.exam;
    metadata.publisher = bank_.publisher;
    metadata.language = bank_.language;
    metadata.origin = bank_.origin;
    metadata.extensions = bank_.extensions;
    Status status;
    try {
      status = fn();
    } catch (const std::bad_alloc&) {
      status = Status::IoError(path +
                               ": out of memory while reading this file; nothing read from "
                               "it (is it a data file rather than questions?)");
    }
    if (status.ok()) {
      ImportCheck check = CheckImported(bank_, before);
      status = check.bank;
      if (status.ok()) DropRefusedQuestions(check, path);
    }
    if (!status.ok()) {
      // Whether the reader or the text check refused the file, nothing of it stays: a reader may
      // have set the bank's own fields before it failed (a package's id comes from its manifest,
      // read before its items).
      bank_.id = std::move(metadata.id);
      bank_.title = std::move(metadata.title);
      bank_.exam = std::move(metadata.exam);
      bank_.publisher = std::move(metadata.publisher);
      bank_.language = std::move(metadata.language);
      bank_.origin = std::move(metadata.origin);
      bank_.extensions = std::move(metadata.extensions);
      bank_.questions.resize(before);
      errors_.push_back(Diagnostic::FromStatus(status, path));
      return false;
    }
    return true;
  }

  // Removes the questions CheckImported refused, each reported as an error of the input (the
  // input's other questions stay, as for a reader's per-question errors).
  void DropRefusedQuestions(const ImportCheck& check, const std::string& path) {
    // One pass that moves the kept questions down (erasing each one would move the questions
    // after it every time: 640 refused questions of 112,000 took seconds).
    if (check.questions.empty()) return;
    std::vector<bool> refused(bank_.questions.size(), false);
    for (const auto& entry : check.questions) refused[entry.first] = true;
    size_t kept = 0;
    for (size_t i = 0; i < bank_.questions.size(); ++i) {
      if (refused[i]) continue;
      if (kept != i) bank_.questions[kept] = std::move(bank_.questions[i]);
      ++kept;
    }
    bank_.questions.resize(kept);
    for (const auto& [index, problem] : check.questions) {
      errors_.push_back(Diagnostic::FromStatus(problem, path));
    }
  }

  const ImportOptions& options_;
  FileSystem& fs_;
  model::Bank& bank_;
  std::vector<Diagnostic>& errors_;
  std::vector<Diagnostic>* warnings_;
};

// One file read on a worker thread into a bank of its own (ReadPool).
struct Piece {
  std::shared_ptr<SourceText> source;
  const Format* format = nullptr;
  model::Bank bank;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
  bool read = false;  // no error stopped the whole file
  bool done = false;  // the worker has finished with it (guarded by ReadPool's mutex)
};

// Worker threads that read files of formats that read alone (Format::ReadsAlone), each into a
// Piece, and give the pieces back in the order they were submitted.
class ReadPool {
 public:
  ReadPool(unsigned threads, std::function<void(Piece&)> read) : read_(std::move(read)) {
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
  }
  ~ReadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_workers_.notify_all();
    for (std::thread& worker : workers_) worker.join();
  }
  ReadPool(const ReadPool&) = delete;
  ReadPool& operator=(const ReadPool&) = delete;

  void Submit(std::unique_ptr<Piece> piece) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(piece.get());
      pending_.push_back(std::move(piece));
    }
    wake_workers_.notify_one();
  }

  size_t pending() const { return pending_.size(); }

  // The oldest piece submitted, once read.
  std::unique_ptr<Piece> TakeFront() {
    std::unique_lock<std::mutex> lock(mutex_);
    piece_done_.wait(lock, [&] { return pending_.front()->done; });
    std::unique_ptr<Piece> front = std::move(pending_.front());
    pending_.pop_front();
    return front;
  }

 private:
  void Work() {
    for (;;) {
      Piece* piece = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_workers_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        piece = queue_.front();
        queue_.pop_front();
      }
      read_(*piece);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        piece->done = true;
      }
      piece_done_.notify_all();
    }
  }

  std::function<void(Piece&)> read_;
  std::mutex mutex_;
  std::condition_variable wake_workers_;
  std::condition_variable piece_done_;
  std::deque<Piece*> queue_;                    // submitted, not yet taken by a worker
  std::deque<std::unique_ptr<Piece>> pending_;  // submitted, not yet taken back, in order
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

// ImportInputs: every file and package the walk finds, read into one bank.
class Importer : public InputVisitor {
 public:
  Importer(const ImportOptions& options, FileSystem& fs, model::Bank& bank,
           std::vector<Diagnostic>& errors)
      : options_(options),
        fs_(fs),
        bank_(bank),
        errors_(errors),
        reader_(options, fs, bank, errors),
        threads_(options.threads != 0 ? options.threads
                                      : std::max(1U, std::thread::hardware_concurrency())) {}

  void File(InputFile file) override {
    if (threads_ > 1 && file.format->ReadsAlone()) {
      Submit(std::move(file));
      return;
    }
    TakeBackAll();
    Visit([&] { reader_.Read(std::move(file)); });
  }

  bool Package(const std::string& dir, const Format& format) override {
    TakeBackAll();
    Visit([&] { reader_.ReadPackage(dir, format); });
    return true;
  }

  void Settle() override { TakeBackAll(); }

  // Merges what the worker threads still read; call after the walk.
  void TakeBackAll() {
    while (pool_ != nullptr && pool_->pending() != 0) Merge(pool_->TakeFront());
  }

  // Ends ImportOptions::others_read with the walk's own errors after the last input.
  void FinishOthersRead() { MarkErrors(false); }

  // Gives each question without an id one derived from its content. Copies of the same content
  // get "-2", "-3", ... in bank order, so ids stay unique and stable while the order is.
  void AssignMissingIds() {
    if (std::none_of(bank_.questions.begin(), bank_.questions.end(),
                     [](const model::Question& q) { return q.id.empty(); })) {
      return;  // (most banks: no set of every id to build)
    }
    // Views of the questions' own ids: a deque does not move its questions, and an id is only
    // set here, before its view is taken.
    std::unordered_set<std::string_view> used;
    used.reserve(bank_.questions.size());
    for (const model::Question& q : bank_.questions) {
      if (!q.id.empty()) used.insert(q.id.value);
    }
    // The next suffix to try per derived id that is taken: copies n and n+1 of one content do
    // not probe -2 ... -n again (40,000 copies took 124 s).
    std::unordered_map<std::string, int> next_suffix;
    for (model::Question& q : bank_.questions) {
      if (!q.id.empty()) continue;
      std::string id = model::DeriveQuestionId(q);
      if (used.count(id) != 0) {
        std::string base = std::move(id);
        auto next = next_suffix.try_emplace(base, 2).first;
        do {
          id = base;
          id += '-';
          id += std::to_string(next->second++);
        } while (used.count(id) != 0);
      }
      q.id.value = std::move(id);
      used.insert(q.id.value);
    }
  }

 private:
  // Reads one input (`read`), and says for ImportOptions::others_read whether it gave questions
  // beside its errors (the walk's own errors before it gave none).
  template <typename Fn>
  void Visit(Fn&& read) {
    MarkErrors(false);
    size_t before = bank_.questions.size();
    read();
    MarkErrors(bank_.questions.size() > before);
    CountRead();
  }

  // Extends ImportOptions::others_read with `others_read` for every error added since last time.
  void MarkErrors(bool others_read) {
    if (options_.others_read == nullptr) return;
    options_.others_read->resize(others_at_start_ + errors_.size() - errors_at_start_, others_read);
  }

  // One more input read, for ImportOptions::progress.
  void CountRead() {
    if (options_.files_read != nullptr) options_.files_read->fetch_add(1);
    if (options_.questions_read != nullptr) options_.questions_read->store(bank_.questions.size());
  }

  // Hands `file` to a worker thread, first merging the oldest pieces when enough are waiting (so
  // at most twice as many files as threads are held at once).
  void Submit(InputFile file) {
    if (pool_ == nullptr) {
      pool_ = std::make_unique<ReadPool>(threads_, [this](Piece& piece) { ReadPiece(piece); });
    }
    while (pool_->pending() >= 2 * size_t{threads_}) Merge(pool_->TakeFront());
    auto piece = std::make_unique<Piece>();
    piece->format = file.format;
    piece->source = reader_.MakeSource(std::move(file));
    pool_->Submit(std::move(piece));
  }

  // On a worker thread: the file read alone, under the same checks as in the bank.
  void ReadPiece(Piece& piece) const {
    GuardedReader reader(options_, fs_, piece.bank, piece.errors,
                         options_.warnings != nullptr ? &piece.warnings : nullptr);
    piece.read = reader.ReadSource(piece.source, *piece.format);
  }

  // Adds a piece to the bank as if its file had been read into it in turn. A file an error
  // stopped is read again here, in the bank: whether its bank fields are refused can depend on
  // the fields earlier files set, and that read gives the same errors as one without threads.
  void Merge(std::unique_ptr<Piece> piece) {
    if (!piece->read) {
      Visit([&] { reader_.ReadSource(piece->source, *piece->format); });
      return;
    }
    Visit([&] {
      model::Bank& from = piece->bank;
      const auto offset = static_cast<uint32_t>(bank_.sources.size());
      for (auto& source : from.sources) bank_.sources.push_back(std::move(source));
      model::TakeEmptyBankFields(bank_, from, offset);
      for (model::Question& q : from.questions) {
        model::ShiftSourceFiles(q, offset);
        bank_.questions.push_back(std::move(q));
      }
      model::QuestionList().swap(from.questions);
      std::move(piece->errors.begin(), piece->errors.end(), std::back_inserter(errors_));
      if (options_.warnings != nullptr) {
        std::move(piece->warnings.begin(), piece->warnings.end(),
                  std::back_inserter(*options_.warnings));
      }
    });
  }

  const ImportOptions& options_;
  FileSystem& fs_;
  model::Bank& bank_;
  std::vector<Diagnostic>& errors_;
  const size_t errors_at_start_ = errors_.size();  // errors the caller had before
  const size_t others_at_start_ =
      options_.others_read != nullptr ? options_.others_read->size() : 0;
  GuardedReader reader_;
  const unsigned threads_;
  std::unique_ptr<ReadPool> pool_;  // made for the first file a worker can read
};

}  // namespace

Status WalkInputs(const std::vector<std::string>& inputs, const ImportOptions& options,
                  FileSystem& fs, std::vector<Diagnostic>& errors, InputVisitor& visitor) {
  InputWalker walker(options, fs, errors, visitor);
  return walker.Run(inputs);
}

void ImportFile(InputFile file, const ImportOptions& options, FileSystem& fs, model::Bank& bank,
                std::vector<Diagnostic>& errors) {
  GuardedReader reader(options, fs, bank, errors);
  reader.Read(std::move(file));
}

Status ImportInputs(const std::vector<std::string>& inputs, const ImportOptions& options,
                    FileSystem& fs, model::Bank& bank, std::vector<Diagnostic>& errors) {
  Importer importer(options, fs, bank, errors);
  QBANK_RETURN_IF_ERROR(WalkInputs(inputs, options, fs, errors, importer));
  importer.TakeBackAll();
  importer.FinishOthersRead();
  if (options.assign_ids) importer.AssignMissingIds();
  return Status::Ok();
}

}  // namespace qbank::formats
