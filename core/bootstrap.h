// Percentile bootstrap intervals for any statistic of a set of examples
// (a correlation, an F1, a mean over a subset), resampled exactly as the
// FRUIT aggregate is (scoring.h): `resamples` draws of n example indices
// with replacement from BootstrapRng(seed), the statistic computed on each
// resample, numpy's linear-interpolation percentiles of the results.
//
//   bootstrap_intervals(3, 1000, 12345, 0.95, 1,
//       [&](const std::vector<size_t>& idx, std::vector<std::optional<double>>& out) {
//         out[0] = mean of values[i] for i in idx; })
//   -> one Bounds {low, mid, high} (2.5th, 50th and 97.5th percentiles)
//
// Several statistics share the same resamples. A statistic may be
// undefined on a resample (nullopt: a correlation of constant values, an F1
// without positives): such resamples are left out of that statistic's
// percentiles, and `defined` counts the others. No defined resample: the
// interval is nullopt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace fruit {

struct Bounds {
  double low = 0, mid = 0, high = 0;
  size_t defined = 0;  // resamples on which the statistic was defined
};

using ResampleStatistics = std::function<void(const std::vector<size_t>& indices, std::vector<std::optional<double>>& out)>;

std::vector<std::optional<Bounds>> bootstrap_intervals(size_t n, size_t resamples, uint64_t seed, double confidence,
                                                       size_t statistics, const ResampleStatistics& compute);

}  // namespace fruit
