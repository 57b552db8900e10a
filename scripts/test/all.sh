#!/usr/bin/env bash
# `make test`: every test of every Go module and of the frontend, against real
# services that this script starts and stops.
set -euo pipefail
cd "$(dirname "$0")/../.."

scripts/setup.sh
. scripts/postgres.sh
. scripts/stripe-mock.sh
postgres_start # sets an EXIT trap that stops PostgreSQL
stripe_mock_start
# Tests that measure something (the database restart under load) add their
# summary line here; it is printed at the end.
LIFETAG_TEST_REPORT=$(mktemp /tmp/lifetag-test-report.XXXXXX)
export LIFETAG_TEST_REPORT
# The contract fronts (scripts/test/prism-front.mjs: the browser journeys', each
# test cloud's of pkg/client and the station) add their counts here.
LIFETAG_CONTRACT_TALLY=$(mktemp /tmp/lifetag-contract-tally.XXXXXX)
export LIFETAG_CONTRACT_TALLY

# Tests that need a service or tool skip when run alone without it; here they
# must fail instead, so nothing is silently left out.
export LIFETAG_STRICT=1

status=0
# timed NAME COMMAND...: runs a step, keeps its wall time for the summary at
# the end (the figure README quotes), and marks the run failed if it fails.
# A step that fails also leaves the names of what failed in
# LIFETAG_TEST_FAILURES, repeated at the very end: a CI log often shows only
# its last lines.
LIFETAG_TEST_TIMES=$(mktemp /tmp/lifetag-test-times.XXXXXX)
LIFETAG_TEST_FAILURES=$(mktemp /tmp/lifetag-test-failures.XXXXXX)
timed() {
  local name="$1" started=$SECONDS step_log
  shift
  step_log=$(mktemp /tmp/lifetag-step.XXXXXX)
  if "$@" 2>&1 | tee "$step_log"; then
    printf '%-36s %5d s\n' "$name" $((SECONDS - started)) >>"$LIFETAG_TEST_TIMES"
    rm -f "$step_log"
  else
    printf '%-36s %5d s  FAILED\n' "$name" $((SECONDS - started)) >>"$LIFETAG_TEST_TIMES"
    {
      echo "-- $name"
      # Go's failed tests and panics, Playwright's failed journeys (list
      # reporter), Vitest's failed files and tests.
      # A script's own refusal matches none of those: then its last lines,
      # which name the check that failed.
      grep -E -- '^\s*--- FAIL|^FAIL\s|^panic:|^\s+[0-9]+\) \[|✘|^\s*(FAIL|×) ' "$step_log" | head -40 ||
        tail -25 "$step_log"
    } >>"$LIFETAG_TEST_FAILURES"
    rm -f "$step_log"
    return 1
  fi
}
# The website and the cloud binary, built once: the journeys, the station's
# tests and the benchmarks reuse them (scripts/build/site.sh).
build=$(mktemp -d /tmp/lifetag-build.XXXXXX)
trap 'stripe_mock_stop; postgres_stop; rm -rf "$LIFETAG_TEST_REPORT" "$LIFETAG_CONTRACT_TALLY" "$LIFETAG_TEST_TIMES" "$LIFETAG_TEST_FAILURES" "$build"' EXIT
echo "== the website and the cloud binary, once"
timed "build: website and cloud" scripts/build/site.sh "$build/lifetag-cloud" || status=1
export LIFETAG_CLOUD_BIN="$build/lifetag-cloud"

# The wire types generated from the API contract match it.
timed "generated code" scripts/test/generated.sh || status=1
# The station window's types of the bound Go structs (not committed: the
# frontend's type check holds the window to them).
timed "station: Go bindings" scripts/station/bindings.sh || status=1
# Every citation in the code names a page of docs/ and a section it has.
timed "docs: citations and links" scripts/test/docs.sh || status=1
# The contract, judged by Redocly and Spectral (OWASP).
timed "contract lint" scripts/test/contract.sh || status=1
# The metrics as a real Prometheus scrapes them from two instances, and
# the alerting rules' own tests (deploy/prometheus).
timed "prometheus: two instances scraped" scripts/test/prometheus.sh || status=1
# The container image, unpacked and started from its own root filesystem,
# and the Debian package installed, started as its unit would, and purged.
timed "image: built, inspected, started" scripts/test/image.sh || status=1
timed "deb: verified, installed, purged" scripts/test/deb.sh || status=1
# A rolling deploy through the reference proxy (deploy/haproxy) under load:
# no request dropped, no write lost (a database of its own on this server).
timed "deploy: rolling, under load" env -u DATABASE_URL LIFETAG_PG_SERVER="$(postgres_server)" \
  scripts/test/rolling-deploy.sh || status=1

