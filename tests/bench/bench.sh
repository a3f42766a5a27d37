#!/usr/bin/env bash
# fruitbench benchmark (not a test): generates a large synthetic FRUIT file,
# scores it, and prints examples/s and peak memory at two file sizes; when
# the official reference implementation is available locally, times it on
# the same data and prints the speed ratio. See tests/bench/README.md.
#
#   bash tests/bench/bench.sh [--n N] [--seed S] [--reference-n K]
#                             [--reference-full] [--repeat R] [--rebuild]
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bash tests/bench/bench.sh [options]

  --n N             examples in the large file (default 50000); fruitbench is
                    also timed on its first 10000 to show memory is flat
  --seed S          generator seed (default 1)
  --reference-n K   time fruitbench and the reference on the first K examples
                    (default 2000; 0 skips the reference)
  --reference-full  also time the reference on all N examples (slow: about
                    20 minutes per 50000 examples)
  --repeat R        runs per fruitbench timing; the median is shown (default 1
                    for the large files, at least 5 for the reference prefix)
  --rebuild         rebuild fruitbench even if the binary exists

environment:
  FRUITBENCH_BUILD_DIR    build directory (default <repo>/build); the data is
                          cached in its bench-data/ folder
  FRUIT_REFERENCE_DIR     official reference (default /work/ref)
  FRUIT_REFERENCE_PYTHON  Python for the reference (default /usr/bin/python3)
EOF
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/tests/bench"
COMMAND="bash tests/bench/bench.sh"
for arg in "$@"; do COMMAND+=" $(printf '%q' "$arg")"; done

N=50000
SEED=1
REF_N=2000
REF_FULL=0
REPEAT=1
REBUILD=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --n) N="${2:?--n needs a value}"; shift 2 ;;
    --seed) SEED="${2:?--seed needs a value}"; shift 2 ;;
    --reference-n) REF_N="${2:?--reference-n needs a value}"; shift 2 ;;
    --reference-full) REF_FULL=1; shift ;;
    --repeat) REPEAT="${2:?--repeat needs a value}"; shift 2 ;;
    --rebuild) REBUILD=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
for value in "$N" "$SEED" "$REF_N" "$REPEAT"; do
  [[ "$value" =~ ^[0-9]+$ ]] || { echo "bench.sh: '$value' is not a whole number" >&2; exit 2; }
done
(( N >= 1 )) || { echo "bench.sh: --n must be at least 1" >&2; exit 2; }
(( REPEAT >= 1 )) || REPEAT=1
(( REF_N <= N )) || REF_N=$N

BUILD_DIR="${FRUITBENCH_BUILD_DIR:-$ROOT/build}"
FB="$BUILD_DIR/fruitbench"
REF_DIR="${FRUIT_REFERENCE_DIR:-/work/ref}"
PYTHON="${FRUIT_REFERENCE_PYTHON:-/usr/bin/python3}"
# Single-threaded, whole process, for both sides. fruitbench uses one thread
# anyway; this keeps numpy's BLAS from spreading out in the reference.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1

section() { printf '\n== %s ==\n' "$*"; }
note() { printf '   %s\n' "$*"; }

# --- tools -----------------------------------------------------------------

command -v node >/dev/null || { echo "bench.sh: needs Node.js (18 or newer) to generate the data" >&2; exit 1; }
if [[ ! -x /usr/bin/time ]]; then
  echo "bench.sh: /usr/bin/time is missing; installing the 'time' package" >&2
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    apt-get install -y -qq time >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq time >/dev/null; }
  fi
  [[ -x /usr/bin/time ]] || { echo "bench.sh: please install GNU time (apt-get install time)" >&2; exit 1; }
fi

# --- build -----------------------------------------------------------------

if [[ ! -x "$FB" || $REBUILD -eq 1 ]]; then
  section "building fruitbench (Release) in $BUILD_DIR"
  cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" -j2 --target fruitbench >/dev/null
fi
BUILD_TYPE="$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$BUILD_DIR/CMakeCache.txt" 2>/dev/null || true)"
if [[ "$BUILD_TYPE" != "Release" ]]; then
  echo "bench.sh: warning: $BUILD_DIR is a '${BUILD_TYPE:-unknown}' build, not Release; figures are not representative" >&2
fi
FB_VERSION="$("$FB" --version 2>/dev/null | head -n 1 || echo unknown)"

# --- data --------------------------------------------------------------------

GEN_HASH="$(sha256sum "$HERE/make_bench_data.js" | cut -c1-10)"
DATA_ROOT="$BUILD_DIR/bench-data"
data_dir() { echo "$DATA_ROOT/n$1-seed$SEED-gen$GEN_HASH"; }

