#!/usr/bin/env bash
# End-to-end tests of `fruitbench leaderboard …` and `fruitbench baseline`:
# a benchmark added from the playground's example gold, bundles made,
# checked and built into a site, and bundles that must be rejected — a
# tampered score, a duplicated id, HTML in the metadata, too large, an
# unknown id, a bad sha256 — each with its reason.
# Usage: leaderboard_cli_test.sh PATH/TO/fruitbench PATH/TO/tests
set -u
fruitbench=$1
tests_dir=$2
example_dir="$tests_dir/../web/examples"
# shellcheck source=cli_test_lib.sh
source "$tests_dir/cli_test_lib.sh"
has() { grep -qE -- "$2" "$work/$1" && pass || fail "$3: $1 lacks /$2/: $(head -c 400 "$work/$1")"; }

bench="$work/benchmarks"
subs="$work/submissions"
site="$work/site"
mkdir -p "$subs" "$site/js"
echo '<!doctype html><title>placeholder</title>' >"$site/index.html"
echo '// placeholder' >"$site/js/site.js"
# a linked asset, as leaderboard/site/base.css links to the playground's stylesheet
mkdir -p "$work/shared"
echo '/* shared */' >"$work/shared/base.css"
ln -s ../shared/base.css "$site/base.css"
lb() { "$fruitbench" leaderboard "$@" --benchmarks "$bench"; }

expect "help" 0 "" -- "$fruitbench" leaderboard --help
has out "leaderboard add-benchmark --id ID" "help"
expect "baseline help" 0 "" -- "$fruitbench" baseline --help
expect "no leaderboard command" 2 "Usage" -- "$fruitbench" leaderboard
expect "unknown leaderboard command" 2 "unknown leaderboard command 'frob'" -- "$fruitbench" leaderboard frob
expect "bundle needs options" 2 "needs --benchmark" -- "$fruitbench" leaderboard bundle --out x.json

# A benchmark from the example gold, with an inputs file that matches it.
sed 's/,"targets":.*}$/}/' "$example_dir/gold.jsonl" | sed 's/"normalized_inputs".*//' >"$work/inputs.jsonl"
grep -c inputs "$work/inputs.jsonl" >/dev/null
expect "add-benchmark" 0 "" -- lb add-benchmark --id tiny --name "Tiny examples" --gold "$example_dir/gold.jsonl" \
  --description "The playground's five examples." --license "CC BY 4.0"
has out "wrote .*tiny.json: 5 examples" "add-benchmark"
[ -f "$bench/tiny/gold.jsonl" ] && cmp -s "$bench/tiny/gold.jsonl" "$example_dir/gold.jsonl" && pass || fail "gold not copied"
grep -q '"gold_sha256": "'"$(sha256sum "$example_dir/gold.jsonl" | cut -c1-64)"'"' "$bench/tiny.json" && pass ||
  fail "definition lacks the gold's sha256"
expect "add-benchmark again" 1 "exists \(--force replaces it\)" -- lb add-benchmark --id tiny --name T --gold "$example_dir/gold.jsonl"
head -2 "$example_dir/gold.jsonl" >"$work/gold2.jsonl"
expect "add-benchmark bad inputs" 1 "gold2.jsonl: has 2 lines but the gold has 5" -- lb add-benchmark --id tiny2 \
  --name T --gold "$example_dir/gold.jsonl" --inputs "$work/gold2.jsonl"
expect "add-benchmark bad id" 1 "field 'id'" -- lb add-benchmark --id "bad/id" --name T --gold "$example_dir/gold.jsonl"

# Baselines as predictions, then bundles.
expect "baseline" 0 "" -- "$fruitbench" baseline --input "$example_dir/gold.jsonl" --kind copy-source --out "$work/cs.jsonl"
[ "$(wc -l <"$work/cs.jsonl")" = 5 ] && pass || fail "baseline should write 5 lines"
has cs.jsonl '^\{"id":"harbor-bridge","targets":"\[0\] \[1\] \[2\]"\}$' "baseline output"
expect "baseline bad kind" 2 "--kind" -- "$fruitbench" baseline --input "$example_dir/gold.jsonl" --kind best
cat >"$work/system.json" <<'EOF'
{"name": "Copy Source", "team": "fruitbench", "description": "The article unchanged.", "kind": "baseline",
 "parameters": null, "license": "Apache-2.0", "date": "2026-11-22", "links": {"code": "https://example.org/fruitbench"}}
