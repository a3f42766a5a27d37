#include "leaderboard.h"

#include <catch2/catch.hpp>
#include <string>

#include "evaluate.h"
#include "report.h"
#include "sha256.h"

namespace lb = fruit::leaderboard;
using fruit::Json;

namespace {

const std::string kGold =
    R"({"id":"a","inputs":"[0] Alpha is a town. [1] It has a river. [CONTEXT] (0) Alpha Population The population was 500 in 2020.","targets":"[0] (0) Its population was 500 in 2020. [1]"})"
    "\n"
    R"({"id":"b","inputs":"[0] Beta is a film. [CONTEXT] (0) Beta Release It was released in 1999. (1) Beta Cast It stars Ann Lee.","targets":"[0] (0) It was released in 1999. (1) It stars Ann Lee."})"
    "\n"
    R"({"id":"c","inputs":"[0] Gamma is a lake. [1] It is deep. [CONTEXT] (0) Gamma Area The lake covers 12 square kilometres.","targets":"[0] [1] (0) The lake covers 12 square kilometres."})"
    "\n";

const std::string kCopySource = R"({"id":"a","targets":"[0] [1]"})"
                                "\n"
                                R"({"id":"b","targets":"[0]"})"
                                "\n"
                                R"({"id":"c","targets":"[0] [1]"})"
                                "\n";

// Copies the evidence: close to gold.
const std::string kGood =
    R"({"id":"c","targets":"[0] [1] (0) The lake covers 12 square kilometres."})"
    "\n"
    R"({"id":"a","targets":"[0] (0) The population was 500 in 2020. [1]"})"
    "\n"
    R"({"id":"b","normalized_targets":"Beta is a film. It was released in 1999."})"
    "\n";

Json make_system(const std::string& name = "Copy Source", const std::string& kind = "baseline") {
  return Json::parse(R"({"name": ")" + name + R"(", "team": "fruitbench", "description": "The article unchanged.",
      "kind": ")" + kind + R"(", "parameters": null, "license": "Apache-2.0", "date": "2026-11-22",
      "links": {"code": "https://example.org/fruitbench"}})");
}

lb::BenchmarkData load(const std::string& gold = kGold) {
  lb::Errors errors;
  lb::BenchmarkSpec spec;
  spec.id = "tiny";
  spec.name = "Tiny";
  spec.description = "Three examples.";
  auto definition = lb::make_benchmark(spec, gold, "gold.jsonl", nullptr, "", errors);
  REQUIRE(errors.empty());
  REQUIRE(definition);
  auto data = lb::load_benchmark(*definition, "tiny.json", gold, "tiny/gold.jsonl", errors);
  REQUIRE(errors.empty());
  REQUIRE(data);
  return std::move(*data);
}

std::string bundle_for(const lb::BenchmarkData& data, const std::string& predictions, const Json& sys = make_system()) {
  lb::Errors errors;
  auto made = lb::make_bundle(data, predictions, "pred.jsonl", sys, "", errors);
  for (const auto& e : errors) UNSCOPED_INFO(e.to_string());
  REQUIRE(errors.empty());
  REQUIRE(made);
  return made->bundle_text;
}

lb::Errors check(const lb::BenchmarkData& data, const std::string& bundle, const std::string* side = nullptr) {
  lb::Errors errors;
  auto submission = lb::check_bundle(data, bundle, "sub.json", side, errors);
  CHECK(submission.has_value() == errors.empty());
  return errors;
}

bool has_error(const lb::Errors& errors, const std::string& field, const std::string& message_part, size_t line = 0) {
  for (const auto& e : errors) {
    if (e.field == field && e.message.find(message_part) != std::string::npos && (line == 0 || e.line == line)) {
      return true;
    }
  }
  std::string all;
  for (const auto& e : errors) all += "\n  " + e.to_string();
  UNSCOPED_INFO("no error on '" << field << "' with '" << message_part << "' among:" << all);
  return false;
}

