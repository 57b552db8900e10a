#!/usr/bin/env bash
# Browser journeys of the website: builds the frontend and the cloud
# binary, starts a cloud per Playwright worker (E2E_WORKERS, 2), each on a
# free loopback port with a fresh SQLite data directory and its metrics on
# a METRICS_ADDR of its own, runs Playwright against them in Debian's
# chromium, checks that their /metrics holds no address, number or token
# in a label (scripts/test/metrics-labels.py), and stops them.
# Five admins: account.spec.ts deletes admin@lifetag.test; admin.spec.ts
# fulfils orders as fulfilment@lifetag.test; a11y-admin.spec.ts checks the admin
# pages as a11y@lifetag.test; plan-limits.spec.ts changes allowances as
# plans@lifetag.test; single-sign-on.spec.ts approves domains as sso@lifetag.test.
# Single sign-on goes through a real OpenID provider (scripts/oidc-provider.sh).
# The browser talks to the cloud through scripts/test/prism-front.mjs, which sends
# every /api request through Stoplight Prism to check it and its answer
# against pkg/api/openapi.yaml; a violation fails the run.
# CONTRACT_PRISM=0 talks to the cloud directly (to measure what Prism costs).
# Needs the Debian package `chromium`; never downloads a browser. Arguments go
# to Playwright (scripts/test/e2e.sh e2e/account.spec.ts runs one file).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/oidc-provider.sh

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "test-e2e: $CHROMIUM not found (apt-get install -y chromium)" >&2
  exit 1
fi

work="$(mktemp -d)"
cloud_pids=()
front_pids=()
cleanup() {
  oidc_provider_stop
  for pid in "${front_pids[@]}" "${cloud_pids[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

echo "== e2e: build the website and the cloud binary"
scripts/build/site.sh "$work/lifetag-cloud"
(cd frontend && npm run --silent size)

# Playwright's workers each run whole spec files, one at a time, against a
# cloud of their own (its own data directory, outbox and contract front):
# no journey sees another's users, orders or mail. Two fit a 2-core machine,
# as a journey mostly waits for its browser. E2E_WORKERS=1 runs them in turn.
workers="${E2E_WORKERS:-2}"

# start_cloud N: the Nth cloud on a free loopback port, its front before it;
# appends what the journeys talk to and read mail from to bases and outboxes.
bases=()
outboxes=()
metrics=() # each cloud's /metrics, read after the journeys
free_port() { # bind port 0, read what the kernel gave, release it
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
# Each cloud's own address, the redirect URI its single sign-on registers.
sso_callbacks=()
start_cloud() {
  local n="$1" port base metrics_port
  port="$(free_port)"
  metrics_port="$(free_port)"
  base="http://127.0.0.1:$port"
  metrics+=("http://127.0.0.1:$metrics_port/metrics")
  # The contract front's port, known before the cloud starts: passkeys are
  # bound to http://localhost:<front port> (a browser refuses an IP address
  # as a passkey's site), where the passkey journeys open the site.
  local front_port
  front_port="$(free_port)"
  echo "== e2e: start cloud $n on $base"
  HOST=127.0.0.1 PORT="$port" METRICS_ADDR="127.0.0.1:$metrics_port" DATA_DIR="$work/data$n" LIFETAG_ENV=development PASSKEY_ORIGIN="http://localhost:$front_port" \
    LOG_LEVEL=warn ADMIN_EMAILS="admin@lifetag.test,fulfilment@lifetag.test,plans@lifetag.test,a11y@lifetag.test,sso@lifetag.test" RATE_LIMIT_PER_IP=10000 RATE_LIMIT_PER_ADDRESS=10000 RATE_LIMIT_ANALYTICS_PER_IP=10000 TRIAL_REGISTRATIONS_PER_DAY=10000 \
    RATE_LIMIT_MAIL_PER_RECIPIENT=10000 RATE_LIMIT_MAIL_PER_CALLER=10000 RATE_LIMIT_MAIL_PER_ORGANIZATION=10000 RATE_LIMIT_COLLECT_MALFORMED_PER_IP=10000 RATE_LIMIT_API_PER_CLIENT=1000000 \
    "$work/lifetag-cloud" >"$work/cloud$n.log" 2>&1 &
  local pid=$!
  cloud_pids+=("$pid")
  sso_callbacks+=("$base/api/auth/sso/callback")
  # Wait until the cloud answers or exits; on a busy machine it may take
  # minutes. The limit only detects a hang.
  local hang=$((SECONDS + 600))
  until curl -fsS "$base/api/health" >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then cat "$work/cloud$n.log" >&2; exit 1; fi
    if [ "$SECONDS" -gt "$hang" ]; then echo "test-e2e: cloud $n did not answer in 10 minutes" >&2; exit 1; fi
    sleep 0.1
  done
  if [ "${CONTRACT_PRISM:-1}" != 0 ]; then
    echo "== e2e: Prism checks cloud $n's /api against pkg/api/openapi.yaml"
    mkfifo "$work/front$n.out"
    CONTRACT_LABEL="browser journeys, cloud $n" node scripts/test/prism-front.mjs "$base" "$front_port" >"$work/front$n.out" &
    front_pids+=("$!")
    local ready=""
    read -r ready <"$work/front$n.out" || true
    base="${ready#contract front on }"
    case "$base" in http://*) ;; *) echo "test-e2e: the contract front did not start" >&2; exit 1 ;; esac
  fi
  bases+=("$base")
  outboxes+=("$work/data$n/outbox")
}
for n in $(seq 1 "$workers"); do start_cloud "$n"; done
# The single sign-on journeys' OpenID provider (exports E2E_OIDC_ISSUER).
oidc_provider_start "$work" "${sso_callbacks[@]}"

echo "== e2e: Playwright journeys, $workers at a time"
status=0
started=$(date +%s)
(cd frontend && E2E_BASE_URLS="${bases[*]}" E2E_OUTBOXES="${outboxes[*]}" CHROMIUM="$CHROMIUM" \
  npx playwright test --workers="$workers" "$@") || status=1
echo "e2e: journeys took $(($(date +%s) - started)) s"
# What the journeys left in the metrics holds no address, number or token.
python3 scripts/test/metrics-labels.py "${metrics[@]}" || status=1
if [ "$status" -ne 0 ]; then
  for n in $(seq 1 "$workers"); do echo "-- cloud $n's log:"; tail -30 "$work/cloud$n.log"; done
fi
# Each front prints its violations and contract line, and fails on any.
for pid in "${front_pids[@]}"; do
  kill "$pid"
  wait "$pid" || status=1
done
front_pids=()
exit $status
