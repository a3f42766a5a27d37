#include "lcs.h"

#include <algorithm>
#include <bit>

namespace fruit {
namespace {

// Runs the bit-parallel recurrence over the rows of `rows` with bit
// positions along `cols`. Row vector V has a 0 at bit j exactly where the
// DP row grows between columns j and j+1, so DP[i][j] = zeros of V_i in
// bits [0, j). `on_row(i, V)` sees V after row i (1-based).
template <class OnRow>
void run_rows(TokenIds rows, TokenIds cols, OnRow on_row) {
  const size_t words = (cols.size() + 63) / 64;
  // (token, position) pairs sorted by token: each row finds its token's
  // positions by binary search. One allocation, linear memory even for very
  // long texts with many distinct tokens.
  std::vector<std::pair<uint32_t, uint32_t>> positions;
  positions.reserve(cols.size());
  for (size_t j = 0; j < cols.size(); ++j) positions.emplace_back(cols[j], static_cast<uint32_t>(j));
  std::sort(positions.begin(), positions.end());

  std::vector<uint64_t> v(words, ~uint64_t{0});
  std::vector<uint64_t> u(words, 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    auto match = std::lower_bound(positions.begin(), positions.end(), std::pair<uint32_t, uint32_t>(rows[i], 0));
    if (match == positions.end() || match->first != rows[i]) {
      on_row(i + 1, v, false);
      continue;
    }
    for (; match != positions.end() && match->first == rows[i]; ++match) {
      const uint32_t j = match->second;
      const uint64_t bit = uint64_t{1} << (j % 64);
      if (v[j / 64] & bit) u[j / 64] |= bit;
    }
    uint64_t carry = 0;
    for (size_t w = 0; w < words; ++w) {
      const uint64_t vw = v[w], uw = u[w];
      const uint64_t sum = vw + uw;
      const uint64_t with_carry = sum + carry;
      carry = (sum < vw) | (with_carry < sum);
      v[w] = with_carry | (vw & ~uw);
      u[w] = 0;
    }
    on_row(i + 1, v, true);
  }
}

// Number of zero bits of `row` in [0, end).
size_t zeros_before(const uint64_t* row, size_t end) {
  size_t ones = 0;
  const size_t full = end / 64;
  for (size_t w = 0; w < full; ++w) ones += static_cast<size_t>(std::popcount(row[w]));
  if (end % 64) ones += static_cast<size_t>(std::popcount(row[full] & ((uint64_t{1} << (end % 64)) - 1)));
  return end - ones;
}

}  // namespace

size_t lcs_length(TokenIds a, TokenIds b) {
  if (a.empty() || b.empty()) return 0;
  if (a.size() < b.size()) std::swap(a, b);  // bits along the shorter one
  size_t length = 0;
  run_rows(a, b, [&](size_t i, const std::vector<uint64_t>& v, bool) {
    if (i == a.size()) length = zeros_before(v.data(), b.size());
  });
  return length;
}

std::vector<size_t> lcs_indices(TokenIds ref, TokenIds can) {
  std::vector<size_t> indices;
  if (ref.empty() || can.empty()) return indices;
  const size_t words = (can.size() + 63) / 64;
  // Row 0 is all ones (DP row of zeros). Rows without a match share the
  // previous row's storage.
  std::vector<uint64_t> stored(words, ~uint64_t{0});
  std::vector<size_t> row_offset(ref.size() + 1, 0);
  run_rows(ref, can, [&](size_t i, const std::vector<uint64_t>& v, bool changed) {
    if (!changed) {
      row_offset[i] = row_offset[i - 1];
      return;
    }
    row_offset[i] = stored.size();
    stored.insert(stored.end(), v.begin(), v.end());
  });
  const auto row = [&](size_t i) { return stored.data() + row_offset[i]; };
  const auto bit_is_zero = [&](size_t i, size_t j) { return ((row(i)[j / 64] >> (j % 64)) & 1) == 0; };

  size_t i = ref.size(), j = can.size();
  size_t here = zeros_before(row(i), j);  // DP[i][j]
  while (i > 0 && j > 0) {
    if (ref[i - 1] == can[j - 1]) {
      indices.push_back(i - 1);
      --i, --j, --here;
      continue;
    }
    const size_t left = here - (bit_is_zero(i, j - 1) ? 1 : 0);  // DP[i][j-1]
    const size_t up = row_offset[i - 1] == row_offset[i] ? here : zeros_before(row(i - 1), j);
    if (left > up) {
      --j, here = left;
    } else {
      --i, here = up;
    }
  }
  std::reverse(indices.begin(), indices.end());
  return indices;
}

}  // namespace fruit