// Replaces the first occurrence of `from` in `text`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("leaderboard: add-benchmark writes a definition that loads") {
  lb::Errors errors;
  lb::BenchmarkSpec spec;
  spec.id = "tiny";
  spec.name = "Tiny";
  const std::string inputs = R"({"id":"a","inputs":"[0] Alpha is a town. [1] It has a river. [CONTEXT] (0) Alpha Population The population was 500 in 2020."})"
                             "\n";
  auto bad = lb::make_benchmark(spec, kGold, "gold.jsonl", &inputs, "inputs.jsonl", errors);
  CHECK_FALSE(bad);
  CHECK(has_error(errors, "", "has 1 lines but the gold has 3"));

  errors.clear();
  auto definition = lb::make_benchmark(spec, kGold, "gold.jsonl", nullptr, "", errors);
  REQUIRE(definition);
  const Json j = Json::parse(*definition);
  CHECK(j["format"] == "fruitbench-benchmark/1");
  CHECK(j["gold"] == "tiny/gold.jsonl");
  CHECK(j["gold_sha256"] == fruit::sha256_hex(kGold));
  CHECK(j["n"] == 3);
  CHECK(j["primary_metric"] == "update_rougeLsum");
  CHECK(j["signature"] == fruit::signature({}));

  auto wrong_gold = lb::load_benchmark(*definition, "tiny.json", kGold + kGold.substr(0, kGold.find('\n') + 1),
                                       "tiny/gold.jsonl", errors);
  CHECK_FALSE(wrong_gold);
  CHECK(has_error(errors, "", "not the benchmark's gold file"));
}

TEST_CASE("leaderboard: benchmark definitions are checked field by field, all errors at once") {
  lb::Errors errors;
  const std::string text = R"({"format": "fruitbench-benchmark/2", "id": "tiny", "name": "<b>Tiny</b>", "task": "fruit",
      "gold": "../gold.jsonl", "gold_sha256": "ABC", "n": 3, "metrics": ["rouge1", "bleu"],
      "primary_metric": "update_rougeLsum", "signature": "fruitbench:0.0.1|stem:no", "extra": 1})";
  CHECK_FALSE(lb::parse_benchmark(text, "other.json", errors));
  CHECK(has_error(errors, "format", "must be 'fruitbench-benchmark/1'"));
  CHECK(has_error(errors, "id", "must be named 'tiny.json'"));
  CHECK(has_error(errors, "name", "HTML is not allowed"));
  CHECK(has_error(errors, "gold", "inside the benchmark's folder"));
  CHECK(has_error(errors, "gold_sha256", "64 lowercase hex"));
  CHECK(has_error(errors, "metrics", "\"bleu\" is not a metric"));
  CHECK(has_error(errors, "primary_metric", "is not in metrics"));
  CHECK(has_error(errors, "signature", "is not a signature of fruitbench"));
  CHECK(has_error(errors, "extra", "unknown field"));
  for (const auto& e : errors) CHECK(e.file == "other.json");
}

TEST_CASE("leaderboard: signatures parse back into options") {
  fruit::ScoringOptions options;
  options.use_stemmer = true;
  options.bootstrap_samples = 200;
  options.seed = 7;
  auto parsed = fruit::parse_signature(fruit::signature(options));
  REQUIRE(parsed);
  CHECK(parsed->use_stemmer);
  CHECK(parsed->bootstrap_samples == 200);
  CHECK(parsed->seed == 7);
  options.bootstrap_samples = 0;
  REQUIRE(fruit::parse_signature(fruit::signature(options)));
  CHECK(fruit::parse_signature(fruit::signature(options))->bootstrap_samples == 0);
  CHECK_FALSE(fruit::parse_signature("fruitbench:9.9.9|norm:fruit-diff-text|tok:rouge_score|stem:no|empty:100|agg:mean|boot:none"));
  CHECK_FALSE(fruit::parse_signature(""));
  CHECK_FALSE(fruit::parse_signature(fruit::signature({}) + "|x:1"));
}

TEST_CASE("leaderboard: a bundle made from predictions passes the check with the CLI's scores") {
  const auto data = load();
  const std::string bundle = bundle_for(data, kCopySource);
  const Json j = Json::parse(bundle);
  CHECK(j["format"] == "fruitbench-submission/1");
  CHECK(j["benchmark"] == "tiny");
  CHECK(j["predictions"]["sha256"] == fruit::sha256_hex(kCopySource));
  CHECK(j["predictions"]["lines"].size() == 3);
  CHECK(j["fruitbench"]["signature"] == fruit::signature({}));
  CHECK_FALSE(j["scores"].contains("warnings"));
  // One prediction per text line, compact.
  CHECK(bundle.find("\n      {\"id\":\"b\",\"targets\":\"[0]\"},\n") != std::string::npos);

  fruit::StringLineReader gold(kGold, "g"), pred(kCopySource, "p");
  auto evaluation = fruit::evaluate(gold, pred, {});
  REQUIRE(evaluation.ok());
  Json expected = fruit::report_json(evaluation.value());
  expected.erase("warnings");
  expected.erase("corpus");  // FRUIT's corpus-level metrics are shown by the site, not kept in bundles
  CHECK(j["scores"] == expected);

  lb::Errors errors;
  Json report;
  auto submission = lb::check_bundle(data, bundle, "leaderboard/submissions/copy-source.json", nullptr, errors, &report);
  REQUIRE(errors.empty());
  REQUIRE(submission);
  CHECK(submission->file == "copy-source.json");
  CHECK(submission->primary_f.size() == 3);
  Json with_corpus = fruit::report_json(evaluation.value());  // the site shows "corpus" from the recomputed report
  with_corpus.erase("warnings");
  CHECK(submission->scores == with_corpus);
  CHECK(report.contains("warnings"));
  CHECK(lb::bundle_refs(bundle).benchmark == "tiny");
  CHECK(lb::bundle_refs(bundle).predictions_file.empty());
}

