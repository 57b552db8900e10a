#!/usr/bin/env bash
# `npm run typecheck`. The station window (src/station/ and
# src/lib/platform/station.ts) is typed by the station's Go bindings in
# src/wailsjs/, which only the Wails CLI makes (../scripts/station/bindings.sh,
# not committed). With them, tsc checks the whole frontend; without them it
# checks the website alone (tsconfig.web.json) and says what it left out, so a
# clone without the Wails CLI can still check its types. make test makes the
# bindings first and, under LIFETAG_STRICT=1, fails without them.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -f src/wailsjs/go/models.ts ]; then
  exec tsc --noEmit
fi
if [ "${LIFETAG_STRICT:-}" = 1 ]; then
  echo "typecheck: the station's Go bindings (src/wailsjs/) are missing: run scripts/station/bindings.sh first" >&2
  exit 1
fi
tsc --noEmit -p tsconfig.web.json
echo "typecheck: the website only; the station window was NOT checked, for want of its Go bindings (scripts/station/bindings.sh makes them, installing the Wails CLI once)"
