// `fruitbench compare` (compare_cli.h): reads the gold file once per system,
// scores both prediction files and prints the core's comparison.
#include "compare_cli.h"

#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "significance.h"

namespace fruit::cli {
namespace {

constexpr const char* kCompareUsage = R"(fruitbench compare - is system B better than system A?

Usage:
  fruitbench compare --gold G.jsonl --pred A.jsonl --pred B.jsonl
                     [--method bootstrap|randomization] [--resamples N] [--seed S]
                     [--format table|json] [--stem]

Scores both prediction files against the same gold file and tests every metric
(the F of UpdateROUGE-1/2/Lsum and ROUGE-1/2/L, exact match) with a paired test,
as sacrebleu's --paired-bs and --paired-ar: the mean difference B - A, its 95%
interval (paired bootstrap) and the p-value. Systems with equal means get p = 1.

Options:
  --method M      bootstrap (default; paired bootstrap resampling) or
                  randomization (paired approximate randomization)
  --resamples N   resamples or trials (default 1000 for bootstrap, 10000 for randomization)
  --seed S        seed (default 12345)
  --format F      table (default) or json
  --stem          Porter-stem tokens longer than 3 characters
)";

}  // namespace

int run_compare(int argc, char** argv) {
  // --pred is given twice: take both out before the common option parser.
  std::vector<std::string> predictions;
  std::vector<char*> rest(argv, argv + 2);
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kCompareUsage;
      return kExitOk;
    }
    if (std::strcmp(argv[i], "--pred") == 0) {
      if (i + 1 >= argc) return usage_error("option --pred needs a value");
      predictions.push_back(argv[++i]);
    } else if (std::strncmp(argv[i], "--pred=", 7) == 0) {
      predictions.push_back(argv[i] + 7);
    } else {
      rest.push_back(argv[i]);
    }
  }
  std::string error;
  auto args = parse_args(static_cast<int>(rest.size()), rest.data(), 2,
                         {"gold", "method", "resamples", "seed", "format"}, {"stem"}, error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  if (!args->has("gold") || predictions.size() != 2) return usage_error("compare needs --gold and two --pred files");
  if (args->get("gold") == "-" || predictions[0] == "-" || predictions[1] == "-") {
    return usage_error("compare reads the gold file twice: give files, not standard input");
  }
  fruit::SignificanceOptions options;
  if (args->has("method")) {
    auto method = fruit::parse_significance_method(args->get("method"));
    if (!method) return usage_error("--method is 'bootstrap' or 'randomization'");
    options.method = *method;
  }
  if (args->has("resamples")) {
    auto n = parse_count(args->get("resamples"));
    if (!n || *n == 0 || *n > 1000000) return usage_error("--resamples takes a whole number from 1 to 1000000");
    options.resamples = *n;
  }
  if (int status = seed_option(*args, options.seed); status != kExitOk) return status;
  std::string format;
  if (int status = format_option(*args, format); status != kExitOk) return status;
  fruit::ScoringOptions scoring;
  scoring.use_stemmer = args->has("stem");
  scoring.bootstrap_samples = 0;  // the test does its own resampling

  std::vector<fruit::SystemRun> runs;
  for (const std::string& path : predictions) {
    FileLineReader gold(args->get("gold"));
    if (!gold.is_open()) return io_error("cannot open " + args->get("gold"));
    FileLineReader pred(path);
    if (!pred.is_open()) return io_error("cannot open " + path);
    auto run = fruit::run_system(gold, pred, scoring);
    if (gold.failed() || pred.failed()) return io_error("read error");
    if (!run.ok()) return data_error(run.error());
    runs.push_back(std::move(run.value()));
  }
  auto comparison = fruit::compare_systems(std::move(runs[0]), std::move(runs[1]), options);
  if (!comparison.ok()) return data_error(comparison.error());
  if (format == "json") {
    std::cout << fruit::comparison_json(comparison.value()).dump(2) << "\n";
  } else {
    std::cout << fruit::comparison_table(comparison.value());
  }
  return kExitOk;
}

}  // namespace fruit::cli