TEST_CASE("leaderboard: a tampered score is rejected, naming the metric") {
  const auto data = load();
  const Json original = Json::parse(bundle_for(data, kGood));
  Json tampered = original;
  const double f = tampered["scores"]["mean"]["update_rougeLsum"]["fmeasure"].get<double>();
  tampered["scores"]["mean"]["update_rougeLsum"]["fmeasure"] = f + 0.01;
  auto errors = check(data, tampered.dump(2));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].file == "sub.json");
  CHECK(errors[0].field == "scores.mean.update_rougeLsum.fmeasure");
  CHECK(errors[0].message.find("claimed") != std::string::npos);

  // Within 1e-9 is the same number; beyond is not.
  tampered = original;
  tampered["scores"]["bootstrap"]["rouge1"]["high"]["recall"] =
      tampered["scores"]["bootstrap"]["rouge1"]["high"]["recall"].get<double>() + 1e-10;
  CHECK(check(data, tampered.dump()).empty());
  tampered["scores"]["bootstrap"]["rouge1"]["high"]["recall"] =
      tampered["scores"]["bootstrap"]["rouge1"]["high"]["recall"].get<double>() + 1e-8;
  CHECK(has_error(check(data, tampered.dump()), "scores.bootstrap.rouge1.high.recall", "differs by"));

  tampered = original;
  tampered["scores"]["n"] = 4;
  CHECK(has_error(check(data, tampered.dump()), "scores.n", "claimed 4 but recomputed 3"));
  tampered = original;
  tampered["scores"]["mean"].erase("exact_match");
  CHECK(has_error(check(data, tampered.dump()), "scores.mean.exact_match", "missing"));
  tampered = original;
  tampered["scores"]["signature"] = "fruitbench:0.1.0|norm:fruit-diff-text|tok:rouge_score|stem:porter|empty:100|agg:mean|boot:1000|seed:12345|ci:95";
  tampered["fruitbench"]["signature"] = tampered["scores"]["signature"];
  const auto signature_errors = check(data, tampered.dump());
  CHECK(has_error(signature_errors, "scores.signature", "benchmark's signature"));
  CHECK(has_error(signature_errors, "fruitbench.signature", "benchmark's signature"));
}

TEST_CASE("leaderboard: ids exactly once, none unknown, all errors reported") {
  const auto data = load();
  const std::string bundle = bundle_for(data, kCopySource);
  // "c" replaced by a second "b": a duplicate and a missing id.
  const std::string duplicated = replaced(bundle, R"({"id":"c","targets":"[0] [1]"})", R"({"id":"b","targets":"[0]"})");
  auto errors = check(data, duplicated);
  CHECK(has_error(errors, "id", "duplicate id 'b' (also on line 2)", 3));
  CHECK(has_error(errors, "id", "gold id 'c' (line 3 of tiny/gold.jsonl) has no prediction"));
  CHECK(has_error(errors, "predictions.sha256", "but the predictions' sha256 is"));

  const std::string unknown = replaced(bundle, R"("id":"c")", R"("id":"zeta")");
  errors = check(data, unknown);
  CHECK(has_error(errors, "id", "'zeta' is not an id of benchmark 'tiny'", 3));

  const std::string no_id = replaced(bundle, R"("id":"c",)", "");
  CHECK(has_error(check(data, no_id), "id", "missing here but present on line 1", 3));

  const std::string extra_field = replaced(bundle, R"("id":"c",)", R"("id":"c","score":1,)");
  CHECK(has_error(check(data, extra_field), "score", "unknown field", 3));
}

