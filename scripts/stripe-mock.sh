# Sourced by the test script: runs stripe-mock (Stripe's official API mock) on
# loopback for the stripe-go tests, and stops it afterwards.
#
#   . scripts/stripe-mock.sh
#   stripe_mock_start   # exports LIFETAG_TEST_STRIPE_URL
#   stripe_mock_stop

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

STRIPE_MOCK_VERSION=v0.203.0
_stripe_mock_pid=""

stripe_mock_start() {
  local bin http_port https_port
  bin="$(go env GOPATH)/bin/stripe-mock"
  if [ ! -x "$bin" ]; then
    echo "stripe-mock: installing $STRIPE_MOCK_VERSION"
    go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  fi
  local first=12111 tries
  # Another run on this machine can take a port between the look and the
  # bind: then this stripe-mock exits, and the next free port is tried
  # (what answers on the port must be this run's own process).
  for tries in 1 2 3 4 5; do
    http_port=$(free_port "$first" 12199)
    https_port=$(free_port $((http_port + 1)) 12299)
    "$bin" -http-addr "127.0.0.1:$http_port" -https-addr "127.0.0.1:$https_port" >"${TMPDIR:-/tmp}/stripe-mock.$$.log" 2>&1 &
    _stripe_mock_pid=$!
    if wait_for_port "$http_port" "$_stripe_mock_pid" && kill -0 "$_stripe_mock_pid" 2>/dev/null; then
      break
    fi
    wait "$_stripe_mock_pid" 2>/dev/null || true
    _stripe_mock_pid=""
    first=$((https_port + 1))
  done
  [ -n "$_stripe_mock_pid" ] || { cat "${TMPDIR:-/tmp}/stripe-mock.$$.log" >&2; return 1; }
  export LIFETAG_TEST_STRIPE_URL="http://127.0.0.1:$http_port"
  echo "stripe-mock: on 127.0.0.1:$http_port"
}

stripe_mock_stop() {
  if [ -n "$_stripe_mock_pid" ]; then
    kill "$_stripe_mock_pid" 2>/dev/null || true
    wait "$_stripe_mock_pid" 2>/dev/null || true
    rm -f "${TMPDIR:-/tmp}/stripe-mock.$$.log"
  fi
  _stripe_mock_pid=""
}
