#!/usr/bin/env bash
# End-to-end tests of the fruitbench CLI: exit codes, output contract, and
# that bad input is rejected with file, line and field and writes nothing.
# Usage: cli_test.sh PATH/TO/fruitbench PATH/TO/tests
set -u
fruitbench=$1
tests_dir=$2
example_dir="$tests_dir/../web/examples"
# shellcheck source=cli_test_lib.sh
source "$tests_dir/cli_test_lib.sh"

# Rejected input must print no report and leave no per-example file.
expect_rejected() {
  local name=$1 gold=$2 pred=$3 pattern=$4
  rm -f "$work/per.jsonl"
  expect "$name" 1 "$pattern" -- "$fruitbench" score --gold "$gold" --pred "$pred" --per-example "$work/per.jsonl"
  if [ -s "$work/out" ]; then fail "$name: printed a report despite the error"; else pass; fi
  if [ -e "$work/per.jsonl" ] || ls "$work"/per.jsonl.* >/dev/null 2>&1; then
    fail "$name: left a per-example file behind"
  else
    pass
  fi
}

gold="$example_dir/gold.jsonl"
pred="$example_dir/pred.jsonl"

expect "help" 0 "" -- "$fruitbench" --help
grep -q "fruitbench score --gold" "$work/out" && pass || fail "help text lacks the score usage"
expect "no arguments" 2 "Usage" -- "$fruitbench"
expect "unknown command" 2 "unknown command 'frobnicate'" -- "$fruitbench" frobnicate
expect "unknown option" 2 "unknown option --colour" -- "$fruitbench" score --gold "$gold" --pred "$pred" --colour
expect "bad format" 2 "--format" -- "$fruitbench" score --gold "$gold" --pred "$pred" --format xml
expect "missing file" 3 "cannot open $work/nope.jsonl" -- "$fruitbench" score --gold "$work/nope.jsonl" --pred "$pred"

# The output contract.
expect "score json" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$pred" --format json --per-example "$work/per.jsonl"
cp "$work/out" "$work/report.json"
for key in '"n": 5' '"mean": \{' '"bootstrap": \{' '"signature": "fruitbench:' '"warnings": \[' '"exact_match": 20.0'; do
  grep -qE "$key" "$work/report.json" && pass || fail "report lacks $key"
done
[ "$(wc -l <"$work/per.jsonl")" = 5 ] && pass || fail "per-example file should have 5 lines"
first_keys=$(head -1 "$work/per.jsonl" | grep -oE '"[a-zA-Z_0-9]+":' | tr -d '":' | tr '\n' ' ')
want_keys="id update_rouge1 precision recall fmeasure update_rouge2 precision recall fmeasure update_rougeLsum precision recall fmeasure rouge1 precision recall fmeasure rouge2 precision recall fmeasure rougeL precision recall fmeasure exact_match unsupported_entity_tokens entity_precision entity_recall "
[ "$first_keys" = "$want_keys" ] && pass || fail "per-example keys/order: $first_keys"
[ ! -e "$work/per.jsonl.partial" ] && pass || fail "partial file left after success"

expect "score stdin" 0 "" -- sh -c "\"$fruitbench\" score --gold \"$gold\" --pred - --format json <\"$pred\""
cmp -s "$work/out" "$work/report.json" && pass || fail "reading predictions from stdin changed the report"
expect "score table" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$pred"
grep -qE "^update_rouge1 +[0-9.]+ +[0-9.]+ +[0-9.]+" "$work/out" && pass || fail "table lacks update_rouge1 row"
expect "same seed, same report" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$pred" --format json
cmp -s "$work/out" "$work/report.json" && pass || fail "two runs with the same seed differ"
expect "other seed" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$pred" --format json --seed 7
grep -q '"seed:7' "$work/out" || grep -q 'seed:7|' "$work/out" && pass || fail "signature does not show the seed"
expect "no bootstrap" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$pred" --format json --bootstrap 0
grep -q '"bootstrap": null' "$work/out" && pass || fail "--bootstrap 0 should give bootstrap null"

# Faithfulness (core/faithfulness.h) on tests/fixtures/faithfulness, hand-computed:
#   t: gold adds "In 2023 he joined AV Zwaluwen." -> G = {2023, AV, Zwaluwen}; the prediction adds "In 2023 he
#      joined Zwaluwen Deventer and ran 3:59.48 for Zwaluwen." -> tokens 2023, Zwaluwen, Deventer, 3:59.48,
#      Zwaluwen; the evidence has all but Deventer -> 1 unsupported; P = {2023, 3:59.48, Deventer, Zwaluwen},
#      P n G = {2023, Zwaluwen}: precision 2/4 = 50, recall 2/3 = 66.666...
#   b: the prediction copies the source: adds nothing -> 0 unsupported, precision null (P empty),
#      G = {2021, 7,688} -> recall 0.
#   means: unsupported (1 + 0) / 2 = 0.5; precision 50 over 1 example; recall (66.67 + 0) / 2 = 33.33 over 2.
faith_gold="$tests_dir/fixtures/faithfulness/gold.jsonl"
faith_pred="$tests_dir/fixtures/faithfulness/pred.jsonl"
expect "faithfulness json" 0 "" -- "$fruitbench" score --gold "$faith_gold" --pred "$faith_pred" \
  --format json --bootstrap 0 --per-example "$work/faith.per.jsonl"
