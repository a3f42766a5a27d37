// `fruitbench leaderboard …` and `fruitbench baseline`: files and folders
// around the core's leaderboard contracts (core/leaderboard.h). Everything
// that decides whether a submission is accepted is in the core; this layer
// reads, writes, decompresses and reports.
#include "leaderboard_cli.h"

#include <filesystem>
#include <iostream>
#include <sstream>

#include "baselines.h"
#include "cli_util.h"
#include "fruit_format.h"
#include "leaderboard.h"
#include "sha256.h"

#ifdef FRUIT_HAVE_ZLIB
#include <zlib.h>
#endif

namespace fruit::cli {
namespace {

namespace fs = std::filesystem;
namespace lb = fruit::leaderboard;

constexpr const char* kLeaderboardUsage = R"(fruitbench leaderboard - submission bundles, their checks and the static site

Usage:
  fruitbench leaderboard check [--benchmarks DIR] [--submissions DIR] [BUNDLE.json ...]
  fruitbench leaderboard build --out DIR [--benchmarks DIR] [--submissions DIR] [--site DIR]
  fruitbench leaderboard add-benchmark --id ID --name NAME --gold GOLD.jsonl [--inputs IN.jsonl] [--task fruit|diffqg]
                   [--description TEXT] [--license TEXT] [--url URL] [--primary METRIC]
                   [--bootstrap N] [--seed S] [--stem] [--benchmarks DIR] [--force]
  fruitbench leaderboard bundle --benchmark ID --pred P.jsonl --system SYSTEM.json --out B.json
                   [--benchmarks DIR]

Commands:
  check          Validates every bundle in --submissions (or the BUNDLEs given) against its
                 benchmark: schema, plain-text metadata, sha256, every gold id exactly once,
                 EDIT5 well-formedness, sizes; recomputes the scores and fails on any claimed
                 number that differs by more than 1e-9, naming the submission and metric.
  build          Checks everything as 'check' does, then writes the static site into DIR
                 (built in DIR.partial, then renamed): the assets of --site, the JSON schema,
                 data/leaderboard.json, data/compare/<benchmark>.json and copies of the
                 benchmarks and bundles. Same input, same bytes.
  add-benchmark  Validates a gold file, copies it (and the inputs file) to DIR/ID/ and writes
                 DIR/ID.json with its sha256, size and signature. Official FRUIT files work as
                 they are: --gold test_inputlabels.jsonl --inputs test_inputonly.jsonl.
  bundle         Scores a prediction file against a benchmark and writes a submission bundle
                 with SYSTEM.json's metadata; predictions over 1 MiB go beside it, gzipped, as
                 B.pred.jsonl.gz.

Defaults: --benchmarks leaderboard/benchmarks, --submissions leaderboard/submissions,
--site leaderboard/site (relative to the current folder: run from the repository root).
Files ending in .gz are read gzip-compressed. Primary metric (--primary): update_rougeLsum
(default), update_rouge1, update_rouge2, rouge1, rouge2 or rougeL.

Errors are printed as FILE:LINE: field 'FIELD': MESSAGE (every error, not only the first).
Exit status: 0 success, 1 a bundle or file was rejected, 2 bad usage, 3 a file could not be
read or written.
)";

constexpr const char* kBaselineUsage = R"(fruitbench baseline - the FRUIT paper's baselines as prediction files

Usage:
  fruitbench baseline --input IN.jsonl --kind copy-source|copy-source-all-evidence [--out P.jsonl]

Writes one prediction line {"id", "targets"} per input line (no "id" when the inputs have
none), "targets" being the baseline's EDIT5 output: copy-source keeps the article
("[0] [1] ..."), copy-source-all-evidence appends every evidence item as a new sentence
citing it. IN.jsonl is any FRUIT file with "inputs" (inputonly or inputlabels).
)";

struct Failure {
  int status;
};

void print_errors(const lb::Errors& errors) {
  for (const Error& e : errors) std::cerr << "fruitbench: error: " << e.to_string() << "\n";
}

