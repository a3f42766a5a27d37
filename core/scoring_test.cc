#include "scoring.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

// Per-example expectations come from the official code under CPython 3.11:
// metrics.edit_rouge's steps (rendering_utils.extract_additions joined by
// " ", RougeScorer(["rouge1", "rouge2", "rougeLsum"]).score, times 100) and
// RougeScorer(["rouge1", "rouge2", "rougeL"]) on the full texts, times 100.
// Percentiles come from numpy 1.24 numpy.percentile (linear), means from
// math.fsum(values) / n. The rest (both-empty rule, bootstrap, signature)
// follows the contract in scoring.h.

namespace {

using fruit::Aggregate;
using fruit::Aggregator;
using fruit::ExampleScores;
using fruit::Metric;
using fruit::Score;
using fruit::ScoringOptions;

void check_exact(const Score& actual, const Score& expected) {
  CHECK(actual.precision == expected.precision);
  CHECK(actual.recall == expected.recall);
  CHECK(actual.fmeasure == expected.fmeasure);
}

ExampleScores score(bool stem, const std::string& inputs, const std::string& gold, const std::string& predicted) {
  fruit::RougeTokenizer tokenizer(stem);
  return fruit::score_example(tokenizer, {inputs, gold, predicted, {}});
}

// An example whose 19 numbers are all `value`.
ExampleScores uniform(double value) {
  ExampleScores e;
  for (auto& m : e.metrics) m = {value, value, value};
  e.exact_match = value;
  return e;
}

// Examples with varied, distinct numbers.
Aggregator varied_aggregator(size_t n) {
  Aggregator aggregator;
  for (size_t i = 0; i < n; ++i) {
    ExampleScores e;
    for (size_t m = 0; m < fruit::kMetricCount; ++m) {
      const double base = static_cast<double>((i * 37 + m * 11) % 101);
      e.metrics[m] = {base, 100 - base, base / 3};
    }
    e.exact_match = i % 3 == 0 ? 100 : 0;
    aggregator.add(e);
  }
  return aggregator;
}

bool same_bits(const Score& a, const Score& b) {
  return a.precision == b.precision && a.recall == b.recall && a.fmeasure == b.fmeasure;
}

bool same_bootstrap(const Aggregate& a, const Aggregate& b) {
  for (size_t m = 0; m < fruit::kMetricCount; ++m) {
    if (!same_bits(a.bootstrap[m].low, b.bootstrap[m].low) || !same_bits(a.bootstrap[m].mid, b.bootstrap[m].mid) ||
        !same_bits(a.bootstrap[m].high, b.bootstrap[m].high)) {
      return false;
    }
  }
  return same_bits(a.exact_match_bootstrap.low, b.exact_match_bootstrap.low) &&
         same_bits(a.exact_match_bootstrap.mid, b.exact_match_bootstrap.mid) &&
         same_bits(a.exact_match_bootstrap.high, b.exact_match_bootstrap.high);
}

void check_ordered(const Score& low, const Score& mid, const Score& high) {
  CHECK(low.precision <= mid.precision);
  CHECK(mid.precision <= high.precision);
  CHECK(low.recall <= mid.recall);
  CHECK(mid.recall <= high.recall);
  CHECK(low.fmeasure <= mid.fmeasure);
  CHECK(mid.fmeasure <= high.fmeasure);
}

}  // namespace

TEST_CASE("score_example: when neither side adds anything, the update metrics are 100/100/100", "[scoring]") {
  const std::string source = "Alice was born in 1941. She was a painter.";
  const auto s = score(false, source, source, "Alice was born in 1941.");
  for (Metric m : {Metric::kUpdateRouge1, Metric::kUpdateRouge2, Metric::kUpdateRougeLsum}) {
    check_exact(s[m], {100, 100, 100});
  }
  // The full-text metrics are still computed (reference values).
  check_exact(s[Metric::kRouge1], {100.0, 55.55555555555556, 71.42857142857143});
  check_exact(s[Metric::kRouge2], {100.0, 50.0, 66.66666666666666});
  check_exact(s[Metric::kRougeL], {100.0, 55.55555555555556, 71.42857142857143});
  CHECK(s.exact_match == 0);
}

TEST_CASE("score_example: an exact match scores 100 everywhere", "[scoring]") {
  const std::string source = "Alice was born in 1941.";
  const std::string updated = "Alice was born in 1941. She died in 2001.";
  const auto s = score(false, source, updated, updated);
  for (size_t m = 0; m < fruit::kMetricCount; ++m) {
    INFO("metric " << fruit::kMetricNames[m]);
    check_exact(s.metrics[m], {100, 100, 100});
  }
  CHECK(s.exact_match == 100);

  // Nothing added on either side and identical: also all 100.
  const auto unchanged = score(true, source, source, source);
  for (size_t m = 0; m < fruit::kMetricCount; ++m) check_exact(unchanged.metrics[m], {100, 100, 100});
  CHECK(unchanged.exact_match == 100);
}

