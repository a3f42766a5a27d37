#include "fact_accuracy.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "keyed_jsonl.h"
#include "scoring.h"  // kVersion
#include "sentences.h"
#include "squad_normalize.h"

namespace fruit {
namespace {

using Key = std::pair<std::string, std::string>;

Triple normalized(const Triple& t) { return {squad_normalize(t[0]), squad_normalize(t[1]), squad_normalize(t[2])}; }

Key key_of(const Triple& normalized_triple, FactKey key) {
  return {normalized_triple[0], normalized_triple[key == FactKey::kSubjectRelation ? 1 : 2]};
}

// The element a key leaves out: the object (eq. 1) or the relation.
const std::string& rest_of(const Triple& triple, FactKey key) { return triple[key == FactKey::kSubjectRelation ? 2 : 1]; }

Json accuracy_json(const std::optional<double>& value) { return value ? Json(*value) : Json(nullptr); }

Json corpus_json(const FactCounts& pooled, const std::vector<FactExample>& examples, FactCounts FactExample::*variant) {
  double sum = 0;
  size_t defined = 0;
  for (const FactExample& e : examples) {
    if (auto a = (e.*variant).accuracy()) sum += *a, ++defined;
  }
  Json j = Json::object();
  j["micro"] = accuracy_json(pooled.accuracy());
  j["macro"] = defined ? Json(sum / static_cast<double>(defined)) : Json(nullptr);
  j["defined"] = defined;
  j["comparable"] = pooled.comparable;
  j["correct"] = pooled.correct;
  return j;
}

}  // namespace

std::optional<double> FactCounts::accuracy() const {
  if (comparable == 0) return std::nullopt;
  return 100.0 * static_cast<double>(correct) / static_cast<double>(comparable);
}

std::vector<JudgedFact> judge_facts(const std::vector<Triple>& reference, const std::vector<Triple>& generated,
                                    FactKey key) {
  std::set<Triple> reference_set;
  std::map<Key, std::vector<std::string>> reference_keys;  // key -> what the reference says, first-seen order
  for (const Triple& t : reference) {
    const Triple n = normalized(t);
    if (!reference_set.insert(n).second) continue;
    reference_keys[key_of(n, key)].push_back(rest_of(t, key));
  }
  std::vector<JudgedFact> judged;
  std::set<Triple> seen;
  for (const Triple& t : generated) {
    const Triple n = normalized(t);
    if (!seen.insert(n).second) continue;
    const auto found = reference_keys.find(key_of(n, key));
    if (found == reference_keys.end()) continue;
    judged.push_back(JudgedFact{t, reference_set.count(n) > 0, found->second});
  }
  return judged;
}

FactCounts fact_accuracy(const std::vector<Triple>& reference, const std::vector<Triple>& generated, FactKey key) {
  FactCounts counts;
  for (const JudgedFact& f : judge_facts(reference, generated, key)) {
    ++counts.comparable;
    counts.correct += f.correct ? 1 : 0;
  }
  return counts;
}

Result<std::vector<Triple>> parse_triples(const Json& object, const Location& where) {
  const auto found = object.find("triples");
  if (found == object.end()) return record_error(where, "triples", "missing (required)");
  if (!found->is_array()) {
    return record_error(where, "triples", "expected a list of [subject, relation, object], got " +
                                              std::string(found->type_name()));
  }
  std::vector<Triple> triples;
  for (size_t i = 0; i < found->size(); ++i) {
    const Json& t = (*found)[i];
    const std::string field = "triples[" + std::to_string(i) + "]";
    if (!t.is_array() || t.size() != 3) {
      return record_error(where, field, "expected [subject, relation, object], got " +
                                            (t.is_array() ? "a list of " + std::to_string(t.size()) : std::string(t.type_name())));
    }
    Triple triple;
    for (size_t k = 0; k < 3; ++k) {
      if (!t[k].is_string()) {
        return record_error(where, field + "[" + std::to_string(k) + "]",
                            "expected a string, got " + std::string(t[k].type_name()));
      }
      triple[k] = t[k].get<std::string>();
    }
    triples.push_back(std::move(triple));
  }
  return triples;
}

Result<FactEvaluation> evaluate_fact_accuracy(LineReader& reference, LineReader& generated) {
  auto pairs = read_keyed_pairs(reference, generated);
  if (!pairs.ok()) return pairs.error();
  FactEvaluation evaluation;
  for (size_t i = 0; i < pairs.value().gold.size(); ++i) {
    const KeyedLine& r = pairs.value().gold[i];
    const KeyedLine& g = pairs.value().predictions[pairs.value().match[i]];
    auto t = parse_triples(r.object, r.where(reference.name()));
    if (!t.ok()) return t.error();
    auto f = parse_triples(g.object, g.where(generated.name()));
    if (!f.ok()) return f.error();
    FactExample e;
    e.id = r.id.value;
    e.facts = fact_accuracy(t.value(), f.value(), FactKey::kSubjectRelation);
    e.binary = fact_accuracy(t.value(), f.value(), FactKey::kSubjectObject);
    for (auto [pooled, counts] : {std::pair{&evaluation.facts, &e.facts}, {&evaluation.binary, &e.binary}}) {
      pooled->comparable += counts->comparable;
      pooled->correct += counts->correct;
    }
    evaluation.examples.push_back(std::move(e));
  }
  return evaluation;
}

Json fact_example_json(const FactExample& e) {
  Json j = Json::object();
  j["id"] = e.id;
  j["fact_acc"] = accuracy_json(e.facts.accuracy());
  j["comparable"] = e.facts.comparable;
  j["correct"] = e.facts.correct;
  j["binary_acc"] = accuracy_json(e.binary.accuracy());
  j["binary_comparable"] = e.binary.comparable;
  j["binary_correct"] = e.binary.correct;
  return j;
}

std::string fact_signature() { return "fruitbench:" + std::string(kVersion) + "|task:factacc|norm:squad|sets:yes"; }

Json fact_report_json(const FactEvaluation& evaluation) {
  Json j = Json::object();
  j["n"] = evaluation.examples.size();
  j["fact_acc"] = corpus_json(evaluation.facts, evaluation.examples, &FactExample::facts);
  j["binary_acc"] = corpus_json(evaluation.binary, evaluation.examples, &FactExample::binary);
  j["signature"] = fact_signature();
  return j;
}

std::string fact_report_table(const FactEvaluation& evaluation) {
  const Json j = fact_report_json(evaluation);
  const auto cell = [](const Json& v) {
    return table_cell(v.is_null() ? std::nullopt : std::optional<double>(v.get<double>()), 6, 2);
  };
  std::string out = "fact accuracy on " + std::to_string(evaluation.examples.size()) + " examples\n";
  out += "                        micro  macro  defined  judged  correct\n";
  for (const auto& [label, name] : {std::pair{"fact_acc (eq. 1)      ", "fact_acc"}, {"binary_acc (sec 4.3.2)", "binary_acc"}}) {
    const Json& c = j[name];
    char counts[64];
    std::snprintf(counts, sizeof counts, "  %7zu  %6zu  %7zu", c["defined"].get<size_t>(), c["comparable"].get<size_t>(),
                  c["correct"].get<size_t>());
    out += std::string(label) + " " + cell(c["micro"]) + " " + cell(c["macro"]) + counts + "\n";
  }
  out += "signature: " + fact_signature() + "\n";
  return out;
}

std::vector<Triple> table_triples(const EvidenceTable& table) {
  std::vector<Triple> triples;
  for (const auto& row : table.rows) {
    if (row.empty() || squad_normalize(row[0]).empty()) continue;
    for (size_t c = 1; c < row.size() && c < table.header.size(); ++c) {
      if (squad_normalize(row[c]).empty()) continue;
      triples.push_back({row[0], table.header[c], row[c]});
    }
  }
  return triples;
}

std::vector<Triple> stated_table_facts(std::string_view text, const EvidenceTable& table) {
  const std::vector<Triple> facts = table_triples(table);
  std::vector<Triple> stated;
  for (const std::string& sentence : split_sentences(text)) {
    for (const auto& row : table.rows) {
      if (row.empty() || squad_normalize(row[0]).empty() || !occurs_as_words(row[0], sentence)) continue;
      // Every value of every column, as the table states it for some row.
      for (const Triple& fact : facts) {
        if (squad_normalize(fact[2]) == squad_normalize(row[0]) || !occurs_as_words(fact[2], sentence)) continue;
        Triple t{row[0], fact[1], fact[2]};
        if (std::find(stated.begin(), stated.end(), t) == stated.end()) stated.push_back(std::move(t));
      }
    }
  }
  return stated;
}

}  // namespace fruit
