// Fact accuracy (Goodrich et al., "Assessing The Factual Accuracy of
// Generated Text", KDD 2019): how many of the facts a generated text states
// agree with a reference, when both are given as (subject, relation,
// object) triples, e.g. from any relation extractor.
//
// Equation 1: with F_T and F_G the reference's and the generated text's
// triples, F_T' and F_G' keep only the triples whose (subject, relation)
// occurs on both sides, and
//     fact_acc = |F_T' ∩ F_G'| / |F_G'|
// (a generated fact is judged only when the reference says something about
// the same subject and relation). The binary-relation variant (section
// 4.3.2) keys on the entity pair instead: F_T'' and F_G'' keep the triples
// whose (subject, object) occurs on both sides, and the relation is compared:
//     binary_acc = |F_T'' ∩ F_G''| / |F_G''|.
//
// Strings are compared after SQuAD's answer normalization (squad_normalize.h:
// ASCII lowercase, no ASCII punctuation, no articles, single spaces);
// triples are sets, so a fact stated twice counts once. Scores are 0..100.
// With nothing to judge (|F_G'| = 0: an empty side, or no shared key) the
// accuracy is undefined: null, not 0.
//
//   T = {(Ana Lind, born, 1990), (Ana Lind, team, Orfeus)}
//   G = {(ana lind, born, 1991), (Ana Lind, team, Orfeus), (Bo, born, 2000)}
//   eq. 1:  F_G' = {born 1991, team Orfeus}, correct: team -> 1/2 = 50
//   binary: F_G'' = {(Ana Lind, Orfeus)}, relation team = team -> 1/1 = 100
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "evaluate.h"  // LineReader
#include "fruit_format.h"
#include "linearize.h"  // EvidenceTable
#include "status.h"

namespace fruit {

using Triple = std::array<std::string, 3>;  // subject, relation, object

enum class FactKey {
  kSubjectRelation,  // equation 1
  kSubjectObject,    // the binary-relation variant, section 4.3.2
};

// A generated triple that has something to be judged against.
struct JudgedFact {
  Triple triple;                      // as generated (first occurrence)
  bool correct = false;               // also stated by the reference
  std::vector<std::string> expected;  // what the reference says for the key: objects (eq. 1) or relations
};

// The comparable generated facts (F_G' or F_G''), in generated order.
std::vector<JudgedFact> judge_facts(const std::vector<Triple>& reference, const std::vector<Triple>& generated,
                                    FactKey key);

struct FactCounts {
  size_t comparable = 0;  // |F_G'|
  size_t correct = 0;     // |F_T' ∩ F_G'|
  std::optional<double> accuracy() const;  // 100 * correct / comparable; nullopt when comparable is 0
};
FactCounts fact_accuracy(const std::vector<Triple>& reference, const std::vector<Triple>& generated, FactKey key);

// The "triples" field of a line: a list of [subject, relation, object]
// string lists (possibly empty); errors name e.g. "triples[2][1]".
Result<std::vector<Triple>> parse_triples(const Json& object, const Location& where);

// `fruitbench score --task factacc --gold REFERENCE --pred GENERATED`:
// lines {"id", "triples": [[s, r, o], ...]} in both files, paired by id.
struct FactExample {
  Json id;
  FactCounts facts, binary;
};
struct FactEvaluation {
  std::vector<FactExample> examples;  // reference order
  FactCounts facts, binary;           // pooled over examples
};
Result<FactEvaluation> evaluate_fact_accuracy(LineReader& reference, LineReader& generated);

// {"id", "fact_acc", "comparable", "correct", "binary_acc", "binary_comparable", "binary_correct"}
Json fact_example_json(const FactExample& example);
// {"n", "fact_acc": {"micro", "macro", "defined", "comparable", "correct"}, "binary_acc": {...}, "signature"}:
// micro pools the counts of all examples; macro is the mean of the defined
// per-example values, `defined` their number.
Json fact_report_json(const FactEvaluation& evaluation);
std::string fact_report_table(const FactEvaluation& evaluation);
// "fruitbench:0.1.0|task:factacc|norm:squad|sets:yes"
std::string fact_signature();

// The playground's view of table evidence as facts: every cell of a row
// under a header gives (row key = the row's first cell, column header,
// cell); rows with an empty first cell, empty cells and cells without a
// header give none.
std::vector<Triple> table_triples(const EvidenceTable& table);

// The table facts a text states, as a minimal extractor: a sentence states
// (k, h, v) when it contains the row key k and a value v that column h takes
// in some row of the table (both as whole words after normalization; v not
// equal to k). judge_facts(table_triples(t), stated_table_facts(text, t),
// FactKey::kSubjectRelation) then tells which are stated correctly.
std::vector<Triple> stated_table_facts(std::string_view text, const EvidenceTable& table);

}  // namespace fruit
