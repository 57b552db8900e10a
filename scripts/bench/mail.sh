#!/usr/bin/env bash
# `make bench`, mail: 500 reset links asked for on a throwaway PostgreSQL,
# each mail a job inserted in the link's transaction, until an in-process
# SMTP server has received all 500, as cloud/service's BenchmarkMailQueue500
# measures it. Prints exactly:
#   mail: 500 queued and sent in X s
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${BENCH_MAIL_RUNS:-3}x"
[ "${BENCH_SMOKE:-}" != 1 ] || runs=1x # scripts/bench/all.sh

. scripts/postgres.sh
postgres_start >&2

out=$(cd cloud && GOWORK=off go test -run '^$' -bench '^BenchmarkMailQueue500$' \
  -benchtime "$runs" -count 1 ./service)
line=$(awk '$1 ~ /^BenchmarkMailQueue500/' <<<"$out")
seconds=$(awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "mail-s") print $i }' <<<"$line")
[ -n "$seconds" ] || { echo "$out" >&2; echo "bench-mail: the benchmark printed no result" >&2; exit 1; }
LC_ALL=C awk -v s="$seconds" 'BEGIN { printf "mail: 500 queued and sent in %.2f s\n", s }'
