// The faithfulness metrics and marks against values computed by hand: each
// test writes out the additions, the entity tokens (entities.h's rule), the
// support check and the set arithmetic that give the expected numbers.
// Also the aggregation rule for undefined values (scoring.h) and the
// report's and table's new fields (report.h). Runs natively and in wasm.
#include "faithfulness.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "diff.h"
#include "evaluate.h"
#include "report.h"
#include "scoring.h"

namespace fruit {
bool operator==(const Score& a, const Score& b) {
  return a.precision == b.precision && a.recall == b.recall && a.fmeasure == b.fmeasure;
}
bool operator==(const Interval& a, const Interval& b) { return a.low == b.low && a.mid == b.mid && a.high == b.high; }
}  // namespace fruit

namespace {

using fruit::faithfulness::addition_entities;
using fruit::faithfulness::evidence_text;
using fruit::faithfulness::score;

std::vector<std::string> keys_of(const std::vector<fruit::entities::EntityToken>& tokens) {
  std::vector<std::string> keys;
  for (const auto& t : tokens) keys.push_back(t.key);
  return keys;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.is_open());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string kBrevikSource = "Brevik is a town. It had 7,000 people in 2011.";
const std::string kBrevikEvidence = "Brevik Population 7,688 (2021)";

}  // namespace

TEST_CASE("faithfulness: the evidence is every item without its in-sequence marker", "[faithfulness]") {
  // "(0)" and "(1)" are the items' markers; "(1941)" is not in sequence: text.
  auto text = evidence_text("[0] A b. [CONTEXT] (0) T_x Born (1941). (1) U y");
  REQUIRE(text.ok());
  CHECK(text.value() == "T_x Born (1941).\nU y");
  // Table items keep their captions, headers and cells.
  auto table = evidence_text("[0] A. [CONTEXT] (0) Brevik Demographics - Table [HEADER] [COL] Year [COL] "
                             "Population [ROW] [COL] 2021 [COL] 7,688");
  REQUIRE(table.ok());
  CHECK(table.value() == "Brevik Demographics - Table [HEADER] [COL] Year [COL] Population [ROW] [COL] 2021 [COL] 7,688");
  CHECK_FALSE(evidence_text("[0] A b. (0) no context").ok());
}

TEST_CASE("faithfulness: entity tokens of the additions only", "[faithfulness]") {
  // Pieces of the target: "Ann lives in Oslo." (in the source: not an
  // addition), " She met Bo Lund in 2020." (an addition). Tokens of the
  // whole text: Oslo, Bo, Lund, 2020 ("Ann" and "She" start sentences);
  // Oslo lies in the copied piece.
  CHECK(keys_of(addition_entities("Ann lives in Oslo.", "Ann lives in Oslo. She met Bo Lund in 2020.")) ==
        std::vector<std::string>{"Bo", "Lund", "2020"});
  // "3.5" is split by the additions into "...is 3." and "5 km2." but is one
  // word of the text, so one token "3.5" (and "km2", which has a digit).
  CHECK(keys_of(addition_entities("The lake is deep.", "The lake is deep. Its area is 3.5 km2.")) ==
        std::vector<std::string>{"3.5", "km2"});
  // Nothing added: no tokens, even though the text has entities.
  CHECK(addition_entities("Ann met Bo.", "Ann met Bo.").empty());
}

TEST_CASE("faithfulness: the worked example of faithfulness.h", "[faithfulness]") {
  // Gold additions "In 2021 the population was 7,688." -> G = {2021, 7,688}.
  // Predicted additions "In 2012 the population was 47,5 under Mayor Ilse
  // Berg." -> tokens 2012, 47,5, Mayor, Ilse, Berg; support is the words of
  // the article and "Brevik Population 7,688 (2021)": none of the five.
  // P ∩ G = {} -> precision 0/5 = 0, recall 0/2 = 0.
  const auto s = score(kBrevikSource, kBrevikEvidence, kBrevikSource + " In 2021 the population was 7,688.",
                       kBrevikSource + " In 2012 the population was 47,5 under Mayor Ilse Berg.");
  CHECK(s.unsupported_entity_tokens == 5);
  CHECK(s.unsupported_keys == std::vector<std::string>{"2012", "47,5", "Mayor", "Ilse", "Berg"});
  REQUIRE(s.entity_precision);
  REQUIRE(s.entity_recall);
  CHECK(*s.entity_precision == 0);
  CHECK(*s.entity_recall == 0);
}

