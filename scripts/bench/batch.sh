#!/usr/bin/env bash
# `make bench`, corporate batch printing: one whole request of the cloud on
# a throwaway PostgreSQL printing 1,000 distinct library codes on the
# corporate helmet labels, US Letter (Avery 5163) (the library read,
# unsealing each record, its QR text, the label engine's PDF, the print run
# recorded), as cloud/http's BenchmarkBatchPrint1000
# measures it (the mean of a few requests after a warm-up one). Prints exactly:
#   batch: 1000 codes in X.XX s
# The goal is under 1.5 s. To see what dominates, add
# -cpuprofile cpu.out to the go test line and run go tool pprof on it.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${BENCH_BATCH_RUNS:-5}x"
[ "${BENCH_SMOKE:-}" != 1 ] || runs=1x # scripts/bench/all.sh

. scripts/postgres.sh
postgres_start >&2

out=$(cd cloud && GOWORK=off go test -run '^$' -bench '^BenchmarkBatchPrint1000$' \
  -benchtime "$runs" -count 1 ./http)
ns=$(awk '$1 ~ /^BenchmarkBatchPrint1000/ { print $3 }' <<<"$out")
[ -n "$ns" ] || { echo "$out" >&2; echo "bench-batch: the benchmark printed no result" >&2; exit 1; }
LC_ALL=C awk -v ns="$ns" 'BEGIN { printf "batch: 1000 codes in %.2f s\n", ns / 1e9 }'