EOF
sed 's/"Copy Source"/"Example model"/; s/"baseline"/"submission"/' "$work/system.json" >"$work/system-model.json"
expect "bundle copy-source" 0 "" -- lb bundle --benchmark tiny --pred "$work/cs.jsonl" --system "$work/system.json" \
  --out "$subs/copy-source.json"
has out "wrote .*copy-source.json: 5 examples, update_rougeLsum F" "bundle"
expect "bundle example" 0 "" -- lb bundle --benchmark tiny --pred "$example_dir/pred.jsonl" \
  --system "$work/system-model.json" --out "$subs/example.json"
expect "check" 0 "" -- lb check --submissions "$subs"
has out "ok: .*copy-source.json \(tiny, Copy Source\)" "check"
has out "2 of 2 submissions accepted" "check"

# The bundle's scores are `fruitbench score`'s.
"$fruitbench" score --gold "$example_dir/gold.jsonl" --pred "$example_dir/pred.jsonl" --format json >"$work/report.json"
want=$(grep -A3 '"update_rougeLsum"' "$work/report.json" | head -4 | tr -d ' \n')
got=$(grep -A3 '"update_rougeLsum"' "$subs/example.json" | head -4 | tr -d ' \n')
[ "$want" = "$got" ] && pass || fail "bundle scores differ from fruitbench score: $got vs $want"

# Rejected bundles, each with its reason; the check names file, line and field.
mkdir -p "$work/bad"
reject() {  # NAME FILE PATTERN
  expect "$1" 1 "$3" -- lb check "$2"
  has err "rejected: $2" "$1"
}
sed '0,/"fmeasure": /s/"fmeasure": [0-9.e+-]*/"fmeasure": 99.5/' "$subs/example.json" >"$work/bad/tampered.json"
reject "tampered score" "$work/bad/tampered.json" \
  "tampered.json: field 'scores.mean.update_rouge1.fmeasure': claimed 99.5 but recomputed"
sed 's/{"id":"saint-aurel"/{"id":"ostrava-choir"/' "$subs/copy-source.json" >"$work/bad/duplicate.json"
reject "duplicated id" "$work/bad/duplicate.json" "duplicate.json:4: field 'id': duplicate id 'ostrava-choir' \(also on line 2\)"
has err "gold id 'saint-aurel' \(line 4 of .*\) has no prediction" "duplicated id"
sed 's/"name": "Copy Source"/"name": "<img src=x onerror=alert(1)>"/' "$subs/copy-source.json" >"$work/bad/html.json"
reject "HTML in metadata" "$work/bad/html.json" "html.json: field 'system.name': contains '<' or '>'"
sed 's/"description": "The article unchanged."/"description": "see https:\/\/example.org"/' "$subs/copy-source.json" >"$work/bad/url.json"
reject "URL in metadata" "$work/bad/url.json" "field 'system.description': contains a URL"
sed 's/{"id":"saint-aurel"/{"id":"atlantis"/' "$subs/copy-source.json" >"$work/bad/unknown.json"
reject "unknown id" "$work/bad/unknown.json" "unknown.json:4: field 'id': 'atlantis' is not an id of benchmark 'tiny'"
sed 's/"sha256": "[0-9a-f]*"/"sha256": "0000000000000000000000000000000000000000000000000000000000000000"/' "$subs/copy-source.json" >"$work/bad/sha.json"
reject "bad sha256" "$work/bad/sha.json" "sha.json: field 'predictions.sha256': is \"0{64}\" but the predictions' sha256 is"
{ cat "$subs/copy-source.json"; head -c 5000000 /dev/zero | tr '\0' ' '; } >"$work/bad/large.json"
reject "too large bundle" "$work/bad/large.json" "large.json: the bundle is [0-9]+ bytes; at most 4194304 \(4 MiB\)"
long=$(head -c 30000 /dev/zero | tr '\0' 'x')
sed "1s/\"targets\":\"[^\"]*\"/\"normalized_targets\":\"$long\"/" "$work/cs.jsonl" >"$work/long.jsonl"
expect "too long prediction" 1 "long.jsonl:1: field 'normalized_targets': is 30000 characters long; at most" -- \
  lb bundle --benchmark tiny --pred "$work/long.jsonl" --system "$work/system.json" --out "$work/bad/long.json"
[ ! -e "$work/bad/long.json" ] && pass || fail "a rejected bundle was written"
# Every error at once: a tampered score and HTML in one bundle.
sed 's/"name": "Example model"/"name": "<b>x<\/b>"/' "$work/bad/tampered.json" >"$work/bad/two.json"
expect "all errors" 1 "field 'system.name'" -- lb check "$work/bad/two.json"
has err "field 'scores.mean.update_rouge1.fmeasure'" "all errors"
expect "unknown benchmark" 1 "'nope' is not a benchmark" -- lb check \
  <(sed 's/"benchmark": "tiny"/"benchmark": "nope"/' "$subs/copy-source.json")