// Reads a whole file; ".gz" files are decompressed (at most `limit` + 1
// bytes are kept, so that the core can reject what is too large).
std::optional<std::string> read_file(const std::string& path, size_t limit = SIZE_MAX - 1) {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  if (gz) {
#ifdef FRUIT_HAVE_ZLIB
    gzFile in = gzopen(path.c_str(), "rb");
    if (!in) return std::nullopt;
    std::string text;
    char buffer[1 << 16];
    for (;;) {
      const int n = gzread(in, buffer, sizeof buffer);
      if (n < 0) {
        gzclose(in);
        errno = EIO;
        return std::nullopt;
      }
      if (n == 0) break;
      text.append(buffer, static_cast<size_t>(n));
      if (text.size() > limit) break;
    }
    gzclose(in);
    return text;
#else
    errno = ENOTSUP;
    return std::nullopt;  // this build has no zlib (the WebAssembly CLI)
#endif
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return out.str();
}

Failure read_failure(const std::string& path) {
#ifndef FRUIT_HAVE_ZLIB
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
    std::cerr << "fruitbench: cannot read " << path << ": this build of fruitbench has no gzip support\n";
    return {kExitIo};
  }
#endif
  return {io_error("cannot read " + path)};
}

std::string read_or_throw(const std::string& path, size_t limit = SIZE_MAX - 1) {
  auto text = read_file(path, limit);
  if (!text) throw read_failure(path);
  return std::move(*text);
}

// Writes `text` to `path` through PATH.partial; gzip-compressed when `gzip`.
void write_file(const std::string& path, const std::string& text, bool gzip = false) {
  if (gzip) {
#ifdef FRUIT_HAVE_ZLIB
    const std::string partial = path + ".partial";
    // zlib writes no name and no time in the header: same text, same bytes.
    gzFile out = gzopen(partial.c_str(), "wb9");
    bool ok = out != nullptr;
    for (size_t pos = 0; ok && pos < text.size(); pos += 1 << 20) {
      const unsigned n = static_cast<unsigned>(std::min<size_t>(1 << 20, text.size() - pos));
      ok = gzwrite(out, text.data() + pos, n) == static_cast<int>(n);
    }
    if (out && gzclose(out) != Z_OK) ok = false;
    if (!ok || std::rename(partial.c_str(), path.c_str()) != 0) {
      std::remove(partial.c_str());
      throw Failure{io_error("cannot write " + path)};
    }
    return;
#else
    std::cerr << "fruitbench: cannot write " << path << ": this build of fruitbench has no gzip support\n";
    throw Failure{kExitIo};
#endif
  }
  AtomicFile out(path);
  if (!out.is_open()) throw Failure{io_error("cannot write " + path)};
  out.stream() << text;
  if (!out.commit()) throw Failure{io_error("cannot write " + path)};
}

std::string option_or(const Args& args, const std::string& name, const std::string& fallback) {
  return args.has(name) ? args.get(name) : fallback;
}

Args parse_or_throw(int argc, char** argv, const std::vector<std::string>& valued,
                    const std::vector<std::string>& flags, bool positional_allowed = false) {
  std::string error;
  auto args = parse_args(argc, argv, 3, valued, flags, error);
  if (!args) throw Failure{usage_error(error)};
  if (!positional_allowed && !args->positional.empty()) {
    throw Failure{usage_error("unexpected argument '" + args->positional[0] + "'")};
  }
  return std::move(*args);
}

void require(const Args& args, std::initializer_list<const char*> names) {
  for (const char* name : names) {
    if (!args.has(name)) throw Failure{usage_error(std::string("needs --") + name)};
  }
}

// Every benchmark definition of a folder, with its gold.
struct Benchmarks {
  std::string dir;
  std::vector<lb::BenchmarkData> list;
  const lb::BenchmarkData* find(const std::string& id) const {
    for (const auto& b : list) {
      if (b.benchmark.id == id) return &b;
    }
    return nullptr;
  }
};

std::vector<std::string> files_in(const std::string& dir, const std::string& suffix) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    std::cerr << "fruitbench: " << dir << " is not a folder\n";
    throw Failure{kExitIo};
  }
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 && name[0] != '.') {
      names.push_back(name);
    }
  }
  if (ec) throw Failure{io_error("cannot list " + dir)};
  std::sort(names.begin(), names.end());
  return names;
}