TEST_CASE("faithfulness: counts occurrences, compares sets", "[faithfulness]") {
  // Source "Tomas Reinholt is a runner from Enschede."; the evidence names
  // 2023, AV, Zwaluwen and 3:59.48.
  const std::string source = "Tomas Reinholt is a runner from Enschede.";
  const std::string evidence = "Tomas_Reinholt Career In 2023 he joined AV Zwaluwen and ran 3:59.48 in the 1500 metres.";
  // Gold additions "In 2023 he joined AV Zwaluwen." -> G = {2023, AV, Zwaluwen}.
  // Predicted additions "In 2023 he joined Zwaluwen Deventer and ran 3:59.48
  // for Zwaluwen." -> tokens 2023, Zwaluwen, Deventer, 3:59.48, Zwaluwen;
  // only Deventer is unsupported -> 1.
  // P = {2023, 3:59.48, Deventer, Zwaluwen}; P ∩ G = {2023, Zwaluwen}:
  // precision 2/4 = 50, recall 2/3 = 66.67.
  const auto s = score(source, evidence, source + " In 2023 he joined AV Zwaluwen.",
                       source + " In 2023 he joined Zwaluwen Deventer and ran 3:59.48 for Zwaluwen.");
  CHECK(s.unsupported_entity_tokens == 1);
  CHECK(*s.entity_precision == 50);
  CHECK(*s.entity_recall == Approx(200.0 / 3).epsilon(1e-12));

  // A repeated invented name counts each time: tokens 2012, Berg, Berg -> 3.
  // P = {2012, Berg}, G = {2021, 7,688}: precision 0, recall 0.
  const auto repeated = score(kBrevikSource, kBrevikEvidence, kBrevikSource + " In 2021 the population was 7,688.",
                              kBrevikSource + " In 2012 the mayor Berg beat Berg.");
  CHECK(repeated.unsupported_entity_tokens == 3);
  CHECK(*repeated.entity_precision == 0);
}

TEST_CASE("faithfulness: an empty set leaves its ratio undefined", "[faithfulness]") {
  const std::string gold = kBrevikSource + " In 2021 the population was 7,688.";
  // The prediction copies the source: P = {} -> precision null; G has two
  // keys, none found -> recall 0.
  const auto copy = score(kBrevikSource, kBrevikEvidence, gold, kBrevikSource);
  CHECK(copy.unsupported_entity_tokens == 0);
  CHECK_FALSE(copy.entity_precision);
  REQUIRE(copy.entity_recall);
  CHECK(*copy.entity_recall == 0);
  // Gold and prediction add nothing: both null.
  const auto nothing = score(kBrevikSource, kBrevikEvidence, kBrevikSource, kBrevikSource);
  CHECK_FALSE(nothing.entity_precision);
  CHECK_FALSE(nothing.entity_recall);
  // Gold adds no entity, the prediction adds a supported one: P = {2021},
  // G = {} -> precision 0/1 = 0, recall null, nothing unsupported.
  const auto lower = score(kBrevikSource, kBrevikEvidence, kBrevikSource + " It grew.",
                           kBrevikSource + " It grew by 2021.");
  CHECK(lower.unsupported_entity_tokens == 0);
  CHECK(*lower.entity_precision == 0);
  CHECK_FALSE(lower.entity_recall);
}

