#include "diffqg.h"

#include <catch2/catch.hpp>

namespace {

fruit::Json json(const char* text) { return fruit::Json::parse(text); }

// Four examples covering the four outcomes of change detection.
//   e1 Edit    gold q, predicted change + a question with 4 of 5 words right -> TP, ROUGE 80
//   e2 Accept  gold q, predicted no change, no question                      -> FN, ROUGE 0
//   e3 Reject  no gold q, predicted change + a question                        -> FP, no ROUGE
//   e4 Context no gold q, predicted no change                                  -> TN, no ROUGE
const char* const kGold =
    R"({"id": "e1", "base": "The museum opened in 1990.", "target": "The museum opened in 1991.", "answer": "1991", "question": "When did the museum open?", "label": "Edit"})"
    "\n"
    R"({"id": "e2", "base": "Ana Lind directs the orchestra.", "target": "Bo Tan directs the orchestra.", "answer": "Bo Tan", "question": "Who directs the orchestra?", "label": "Accept"})"
    "\n"
    R"({"id": "e3", "base": "It has 40 rooms.", "target": "It has forty rooms.", "answer": "forty", "question": null, "label": "Reject"})"
    "\n"
    R"({"id": "e4", "base": "The bridge is red.", "target": "The bridge is red and long.", "answer": "red", "question": null, "label": "Context"})";
const char* const kPredictions =
    R"({"id": "e4", "change": false})"
    "\n"
    R"({"id": "e3", "change": true, "question": "What changed?"})"
    "\n"
    R"({"id": "e2", "change": false, "question": null})"
    "\n"
    R"({"id": "e1", "change": true, "question": "When did the museum close?"})";

}  // namespace

TEST_CASE("DiffQG gold and prediction lines are checked field by field", "[diffqg]") {
  const fruit::Location at{"g.jsonl", 3};
  CHECK(fruit::parse_diffqg_gold(json(R"({"base": "a", "target": "b", "answer": "c", "question": null})"), at)
            .error()
            .to_string() == "g.jsonl:3: field 'label': missing (required)");
  CHECK(fruit::parse_diffqg_gold(json(R"({"base": "a", "target": "b", "answer": "c", "question": null, "label": "Maybe"})"), at)
            .error()
            .to_string() == "g.jsonl:3: field 'label': 'Maybe' is not one of Accept, Context, Edit, Reject, Skip");
  CHECK(fruit::parse_diffqg_gold(json(R"({"base": "a", "target": "b", "answer": "c", "label": "Skip"})"), at).error().field ==
        "question");
  CHECK(fruit::parse_diffqg_gold(json(R"({"base": "a", "target": "b", "answer": "c", "question": " ", "label": "Skip"})"), at)
            .error()
            .message == "is empty: write null when there is no question");
  CHECK(fruit::parse_diffqg_gold(json(R"({"base": "a", "target": "b", "answer": 3, "question": null, "label": "Skip"})"), at)
            .error()
            .field == "answer");
  CHECK(fruit::parse_diffqg_prediction(json(R"({"change": "yes"})"), at).error().to_string() ==
        "g.jsonl:3: field 'change': expected true or false, got string");
  CHECK(fruit::parse_diffqg_prediction(json(R"({"question": "Why?"})"), at).error().field == "change");
  CHECK(fruit::parse_diffqg_prediction(json(R"({"change": true, "question": 1})"), at).error().field == "question");
  auto p = fruit::parse_diffqg_prediction(json(R"({"change": true})"), at);
  REQUIRE(p.ok());
  CHECK_FALSE(p.value().question.has_value());
}

TEST_CASE("the Overlapping Answer baseline: a change iff the answer is not in the base", "[diffqg]") {
  CHECK_FALSE(fruit::overlapping_answer_change("The museum opened in 1990.", "1990"));
  CHECK(fruit::overlapping_answer_change("The museum opened in 1990.", "1991"));
  CHECK_FALSE(fruit::overlapping_answer_change("The museum opened in 1990.", "the Museum"));
  CHECK(fruit::overlapping_answer_change("The party was held.", "art"));  // whole words only
  fruit::StringLineReader gold(kGold, "g.jsonl");
  auto lines = fruit::overlapping_answer_baseline(gold);
  REQUIRE(lines.ok());
  // e1: "1991" not in base -> change; e2: "Bo Tan" -> change; e3: "forty" -> change; e4: "red" -> no change.
  CHECK(lines.value() ==
        "{\"id\":\"e1\",\"change\":true,\"question\":null}\n{\"id\":\"e2\",\"change\":true,\"question\":null}\n"
        "{\"id\":\"e3\",\"change\":true,\"question\":null}\n{\"id\":\"e4\",\"change\":false,\"question\":null}\n");
}

