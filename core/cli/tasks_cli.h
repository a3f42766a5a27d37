// The commands of the tasks beside FRUIT (tasks_cli.cc):
//   fruitbench score --task diffqg|factacc --gold G --pred P ...
//   fruitbench baseline --task diffqg --input I [--out P]
//   fruitbench correlate --scores S --human H [--metric NAME] ...
#pragma once

#include <string>

namespace fruit::cli {

// The value of "--task X" / "--task=X" among argv[2..], or "" when absent.
std::string task_option(int argc, char** argv);

// argv[1] is "score" and the task is not "fruit".
int run_task_score(int argc, char** argv);
// argv[1] is "baseline" and the task is "diffqg".
int run_task_baseline(int argc, char** argv);
// argv[1] is "correlate".
int run_correlate(int argc, char** argv);

}  // namespace fruit::cli
