# Shared by the CLI test scripts (sourced): a scratch folder removed on exit,
# pass/fail counters and `expect`, which runs a command and checks its exit
# status and standard error. The script's stdout and stderr land in
# $work/out and $work/err.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }

# expect NAME EXPECTED_STATUS STDERR_PATTERN -- command...
expect() {
  local name=$1 want_status=$2 pattern=$3
  shift 4
  "$@" >"$work/out" 2>"$work/err"
  local status=$?
  if [ "$status" != "$want_status" ]; then
    fail "$name: exit $status, wanted $want_status; stderr: $(head -c 600 "$work/err")"
  elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$work/err"; then
    fail "$name: stderr lacks /$pattern/: $(head -c 600 "$work/err")"
  else
    pass
  fi
}
