#!/usr/bin/env bash
# `make check`: the minute-to-minute loop, a few minutes on a warm machine.
# Lint, types, the generated-code check and the unit tests of Go and the
# frontend, with no service started: Go tests that need PostgreSQL, CUPS,
# Chromium or Wine skip here (make test runs them, strictly). Run it before
# each commit; run `make test` before a merge or a push.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
scripts/check-generated.sh

for module in pkg cloud station; do
  echo "== go vet, go test: $module"
  (cd "$module" && GOWORK=off go vet ./... && GOWORK=off go test ./...)
done

echo "== frontend: lint, types, unit tests"
cd frontend
npm run --silent lint
npm run --silent typecheck
npm run --silent test