TEST_CASE("score_example: values match the official edit_rouge and full-text ROUGE", "[scoring]") {
  struct Case {
    std::string inputs, gold, predicted;
    bool stem;
    Score update_rouge1, update_rouge2, update_rouge_lsum, rouge1, rouge2, rouge_l;
    double exact_match;
  };
  const std::vector<Case> cases = {
      {"Alice was born in 1941. She was a painter.",
       "Alice was born in 1941. She was a painter. She died in 2001 in Paris.",
       "Alice was born in 1941. She was a famous painter. She died in Paris.",
       false,
       {44.44444444444444, 66.66666666666666, 53.333333333333336},
       {37.5, 60.0, 46.15384615384615},
       {44.44444444444444, 66.66666666666666, 53.333333333333336},
       {92.85714285714286, 86.66666666666667, 89.65517241379311},
       {84.61538461538461, 78.57142857142857, 81.48148148148148},
       {92.85714285714286, 86.66666666666667, 89.65517241379311},
       0},
      {"Alice was born in 1941. She was a painter.",
       "Alice was born in 1941. She was a painter. She died in 2001 in Paris.",
       "Alice was born in 1941. She was a famous painter. She died in Paris.",
       true,
       {44.44444444444444, 66.66666666666666, 53.333333333333336},
       {37.5, 60.0, 46.15384615384615},
       {44.44444444444444, 66.66666666666666, 53.333333333333336},
       {92.85714285714286, 86.66666666666667, 89.65517241379311},
       {84.61538461538461, 78.57142857142857, 81.48148148148148},
       {92.85714285714286, 86.66666666666667, 89.65517241379311},
       0},
      // Gold adds, the prediction adds nothing: the update metrics are 0.
      {"The film stars Bob. It was shot in Rome.",
       "The film stars Bob. It was shot in Rome. It was released in 2020. Critics praised it.",
       "The film stars Bob. It was shot in Rome.",
       false,
       {0.0, 0.0, 0.0},
       {0.0, 0.0, 0.0},
       {0, 0, 0},
       {100.0, 52.94117647058824, 69.23076923076924},
       {100.0, 50.0, 66.66666666666666},
       {100.0, 52.94117647058824, 69.23076923076924},
       0},
      // Stemming makes "runner"/"running" and "generously" match.
      {"The runners met. They ran.",
       "The runners met. They ran. Running generously, they won.",
       "The runners met. They ran. A runner generously won.",
       true,
       {50.0, 50.0, 50.0},
       {0.0, 0.0, 0.0},
       {50.0, 50.0, 50.0},
       {77.77777777777779, 77.77777777777779, 77.77777777777779},
       {50.0, 50.0, 50.0},
       {77.77777777777779, 77.77777777777779, 77.77777777777779},
       0},
  };
  for (const Case& c : cases) {
    INFO("gold: " << c.gold << "\npredicted: " << c.predicted << "\nstem: " << c.stem);
    const auto s = score(c.stem, c.inputs, c.gold, c.predicted);
    check_exact(s[Metric::kUpdateRouge1], c.update_rouge1);
    check_exact(s[Metric::kUpdateRouge2], c.update_rouge2);
    check_exact(s[Metric::kUpdateRougeLsum], c.update_rouge_lsum);
    check_exact(s[Metric::kRouge1], c.rouge1);
    check_exact(s[Metric::kRouge2], c.rouge2);
    check_exact(s[Metric::kRougeL], c.rouge_l);
    CHECK(s.exact_match == c.exact_match);
  }
}

TEST_CASE("Aggregator: the mean is the arithmetic mean of every number", "[scoring]") {
  const std::vector<double> values = {12.5, 33.33333333333333, 0.1, 99.9, 47.61904761904761, 0.0, 100.0};
  const double expected = 41.921768707483;  // math.fsum(values) / 7
  Aggregator aggregator;
  for (size_t i = 0; i < values.size(); ++i) {
    ExampleScores e;
    for (size_t m = 0; m < fruit::kMetricCount; ++m) e.metrics[m] = {values[i], 100 - values[i], 50};
    e.exact_match = i < 2 ? 100 : 0;
    aggregator.add(e);
  }
  CHECK(aggregator.size() == values.size());
  ScoringOptions options;
  options.bootstrap_samples = 0;
  const Aggregate a = aggregator.aggregate(options);
  CHECK(a.n == values.size());
  CHECK_FALSE(a.has_bootstrap);
  for (size_t m = 0; m < fruit::kMetricCount; ++m) {
    INFO("metric " << fruit::kMetricNames[m]);
    CHECK(a.mean[m].precision == Approx(expected).epsilon(1e-15));
    CHECK(a.mean[m].recall == Approx(100 - expected).epsilon(1e-15));
    CHECK(a.mean[m].fmeasure == 50);
  }
  CHECK(a.exact_match_mean == Approx(200.0 / 7).epsilon(1e-15));
}

