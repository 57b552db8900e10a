#!/usr/bin/env bash
# `make bench`, API part: the cloud on a throwaway PostgreSQL, loaded by wrk
# for 20 s with an authenticated sync pull; then sign-in, measured apart
# because argon2id is slow on purpose; then the same pull on two instances on
# the one database (as behind a load balancer: each wrk thread with its 8
# connections on one instance); then metrics and tracing on against off:
# the pull on an instance with METRICS_ADDR, scraped, and its traces
# exported over OTLP (a tenth of the requests sampled, as a production
# deployment would; BENCH_TRACES_SAMPLER=always_on traces every one), and
# the first instance, in turn, OBSERVED_ROUNDS times each, so that the
# machine's drift falls on both alike. Prints exactly:
#   api: N req/s p99 X ms errors E
#   login: N req/s p99 X ms errors E
#   api: N req/s p99 X ms errors E (2 instances, one PostgreSQL)
#   api: N req/s p99 X ms errors E (metrics and tracing on; off: M req/s p99 Y ms, alternated R times: D %; CPU a request A us against B us, C %)
set -euo pipefail
cd "$(dirname "$0")/../.."

API_SECONDS=${BENCH_API_SECONDS:-20}
LOGIN_SECONDS=${BENCH_LOGIN_SECONDS:-10}
OBSERVED_ROUNDS=${BENCH_OBSERVED_ROUNDS:-3}
if [ "${BENCH_SMOKE:-}" = 1 ]; then API_SECONDS=2 LOGIN_SECONDS=1 OBSERVED_ROUNDS=1; fi # scripts/bench/all.sh
EMAIL=bench@lifetag.test
PASSWORD=bench-password-1

. scripts/postgres.sh
postgres_start >&2

work=$(mktemp -d /tmp/lifetag-bench.XXXXXX)
cloud_pid=""
cloud2_pid=""
observed_pid=""
sink_pid=""
cleanup() {
  for pid in $cloud_pid $cloud2_pid $observed_pid $sink_pid; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
  postgres_stop
}
trap cleanup EXIT

free_port() { # [first port to try]
  local port first=${1:-18080}
  for port in $(seq "$first" $((first + 100))); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "bench-api: no free port" >&2
  return 1
}

GOWORK=off scripts/build/cloud.sh "$work/lifetag-cloud"
port=$(free_port)
base="http://127.0.0.1:$port"

# Development mode (mail goes to the outbox), PostgreSQL, the bench account
# seeded as an admin (the only way to make an account without a payment),
# and rate limits out of the way of the login run. Every instance has the
# one data key (they read each other's sealed records) and its own data
# directory (the outbox).
data_key=$(head -c 32 /dev/urandom | base64)
started_pid=""
start_cloud() { # port, data directory, log file, [VAR=value...]; sets started_pid
  env DATABASE_URL="$LIFETAG_TEST_DATABASE_URL" HOST=127.0.0.1 PORT="$1" "${@:4}" \
    DATA_DIR="$2" DATA_KEY="$data_key" LOG_LEVEL=warn ADMIN_EMAILS="$EMAIL" \
    RATE_LIMIT_PER_IP=100000000 RATE_LIMIT_PER_ADDRESS=100000000 RATE_LIMIT_API_PER_CLIENT=100000000 \
    "$work/lifetag-cloud" >"$3" 2>&1 &
  started_pid=$!
}
wait_ready() { # base URL, pid, log file
  wait_until "$2" curl -fsS "$1/api/ready" || { cat "$3" >&2; exit 1; }
}
start_cloud "$port" "$work/data" "$work/cloud.log"
cloud_pid=$started_pid
wait_ready "$base" "$cloud_pid" "$work/cloud.log"

post() { # path, JSON body, [token]
  curl -fsS -X POST "$base$1" -H 'Content-Type: application/json' \
    ${3:+-H "Authorization: Bearer $3"} --data "$2"
}
field() { # name: reads a JSON string field from stdin
  grep -o "\"$1\":\"[^\"]*\"" | head -n 1 | cut -d'"' -f4
}

