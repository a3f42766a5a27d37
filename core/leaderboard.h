// The leaderboard's contracts (leaderboard/FORMAT.md): benchmark
// definitions, submission bundles, their validation and score
// recomputation, and the data of the static site. Everything that decides
// whether a submission is accepted lives here, so the CLI, the browser
// (through the WebAssembly module) and CI cannot disagree.
//
// No I/O: callers pass file contents and names. Problems are collected, not
// returned one at a time: every function appends ALL the errors it finds
// (each naming file, line and field) to an Errors list.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fruit_format.h"  // Json
#include "scoring.h"
#include "status.h"

namespace fruit::leaderboard {

inline constexpr std::string_view kBenchmarkFormat = "fruitbench-benchmark/1";
inline constexpr std::string_view kSubmissionFormat = "fruitbench-submission/1";

// Limits (FORMAT.md names them).
inline constexpr size_t kMaxPredictionBytes = size_t{64} << 20;        // prediction JSONL, uncompressed
inline constexpr size_t kMaxEmbeddedPredictionBytes = size_t{1} << 20;  // above: a .pred.jsonl.gz side file
inline constexpr size_t kMaxBundleBytes = size_t{4} << 20;              // the bundle JSON file itself
inline constexpr size_t kMaxPredictionFieldChars = 10'000;  // per field, plus twice the gold input's length
inline constexpr size_t kMaxNameChars = 80;
inline constexpr size_t kMaxTeamChars = 80;
inline constexpr size_t kMaxDescriptionChars = 1000;
inline constexpr size_t kMaxLicenseChars = 80;
inline constexpr size_t kMaxLinkChars = 300;
inline constexpr size_t kMaxIdChars = 64;  // benchmark ids
// Claimed and recomputed numbers may differ by at most this much.
inline constexpr double kScoreTolerance = 1e-9;
// Significance between adjacent rows.
inline constexpr size_t kSignificanceResamples = 1000;
inline constexpr double kSignificanceLevel = 0.05;
// Examples per pair in the compare view.
inline constexpr size_t kCompareExamples = 20;

using Errors = std::vector<Error>;

// The metric names a benchmark may list: the six P/R/F metrics and
// "exact_match". The primary metric is one of the six.
bool is_metric_name(std::string_view name);
bool is_prf_metric_name(std::string_view name);

// Tasks: "fruit" (the above) and "diffqg" (diffqg.h), whose metrics are
// its 16 figures and whose primary metric is one of its per-example ROUGE
// figures (qg_rouge1, qg_rougeL, full_rouge1, full_rougeL, or human_...).
bool is_task_name(std::string_view task);
bool is_task_metric_name(std::string_view task, std::string_view name);
bool is_task_primary_metric_name(std::string_view task, std::string_view name);
// A metric's number in a report's "mean": the F of a P/R/F metric, the
// number itself otherwise; -1 when null or absent.
double mean_value(const Json& mean, std::string_view metric);

// A benchmark definition, leaderboard/benchmarks/<id>.json.
struct Benchmark {
  std::string id, name, task, description;
  std::string gold, inputs;  // relative to the definition's folder; inputs may be empty
  std::string gold_sha256;
  size_t n = 0;
  std::vector<std::string> metrics;
  std::string primary_metric;
  std::string signature;
  ScoringOptions options;  // what the signature says
  std::string license, url;
  Json json;  // the definition as written
};

// One gold example, as the leaderboard needs it.
struct GoldExample {
  Json id;          // the gold's id, or the 0-based line number as a string
  std::string key;  // id text used for matching
  size_t line = 0;  // 1-based
  std::string inputs, targets;
  Json record;  // other tasks than "fruit": the gold line
};

// A benchmark with its gold file read and checked.
struct BenchmarkData {
  Benchmark benchmark;
  std::string definition_file;  // e.g. "fruitbench-wiki-v1.json"
  std::string gold_file;        // name used in errors, e.g. "fruitbench-wiki-v1/gold.jsonl"
  std::string gold_text;
  bool gold_has_ids = false;
  std::vector<GoldExample> examples;
};

// Parses and checks a definition. `file` names it in errors; its base name
// must be "<id>.json".
std::optional<Benchmark> parse_benchmark(std::string_view text, std::string_view file, Errors& errors);

// Checks a gold file on its own: every line a FRUIT gold record with exactly
// one [CONTEXT], ids on every line or none, no id twice, at least one line.
std::optional<std::vector<GoldExample>> parse_gold_file(std::string_view text, std::string_view file,
                                                        bool& has_ids, Errors& errors);

// The definition and its gold (sha256 and n must match the definition).
std::optional<BenchmarkData> load_benchmark(std::string_view definition_text, std::string_view definition_file,
                                            std::string gold_text, std::string_view gold_file, Errors& errors);

// `fruitbench leaderboard add-benchmark`: the definition of a new benchmark
// (pretty-printed JSON text, newline-terminated) from its gold file and the
// optional inputs file, which must hold the gold's inputs line for line.
struct BenchmarkSpec {
  std::string task = "fruit";  // or "diffqg"; its primary metric then defaults to full_rougeL
  std::string id, name, description, license, url;
  std::string primary_metric = "update_rougeLsum";
  ScoringOptions options;
};
std::optional<std::string> make_benchmark(const BenchmarkSpec& spec, std::string_view gold_text,
                                          std::string_view gold_file, const std::string* inputs_text,
                                          std::string_view inputs_file, Errors& errors);

// What a bundle points to, read without validating it: the benchmark id and
// the side file of predictions ("" when absent or not a string).
struct BundleRefs {
  std::string benchmark, predictions_file;
};
BundleRefs bundle_refs(std::string_view bundle_text);

// One prediction, as scored.
struct PredictionText {
  std::optional<std::string> targets, normalized_targets;
  Json line;  // other tasks than "fruit": the prediction line
};

// A bundle that passed every check, with what the site needs.
struct Submission {
  std::string file;       // the bundle's file name, e.g. "copy-source.json"
  std::string benchmark;  // id
  Json system;            // the metadata, as in the bundle
  Json scores;            // the recomputed report, without "warnings"
  std::vector<double> primary_f;             // per gold example, gold order (see primary_examples)
  std::vector<size_t> primary_examples;      // the gold index of each primary_f value: all examples for
                                             // FRUIT, those the metric is defined on for DiffQG
  std::vector<PredictionText> predictions;  // per gold example, gold order
};

// Validates a bundle (schema, metadata, predictions, sha256, ids, EDIT5,
// sizes) against its benchmark, recomputes the scores with the benchmark's
// signature and compares every claimed number. `side_predictions` is the
// uncompressed side file when the bundle names one. Returns the Submission
// only when `errors` gained nothing. `report`, when given, receives the
// recomputed report (with warnings) whenever the predictions could be
// scored, even if other checks failed. `warnings`, when given, receives
// what is reported but not rejected: an EDIT5 reference "(k)" that names no
// evidence item (typically a year such as "(2011)" in generated text, which
// the official normalization removes).
std::optional<Submission> check_bundle(const BenchmarkData& data, std::string_view bundle_text,
                                       std::string_view bundle_file, const std::string* side_predictions,
                                       Errors& errors, Json* report = nullptr, Errors* warnings = nullptr);

// `fruitbench leaderboard bundle` and the Submit page: a bundle from a
// prediction JSONL file and the system's metadata. Prediction lines keep
// their known fields (id, targets, normalized_targets) in their order;
// other fields are dropped. With `side_file` empty the predictions are
// embedded (at most kMaxEmbeddedPredictionBytes); otherwise the bundle
// names side_file and `side_predictions` holds the JSONL to store there
// (gzip-compressed by the caller).
struct MadeBundle {
  std::string bundle_text;  // pretty JSON, one prediction line per text line
  Json report;              // the full report, warnings included
  std::string side_predictions;
  Errors warnings;  // as check_bundle's
};
std::optional<MadeBundle> make_bundle(const BenchmarkData& data, std::string_view predictions_jsonl,
                                      std::string_view predictions_file, const Json& system,
                                      std::string_view side_file, Errors& errors);

// The site's data, built from checked benchmarks and submissions.
struct SiteData {
  Json leaderboard;                                   // data/leaderboard.json
  std::vector<std::pair<std::string, Json>> compare;  // data/compare/<id>.json, by path
};
// `benchmarks` in any order (sorted by id in the output); each submission's
// benchmark must be among them.
SiteData build_site_data(const std::vector<const BenchmarkData*>& benchmarks,
                         const std::vector<Submission>& submissions);

// The JSON Schema of a submission bundle (draft 2020-12), published with
// the site as schema/submission.schema.json.
Json submission_schema();

}  // namespace fruit::leaderboard
