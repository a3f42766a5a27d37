// fruitbench: the native command-line tool. A thin layer over the core: it
// parses arguments, opens files and writes results; all logic is in core/.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli_util.h"
#include "compare_cli.h"
#include "edit5.h"
#include "evaluate.h"
#include "front_end.h"
#include "leaderboard_cli.h"
#include "normalize.h"
#include "report.h"
#include "scoring.h"
#include "tasks_cli.h"

namespace {

using namespace fruit::cli;


constexpr const char* kUsage = R"(fruitbench - FRUIT / UpdateROUGE evaluation, identical to the official scripts

Usage:
  fruitbench score --gold G.jsonl --pred P.jsonl [--per-example OUT.jsonl]
                   [--format table|json] [--bootstrap N] [--seed S] [--stem] [--quiet]
  fruitbench validate --gold G.jsonl --pred P.jsonl
  fruitbench compare --gold G.jsonl --pred A.jsonl --pred B.jsonl [--method bootstrap|randomization] ...
  fruitbench normalize FILE.jsonl [--output OUT.jsonl]
  fruitbench normalize --inputs TEXT --edit TEXT
  fruitbench apply --input IN.jsonl --pred P.jsonl [--output OUT.jsonl]
  fruitbench apply --inputs TEXT --edit TEXT
  fruitbench baseline --input IN.jsonl --kind copy-source|copy-source-all-evidence [--out P.jsonl]
  fruitbench score --task diffqg|factacc ...       (fruitbench score --task diffqg --help)
  fruitbench baseline --task diffqg --input G.jsonl [--out P.jsonl]
  fruitbench correlate --scores S.jsonl --human H.jsonl [--metric NAME] ...
  fruitbench leaderboard check|build|add-benchmark|bundle ...   (fruitbench leaderboard --help)
  fruitbench --help | --version

Commands:
  score      Scores predictions against gold: UpdateROUGE-1/2/Lsum, ROUGE-1/2/L
             and exact match (0-100), mean and bootstrap interval, signature.
  compare    Is system B better than A? Paired bootstrap or approximate
             randomization for every metric (fruitbench compare --help).
  validate   Checks both files without scoring: JSON, fields, ids (duplicates,
             missing, unknown), line counts and EDIT5 well-formedness.
  normalize  Adds the official normalized_inputs / normalized_targets to every
             line of a file with inputs and targets (or normalizes one pair).
  apply      Applies EDIT5 outputs ('targets') to their inputs and writes
             prediction lines {"id", "targets", "normalized_targets"}.
  baseline   Writes the FRUIT paper's baselines (Copy Source, Copy Source + All
             Evidence) as EDIT5 predictions for an inputs file.
  correlate  Pearson, Spearman and Kendall tau-b between a per-example metric
             and human ratings, with bootstrap intervals.
  leaderboard  Submission bundles: check them (recomputing every score), build
             the static site, add a benchmark, make a bundle.

Files are JSONL; "-" reads standard input. Predictions are paired with gold by
id when both files have ids, otherwise by line order.

Options:
  --per-example OUT   also write one JSON line of scores per example
  --format F          table (default) or json
  --bootstrap N       bootstrap resamples (default 1000; 0 turns it off)
  --seed S            bootstrap seed (default 12345)
  --stem              Porter-stem tokens longer than 3 characters
  --quiet             no progress on standard error

Exit status: 0 success, 1 invalid or inconsistent data (nothing is written),
2 bad usage, 3 a file could not be read or written.
)";

int open_pair(const Args& args, std::unique_ptr<FileLineReader>& gold, std::unique_ptr<FileLineReader>& pred,
              const char* gold_option, const char* pred_option) {
  if (!args.has(gold_option) || !args.has(pred_option)) {
    return usage_error(std::string("needs --") + gold_option + " and --" + pred_option);
  }
  if (args.get(gold_option) == "-" && args.get(pred_option) == "-") {
    return usage_error("only one file can be read from standard input");
  }
  gold = std::make_unique<FileLineReader>(args.get(gold_option));
  if (!gold->is_open()) return io_error("cannot open " + args.get(gold_option));
  pred = std::make_unique<FileLineReader>(args.get(pred_option));
  if (!pred->is_open()) return io_error("cannot open " + args.get(pred_option));
  return kExitOk;
}