TEST_CASE("leaderboard: a bad sha256 is rejected") {
  const auto data = load();
  const std::string bundle = bundle_for(data, kCopySource);
  const std::string sha = fruit::sha256_hex(kCopySource);
  auto errors = check(data, replaced(bundle, sha, std::string(64, '0')));
  REQUIRE(errors.size() == 1);
  CHECK(has_error(errors, "predictions.sha256", "but the predictions' sha256 is '" + sha + "'"));
  CHECK(has_error(check(data, replaced(bundle, sha, "xyz")), "predictions.sha256", "is \"xyz\""));
}

TEST_CASE("leaderboard: metadata is plain text") {
  const auto data = load();
  const std::string bundle = bundle_for(data, kCopySource);
  CHECK(has_error(check(data, replaced(bundle, "\"Copy Source\"", "\"<script>alert(1)</script>\"")), "system.name",
                  "HTML is not allowed"));
  CHECK(has_error(check(data, replaced(bundle, "\"The article unchanged.\"", "\"see https://evil.example\"")),
                  "system.description", "contains a URL"));
  CHECK(has_error(check(data, replaced(bundle, "\"The article unchanged.\"", "\"Tab\\there\"")),
                  "system.description", "control character U+0009"));
  CHECK(has_error(check(data, replaced(bundle, "\"fruitbench\",", "\"" + std::string(81, 'x') + "\",")),
                  "system.team", "at most 80"));
  CHECK(has_error(check(data, replaced(bundle, "https://example.org/fruitbench", "javascript:alert(1)")),
                  "system.links.code", "must be an https://"));
  CHECK(has_error(check(data, replaced(bundle, "\"code\"", "\"home\"")), "system.links.home", "unknown link"));
  CHECK(has_error(check(data, replaced(bundle, "2026-11-22", "2026-02-30")), "system.date", "YYYY-MM-DD"));
  CHECK(has_error(check(data, replaced(bundle, "\"baseline\"", "\"sota\"")), "system.kind", "must be 'baseline'"));
  CHECK(has_error(check(data, replaced(bundle, "\"parameters\": null", "\"parameters\": -3")), "system.parameters",
                  "whole number or null"));
  // Making a bundle checks the same rules.
  lb::Errors errors;
  CHECK_FALSE(lb::make_bundle(data, kCopySource, "pred.jsonl", make_system("<i>x</i>"), "", errors));
  CHECK(has_error(errors, "system.name", "HTML is not allowed"));
  // Non-ASCII text is fine, and counted in characters.
  CHECK(check(data, bundle_for(data, kCopySource, make_system(std::string(40, 'x') + "Ünïcødé — ok"))).empty());
}

