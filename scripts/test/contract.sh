#!/usr/bin/env bash
# pkg/api/openapi.yaml, judged by two linters the project does not write:
# Redocly CLI's recommended ruleset (no errors, no warnings) and Spectral's
# OWASP API Security ruleset (no errors). Their settings and the reasons for
# every rule switched off are in pkg/api (redocly.yaml, spectral.yaml,
# .redocly.lint-ignore.yaml) and docs/development.md (The contract's linters).
set -euo pipefail
cd "$(dirname "$0")/../../pkg/api"
bin=../../frontend/node_modules/.bin
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

# Redocly passes with warnings; the contract must have none.
if ! out=$("$bin/redocly" lint openapi.yaml --config redocly.yaml --format stylish 2>&1) ||
  grep -q "You have [0-9]* warning" <<<"$out"; then
  grep -v -e '^ *[╔║╚]' <<<"$out" >&2
  echo "contract: Redocly finds problems in pkg/api/openapi.yaml (above)" >&2
  exit 1
fi

"$bin/spectral" lint openapi.yaml --ruleset spectral.yaml --fail-severity error --display-only-failures
echo "contract: Redocly (recommended) and Spectral (OWASP) find no errors"