int run_score(int argc, char** argv) {
  std::string error;
  auto args = parse_args(argc, argv, 2, {"gold", "pred", "per-example", "format", "bootstrap", "seed", "task"},
                         {"stem", "quiet"}, error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  if (args->has("task") && args->get("task") != "fruit") return usage_error("--task is 'fruit', 'diffqg' or 'factacc'");
  fruit::ScoringOptions options;
  options.use_stemmer = args->has("stem");
  if (args->has("bootstrap")) {
    auto n = parse_count(args->get("bootstrap"));
    if (!n || *n > 1000000) return usage_error("--bootstrap takes a whole number from 0 to 1000000");
    options.bootstrap_samples = *n;
  }
  if (int status = seed_option(*args, options.seed); status != kExitOk) return status;
  std::string format;
  if (int status = format_option(*args, format); status != kExitOk) return status;

  std::unique_ptr<FileLineReader> gold, pred;
  if (int status = open_pair(*args, gold, pred, "gold", "pred"); status != kExitOk) return status;
  std::unique_ptr<AtomicFile> per_example;
  if (args->has("per-example")) {
    per_example = std::make_unique<AtomicFile>(args->get("per-example"));
    if (!per_example->is_open()) return io_error("cannot write " + args->get("per-example"));
  }
  const bool show_progress = !args->has("quiet") && isatty(STDERR_FILENO);
  fruit::EvaluateCallbacks callbacks;
  if (per_example) {
    callbacks.on_example = [&](const fruit::ScoredExample& e) {
      per_example->stream() << fruit::example_json(e).dump() << '\n';
    };
  }
  bool progress_shown = false;
  if (show_progress) {
    callbacks.on_progress = [&](size_t done) {
      std::cerr << "\rscored " << done << " examples" << std::flush;
      progress_shown = true;
    };
  }
  auto evaluation = fruit::evaluate(*gold, *pred, options, callbacks);
  if (progress_shown) std::cerr << "\r\033[K" << std::flush;
  if (gold->failed() || pred->failed()) return io_error("read error");
  if (!evaluation.ok()) return data_error(evaluation.error());
  if (per_example && !per_example->commit()) return io_error("cannot write " + args->get("per-example"));
  if (format == "json") {
    std::cout << fruit::report_json(evaluation.value()).dump(2) << "\n";
  } else {
    std::cout << fruit::report_table(evaluation.value());
  }
  return kExitOk;
}

int run_validate(int argc, char** argv) {
  std::string error;
  auto args = parse_args(argc, argv, 2, {"gold", "pred"}, {}, error);
  if (!args) return usage_error(error);
  std::unique_ptr<FileLineReader> gold, pred;
  if (int status = open_pair(*args, gold, pred, "gold", "pred"); status != kExitOk) return status;
  auto validation = fruit::validate(*gold, *pred);
  if (gold->failed() || pred->failed()) return io_error("read error");
  if (!validation.ok()) return data_error(validation.error());
  for (const fruit::Error& problem : validation.value().problems) {
    std::cerr << "fruitbench: error: " << problem.to_string() << "\n";
  }
  if (!validation.value().problems.empty()) {
    std::cerr << "fruitbench: " << validation.value().problems.size() << " EDIT5 problems in "
              << validation.value().edit5_predictions << " EDIT5 predictions\n";
    return kExitInvalidData;
  }
  std::cout << "ok: " << validation.value().examples << " examples, " << validation.value().edit5_predictions
            << " EDIT5 predictions well-formed\n";
  return kExitOk;
}

// Writes `text` to --output atomically, or to standard output.
int emit(const Args& args, const std::string& text) {
  if (!args.has("output")) {
    std::cout << text;
    return kExitOk;
  }
  AtomicFile out(args.get("output"));
  if (!out.is_open()) return io_error("cannot write " + args.get("output"));
  out.stream() << text;
  if (!out.commit()) return io_error("cannot write " + args.get("output"));
  return kExitOk;
}

int run_normalize(int argc, char** argv) {
  std::string error;
  auto args = parse_args(argc, argv, 2, {"inputs", "edit", "output"}, {}, error);
  if (!args) return usage_error(error);
  if (args->has("inputs") || args->has("edit")) {
    if (!args->has("inputs") || !args->has("edit")) return usage_error("--inputs and --edit go together");
    auto normalized = fruit::normalize(args->get("inputs"), args->get("edit"));
    if (!normalized.ok()) return data_error(normalized.error());
    fruit::Json out = {{"normalized_inputs", normalized.value().source},
                       {"normalized_targets", normalized.value().edited}};
    for (const auto& d : normalized.value().dropped) std::cerr << "warning: copy token [" << fruit::uid_text(d.uid) << "] dropped\n";
    return emit(*args, out.dump() + "\n");
  }
  if (args->positional.size() != 1) return usage_error("normalize takes one file (or --inputs and --edit)");
  FileLineReader reader(args->positional[0]);
  if (!reader.is_open()) return io_error("cannot open " + args->positional[0]);
  // Output is kept until the whole file is good: nothing partial is written.
  std::string output, line;
  size_t line_number = 0;
  while (reader.next_line(line)) {
    const fruit::Location where{reader.name(), ++line_number};
    auto json = fruit::parse_json_line(line, where);
    if (!json.ok()) return data_error(json.error());
    fruit::Json& record = json.value();
    for (const char* field : {"inputs", "targets"}) {
      if (!record.contains(field) || !record[field].is_string()) {
        return data_error(fruit::record_error(where, field, "missing or not a string"));
      }
    }
    auto normalized = fruit::normalize(record["inputs"].get<std::string>(), record["targets"].get<std::string>());
    if (!normalized.ok()) return data_error(fruit::record_error(where, "inputs", normalized.error().message));
    for (const auto& d : normalized.value().dropped) {
      std::cerr << "warning: " << reader.name() << ":" << line_number << ": copy token [" << fruit::uid_text(d.uid) << "] dropped\n";
    }
    record["normalized_inputs"] = normalized.value().source;
    record["normalized_targets"] = normalized.value().edited;
    output += record.dump() + "\n";
  }
  if (reader.failed()) return io_error("read error");
  return emit(*args, output);
}

int run_apply(int argc, char** argv) {
  std::string error;
  auto args = parse_args(argc, argv, 2, {"inputs", "edit", "input", "pred", "output"}, {}, error);
  if (!args) return usage_error(error);
  if (args->has("inputs") || args->has("edit")) {
    if (!args->has("inputs") || !args->has("edit")) return usage_error("--inputs and --edit go together");
    auto out = fruit::apply_edit5_json(args->get("inputs"), args->get("edit"));
    if (!out.ok()) return data_error(out.error());
    return emit(*args, out.value().dump(2) + "\n");
  }
  std::unique_ptr<FileLineReader> inputs, pred;
  if (int status = open_pair(*args, inputs, pred, "input", "pred"); status != kExitOk) return status;
  std::string output;
  size_t problems = 0;
  auto status = fruit::apply_predictions(*inputs, *pred, [&](const fruit::AppliedPrediction& a) {
    for (const auto& d : a.diagnostics) {
      std::cerr << "warning: " << pred->name() << ":" << a.prediction_line << ": field 'targets': " << d.code << ": "
                << d.message << "\n";
      ++problems;
    }
    output += fruit::applied_prediction_json(a).dump() + "\n";
  });
  if (inputs->failed() || pred->failed()) return io_error("read error");
  if (!status.ok()) return data_error(status.error());
  if (problems) std::cerr << "fruitbench: " << problems << " EDIT5 problems (applied as the official code does)\n";
  return emit(*args, output);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  if (command == "--version") {
    std::cout << "fruitbench " << fruit::kVersion << "\n";
    return kExitOk;
  }
  if (command == "leaderboard") return fruit::cli::run_leaderboard(argc, argv);
  const std::string task = fruit::cli::task_option(argc, argv);
  if (command == "baseline" && !task.empty() && task != "fruit") return fruit::cli::run_task_baseline(argc, argv);
  if (command == "baseline") return fruit::cli::run_baseline(argc, argv);
  if (command == "score" && !task.empty() && task != "fruit") return fruit::cli::run_task_score(argc, argv);
  if (command == "correlate") return fruit::cli::run_correlate(argc, argv);
  if (command == "compare") return fruit::cli::run_compare(argc, argv);
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kUsage;
      return kExitOk;
    }
  }
  if (command == "score") return run_score(argc, argv);
  if (command == "validate") return run_validate(argc, argv);
  if (command == "normalize") return run_normalize(argc, argv);
  if (command == "apply") return run_apply(argc, argv);
  return usage_error("unknown command '" + command + "'");
}