# A seeded admin gets its set-password link by mail only (the development
# outbox); wait for it.
setup_token=$(mailed_token "$cloud_pid" "" "$work/data/outbox") || { echo "bench-api: no set-password mail in the outbox" >&2; exit 1; }
post /api/auth/set-password "{\"email\":\"$EMAIL\",\"token\":\"$setup_token\",\"password\":\"$PASSWORD\"}" >/dev/null
login_body="{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}"
# As a bearer-token client (the station's way): the token comes in the body.
session=$(curl -fsS -X POST "$base/api/auth/login" -H 'Content-Type: application/json' \
  -H 'X-Lifetag-Session: bearer' --data "$login_body" | field sessionToken)
post /api/sync/emergency-data "{\"email\":\"$EMAIL\",\"emergencyData\":{
  \"personalInfo\":{\"fullName\":\"Bench Rider\",\"email\":\"$EMAIL\",\"dateOfBirth\":\"1990-04-01\",\"bloodType\":\"O+\",\"weight\":72},
  \"emergencyContacts\":[{\"id\":\"c1\",\"name\":\"Contact One\",\"relationship\":\"Sister\",\"phone\":\"+44 7700 900123\"}],
  \"medicalInfo\":{\"allergies\":\"Penicillin\",\"medications\":\"None\",\"conditions\":\"Asthma\",\"notes\":\"Carries an inhaler\"}}}" \
  "$session" >/dev/null
pull="$base/api/sync/emergency-data/${EMAIL/@/%40}"
curl -fsS -H "Authorization: Bearer $session" "$pull" >/dev/null

# summarize NAME < wrk --latency output: one line, p99 in milliseconds,
# errors = socket errors + non-2xx/3xx answers.
summarize() {
  awk -v name="$1" '
    function ms(v) {
      if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
      if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
      if (v ~ /m$/)  return substr(v, 1, length(v) - 1) * 60000
      if (v ~ /s$/)  return substr(v, 1, length(v) - 1) * 1000
      return v + 0
    }
    /Requests\/sec:/ { rps = $2 }
    $1 == "99%" { p99 = ms($2) }
    /Socket errors:/ { for (i = 3; i <= NF; i += 2) { gsub(",", "", $(i + 1)); errors += $(i + 1) } }
    /Non-2xx or 3xx responses:/ { errors += $NF }
    END { printf "%s: %d req/s p99 %.1f ms errors %d\n", name, rps, p99, errors }'
}

wrk -t2 -c16 -d"${API_SECONDS}s" --latency -H "Authorization: Bearer $session" "$pull" >"$work/api.txt"
summarize api <"$work/api.txt"

cat >"$work/login.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$login_body'
LUA
wrk -t2 -c4 -d"${LOGIN_SECONDS}s" --latency -s "$work/login.lua" "$base/api/auth/login" >"$work/login.txt"
summarize login <"$work/login.txt"

# Two instances on the one database: a second process, and one wrk as for
# one instance (2 threads, 16 connections) whose threads each load one
# instance (setup gives each thread its address), so that the two lines
# differ only in the number of cloud processes. A thread whose instance did
# not answer would count connect errors.
port2=$(free_port)
base2="http://127.0.0.1:$port2"
start_cloud "$port2" "$work/data2" "$work/cloud2.log"
cloud2_pid=$started_pid
wait_ready "$base2" "$cloud2_pid" "$work/cloud2.log"
curl -fsS -H "Authorization: Bearer $session" "$base2/api/sync/emergency-data/${EMAIL/@/%40}" >/dev/null # the session works on both
cat >"$work/two.lua" <<LUA
local ports = { "$port", "$port2" }
local threads = 0
function setup(thread)
  threads = threads + 1
  thread.addr = wrk.lookup("127.0.0.1", ports[(threads - 1) % 2 + 1])[1]
end
LUA
wrk -t2 -c16 -d"${API_SECONDS}s" --latency -s "$work/two.lua" -H "Authorization: Bearer $session" "$pull" >"$work/api-two.txt"
summarize api <"$work/api-two.txt" | sed 's/$/ (2 instances, one PostgreSQL)/'

