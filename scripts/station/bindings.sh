#!/usr/bin/env bash
# The station window's types of the bound Go structs: what Wails generates
# from station/app.go's bound() (`wails generate module`), written into
# frontend/src/wailsjs/ (station/wails.json's wailsjsdir; not committed).
# frontend/src/lib/platform/station.ts types every call to Go by them, so a
# Go method or field renamed on one side fails `npm run typecheck` on the
# other. make test runs this before the type check; make check only when
# the Wails CLI is installed (frontend/scripts/typecheck.sh).
#
# STATION_DIR (default station) generates from another copy of the station
# module, whose wails.json says where the result goes.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/station/tools.sh

station="${STATION_DIR:-station}"
wails="$(wails_cli)"
out="$(cd "$station" && realpath -m "$(sed -n 's/.*"wailsjsdir": *"\([^"]*\)".*/\1/p' wails.json)/wailsjs")"
rm -rf "$out"
log="$(mktemp)"
if ! (cd "$station" && "$wails" generate module -v 0 >"$log" 2>&1) || [ ! -f "$out/go/models.ts" ]; then
  cat "$log" >&2
  rm -f "$log"
  echo "station: wails generate module failed" >&2
  exit 1
fi
rm -f "$log"
# pkg/emergency's Record struct becomes a class named Record in the
# generated namespace, which hides TypeScript's own Record<K, V> that the
# same file uses for Go maps: name the global one.
sed -i 's/\([^.A-Za-z]\)Record</\1globalThis.Record</g' "$out/go/models.ts"
echo "station: Go bindings generated in ${out#"$PWD"/}"
