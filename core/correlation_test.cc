#include "correlation.h"

#include <catch2/catch.hpp>

using Catch::Matchers::WithinAbs;

TEST_CASE("Pearson's r", "[correlation]") {
  // x̄ = 2, ȳ = 7/3; Σdxdy = 4/3 + 0 + 5/3 = 3, Σdx² = 2, Σdy² = 42/9: r = 3 / sqrt(2 * 42/9) = 0.98198...
  CHECK_THAT(*fruit::pearson({1, 2, 3}, {1, 2, 4}), WithinAbs(0.9819805060619657, 1e-15));
  CHECK(*fruit::pearson({1, 2, 3}, {2, 4, 6}) == 1.0);
  CHECK(*fruit::pearson({1, 2, 3}, {3, 2, 1}) == -1.0);
  CHECK_FALSE(fruit::pearson({1, 2, 3}, {5, 5, 5}).has_value());  // a constant side
  CHECK_FALSE(fruit::pearson({1}, {2}).has_value());              // fewer than 2
  CHECK_FALSE(fruit::pearson({}, {}).has_value());
}

TEST_CASE("average ranks share ties", "[correlation]") {
  CHECK(fruit::average_ranks({10, 20, 20, 30}) == std::vector<double>{1, 2.5, 2.5, 4});
  CHECK(fruit::average_ranks({3, 1, 3, 3}) == std::vector<double>{3, 1, 3, 3});  // ranks 2, 3, 4 -> 3
}

TEST_CASE("Spearman's rho with ties", "[correlation]") {
  // Ranks x = 1, 2.5, 2.5, 4; y = 1, 3, 2, 4. Both means 2.5;
  // Σdxdy = 2.25 + 0 + 0 + 2.25 = 4.5, Σdx² = 4.5, Σdy² = 5: rho = 4.5 / sqrt(22.5) = 0.94868...
  CHECK_THAT(*fruit::spearman({1, 2, 2, 3}, {1, 3, 2, 4}), WithinAbs(0.9486832980505138, 1e-15));
  // A monotone but not linear relation: rho = 1 while r < 1.
  CHECK(*fruit::spearman({1, 2, 3, 4}, {1, 4, 9, 100}) == 1.0);
  CHECK_FALSE(fruit::spearman({1, 1, 1}, {1, 2, 3}).has_value());
}

TEST_CASE("Kendall's tau-b with ties", "[correlation]") {
  // x = 1, 2, 2, 3; y = 1, 3, 2, 4. Pairs: (0,1) (0,2) (0,3) (1,3) (2,3) concordant,
  // (1,2) tied in x only: C = 5, D = 0, Tx = 1, Ty = 0 -> 5 / sqrt(6 * 5) = 0.91287...
  CHECK_THAT(*fruit::kendall_tau_b({1, 2, 2, 3}, {1, 3, 2, 4}), WithinAbs(0.9128709291752769, 1e-15));
  // x = 1, 1, 2, 2; y = 1, 1, 1, 2: (0,1) tied in both (counts nowhere), (0,2) (1,2) tied in y only,
  // (2,3) tied in x only, (0,3) (1,3) concordant: 2 / sqrt((2 + 1) * (2 + 2)) = 2 / sqrt(12).
  CHECK_THAT(*fruit::kendall_tau_b({1, 1, 2, 2}, {1, 1, 1, 2}), WithinAbs(0.5773502691896258, 1e-15));
  CHECK(*fruit::kendall_tau_b({1, 2, 3}, {3, 2, 1}) == -1.0);
  // One concordant, one discordant, one concordant pair... x = 1, 2, 3; y = 1, 3, 2:
  // (0,1) C, (0,2) C, (1,2) D -> (2 - 1) / 3.
  CHECK_THAT(*fruit::kendall_tau_b({1, 2, 3}, {1, 3, 2}), WithinAbs(1.0 / 3, 1e-15));
  CHECK_FALSE(fruit::kendall_tau_b({2, 2}, {1, 2}).has_value());
}

TEST_CASE("label maps", "[correlation]") {
  auto labels = fruit::parse_label_map("Accept=1,Edit=0.5,Reject=-1e0");
  REQUIRE(labels.ok());
  CHECK(labels.value() == std::map<std::string, double>{{"Accept", 1}, {"Edit", 0.5}, {"Reject", -1}});
  CHECK(fruit::parse_label_map("Accept").error().message.find("not LABEL=NUMBER") != std::string::npos);
  CHECK(fruit::parse_label_map("Accept=x").error().message.find("not a number") != std::string::npos);
  CHECK(fruit::parse_label_map("A=1,A=2").error().message.find("twice") != std::string::npos);
}

