// `fruitbench leaderboard …` and `fruitbench baseline` (leaderboard_cli.cc).
#pragma once

namespace fruit::cli {

// argv[1] is "leaderboard"; argv[2] the leaderboard command.
int run_leaderboard(int argc, char** argv);
// argv[1] is "baseline".
int run_baseline(int argc, char** argv);

}  // namespace fruit::cli
