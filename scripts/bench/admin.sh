#!/usr/bin/env bash
# `make bench`, admin part: the cloud on a throwaway PostgreSQL with 100,000
# users (seeded by one SQL statement), the admin's user search loaded by wrk,
# then the streamed CSV export of every user, timed. Prints exactly:
#   admin: search 100000 users p99 X ms, export 100000 in Y s
set -euo pipefail
cd "$(dirname "$0")/../.."

USERS=100000
SEARCH_SECONDS=${BENCH_ADMIN_SECONDS:-10}
if [ "${BENCH_SMOKE:-}" = 1 ]; then USERS=1000 SEARCH_SECONDS=1; fi # scripts/bench/all.sh
EMAIL=bench-admin@lifetag.test
PASSWORD=bench-password-1

. scripts/postgres.sh
postgres_start >&2

work=$(mktemp -d /tmp/lifetag-bench-admin.XXXXXX)
cloud_pid=""
cleanup() {
  if [ -n "$cloud_pid" ]; then
    kill "$cloud_pid" 2>/dev/null || true
    wait "$cloud_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  postgres_stop
}
trap cleanup EXIT

GOWORK=off scripts/build/cloud.sh "$work/lifetag-cloud"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
env DATABASE_URL="$LIFETAG_TEST_DATABASE_URL" HOST=127.0.0.1 PORT="$port" \
  DATA_DIR="$work/data" LOG_LEVEL=warn ADMIN_EMAILS="$EMAIL" \
  RATE_LIMIT_PER_IP=100000000 RATE_LIMIT_PER_ADDRESS=100000000 RATE_LIMIT_API_PER_CLIENT=100000000 \
  "$work/lifetag-cloud" >"$work/cloud.log" 2>&1 &
cloud_pid=$!
wait_until "$cloud_pid" curl -fsS "$base/api/health" || { cat "$work/cloud.log" >&2; exit 1; }

# 100,000 users in one statement (the cloud has migrated the schema): a
# referral code for every tenth, print access for every third, one referral
# for every twentieth, created a minute apart.
psql -q -v ON_ERROR_STOP=1 "$LIFETAG_TEST_DATABASE_URL" <<SQL
INSERT INTO users (email, has_print_access, referral_code, created_at, updated_at)
SELECT 'rider' || g || '@example.com', g % 3 = 0,
       CASE WHEN g % 10 = 0 THEN 'R' || lpad(g::text, 7, '0') END,
       now() - g * interval '1 minute', now()
FROM generate_series(1, $USERS) AS g;
INSERT INTO referrals (referral_code, referrer_email, referred_email, created_at)
SELECT 'R' || lpad((g * 10)::text, 7, '0'), 'rider' || (g * 10) || '@example.com', 'friend' || g || '@example.com', now()
FROM generate_series(1, $USERS / 20) AS g;
SQL
# As autovacuum leaves a settled table: statistics and the visibility map.
psql -q -v ON_ERROR_STOP=1 "$LIFETAG_TEST_DATABASE_URL" -c 'VACUUM ANALYZE'

post() { # path, JSON body
  curl -fsS -X POST "$base$1" -H 'Content-Type: application/json' --data "$2"
}
setup_token=$(mailed_token "$cloud_pid" "" "$work/data/outbox") || { echo "bench-admin: no set-password mail in the outbox" >&2; exit 1; }
post /api/auth/set-password "{\"email\":\"$EMAIL\",\"token\":\"$setup_token\",\"password\":\"$PASSWORD\"}" >/dev/null
session=$(curl -fsS -X POST "$base/api/auth/login" -H 'Content-Type: application/json' \
  -H 'X-Lifetag-Session: bearer' --data "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" |
  grep -o '"sessionToken":"[^"]*"' | cut -d'"' -f4)

# One admin searching (a latency, not a throughput: admins are few). The
# searches an admin types: part of an address (few and many matches), a
# referral code, an id, nothing (the first page), a miss.
cat >"$work/search.lua" <<'LUA'
local searches = { "rider4242", "rider77", "example.com", "r0012340", "54321", "", "nobody-at-all", "RIDER99999@" }
local i = 0
request = function()
  i = i % #searches + 1
  return wrk.format("GET", "/api/admin/users?pageSize=50&search=" .. searches[i])
end
LUA
wrk -t1 -c1 -d"${SEARCH_SECONDS}s" --latency -s "$work/search.lua" \
  -H "Authorization: Bearer $session" "$base" >"$work/search.txt"
errors=$(awk '/Socket errors:/ { for (i = 3; i <= NF; i += 2) { gsub(",", "", $(i + 1)); e += $(i + 1) } }
  /Non-2xx or 3xx responses:/ { e += $NF } END { print e + 0 }' "$work/search.txt")
[ "$errors" -eq 0 ] || { cat "$work/search.txt" >&2; echo "bench-admin: $errors failed searches" >&2; exit 1; }
p99=$(awk 'function ms(v) {
    if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
    if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
    if (v ~ /s$/)  return substr(v, 1, length(v) - 1) * 1000
    return v + 0 }
  $1 == "99%" { printf "%.1f", ms($2) }' "$work/search.txt")

# The export, streamed to a file; it must hold the header and every user.
start=$(date +%s.%N)
curl -fsS -H "Authorization: Bearer $session" "$base/api/admin/export" -o "$work/users.csv"
end=$(date +%s.%N)
rows=$(($(wc -l <"$work/users.csv") - 1))
[ "$rows" -ge "$USERS" ] || { echo "bench-admin: the export holds $rows users" >&2; exit 1; }
rss_kib=$(awk '/VmHWM/ { print $2 }' "/proc/$cloud_pid/status")
seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
echo "admin: search $USERS users p99 $p99 ms, export $USERS in $seconds s"
echo "  (the cloud's peak memory: $((rss_kib / 1024)) MiB)" >&2
