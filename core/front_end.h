// The JSON that several front ends (the CLI, the WebAssembly module, the
// Python package) return for the same call, built once here so that they
// cannot drift apart.
//
//   diff_json("[0] Old. [CONTEXT] (0) New", "[0] (0) New fact.", "edit5")
//     -> {"sentences": [...], ..., "html": "<div class=\"fb-diff\">..."}
//   apply_edit5_json("[0] A. [CONTEXT] (0) B", "[0] [0] (0) C.")
//     -> {"normalized_targets": "A. A. C.", "units": [{"copy": 0}, {"copy": 0},
//         {"references": [0], "text": "C."}], "diagnostics": [{"code": "copy-repeated", ...}]}
//   applied_prediction_json(applied) -> {"id", "targets"?, "normalized_targets"}
//     (a line of `fruitbench apply`)
#pragma once

#include <string_view>
#include <vector>

#include "edit5.h"
#include "evaluate.h"
#include "fruit_format.h"
#include "status.h"

namespace fruit {

// The update (kind "edit5": an EDIT5 output; "text": the updated article)
// diffed against the source article of `inputs` (diff.h): diff_to_json plus
// "html" from HtmlDiffFormatter. A bad kind is an error about field "kind".
Result<Json> diff_json(std::string_view inputs, std::string_view update, std::string_view kind);

// [{"code", "message", "unit", "offset"}, ...]
Json diagnostics_json(const std::vector<Diagnostic>& diagnostics);

// One EDIT5 output applied to its input, as `fruitbench apply --inputs --edit`.
Result<Json> apply_edit5_json(std::string_view inputs, std::string_view edit);

// A prediction line of `fruitbench apply --input --pred`.
Json applied_prediction_json(const AppliedPrediction& applied);

}  // namespace fruit