# ensure_data SIZE: the SIZE-example files, made by the generator for N and
# cut from the N files for smaller sizes (the generator is prefix-stable:
# the first K lines of the N-example file are the K-example file).
ensure_data() {
  local size=$1 dir tmp
  dir="$(data_dir "$size")"
  [[ -s "$dir/gold.jsonl" && -s "$dir/pred.jsonl" ]] && return 0
  tmp="$dir.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  if (( size == N )); then
    echo "generating $size examples (seed $SEED) in $dir ..." >&2
    node "$HERE/make_bench_data.js" --n "$size" --seed "$SEED" --out-dir "$tmp"
  else
    ensure_data "$N"
    head -n "$size" "$(data_dir "$N")/gold.jsonl" > "$tmp/gold.jsonl"
    head -n "$size" "$(data_dir "$N")/pred.jsonl" > "$tmp/pred.jsonl"
  fi
  rm -rf "$dir"
  mv "$tmp" "$dir"
}

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/fruitbench-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# json FILE EXPR: evaluates a JavaScript expression on the JSON in FILE (as j).
json() { node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const v = eval(process.argv[2]); console.log(typeof v === "object" ? JSON.stringify(v) : v);' "$1" "$2"; }
calc() { node -e 'console.log(eval(process.argv[1]))' "$1"; }
fmt() { node -e 'const [x, d] = process.argv.slice(1); console.log(Number(x).toFixed(Number(d)))' "$1" "$2"; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
file_mb() { calc "($(stat -c %s "$1") / 1048576).toFixed(1)"; }

# timed OUT TIMEFILE CMD...: runs CMD with stdout to OUT under /usr/bin/time;
# TIMEFILE gets "wall_seconds peak_rss_kb user_seconds system_seconds".
timed() {
  local out=$1 timefile=$2
  shift 2
  if ! /usr/bin/time -f '%e %M %U %S' -o "$timefile" "$@" > "$out"; then
    echo "bench.sh: command failed: $*" >&2
    tail -n 5 "$timefile" >&2 || true
    return 1
  fi
}

# run_fruitbench SIZE RUNS TAG: times `fruitbench score` RUNS times; sets
# FB_WALL (median), FB_RSS_KB (max), FB_CPU (median user+sys), FB_JSON.
run_fruitbench() {
  local size=$1 runs=$2 tag=$3 dir i walls=() rss=0 cpus=() w m u s
  dir="$(data_dir "$size")"
  FB_JSON="$WORK/fruitbench-$tag.json"
  for ((i = 0; i < runs; i++)); do
    timed "$FB_JSON" "$WORK/time-$tag" "$FB" score --gold "$dir/gold.jsonl" --pred "$dir/pred.jsonl" --format json --quiet
    read -r w m u s < <(tail -n 1 "$WORK/time-$tag")
    walls+=("$w")
    cpus+=("$(calc "($u + $s).toFixed(2)")")
    (( m > rss )) && rss=$m
  done
  FB_WALL="$(median "${walls[@]}")"
  FB_CPU="$(median "${cpus[@]}")"
  FB_RSS_KB=$rss
}

# --- fruitbench at two sizes ---------------------------------------------------

SIZES=()
(( N > 10000 )) && SIZES+=(10000)
SIZES+=("$N")
for size in "${SIZES[@]}"; do ensure_data "$size"; done

section "$FB_VERSION ($FB, ${BUILD_TYPE:-?} build): score --format json (bootstrap 1000, default)"
printf '   %9s %10s %10s %9s %9s %12s %12s\n' examples "gold MB" "pred MB" "wall s" "cpu s" examples/s "peak RSS MB"
declare -A WALL RSS EPS CPU
for size in "${SIZES[@]}"; do
  run_fruitbench "$size" "$REPEAT" "n$size"
  WALL[$size]=$FB_WALL
  RSS[$size]=$(calc "($FB_RSS_KB / 1024).toFixed(1)")
  EPS[$size]=$(calc "Math.round($size / Math.max($FB_WALL, 0.01))")
  CPU[$size]=$FB_CPU
  printf '   %9s %10s %10s %9s %9s %12s %12s\n' "$size" "$(file_mb "$(data_dir "$size")/gold.jsonl")" \
    "$(file_mb "$(data_dir "$size")/pred.jsonl")" "$FB_WALL" "$FB_CPU" "${EPS[$size]}" "${RSS[$size]}"
done
if (( ${#SIZES[@]} == 2 )); then
  small=${SIZES[0]} large=${SIZES[1]}
  MEMORY_LINE="peak RSS ${RSS[$small]} MB at $small examples, ${RSS[$large]} MB at $large ($(calc "(${RSS[$large]} / ${RSS[$small]}).toFixed(2)")x for $(calc "($large / $small).toFixed(1)")x the data; $(calc "Math.round((${RSS[$large]} - ${RSS[$small]}) * 1048576 / ($large - $small))") bytes per extra example)"
  note "$MEMORY_LINE"
  note "(texts are streamed; what grows is the per-example scores kept for the bootstrap and the id sets)"
else
  MEMORY_LINE="peak RSS ${RSS[$N]} MB at $N examples"
fi
note "runs per size: $REPEAT (median shown); cpu = user + system time"

# --- reference --------------------------------------------------------------------

REF_LINES=()
reference_usable() {
  [[ -f "$REF_DIR/language/fruit/rendering_utils.py" && -f "$REF_DIR/language/fruit/metrics.py" ]] || return 1
  [[ -x "$PYTHON" ]] || return 1
  FRUIT_REFERENCE_DIR="$REF_DIR" "$PYTHON" "$HERE/reference_score.py" --check >/dev/null 2>"$WORK/ref-check.err"
}

if (( REF_N == 0 )); then
  section "reference: skipped (--reference-n 0)"
  REF_LINES+=("reference: skipped (--reference-n 0)")
elif ! reference_usable; then
  section "reference: not available, skipped"
  note "No usable official implementation in FRUIT_REFERENCE_DIR=$REF_DIR (with $PYTHON)."
  [[ -s "$WORK/ref-check.err" ]] && note "import error: $(tail -n 1 "$WORK/ref-check.err")"
  note "To time it, set FRUIT_REFERENCE_DIR to a folder laid out as described in"
  note "tests/conformance/README.md: language/fruit/{metrics,rendering_utils}.py from"
  note "google-research/language, the rouge package (rouge_score) from"
  note "google-research/google-research as rouge/, and stubs/ for tensorflow and seqio;"
  note "the Python (FRUIT_REFERENCE_PYTHON) needs absl, numpy, nltk, six and"
  note "typing-extensions (Debian: python3-absl python3-nltk python3-numpy python3-six"
  note "python3-typing-extensions)."
  REF_LINES+=("reference: not available (FRUIT_REFERENCE_DIR=$REF_DIR); see tests/conformance/README.md")
else
  ensure_data "$REF_N"
  ref_dir_data="$(data_dir "$REF_N")"
  section "reference vs fruitbench on the first $REF_N examples (whole process each, single-threaded)"
  note "reference: $REF_DIR with $("$PYTHON" --version 2>&1)"

  prefix_runs=$(( REPEAT > 5 ? REPEAT : 5 ))
  run_fruitbench "$REF_N" "$prefix_runs" "prefix"
  fb_prefix_wall=$FB_WALL
  fb_prefix_cpu=$FB_CPU
  fb_prefix_rss=$(calc "($FB_RSS_KB / 1024).toFixed(1)")
  fb_prefix_json=$FB_JSON

  echo "   timing the reference (all metrics) on $REF_N examples ..." >&2
  timed "$WORK/ref-all.json" "$WORK/time-ref-all" env FRUIT_REFERENCE_DIR="$REF_DIR" \
    "$PYTHON" "$HERE/reference_score.py" --gold "$ref_dir_data/gold.jsonl" --pred "$ref_dir_data/pred.jsonl" --metrics all
  read -r ref_wall ref_rss_kb u s < <(tail -n 1 "$WORK/time-ref-all")
  ref_cpu=$(calc "($u + $s).toFixed(2)")
  echo "   timing the reference (official metric only) on $REF_N examples ..." >&2
  timed "$WORK/ref-update.json" "$WORK/time-ref-update" env FRUIT_REFERENCE_DIR="$REF_DIR" \
    "$PYTHON" "$HERE/reference_score.py" --gold "$ref_dir_data/gold.jsonl" --pred "$ref_dir_data/pred.jsonl" --metrics update
  read -r refu_wall refu_rss_kb u s < <(tail -n 1 "$WORK/time-ref-update")
  refu_cpu=$(calc "($u + $s).toFixed(2)")

  ratio=$(calc "($ref_wall / Math.max($fb_prefix_wall, 0.01)).toFixed(0)")
  ratio_update=$(calc "($refu_wall / Math.max($fb_prefix_wall, 0.01)).toFixed(1)")
  ratio_cpu=$(calc "($ref_cpu / Math.max($fb_prefix_cpu, 0.01)).toFixed(0)")
  # Same numbers? Largest difference between the plain means (0-100).
  max_diff=$(node -e '
    const fs = require("fs");
    const fb = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).mean;
    const ref = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).mean;
    let d = 0;
    for (const [k, v] of Object.entries(fb)) {
      if (typeof v === "number") d = Math.max(d, Math.abs(v - ref[k]));
      else for (const f of ["precision", "recall", "fmeasure"]) d = Math.max(d, Math.abs(v[f] - ref[k][f]));
    }
    console.log(d.toExponential(1));' "$fb_prefix_json" "$WORK/ref-all.json")

  printf '   %-52s %9s %9s %12s %12s\n' "" "wall s" "cpu s" examples/s "peak RSS MB"
  printf '   %-52s %9s %9s %12s %12s\n' "fruitbench (median of $prefix_runs)" "$fb_prefix_wall" "$fb_prefix_cpu" \
    "$(calc "Math.round($REF_N / Math.max($fb_prefix_wall, 0.01))")" "$fb_prefix_rss"
  printf '   %-52s %9s %9s %12s %12s\n' "reference, same metrics as fruitbench" "$ref_wall" "$ref_cpu" \
    "$(calc "($REF_N / $ref_wall).toFixed(1)")" "$(calc "($ref_rss_kb / 1024).toFixed(1)")"
  printf '   %-52s %9s %9s %12s %12s\n' "reference, official metric only (edit_rouge, +EM)" "$refu_wall" "$refu_cpu" \
    "$(calc "($REF_N / $refu_wall).toFixed(1)")" "$(calc "($refu_rss_kb / 1024).toFixed(1)")"
  note "reference phases (s): $(json "$WORK/ref-all.json" 'Object.entries(j.phases_seconds).map(([k, v]) => k + " " + v).join(", ")')"
  note "speed ratio, same metrics:          ${ratio}x wall (${ratio_cpu}x by cpu time)"
  note "speed ratio, vs official metric only: ${ratio_update}x (the reference computes less here: no full-text ROUGE)"
  note "largest difference between fruitbench's and the reference's means: $max_diff (0-100 scale)"
  REF_LINES+=("reference, first $REF_N examples: $(calc "($REF_N / $ref_wall).toFixed(1)") examples/s whole process, ${ref_wall}s, peak RSS $(calc "($ref_rss_kb / 1024).toFixed(1)") MB")
  REF_LINES+=("fruitbench, same $REF_N examples: ${fb_prefix_wall}s (median of $prefix_runs) -> ${ratio}x faster, same metrics (${ratio_cpu}x by cpu time)")
  REF_LINES+=("official metric only (edit_rouge + exact match): reference ${refu_wall}s -> fruitbench ${ratio_update}x faster while computing more")
  REF_LINES+=("means agree to $max_diff")

  if (( REF_FULL == 1 )); then
    section "reference on all $N examples (--reference-full)"
    full_dir="$(data_dir "$N")"
    echo "   timing the reference on $N examples (this takes a while) ..." >&2
    timed "$WORK/ref-full.json" "$WORK/time-ref-full" env FRUIT_REFERENCE_DIR="$REF_DIR" \
      "$PYTHON" "$HERE/reference_score.py" --gold "$full_dir/gold.jsonl" --pred "$full_dir/pred.jsonl" --metrics all
    read -r rf_wall rf_rss_kb _ _ < <(tail -n 1 "$WORK/time-ref-full")
    rf_ratio=$(calc "($rf_wall / Math.max(${WALL[$N]}, 0.01)).toFixed(0)")
    note "reference: ${rf_wall}s, $(calc "($N / $rf_wall).toFixed(1)") examples/s, peak RSS $(calc "($rf_rss_kb / 1024).toFixed(1)") MB"
    note "fruitbench: ${WALL[$N]}s -> ${rf_ratio}x"
    REF_LINES+=("reference, all $N examples: ${rf_wall}s, peak RSS $(calc "($rf_rss_kb / 1024).toFixed(1)") MB -> fruitbench ${rf_ratio}x faster")
  fi
fi

# --- summary -----------------------------------------------------------------------

LOAD_END="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
CPU_MODEL="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
section "summary"
note "command:     $COMMAND"
note "machine:     ${CPU_MODEL:-unknown CPU}, $(nproc) CPUs; $(uname -sr)"
note "load avg:    $LOAD_START at start, $LOAD_END at end (other work on the machine skews wall times)"
note "fruitbench:  $FB_VERSION, ${BUILD_TYPE:-?} build, single-threaded"
note "data:        make_bench_data.js (gen $GEN_HASH), seed $SEED, in $DATA_ROOT"
for size in "${SIZES[@]}"; do
  note "$(printf '%-11s' "$size ex:") ${EPS[$size]} examples/s (${WALL[$size]}s wall), peak RSS ${RSS[$size]} MB"
done
note "memory:      $MEMORY_LINE"
for line in "${REF_LINES[@]}"; do note "$line"; done