grep -qF '"exact_match":0,"unsupported_entity_tokens":1,"entity_precision":50.0,"entity_recall":66.66666666666666}' "$work/faith.per.jsonl" \
  && pass || fail "faithfulness per-example t: $(head -1 "$work/faith.per.jsonl")"
grep -qF '"exact_match":0,"unsupported_entity_tokens":0,"entity_precision":null,"entity_recall":0.0}' "$work/faith.per.jsonl" \
  && pass || fail "faithfulness per-example b: $(tail -1 "$work/faith.per.jsonl")"
for key in '"unsupported_entity_tokens": 0.5,' '"entity_precision": 50.0,' '"entity_recall": 33.33333333333333' \
  '"defined": \{' '"entity_precision": 1,' '"entity_recall": 2' '\|ent:fruit-entity-v1\|'; do
  grep -qE "$key" "$work/out" && pass || fail "faithfulness report lacks $key"
done
expect "faithfulness table" 0 "" -- "$fruitbench" score --gold "$faith_gold" --pred "$faith_pred" --bootstrap 0
grep -qxE "unsupported_entity_tokens +0\.50 +2" "$work/out" && pass || fail "table: unsupported row"
grep -qxE "entity_precision +50\.00 +1" "$work/out" && pass || fail "table: precision row"
grep -qxE "entity_recall +33\.33 +2" "$work/out" && pass || fail "table: recall row"

# Bad input: each names file, line and field; nothing is written.
printf '%s\n' "$(sed -n 1p "$pred")" '{"id": "ostrava-choir", "normalized_targets": ' >"$work/broken.jsonl"
expect_rejected "broken json" "$gold" "$work/broken.jsonl" "broken.jsonl:2: invalid JSON"
sed -n 1,2p "$pred" >"$work/short.jsonl"
expect_rejected "missing prediction" "$gold" "$work/short.jsonl" "gold.jsonl:3: field 'id': 'mirek-novak' has no prediction"
{ cat "$pred"; echo '{"id": "unknown-article", "normalized_targets": "x"}'; } >"$work/extra.jsonl"
expect_rejected "unknown id" "$gold" "$work/extra.jsonl" "extra.jsonl:6: field 'id': 'unknown-article' is not an id of"
{ cat "$pred"; sed -n 2p "$pred"; } >"$work/dup.jsonl"
expect_rejected "duplicate id" "$gold" "$work/dup.jsonl" "dup.jsonl:6: field 'id': duplicate id 'ostrava-choir'"
sed 's/"targets": /"output": /' "$pred" >"$work/nofield.jsonl"
expect_rejected "missing field" "$gold" "$work/nofield.jsonl" "nofield.jsonl:1: field 'normalized_targets': missing"
sed '2s/\[CONTEXT\]/[CTX]/' "$gold" >"$work/nocontext.jsonl"
expect_rejected "no context" "$work/nocontext.jsonl" "$pred" "nocontext.jsonl:2: field 'inputs': no \[CONTEXT\]"
{ sed -n 1p "$pred"; printf '{"id": "ostrava-choir", "normalized_targets": "caf\xe9"}\n'; sed -n 3,5p "$pred"; } >"$work/latin1.jsonl"
expect_rejected "invalid utf-8" "$gold" "$work/latin1.jsonl" "latin1.jsonl:2: invalid UTF-8"
sed '3s/"targets"/"targets": 5, "x"/' "$pred" >"$work/type.jsonl"
expect_rejected "wrong type" "$gold" "$work/type.jsonl" "type.jsonl:3: field 'targets': expected a string, got number"
{ sed -n 1,2p "$pred"; echo; sed -n 3,5p "$pred"; } >"$work/blank.jsonl"
expect_rejected "blank line" "$gold" "$work/blank.jsonl" "blank.jsonl:3: empty line"

# validate: EDIT5 well-formedness per line.
sed '1s/"targets": "\[0\] \[1\]/"targets": "[1] [0] [9]/' "$pred" >"$work/edit5.jsonl"
expect "validate bad edit5" 1 "edit5.jsonl:1: field 'targets': copy-out-of-order" -- "$fruitbench" validate --gold "$gold" --pred "$work/edit5.jsonl"
grep -q "copy-out-of-range" "$work/err" && pass || fail "validate should report copy-out-of-range"
expect "validate ok" 0 "" -- "$fruitbench" validate --gold "$gold" --pred "$pred"
grep -q "ok: 5 examples" "$work/out" && pass || fail "validate ok message"

# normalize and apply agree with scoring EDIT5 predictions directly.
expect "apply" 0 "" -- "$fruitbench" apply --input "$gold" --pred "$pred" --output "$work/applied.jsonl"
expect "score applied" 0 "" -- "$fruitbench" score --gold "$gold" --pred "$work/applied.jsonl" --format json
cmp -s "$work/out" "$work/report.json" && pass || fail "applied predictions score differently from raw EDIT5"
expect "normalize text" 0 "" -- "$fruitbench" normalize --inputs "[0] A b. [1] C d. [CONTEXT] (0) E" --edit "[0] (0) New (2012) fact. [7]"
grep -qF '"normalized_targets":"A b. New fact."' "$work/out" && pass || fail "normalize text output: $(cat "$work/out")"
grep -q "copy token \[7\] dropped" "$work/err" && pass || fail "normalize should warn about [7]"
expect "normalize file" 0 "" -- "$fruitbench" normalize "$gold"
cmp -s "$work/out" "$gold" && pass || fail "normalizing the (normalized) example gold file should reproduce it"

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
