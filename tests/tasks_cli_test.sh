#!/usr/bin/env bash
# End-to-end tests of the task commands beside FRUIT: score --task diffqg
# and factacc, baseline --task diffqg, correlate. Hand-computed values are
# in core/diffqg_test.cc, core/fact_accuracy_test.cc, core/correlation_test.cc;
# here: the output contract, exit codes, errors naming file, line and field.
# Usage: tasks_cli_test.sh PATH/TO/fruitbench PATH/TO/tests
set -u
fruitbench=$1
tests_dir=$2
fixtures="$tests_dir/fixtures/tasks"
# shellcheck source=cli_test_lib.sh
source "$tests_dir/cli_test_lib.sh"

gold="$fixtures/diffqg.gold.jsonl"
pred="$fixtures/diffqg.pred.jsonl"

expect "diffqg json" 0 "" -- "$fruitbench" score --task diffqg --gold "$gold" --pred "$pred" --format json --bootstrap 0 \
  --per-example "$work/per.jsonl"
# All 4: accuracy 50, P = R = F1 = 50; questions e1 (80) and e2 (0): mean 40 (core/diffqg_test.cc).
for key in '"n": 4' '"task": "diffqg"' '"change_accuracy": 50.0' '"change_f1": 50.0' '"qg_rouge1": 40.00000000000001' \
  '"human_change_accuracy": 100.0' '"bootstrap": null' '"signature": "fruitbench:0.1.0\|task:diffqg\|'; do
  grep -qE "$key" "$work/out" && pass || fail "diffqg report lacks $key"
done
[ "$(wc -l <"$work/per.jsonl")" = 4 ] && pass || fail "diffqg per-example file should have 4 lines"
grep -q '{"id":"e3","label":"Reject","gold_change":false,"change":true,"correct":false,"qg_rouge1":null' "$work/per.jsonl" \
  && pass || fail "diffqg per-example line of e3"
expect "diffqg table" 0 "" -- "$fruitbench" score --task diffqg --gold "$gold" --pred "$pred"
grep -qE "^change_f1 +50.00 +\[" "$work/out" && pass || fail "diffqg table lacks the change_f1 row"

expect "diffqg unknown id" 1 "p.jsonl:1: field 'id': 'zz' is not an id of" -- sh -c \
  "printf '{\"id\": \"zz\", \"change\": true}\n' >\"$work/p.jsonl\"; \"$fruitbench\" score --task diffqg --gold \"$gold\" --pred \"$work/p.jsonl\" --per-example \"$work/bad.jsonl\""
[ ! -e "$work/bad.jsonl" ] && pass || fail "a rejected run wrote a per-example file"
expect "diffqg bad change" 1 "field 'change': expected true or false, got string" -- sh -c \
  "sed 's/\"change\": false/\"change\": \"no\"/' \"$pred\" >\"$work/p2.jsonl\"; \"$fruitbench\" score --task diffqg --gold \"$gold\" --pred \"$work/p2.jsonl\""
expect "unknown task" 2 "--task is 'fruit', 'diffqg' or 'factacc'" -- "$fruitbench" score --task qa --gold "$gold" --pred "$pred"
expect "task fruit" 0 "" -- "$fruitbench" score --task fruit --gold "$tests_dir/../web/examples/gold.jsonl" \
  --pred "$tests_dir/../web/examples/pred.jsonl" --bootstrap 0

expect "overlapping answer" 0 "" -- "$fruitbench" baseline --task diffqg --input "$gold"
want='{"id":"e1","change":true,"question":null}
{"id":"e2","change":true,"question":null}
{"id":"e3","change":true,"question":null}
{"id":"e4","change":false,"question":null}'
[ "$(cat "$work/out")" = "$want" ] && pass || fail "overlapping answer baseline output: $(cat "$work/out")"

expect "factacc json" 0 "" -- "$fruitbench" score --task factacc --gold "$fixtures/triples.reference.jsonl" \
  --pred "$fixtures/triples.generated.jsonl" --format json --per-example "$work/facts.jsonl"
# micro (1 + 1) / (2 + 1) = 66.67, macro (50 + 100) / 2 = 75 (core/fact_accuracy_test.cc).
for key in '"micro": 66.66666666666667' '"macro": 75.0' '"defined": 2'; do
  grep -qE "$key" "$work/out" && pass || fail "factacc report lacks $key"
done
grep -q '"id":"e2","fact_acc":null' "$work/facts.jsonl" && pass || fail "factacc: e2 should be undefined"

# correlate: per-example full_rougeL of e1, e2 (80, 0) against Accept=1, Reject=0; e3, e4 have null metrics.
expect "correlate" 0 "" -- "$fruitbench" correlate --scores "$work/per.jsonl" --human "$fixtures/ratings.jsonl" \
  --metric full_rougeL --human-field label --labels Accept=1,Edit=0.5,Reject=0 --format json --bootstrap 0
for key in '"n": 2' '"null_metric": 2' '"value": 1.0'; do
  grep -qE "$key" "$work/out" && pass || fail "correlate report lacks $key"
done
expect "correlate label without number" 1 "ratings.jsonl:3: field 'label': label \"Edit\" has no number" -- \
  "$fruitbench" correlate --scores "$work/per.jsonl" --human "$fixtures/ratings.jsonl" --metric full_rougeL \
  --human-field label --labels Accept=1,Reject=0
expect "correlate bad labels" 2 "--labels" -- "$fruitbench" correlate --scores "$work/per.jsonl" \
  --human "$fixtures/ratings.jsonl" --labels Accept
expect "correlate missing metric" 1 "field 'update_rougeLsum': missing" -- "$fruitbench" correlate \
  --scores "$work/per.jsonl" --human "$fixtures/ratings.jsonl" --human-field label --labels Accept=1,Edit=2,Reject=0

# The DiffQG benchmark's committed baseline bundle: accepted as is, rejected with one number or one
# prediction changed (every score is recomputed).
repo="$tests_dir/.."
bundle="$repo/leaderboard/submissions/diffqg-overlapping-answer.json"
expect "diffqg bundle accepted" 0 "" -- "$fruitbench" leaderboard check --benchmarks "$repo/leaderboard/benchmarks" "$bundle"
grep -q "ok: .*diffqg-overlapping-answer.json (diffqg-wiki-v1, Overlapping Answer): full_rougeL F 0" "$work/out" \
  && pass || fail "check output for the DiffQG bundle: $(cat "$work/out")"
sed 's/"change_f1": [0-9][0-9.]*/"change_f1": 99.5/' "$bundle" >"$work/tampered.json"
expect "diffqg tampered score" 1 "field 'scores.mean.change_f1': claimed 99.5 but recomputed 80" -- \
  "$fruitbench" leaderboard check --benchmarks "$repo/leaderboard/benchmarks" "$work/tampered.json"
sed '0,/"change":true/s//"change":"yes"/' "$bundle" >"$work/tampered2.json"
expect "diffqg bad prediction" 1 "field 'change': expected true or false" -- \
  "$fruitbench" leaderboard check --benchmarks "$repo/leaderboard/benchmarks" "$work/tampered2.json"

echo "tasks CLI: $passed passed, $failed failed"
[ "$failed" = 0 ]