# Metrics and tracing on against off, on one instance at a time: the first
# instance (off) and a third with METRICS_ADDR (scraped every second, as a
# busy Prometheus would not) and a tenth of its requests traced, their spans sent over
# OTLP to a sink that drops them (scripts/bench/otlp-sink.go: the cost
# measured is the cloud's, not a collector's). The two are loaded in turn,
# each for a third of API_SECONDS a round; the line sums each side's rounds.
kill "$cloud2_pid"
wait "$cloud2_pid" 2>/dev/null || true
cloud2_pid=""
GOWORK=off go build -o "$work/otlp-sink" scripts/bench/otlp-sink.go
sink_port=$(free_port 19080)
"$work/otlp-sink" "127.0.0.1:$sink_port" 2>"$work/sink.log" &
sink_pid=$!
port3=$(free_port)
metrics_port=$(free_port 19180) # apart from port3, which is not bound yet
start_cloud "$port3" "$work/data3" "$work/cloud3.log" METRICS_ADDR="127.0.0.1:$metrics_port" \
  OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$sink_port" OTEL_BSP_SCHEDULE_DELAY=1000 \
  OTEL_TRACES_SAMPLER="${BENCH_TRACES_SAMPLER:-parentbased_traceidratio}" OTEL_TRACES_SAMPLER_ARG="${BENCH_TRACES_SAMPLER_ARG:-0.1}"
observed_pid=$started_pid
base3="http://127.0.0.1:$port3"
wait_ready "$base3" "$observed_pid" "$work/cloud3.log"
( while sleep 1; do curl -fsS "http://127.0.0.1:$metrics_port/metrics" >/dev/null || true; done ) &
scraper_pid=$!
# A machine shared with other work makes the rate drift; the CPU time each
# process spent per request served (/proc/PID/stat: user and system ticks
# of 10 ms) hardly does, so the line gives both.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
round_seconds=$(( (API_SECONDS + 2) / 3 ))
for round in $(seq 1 "$OBSERVED_ROUNDS"); do
  # Which goes first alternates too.
  order="off on"
  [ $((round % 2)) = 0 ] && order="on off"
  for side in $order; do
    target="$pull" pid="$cloud_pid"
    [ "$side" = on ] && target="$base3/api/sync/emergency-data/${EMAIL/@/%40}" pid="$observed_pid"
    before=$(cpu_ticks "$pid")
    wrk -t2 -c16 -d"${round_seconds}s" --latency -H "Authorization: Bearer $session" "$target" >"$work/$side-$round.txt"
    echo "$side $(($(cpu_ticks "$pid") - before)) $(awk '/requests in/ { print $1 }' "$work/$side-$round.txt")" >>"$work/cpu.txt"
  done
done
kill "$scraper_pid"
wait "$scraper_pid" 2>/dev/null || true
# The traces did go out (the sink says so at the first, within a second:
# OTEL_BSP_SCHEDULE_DELAY below; it counts them all when it stops).
for _ in $(seq 1 50); do
  grep -q "otlp-sink: first export" "$work/sink.log" && break
  sleep 0.1
done
kill "$sink_pid"
wait "$sink_pid" 2>/dev/null || true
sink_pid=""
grep -q "otlp-sink: [1-9][0-9]* exports" "$work/sink.log" || { echo "bench-api: no traces reached the OTLP sink" >&2; cat "$work/sink.log" "$work/cloud3.log" >&2; exit 1; }
{
  for side in off on; do
    for round in $(seq 1 "$OBSERVED_ROUNDS"); do summarize "$side" <"$work/$side-$round.txt"; done
  done
  sed 's/^/cpu /' "$work/cpu.txt"
} | awk '
  $1 == "cpu" { ticks[$2] += $3; served[$2] += $4; next }
  { sub(":", "", $1); rps[$1] += $2; n[$1]++; if ($5 > p99[$1]) p99[$1] = $5; errors[$1] += $8 }
  END {
    on = rps["on"] / n["on"]; off = rps["off"] / n["off"]
    cpu_on = ticks["on"] * 10000 / served["on"]; cpu_off = ticks["off"] * 10000 / served["off"]
    printf "api: %d req/s p99 %.1f ms errors %d (metrics and tracing on; off: %d req/s p99 %.1f ms, alternated %d times: %+.1f %%; CPU a request %.0f us against %.0f us, %+.1f %%)\n",
      on, p99["on"], errors["on"] + errors["off"], off, p99["off"], n["on"], (on - off) / off * 100,
      cpu_on, cpu_off, (cpu_on - cpu_off) / cpu_off * 100
  }'