TEST_CASE("faithfulness: means over the defined examples, with their count", "[faithfulness][scoring]") {
  // unsupported 2, 0, 1 -> mean 1 over 3; precision 50, null, 100 -> 75
  // over 2; recall null, 100, 0 -> 50 over 2.
  const auto example = [](size_t unsupported, std::optional<double> p, std::optional<double> r) {
    fruit::ExampleScores e;
    e.entities = {unsupported, {}, p, r};
    return e;
  };
  fruit::Aggregator aggregator;
  aggregator.add(example(2, 50, std::nullopt));
  aggregator.add(example(0, std::nullopt, 100));
  aggregator.add(example(1, 100, 0));
  fruit::ScoringOptions options;
  options.bootstrap_samples = 200;
  const auto a = aggregator.aggregate(options);
  CHECK(*a.entity_mean[0] == 1);
  CHECK(*a.entity_mean[1] == 75);
  CHECK(*a.entity_mean[2] == 50);
  CHECK(a.entity_defined == std::array<size_t, 3>{3, 2, 2});
  // Every resample mean lies between the smallest and largest defined value.
  for (size_t e = 0; e < 3; ++e) {
    REQUIRE(a.entity_bootstrap[e]);
    CHECK(a.entity_bootstrap[e]->low.fmeasure <= a.entity_bootstrap[e]->mid.fmeasure);
    CHECK(a.entity_bootstrap[e]->mid.fmeasure <= a.entity_bootstrap[e]->high.fmeasure);
  }
  CHECK(a.entity_bootstrap[1]->low.fmeasure >= 50);
  CHECK(a.entity_bootstrap[1]->high.fmeasure <= 100);
  // The official metrics are unaffected: all zero here, over all 3.
  CHECK(a.mean[0].fmeasure == 0);

  // No example defines precision: its mean and interval are null.
  fruit::Aggregator none;
  none.add(example(0, std::nullopt, 100));
  const auto b = none.aggregate(options);
  CHECK_FALSE(b.entity_mean[1]);
  CHECK(b.entity_defined[1] == 0);
  CHECK_FALSE(b.entity_bootstrap[1]);
  CHECK(*b.entity_bootstrap[2] == fruit::Interval{{0, 0, 100}, {0, 0, 100}, {0, 0, 100}});
}

TEST_CASE("faithfulness: evaluate reads the evidence of the gold inputs; report and table", "[faithfulness]") {
  // tests/fixtures/faithfulness (the CLI and Node tests use it too):
  // example "t" is the Tomas Reinholt case above (1 unsupported, P 50, R
  // 66.67); "b" copies the Brevik source (0, null, 0: see above).
  const std::string dir = std::string(FRUIT_TEST_DATA_DIR) + "/faithfulness/";
  const std::string gold = read_file(dir + "gold.jsonl"), pred = read_file(dir + "pred.jsonl");
  fruit::StringLineReader gold_reader(gold, "gold.jsonl"), pred_reader(pred, "pred.jsonl");
  std::vector<fruit::Json> lines;
  fruit::EvaluateCallbacks callbacks;
  callbacks.on_example = [&](const fruit::ScoredExample& e) { lines.push_back(fruit::example_json(e)); };
  fruit::ScoringOptions options;
  options.bootstrap_samples = 0;
  auto evaluation = fruit::evaluate(gold_reader, pred_reader, options, callbacks);
  REQUIRE(evaluation.ok());
  REQUIRE(lines.size() == 2);
  CHECK(lines[0]["unsupported_entity_tokens"] == 1);
  CHECK(lines[0]["entity_precision"] == 50.0);
  CHECK(lines[0]["entity_recall"].get<double>() == Approx(200.0 / 3).epsilon(1e-12));
  CHECK(lines[1].dump().ends_with(R"("exact_match":0,"unsupported_entity_tokens":0,"entity_precision":null,"entity_recall":0.0})"));

  // Means: unsupported (1 + 0) / 2 = 0.5; precision 50 over 1 example;
  // recall (66.67 + 0) / 2 = 33.33 over 2.
  const fruit::Json report = fruit::report_json(evaluation.value());
  CHECK(report["mean"]["unsupported_entity_tokens"] == 0.5);
  CHECK(report["mean"]["entity_precision"] == 50.0);
  CHECK(report["mean"]["entity_recall"].get<double>() == Approx(100.0 / 3).epsilon(1e-12));
  CHECK(report["defined"] == fruit::Json{{"unsupported_entity_tokens", 2}, {"entity_precision", 1}, {"entity_recall", 2}});
  CHECK(report["signature"] == "fruitbench:0.1.0|norm:fruit-diff-text|tok:rouge_score|stem:no|empty:100|"
                               "ent:fruit-entity-v1|agg:mean|boot:none");
  const std::string table = fruit::report_table(evaluation.value());
  CHECK_THAT(table, Catch::Contains("\nmetric                         mean   examples\n"
                                    "unsupported_entity_tokens      0.50          2\n"
                                    "entity_precision              50.00          1\n"
                                    "entity_recall                 33.33          2\n"));
}

