// json_bench: writes a generated bank as a bank file, then times ReadBank (parse, schema
// validation, spans), NormalizeBank and WriteBank on it. Prints one figure per line.
// Usage: json_bench [QUESTIONS]   (default 100000; build with -DCMAKE_BUILD_TYPE=Release)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>

#include "json/bank_reader.h"
#include "json/bank_writer.h"
#include "json/document.h"
#include "model/normalize.h"

namespace {

struct Timer {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  void Print(const char* what) const {
    double w = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
    double c = static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC;
    std::printf("%-10s %7.3f s wall, %7.3f s cpu\n", what, w, c);
  }
};

// About 600 bytes of JSON per question, every common field used.
qbank::model::Bank Generate(long count) {
  qbank::model::Bank bank;
  bank.id = qbank::model::Text("bench");
  bank.title = qbank::model::Text("Generated benchmark bank");
  for (long i = 0; i < count; ++i) {
    qbank::model::Question q;
    std::string n = std::to_string(i);
    q.id = qbank::model::Text("bench-" + n);
    q.domain = qbank::model::Text("Domain " + std::to_string(i % 9));
    std::string stem = "Benchmark question " + n;
    stem += ": which of the following statements best describes item ";
    stem += n;
    stem += " in its usual setting?";
    q.stem = qbank::model::Text(stem);
    for (int k = 0; k < 4; ++k) {
      qbank::model::Option o;
      o.text = qbank::model::Text("Statement " + std::to_string(k + 1) + " about item " + n);
      o.correct = k == static_cast<int>(i % 4);
      o.rationale = qbank::model::Text(o.correct ? "This is what the item does in practice."
                                                 : "This describes a different item.");
      q.options.push_back(std::move(o));
    }
    q.explanation = qbank::model::Text("Item " + n + " is usually described by statement " +
                                       std::to_string(i % 4 + 1) + ".");
    q.tags = {qbank::model::Text("bench"), qbank::model::Text("t" + std::to_string(i % 17))};
    q.review->date = qbank::model::Text("2025-06-01");
    bank.questions.push_back(std::move(q));
  }
  return bank;
}

}  // namespace

int main(int argc, char** argv) {
  long count = argc > 1 ? std::atol(argv[1]) : 100000;
  if (count <= 0) {
    std::fprintf(stderr, "usage: json_bench [QUESTIONS]\n");
    return 2;
  }
  std::string text = qbank::json::WriteBank(Generate(count));
  std::printf("questions  %ld\nbytes      %zu\n", count, text.size());

  auto src = std::make_shared<const qbank::SourceText>("bench.json", std::move(text));
  // Baseline in the same run: the located parse alone (no schema, no model), each question tree
  // dropped as soon as it is complete.
  qbank::json::ParseOptions parse_only;
  parse_only.stream_member = "questions";
  parse_only.on_element = [](qbank::json::Node&&) { return qbank::Status::Ok(); };
  Timer parse;
  auto parsed = qbank::json::Parse(*src, parse_only);
  parse.Print("parse");
  if (!parsed.ok()) return 1;
  qbank::model::Bank bank;
  uint32_t file = bank.AddSource(src);
  Timer read;
  qbank::Status status = qbank::json::ReadBank(*src, file, bank);
  read.Print("read");
  if (!status.ok()) {
    std::fprintf(stderr, "%s\n", status.ToString().c_str());
    return 1;
  }
  Timer normalize;
  qbank::model::NormalizeBank(bank);
  normalize.Print("normalize");
  Timer write;
  std::string out = qbank::json::WriteBank(bank);
  write.Print("write");
  std::printf("identical  %s\n", out == src->content() ? "yes" : "no");
  return out == src->content() ? 0 : 1;
}