TEST_CASE("DiffQG question scores: ROUGE against the gold question, zeroed by a wrong decision", "[diffqg]") {
  fruit::RougeTokenizer tokenizer(false);
  fruit::DiffqgGold gold{"b", "t", "a", std::string("When did the museum open?"), "Edit"};
  // "when did the museum close" vs "when did the museum open": 4 of 5 unigrams, LCS 4: P = R = F = 0.8.
  auto s = fruit::score_diffqg_example(tokenizer, gold, {true, std::string("When did the museum close?")});
  CHECK_THAT(*s.qg_rouge1, Catch::Matchers::WithinAbs(80.0, 1e-9));  // F = 2(0.8)(0.8)/1.6 in doubles: 80.00000000000001
  CHECK_THAT(*s.qg_rougeL, Catch::Matchers::WithinAbs(80.0, 1e-9));
  CHECK_THAT(*s.full_rougeL, Catch::Matchers::WithinAbs(80.0, 1e-9));
  CHECK(s.human);
  // 6 predicted tokens, 5 gold, 4 shared (did the museum open, also the LCS): P = 4/6, R = 4/5,
  // F = 2 (2/3)(4/5) / (2/3 + 4/5) = 16/22. Predicted "no change": the full system scores 0.
  s = fruit::score_diffqg_example(tokenizer, gold, {false, std::string("Which year did the museum open")});
  CHECK_THAT(*s.qg_rouge1, Catch::Matchers::WithinAbs(100.0 * 16 / 22, 1e-12));
  CHECK_THAT(*s.qg_rougeL, Catch::Matchers::WithinAbs(100.0 * 16 / 22, 1e-12));
  CHECK(*s.full_rouge1 == 0.0);
  // No predicted question: the empty text, 0.
  s = fruit::score_diffqg_example(tokenizer, gold, {true, std::nullopt});
  CHECK(*s.qg_rouge1 == 0.0);
  // No gold question: nothing to score the question against.
  gold.question.reset();
  s = fruit::score_diffqg_example(tokenizer, gold, {true, std::string("Anything?")});
  CHECK_FALSE(s.qg_rouge1.has_value());
  CHECK_FALSE(s.full_rougeL.has_value());
}

TEST_CASE("DiffQG corpus figures on all examples and on the human-written subset", "[diffqg]") {
  fruit::StringLineReader gold(kGold, "g.jsonl"), predictions(kPredictions, "p.jsonl");
  fruit::ScoringOptions options;
  options.bootstrap_samples = 0;
  auto evaluation = fruit::evaluate_diffqg(gold, predictions, options);
  REQUIRE(evaluation.ok());
  const fruit::Json report = fruit::diffqg_report_json(evaluation.value());
  const fruit::Json& mean = report["mean"];
  // All: correct e1, e4 -> accuracy 2/4 = 50; TP 1, FP 1 (e3), FN 1 (e2): P = R = F1 = 50.
  CHECK(mean["change_accuracy"] == 50.0);
  CHECK(mean["change_precision"] == 50.0);
  CHECK(mean["change_recall"] == 50.0);
  CHECK(mean["change_f1"] == 50.0);
  // Questions on e1 (80) and e2 (0): mean 40, for QG and the full system alike.
  CHECK_THAT(mean["qg_rouge1"].get<double>(), Catch::Matchers::WithinAbs(40.0, 1e-9));
  CHECK_THAT(mean["qg_rougeL"].get<double>(), Catch::Matchers::WithinAbs(40.0, 1e-9));
  CHECK_THAT(mean["full_rouge1"].get<double>(), Catch::Matchers::WithinAbs(40.0, 1e-9));
  CHECK_THAT(mean["full_rougeL"].get<double>(), Catch::Matchers::WithinAbs(40.0, 1e-9));
  // Human-written (Edit, Context): e1 (TP) and e4 (TN): everything right; questions: e1 only.
  CHECK(mean["human_change_accuracy"] == 100.0);
  CHECK(mean["human_change_precision"] == 100.0);
  CHECK(mean["human_change_recall"] == 100.0);
  CHECK(mean["human_change_f1"] == 100.0);
  CHECK_THAT(mean["human_qg_rouge1"].get<double>(), Catch::Matchers::WithinAbs(80.0, 1e-9));
  CHECK_THAT(mean["human_full_rougeL"].get<double>(), Catch::Matchers::WithinAbs(80.0, 1e-9));
  CHECK(report["counts"] == fruit::Json::parse(R"({"with_question": 2, "human": 2, "human_with_question": 1})"));
  CHECK(report["bootstrap"].is_null());
  CHECK(fruit::diffqg_example_json(evaluation.value().examples[2]).dump() ==
        R"({"id":"e3","label":"Reject","gold_change":false,"change":true,"correct":false,"qg_rouge1":null,"qg_rougeL":null,"full_rouge1":null,"full_rougeL":null})");
}