TEST_CASE("correlate pairs a scores file with ratings by id", "[correlation]") {
  fruit::StringLineReader scores(
      "{\"id\": \"a\", \"update_rougeLsum\": {\"precision\": 0, \"recall\": 0, \"fmeasure\": 1}}\n"
      "{\"id\": \"b\", \"update_rougeLsum\": {\"precision\": 0, \"recall\": 0, \"fmeasure\": 2}}\n"
      "{\"id\": \"c\", \"update_rougeLsum\": {\"precision\": 0, \"recall\": 0, \"fmeasure\": 3}}\n"
      "{\"id\": \"d\", \"update_rougeLsum\": {\"precision\": 0, \"recall\": 0, \"fmeasure\": 9}}\n",
      "s.jsonl");
  // Ratings in another order, as labels; "d" is not rated.
  fruit::StringLineReader human(
      "{\"id\": \"c\", \"label\": \"Edit\"}\n{\"id\": \"a\", \"label\": \"Reject\"}\n{\"id\": \"b\", \"label\": \"Accept\"}\n",
      "h.jsonl");
  fruit::CorrelateOptions options;
  options.human_field = "label";
  options.labels = {{"Accept", 1}, {"Edit", 2}, {"Reject", 0}};
  options.bootstrap_samples = 0;
  auto report = fruit::correlate(scores, human, options);
  REQUIRE(report.ok());
  // Pairs (3, 2), (1, 0), (2, 1): y = x - 1, so every coefficient is 1.
  CHECK(report.value().n == 3);
  CHECK(report.value().unrated == 1);
  CHECK(*report.value().pearson.value == 1.0);
  CHECK(*report.value().spearman.value == 1.0);
  CHECK(*report.value().kendall.value == 1.0);
  CHECK_FALSE(report.value().pearson.interval.has_value());
  const fruit::Json j = fruit::correlation_report_json(report.value(), options);
  CHECK(j["excluded"]["unrated"] == 1);
  CHECK(j["signature"] == "fruitbench:0.1.0|corr:pearson,spearman,kendall-b|boot:none");
}

TEST_CASE("correlate reports bad ratings with file, line and field", "[correlation]") {
  const std::string scores_text = "{\"id\": 1, \"m\": 0.5}\n{\"id\": 2, \"m\": null}\n";
  fruit::CorrelateOptions options;
  options.metric = "m";
  {
    fruit::StringLineReader scores(scores_text, "s.jsonl"), human("{\"id\": 1, \"rating\": \"good\"}\n", "h.jsonl");
    auto report = fruit::correlate(scores, human, options);
    REQUIRE_FALSE(report.ok());
    CHECK(report.error().to_string() ==
          "h.jsonl:1: field 'rating': label \"good\" has no number: give one with --labels LABEL=NUMBER,...");
  }
  {
    fruit::StringLineReader scores(scores_text, "s.jsonl"), human("{\"id\": 3, \"rating\": 1}\n", "h.jsonl");
    CHECK(fruit::correlate(scores, human, options).error().to_string() ==
          "h.jsonl:1: field 'id': '3' has no line in s.jsonl");
  }
  {
    // A null metric is left out and counted; one pair is too few: undefined.
    fruit::StringLineReader scores(scores_text, "s.jsonl"),
        human("{\"id\": 1, \"rating\": 1}\n{\"id\": 2, \"rating\": 2}\n", "h.jsonl");
    auto report = fruit::correlate(scores, human, options);
    REQUIRE(report.ok());
    CHECK(report.value().n == 1);
    CHECK(report.value().null_metric == 1);
    CHECK_FALSE(report.value().pearson.value.has_value());
    CHECK(fruit::correlation_report_json(report.value(), options)["pearson"]["value"].is_null());
  }
}

TEST_CASE("bootstrap intervals resample the pairs", "[correlation][bootstrap]") {
  // On exactly linear data every defined resample gives r = 1; resamples
  // that draw one point only (constant) are left out.
  std::vector<double> x{1, 2, 3, 4, 5}, y{3, 5, 7, 9, 11};
  std::vector<double> rx, ry;
  const auto intervals = fruit::bootstrap_intervals(
      x.size(), 200, 7, 0.95, 1, [&](const std::vector<size_t>& idx, std::vector<std::optional<double>>& out) {
        rx.clear(), ry.clear();
        for (size_t i : idx) rx.push_back(x[i]), ry.push_back(y[i]);
        out[0] = fruit::pearson(rx, ry);
      });
  REQUIRE(intervals[0].has_value());
  CHECK(intervals[0]->low == 1.0);
  CHECK(intervals[0]->high == 1.0);
  // A resample is constant with probability 5 / 5^5 = 0.0016: nearly all 200 count.
  CHECK(intervals[0]->defined > 190);
  CHECK(intervals[0]->defined <= 200);
  // Never defined: no interval.
  const auto none = fruit::bootstrap_intervals(3, 10, 1, 0.95, 1,
                                               [](const std::vector<size_t>&, std::vector<std::optional<double>>&) {});
  CHECK_FALSE(none[0].has_value());
  // The mean of 0, 10: the 2.5th..97.5th percentiles of resample means lie in [0, 10], and the same seed repeats.
  const auto mean_of = [](const std::vector<size_t>& idx, std::vector<std::optional<double>>& out) {
    double s = 0;
    for (size_t i : idx) s += i == 0 ? 0 : 10;
    out[0] = s / static_cast<double>(idx.size());
  };
  const auto a = fruit::bootstrap_intervals(2, 100, 3, 0.95, 1, mean_of);
  const auto b = fruit::bootstrap_intervals(2, 100, 3, 0.95, 1, mean_of);
  CHECK(a[0]->low == b[0]->low);
  CHECK(a[0]->mid == b[0]->mid);
  CHECK(a[0]->low >= 0);
  CHECK(a[0]->high <= 10);
}