// Loads every benchmark; errors are collected into `errors`.
Benchmarks load_benchmarks(const std::string& dir, lb::Errors& errors) {
  Benchmarks benchmarks{dir, {}};
  for (const std::string& name : files_in(dir, ".json")) {
    const std::string path = dir + "/" + name;
    const std::string text = read_or_throw(path);
    auto benchmark = lb::parse_benchmark(text, path, errors);
    if (!benchmark) continue;
    const std::string gold_path = dir + "/" + benchmark->gold;
    auto gold = read_file(gold_path);
    if (!gold) {
      errors.push_back(Error("cannot read the gold file " + gold_path + ": " + std::strerror(errno), path, 0, "gold"));
      continue;
    }
    auto data = lb::load_benchmark(text, path, std::move(*gold), gold_path, errors);
    if (data) benchmarks.list.push_back(std::move(*data));
  }
  return benchmarks;
}

struct CheckedBundle {
  std::string path;
  std::string side_path;  // "" when embedded
  std::optional<lb::Submission> submission;
};

// Checks one bundle file; prints "ok" or its errors.
CheckedBundle check_one(const std::string& path, const Benchmarks& benchmarks, lb::Errors& errors) {
  CheckedBundle checked{path, "", std::nullopt};
  const std::string text = read_or_throw(path, lb::kMaxBundleBytes);
  const size_t before = errors.size();
  const lb::BundleRefs refs = lb::bundle_refs(text);
  const lb::BenchmarkData* data = benchmarks.find(refs.benchmark);
  if (!data) {
    errors.push_back(Error(refs.benchmark.empty() ? "no benchmark named (or the file is not a bundle)"
                                                  : "'" + refs.benchmark + "' is not a benchmark of " + benchmarks.dir,
                           path, 0, "benchmark"));
  } else {
    std::optional<std::string> side;
    if (!refs.predictions_file.empty() && refs.predictions_file.find('/') == std::string::npos) {
      checked.side_path = (fs::path(path).parent_path() / refs.predictions_file).string();
      side = read_file(checked.side_path, lb::kMaxPredictionBytes);
    }
    lb::Errors warnings;
    checked.submission = lb::check_bundle(*data, text, path, side ? &*side : nullptr, errors, nullptr, &warnings);
    for (const Error& w : warnings) std::cerr << "fruitbench: warning: " << w.to_string() << "\n";
  }
  if (checked.submission) {
    const auto& s = *checked.submission;
    const std::string& metric = data->benchmark.primary_metric;
    std::cout << "ok: " << path << " (" << s.benchmark << ", " << s.system["name"].get<std::string>() << "): "
              << metric << " F " << lb::mean_value(s.scores["mean"], metric) << "\n";
  } else {
    print_errors(lb::Errors(errors.begin() + static_cast<long>(before), errors.end()));
    std::cerr << "fruitbench: rejected: " << path << " (" << errors.size() - before << " errors)\n";
  }
  return checked;
}

struct CheckRun {
  Benchmarks benchmarks;
  std::vector<CheckedBundle> bundles;
  lb::Errors errors;
};

CheckRun check_all(const Args& args) {
  CheckRun run;
  run.benchmarks = load_benchmarks(option_or(args, "benchmarks", "leaderboard/benchmarks"), run.errors);
  print_errors(run.errors);
  std::vector<std::string> paths = args.positional;
  if (paths.empty()) {
    const std::string dir = option_or(args, "submissions", "leaderboard/submissions");
    for (const std::string& name : files_in(dir, ".json")) paths.push_back(dir + "/" + name);
  }
  for (const std::string& path : paths) run.bundles.push_back(check_one(path, run.benchmarks, run.errors));
  return run;
}

int run_check(int argc, char** argv) {
  const Args args = parse_or_throw(argc, argv, {"benchmarks", "submissions"}, {}, /*positional_allowed=*/true);
  CheckRun run = check_all(args);
  size_t accepted = 0;
  for (const auto& b : run.bundles) accepted += b.submission.has_value();
  std::cout << "leaderboard check: " << run.benchmarks.list.size() << " benchmarks, " << accepted << " of "
            << run.bundles.size() << " submissions accepted\n";
  return run.errors.empty() ? kExitOk : kExitInvalidData;
}

