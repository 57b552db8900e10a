#!/usr/bin/env bash
# `make check`: the minute-to-minute loop (README gives its times).
# Lint, types, the generated-code check and the unit tests of Go and the
# frontend, with no service started: Go tests that need PostgreSQL, CUPS,
# Chromium or Wine skip here, and so do the proofs that rasterise and decode
# whole sheets (go test -short); make test runs them all, strictly. Run it before
# each commit; run `make test` before a merge or a push.
#
# It needs Go, Node and curl and installs only the npm packages: none of the
# Debian packages, which serve the services and tools of the tests that
# skip here, and not the label preview's web fonts, which only a built site
# serves.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/station/tools.sh

scripts/setup-npm.sh
scripts/test/generated.sh
# The station window's types come from its Go by the Wails CLI: where it is
# installed (by make test or make station) the bindings are made again and
# the type check covers the window; without it, the type check covers the
# website alone and says so.
if [ -x "$(wails_cli_cached)" ]; then
  scripts/station/bindings.sh
else
  echo "station: no Wails CLI at $(wails_cli_cached): the station's Go bindings are not made again (make test makes and checks them)"
fi
scripts/test/docs.sh

logs=$(mktemp -d /tmp/lifetag-check.XXXXXX)
trap 'rm -rf "$logs"' EXIT

go_checks() {
  local module
  for module in pkg cloud station; do
    echo "== go vet, go test: $module"
    (cd "$module" && GOWORK=off go vet ./... && GOWORK=off go test -short ./...) || return 1
  done
}
frontend_checks() {
  echo "== frontend: lint, types, unit tests"
  cd frontend
  npm run --silent lint && npm run --silent typecheck && npm run --silent test
}

# Side by side, each into a log shown at the end: the frontend's unit tests
# mostly wait on jsdom and timers, which the Go builds fill.
status=0
go_checks >"$logs/go.log" 2>&1 &
go_pid=$!
frontend_checks >"$logs/frontend.log" 2>&1 &
frontend_pid=$!
wait "$go_pid" || status=1
wait "$frontend_pid" || status=1
cat "$logs/go.log" "$logs/frontend.log"
echo "== make check: $([ $status = 0 ] && echo passed || echo FAILED) in $SECONDS s"
exit $status
