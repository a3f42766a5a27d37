// The output contract that the CLI, the WebAssembly module and the
// leaderboard share (scale 0..100). Formatting lives in the core so that
// every front end prints byte-identical JSON.
#pragma once

#include <string>

#include "evaluate.h"

namespace fruit {

// One per-example line: {"id", "update_rouge1": {"precision", "recall",
// "fmeasure"}, "update_rouge2", "update_rougeLsum", "rouge1", "rouge2",
// "rougeL", "exact_match": 0 or 100, "unsupported_entity_tokens": 2,
// "entity_precision": 50.0 or null, "entity_recall": 100.0 or null}.
Json example_json(const ScoredExample& example);

// {"n", "mean": {metric: {P, R, F}, "exact_match": x,
// "unsupported_entity_tokens": x, "entity_precision": x or null,
// "entity_recall": x or null}, "defined": {"unsupported_entity_tokens": n,
// "entity_precision": k, "entity_recall": k} (the examples each
// faithfulness mean is over), "bootstrap": {metric: {"low", "mid", "high"}}
// (a faithfulness interval may be null), "corpus": {FRUIT's corpus-level
// metrics, official names, 0..1, only those the data allows (see
// corpus_metrics.h)}, "signature", "warnings"}.
Json report_json(const Evaluation& evaluation);

// A fixed-width table for people.
std::string report_table(const Evaluation& evaluation);

}  // namespace fruit
