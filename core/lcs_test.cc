#include "lcs.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

// The oracles below are plain ports of rouge_score's rouge_scorer._lcs_table
// and _backtrack_norec (rouge_score 0.1.2), which the bit-parallel code must
// reproduce exactly, tie-breaking included.

namespace {

using Seq = std::vector<uint32_t>;
using Table = std::vector<std::vector<size_t>>;

// rouge_scorer._lcs_table(ref, can)
Table lcs_table(const Seq& ref, const Seq& can) {
  Table t(ref.size() + 1, std::vector<size_t>(can.size() + 1, 0));
  for (size_t i = 1; i <= ref.size(); ++i) {
    for (size_t j = 1; j <= can.size(); ++j) {
      if (ref[i - 1] == can[j - 1]) {
        t[i][j] = t[i - 1][j - 1] + 1;
      } else {
        t[i][j] = std::max(t[i - 1][j], t[i][j - 1]);
      }
    }
  }
  return t;
}

// rouge_scorer._backtrack_norec(t, ref, can)
std::vector<size_t> backtrack_norec(const Table& t, const Seq& ref, const Seq& can) {
  size_t i = ref.size(), j = can.size();
  std::vector<size_t> lcs;
  while (i > 0 && j > 0) {
    if (ref[i - 1] == can[j - 1]) {
      lcs.insert(lcs.begin(), i - 1);
      --i;
      --j;
    } else if (t[i][j - 1] > t[i - 1][j]) {
      --j;
    } else {
      --i;
    }
  }
  return lcs;
}

size_t oracle_length(const Seq& a, const Seq& b) { return lcs_table(a, b).back().back(); }

std::vector<size_t> oracle_indices(const Seq& ref, const Seq& can) {
  return backtrack_norec(lcs_table(ref, can), ref, can);
}

Seq random_seq(std::mt19937& rng, size_t length, uint32_t alphabet) {
  std::uniform_int_distribution<uint32_t> token(0, alphabet - 1);
  Seq s(length);
  for (auto& t : s) t = token(rng);
  return s;
}

constexpr size_t kBoundaryLengths[] = {0, 1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 300};
constexpr uint32_t kAlphabets[] = {1, 2, 3, 4, 8, 26, 1000};

}  // namespace

TEST_CASE("lcs_length: small hand-made cases", "[lcs]") {
  CHECK(fruit::lcs_length(Seq{}, Seq{}) == 0);
  CHECK(fruit::lcs_length(Seq{1, 2, 3}, Seq{}) == 0);
  CHECK(fruit::lcs_length(Seq{}, Seq{1}) == 0);
  CHECK(fruit::lcs_length(Seq{1, 2, 3}, Seq{1, 2, 3}) == 3);
  CHECK(fruit::lcs_length(Seq{1, 2, 3}, Seq{3, 2, 1}) == 1);
  CHECK(fruit::lcs_length(Seq{1, 2, 3, 4, 1}, Seq{3, 4, 1, 2, 1, 3}) == 3);
  CHECK(fruit::lcs_length(Seq{7, 7, 7}, Seq{7, 7}) == 2);
  CHECK(fruit::lcs_length(Seq{0xFFFFFFFFu, 0}, Seq{0, 0xFFFFFFFFu, 0}) == 2);
}

TEST_CASE("lcs_length: agrees with the O(nm) table on random sequences across word boundaries", "[lcs]") {
  std::mt19937 rng(20240601);
  size_t compared = 0;
  for (uint32_t alphabet : kAlphabets) {
    for (size_t n : kBoundaryLengths) {
      for (size_t m : kBoundaryLengths) {
        const Seq a = random_seq(rng, n, alphabet);
        const Seq b = random_seq(rng, m, alphabet);
        const size_t expected = oracle_length(a, b);
        INFO("alphabet " << alphabet << ", lengths " << n << " x " << m);
        REQUIRE(fruit::lcs_length(a, b) == expected);
        REQUIRE(fruit::lcs_length(b, a) == expected);
        ++compared;
      }
    }
  }
  CHECK(compared == std::size(kAlphabets) * std::size(kBoundaryLengths) * std::size(kBoundaryLengths));
}

TEST_CASE("lcs_length: agrees with the O(nm) table on random lengths 0..300", "[lcs]") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<size_t> length(0, 300);
  std::uniform_int_distribution<size_t> pick_alphabet(0, std::size(kAlphabets) - 1);
  for (int round = 0; round < 400; ++round) {
    const uint32_t alphabet = kAlphabets[pick_alphabet(rng)];
    const Seq a = random_seq(rng, length(rng), alphabet);
    const Seq b = random_seq(rng, length(rng), alphabet);
    INFO("round " << round << ", alphabet " << alphabet << ", lengths " << a.size() << " x " << b.size());
    REQUIRE(fruit::lcs_length(a, b) == oracle_length(a, b));
  }
}

