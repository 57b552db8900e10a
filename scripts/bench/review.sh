#!/usr/bin/env bash
# `make bench`, review rounds: an officer starts a round for 10,000 workers
# due for review on a throwaway PostgreSQL; the one request writes the
# round, its workers and the queued jobs that mail them, and answers
# without waiting for a mail, as cloud/http's BenchmarkReviewRound10000
# measures it (the mean of a few runs, each on a fresh organisation).
# Prints exactly:
#   review: 10000 workers queued in X s
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${BENCH_REVIEW_RUNS:-3}x"
[ "${BENCH_SMOKE:-}" != 1 ] || runs=1x # scripts/bench/all.sh

. scripts/postgres.sh
postgres_start >&2

out=$(cd cloud && GOWORK=off go test -run '^$' -bench '^BenchmarkReviewRound10000$' \
  -benchtime "$runs" -count 1 ./http)
line=$(awk '$1 ~ /^BenchmarkReviewRound10000/' <<<"$out")
queued=$(awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "queue-s") print $i }' <<<"$line")
[ -n "$queued" ] || { echo "$out" >&2; echo "bench-review: the benchmark printed no result" >&2; exit 1; }
LC_ALL=C awk -v q="$queued" 'BEGIN { printf "review: 10000 workers queued in %.2f s\n", q }'