TEST_CASE("faithfulness: the Editor's marks in the diff, escaped", "[faithfulness][diff]") {
  // Source [0] "Brevik is a town." [1] "It had 7,000 people in 2011.";
  // updated: [0] copied; "It had 47,5 people in <Mayor> 2021.", edited from
  // [1] (word similarity 2 * 4 / (7 + 8) = 0.53: It, had, people, in);
  // "Then met (Berg), of Ålen.", inserted (no free source sentence left).
  const std::vector<std::string> source = {"Brevik is a town.", "It had 7,000 people in 2011."};
  std::vector<fruit::UpdatedSentence> updated = {
      {"Brevik is a town.", 0, {}},
      {"It had 47,5 people in <Mayor> 2021.", std::nullopt, {0}},
      {"Then met (Berg), of Ålen.", std::nullopt, {}}};
  auto diff = fruit::diff_update(source, updated);
  const auto support = fruit::faithfulness::support_of("Brevik is a town. It had 7,000 people in 2011.", kBrevikEvidence);
  fruit::faithfulness::mark_unsupported(diff, support);
  REQUIRE(diff.sentences.size() == 3);
  CHECK(diff.sentences[0].unsupported.empty());  // copied
  // Edited sentence: tokens 47,5 (unsupported), Mayor ("<Mayor>": key
  // "Mayor", unsupported), 2021 (in the evidence). Bytes: "It had " is 7.
  REQUIRE(diff.sentences[1].unsupported.size() == 2);
  CHECK(diff.sentences[1].unsupported[0].key == "47,5");
  CHECK(diff.sentences[1].unsupported[0].begin == 7);
  CHECK(diff.sentences[1].unsupported[0].end == 11);
  CHECK(diff.sentences[1].unsupported[1].key == "Mayor");
  // Inserted: "Then" starts it; Berg and Ålen are unsupported.
  REQUIRE(diff.sentences[2].unsupported.size() == 2);
  CHECK(diff.sentences[2].unsupported[0].key == "Berg");
  CHECK(diff.sentences[2].unsupported[1].key == "Ålen");

  const std::string html = fruit::HtmlDiffFormatter().format(diff);
  const std::string open = R"(<mark class="fb-unsupported" title="In neither the article nor the evidence">)";
  CHECK_THAT(html, Catch::Contains("<ins>" + open + "47,5</mark>"));
  CHECK_THAT(html, Catch::Contains("&lt;" + open + "Mayor</mark>&gt;"));
  CHECK_THAT(html, Catch::Contains("(" + open + "Berg</mark>), of " + open + "Ålen</mark>."));
  CHECK_THAT(html, !Catch::Contains("<Mayor>"));
  const fruit::Json json = fruit::diff_to_json(diff);
  CHECK(json["sentences"][1]["unsupported"] == fruit::Json{"47,5", "Mayor"});
  CHECK(json["sentences"][0]["unsupported"] == fruit::Json::array());
}