TEST_CASE("DiffQG: no predicted change gives precision 0; an empty subset gives null", "[diffqg]") {
  std::vector<fruit::DiffqgScores> examples(2);
  examples[0].gold_change = true;  // FN
  examples[0].qg_rouge1 = examples[0].qg_rougeL = examples[0].full_rouge1 = examples[0].full_rougeL = 0.0;
  // examples[1]: TN. Neither is human-written.
  const auto figures = fruit::diffqg_figures(examples, {0, 1});
  CHECK(*figures[0] == 50.0);  // accuracy 1/2
  CHECK(*figures[1] == 0.0);   // precision: no predicted change
  CHECK(*figures[2] == 0.0);   // recall 0/1
  CHECK(*figures[3] == 0.0);   // F1 with P + R = 0
  for (size_t k = fruit::kDiffqgMetrics.size(); k < figures.size(); ++k) CHECK_FALSE(figures[k].has_value());
}

TEST_CASE("DiffQG files are paired by id; problems name file, line and field", "[diffqg]") {
  fruit::ScoringOptions options;
  options.bootstrap_samples = 0;
  {
    fruit::StringLineReader gold(kGold, "g.jsonl"), predictions(R"({"id": "e9", "change": true})", "p.jsonl");
    CHECK(fruit::evaluate_diffqg(gold, predictions, options).error().to_string() ==
          "p.jsonl:1: field 'id': 'e9' is not an id of g.jsonl");
  }
  {
    fruit::StringLineReader gold(kGold, "g.jsonl"), predictions(R"({"id": "e1", "change": true})", "p.jsonl");
    CHECK(fruit::evaluate_diffqg(gold, predictions, options).error().to_string() ==
          "g.jsonl:2: field 'id': 'e2' has no prediction in p.jsonl");
  }
  {
    fruit::StringLineReader gold(kGold, "g.jsonl"),
        predictions("{\"id\": \"e1\", \"change\": true}\n{\"id\": \"e1\", \"change\": true}", "p.jsonl");
    CHECK(fruit::evaluate_diffqg(gold, predictions, options).error().to_string() ==
          "p.jsonl:2: field 'id': duplicate id 'e1' (also on line 1)");
  }
  {
    fruit::StringLineReader gold("{\"base\": \"x\"}", "g.jsonl"), predictions("{}", "p.jsonl");
    CHECK(fruit::evaluate_diffqg(gold, predictions, options).error().to_string() ==
          "g.jsonl:1: field 'id': missing (required: every line of this file has an id)");
  }
  {
    fruit::StringLineReader gold("{\"id\": 1, \"x\": \xff}", "g.jsonl"), predictions("{}", "p.jsonl");
    CHECK(fruit::evaluate_diffqg(gold, predictions, options).error().message.find("invalid UTF-8") == 0);
  }
}

TEST_CASE("DiffQG bootstrap intervals and signature", "[diffqg]") {
  fruit::StringLineReader gold(kGold, "g.jsonl"), predictions(kPredictions, "p.jsonl");
  fruit::ScoringOptions options;
  options.bootstrap_samples = 200;
  auto evaluation = fruit::evaluate_diffqg(gold, predictions, options);
  REQUIRE(evaluation.ok());
  const fruit::Json report = fruit::diffqg_report_json(evaluation.value());
  for (const std::string& name : fruit::diffqg_figure_names()) {
    const fruit::Json& b = report["bootstrap"][name];
    if (b.is_null()) continue;
    CHECK(b["low"].get<double>() <= b["mid"].get<double>());
    CHECK(b["mid"].get<double>() <= b["high"].get<double>());
  }
  CHECK(report["signature"] ==
        "fruitbench:0.1.0|task:diffqg|tok:rouge_score|stem:no|qg:gold-question|agg:mean|boot:200|seed:12345|ci:95");
  auto parsed = fruit::parse_diffqg_signature(report["signature"].get<std::string>());
  REQUIRE(parsed.has_value());
  CHECK(parsed->bootstrap_samples == 200);
  // A FRUIT signature is not a DiffQG one, and the other way round.
  CHECK_FALSE(fruit::parse_diffqg_signature(fruit::signature(options)).has_value());
  CHECK_FALSE(fruit::parse_signature(fruit::diffqg_signature(options)).has_value());
}
