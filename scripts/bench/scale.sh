#!/usr/bin/env bash
# `make bench`, capacity at ten times today: cloud/http's BenchmarkScale on
# a throwaway PostgreSQL seeded (COPY) with 1,000,000 individual users,
# 10,000 organisations and 1,000,000 workers' codes (one organisation of
# 50,000), then the paths that grow with them through HTTP. Prints its
# `scale:` lines (the seeding, the tables' size, each p99 and time); every
# statement's plan goes to stderr, and a Seq Scan on a big table fails it.
# The full run takes minutes (most of it the seeding); docs/capacity.md
# reads its figures.
set -euo pipefail
cd "$(dirname "$0")/../.."

size=full
[ "${BENCH_SMOKE:-}" != 1 ] || size=quick # scripts/bench/all.sh

. scripts/postgres.sh
postgres_start >&2

out=$(mktemp /tmp/lifetag-bench-scale.XXXXXX)
trap 'rm -f "$out"; postgres_stop' EXIT
if ! (cd cloud && LIFETAG_BENCH_SCALE=$size GOWORK=off go test -run '^$' -bench '^BenchmarkScale$' \
  -benchtime 1x -count 1 -timeout 2h ./http) >"$out" 2>&1; then
  cat "$out" >&2
  echo "bench-scale: the benchmark failed" >&2
  exit 1
fi
awk '!/^scale: / || /^scale: explain/' "$out" >&2
grep '^scale: ' "$out" | grep -v '^scale: explain' || { echo "bench-scale: the benchmark printed no result" >&2; exit 1; }
