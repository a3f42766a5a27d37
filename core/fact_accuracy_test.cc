#include "fact_accuracy.h"

#include <catch2/catch.hpp>

namespace {

const std::vector<fruit::Triple> kReference = {{"Ana Lind", "born", "1990"}, {"Ana Lind", "team", "Orfeus"}};
const std::vector<fruit::Triple> kGenerated = {
    {"ana lind", "born", "1991"}, {"Ana Lind", "team", "Orfeus"}, {"Bo", "born", "2000"}};

}  // namespace

TEST_CASE("fact accuracy, equation 1: only facts whose (subject, relation) both sides state", "[factacc]") {
  // F_G' = {(ana lind, born, 1991), (ana lind, team, orfeus)}; (bo, born) is not in the reference.
  // F_T' ∩ F_G' = {(ana lind, team, orfeus)}: 1 / 2 = 50.
  const auto counts = fruit::fact_accuracy(kReference, kGenerated, fruit::FactKey::kSubjectRelation);
  CHECK(counts.comparable == 2);
  CHECK(counts.correct == 1);
  CHECK(*counts.accuracy() == 50.0);
  const auto judged = fruit::judge_facts(kReference, kGenerated, fruit::FactKey::kSubjectRelation);
  REQUIRE(judged.size() == 2);
  CHECK(judged[0].triple == fruit::Triple{"ana lind", "born", "1991"});
  CHECK_FALSE(judged[0].correct);
  CHECK(judged[0].expected == std::vector<std::string>{"1990"});
  CHECK(judged[1].correct);
}

TEST_CASE("fact accuracy, binary relations: entity pairs on both sides, relation compared", "[factacc]") {
  // Pairs of the reference: (ana lind, 1990), (ana lind, orfeus). Of the generated
  // triples only (Ana Lind, team, Orfeus) has such a pair, and its relation agrees: 1 / 1.
  const auto counts = fruit::fact_accuracy(kReference, kGenerated, fruit::FactKey::kSubjectObject);
  CHECK(counts.comparable == 1);
  CHECK(*counts.accuracy() == 100.0);
  // The same pair with another relation is wrong, and the reference's relation is expected.
  const auto judged = fruit::judge_facts(kReference, {{"Ana Lind", "coach", "Orfeus"}}, fruit::FactKey::kSubjectObject);
  REQUIRE(judged.size() == 1);
  CHECK_FALSE(judged[0].correct);
  CHECK(judged[0].expected == std::vector<std::string>{"team"});
}

TEST_CASE("fact accuracy: empty triple sets and nothing comparable are undefined, duplicates count once", "[factacc]") {
  CHECK_FALSE(fruit::fact_accuracy({}, kGenerated, fruit::FactKey::kSubjectRelation).accuracy().has_value());
  CHECK_FALSE(fruit::fact_accuracy(kReference, {}, fruit::FactKey::kSubjectRelation).accuracy().has_value());
  CHECK_FALSE(fruit::fact_accuracy({}, {}, fruit::FactKey::kSubjectObject).accuracy().has_value());
  CHECK_FALSE(fruit::fact_accuracy(kReference, {{"Bo", "born", "2000"}}, fruit::FactKey::kSubjectRelation)
                  .accuracy()
                  .has_value());
  // "The Orfeus" and "orfeus!" normalize alike: one fact, stated correctly.
  const auto counts = fruit::fact_accuracy(kReference, {{"Ana Lind", "Team", "The Orfeus"}, {"ana  lind", "team", "orfeus!"}},
                                           fruit::FactKey::kSubjectRelation);
  CHECK(counts.comparable == 1);
  CHECK(counts.correct == 1);
}