# Large predictions go beside the bundle, gzipped.
x=$(head -c 600000 /dev/zero | tr '\0' 'x')
printf '{"id":"big","inputs":"[0] A sentence. [CONTEXT] (0) Title %s","targets":"[0] (0) New fact."}\n' "$x" >"$work/big-gold.jsonl"
expect "add big benchmark" 0 "" -- lb add-benchmark --id big --name Big --gold "$work/big-gold.jsonl"
printf '{"id":"big","normalized_targets":"A sentence. New fact. %s %s"}\n' "$x" "$x" >"$work/big-pred.jsonl"
mkdir -p "$work/bigsubs"
expect "bundle with side file" 0 "" -- lb bundle --benchmark big --pred "$work/big-pred.jsonl" --system "$work/system.json" \
  --out "$work/bigsubs/big.json"
has out "and big.pred.jsonl.gz" "bundle with side file"
grep -q '"file": "big.pred.jsonl.gz"' "$work/bigsubs/big.json" && pass || fail "bundle does not name its side file"
gzip -dc "$work/bigsubs/big.pred.jsonl.gz" | cmp -s - "$work/big-pred.jsonl" && pass || fail "side file content"
expect "check side file" 0 "" -- lb check --submissions "$work/bigsubs"
cp "$work/bigsubs/big.pred.jsonl.gz" "$work/saved.gz"
sed 's/New fact/Old fact/' "$work/big-pred.jsonl" | gzip -c >"$work/bigsubs/big.pred.jsonl.gz"
expect "tampered side file" 1 "big.json: field 'predictions.sha256'" -- lb check --submissions "$work/bigsubs"
rm "$work/bigsubs/big.pred.jsonl.gz"
expect "missing side file" 1 "field 'predictions.file': 'big.pred.jsonl.gz' was not found beside the bundle" -- \
  lb check --submissions "$work/bigsubs"
cp "$work/saved.gz" "$work/bigsubs/big.pred.jsonl.gz"

# The site: deterministic, atomic, complete.
expect "build" 0 "" -- lb build --submissions "$subs" --site "$site" --out "$work/site-out"
for f in index.html js/site.js schema/submission.schema.json data/leaderboard.json data/compare/big.json \
  data/compare/tiny.json benchmarks/tiny.json benchmarks/tiny/gold.jsonl submissions/copy-source.json; do
  [ -f "$work/site-out/$f" ] && pass || fail "site lacks $f"
done
grep -q '"submission": "example.json"' "$work/site-out/data/leaderboard.json" && pass || fail "leaderboard.json lacks a row"
grep -q '"tied_with_next"' "$work/site-out/data/leaderboard.json" && pass || fail "leaderboard.json lacks tied_with_next"
grep -q 'fb-diff' "$work/site-out/data/compare/tiny.json" && pass || fail "compare lacks diff HTML"
[ ! -e "$work/site-out.partial" ] && pass || fail "build left out.partial"
# a link is copied as a file, inside the site (never to where it points)
[ -f "$work/site-out/base.css" ] && [ ! -L "$work/site-out/base.css" ] && cmp -s "$work/site-out/base.css" "$work/shared/base.css" \
  && pass || fail "linked asset not copied as a file"
stray=$(find "$work" -name base.css -not -path "$work/shared/*" -not -path "$site/*" -not -path "$work/site-out/*")
[ -z "$stray" ] && pass || fail "linked asset written outside the site: $stray"
cp -r "$work/site-out" "$work/site-first"
expect "build again" 0 "" -- lb build --submissions "$subs" --site "$site" --out "$work/site-out"
diff -r "$work/site-first" "$work/site-out" >/dev/null && pass || fail "two builds differ"
cp "$work/bad/tampered.json" "$subs/"
expect "build rejects" 1 "nothing built" -- lb build --submissions "$subs" --site "$site" --out "$work/site-out"
diff -r "$work/site-first" "$work/site-out" >/dev/null && pass || fail "a failed build changed the site"
rm "$subs/tampered.json"
mkdir -p "$work/precious" && echo keep >"$work/precious/file"
expect "build refuses other folder" 3 "is not a fruitbench site" -- lb build --submissions "$subs" --site "$site" --out "$work/precious"
expect "build needs site" 3 "does not exist" -- lb build --submissions "$subs" --site "$work/nosite" --out "$work/site-out2"

echo "leaderboard cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
