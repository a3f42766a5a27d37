// fruitbench's commands for DiffQG, fact accuracy and metric-human
// correlation: argument parsing, files and output only; the rules are in
// core/diffqg.h, core/fact_accuracy.h and core/correlation.h.
#include "tasks_cli.h"

#include <cstring>
#include <iostream>

#include "cli_util.h"
#include "correlation.h"
#include "diffqg.h"
#include "fact_accuracy.h"

namespace fruit::cli {
namespace {

constexpr const char* kTaskUsage = R"(fruitbench score --task diffqg|factacc: the tasks beside FRUIT

Usage:
  fruitbench score --task diffqg --gold G.jsonl --pred P.jsonl [--per-example OUT.jsonl]
                   [--format table|json] [--bootstrap N] [--seed S] [--stem]
  fruitbench score --task factacc --gold REFERENCE.jsonl --pred GENERATED.jsonl
                   [--per-example OUT.jsonl] [--format table|json]
  fruitbench baseline --task diffqg --input G.jsonl [--out P.jsonl]
  fruitbench correlate --scores S.jsonl --human H.jsonl [--metric NAME] [--human-field F]
                   [--labels A=1,B=0.5,...] [--format table|json] [--bootstrap N] [--seed S]

DiffQG: gold {"id", "base", "target", "answer", "question" (or null), "label"},
predictions {"id", "change": true|false, "question" (or null)}: change
detection accuracy/P/R/F1, question ROUGE-1/L F (QG and full system), on all
examples and the human-written subset (labels Edit, Context).
factacc: {"id", "triples": [[subject, relation, object], ...]} on both sides:
fact accuracy (Goodrich et al. eq. 1) and its binary-relation variant.
correlate: Pearson, Spearman and Kendall tau-b between a per-example metric
(default update_rougeLsum, its F) and human ratings (default field
"rating"; string labels need --labels), with bootstrap intervals.
Files are paired by id. Exit status as for every fruitbench command.
)";

bool wants_help(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
  }
  return false;
}

std::optional<int> read_bootstrap(const Args& args, size_t& samples, uint64_t& seed) {
  if (args.has("bootstrap")) {
    auto n = parse_count(args.get("bootstrap"));
    if (!n || *n > 1000000) return usage_error("--bootstrap takes a whole number from 0 to 1000000");
    samples = *n;
  }
  if (args.has("seed")) {
    auto s = parse_count(args.get("seed"));
    if (!s) return usage_error("--seed takes a non-negative whole number");
    seed = *s;
  }
  return std::nullopt;
}

// Writes the per-example lines atomically, then the report.
int finish(const Args& args, const std::string& per_example, const Json& report, const std::string& table) {
  if (args.has("per-example")) {
    AtomicFile out(args.get("per-example"));
    if (!out.is_open()) return io_error("cannot write " + args.get("per-example"));
    out.stream() << per_example;
    if (!out.commit()) return io_error("cannot write " + args.get("per-example"));
  }
  std::cout << (args.get("format") == "json" ? report.dump(2) + "\n" : table);
  return kExitOk;
}

int open_files(const Args& args, std::unique_ptr<FileLineReader>& a, std::unique_ptr<FileLineReader>& b,
               const char* a_option, const char* b_option) {
  if (!args.has(a_option) || !args.has(b_option)) {
    return usage_error(std::string("needs --") + a_option + " and --" + b_option);
  }
  if (args.get(a_option) == "-" && args.get(b_option) == "-") return usage_error("only one file can be read from standard input");
  a = std::make_unique<FileLineReader>(args.get(a_option));
  if (!a->is_open()) return io_error("cannot open " + args.get(a_option));
  b = std::make_unique<FileLineReader>(args.get(b_option));
  if (!b->is_open()) return io_error("cannot open " + args.get(b_option));
  return kExitOk;
}

}  // namespace

std::string task_option(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--task") == 0 && i + 1 < argc) return argv[i + 1];
    if (std::strncmp(argv[i], "--task=", 7) == 0) return argv[i] + 7;
  }
  return "";
}

