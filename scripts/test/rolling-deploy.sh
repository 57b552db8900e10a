#!/usr/bin/env bash
# A rolling deploy under load, through the reference proxy setup
# (deploy/haproxy/lifetag.cfg, run by Debian's haproxy in the foreground as
# an unprivileged user on loopback ports): two cloud instances on one
# PostgreSQL, an organisation with a write API key, and a steady mixed load
# (scripts/test/rolling-load.go: library reads, HR upserts by external id
# with Idempotency-Keys, now and then a labels PDF that records a print
# run). During the load instance 1, then instance 2, is sent SIGTERM,
# waited for, and replaced by the new release (a copy of the binary under
# test), each only once the proxy has the other back in service. Each must
# be taken out of service by the proxy while it still accepts connections;
# then every request must have been answered as expected, none sent twice
# by the proxy, and every acknowledged upsert must be in the database.
# Prints exactly, and adds to make test's figures:
#   deploy: 2 instances restarted under load, N requests, 0 failed, 0 lost
# The instances start on the previous release, built from
# ROLLING_PREVIOUS (a commit; the last one landed before this release,
# moved on at each release; "none" starts both on the binary under test),
# so the first new instance migrates the schema while the second, still the
# previous release, serves the load on it; and before the second is
# replaced, the previous release is also started afresh on the new schema
# and must answer health, a sign-in and a library read. That second Go
# build costs about 15 s with a warm build cache, 1-2 min without.
# ROLLING_DRAIN_SECONDS sets the instances' DRAIN_SECONDS (2, more than the
# proxy's check interval x fall of 1 s); with 0 the test fails: an
# instance stops accepting while the proxy still sends to it.
# Needs haproxy, PostgreSQL (scripts/postgres.sh: a fresh database on
# $LIFETAG_PG_SERVER, as make test gives) and the cloud binary
# ($LIFETAG_CLOUD_BIN, or it builds one).
set -euo pipefail
cd "$(dirname "$0")/../.."

DRAIN=${ROLLING_DRAIN_SECONDS:-2}
PREVIOUS=${ROLLING_PREVIOUS:-f1a74f8}
OFFICER=officer@rolling.test
PASSWORD=rolling-password-1

fail() { # MESSAGE [LOG...]: says what is wrong, shows the logs named, stops.
  echo "test-rolling-deploy: $1" >&2
  shift
  for log in "$@"; do echo "-- $log:" >&2; tail -20 "$log" >&2; done
  exit 1
}
command -v haproxy >/dev/null || fail "haproxy is not installed (scripts/setup.sh installs it)"

. scripts/postgres.sh
postgres_start
work=$(mktemp -d /tmp/lifetag-rolling.XXXXXX)
chmod 755 "$work"
declare -A cloud_pids=()
proxy_pid=""
load_pid=""
cleanup() {
  for pid in $load_pid "${cloud_pids[@]}" $proxy_pid; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  [ ! -d "$work/previous" ] || git worktree remove --force "$work/previous"
  rm -rf "$work"
  postgres_stop
}
trap cleanup EXIT

bin="${LIFETAG_CLOUD_BIN:-}"
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  bin="$work/lifetag-cloud"
  GOWORK=off scripts/build/cloud.sh "$bin"
