#!/usr/bin/env bash
# `make bench`, website part: the built site served by the cloud on
# a throwaway PostgreSQL holding real amounts of data (100,044 users, an
# organisation with 2,000 imported codes, 40 orders), then
# scripts/bench/web.mjs: Lighthouse (mobile, 3 runs each, medians) on five
# pages in Debian's chromium, and the longest interactions on the library
# and the batch page (the browser's own Event Timing). Prints exactly:
#   web: <page> perf P, LCP L s, TBT T ms          (home, corporate dashboard,
#        library 2000 codes, admin users 100044, batch print 2000 queued)
#   web: library <interaction> N ms                 (and the batch page's)
# BENCH_WEB_RUNS sets the Lighthouse runs per page (3). BENCH_SMOKE=1
# (scripts/bench/all.sh) seeds 100 users and 40 codes and runs Lighthouse and
# each interaction once.
set -euo pipefail
cd "$(dirname "$0")/../.."

LIGHTHOUSE_VERSION=12.8.2
USERS=100044
CODES=2000
ORDERS=40
PROJECTS=4
runs=${BENCH_WEB_RUNS:-3}
if [ "${BENCH_SMOKE:-}" = 1 ]; then USERS=100 CODES=40 runs=1; fi
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
OFFICER=officer@bench-scaffolding.example
ADMIN=bench-admin@lifetag.test
PASSWORD=bench-password-1

[ -x "$CHROMIUM" ] || { echo "bench-web: $CHROMIUM not found (apt-get install -y chromium)" >&2; exit 1; }

# Lighthouse is a benchmark tool, not the site's: installed from the npm
# registry, pinned, once per machine, outside the checkout (as the station's
# Wails CLI is), so a new clone does not fetch it again.
tools="${XDG_CACHE_HOME:-$HOME/.cache}/lifetag/bench-tools"
if ! grep -qs "\"version\": \"$LIGHTHOUSE_VERSION\"" "$tools/node_modules/lighthouse/package.json"; then
  mkdir -p "$tools"
  echo '{"private": true}' >"$tools/package.json"
  npm install --prefix "$tools" --no-audit --no-fund --no-save "lighthouse@$LIGHTHOUSE_VERSION" >&2
fi

. scripts/postgres.sh
postgres_start >&2

work=$(mktemp -d /tmp/lifetag-bench-web.XXXXXX)
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

# The site as it ships: built, embedded in the cloud binary.
GOWORK=off scripts/build/site.sh "$work/lifetag-cloud" >&2

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
env DATABASE_URL="$LIFETAG_TEST_DATABASE_URL" HOST=127.0.0.1 PORT="$port" LIFETAG_ENV=development \
  DATA_DIR="$work/data" LOG_LEVEL=warn ADMIN_EMAILS="$ADMIN" \
  RATE_LIMIT_PER_IP=100000000 RATE_LIMIT_PER_ADDRESS=100000000 RATE_LIMIT_ANALYTICS_PER_IP=100000000 RATE_LIMIT_API_PER_CLIENT=100000000 \
  "$work/lifetag-cloud" >"$work/cloud.log" 2>&1 &
cloud_pid=$!
wait_until "$cloud_pid" curl -fsS "$base/api/ready" || { cat "$work/cloud.log" >&2; exit 1; }

post() { # path, JSON body, [bearer token]
  curl -fsS -X POST "$base$1" -H 'Content-Type: application/json' \
    ${3:+-H "Authorization: Bearer $3"} --data "$2"
}
field() { # name: a JSON string or number field from stdin
  grep -o "\"$1\":\"\\{0,1\\}[^\",}]*" | head -n 1 | sed 's/.*:"\{0,1\}//'
}
mail_token() { # address: the token of the link mailed to it (its only mail)
  mailed_token "$cloud_pid" "$1" "$work/data/outbox" || { echo "bench-web: no mail with a link for $1 in the outbox" >&2; exit 1; }
}

# The admin (seeded by ADMIN_EMAILS; its set-password link comes by mail).
post /api/auth/set-password "{\"email\":\"$ADMIN\",\"token\":\"$(mail_token "$ADMIN")\",\"password\":\"$PASSWORD\"}" >/dev/null