# go_test MODULE: vet and test one Go module on its own.
go_test() {
  echo "== go vet, go test: $1"
  # GOWORK=off proves each module builds and tests on its own. Every
  # benchmark runs once too (-benchtime 1x), so none can rot unseen. Go's
  # default limit of 10 minutes for a package's tests is a speed check on a
  # busy machine. The cloud's HTTP package (7 to 11 minutes on a quiet
  # 2-core machine) passed 30 minutes beside two CPU burners and a dozen
  # other processes: 60 minutes still catches a hang within CI's 90.
  timed "go: $1" bash -c "cd $1 && GOWORK=off go vet ./... && GOWORK=off go test -count=1 -timeout 60m -bench . -benchtime 1x ./..."
}
go_tests() {
  local ok=0
  go_test cloud || ok=1
  # pkg's fuzz targets (the label engine and the record's text, which take
  # people's own words), briefly; make fuzz runs every target longer. The
  # cloud's HTTP targets run here as tests of their seeds and kept inputs
  # only: fuzzing them first builds the whole cloud, Stripe's client
  # included, with fuzzing instrumentation, five minutes on 2 cores.
  timed "go: fuzz (pkg)" env FUZZ_TIME="${FUZZ_TIME:-3s}" FUZZ_MODULES=pkg scripts/test/fuzz.sh || ok=1
  return $ok
}
frontend_tests() {
  local ok=0
  (
    cd frontend &&
      timed "frontend: lint" npm run --silent lint &&
      timed "frontend: types" npm run --silent typecheck &&
      timed "frontend: unit tests" npm run --silent test
  ) || ok=1
  # A Go field or method of the station renamed fails the window's type check.
  timed "station: bindings break tsc" scripts/station/test-bindings.sh || ok=1
  # The station's and pkg's Go ride in this lane, which the frontend
  # leaves shorter than the cloud module's tests.
  go_test station || ok=1
  go_test pkg || ok=1
  return $ok
}

# Two lanes side by side: Vitest spends half its time waiting (jsdom,
# timers), which the Go builds fill. Each writes to a log of its own, shown
# when both have ended.
echo "== go vet, go test: cloud; fuzz | frontend: lint, types, unit tests; station's and pkg's Go (side by side)"
go_tests >"$build/go.log" 2>&1 &
go_pid=$!
frontend_tests >"$build/frontend.log" 2>&1 &
frontend_pid=$!
wait "$go_pid" || status=1
wait "$frontend_pid" || status=1
cat "$build/go.log"
echo "== frontend: lint, types, unit tests; station's and pkg's Go"
cat "$build/frontend.log"

# The browser journeys (against the cloud built above).
timed "browser journeys" scripts/test/e2e.sh || status=1

# The desktop print station: signed installers, its window in Chromium and
# under Xvfb, offline printing (it builds what it needs itself).
timed "station" scripts/station/test.sh || status=1

# Every make bench script once, at its smallest and shortest (BENCH_SMOKE),
# to prove it still prints its line; the figures mean nothing here. Each
# gets a database of its own on this PostgreSQL (a given $DATABASE_URL is
# the tests' and would be shared, so then they make their own).
echo "== make bench, smoke run"
timed "benchmarks, once each" env -u DATABASE_URL BENCH_SMOKE=1 LIFETAG_PG_SERVER="$(postgres_server)" scripts/bench/all.sh || status=1

if [ -s "$LIFETAG_CONTRACT_TALLY" ]; then
  awk '{ if ($1 > ops) ops = $1; requests += $2; violations += $3 }
    END { printf "contract: %d operations, %d requests through Prism, %d violations\n", ops, requests, violations }' \
    "$LIFETAG_CONTRACT_TALLY" >>"$LIFETAG_TEST_REPORT"
fi

if [ -s "$LIFETAG_TEST_REPORT" ]; then
  echo "== figures"
  cat "$LIFETAG_TEST_REPORT"
fi
echo "== time per step (wall clock; Go and the frontend's unit tests overlap)"
cat "$LIFETAG_TEST_TIMES"
printf '%-36s %5d s\n' "make test" "$SECONDS"
if [ -s "$LIFETAG_TEST_FAILURES" ]; then
  echo "== what failed"
  cat "$LIFETAG_TEST_FAILURES"
fi
exit $status