void copy_file_to(const std::string& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  if (ec || !fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec)) {
    throw Failure{io_error("cannot copy " + from + " to " + to.string())};
  }
}

void write_in(const fs::path& dir, const std::string& relative, const std::string& text) {
  const fs::path path = dir / relative;
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (ec || !out) throw Failure{io_error("cannot write " + path.string())};
}

int run_build(int argc, char** argv) {
  const Args args = parse_or_throw(argc, argv, {"out", "benchmarks", "submissions", "site"}, {});
  require(args, {"out"});
  std::string out = args.get("out");
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  const std::string site_dir = option_or(args, "site", "leaderboard/site");
  std::error_code ec;
  if (!fs::is_directory(site_dir, ec)) {
    std::cerr << "fruitbench: the site's assets folder " << site_dir << " does not exist (give --site DIR)\n";
    return kExitIo;
  }
  if (fs::exists(out, ec) && !fs::is_empty(out, ec) && !fs::exists(fs::path(out) / "data" / "leaderboard.json", ec)) {
    std::cerr << "fruitbench: " << out << " exists and is not a fruitbench site: not replacing it\n";
    return kExitIo;
  }
  CheckRun run = check_all(args);
  if (!run.errors.empty()) {
    std::cerr << "fruitbench: nothing built: " << run.errors.size() << " errors\n";
    return kExitInvalidData;
  }
  std::vector<lb::Submission> submissions;
  for (auto& b : run.bundles) submissions.push_back(*b.submission);
  std::vector<const lb::BenchmarkData*> benchmarks;
  for (const auto& b : run.benchmarks.list) benchmarks.push_back(&b);
  const lb::SiteData site = lb::build_site_data(benchmarks, submissions);

  const fs::path partial = out + ".partial";
  fs::remove_all(partial, ec);
  fs::create_directories(partial, ec);
  if (ec) return io_error("cannot create " + partial.string());
  // The front end's assets, as they are. Links are followed and written as
  // files: base.css and diff-view.mjs are links to the playground's own.
  std::vector<fs::path> assets;
  for (const auto& entry : fs::recursive_directory_iterator(site_dir, ec)) {
    if (entry.is_regular_file()) assets.push_back(entry.path());
  }
  std::sort(assets.begin(), assets.end());
  // lexically: fs::relative would resolve the links and point outside the site.
  for (const fs::path& asset : assets) copy_file_to(asset.string(), partial / asset.lexically_relative(site_dir));
  write_in(partial, "schema/submission.schema.json", lb::submission_schema().dump(2) + "\n");
  write_in(partial, "data/leaderboard.json", site.leaderboard.dump(2) + "\n");
  for (const auto& [path, json] : site.compare) write_in(partial, path, json.dump(1) + "\n");
  for (const auto& b : run.benchmarks.list) {
    const std::string dir = run.benchmarks.dir;
    copy_file_to(dir + "/" + b.benchmark.id + ".json", partial / "benchmarks" / (b.benchmark.id + ".json"));
    write_in(partial, "benchmarks/" + b.benchmark.gold, b.gold_text);
    if (!b.benchmark.inputs.empty()) copy_file_to(dir + "/" + b.benchmark.inputs, partial / "benchmarks" / b.benchmark.inputs);
  }
  for (const auto& b : run.bundles) {
    copy_file_to(b.path, partial / "submissions" / fs::path(b.path).filename());
    if (!b.side_path.empty()) copy_file_to(b.side_path, partial / "submissions" / fs::path(b.side_path).filename());
  }
  // Swap in the new site.
  const fs::path old = out + ".old";
  fs::remove_all(old, ec);
  if (fs::exists(out)) fs::rename(out, old, ec);
  if (!ec) fs::rename(partial, out, ec);
  if (ec) return io_error("cannot rename " + partial.string() + " to " + out);
  fs::remove_all(old, ec);
  std::cout << "built " << out << ": " << run.benchmarks.list.size() << " benchmarks, " << submissions.size()
            << " submissions\n";
  return kExitOk;
}

