#!/usr/bin/env bash
# Browser journeys of the website (issue 6): builds the frontend and the cloud
# binary, starts the cloud on a free loopback port with a fresh SQLite data
# directory, runs Playwright against it in Debian's chromium, and stops it.
# Three admins: account.spec.ts deletes admin@lifetag.test; admin.spec.ts
# fulfils orders as fulfilment@lifetag.test; a11y.spec.ts checks the admin
# pages as a11y@lifetag.test.
# Needs the Debian package `chromium`; never downloads a browser. Arguments go
# to Playwright (scripts/test-e2e.sh e2e/account.spec.ts runs one file).
set -euo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "test-e2e: $CHROMIUM not found (apt-get install -y chromium)" >&2
  exit 1
fi

work="$(mktemp -d)"
cloud_pid=""
cleanup() {
  if [ -n "$cloud_pid" ]; then kill "$cloud_pid" 2>/dev/null || true; wait "$cloud_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== e2e: build the website and the cloud binary"
(cd frontend && npm run --silent build && npm run --silent size)
# The cloud embeds cloud/web/dist at compile time (as `make frontend` does).
find cloud/web/dist -mindepth 1 ! -name .keep -delete
cp -R frontend/dist/. cloud/web/dist/
(cd cloud && go build -o "$work/lifetag-cloud" ./cmd/lifetag-cloud)

# A free loopback port: bind port 0, read what the kernel gave, release it.
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
base="http://127.0.0.1:$port"

echo "== e2e: start the cloud on $base"
HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" LIFETAG_ENV=development \
  LOG_LEVEL=warn ADMIN_EMAILS="admin@lifetag.test,fulfilment@lifetag.test,plans@lifetag.test,a11y@lifetag.test" RATE_LIMIT_PER_IP=10000 RATE_LIMIT_PER_ADDRESS=10000 RATE_LIMIT_ANALYTICS_PER_IP=10000 TRIAL_REGISTRATIONS_PER_DAY=10000 \
  RATE_LIMIT_MAIL_PER_RECIPIENT=10000 RATE_LIMIT_MAIL_PER_CALLER=10000 RATE_LIMIT_MAIL_PER_ORGANIZATION=10000 RATE_LIMIT_COLLECT_MALFORMED_PER_IP=10000 \
  "$work/lifetag-cloud" >"$work/cloud.log" 2>&1 &
cloud_pid=$!
for _ in $(seq 1 100); do
  if curl -fsS "$base/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$cloud_pid" 2>/dev/null; then cat "$work/cloud.log" >&2; exit 1; fi
  sleep 0.1
done

echo "== e2e: Playwright journeys"
status=0
(cd frontend && E2E_BASE_URL="$base" E2E_OUTBOX="$work/data/outbox" CHROMIUM="$CHROMIUM" npx playwright test "$@") || status=1
if [ "$status" -ne 0 ]; then echo "-- cloud log:"; tail -50 "$work/cloud.log"; fi
exit $status
