#!/usr/bin/env bash
# `make test`: every test of every Go module and of the frontend, against real
# services that this script starts and stops.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
. scripts/postgres.sh
. scripts/stripe-mock.sh
postgres_start # sets an EXIT trap that stops PostgreSQL
stripe_mock_start
# Tests that measure something (the database restart under load) add their
# summary line here; it is printed at the end.
LIFETAG_TEST_REPORT=$(mktemp /tmp/lifetag-test-report.XXXXXX)
export LIFETAG_TEST_REPORT
# The contract fronts (scripts/prism-front.mjs: the browser journeys', each
# test cloud's of pkg/client and the station) add their counts here.
LIFETAG_CONTRACT_TALLY=$(mktemp /tmp/lifetag-contract-tally.XXXXXX)
export LIFETAG_CONTRACT_TALLY
trap 'stripe_mock_stop; postgres_stop; rm -f "$LIFETAG_TEST_REPORT" "$LIFETAG_CONTRACT_TALLY"' EXIT

# Tests that need a service or tool skip when run alone without it; here they
# must fail instead, so nothing is silently left out.
export LIFETAG_STRICT=1

status=0
# The wire types generated from the API contract match it.
scripts/check-generated.sh || status=1
# The contract, judged by Redocly and Spectral (OWASP).
scripts/lint-contract.sh || status=1

for module in pkg cloud station; do
  echo "== go vet, go test: $module"
  # GOWORK=off proves each module builds and tests on its own. Every
  # benchmark runs once too (-benchtime 1x), so none can rot unseen.
  (cd "$module" && GOWORK=off go vet ./... && GOWORK=off go test -count=1 -bench . -benchtime 1x ./...) || status=1
done

# Every fuzz target, briefly (make fuzz runs them longer).
FUZZ_TIME=${FUZZ_TIME:-3s} scripts/fuzz.sh || status=1

echo "== frontend: lint, types, unit tests"
(cd frontend && npm run --silent lint && npm run --silent typecheck && npm run --silent test) || status=1
# A Go field or method of the station renamed fails the window's type check.
scripts/test-station-bindings.sh || status=1

# The browser journeys build the site and the cloud binary themselves.
scripts/test-e2e.sh || status=1

# The desktop print station: signed installers, its window in Chromium and
# under Xvfb, offline printing (it builds what it needs itself).
scripts/test-station.sh || status=1

# Every make bench script once, at its smallest and shortest (BENCH_SMOKE),
# to prove it still prints its line; the figures mean nothing here. Each
# gets a database of its own on this PostgreSQL (a given $DATABASE_URL is
# the tests' and would be shared, so then they make their own).
echo "== make bench, smoke run"
env -u DATABASE_URL BENCH_SMOKE=1 LIFETAG_PG_SERVER="$(postgres_server)" scripts/bench.sh || status=1

if [ -s "$LIFETAG_CONTRACT_TALLY" ]; then
  awk '{ if ($1 > ops) ops = $1; requests += $2; violations += $3 }
    END { printf "contract: %d operations, %d requests through Prism, %d violations\n", ops, requests, violations }' \
    "$LIFETAG_CONTRACT_TALLY" >>"$LIFETAG_TEST_REPORT"
fi

if [ -s "$LIFETAG_TEST_REPORT" ]; then
  echo "== figures"
  cat "$LIFETAG_TEST_REPORT"
fi
exit $status