TEST_CASE("lcs_length: one sequence is a subsequence of the other", "[lcs]") {
  std::mt19937 rng(99);
  for (size_t n : {64u, 65u, 129u, 300u}) {
    const Seq big = random_seq(rng, n, 5);
    Seq sub;
    for (size_t i = 0; i < big.size(); i += 3) sub.push_back(big[i]);
    CHECK(fruit::lcs_length(big, sub) == sub.size());
    CHECK(fruit::lcs_length(sub, big) == sub.size());
    CHECK(fruit::lcs_length(big, big) == big.size());
  }
}

TEST_CASE("lcs_length: a 5000 x 5000 case matches the table", "[lcs]") {
  std::mt19937 rng(5000);
  const Seq a = random_seq(rng, 5000, 50);
  const Seq b = random_seq(rng, 5000, 50);
  // The oracle with rolling rows, to keep memory small.
  std::vector<size_t> previous(b.size() + 1, 0), current(b.size() + 1, 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : std::max(previous[j], current[j - 1]);
    }
    std::swap(previous, current);
  }
  CHECK(fruit::lcs_length(a, b) == previous.back());
}

TEST_CASE("lcs_indices: small hand-made cases follow rouge_score's backtracking", "[lcs]") {
  CHECK(fruit::lcs_indices(Seq{}, Seq{1}).empty());
  CHECK(fruit::lcs_indices(Seq{1}, Seq{}).empty());
  CHECK(fruit::lcs_indices(Seq{1, 2, 3}, Seq{1, 2, 3}) == std::vector<size_t>{0, 1, 2});
  // Ties: rouge_score moves up (in ref) unless left is strictly greater.
  const Seq ref{1, 2};
  const Seq can{2, 1};
  CHECK(fruit::lcs_indices(ref, can) == oracle_indices(ref, can));
  CHECK(fruit::lcs_indices(Seq{1, 1, 1}, Seq{1}) == oracle_indices(Seq{1, 1, 1}, Seq{1}));
  CHECK(fruit::lcs_indices(Seq{1, 1, 1}, Seq{1}) == std::vector<size_t>{2});
}

TEST_CASE("lcs_indices: agrees with _lcs_table + _backtrack_norec on random sequences", "[lcs]") {
  std::mt19937 rng(424242);
  for (uint32_t alphabet : kAlphabets) {
    for (size_t n : kBoundaryLengths) {
      for (size_t m : kBoundaryLengths) {
        const Seq ref = random_seq(rng, n, alphabet);
        const Seq can = random_seq(rng, m, alphabet);
        INFO("alphabet " << alphabet << ", lengths " << n << " x " << m);
        REQUIRE(fruit::lcs_indices(ref, can) == oracle_indices(ref, can));
      }
    }
  }
  std::uniform_int_distribution<size_t> length(0, 300);
  std::uniform_int_distribution<size_t> pick_alphabet(0, std::size(kAlphabets) - 1);
  for (int round = 0; round < 300; ++round) {
    const uint32_t alphabet = kAlphabets[pick_alphabet(rng)];
    const Seq ref = random_seq(rng, length(rng), alphabet);
    const Seq can = random_seq(rng, length(rng), alphabet);
    INFO("round " << round << ", alphabet " << alphabet << ", lengths " << ref.size() << " x " << can.size());
    REQUIRE(fruit::lcs_indices(ref, can) == oracle_indices(ref, can));
  }
}

TEST_CASE("lcs_indices: the indices form a common subsequence of the LCS length", "[lcs]") {
  std::mt19937 rng(31337);
  for (int round = 0; round < 100; ++round) {
    const Seq ref = random_seq(rng, 1 + round * 3, 6);
    const Seq can = random_seq(rng, 200 - round, 6);
    const auto indices = fruit::lcs_indices(ref, can);
    CHECK(indices.size() == fruit::lcs_length(ref, can));
    CHECK(std::is_sorted(indices.begin(), indices.end()));
    CHECK(std::adjacent_find(indices.begin(), indices.end()) == indices.end());
    // Greedy matching of ref[indices] into can must succeed.
    size_t j = 0;
    for (size_t i : indices) {
      while (j < can.size() && can[j] != ref[i]) ++j;
      REQUIRE(j < can.size());
      ++j;
    }
  }
}
