#!/usr/bin/env bash
# Runs every Go fuzz target (each func FuzzXxx in a _test.go file of pkg,
# cloud and station) for FUZZ_TIME each: a few seconds under `make test`, a
# minute under `make fuzz`. An input that fails is written by Go into the
# package's testdata/fuzz/FuzzXxx/; commit it with the fix, and `go test`
# runs it as a regular test from then on.
#
#   FUZZ_TIME=3s scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_TIME=${FUZZ_TIME:-3s}
# The fuzzer shrinks every new interesting input, which can take far longer
# than a short run: bound it.
FUZZ_MINIMIZE_TIME=${FUZZ_MINIMIZE_TIME:-1s}

status=0
targets=0
while IFS=: read -r file target; do
  module=${file%%/*}
  package=./$(dirname "${file#*/}")
  target=${target#func }
  targets=$((targets + 1))
  echo "== fuzz $module $package $target ($FUZZ_TIME)"
  (cd "$module" && GOWORK=off nice go test -run '^$' -fuzz "^$target\$" \
    -fuzztime "$FUZZ_TIME" -fuzzminimizetime "$FUZZ_MINIMIZE_TIME" "$package") || status=1
done < <(grep -r -o --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' pkg cloud station | sort)

if [ "$targets" -eq 0 ]; then
  echo "fuzz: no fuzz targets found" >&2
  exit 1
fi
exit $status