TEST_CASE("leaderboard: size limits") {
  const auto data = load();
  lb::Errors errors;
  // One field far longer than the example needs.
  const std::string long_line = R"({"id":"a","normalized_targets":")" + std::string(11000, 'x') + "\"}\n";
  const std::string rest = kCopySource.substr(kCopySource.find('\n') + 1);
  CHECK_FALSE(lb::make_bundle(data, long_line + rest, "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "normalized_targets", "characters long; at most", 1));

  // Embedded predictions over 1 MiB: rejected; as a side file they pass the
  // size check (long inputs allow long predictions).
  std::string long_gold;
  for (size_t pos = 0; pos < kGold.size();) {
    const size_t end = kGold.find('\n', pos);
    Json line = Json::parse(kGold.substr(pos, end - pos));
    line["inputs"] = line["inputs"].get<std::string>() + " " + std::string(200000, 'y');
    long_gold += line.dump() + "\n";
    pos = end + 1;
  }
  const auto long_data = load(long_gold);
  std::string big;
  for (const char* id : {"a", "b", "c"}) {
    big += R"({"id":")" + std::string(id) + R"(","targets":"[0])" + std::string(350000, ' ') + "\"}\n";
  }
  errors.clear();
  CHECK_FALSE(lb::make_bundle(long_data, big, "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "", "over 1048576 (1 MiB) they go beside the bundle"));
  errors.clear();
  auto made = lb::make_bundle(long_data, big, "pred.jsonl", make_system(), "sub.pred.jsonl.gz", errors);
  REQUIRE(made);
  CHECK(Json::parse(made->bundle_text)["predictions"]["file"] == "sub.pred.jsonl.gz");
  CHECK(check(long_data, made->bundle_text, &made->side_predictions).empty());
  CHECK(has_error(check(long_data, made->bundle_text), "predictions.file", "was not found beside the bundle"));

  // Over 64 MiB of predictions: rejected before parsing.
  const std::string huge(lb::kMaxPredictionBytes + 1, '\n');
  CHECK(has_error(check(long_data, made->bundle_text, &huge), "", "at most 67108864 (64 MiB)"));
  // A bundle file over 4 MiB.
  CHECK(has_error(check(data, std::string(lb::kMaxBundleBytes + 1, ' ')), "", "(4 MiB) are allowed"));
}

TEST_CASE("leaderboard: EDIT5 must be well formed against the gold input") {
  const auto data = load();
  const std::string bundle = bundle_for(data, kCopySource);
  auto errors = check(data, replaced(bundle, R"({"id":"c","targets":"[0] [1]"})", R"({"id":"c","targets":"[1] [0] [7] x"})"));
  CHECK(has_error(errors, "targets", "copy-out-of-order", 3));
  CHECK(has_error(errors, "targets", "copy-out-of-range", 3));
  // A reference to no evidence item (a year in the text, say) is a warning.
  lb::Errors warnings;
  errors.clear();
  auto made = lb::make_bundle(data, replaced(kCopySource, "[0] [1]", "[0] [1] (2011) Built in 2011."), "pred.jsonl",
                              make_system(), "", errors);
  REQUIRE(made);
  REQUIRE(made->warnings.size() == 1);
  CHECK(made->warnings[0].message.find("missing-evidence") == 0);
  CHECK(made->warnings[0].line == 1);
  auto submission = lb::check_bundle(data, made->bundle_text, "sub.json", nullptr, errors, nullptr, &warnings);
  CHECK(submission);
  CHECK(warnings.size() == 1);
}

TEST_CASE("leaderboard: without gold ids, predictions pair by line and counts must match") {
  std::string gold;
  for (size_t pos = 0; pos < kGold.size();) {
    const size_t end = kGold.find('\n', pos);
    Json line = Json::parse(kGold.substr(pos, end - pos));
    line.erase("id");
    gold += line.dump() + "\n";
    pos = end + 1;
  }
  const auto data = load(gold);
  CHECK_FALSE(data.gold_has_ids);
  const std::string two = "{\"targets\":\"[0] [1]\"}\n{\"targets\":\"[0]\"}\n";
  lb::Errors errors;
  CHECK_FALSE(lb::make_bundle(data, two, "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "", "2 predictions for 3 gold examples"));
  errors.clear();
  CHECK_FALSE(lb::make_bundle(data, two + two, "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "", "more predictions than the 3 gold examples", 4));
  errors.clear();
  CHECK_FALSE(lb::make_bundle(data, "{\"id\":\"2\",\"targets\":\"[0]\"}\n" + two, "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "id", "must be its 0-based number '0'", 1));
  errors.clear();
  CHECK_FALSE(lb::make_bundle(data, two + "{\"id\":2,\"targets\":\"[0]\"}\n", "pred.jsonl", make_system(), "", errors));
  CHECK(has_error(errors, "id", "present here but missing on line 1", 3));
  CHECK(check(data, bundle_for(data, "{\"id\":0,\"targets\":\"[0]\"}\n{\"id\":\"1\",\"targets\":\"[0]\"}\n"
                                     "{\"id\":2,\"targets\":\"[0]\"}\n")).empty());
  CHECK(check(data, bundle_for(data, two + "{\"targets\":\"[0]\"}\n")).empty());
}

TEST_CASE("leaderboard: schema errors name their fields") {
  const auto data = load();
  auto errors = check(data, R"({"format": "x", "benchmark": "other", "system": {}, "predictions": {"sha256": "00"},
                                "fruitbench": {}, "scores": {}, "extra": true})");
  CHECK(has_error(errors, "format", "must be 'fruitbench-submission/1'"));
  CHECK(has_error(errors, "benchmark", "is \"other\" but is checked against 'tiny'"));
  CHECK(has_error(errors, "system.name", "missing"));
  CHECK(has_error(errors, "predictions", "needs either 'lines'"));
  CHECK(has_error(errors, "fruitbench.version", "missing"));
  CHECK(has_error(errors, "extra", "unknown field"));
  CHECK(has_error(check(data, "{\"format\": "), "", "invalid JSON"));
  CHECK(has_error(check(data, ""), "", "empty file"));
}

TEST_CASE("leaderboard: paired bootstrap significance") {
  std::vector<double> a, b, same;
  for (int i = 0; i < 60; ++i) {
    a.push_back(i % 3 == 0 ? 80 : 40);
    b.push_back(i % 3 == 0 ? 10 : 5);
    same.push_back(a.back());
  }
  CHECK(fruit::paired_bootstrap_p_value(a, same, 1000, 12345) == 1);
  const double p = fruit::paired_bootstrap_p_value(a, b, 1000, 12345);
  CHECK(p == Approx(1.0 / 1001));
  CHECK(fruit::paired_bootstrap_p_value(b, a, 1000, 12345) == p);
  // A tiny difference on one example out of 60 is not significant.
  std::vector<double> close = a;
  close[0] += 1;
  const double q = fruit::paired_bootstrap_p_value(a, close, 1000, 12345);
  CHECK(q >= 0.05);
  CHECK(fruit::paired_bootstrap_p_value(a, close, 1000, 12345) == q);  // deterministic
  CHECK(fruit::paired_bootstrap_p_value({}, {}, 1000, 1) == 1);
}

TEST_CASE("leaderboard: site data ranks rows, tests adjacent pairs and lists differing examples") {
  const auto data = load();
  std::vector<lb::Submission> submissions;
  for (const auto& [file, predictions, name] :
       {std::tuple{"copy-source.json", kCopySource, "Copy Source"}, {"good.json", kGood, "Good"},
        {"copy-again.json", kCopySource, "Another Copy"}}) {
    lb::Errors errors;
    auto s = lb::check_bundle(data, bundle_for(data, predictions, make_system(name)), file, nullptr, errors);
    REQUIRE(s);
    submissions.push_back(std::move(*s));
  }
  const auto site = lb::build_site_data({&data}, submissions);
  const Json& board = site.leaderboard;
  CHECK(board["generated_by"] == "fruitbench 0.1.0");
  REQUIRE(board["benchmarks"].size() == 1);
  const Json& b = board["benchmarks"][0];
  CHECK(b["gold"] == "benchmarks/tiny/gold.jsonl");
  CHECK(b["definition"] == "benchmarks/tiny.json");
  CHECK(b["compare"] == "data/compare/tiny.json");
  const Json& rows = b["rows"];
  REQUIRE(rows.size() == 3);
  CHECK(rows[0]["submission"] == "good.json");
  // Equal scores: ordered by name, tied, p = 1.
  CHECK(rows[1]["system"]["name"] == "Another Copy");
  CHECK(rows[2]["system"]["name"] == "Copy Source");
  CHECK(rows[1]["tied_with_next"] == true);
  CHECK(rows[1]["p_value_vs_next"] == 1.0);
  CHECK(rows[2]["p_value_vs_next"].is_null());
  CHECK(rows[0]["rank"] == 1);
  CHECK(rows[0]["mean"]["update_rougeLsum"]["fmeasure"].get<double>() >
        rows[1]["mean"]["update_rougeLsum"]["fmeasure"].get<double>());
  CHECK(rows[0]["bootstrap"].contains("update_rougeLsum"));

  REQUIRE(site.compare.size() == 1);
  CHECK(site.compare[0].first == "data/compare/tiny.json");
  const Json& pairs = site.compare[0].second["pairs"];
  REQUIRE(pairs.size() == 3);
  CHECK(pairs[0]["a"] == "copy-again.json");
  CHECK(pairs[0]["b"] == "copy-source.json");
  CHECK(pairs[0]["examples"].empty());  // identical predictions
  const Json& pair = pairs[1];
  CHECK(pair["a"] == "copy-again.json");
  CHECK(pair["b"] == "good.json");
  REQUIRE_FALSE(pair["examples"].empty());
  const Json& example = pair["examples"][0];
  CHECK(example["a"]["html"].get<std::string>().find("fb-diff") != std::string::npos);
  CHECK(example["b"]["html"].get<std::string>().find("fb-inserted") != std::string::npos);
  CHECK(example["reference_html"].get<std::string>().find("fb-ref") != std::string::npos);
  CHECK(example["evidence"][0].contains("title"));
  CHECK(std::fabs(example["a"]["fmeasure"].get<double>() - example["b"]["fmeasure"].get<double>()) > 0);
  // Deterministic.
  CHECK(lb::build_site_data({&data}, submissions).leaderboard.dump() == board.dump());
}

TEST_CASE("leaderboard: the JSON schema names the limits") {
  const Json schema = lb::submission_schema();
  CHECK(schema["properties"]["system"]["properties"]["name"]["maxLength"] == 80);
  CHECK(schema["properties"]["format"]["const"] == "fruitbench-submission/1");
  CHECK(schema["required"].size() == 6);
}