TEST_CASE("Aggregator: no examples give n = 0 and no bootstrap", "[scoring]") {
  const Aggregate a = Aggregator().aggregate(ScoringOptions{});
  CHECK(a.n == 0);
  CHECK_FALSE(a.has_bootstrap);
}

TEST_CASE("Aggregator: the bootstrap is deterministic for a seed and changes with it", "[scoring]") {
  const Aggregator aggregator = varied_aggregator(50);
  ScoringOptions options;
  options.bootstrap_samples = 300;
  options.seed = 12345;
  const Aggregate first = aggregator.aggregate(options);
  const Aggregate again = aggregator.aggregate(options);
  REQUIRE(first.has_bootstrap);
  CHECK(same_bootstrap(first, again));

  options.seed = 54321;
  const Aggregate other = aggregator.aggregate(options);
  CHECK_FALSE(same_bootstrap(first, other));
  // The seed does not change the mean.
  for (size_t m = 0; m < fruit::kMetricCount; ++m) CHECK(same_bits(first.mean[m], other.mean[m]));
}

TEST_CASE("Aggregator: bootstrap low <= mid <= high and the interval brackets the mean", "[scoring]") {
  const Aggregator aggregator = varied_aggregator(40);
  ScoringOptions options;
  options.bootstrap_samples = 500;
  const Aggregate a = aggregator.aggregate(options);
  REQUIRE(a.has_bootstrap);
  for (size_t m = 0; m < fruit::kMetricCount; ++m) {
    INFO("metric " << fruit::kMetricNames[m]);
    const auto& i = a.bootstrap[m];
    check_ordered(i.low, i.mid, i.high);
    CHECK(i.low.fmeasure <= a.mean[m].fmeasure);
    CHECK(a.mean[m].fmeasure <= i.high.fmeasure);
    CHECK(i.low.fmeasure < i.high.fmeasure);
  }
  check_ordered(a.exact_match_bootstrap.low, a.exact_match_bootstrap.mid, a.exact_match_bootstrap.high);
  CHECK(a.exact_match_bootstrap.low.fmeasure <= a.exact_match_mean);
  CHECK(a.exact_match_mean <= a.exact_match_bootstrap.high.fmeasure);
}

TEST_CASE("Aggregator: a constant metric has low = mid = high = the constant", "[scoring]") {
  for (double constant : {0.0, 100.0, 50.0, 12.5}) {
    INFO("constant " << constant);
    Aggregator aggregator;
    for (int i = 0; i < 16; ++i) aggregator.add(uniform(constant));
    ScoringOptions options;
    options.bootstrap_samples = 100;
    const Aggregate a = aggregator.aggregate(options);
    REQUIRE(a.has_bootstrap);
    for (size_t m = 0; m < fruit::kMetricCount; ++m) {
      check_exact(a.mean[m], {constant, constant, constant});
      check_exact(a.bootstrap[m].low, {constant, constant, constant});
      check_exact(a.bootstrap[m].mid, {constant, constant, constant});
      check_exact(a.bootstrap[m].high, {constant, constant, constant});
    }
    CHECK(a.exact_match_mean == constant);
    CHECK(a.exact_match_bootstrap.low.fmeasure == constant);
    CHECK(a.exact_match_bootstrap.mid.fmeasure == constant);
    CHECK(a.exact_match_bootstrap.high.fmeasure == constant);
  }
}

TEST_CASE("BootstrapRng: below(bound) stays in [0, bound) and reaches every value", "[scoring]") {
  fruit::BootstrapRng rng(7);
  for (uint64_t bound : {uint64_t{1}, uint64_t{2}, uint64_t{3}, uint64_t{7}, uint64_t{10}, uint64_t{1000}}) {
    INFO("bound " << bound);
    std::set<uint64_t> seen;
    for (uint64_t i = 0; i < bound * 50 + 100; ++i) {
      const uint64_t r = rng.below(bound);
      REQUIRE(r < bound);
      seen.insert(r);
    }
    CHECK(seen.size() == bound);
  }
  // Bounds where rejection is frequent (just above 2^63) or the whole range.
  for (uint64_t bound : {(uint64_t{1} << 63) + 1, ~uint64_t{0}, uint64_t{1} << 40}) {
    for (int i = 0; i < 1000; ++i) REQUIRE(rng.below(bound) < bound);
  }
}

