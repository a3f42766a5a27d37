#include "bootstrap.h"

#include <algorithm>

#include "scoring.h"

namespace fruit {

std::vector<std::optional<Bounds>> bootstrap_intervals(size_t n, size_t resamples, uint64_t seed, double confidence,
                                                       size_t statistics, const ResampleStatistics& compute) {
  std::vector<std::optional<Bounds>> result(statistics);
  if (n == 0 || resamples == 0) return result;
  std::vector<std::vector<double>> values(statistics);
  std::vector<size_t> indices(n);
  std::vector<std::optional<double>> out(statistics);
  BootstrapRng rng(seed);
  for (size_t s = 0; s < resamples; ++s) {
    for (size_t& i : indices) i = rng.below(n);
    std::fill(out.begin(), out.end(), std::nullopt);
    compute(indices, out);
    for (size_t k = 0; k < statistics; ++k) {
      if (out[k]) values[k].push_back(*out[k]);
    }
  }
  const double tail = (1 - confidence) / 2 * 100;
  for (size_t k = 0; k < statistics; ++k) {
    auto& sorted = values[k];
    if (sorted.empty()) continue;
    std::sort(sorted.begin(), sorted.end());
    result[k] = Bounds{percentile_of_sorted(sorted, tail), percentile_of_sorted(sorted, 50),
                       percentile_of_sorted(sorted, 100 - tail), sorted.size()};
  }
  return result;
}

}  // namespace fruit
