// The Python face of the core: the extension module fruitbench._core, a
// thin pybind11 layer in the manner of wasm/bindings.cc. Every function
// forwards to the core and returns the core's JSON as text, so that Python,
// the CLI, Node and the browser print the same bytes; the package
// (fruitbench/__init__.py) parses it. Errors raise
// fruitbench.FruitbenchError(text, reason, file, line, field).
//
// A source is a path (str), read as the CLI reads files, or a tuple
// (name, text) of JSONL already in memory.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "evaluate.h"
#include "front_end.h"
#include "normalize.h"
#include "report.h"
#include "scoring.h"
#include "significance.h"

namespace py = pybind11;

namespace {

[[noreturn]] void raise_error(const fruit::Error& error) {
  const py::object type = py::module_::import("fruitbench._errors").attr("FruitbenchError");
  const py::object value = type(error.to_string(), error.message, error.file, error.line, error.field);
  PyErr_SetObject(type.ptr(), value.ptr());
  throw py::error_already_set();
}

template <class T>
T value_or_raise(fruit::Result<T> result) {
  if (!result.ok()) raise_error(result.error());
  return std::move(result.value());
}

std::unique_ptr<fruit::LineReader> open_source(const py::object& source) {
  if (py::isinstance<py::str>(source)) {
    const std::string path = source.cast<std::string>();
    auto reader = std::make_unique<fruit::cli::FileLineReader>(path);
    if (path == "-" || !reader->is_open()) raise_error(fruit::Error("cannot open the file", path));
    return reader;
  }
  const auto pair = source.cast<std::pair<std::string, std::string>>();
  return std::make_unique<fruit::StringLineReader>(pair.second, pair.first);
}

fruit::ScoringOptions scoring_options(size_t bootstrap, uint64_t seed, bool stem) {
  fruit::ScoringOptions options;
  options.bootstrap_samples = bootstrap;
  options.seed = seed;
  options.use_stemmer = stem;
  return options;
}

// The report text of `fruitbench score --format json`; on_example gets
// every per-example line (`--per-example`).
std::string score(const py::object& gold, const py::object& predictions, size_t bootstrap, uint64_t seed, bool stem,
                  const std::function<void(const std::string&)>& on_example) {
  auto gold_reader = open_source(gold);
  auto prediction_reader = open_source(predictions);
  fruit::EvaluateCallbacks callbacks;
  if (on_example) callbacks.on_example = [&](const fruit::ScoredExample& e) { on_example(fruit::example_json(e).dump()); };
  auto evaluation = value_or_raise(fruit::evaluate(*gold_reader, *prediction_reader, scoring_options(bootstrap, seed, stem),
                                                   callbacks));
  return fruit::report_json(evaluation).dump(2) + "\n";
}

// The report text of `fruitbench compare --format json`.
std::string compare(const py::object& gold, const py::object& predictions_a, const py::object& predictions_b,
                    const std::string& method, size_t resamples, uint64_t seed, bool stem) {
  fruit::SignificanceOptions options;
  const auto parsed = fruit::parse_significance_method(method);
  if (!parsed) raise_error(fruit::Error("must be 'bootstrap' or 'randomization'", "", 0, "method"));
  options.method = *parsed;
  options.resamples = resamples;
  options.seed = seed;
  std::vector<fruit::SystemRun> runs;
  for (const py::object* predictions : {&predictions_a, &predictions_b}) {
    auto gold_reader = open_source(gold);
    auto prediction_reader = open_source(*predictions);
    runs.push_back(value_or_raise(fruit::run_system(*gold_reader, *prediction_reader, scoring_options(0, seed, stem))));
  }
  const auto comparison = value_or_raise(fruit::compare_systems(std::move(runs[0]), std::move(runs[1]), options));
  return fruit::comparison_json(comparison).dump(2) + "\n";
}

std::string normalize(const std::string& inputs, const std::string& edit) {
  const auto normalized = value_or_raise(fruit::normalize(inputs, edit));
  fruit::Json dropped = fruit::Json::array();
  for (const auto& d : normalized.dropped) dropped.push_back(d.uid);
  return fruit::Json{{"normalized_inputs", normalized.source},
                     {"normalized_targets", normalized.edited},
                     {"dropped_copy_tokens", dropped}}
      .dump();
}

std::string apply_edit5(const std::string& inputs, const std::string& edit) {
  return value_or_raise(fruit::apply_edit5_json(inputs, edit)).dump();
}

// The lines of `fruitbench apply --input --pred`.
std::vector<std::string> apply_file(const py::object& inputs, const py::object& predictions) {
  auto input_reader = open_source(inputs);
  auto prediction_reader = open_source(predictions);
  std::vector<std::string> lines;
  const fruit::Status status = fruit::apply_predictions(*input_reader, *prediction_reader, [&](const fruit::AppliedPrediction& a) {
    lines.push_back(fruit::applied_prediction_json(a).dump());
  });
  if (!status.ok()) raise_error(status.error());
  return lines;
}

std::string diff(const std::string& inputs, const std::string& update, const std::string& kind) {
  return value_or_raise(fruit::diff_json(inputs, update, kind)).dump();
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "fruitbench's C++ core (use the fruitbench package, not this module)";
  m.def("version", [] { return std::string(fruit::kVersion); });
  m.def("signature", [](size_t bootstrap, uint64_t seed, bool stem) {
    return fruit::signature(scoring_options(bootstrap, seed, stem));
  });
  m.def("score", &score, py::arg("gold"), py::arg("pred"), py::arg("bootstrap"), py::arg("seed"), py::arg("stem"),
        py::arg("on_example") = nullptr);
  m.def("compare", &compare, py::arg("gold"), py::arg("pred_a"), py::arg("pred_b"), py::arg("method"),
        py::arg("resamples"), py::arg("seed"), py::arg("stem"));
  m.def("normalize", &normalize, py::arg("inputs"), py::arg("edit"));
  m.def("apply_edit5", &apply_edit5, py::arg("inputs"), py::arg("edit"));
  m.def("apply_file", &apply_file, py::arg("input"), py::arg("pred"));
  m.def("diff", &diff, py::arg("inputs"), py::arg("update"), py::arg("kind"));
}