# The organisation: a trial sign-up, its owner's password from the setup
# mail, room for the codes, projects, and 2,000 workers imported from CSV
# files as a safety officer would (a quarter with an allergy, a tenth with
# a condition).
# The organisation exists once the mailed link proves the address.
post /api/corporate/register "{\"name\":\"Bench Scaffolding Ltd\",\"contactEmail\":\"$OFFICER\"}" >/dev/null
org=$(post /api/corporate/setup-password "{\"token\":\"$(mail_token "$OFFICER")\",\"password\":\"$PASSWORD\"}" | field organizationId)
[ -n "$org" ] || { echo "bench-web: the trial's setup link made no organisation" >&2; exit 1; }
officer=$(curl -fsS -X POST "$base/api/corporate/login" -H 'Content-Type: application/json' \
  -H 'X-Lifetag-Session: bearer' --data "{\"email\":\"$OFFICER\",\"password\":\"$PASSWORD\"}" | field sessionToken)
[ -n "$officer" ] || { echo "bench-web: the officer could not sign in" >&2; exit 1; }
psql -q -v ON_ERROR_STOP=1 "$LIFETAG_TEST_DATABASE_URL" -c "UPDATE organizations SET max_qr_codes = $CODES WHERE id = $org"
per_project=$((CODES / PROJECTS))
for p in $(seq 1 "$PROJECTS"); do
  project=$(post "/api/corporate/$org/projects" "{\"name\":\"Site $p\",\"description\":\"Crew of site $p\"}" "$officer" | field id)
  awk -v p="$p" -v n="$per_project" 'BEGIN {
    print "Name,Full Name,Blood Type,Emergency Contact Name,Emergency Contact Phone,Allergies,Medical Conditions"
    split("O+ A+ B+ AB+ O- A- B- AB-", blood, " ")
    for (i = 1; i <= n; i++) {
      w = (p - 1) * n + i
      printf "Worker %04d,Worker %04d Surname,%s,Contact %04d,+44 7700 9%05d,%s,%s\n", w, w, blood[w % 8 + 1], w, w,
        (w % 4 == 0 ? "Penicillin" : ""), (w % 10 == 0 ? "Asthma; carries an inhaler" : "")
    }
  }' >"$work/site$p.csv"
  python3 -c 'import json, sys; print(json.dumps({"projectId": int(sys.argv[1]), "csv": open(sys.argv[2]).read(), "commit": True}))' \
    "$project" "$work/site$p.csv" >"$work/import$p.json"
  curl -fsS -X POST "$base/api/corporate/$org/qr-codes/import" -H 'Content-Type: application/json' \
    -H "Authorization: Bearer $officer" --data-binary "@$work/import$p.json" | grep -q "\"imported\":$per_project" ||
    { echo "bench-web: importing site $p failed" >&2; exit 1; }
done

# 40 orders of 40 customers, then riders up to 100,044 users in all, in SQL
# (the cloud has migrated the schema), settled as autovacuum leaves them.
psql -q -v ON_ERROR_STOP=1 "$LIFETAG_TEST_DATABASE_URL" <<SQL
INSERT INTO users (email, has_print_access, created_at, updated_at)
SELECT 'buyer' || g || '@example.com', true, now() - g * interval '1 hour', now() FROM generate_series(1, $ORDERS) AS g;
INSERT INTO physical_orders (order_id, user_id, label_type, quantity, price_pence, status, created_at)
SELECT 'LT-BENCH-' || lpad(g::text, 4, '0'), u.id, (ARRAY['helmet', 'gear', 'wallet'])[g % 3 + 1], g % 3 + 1, 999,
       (ARRAY['pending', 'processing', 'shipped', 'delivered'])[g % 4 + 1], now() - g * interval '1 hour'
FROM generate_series(1, $ORDERS) AS g JOIN users u ON u.email = 'buyer' || g || '@example.com';
INSERT INTO users (email, has_print_access, referral_code, created_at, updated_at)
SELECT 'rider' || g || '@example.com', g % 3 = 0, CASE WHEN g % 10 = 0 THEN 'R' || lpad(g::text, 7, '0') END,
       now() - g * interval '1 minute', now()
FROM generate_series(1, $USERS - (SELECT count(*) FROM users)) AS g;
VACUUM ANALYZE;
SQL
users=$(psql -tA "$LIFETAG_TEST_DATABASE_URL" -c 'SELECT count(*) FROM users')
[ "$users" -eq "$USERS" ] || { echo "bench-web: $users users, want $USERS" >&2; exit 1; }

# Beside Lighthouse, so that Node finds it; one copy per run.
script="$tools/bench-web.$$.mjs"
cp scripts/bench/web.mjs "$script"
trap 'rm -f "$script"; cleanup' EXIT
BENCH_BASE="$base" BENCH_ORG="$org" BENCH_OFFICER="$OFFICER" BENCH_ADMIN="$ADMIN" BENCH_PASSWORD="$PASSWORD" \
  BENCH_CODES="$CODES" BENCH_USERS="$USERS" BENCH_RUNS="$runs" CHROMIUM="$CHROMIUM" \
  node "$script"