int run_task_score(int argc, char** argv) {
  if (wants_help(argc, argv)) {
    std::cout << kTaskUsage;
    return kExitOk;
  }
  std::string error;
  auto args = parse_args(argc, argv, 2, {"task", "gold", "pred", "per-example", "format", "bootstrap", "seed"},
                         {"stem", "quiet"}, error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  const std::string task = args->get("task");
  if (task != "diffqg" && task != "factacc") return usage_error("--task is 'fruit', 'diffqg' or 'factacc'");
  if (args->has("format") && args->get("format") != "table" && args->get("format") != "json") {
    return usage_error("--format is 'table' or 'json'");
  }
  std::unique_ptr<FileLineReader> gold, pred;
  if (int status = open_files(*args, gold, pred, "gold", "pred"); status != kExitOk) return status;
  std::string per_example;
  if (task == "factacc") {
    if (args->has("bootstrap") || args->has("seed") || args->has("stem")) {
      return usage_error("--task factacc takes no --bootstrap, --seed or --stem");
    }
    auto evaluation = evaluate_fact_accuracy(*gold, *pred);
    if (gold->failed() || pred->failed()) return io_error("read error");
    if (!evaluation.ok()) return data_error(evaluation.error());
    for (const FactExample& e : evaluation.value().examples) per_example += fact_example_json(e).dump() + "\n";
    return finish(*args, per_example, fact_report_json(evaluation.value()), fact_report_table(evaluation.value()));
  }
  ScoringOptions options;
  options.use_stemmer = args->has("stem");
  if (auto status = read_bootstrap(*args, options.bootstrap_samples, options.seed)) return *status;
  auto evaluation = evaluate_diffqg(*gold, *pred, options);
  if (gold->failed() || pred->failed()) return io_error("read error");
  if (!evaluation.ok()) return data_error(evaluation.error());
  for (const DiffqgExample& e : evaluation.value().examples) per_example += diffqg_example_json(e).dump() + "\n";
  return finish(*args, per_example, diffqg_report_json(evaluation.value()), diffqg_report_table(evaluation.value()));
}

int run_task_baseline(int argc, char** argv) {
  if (wants_help(argc, argv)) {
    std::cout << kTaskUsage;
    return kExitOk;
  }
  std::string error;
  auto args = parse_args(argc, argv, 2, {"task", "input", "out", "kind"}, {}, error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  if (args->get("task") != "diffqg") return usage_error("--task for baseline is 'fruit' or 'diffqg'");
  if (args->has("kind") && args->get("kind") != "overlapping-answer") {
    return usage_error("--kind for --task diffqg is 'overlapping-answer' (the default)");
  }
  if (!args->has("input")) return usage_error("needs --input");
  FileLineReader reader(args->get("input"));
  if (!reader.is_open()) return io_error("cannot open " + args->get("input"));
  auto lines = overlapping_answer_baseline(reader);
  if (reader.failed()) return io_error("read error");
  if (!lines.ok()) return data_error(lines.error());
  if (!args->has("out")) {
    std::cout << lines.value();
    return kExitOk;
  }
  AtomicFile out(args->get("out"));
  if (!out.is_open()) return io_error("cannot write " + args->get("out"));
  out.stream() << lines.value();
  if (!out.commit()) return io_error("cannot write " + args->get("out"));
  return kExitOk;
}

int run_correlate(int argc, char** argv) {
  if (wants_help(argc, argv)) {
    std::cout << kTaskUsage;
    return kExitOk;
  }
  std::string error;
  auto args = parse_args(argc, argv, 2,
                         {"scores", "human", "metric", "human-field", "labels", "format", "bootstrap", "seed"}, {},
                         error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  if (args->has("format") && args->get("format") != "table" && args->get("format") != "json") {
    return usage_error("--format is 'table' or 'json'");
  }
  CorrelateOptions options;
  if (args->has("metric")) options.metric = args->get("metric");
  if (args->has("human-field")) options.human_field = args->get("human-field");
  if (options.metric.empty() || options.human_field.empty()) return usage_error("--metric and --human-field need a name");
  if (args->has("labels")) {
    auto labels = parse_label_map(args->get("labels"));
    if (!labels.ok()) return usage_error("--labels: " + labels.error().message);
    options.labels = std::move(labels.value());
  }
  if (auto status = read_bootstrap(*args, options.bootstrap_samples, options.seed)) return *status;
  std::unique_ptr<FileLineReader> scores, human;
  if (int status = open_files(*args, scores, human, "scores", "human"); status != kExitOk) return status;
  auto report = correlate(*scores, *human, options);
  if (scores->failed() || human->failed()) return io_error("read error");
  if (!report.ok()) return data_error(report.error());
  return finish(*args, "", correlation_report_json(report.value(), options),
                correlation_report_table(report.value(), options));
}

}  // namespace fruit::cli
