#!/usr/bin/env bash
# The cloud's metrics as a real Prometheus (Debian's `prometheus`) sees
# them: two cloud instances on one PostgreSQL, each serving /metrics on its
# METRICS_ADDR, scraped every second during a short mixed load (sign-ins
# that succeed, fail and are refused, record syncs, label PDFs and PNGs,
# pages that are not there). Then, through Prometheus' HTTP API: the
# request, pool, label file and sign-in series hold both instances' values,
# both are ready, the alerting rules of deploy/prometheus are loaded and
# none fires, and every panel of the Grafana dashboard is valid PromQL.
# Also `promtool check metrics` on a scrape, `promtool check rules` and
# `promtool test rules` (deploy/prometheus/alerts_test.yml).
# Needs PostgreSQL ($LIFETAG_TEST_DATABASE_URL, as make test gives) and the
# cloud binary ($LIFETAG_CLOUD_BIN, or it builds one).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib.sh

rules=deploy/prometheus/alerts.yml
echo "== prometheus: promtool check rules, test rules"
promtool check rules "$rules"
promtool test rules deploy/prometheus/alerts_test.yml

if [ -z "${LIFETAG_TEST_DATABASE_URL:-}" ]; then
  echo "test-prometheus: LIFETAG_TEST_DATABASE_URL is not set (make test starts PostgreSQL)" >&2
  exit 1
fi