int run_add_benchmark(int argc, char** argv) {
  const Args args = parse_or_throw(
      argc, argv,
      {"id", "name", "gold", "inputs", "description", "license", "url", "primary", "bootstrap", "seed", "benchmarks", "task"},
      {"stem", "force"});
  require(args, {"id", "name", "gold"});
  lb::BenchmarkSpec spec;
  spec.id = args.get("id");
  spec.name = args.get("name");
  spec.description = args.get("description");
  spec.license = args.get("license");
  spec.url = args.get("url");
  spec.task = option_or(args, "task", "fruit");
  spec.primary_metric = option_or(args, "primary", spec.task == "diffqg" ? "full_rougeL" : "update_rougeLsum");
  spec.options.use_stemmer = args.has("stem");
  if (args.has("bootstrap")) {
    auto n = parse_count(args.get("bootstrap"));
    if (!n || *n > 1000000) return usage_error("--bootstrap takes a whole number from 0 to 1000000");
    spec.options.bootstrap_samples = *n;
  }
  if (args.has("seed")) {
    auto seed = parse_count(args.get("seed"));
    if (!seed) return usage_error("--seed takes a non-negative whole number");
    spec.options.seed = *seed;
  }
  const std::string dir = option_or(args, "benchmarks", "leaderboard/benchmarks");
  const std::string definition_path = dir + "/" + spec.id + ".json";
  std::error_code ec;
  if (fs::exists(definition_path, ec) && !args.has("force")) {
    std::cerr << "fruitbench: " << definition_path << " exists (--force replaces it)\n";
    return kExitInvalidData;
  }
  const std::string gold = read_or_throw(args.get("gold"));
  std::optional<std::string> inputs;
  if (args.has("inputs")) inputs = read_or_throw(args.get("inputs"));
  lb::Errors errors;
  auto definition = lb::make_benchmark(spec, gold, args.get("gold"), inputs ? &*inputs : nullptr,
                                       args.get("inputs"), errors);
  if (!definition) {
    print_errors(errors);
    return kExitInvalidData;
  }
  fs::create_directories(fs::path(dir) / spec.id, ec);
  if (ec) return io_error("cannot create " + dir + "/" + spec.id);
  // Files already in place (the project's own benchmark) are not rewritten.
  const auto place = [&](const std::string& from, const std::string& text, const std::string& relative) {
    const fs::path to = fs::path(dir) / relative;
    std::error_code same_ec;
    if (fs::exists(to) && fs::equivalent(from, to, same_ec)) return;
    write_file(to.string(), text);
  };
  place(args.get("gold"), gold, spec.id + "/gold.jsonl");
  if (inputs) place(args.get("inputs"), *inputs, spec.id + "/inputs.jsonl");
  write_file(definition_path, *definition);
  const fruit::Json j = fruit::Json::parse(*definition);
  std::cout << "wrote " << definition_path << ": " << j["n"] << " examples, gold sha256 "
            << j["gold_sha256"].get<std::string>() << "\n";
  return kExitOk;
}

