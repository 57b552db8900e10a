#!/usr/bin/env bash
# `make bench`, webhooks: a sync of 1,000 workers, then one of 10,000 (five
# syncs of 2,000, one after the other), each on a throwaway PostgreSQL with
# one endpoint registered for qr_code.created; the cloud's job queue (one
# River job per endpoint and transaction, inserted in the sync's
# transaction, delivering the endpoint's messages in batches of 100, up to
# eight at once over kept-alive connections) delivers every event to a
# local receiver, as cloud/http's BenchmarkWebhooks measures. Prints
# exactly, for each size:
#   webhooks: N events delivered in X s, p99 from change to delivery Y ms
# BENCH_WEBHOOK_EVENTS runs that one size only.
set -euo pipefail
cd "$(dirname "$0")/../.."

sizes=${BENCH_WEBHOOK_EVENTS:-"1000 10000"}
[ "${BENCH_SMOKE:-}" != 1 ] || sizes=50 # scripts/bench/all.sh

. scripts/postgres.sh
postgres_start >&2

for events in $sizes; do
  out=$(cd cloud && BENCH_WEBHOOK_EVENTS=$events GOWORK=off go test -run '^$' -bench '^BenchmarkWebhooks$' \
    -benchtime 1x -count 1 ./http)
  line=$(awk '$1 ~ /^BenchmarkWebhooks/' <<<"$out")
  n=$(awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "events") print $i }' <<<"$line")
  secs=$(awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "delivered-s") print $i }' <<<"$line")
  p99=$(awk '{ for (i = 1; i < NF; i++) if ($(i+1) == "p99-ms") print $i }' <<<"$line")
  [ -n "$n" ] && [ -n "$secs" ] && [ -n "$p99" ] || { echo "$out" >&2; echo "bench-webhooks: the benchmark printed no result" >&2; exit 1; }
  LC_ALL=C awk -v n="$n" -v s="$secs" -v p="$p99" 'BEGIN { printf "webhooks: %d events delivered in %.2f s, p99 from change to delivery %d ms\n", n, s, p }'
done