TEST_CASE("BootstrapRng: the same seed gives the same sequence", "[scoring]") {
  fruit::BootstrapRng a(99), b(99), c(100);
  std::vector<uint64_t> from_a, from_b, from_c;
  for (int i = 0; i < 100; ++i) {
    from_a.push_back(a.below(1000));
    from_b.push_back(b.below(1000));
    from_c.push_back(c.below(1000));
  }
  CHECK(from_a == from_b);
  CHECK(from_a != from_c);
}

TEST_CASE("percentile_of_sorted matches numpy.percentile (linear)", "[scoring]") {
  const std::vector<double> qs = {0, 2.5, 25, 33.3, 50, 97.5, 99.9, 100};
  struct Case {
    std::vector<double> sorted;
    std::vector<double> expected;  // at each q of qs
  };
  const std::vector<Case> cases = {
      {{1.0}, {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0}},
      {{1.0, 2.0}, {1.0, 1.025, 1.25, 1.333, 1.5, 1.975, 1.999, 2.0}},
      {{0.1, 0.2, 0.3, 0.4, 0.5}, {0.1, 0.11000000000000001, 0.2, 0.2332, 0.3, 0.49, 0.49960000000000004, 0.5}},
      {{1.0, 1.0, 2.0, 3.0, 3.0, 4.0, 5.0, 5.0, 5.0, 6.0, 9.0}, {1.0, 1.0, 2.5, 3.0, 4.0, 8.25, 8.970000000000006, 9.0}},
      {{-5.5, 0.0, 1e-300, 7.25, 7.25, 10000000000.0},
       {-5.5, -4.8125, 2.5e-301, 6.649999999999998e-301, 3.625, 8750000000.90625, 9950000000.03626, 10000000000.0}},
  };
  std::vector<double> range;
  for (int i = 0; i < 1000; ++i) range.push_back(0.1 * i);
  const std::vector<double> range_expected = {0.0, 2.4975, 24.975, 33.2667, 49.95, 97.4025, 99.80010000000001, 99.9};
  for (size_t c = 0; c <= cases.size(); ++c) {
    const auto& sorted = c < cases.size() ? cases[c].sorted : range;
    const auto& expected = c < cases.size() ? cases[c].expected : range_expected;
    for (size_t k = 0; k < qs.size(); ++k) {
      INFO("case " << c << ", q = " << qs[k]);
      CHECK(fruit::percentile_of_sorted(sorted, qs[k]) == expected[k]);
    }
  }
}

TEST_CASE("percentile_of_sorted interpolates from the nearer end, as numpy's _lerp does", "[scoring]") {
  // Cases where numpy.percentile differs in the last bit from a + (b - a) * t.
  struct Case {
    std::vector<double> sorted;
    double q, expected;
  };
  const std::vector<Case> cases = {
      {{6.888803656405718, 24.9699025188313, 79.01000531180374}, 75, 51.98995391531752},
      {{12.937248018888036, 26.793461218284808, 30.7700186025357, 31.98576492462094, 33.618619407086214,
        46.64409045006942, 94.05056867485962},
       99,
       91.20617998137219},
      {{53.46040233907717, 79.41821726893029, 93.95615043980969}, 90, 91.0485638056338},
      {{28.21078502123623, 42.16589305914359, 75.58896432443062}, 99, 74.92050289912488},
  };
  for (const Case& c : cases) {
    INFO("q = " << c.q);
    CHECK(fruit::percentile_of_sorted(c.sorted, c.q) == c.expected);
  }
}

TEST_CASE("signature: describes the computation and changes with every option", "[scoring]") {
  const ScoringOptions defaults;
  CHECK(fruit::signature(defaults) ==
        "fruitbench:0.1.0|norm:fruit-diff-text|tok:rouge_score|stem:no|empty:100|ent:fruit-entity-v1|agg:mean|boot:1000|seed:12345|ci:95");

  ScoringOptions stem = defaults;
  stem.use_stemmer = true;
  ScoringOptions no_bootstrap = defaults;
  no_bootstrap.bootstrap_samples = 0;
  ScoringOptions samples = defaults;
  samples.bootstrap_samples = 2000;
  ScoringOptions seed = defaults;
  seed.seed = 1;
  ScoringOptions confidence = defaults;
  confidence.confidence = 0.9;

  const std::set<std::string> all = {fruit::signature(defaults), fruit::signature(stem),
                                     fruit::signature(no_bootstrap), fruit::signature(samples),
                                     fruit::signature(seed),     fruit::signature(confidence)};
  CHECK(all.size() == 6);
  CHECK_THAT(fruit::signature(stem), !Catch::Contains("stem:no"));
  CHECK_THAT(fruit::signature(seed), Catch::Contains("seed:1|") || Catch::EndsWith("seed:1"));
  CHECK_THAT(fruit::signature(no_bootstrap), !Catch::Contains("seed:"));
}