TEST_CASE("triple files: parse errors name the field, corpus figures pool or average", "[factacc]") {
  fruit::Json bad = fruit::Json::parse(R"({"id": 1, "triples": [["a", "b", "c"], ["a", "b"]]})");
  CHECK(fruit::parse_triples(bad, {"t.jsonl", 4}).error().to_string() ==
        "t.jsonl:4: field 'triples[1]': expected [subject, relation, object], got a list of 2");
  bad = fruit::Json::parse(R"({"id": 1, "triples": [["a", "b", 3]]})");
  CHECK(fruit::parse_triples(bad, {"t.jsonl", 1}).error().field == "triples[0][2]");
  bad = fruit::Json::parse(R"({"id": 1})");
  CHECK(fruit::parse_triples(bad, {"t.jsonl", 1}).error().to_string() == "t.jsonl:1: field 'triples': missing (required)");

  // e1: 1 of 2 correct (50); e2: no reference triples (undefined); e3: 1 of 1 (100).
  fruit::StringLineReader reference(
      R"({"id": "e1", "triples": [["Ana Lind", "born", "1990"], ["Ana Lind", "team", "Orfeus"]]})"
      "\n"
      R"({"id": "e2", "triples": []})"
      "\n"
      R"({"id": "e3", "triples": [["Kessel Bridge", "opened", "2021"]]})",
      "ref.jsonl");
  fruit::StringLineReader generated(
      R"({"id": "e3", "triples": [["Kessel Bridge", "opened", "2021"]]})"
      "\n"
      R"({"id": "e2", "triples": [["X", "y", "z"]]})"
      "\n"
      R"({"id": "e1", "triples": [["Ana Lind", "born", "1991"], ["Ana Lind", "team", "Orfeus"]]})",
      "gen.jsonl");
  auto evaluation = fruit::evaluate_fact_accuracy(reference, generated);
  REQUIRE(evaluation.ok());
  const fruit::Json report = fruit::fact_report_json(evaluation.value());
  // micro = (1 + 0 + 1) / (2 + 0 + 1) = 66.66...; macro = (50 + 100) / 2 = 75 over 2 defined.
  CHECK(report["fact_acc"]["micro"].get<double>() == 200.0 / 3);
  CHECK(report["fact_acc"]["macro"].get<double>() == 75.0);
  CHECK(report["fact_acc"]["defined"] == 2);
  CHECK(fruit::fact_example_json(evaluation.value().examples[1])["fact_acc"].is_null());
  CHECK(fruit::fact_example_json(evaluation.value().examples[0]).dump() ==
        R"({"id":"e1","fact_acc":50.0,"comparable":2,"correct":1,"binary_acc":100.0,"binary_comparable":1,"binary_correct":1})");
}

TEST_CASE("table evidence as facts, and the facts an update states", "[factacc]") {
  fruit::EvidenceTable table;
  table.header = {"Crossing", "Opened", "Length"};
  table.rows = {{"Kessel Bridge", "2021", "410 m"}, {"Marrow Tunnel", "2019", "2 km"}, {"", "2000", "1 km"}};
  const auto facts = fruit::table_triples(table);
  REQUIRE(facts.size() == 4);  // the row without a key gives none
  CHECK(facts[0] == fruit::Triple{"Kessel Bridge", "Opened", "2021"});
  CHECK(facts[3] == fruit::Triple{"Marrow Tunnel", "Length", "2 km"});
  // Sentence 1 names Kessel Bridge and 2019, a value of column Opened (Marrow Tunnel's):
  // (Kessel Bridge, Opened, 2019), wrong. Sentence 2: (Marrow Tunnel, Length, 2 km), right.
  const auto stated = fruit::stated_table_facts("The Kessel Bridge opened in 2019. Marrow Tunnel is 2 km long.", table);
  REQUIRE(stated.size() == 2);
  CHECK(stated[0] == fruit::Triple{"Kessel Bridge", "Opened", "2019"});
  CHECK(stated[1] == fruit::Triple{"Marrow Tunnel", "Length", "2 km"});
  const auto judged = fruit::judge_facts(facts, stated, fruit::FactKey::kSubjectRelation);
  REQUIRE(judged.size() == 2);
  CHECK_FALSE(judged[0].correct);
  CHECK(judged[0].expected == std::vector<std::string>{"2021"});
  CHECK(judged[1].correct);
}