int run_bundle(int argc, char** argv) {
  const Args args = parse_or_throw(argc, argv, {"benchmark", "pred", "system", "out", "benchmarks"}, {});
  require(args, {"benchmark", "pred", "system", "out"});
  const std::string out = args.get("out");
  if (out.size() <= 5 || out.compare(out.size() - 5, 5, ".json") != 0) {
    return usage_error("--out must name a .json file");
  }
  lb::Errors errors;
  const Benchmarks benchmarks = load_benchmarks(option_or(args, "benchmarks", "leaderboard/benchmarks"), errors);
  const lb::BenchmarkData* data = benchmarks.find(args.get("benchmark"));
  if (!data) {
    print_errors(errors);
    std::cerr << "fruitbench: '" << args.get("benchmark") << "' is not a (valid) benchmark of " << benchmarks.dir
              << "\n";
    return kExitInvalidData;
  }
  const std::string predictions = read_or_throw(args.get("pred"), lb::kMaxPredictionBytes);
  const std::string system_text = read_or_throw(args.get("system"));
  const fruit::Json system = fruit::Json::parse(system_text, nullptr, /*allow_exceptions=*/false);
  if (system.is_discarded() || !system.is_object()) {
    std::cerr << "fruitbench: error: " << args.get("system") << ": expected a JSON object of system metadata\n";
    return kExitInvalidData;
  }
  // Embedded when small enough, else beside the bundle.
  errors.clear();
  const std::string stem = fs::path(out).filename().string();
  const std::string side_name = stem.substr(0, stem.size() - 5) + ".pred.jsonl.gz";
  auto made = lb::make_bundle(*data, predictions, args.get("pred"), system, "", errors);
  const bool too_large = !made && std::any_of(errors.begin(), errors.end(), [](const Error& e) {
    return e.message.find("they go beside the bundle") != std::string::npos;
  });
  if (too_large) {
    errors.clear();
    made = lb::make_bundle(*data, predictions, args.get("pred"), system, side_name, errors);
  }
  if (!made) {
    print_errors(errors);
    return kExitInvalidData;
  }
  if (!made->side_predictions.empty()) {
    write_file((fs::path(out).parent_path() / side_name).string(), made->side_predictions, /*gzip=*/true);
  }
  write_file(out, made->bundle_text);
  const std::string& metric = data->benchmark.primary_metric;
  std::cout << "wrote " << out << (made->side_predictions.empty() ? "" : " and " + side_name) << ": "
            << made->report["n"] << " examples, " << metric << " F "
            << lb::mean_value(made->report["mean"], metric) << "\n";
  for (const Error& w : made->warnings) std::cerr << "fruitbench: warning: " << w.to_string() << "\n";
  for (const auto& w : made->report["warnings"]) std::cerr << "fruitbench: warning: " << w.get<std::string>() << "\n";
  return kExitOk;
}

}  // namespace

int run_leaderboard(int argc, char** argv) {
  const std::string command = argc >= 3 ? argv[2] : "";
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kLeaderboardUsage;
      return kExitOk;
    }
  }
  try {
    if (command == "check") return run_check(argc, argv);
    if (command == "build") return run_build(argc, argv);
    if (command == "add-benchmark") return run_add_benchmark(argc, argv);
    if (command == "bundle") return run_bundle(argc, argv);
  } catch (const Failure& failure) {
    return failure.status;
  }
  if (command.empty()) {
    std::cerr << kLeaderboardUsage;
    return kExitUsage;
  }
  return usage_error("unknown leaderboard command '" + command + "'");
}

int run_baseline(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kBaselineUsage;
      return kExitOk;
    }
  }
  std::string error;
  auto args = parse_args(argc, argv, 2, {"input", "kind", "out", "task"}, {}, error);
  if (!args) return usage_error(error);
  if (!args->positional.empty()) return usage_error("unexpected argument '" + args->positional[0] + "'");
  if (!args->has("input") || !args->has("kind")) return usage_error("needs --input and --kind");
  const std::string kind = args->get("kind");
  if (kind != "copy-source" && kind != "copy-source-all-evidence") {
    return usage_error("--kind is 'copy-source' or 'copy-source-all-evidence'");
  }
  FileLineReader reader(args->get("input"));
  if (!reader.is_open()) return io_error("cannot open " + args->get("input"));
  std::string output, line;
  size_t line_number = 0;
  while (reader.next_line(line)) {
    const fruit::Location where{reader.name(), ++line_number};
    auto input = fruit::parse_input(line, where);
    if (!input.ok()) return data_error(input.error());
    auto edit = fruit::baseline_edit(input.value().inputs, kind == "copy-source"
                                                               ? fruit::Baseline::kCopySource
                                                               : fruit::Baseline::kCopySourceAllEvidence);
    if (!edit.ok()) return data_error(fruit::record_error(where, "inputs", edit.error().message));
    fruit::Json prediction = fruit::Json::object();
    if (input.value().id) prediction["id"] = input.value().id->value;
    prediction["targets"] = edit.value();
    output += prediction.dump() + "\n";
  }
  if (reader.failed()) return io_error("read error");
  if (!args->has("out")) {
    std::cout << output;
    return kExitOk;
  }
  try {
    write_file(args->get("out"), output);
  } catch (const Failure& failure) {
    return failure.status;
  }
  return kExitOk;
}

}  // namespace fruit::cli
