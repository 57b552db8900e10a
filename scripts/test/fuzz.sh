#!/usr/bin/env bash
# Runs every Go fuzz target (each func FuzzXxx in a _test.go file of pkg,
# cloud and station) for FUZZ_TIME each: a few seconds under `make test`, a
# minute under `make fuzz`. An input that fails is written by Go into the
# package's testdata/fuzz/FuzzXxx/; commit it with the fix, and `go test`
# runs it as a regular test from then on.
#
#   FUZZ_TIME=3s scripts/test/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

FUZZ_TIME=${FUZZ_TIME:-3s}
# The modules whose targets run (all of them unless told).
FUZZ_MODULES=${FUZZ_MODULES:-pkg cloud station}
# The fuzzer shrinks every new interesting input, which can take far longer
# than a short run: bound it.
FUZZ_MINIMIZE_TIME=${FUZZ_MINIMIZE_TIME:-1s}

status=0
targets=0
log=$(mktemp /tmp/lifetag-fuzz.XXXXXX)
trap 'rm -f "$log"' EXIT
while IFS=: read -r file target; do
  module=${file%%/*}
  package=./$(dirname "${file#*/}")
  target=${target#func }
  targets=$((targets + 1))
  echo "== fuzz $module $package $target ($FUZZ_TIME)"
  for attempt in 1 2; do
    if (cd "$module" && GOWORK=off nice go test -run '^$' -fuzz "^$target\$" \
      -fuzztime "$FUZZ_TIME" -fuzzminimizetime "$FUZZ_MINIMIZE_TIME" "$package") 2>&1 | tee "$log"; then
      break
    fi
    # Go's fuzzing engine sometimes ends a timed run with "context deadline
    # exceeded" and no failing input (its workers outlive the deadline; a
    # known engine issue). That, and only that, is run once more; a real
    # failure writes its input under testdata/fuzz and is never retried.
    if [ "$attempt" -eq 1 ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
      echo "fuzz: $target: the engine's deadline error without a failing input; running it again"
      continue
    fi
    status=1
    break
  done
done < <(grep -r -o --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' $FUZZ_MODULES | sort)

if [ "$targets" -eq 0 ]; then
  echo "fuzz: no fuzz targets found" >&2
  exit 1
fi
exit $status