fi
# The release being deployed: another file, as a package upgrade leaves it.
cp "$bin" "$work/lifetag-cloud-new"
# The release deployed before it, from its own checkout.
previous_bin="$bin"
if [ "$PREVIOUS" != none ] && ! git rev-parse --verify -q "$PREVIOUS^{commit}" >/dev/null &&
  [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  # A shallow clone (some CI checkouts) has no history to build it from.
  echo "== rolling deploy: the previous release $PREVIOUS is not in this shallow clone: not built (fetch it to check it)"
  PREVIOUS=none
fi
if [ "$PREVIOUS" != none ]; then
  git rev-parse --verify -q "$PREVIOUS^{commit}" >/dev/null ||
    fail "the previous release's commit $PREVIOUS is not in this clone (fetch it, or ROLLING_PREVIOUS=none)"
  echo "== rolling deploy: the previous release, $(git log -1 --format='%h %cs' "$PREVIOUS"), built"
  git worktree add -q --detach "$work/previous" "$PREVIOUS"
  (cd "$work/previous" && env -u LIFETAG_CLOUD_BIN GOWORK=off scripts/build/cloud.sh "$work/lifetag-cloud-previous")
  previous_bin="$work/lifetag-cloud-previous"
fi
GOWORK=off go build -o "$work/rolling-load" scripts/test/rolling-load.go

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
ports=("" "$(free_port)" "$(free_port)" "$(free_port)")
data_key=$(head -c 32 /dev/urandom | base64)

start_cloud() { # N BINARY: instance N (1, 2; 3 beside the proxy) on its port, its own data directory (outbox)
  env DATABASE_URL="$LIFETAG_TEST_DATABASE_URL" HOST=127.0.0.1 PORT="${ports[$1]}" \
    DATA_DIR="$work/data$1" DATA_KEY="$data_key" LOG_LEVEL=warn DRAIN_SECONDS="$DRAIN" \
    TRUST_PROXY_HEADERS=true RATE_LIMIT_PER_IP=100000000 RATE_LIMIT_PER_ADDRESS=100000000 \
    RATE_LIMIT_PER_API_KEY=100000000 RATE_LIMIT_API_PER_CLIENT=100000000 \
    "$2" >>"$work/cloud$1.log" 2>&1 &
  cloud_pids[$1]=$!
}
wait_ready() { # N: instance N's own readiness
  wait_until "${cloud_pids[$1]}" curl -fsS "http://127.0.0.1:${ports[$1]}/api/ready" ||
    fail "instance $1 did not become ready" "$work/cloud$1.log"
}
# One after the other: the first migrates an empty database, and two
# instances migrating it at once collide.
for n in 1 2; do
  start_cloud "$n" "$previous_bin"
  wait_ready "$n"
done

# The proxy: the reference file as it ships, after a global section of the
# test's own (logs to stdout, an admin socket to read the servers' states).
proxy_port=$(free_port)
cat >"$work/global.cfg" <<CFG
global
  log stdout format raw local0
  stats socket $work/haproxy.sock mode 600 level admin
CFG
cp deploy/haproxy/lifetag.cfg "$work/lifetag.cfg"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  chown nobody "$work"
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
env LIFETAG_PROXY_BIND="127.0.0.1:$proxy_port" LIFETAG_CLOUD1="127.0.0.1:${ports[1]}" \
  LIFETAG_CLOUD2="127.0.0.1:${ports[2]}" "${as_user[@]}" \
  haproxy -db -f "$work/global.cfg" -f "$work/lifetag.cfg" >"$work/haproxy.log" 2>&1 &
proxy_pid=$!
base="http://127.0.0.1:$proxy_port"

# proxy_state N: UP, DOWN (or a transition such as "UP 1/2") as the proxy
# sees instance N.
proxy_state() {
  python3 - "$work/haproxy.sock" "cloud$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(b"show stat\n")
out = b""
while chunk := s.recv(65536):
    out += chunk
lines = out.decode().splitlines()
head = lines[0].lstrip("# ").split(",")
for line in lines[1:]:
    row = dict(zip(head, line.split(",")))
    if row.get("pxname") == "lifetag_cloud" and row.get("svname") == sys.argv[2]:
        print(row["status"])
PY
}
in_service() { [ "$(proxy_state "$1" 2>/dev/null)" = UP ]; }
wait_in_service() { # N: the proxy has instance N UP
  wait_until "$proxy_pid" in_service "$1" ||
    fail "the proxy does not have instance $1 in service (state '$(proxy_state "$1" 2>/dev/null || true)')" "$work/haproxy.log" "$work/cloud$1.log"
}
for n in 1 2; do wait_in_service "$n"; done

# The organisation and its write key, through the proxy: a trial sign-up,
# its owner's password from the mailed link (either instance may send it,
# into its own outbox), then a key made as the owner makes one.
post() { # path, JSON body, [bearer token]
  curl -fsS -X POST "$base$1" -H 'Content-Type: application/json' \
    ${3:+-H "Authorization: Bearer $3"} --data "$2"
}
field() { # name: a JSON string or number field from stdin
  grep -o "\"$1\":\"\\{0,1\\}[^\",}]*" | head -n 1 | sed 's/.*:"\{0,1\}//'
}
post /api/corporate/register "{\"name\":\"Rolling Scaffolding Ltd\",\"contactEmail\":\"$OFFICER\"}" >/dev/null
# Either instance may send it.
token=$(mailed_token 0 "$OFFICER" "$work/data1/outbox" "$work/data2/outbox") || fail "no set-up mail for $OFFICER in either outbox" "$work/cloud1.log" "$work/cloud2.log"
org=$(post /api/corporate/setup-password "{\"token\":\"$token\",\"password\":\"$PASSWORD\"}" | field organizationId)
[ -n "$org" ] || fail "the trial's set-up link made no organisation"
officer=$(curl -fsS -X POST "$base/api/corporate/login" -H 'Content-Type: application/json' \
  -H 'X-Lifetag-Session: bearer' --data "{\"email\":\"$OFFICER\",\"password\":\"$PASSWORD\"}" | field sessionToken)
[ -n "$officer" ] || fail "the officer could not sign in"
key=$(post "/api/corporate/$org/api-keys" '{"name":"HR sync","scope":"write"}' "$officer" | field secret)
[ -n "$key" ] || fail "no API key was made"
# Room for every worker the load sends (a trial's library is small).
psql -q -v ON_ERROR_STOP=1 "$LIFETAG_TEST_DATABASE_URL" -c "UPDATE organizations SET max_qr_codes = 1000000 WHERE id = $org"

# previous_on_new_schema: the previous release, started afresh on the
# schema the new one has migrated (as a rollback, or an instance restarted
# mid-deploy, would be), answers health, a sign-in and a library read that
# finds a code written since.
previous_on_new_schema() {
  local direct="http://127.0.0.1:${ports[3]}" latest session
  start_cloud 3 "$previous_bin"
  wait_ready 3
  curl -fsS "$direct/api/health" | grep -q '"status":"ok"' || fail "the previous release's health on the new schema" "$work/cloud3.log"
  session=$(curl -fsS -X POST "$direct/api/corporate/login" -H 'Content-Type: application/json' \
    -H 'X-Lifetag-Session: bearer' --data "{\"email\":\"$OFFICER\",\"password\":\"$PASSWORD\"}" | field sessionToken)
  [ -n "$session" ] || fail "the previous release does not sign in on the new schema" "$work/cloud3.log"
  latest=$(tail -n 1 "$work/acked.txt")
  curl -fsS "$direct/api/corporate/$org/qr-codes?externalId=$latest" -H "Authorization: Bearer $key" |
    grep -q "\"externalId\":\"$latest\"" || fail "the previous release does not read code $latest on the new schema" "$work/cloud3.log"
  kill -TERM "${cloud_pids[3]}"
  wait "${cloud_pids[3]}" || fail "the previous release did not stop cleanly" "$work/cloud3.log"
  unset 'cloud_pids[3]'
  echo "rolling deploy: the previous release, started on the new schema, answers health, a sign-in and a library read"
}

schema_version() {
  psql -tA "$LIFETAG_TEST_DATABASE_URL" -c 'SELECT max(version_id) FROM goose_db_version WHERE is_applied'
}
schema_before=$(schema_version)

echo "== rolling deploy: load through the proxy, instance 1 then 2 restarted (DRAIN_SECONDS=$DRAIN)"
touch "$work/acked.txt"
"$work/rolling-load" "$base" "$org" "$key" "$work/acked.txt" >"$work/load.out" 2>"$work/load.err" &
load_pid=$!
# Some load first, so that the restarts fall on a steady stream.
acked_at_least() { [ "$(wc -l <"$work/acked.txt")" -ge "$1" ]; }
wait_until "$load_pid" acked_at_least 20 || fail "the load program acknowledged no writes" "$work/load.err"
for n in 1 2; do
  started=$SECONDS
  kill -TERM "${cloud_pids[$n]}"
  # The drain as the proxy sees it: the instance, its readiness failing, is
  # taken out of service while it still accepts connections. Were it to
  # close its listener first, every request sent to it meanwhile would
  # depend on the proxy trying it again elsewhere.
  while :; do
    state=$(proxy_state "$n" 2>/dev/null || true)
    [[ "$state" == DOWN* ]] && break
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${ports[$n]}/api/ready" || true)
    [ "$code" != 000 ] ||
      fail "instance $n stopped accepting before the proxy took it out of service (proxy state '$state'): DRAIN_SECONDS=$DRAIN is not longer than the checks' inter x fall"
    sleep 0.05
  done
  echo "rolling deploy: instance $n out of service $((SECONDS - started)) s after SIGTERM, still accepting"
  status=0
  wait "${cloud_pids[$n]}" || status=$?
  [ "$status" -eq 0 ] || fail "instance $n exited with $status after SIGTERM" "$work/cloud$n.log"
  start_cloud "$n" "$work/lifetag-cloud-new"
  wait_ready "$n"
  wait_in_service "$n"
  echo "rolling deploy: instance $n restarted, back in service after $((SECONDS - started)) s"
  if [ "$n" = 1 ]; then
    echo "rolling deploy: schema $schema_before, now $(schema_version), while instance 2 served on the previous release"
    [ "$PREVIOUS" = none ] || previous_on_new_schema
  fi
done
# Some load on the new release too.
acked_then=$(wc -l <"$work/acked.txt")
wait_until "$load_pid" acked_at_least $((acked_then + 20)) || fail "the load program acknowledged no writes on the new release" "$work/load.err"
kill -INT "$load_pid"
wait "$load_pid" || fail "the load program failed" "$work/load.err"
load_pid=""
cat "$work/load.err" >&2
summary=$(cat "$work/load.out")
echo "$summary"
read -r requests failed <<<"$(awk '{ print $2, $4 }' <<<"$summary")"

# Every acknowledged upsert is in the library, once.
psql -tA "$LIFETAG_TEST_DATABASE_URL" -c "SELECT external_id FROM organization_qr_codes WHERE organization_id = $org" |
  sort >"$work/stored.txt"
sort -u "$work/acked.txt" >"$work/acked-sorted.txt"
lost=$(comm -23 "$work/acked-sorted.txt" "$work/stored.txt" | wc -l)

# HAProxy's log line of a request counts its retries last in the
# connection counts ("+N" when sent to the other instance). With the drain
# none is needed: the retries are the proxy's safety net, not the plan.
retried=$(grep -cE ' [0-9]+/[0-9]+/[0-9]+/[0-9]+/\+?[1-9][0-9]* [0-9]+/[0-9]+ "' "$work/haproxy.log" || true)
echo "rolling deploy: $retried requests sent again by the proxy on the other instance"
line="deploy: 2 instances restarted under load, $requests requests, $failed failed, $lost lost"
echo "$line"
[ "$failed" -eq 0 ] && [ "$lost" -eq 0 ] && [ "$requests" -gt 0 ] ||
  fail "requests were dropped or writes lost in the deploy"
[ "$retried" -eq 0 ] || fail "the proxy had to send $retried requests again: an instance closed while still in service"
[ -z "${LIFETAG_TEST_REPORT:-}" ] || echo "$line" >>"$LIFETAG_TEST_REPORT"