work=$(mktemp -d /tmp/lifetag-prometheus.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

cloud_bin="$work/lifetag-cloud"
GOWORK=off scripts/build/cloud.sh "$cloud_bin"

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
# fail MESSAGE [LOG...]: says what is wrong, shows the logs named, stops.
fail() {
  echo "test-prometheus: $1" >&2
  shift
  for log in "$@"; do echo "-- $log:" >&2; tail -20 "$log" >&2; done
  exit 1
}
wait_for() { # URL, pid, log: until URL answers (or pid ends)
  wait_until "$2" curl -fsS "$1" || fail "$1 did not answer" "$3"
}

# Two instances as behind a load balancer: one database, one data key, a
# data directory (outbox) and a metrics address each. The sign-in limit per
# client and address is low, so that a run of wrong passwords is refused.
EMAIL=metrics@lifetag.test
PASSWORD=metrics-password-1
data_key=$(head -c 32 /dev/urandom | base64)
bases=()
targets=()
for n in 1 2; do
  port=$(free_port)
  metrics_port=$(free_port)
  env DATABASE_URL="$LIFETAG_TEST_DATABASE_URL" HOST=127.0.0.1 PORT="$port" METRICS_ADDR="127.0.0.1:$metrics_port" \
    DATA_DIR="$work/data$n" DATA_KEY="$data_key" LOG_LEVEL=warn ADMIN_EMAILS="$EMAIL" \
    RATE_LIMIT_PER_ADDRESS=3 RATE_LIMIT_PER_IP=100000 RATE_LIMIT_API_PER_CLIENT=100000 \
    "$cloud_bin" >"$work/cloud$n.log" 2>&1 &
  pids+=($!)
  wait_for "http://127.0.0.1:$port/api/ready" "$!" "$work/cloud$n.log"
  bases+=("http://127.0.0.1:$port")
  targets+=("127.0.0.1:$metrics_port")
done

prom_port=$(free_port)
cp "$rules" "$work/alerts.yml"
cat >"$work/prometheus.yml" <<YAML
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [alerts.yml]
scrape_configs:
  - job_name: lifetag
    static_configs:
      - targets: ["${targets[0]}", "${targets[1]}"]
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
prom_pid=$!
pids+=("$prom_pid")
prom="http://127.0.0.1:$prom_port"
wait_for "$prom/-/ready" "$prom_pid" "$work/prometheus.log"

# The account: ADMIN_EMAILS seeds it and each instance's start queues a
# new set-password link, the second's replacing the first's. Either
# instance may deliver a job of the one queue, into its own outbox (the
# development mailer). The links there are tried until one sets the
# password: the live one may not have been sent yet.
base="${bases[0]}"
post() { # base, path, JSON body, [token]: the answer's body on stdout
  curl -sS --fail-with-body -X POST "$1$2" -H 'Content-Type: application/json' ${4:+-H "Authorization: Bearer $4"} --data "$3"
}
set_password_by_mail() { # tries each mailed link in turn; true once one is live
  local token
  for token in $(cat "$work"/data1/outbox/*.txt "$work"/data2/outbox/*.txt 2>/dev/null | grep -o 'token=[A-Za-z0-9_-]*' | cut -d= -f2 | sort -u); do
    post "$base" /api/auth/set-password "{\"email\":\"$EMAIL\",\"token\":\"$token\",\"password\":\"$PASSWORD\"}" && return 0
  done
  return 1
}
wait_until 0 set_password_by_mail || fail "no live set-password link in the outboxes" "$work/cloud1.log" "$work/cloud2.log"
login() { # base: a session token
  curl -fsS -X POST "$1/api/auth/login" -H 'Content-Type: application/json' -H 'X-Lifetag-Session: bearer' \
    --data "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" | grep -o '"sessionToken":"[^"]*"' | cut -d'"' -f4
}
session=$(login "$base")
record="{\"personalInfo\":{\"fullName\":\"Metrics Rider\",\"email\":\"$EMAIL\",\"bloodType\":\"O+\"},
  \"emergencyContacts\":[{\"id\":\"c1\",\"name\":\"Contact One\",\"relationship\":\"Sister\",\"phone\":\"+44 7700 900123\"}],
  \"medicalInfo\":{\"allergies\":\"None\",\"medications\":\"None\",\"conditions\":\"None\",\"notes\":\"\"}}"
post "$base" /api/sync/emergency-data "{\"email\":\"$EMAIL\",\"emergencyData\":$record}" "$session" >/dev/null
# Print access, through the local test checkout (development mode).
secret=$(post "$base" /api/create-payment-intent "{\"type\":\"print\",\"email\":\"$EMAIL\"}" "$session" |
  grep -o '"clientSecret":"[^"]*"' | cut -d'"' -f4)
post "$base" /api/test-checkout/confirm "{\"clientSecret\":\"$secret\",\"cardNumber\":\"4242424242424242\"}" >/dev/null

echo "== prometheus: a mixed load on both instances, scraped every second"
pull_path="/api/sync/emergency-data/${EMAIL/@/%40}"
sheet="{\"email\":\"$EMAIL\",\"labelOptions\":{\"labelType\":\"helmet\",\"paperSize\":\"a4\",\"printQuality\":\"standard\"},\"emergencyData\":$record}"
tokens=("$(login "${bases[0]}")" "$(login "${bases[1]}")")
for n in 0 1; do
  b="${bases[$n]}" token="${tokens[$n]}"
  for _ in $(seq 1 5); do
    # Wrong passwords for an address of each instance's own (the counts are
    # shared): three fail, then the guard refuses (RATE_LIMIT_PER_ADDRESS=3).
    curl -sS -o /dev/null -X POST "$b/api/auth/login" -H 'Content-Type: application/json' \
      --data "{\"email\":\"nobody$n@lifetag.test\",\"password\":\"not-the-password\"}"
  done
  for _ in $(seq 1 40); do curl -fsS -o /dev/null -H "Authorization: Bearer $token" "$b$pull_path"; done
  post "$b" /api/labels/sheet.pdf "$sheet" "$token" >"$work/sheet.pdf"
  post "$b" /api/labels/lock-screen.png "{\"email\":\"$EMAIL\",\"phone\":\"iphone\",\"emergencyData\":$record}" "$token" >"$work/lock.png"
  head -c 4 "$work/sheet.pdf" | grep -q '%PDF' || fail "$b made no PDF"
  curl -sS -o /dev/null "$b/api/no-such-route"
  curl -sS -o /dev/null "$b/"
done

echo "== prometheus: promtool check metrics on a scrape"
curl -fsS "http://${targets[0]}/metrics" >"$work/scrape.txt"
promtool check metrics <"$work/scrape.txt" || fail "promtool check metrics found problems in the scrape"

# query PROMQL: Prometheus' answer's result, one "instance value" a line.
query() {
  curl -fsS "$prom/api/v1/query" --data-urlencode "query=$1" | python3 -c '
import json, sys
answer = json.load(sys.stdin)
assert answer["status"] == "success", answer
for r in answer["data"]["result"]:
    print(r["metric"].get("instance", "-"), r["value"][1])'
}
# both_instances WHAT PROMQL: PROMQL (summed by instance) answers a value
# above 0 for each instance, once Prometheus has scraped the load.
above_zero_on_both() { # PROMQL
  [ "$(query "$1" | awk '$2 > 0 { print $1 }' | sort -u | grep -cxF -e "${targets[0]}" -e "${targets[1]}")" = 2 ]
}
both_instances() {
  wait_until "$prom_pid" above_zero_on_both "$2" ||
    fail "$1: not both instances in Prometheus: '$(query "$2" | tr '\n' ' ')' ($2)" "$work/prometheus.log"
  echo "prometheus: $1: $(query "$2" | tr '\n' ' ')"
}
both_instances "sync pulls" 'sum by (instance) (lifetag_http_request_duration_seconds_count{route="/api/sync/emergency-data/{email}",method="GET",status_class="2xx"})'
both_instances "requests not found" 'sum by (instance) (lifetag_http_request_duration_seconds_count{status_class="4xx"})'
both_instances "pool connections" 'sum by (instance) (lifetag_db_connections) * 0 + sum by (instance) (lifetag_db_connections_max)'
both_instances "label PDFs" 'sum by (instance) (lifetag_label_render_duration_seconds_count{format="pdf"})'
both_instances "label PNGs" 'sum by (instance) (lifetag_label_size_bytes_sum{format="png"})'
both_instances "sign-ins succeeded" 'sum by (instance) (lifetag_sign_ins_total{outcome="succeeded"})'
both_instances "sign-ins failed" 'sum by (instance) (lifetag_sign_ins_total{outcome="failed"})'
both_instances "sign-ins refused by the guard" 'sum by (instance) (lifetag_sign_ins_total{outcome="limited"})'
both_instances "rate-limit refusals" 'sum by (instance) (lifetag_rate_limit_refusals_total{limit="sign-in-failures"})'
both_instances "ready" 'lifetag_ready'
both_instances "build" 'lifetag_build_info'
# No raw path ever became a route label.
paths=$(query 'count by (route) (lifetag_http_request_duration_seconds_count{route=~".*(@|%40|no-such-route).*"})')
[ -z "$paths" ] || fail "a raw path in a route label: $paths"

# The rules are loaded, healthy, and on this healthy load none fires.
curl -fsS "$prom/api/v1/rules" | python3 -c '
import json, sys
rules = [r for g in json.load(sys.stdin)["data"]["groups"] for r in g["rules"]]
bad = [r["name"] for r in rules if r.get("health") != "ok" and r.get("lastEvaluation", "").startswith("0001")]
firing = [r["name"] for r in rules if r.get("state") == "firing"]
assert len(rules) == 7, "rules loaded: %d" % len(rules)
assert not firing, "firing on a healthy load: %s" % firing
print("prometheus: %d alerting rules loaded, none firing" % len(rules))' || fail "the alerting rules" "$work/prometheus.log"

# Every dashboard panel's query is valid PromQL (the instance variable: all).
python3 -c '
import json, sys
for panel in json.load(open(sys.argv[1]))["panels"]:
    for target in panel["targets"]:
        print(target["expr"].replace("$instance", ".*"))' deploy/prometheus/grafana-dashboard.json >"$work/panels.txt"
panels=0
while IFS= read -r expr; do
  query "$expr" >/dev/null || fail "a dashboard panel's query is not valid: $expr"
  panels=$((panels + 1))
done <"$work/panels.txt"
echo "prometheus: the dashboard's $panels queries answer"
