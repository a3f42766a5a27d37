// `fruitbench compare`: paired significance between two systems' prediction
// files on the same gold file (core/significance.h).
//
//   fruitbench compare --gold G.jsonl --pred A.jsonl --pred B.jsonl
//       [--method bootstrap|randomization] [--resamples N] [--seed S] [--format table|json] [--stem]
#pragma once

namespace fruit::cli {

int run_compare(int argc, char** argv);

}  // namespace fruit::cli
